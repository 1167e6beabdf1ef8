"""Per-seat points in the engine: ``DealScore.seat_points``, the running
``seat_totals`` and a game's ``individual_scoring`` declaration.

Uses a small game defined here ("side points and a solo bonus per seat") so the
mechanism is tested apart from Klubiskruuvi's rules.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    DealScore,
    Game,
    IndividualScoring,
    MatchState,
    Table,
)
from games.engine.game import advanced
from games.engine.inputs import FrozenModel
from games.engine.serialize import folded_to_json


class SoloOptions(FrozenModel):
    deals: int = 3


class SoloDeal(FrozenModel):
    points: tuple[int, int] = (0, 0)
    solo: tuple[int, int, int, int] | None = None


class Solo(Game):
    slug = "solo-test"
    name = "Solo"
    source = "tests"
    Options = SoloOptions
    deal_input = SoloDeal
    tables = ((0, 1, 0, 1),)
    individual_scoring = IndividualScoring(team_multiplier=3)

    def verify_and_score(self, state, deal):
        return DealScore(points=deal.points, seat_points=deal.solo or ())

    def advance(self, state: MatchState, score: DealScore) -> MatchState:
        done = state.deal_number >= state.options.deals
        return advanced(
            state, score.points, seat_points=score.seat_points, finished=done
        )


class SidesOnly(Solo):
    slug = "sides-only-test"
    individual_scoring = None


SOLO = Solo()
deal = st.builds(
    lambda p, s: {"points": list(p), "solo": list(s) if s else None},
    st.tuples(st.integers(-50, 50), st.integers(-50, 50)),
    st.none() | st.tuples(*[st.integers(-30, 30)] * 4),
)


def test_seat_points_add_up_per_seat_and_records_carry_them():
    """A deal's seat points add to the seats' running totals, beside the sides'."""
    folded = SOLO.fold(
        [
            {"points": [10, 0]},
            {"solo": [-9, 3, 3, 3]},
            {"points": [0, 4], "solo": [1, 1, 1, -3]},
        ]
    )
    assert folded.totals == (10, 4)
    assert [d.seat_totals for d in folded.deals] == [
        (),
        (-9, 3, 3, 3),
        (-8, 4, 4, 0),
    ]
    assert folded.seat_totals == (-8, 4, 4, 0)


def test_individual_totals_are_multiplier_times_side_plus_own_seat():
    """IndividualScoring(team_multiplier=3): 3 × side total + the seat's total."""
    folded = SOLO.fold([{"points": [10, 0]}, {"solo": [-9, 3, 3, 3]}])
    assert folded.individual_totals == (30 - 9, 3, 30 + 3, 3)
    before_any = SOLO.fold([{"points": [2, 5]}])
    assert before_any.individual_totals == (6, 15, 6, 15)
    state = before_any.state
    assert SOLO.individual_scoring.totals(state) == (6, 15, 6, 15)


def test_games_without_the_declaration_have_no_individual_totals():
    folded = SidesOnly().fold([{"points": [1, 2], "solo": [1, 0, 0, -1]}])
    assert folded.individual_totals == ()
    assert folded.seat_totals == (1, 0, 0, -1)


def test_seat_points_are_serialised():
    data = folded_to_json(
        SOLO.fold(
            [{"points": [10, 0], "solo": [5, -5, 0, 0]}], table=Table((0, 1, 0, 1))
        )
    )
    assert data["seat_totals"] == [5, -5, 0, 0]
    assert data["individual_totals"] == [35, -5, 30, 0]
    assert data["deals"][0]["seat_totals"] == [5, -5, 0, 0]
    assert data["deals"][0]["score"]["seat_points"] == [5, -5, 0, 0]
    assert data["state"]["seat_totals"] == [5, -5, 0, 0]


@given(st.lists(deal, max_size=3), st.integers(0, 3))
def test_folding_a_prefix_then_the_rest_keeps_the_seat_totals(raws, cut):
    whole = SOLO.fold(raws)
    prefix = SOLO.fold(raws[:cut])
    rest = SOLO.fold_from(prefix.state, raws[cut:], earlier=prefix.deals)
    assert rest == whole
    solos = [r["solo"] for r in raws if r["solo"]]
    expected = tuple(sum(s[i] for s in solos) for i in range(4)) if solos else ()
    assert whole.seat_totals == expected
