"""Closing a tournament pays its prizes from the final standings, through the ledger.

Four players pay 10.00 EUR each; the pool of 40.00 EUR pays 60 % / 40 %. (Newer
standings generations re-settling as reversal + new entries are tested in
tests/money_service/test_payouts.py.)
"""

from decimal import Decimal

import pytest

from money import selectors as money_selectors
from money import services as money_services
from money.models import LedgerEntry
from tests.tournaments.conftest import play_round, side_entries
from tournaments import prizes, services

PLAYERS = ["Aino", "Eero", "Iida", "Olli"]


@pytest.fixture
def closed(club, director, django_capture_on_commit_callbacks):
    tournament = services.tournament_create(
        club=club,
        name="Kevätkisat",
        game="sleazy",
        options={"rounds": 2},
        format="round_robin",
        tiebreaks=["point_difference"],
        entry_fee="10.00",
        entry_fee_currency="EUR",
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament, names="\n".join(PLAYERS), by=director
    )
    strength = {e.pk: 4 - i for i, e in enumerate(entries)}  # Aino strongest
    money_services.prize_terms_set(
        tournament_id=tournament.pk,
        club=club,
        currency="EUR",
        structure={"kind": "percentages", "percentages": ["60", "40"]},
        entry_fee="10.00",
        entries=len(PLAYERS),
        by=director,
    )

    def deals(table):
        (a,), (b,) = side_entries(table)
        win = 25 * (strength[a] - strength[b])
        return [{"mode": "totals", "points": [max(win, 0), max(-win, 0)]}] * 2

    stage = tournament.stages.get()
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(3):
            play_round(
                services.round_generate(stage=stage, by=director), director, deals
            )
        services.tournament_close(tournament=tournament, by=director)
    tournament.refresh_from_db()
    return tournament, entries


def _prizes(director, tournament):
    sheet = money_selectors.tournament_sheet_get(director, tournament.pk)
    return {b["name"]: int(b["settled"]) for b in sheet["balances"]}  # in cents


def test_the_provider_gives_final_standings_only_once_closed(closed):
    tournament, _ = closed
    final = prizes.final_standings_get(tournament_id=tournament.pk)
    assert final is not None
    assert [s.name for s in final.standings] == PLAYERS
    assert [s.rank for s in final.standings] == [1, 2, 3, 4]
    assert final.entry_fee == Decimal("10.00")


def test_closing_pays_the_prizes_and_the_ledger_balances(closed, director):
    tournament, _ = closed
    paid = _prizes(director, tournament)
    # Each paid 10.00; first takes 24.00, second 16.00.
    assert paid["Aino"] == 1400
    assert paid["Eero"] == 600
    assert paid["Iida"] == -1000
    assert paid["Olli"] == -1000
    assert sum(paid.values()) == 0
    entries = LedgerEntry.objects.filter(
        source_kind="tournament", source_id=tournament.pk
    )
    assert entries.exists()


@pytest.fixture
def open_tournament(club, director):
    tournament = services.tournament_create(
        club=club,
        name="Syyskisat",
        game="sleazy",
        format="round_robin",
        entry_fee="5.00",
        entry_fee_currency="EUR",
        by=director,
    )
    services.entries_add(tournament=tournament, names="\n".join(PLAYERS), by=director)
    return tournament


def test_the_director_sets_the_payout_structure_through_the_api(
    api_client, director, open_tournament
):
    api_client.force_authenticate(director)
    url = f"/api/v1/tournaments/{open_tournament.pk}/prize-terms/"
    body = {
        "structure": {"kind": "percentages", "percentages": ["70", "30"]},
        "house_fee": {"percent": "10"},
    }
    response = api_client.put(url, body, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["structure"]["percentages"] == ["70", "30"]


@pytest.mark.parametrize(
    ("structure", "code"),
    [
        (
            {"kind": "percentages", "percentages": ["60", "30"]},
            "payout_percentages_sum",
        ),
        (
            {"kind": "percentages", "percentages": ["40", "30", "20", "5", "5"]},
            "more_places_than_entries",
        ),
    ],
)
def test_a_bad_payout_structure_is_a_400_naming_it_and_stores_nothing(
    api_client, director, open_tournament, structure, code
):
    from money.models import PrizeTerms

    api_client.force_authenticate(director)
    url = f"/api/v1/tournaments/{open_tournament.pk}/prize-terms/"
    response = api_client.put(url, {"structure": structure}, format="json")
    assert response.status_code == 400
    assert code in [e["code"] for e in response.json()["errors"]]
    assert not PrizeTerms.objects.filter(tournament_id=open_tournament.pk).exists()


def test_only_a_director_may_set_the_payout_structure(api_client, open_tournament):
    from django.contrib.auth import get_user_model

    stranger = get_user_model().objects.create_user("stranger", password="pw")
    api_client.force_authenticate(stranger)
    url = f"/api/v1/tournaments/{open_tournament.pk}/prize-terms/"
    body = {"structure": {"kind": "percentages", "percentages": ["100"]}}
    assert api_client.put(url, body, format="json").status_code in (403, 404)


def test_the_manage_page_sets_the_payout_structure(client, director, open_tournament):
    from money.models import PrizeTerms

    client.force_login(director)
    page = client.get(f"/tournaments/{open_tournament.pk}/manage/")
    assert page.status_code == 200
    assert b'value="prizes"' in page.content
    # The form posts to the money app's page (it sets the terms, then goes back).
    url = f"/tournaments/{open_tournament.pk}/prize-terms/"
    assert f'action="{url}"'.encode() in page.content
    response = client.post(
        url,
        {"action": "prizes", "percentages": "50, 30, 20", "house_fee_percent": "5"},
    )
    assert response.status_code == 302
    terms = PrizeTerms.objects.get(tournament_id=open_tournament.pk)
    assert terms.structure["percentages"] == ["50", "30", "20"]
    assert terms.house_fee == {"percent": "5"}


def test_only_a_director_sets_the_payout_structure_on_the_page(client, open_tournament):
    """The money page behind the manage form answers 404 to anyone else, and to an
    unknown tournament, storing nothing."""
    from django.contrib.auth import get_user_model

    from money.models import PrizeTerms

    stranger = get_user_model().objects.create_user("stranger", password="pw")
    client.force_login(stranger)
    body = {"percentages": "50, 50"}
    url = f"/tournaments/{open_tournament.pk}/prize-terms/"
    assert client.post(url, body).status_code == 404
    assert client.post("/tournaments/999999/prize-terms/", body).status_code == 404
    assert not PrizeTerms.objects.exists()
