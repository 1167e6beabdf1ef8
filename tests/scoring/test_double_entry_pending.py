"""Double entry is never confirmed blind: the sheet shows the pending deal as it
will count (its points and running totals, marked as not counted yet, and who
entered it), offers Confirm only to the other side (not to the seat or account that
entered it, nor its partner), and offers no next deal while one is pending (it says
why). A deal entered through a table link without a seat before seats were
required is confirmed by any seat of the table."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors, services
from scoring.errors import NotAllowed
from scoring.models import DealRevision, DealStatus
from scoring.table_links import TableGuest
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(club, people):
    """Sami & Mervi (side 0) against Olli & Aino (side 1), double entry."""
    return race_match(
        club,
        people.scorer.user,
        [people.scorer, people.opponent, people.member, people.admin],
        double_entry=True,
    )


def table_page(match, seat: int | None) -> str:
    url = reverse("scoring:table", kwargs={"token": selectors.table_link_get(match)})
    return Client().get(url if seat is None else f"{url}?seat={seat}").content.decode()


def row_cells(html: str, number: int) -> list[str]:
    row = re.search(rf'<tr class="([^"]*)" data-deal="{number}">(.*?)</tr>', html, re.S)
    assert row is not None
    return [
        row.group(1),
        *re.findall(r'<td class="(?:deal-points|total)">(-?\d+)<', row.group(2)),
    ]


def test_the_other_side_sees_the_pending_deal_in_full(four):
    services.deal_submit(
        match=four, number=1, input={"points": [12, 5]}, by=TableGuest(four.pk, 0)
    )
    other = table_page(four, 1)
    # The row as it will count (points, running totals), marked as a preview...
    assert row_cells(other, 1) == ["pending preview", "12", "12", "5", "5"]
    # ... and not in the totals yet.
    assert re.findall(r'data-side="\d">(\d+)<', other) == ["0", "0"]
    assert (
        "waits for confirmation." in other
        and 'id="pending-by">Entered by Sami' in other
    )
    assert 'id="confirm-deal"' in other
    for seat, why in (
        (0, "You entered it"),
        (2, "Your side entered it"),
        (None, "Tap your name above"),
    ):
        html = table_page(four, seat)
        assert 'id="confirm-deal"' not in html and why in html
        assert row_cells(html, 1)[1:] == ["12", "12", "5", "5"]


def test_confirm_is_offered_to_the_other_sides_accounts_only(client, people, four):
    services.deal_submit(
        match=four, number=1, input={"points": [12, 5]}, by=people.scorer.user
    )
    url = reverse("scoring:sheet", kwargs={"match_id": four.pk})
    seen = {}
    for who in ("scorer", "member", "opponent", "admin"):
        client.force_login(getattr(people, who).user)
        seen[who] = 'id="confirm-deal"' in client.get(url).content.decode()
    assert seen == {"scorer": False, "member": False, "opponent": True, "admin": True}


def test_no_next_deal_while_one_is_pending(client, people, four):
    services.deal_submit(
        match=four, number=1, input={"points": [12, 5]}, by=people.scorer.user
    )
    client.force_login(people.scorer.user)
    sheet = client.get(reverse("scoring:sheet", kwargs={"match_id": four.pk}))
    html = sheet.content.decode()
    assert 'id="enter-deal"' not in html
    assert "Deal 1 waits for the other side to confirm it" in html
    # The form is not offered to the side that entered it either: it says why.
    new = reverse("scoring:deal-new", kwargs={"match_id": four.pk})
    answer = client.get(new, follow=True)
    assert answer.redirect_chain[-1][0].endswith(f"/matches/{four.pk}/")
    assert "Deal 1 waits for a player of the other side" in answer.content.decode()
    # The other side (Aino, a club admin) may still enter it again (which
    # confirms it).
    client.force_login(people.admin.user)
    assert client.get(new).status_code == 200


def test_a_seatless_entry_of_old_is_confirmed_by_any_seat(four):
    deal = services.deal_submit(
        match=four, number=1, input={"points": [12, 5]}, by=TableGuest(four.pk, 1)
    )
    # As stored before the services required a seat: no seat on the entry.
    DealRevision.objects.filter(deal=deal).update(seat=None)
    assert 'id="confirm-deal"' in table_page(four, 1)
    confirmed = services.deal_confirm(
        match=four, number=1, base_version=1, by=TableGuest(four.pk, 1)
    )
    assert confirmed.status == DealStatus.COUNTED


def test_a_partner_of_the_enterer_may_not_confirm(four):
    services.deal_submit(
        match=four, number=1, input={"points": [12, 5]}, by=TableGuest(four.pk, 0)
    )
    with pytest.raises(NotAllowed) as caught:
        services.deal_confirm(
            match=four, number=1, base_version=1, by=TableGuest(four.pk, 2)
        )
    assert caught.value.code == "same_side"
