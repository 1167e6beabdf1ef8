"""Correcting a finished (or abandoned) match: who may, what happens to the result.

A closed match is final for its table's scorers. A club admin, or an overseer named
by a function registered with ``match_overseer_register``, may still correct or
void a deal: the
correction is a revision like any other, the match is re-folded and stays closed
with the corrected result, unless a finished match is no longer decided (or a later
deal is flagged), when it is open again. The result-changed tasks hear of it.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import permissions, services
from scoring.errors import Conflict, NotAllowed
from scoring.models import DealRevision, DealStatus, MatchStatus, RevisionKind

pytestmark = pytest.mark.django_db


def submit(match, number, a, b, by):
    return services.deal_submit(
        match=match, number=number, input={"points": [a, b]}, by=by
    )


@pytest.fixture
def finished(match, people):
    """Sami wins 110–20 in three deals (target 100); the match is finished."""
    by = people.scorer.user
    submit(match, 1, 60, 10, by)
    submit(match, 2, 30, 10, by)
    submit(match, 3, 20, 0, by)
    services.match_finish(match=match, by=by)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.totals == [110, 20]
    return match


def correct(match, number, points, by, *, reason="miscounted"):
    deal = match.deals.get(number=number)
    return services.deal_correct(
        match=match,
        number=number,
        input={"points": points},
        base_version=deal.version,
        reason=reason,
        by=by,
    )


# Registered as an overseer by the overseer test below.
OVERSEER_USERNAMES: set[str] = set()


def overseer_for_tests(user, match) -> bool:
    return user.get_username() in OVERSEER_USERNAMES


def test_a_club_admin_corrects_a_finished_match_and_it_stays_finished(
    finished, people, django_capture_on_commit_callbacks
):
    """The corrected deal re-folds the totals; the match stays finished with its
    new result, the revision records who and why, and the result-changed
    notification is sent after commit."""
    version = finished.version
    with django_capture_on_commit_callbacks() as callbacks:
        deal = correct(finished, 2, [30, 40], people.admin.user, reason="swapped")
    finished.refresh_from_db()
    assert finished.status == MatchStatus.FINISHED
    assert finished.ended_at is not None
    assert finished.totals == [110, 50]
    assert finished.winners == [0]
    assert finished.version > version
    assert deal.status == DealStatus.COUNTED and deal.version == 2
    revision = DealRevision.objects.filter(deal=deal).order_by("-id").first()
    assert revision.kind == RevisionKind.CORRECTED
    assert revision.reason == "swapped"
    assert revision.by == people.admin.user
    assert revision.input == {"points": [30, 40]}
    assert len(callbacks) == 1  # result_change_notify


def test_the_tables_scorer_may_not_correct_a_closed_match(finished, people):
    """The scorer who kept the sheet gets 409 match_closed; a plain member 403;
    nothing changes."""
    with pytest.raises(Conflict) as exc:
        correct(finished, 1, [50, 10], people.scorer.user)
    assert exc.value.code == "match_closed"
    assert exc.value.extra["match"]["status"] == MatchStatus.FINISHED
    with pytest.raises(NotAllowed):
        correct(finished, 1, [50, 10], people.member.user)
    finished.refresh_from_db()
    assert finished.totals == [110, 20]
    assert not DealRevision.objects.filter(kind=RevisionKind.CORRECTED).exists()


def test_a_correction_that_undecides_the_match_opens_it_again(finished, people):
    """Deal 3 corrected from 20 to 0: Sami has 90 of 100, the match is no longer
    decided, so it is in progress again; the table plays on and finishes anew."""
    correct(finished, 3, [0, 0], people.admin.user)
    finished.refresh_from_db()
    assert finished.status == MatchStatus.IN_PROGRESS
    assert finished.ended_at is None
    assert finished.totals == [90, 20] and not finished.finished
    assert finished.next_deal["number"] == 4
    by = people.scorer.user
    submit(finished, 4, 10, 0, by)
    services.match_finish(match=finished, by=by)
    finished.refresh_from_db()
    assert finished.status == MatchStatus.FINISHED and finished.totals == [100, 20]


def test_a_correction_that_flags_a_later_deal_opens_the_match_again(match, people):
    """Deals 40, 5, 60 for Sami: finished at 105. Deal 1 corrected to 50 puts him
    at the threshold before deal 2, whose 5 points the rules now refuse: deal 2 is
    flagged, the match needs attention and is open again (110 would still win,
    but a finished book cannot hold a flagged deal)."""
    by = people.scorer.user
    submit(match, 1, 40, 0, by)
    submit(match, 2, 5, 0, by)
    submit(match, 3, 60, 0, by)
    services.match_finish(match=match, by=by)
    correct(match, 1, [50, 0], people.admin.user)
    match.refresh_from_db()
    assert match.deals.get(number=2).status == DealStatus.FLAGGED
    assert match.finished and match.needs_attention
    assert match.totals == [110, 0]
    assert match.status == MatchStatus.IN_PROGRESS


def test_a_void_of_a_finished_match_follows_the_same_rule(finished, people):
    """Voiding deal 1 (60 points) leaves Sami at 50: open again. A scorer may not."""
    deal = finished.deals.get(number=1)
    with pytest.raises(Conflict):
        services.deal_void(
            match=finished,
            number=1,
            base_version=deal.version,
            reason="x",
            by=people.scorer.user,
        )
    services.deal_void(
        match=finished,
        number=1,
        base_version=deal.version,
        reason="played twice",
        by=people.admin.user,
    )
    finished.refresh_from_db()
    assert finished.totals == [50, 10]
    assert finished.status == MatchStatus.IN_PROGRESS


def test_an_abandoned_match_stays_abandoned(match, people):
    """Correcting a deal of an abandoned match re-folds it; it stays abandoned."""
    submit(match, 1, 30, 10, people.scorer.user)
    services.match_abandon(match=match, reason="late", by=people.scorer.user)
    correct(match, 1, [35, 10], people.admin.user)
    match.refresh_from_db()
    assert match.status == MatchStatus.ABANDONED and match.totals == [35, 10]


def test_an_overseer_may_score_and_correct_a_closed_match(
    finished, people, monkeypatch
):
    """A member named by an overseer function (the tournaments name their
    directors) may correct the closed match; a non-member never, whatever the
    overseer says."""
    monkeypatch.setattr(permissions, "MATCH_OVERSEERS", [])
    permissions.match_overseer_register(overseer_for_tests)
    OVERSEER_USERNAMES.clear()
    assert not permissions.may_correct_closed(people.member.user, finished)
    OVERSEER_USERNAMES.update(
        {people.member.user.get_username(), people.outsider.get_username()}
    )
    try:
        assert permissions.may_score(people.member.user, finished)
        assert permissions.may_correct_closed(people.member.user, finished)
        assert not permissions.may_correct_closed(people.outsider, finished)
        correct(finished, 2, [30, 0], people.member.user)
    finally:
        OVERSEER_USERNAMES.clear()
    finished.refresh_from_db()
    assert finished.totals == [110, 10]


# -- the page and the API ----------------------------------------------------------


def test_the_sheet_offers_corrections_of_a_finished_match_to_admins_only(
    client, finished, people
):
    """Club admin: Correct links and a note on the closed sheet, the form posts;
    the scorer: no links, and the correction page answers 403."""
    sheet = reverse("scoring:sheet", args=[finished.pk])
    page = reverse("scoring:deal-correct", args=[finished.pk, 2])
    client.force_login(people.scorer.user)
    html = client.get(sheet).content.decode()
    assert 'aria-label="Correct deal 2"' not in html
    assert 'id="closed-correction"' not in html
    assert client.get(page).status_code == 403
    assert client.post(page, {"points": "30 40", "reason": "x"}).status_code == 403

    client.force_login(people.admin.user)
    html = client.get(sheet).content.decode()
    assert 'aria-label="Correct deal 2"' in html and 'id="closed-correction"' in html
    assert client.get(page).status_code == 200
    response = client.post(
        page, {"points": "30 40", "reason": "swapped", "base_version": 1}
    )
    assert response.status_code == 302
    finished.refresh_from_db()
    assert finished.totals == [110, 50] and finished.status == MatchStatus.FINISHED


def test_the_page_says_when_a_correction_opens_the_match_again(
    client, finished, people
):
    client.force_login(people.admin.user)
    response = client.post(
        reverse("scoring:deal-correct", args=[finished.pk, 3]),
        {"points": "0 0", "reason": "no points", "base_version": 1},
        follow=True,
    )
    assert "open again" in response.content.decode()
    finished.refresh_from_db()
    assert finished.status == MatchStatus.IN_PROGRESS


def test_the_api_corrects_a_finished_match_for_a_club_admin(
    api_client, finished, people
):
    """POST /matches/{id}/deals/{n}/correct: 200 for the admin (match still
    finished, new totals), 409 match_closed for the table's scorer."""
    url = reverse(
        "api:match-deal-correct", kwargs={"match_id": finished.pk, "number": 2}
    )
    body = {"input": {"points": [30, 40]}, "base_version": 1, "reason": "swapped"}
    api_client.force_authenticate(people.scorer.user)
    refused = api_client.post(url, body, format="json")
    assert refused.status_code == 409
    assert refused.json()["errors"][0]["code"] == "match_closed"
    api_client.force_authenticate(people.admin.user)
    done = api_client.post(url, body, format="json")
    assert done.status_code == 200, done.json()
    assert done.json()["match"]["status"] == "finished"
    assert done.json()["match"]["totals"] == [110, 50]
