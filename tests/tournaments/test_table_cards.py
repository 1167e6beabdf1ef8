"""Table cards and tournament tables' links: one card per table with the QR code of
its link and the seats; the link closes when the round is locked."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.errors import NotAllowed
from scoring.table_links import TableGuest
from tests.scoring.factories import UserFactory
from tournaments import services
from tournaments.models import Round, RoundStatus

pytestmark = pytest.mark.django_db

SLEAZY = {"mode": "totals", "points": [100, 25]}


@pytest.fixture
def started(club, director):
    tournament = services.tournament_create(
        club=club, name="Syysturnaus", game="sleazy", format="swiss", by=director
    )
    services.entries_add(tournament=tournament, names="Ann\nBob\nCid\nDee", by=director)
    round_ = services.round_generate(stage=tournament.stages.get(), by=director)
    return tournament, services.round_start(round=round_, by=director)


def cards_url(tournament, round_):
    return reverse(
        "tournaments:table-cards",
        kwargs={"tournament_id": tournament.pk, "round_id": round_.pk},
    )


def test_the_director_prints_one_card_per_table(client, director, started):
    tournament, round_ = started
    client.force_login(director)
    page = client.get(cards_url(tournament, round_))
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count("data-table-card") == 2
    assert html.count('src="data:image/svg+xml') == 2
    for table in round_.tables.select_related("match"):
        token = scoring_selectors.table_link_get(table.match)
        assert reverse("scoring:table", kwargs={"token": token}) in html
        assert f"Table {table.number}" in html
    for name in ("Ann", "Bob", "Cid", "Dee"):
        assert name in html
    assert "round 1" in html


def test_only_directors_print_cards(client, started):
    tournament, round_ = started
    client.force_login(UserFactory())
    assert client.get(cards_url(tournament, round_)).status_code == 404


def test_a_table_link_closes_with_its_round(director, started):
    tournament, round_ = started
    table = round_.tables.select_related("match").first()
    token = scoring_selectors.table_link_get(table.match)
    url = reverse("scoring:table", kwargs={"token": token})
    assert Client().get(url).status_code == 200
    # The round's state alone closes it, the match still open.
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.LOCKED)
    assert Client().get(url).status_code == 410
    with pytest.raises(NotAllowed):
        scoring_services.deal_submit(
            match=table.match, number=1, input=SLEAZY, by=TableGuest(table.match.pk, 0)
        )
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.STARTED)
    guest = TableGuest(table.match.pk, 0)
    for number in range(1, 5):
        scoring_services.deal_submit(
            match=table.match, number=number, input=SLEAZY, by=guest
        )
    # Every table decided, the round locked (the matches are finished first).
    for other in round_.tables.select_related("match"):
        other.match.refresh_from_db()
        while not other.match.finished:
            scoring_services.deal_submit(
                match=other.match,
                number=other.match.next_deal["number"],
                input=SLEAZY,
                by=director,
            )
            other.match.refresh_from_db()
        scoring_services.match_finish(match=other.match, by=director)
    services.round_lock(round=round_, by=director)
    assert Client().get(url).status_code == 410
    page = Client()
    page.force_login(director)
    html = page.get(cards_url(tournament, round_)).content.decode()
    assert "data:image/svg+xml" not in html and "its play is over" in html
