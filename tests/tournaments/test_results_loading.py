"""Loading results from the score book (what ``stage_results`` hands the ranking)
and writing the standings snapshot.

Rows are inserted directly (as the standings bench does) so that every shape the
loader must read is covered: a win, a draw (no winner), a table of three sides, a
partnership whose slots were stored out of order, a decimal total, missing totals,
an unfinished and an abandoned match, a table without a match, scoring and
non-scoring byes, deals won, and two stages of one tournament.
"""

import gc
import json
from fractions import Fraction

import pytest
from django.utils import timezone

from games.engine import get_game
from games.models import CatalogueEntry
from scoring.models import Deal, DealStatus, Match, MatchStatus
from tournaments import selectors, services
from tournaments.models import (
    Entry,
    Round,
    Stage,
    Standings,
    Table,
    TableSide,
    Tournament,
)
from tournaments.ranking import MatchResult, RankingConfig, ResultType

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club):
    game = get_game("sleazy")
    CatalogueEntry.objects.get_or_create(
        slug=game.slug,
        defaults={
            "name": game.name,
            "source": game.source,
            "summary": game.summary,
            "synced_at": timezone.now(),
        },
    )
    tournament = Tournament.objects.create(club=club, name="Load", game="sleazy")
    entries = {
        name: Entry.objects.create(tournament=tournament, name=name, seed=i + 1).pk
        for i, name in enumerate("ABCDEFGH")
    }
    swiss = Stage.objects.create(
        tournament=tournament, name="Swiss", format="swiss", order=1
    )
    final = Stage.objects.create(
        tournament=tournament, name="Final", format="swiss", order=2
    )

    def match(totals, winners, status=MatchStatus.FINISHED):
        return Match.objects.create(
            club=club, game_id="sleazy", status=status, totals=totals, winners=winners
        )

    def table(round_, number, match_, *sides):
        """``sides``: per side a list of (slot, entry name), stored in that order."""
        # The line-up is what the services store beside the TableSides.
        lineup = [[entries[name] for _slot, name in sorted(seats)] for seats in sides]
        table_ = Table.objects.create(
            round=round_, number=number, match=match_, lineup=lineup
        )
        for side, seats in enumerate(sides):
            for slot, name in seats:
                TableSide.objects.create(
                    table=table_, side=side, slot=slot, entry_id=entries[name]
                )
        return table_

    one = Round.objects.create(
        stage=swiss,
        number=1,
        explanation={
            "byes": [
                {"entry": entries["G"], "scores": True, "reasons": []},
                {"entry": entries["H"], "scores": False, "reasons": []},
            ],
            "tables": [{"table": 1, "reasons": ["a long explanation"] * 50}],
        },
    )
    table(one, 1, match([120, 80], [0]), [(0, "A")], [(0, "B")])
    table(one, 2, match([50, 50], []), [(0, "C")], [(0, "D")])
    table(one, 3, match([10, 0], [0], MatchStatus.IN_PROGRESS), [(0, "E")], [(0, "F")])
    table(one, 4, None, [(0, "G")], [(0, "H")])
    two = Round.objects.create(stage=swiss, number=2)
    table(two, 1, match([10, 30, 20], [1]), [(0, "A")], [(0, "C")], [(0, "E")])
    pairs = match([3, 7], [1])
    # Slot 1 stored before slot 0: the side must still read D, B.
    table(two, 2, pairs, [(1, "B"), (0, "D")], [(0, "F"), (1, "G")])
    for number, points, status in [
        (1, [1, 0], DealStatus.COUNTED),
        (2, [0, 2], DealStatus.COUNTED),
        (3, [0, 1], DealStatus.COUNTED),
        (4, [1, 1], DealStatus.COUNTED),  # level: nobody won it
        (5, [5, 0], DealStatus.VOIDED),
    ]:
        Deal.objects.create(
            match=pairs,
            number=number,
            input={},
            result={"points": points},
            status=status,
        )
    three = Round.objects.create(stage=swiss, number=3, explanation={})
    table(three, 1, match([2.5, 1], [0]), [(0, "A")], [(0, "D")])
    table(three, 2, match([], []), [(0, "B")], [(0, "C")])
    table(three, 3, match([9, 9], [0], MatchStatus.ABANDONED), [(0, "E")], [(0, "G")])
    final_round = Round.objects.create(stage=final, number=1)
    table(final_round, 1, match([1, 2], [1]), [(0, "A")], [(0, "B")])
    return swiss, final, entries


def by_round(results):
    return sorted(results, key=lambda r: (r.round, r.result_type, repr(r.sides)))


def test_stage_results_reads_every_shape(event):
    """Each finished table becomes one result (sides in side order, partners in
    slot order, totals exact, two-sided placements from the engine's winners), a
    scoring bye one bye, and nothing else counts; stages stay apart."""
    swiss, final, e = event
    config = RankingConfig(metrics=("match_points",))
    results = selectors.stage_result_list([swiss, final], config)
    a, b, c, d, ee, f, g = (e[n] for n in "ABCDEFG")
    assert by_round(results[swiss.pk]) == by_round(
        [
            MatchResult(1, ((a,), (b,)), (120, 80), placements=(1, 2)),
            MatchResult(1, ((c,), (d,)), (50, 50), placements=(1, 1)),
            MatchResult(1, ((g,),), result_type=ResultType.BYE),
            MatchResult(2, ((a,), (c,), (ee,)), (10, 30, 20)),
            MatchResult(2, ((d, b), (f, g)), (3, 7), placements=(2, 1)),
            MatchResult(3, ((a,), (d,)), (Fraction(5, 2), 1), placements=(1, 2)),
            MatchResult(3, ((b,), (c,)), (0, 0), placements=(1, 1)),
        ]
    )
    assert results[final.pk] == [
        MatchResult(1, ((a,), (b,)), (1, 2), placements=(2, 1))
    ]
    # Whole totals are ints, a decimal one an exact Fraction (never a float).
    assert all(
        type(p) in (int, Fraction) for r in results[swiss.pk] for p in r.game_points
    )
    assert type(results[swiss.pk][0].game_points[0]) is int


def test_deals_won_are_loaded_only_when_ranked(event):
    """Deals won count the counted deals a side won outright (a level deal and a
    voided deal count for nobody), and are read only when a metric needs them."""
    swiss, _final, _entries = event
    plain = selectors.stage_result_list(
        [swiss], RankingConfig(metrics=("match_points",))
    )
    assert all(r.deals_won == () for r in plain[swiss.pk])
    config = RankingConfig(metrics=("match_points", "deals_won"))
    loaded = selectors.stage_result_list([swiss], config)[swiss.pk]
    (pairs,) = [r for r in loaded if len(r.sides[0]) == 2]
    assert pairs.deals_won == (1, 2)
    # Nobody won a deal of the other tables (no deals were entered there).
    assert all(sum(r.deals_won) == 0 for r in loaded if r is not pairs)


def test_deals_won_follow_the_games_own_deal_winners(event, monkeypatch):
    """Who won a deal is the game's declaration (``Game.deal_winners``), read
    with the deal's stored detail where the game overrides it: here a made-up
    rule "the side that scored least wins" turns the pairs' deals round."""
    swiss, _final, _entries = event
    seen = []

    def least_wins(self, points, detail=None):
        seen.append(detail)
        low = min(points)
        winners = tuple(i for i, p in enumerate(points) if p == low)
        return winners if len(winners) == 1 else ()

    monkeypatch.setattr(type(get_game("sleazy")), "deal_winners", least_wins)
    for deal in Deal.objects.all():
        deal.result = {**deal.result, "detail": {"deal": deal.number}}
        deal.save(update_fields=["result"])
    config = RankingConfig(metrics=("match_points", "deals_won"))
    loaded = selectors.stage_result_list([swiss], config)[swiss.pk]
    (pairs,) = [r for r in loaded if len(r.sides[0]) == 2]
    assert pairs.deals_won == (2, 1)
    # Each counted deal's stored detail was handed over; the voided deal never.
    assert sorted(d["deal"] for d in seen) == [1, 2, 3, 4]


def test_no_stages_no_results():
    """An empty list of stages reads nothing."""
    assert selectors.stage_result_list([], RankingConfig()) == {}


def test_snapshot_stores_the_standings_data_as_plain_json(event):
    """The recompute writes ``standings_data`` as it is: plain JSON values, an
    exact non-whole value as its fraction string (A: 40 - 15 + 3/2 = 53/2)."""
    swiss, _final, e = event
    tournament = swiss.tournament
    tournament.tiebreaks = ["match_points", "point_difference"]
    tournament.save()
    generation = services.standings_bump(tournament_id=tournament.pk)
    assert services.standings_recompute(
        tournament_id=tournament.pk, generation=generation
    )
    stored = Standings.objects.get(tournament=tournament).stages
    assert stored == selectors.standings_data_get(tournament)
    assert json.loads(json.dumps(stored)) == stored
    rows = {row["entry"]: row for row in stored[0]["rows"]}
    assert rows[e["A"]]["values"] == {"match_points": 4, "point_difference": "53/2"}


def test_loading_leaves_no_reference_cycles(event):
    """Loading frees what it read by reference counting alone: nothing is left
    for the cyclic collector (a caught FieldError's traceback once kept every
    loaded result alive until a 30 ms collection; see selectors._json_key)."""
    swiss, final, _entries = event
    config = RankingConfig(metrics=("match_points", "deals_won"))
    selectors.stage_result_list([swiss, final], config)  # warm Django's caches
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        selectors.stage_result_list([swiss, final], config)
        selectors.standings_snapshot_get(swiss.tournament)
        gc.collect()
        cycles = list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert cycles == []
