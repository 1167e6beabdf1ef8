"""The sheet's one-tap undo of the last deal (issue 19 item 1): a ``<details>``
step on the last deal still standing opens a form with a default reason; posting it
voids the deal through ``services.deal_void`` (kept in history). Only for those
who may void; never for a table link's guests."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors, services
from scoring.models import DealRevision, DealStatus, RevisionKind
from scoring.views.matches import UNDO_REASON

pytestmark = pytest.mark.django_db


def submit(match, number, a, b, by):
    return services.deal_submit(
        match=match, number=number, input={"points": [a, b]}, by=by
    )


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def undo_rows(html: str) -> list[int]:
    """The deal numbers whose row holds the undo step."""
    rows = re.findall(r'<tr class="[^"]*" data-deal="(\d+)">(.*?)</tr>', html, re.S)
    return [int(number) for number, body in rows if 'class="undo-open"' in body]


def void_url(match, number: int) -> str:
    return reverse("scoring:deal-void", kwargs={"match_id": match.pk, "number": number})


def sheet(match, client: Client) -> str:
    page = client.get(reverse("scoring:sheet", kwargs={"match_id": match.pk}))
    assert page.status_code == 200
    return page.content.decode()


def test_the_undo_step_sits_on_the_last_deal_only(match, people):
    by = people.scorer.user
    submit(match, 1, 10, 5, by)
    submit(match, 2, 20, 5, by)
    html = sheet(match, logged_in(by))
    assert undo_rows(html) == [2]
    assert f'value="{UNDO_REASON}"' in html
    assert f'action="{void_url(match, 2)}"' in html
    assert html.count('id="undo"') == 1


def test_no_undo_step_without_deals(match, people):
    html = sheet(match, logged_in(people.scorer.user))
    assert undo_rows(html) == []
    assert 'id="undo"' not in html


def test_after_a_void_the_undo_step_moves_to_the_deal_before(match, people):
    """A voided deal stays on the sheet; the undo step is on the last deal still
    standing."""
    by = people.scorer.user
    submit(match, 1, 10, 5, by)
    submit(match, 2, 20, 5, by)
    deal = match.deals.get(number=2)
    services.deal_void(
        match=match, number=2, base_version=deal.version, reason="x", by=by
    )
    html = sheet(match, logged_in(by))
    assert undo_rows(html) == [1]
    assert f'action="{void_url(match, 1)}"' in html
    assert 'data-deal="2"' in html  # still on the sheet, voided


def test_confirming_voids_the_last_deal_and_keeps_it_in_history(match, people):
    by = people.scorer.user
    submit(match, 1, 10, 5, by)
    submit(match, 2, 20, 5, by)
    deal = match.deals.get(number=2)
    answer = logged_in(by).post(
        void_url(match, 2),
        {"reason": UNDO_REASON, "base_version": deal.version, "back": "sheet"},
    )
    assert answer.status_code == 302
    assert answer.url == reverse("scoring:sheet", kwargs={"match_id": match.pk})
    deal.refresh_from_db()
    match.refresh_from_db()
    assert deal.status == DealStatus.VOIDED
    assert match.totals == [10, 5]
    revision = DealRevision.objects.filter(deal=deal).order_by("-id").first()
    assert revision.kind == RevisionKind.VOIDED
    assert revision.reason == UNDO_REASON
    assert revision.by == by


def test_a_stale_undo_is_refused_back_on_the_sheet(match, people):
    """Someone corrected the deal since the sheet was read: the void is refused
    (the version check), the deal stands, and the scorer is back on the sheet."""
    by = people.scorer.user
    submit(match, 1, 10, 5, by)
    stale = match.deals.get(number=1).version
    services.deal_correct(
        match=match,
        number=1,
        input={"points": [11, 5]},
        base_version=stale,
        reason="miscounted",
        by=by,
    )
    client = logged_in(by)
    answer = client.post(
        void_url(match, 1),
        {"reason": UNDO_REASON, "base_version": stale, "back": "sheet"},
    )
    assert answer.url == reverse("scoring:sheet", kwargs={"match_id": match.pk})
    assert match.deals.get(number=1).status == DealStatus.COUNTED
    html = client.get(answer.url).content.decode()
    assert 'class="error"' in html


def test_an_empty_reason_is_refused_back_on_the_sheet(match, people):
    by = people.scorer.user
    submit(match, 1, 10, 5, by)
    deal = match.deals.get(number=1)
    answer = logged_in(by).post(
        void_url(match, 1),
        {"reason": "", "base_version": deal.version, "back": "sheet"},
    )
    assert answer.url == reverse("scoring:sheet", kwargs={"match_id": match.pk})
    assert match.deals.get(number=1).status == DealStatus.COUNTED


def test_a_member_who_may_not_void_sees_no_undo_and_is_refused(match, people):
    submit(match, 1, 10, 5, people.scorer.user)
    client = logged_in(people.member.user)
    html = sheet(match, client)
    assert undo_rows(html) == [] and 'id="undo"' not in html
    deal = match.deals.get(number=1)
    answer = client.post(
        void_url(match, 1),
        {"reason": UNDO_REASON, "base_version": deal.version, "back": "sheet"},
    )
    assert answer.status_code == 403
    assert match.deals.get(number=1).status == DealStatus.COUNTED


def test_a_table_link_guest_sees_no_undo(match, people):
    """Guests enter and confirm; they never correct or void (``may_correct``)."""
    submit(match, 1, 10, 5, people.scorer.user)
    token = selectors.table_link_get(match)
    page = Client().get(reverse("scoring:table", kwargs={"token": token}) + "?seat=0")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-deal="1"' in html
    assert undo_rows(html) == []
    assert "deal-void" not in html and "/void/" not in html


def test_a_club_admin_may_undo_on_a_finished_match_its_scorer_may_not(match, people):
    """Closed matches: as for any void, club admins only (the result follows)."""
    by = people.scorer.user
    submit(match, 1, 60, 10, by)
    submit(match, 2, 50, 10, by)
    services.match_finish(match=match, by=by)
    assert undo_rows(sheet(match, logged_in(by))) == []
    assert undo_rows(sheet(match, logged_in(people.admin.user))) == [2]
