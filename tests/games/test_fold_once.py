"""Fold once (issue 12 item 6): for every registered game, on random matches drawn
from the game's strategy in ``tests/games/strategies/``,

* folding a prefix and then ``Game.fold_from(state, rest)`` equals folding the whole
  list from scratch — same records, totals, state, next deal, leaders;
* correcting deal *k* and re-folding from the state before *k* equals scoring the
  corrected list from scratch.

This is what lets a deal submit fold only the new deal onto the stored state, and a
correction re-fold from the corrected deal on. A registered game without a strategy
fails here: adding a game means adding ``tests/games/strategies/<module>.py``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import Game, all_games, get_game
from tests.games.strategies import STRATEGIES, MatchCase, match_cases

# The games the project ships (test-only games that other test modules register, such
# as the score book's race game, are not part of the catalogue).
SLUGS = [
    game.slug
    for game in all_games()
    if type(game).__module__.startswith("games.rules.")
]
FOLD_SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_registered_game_has_a_deal_generator(slug):
    """A game registered without a strategy of its matches fails the fold laws."""
    assert slug in STRATEGIES, (
        f"{slug!r} has no tests/games/strategies module (SLUG = {slug!r}, matches())"
    )


def test_every_strategy_is_for_a_registered_game():
    assert sorted(STRATEGIES) == sorted(SLUGS)


def test_a_missing_generator_is_a_clear_failure():
    with pytest.raises(LookupError, match="no deal generator for the game 'nim'"):
        match_cases("nim")


def _draw(slug: str, data) -> tuple[Game, MatchCase]:
    return get_game(slug), data.draw(match_cases(slug), label="match")


@pytest.mark.parametrize("slug", SLUGS)
@FOLD_SETTINGS
@given(data=st.data())
def test_prefix_then_fold_from_equals_fold_from_scratch(slug, data):
    game, case = _draw(slug, data)
    deals = list(case.deals)
    cut = data.draw(st.integers(0, len(deals)), label="cut")
    whole = game.fold(deals, case.options, case.table)
    prefix = game.fold(deals[:cut], case.options, case.table)
    rest = game.fold_from(prefix.state, deals[cut:], earlier=prefix.deals)
    assert rest.deals == whole.deals
    assert rest.totals == whole.totals
    assert rest.state == whole.state
    assert rest.next_deal == whole.next_deal
    assert rest == whole


@pytest.mark.parametrize("slug", SLUGS)
@FOLD_SETTINGS
@given(data=st.data())
def test_a_correction_refolded_from_its_deal_equals_scoring_from_scratch(slug, data):
    game, case = _draw(slug, data)
    deals = list(case.deals) or [case.spare]
    k = data.draw(st.integers(0, len(deals) - 1), label="corrected deal")
    corrected = [*deals[:k], case.spare, *deals[k + 1 :]]
    before = game.fold(deals, case.options, case.table)
    at_k = game.fold(deals[:k], case.options, case.table)
    refolded = game.fold_from(at_k.state, corrected[k:], earlier=before.deals[:k])
    scratch = game.fold(corrected, case.options, case.table)
    assert refolded.deals == scratch.deals
    assert refolded.state == scratch.state
    assert refolded == scratch
