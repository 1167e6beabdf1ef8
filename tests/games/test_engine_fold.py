"""The generic fold: determinism, prefix law, flagged deals, finished matches.

Uses a small game defined here ("first to 100, points entered per side") so the laws
are tested apart from any real game's rules.
"""

from dataclasses import dataclass
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, DealScore, Game, MatchState, RuleError, Table
from games.engine.errors import OptionsRejected, SetupRejected
from games.engine.game import advanced
from games.engine.inputs import FrozenModel


class RaceOptions(FrozenModel):
    target: int = 100


class RaceDeal(FrozenModel):
    mode: Literal["totals"] = "totals"
    points: tuple[int, int]


@dataclass(frozen=True, kw_only=True)
class RaceState(MatchState):
    biggest_deal: int = 0


class Race(Game):
    slug = "race"
    name = "Race"
    source = "tests"
    Options = RaceOptions
    deal_input = RaceDeal
    tables = ((0, 1), (0, 1, 0, 1))

    def initial_state(self, options, table):
        base = super().initial_state(options, table)
        return RaceState(**{f: getattr(base, f) for f in base.__dataclass_fields__})

    def verify_and_score(self, state, deal):
        errors = [
            RuleError(f"points.{i}", "negative", "points cannot be negative")
            for i, p in enumerate(deal.points)
            if p < 0
        ]
        # A context rule, so that a correction can invalidate a later deal.
        if max(deal.points) > 2 * state.options.target - max(state.totals):
            errors.append(RuleError("points", "too_many", "more than the race allows"))
        if errors:
            raise DealRejected(errors)
        return DealScore(points=deal.points)

    def advance(self, state, score):
        totals = tuple(t + p for t, p in zip(state.totals, score.points, strict=True))
        finished = max(totals) >= state.options.target
        winners = tuple(i for i, t in enumerate(totals) if t == max(totals))
        return advanced(
            state,
            score.points,
            finished=finished,
            winners=winners if finished else (),
            biggest_deal=max(state.biggest_deal, *score.points),
        )


RACE = Race()
deal_points = st.tuples(st.integers(0, 30), st.integers(0, 30))


def _deals(points):
    return [{"points": list(p)} for p in points]


def test_fold_adds_points_and_passes_the_deal_clockwise():
    folded = RACE.fold(_deals([(10, 0), (0, 5)]), table=Table((0, 1, 0, 1), 2))
    assert folded.totals == (10, 5)
    assert [d.totals for d in folded.deals] == [(10, 0), (10, 5)]
    assert folded.leaders == (0,)
    assert folded.next_deal.number == 3
    assert folded.next_deal.dealer == 0  # seat 2 dealt deal 1, seat 3 deal 2
    assert folded.state.biggest_deal == 10


def test_the_match_finishes_and_later_deals_are_flagged_not_counted():
    folded = RACE.fold(_deals([(60, 0), (50, 10), (5, 5)]))
    assert folded.finished
    assert folded.winners == (0,)
    assert folded.next_deal is None
    assert folded.deals[2].flagged
    assert folded.deals[2].errors[0].code == "match_finished"
    assert folded.totals == (110, 10)
    assert folded.needs_attention


def test_a_rejected_deal_inside_a_fold_is_kept_flagged_and_contributes_nothing():
    folded = RACE.fold(_deals([(10, 0), (-1, 3), (0, 4)]), numbers=[1, 2, 3])
    assert [d.flagged for d in folded.deals] == [False, True, False]
    assert folded.deals[1].errors[0].path == "points.0"
    assert folded.totals == (10, 4)
    assert folded.needs_attention


def test_shape_errors_name_the_field():
    with pytest.raises(DealRejected) as raised:
        RACE.score(RACE.start(), {"points": [1, "x"], "extra": 1})
    paths = {e.path for e in raised.value.errors}
    assert paths == {"points.1", "extra"}


def test_options_and_tables_are_checked():
    with pytest.raises(OptionsRejected) as raised:
        RACE.start({"target": "far"})
    assert raised.value.errors[0].path == "options.target"
    with pytest.raises(SetupRejected):
        RACE.start(table=Table((0, 0, 1)))
    with pytest.raises(SetupRejected):
        RACE.start(table=Table((0, 1), first_dealer=5))


@given(st.lists(deal_points, max_size=12), st.integers(0, 12))
def test_folding_a_prefix_then_the_rest_equals_folding_the_list(points, cut):
    deals = _deals(points)
    whole = RACE.fold(deals)
    prefix = RACE.fold(deals[:cut])
    continued = RACE.fold_from(prefix.state, deals[cut:], earlier=prefix.deals)
    assert continued.deals == whole.deals
    assert continued.state == whole.state
    assert continued.next_deal == whole.next_deal


@given(st.lists(deal_points, min_size=1, max_size=10), st.data())
def test_refolding_after_a_correction_equals_scoring_the_corrected_list(points, data):
    index = data.draw(st.integers(0, len(points) - 1))
    corrected = list(points)
    corrected[index] = data.draw(deal_points)
    RACE.fold(_deals(points))  # the match as first entered; the fold keeps no memory
    refolded = RACE.fold(_deals(corrected))
    scratch = Race().fold(_deals(corrected))
    assert refolded.deals == scratch.deals
    assert refolded.totals == scratch.totals


def test_a_correction_can_invalidate_a_later_deal_which_is_then_flagged():
    # Deal 2 scores 150 only while side 0 still has at most 50 (2 × 100 − 50).
    before = RACE.fold(_deals([(40, 0), (0, 150)]))
    assert not before.needs_attention
    after = RACE.fold(_deals([(60, 0), (0, 150)]))
    assert after.deals[1].flagged
    assert after.deals[1].errors[0].code == "too_many"
