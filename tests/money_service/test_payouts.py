"""Tournament prize payouts into the ledger, by standings generation."""

from __future__ import annotations

from decimal import Decimal

import pytest

from config.api import DomainError
from money import selectors as money_selectors
from money import services as money_services
from money import tasks as money_tasks
from money.models import LedgerEntry
from money.services import PrizeInput, PrizeStanding

TOURNAMENT = 4242
FINAL: dict[int, PrizeInput] = {}


def provider(*, tournament_id):
    """A stand-in for the tournaments app's final-standings selector."""
    return FINAL.get(tournament_id)


def prize(club, people, ranks, generation):
    players = [people.anna, people.ben, people.cai, people.dan]
    return PrizeInput(
        tournament_id=TOURNAMENT,
        club_id=club.pk,
        name="Kortti Cup",
        entry_fee=Decimal("10.00"),
        currency="EUR",
        standings=tuple(
            PrizeStanding(i + 1, p.display_name, r, (p.pk,))
            for i, (p, r) in enumerate(zip(players, ranks, strict=True))
        ),
        generation=generation,
    )


@pytest.fixture
def terms(club, people):
    return money_services.prize_terms_set(
        tournament_id=TOURNAMENT,
        club=club,
        currency="EUR",
        structure={"kind": "percentages", "percentages": ["50", "30", "20"]},
        house_fee={"percent": "10"},
        by=people.admin.user,
    )


def test_payouts_ties_share_and_a_late_correction_is_reversal_plus_new(
    club, people, terms, monkeypatch
):
    monkeypatch.setattr("money.services.prizes.final_standings_get", provider)
    FINAL[TOURNAMENT] = prize(club, people, [1, 2, 2, 4], generation=1)
    assert money_tasks.tournament_prizes_settle.delay(TOURNAMENT).get() == "settled"
    sheet = money_selectors.tournament_sheet_get(people.member.user, TOURNAMENT)
    settled = {b["name"]: b["settled"] for b in sheet["balances"]}
    # Pool 40.00, house 4.00, fund 36.00: 18.00 / (10.80 + 7.20) / 2 each.
    assert settled == {
        "Anna": 800,
        "Ben": -100,
        "Cai": -100,
        "Dan": -1000,
        "the house": 400,
    }
    assert sheet["total"] == 0
    count = LedgerEntry.objects.count()
    assert money_tasks.tournament_prizes_settle.delay(TOURNAMENT).get() == "settled"
    assert LedgerEntry.objects.count() == count

    # A late correction: Ben alone second, Cai third (generation 2).
    FINAL[TOURNAMENT] = prize(club, people, [1, 2, 3, 4], generation=2)
    money_tasks.tournament_prizes_settle.delay(TOURNAMENT).get()
    sheet = money_selectors.tournament_sheet_get(people.member.user, TOURNAMENT)
    settled = {b["name"]: b["settled"] for b in sheet["balances"]}
    assert (settled["Ben"], settled["Cai"]) == (80, -280)
    assert LedgerEntry.objects.filter(reverses__isnull=False).count() == 2
    assert LedgerEntry.objects.count() == count + 4

    # A stale run of generation 1 arriving late changes nothing.
    money_services.tournament_payouts_settle(
        prize=prize(club, people, [1, 2, 2, 4], generation=1)
    )
    assert LedgerEntry.objects.count() == count + 4
    FINAL.clear()


@pytest.mark.parametrize(
    ("structure", "code"),
    [
        (
            {"kind": "percentages", "percentages": ["50", "30", "10"]},
            "payout_percentages_sum",
        ),
        (
            {"kind": "percentages", "percentages": ["110", "-10"]},
            "non_positive_percentage",
        ),
        ({"kind": "podium"}, "invalid_structure"),
    ],
)
def test_a_bad_structure_is_refused(club, people, structure, code):
    with pytest.raises(DomainError) as err:
        money_services.prize_terms_set(
            tournament_id=1,
            club=club,
            currency="EUR",
            structure=structure,
            by=people.admin.user,
        )
    assert err.value.code == code


def test_more_places_than_entries_is_refused(club, people):
    with pytest.raises(DomainError) as err:
        money_services.prize_terms_set(
            tournament_id=1,
            club=club,
            currency="EUR",
            structure={"kind": "percentages", "percentages": ["50", "30", "20"]},
            entry_fee="10.00",
            entries=2,
            by=people.admin.user,
        )
    assert err.value.code == "more_places_than_entries"
