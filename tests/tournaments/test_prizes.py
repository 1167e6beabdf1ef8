"""Closing a tournament pays its prizes from the final standings, through the ledger.

Four players pay 10.00 EUR each; the pool of 40.00 EUR pays 60 % / 40 %. (Newer
standings generations re-settling as reversal + new entries are tested in
tests/money_service/test_payouts.py.)
"""

from decimal import Decimal

import pytest

from scoring import money_selectors, money_services
from scoring.ledger_models import LedgerEntry
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
    sheet = money_selectors.tournament_sheet(director, tournament.pk)
    return {b["name"]: int(b["settled"]) for b in sheet["balances"]}  # in cents


def test_the_provider_gives_final_standings_only_once_closed(closed):
    tournament, _ = closed
    final = prizes.prize_input(tournament.pk)
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
