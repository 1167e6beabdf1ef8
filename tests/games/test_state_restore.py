"""A stored match state reads back exactly as folded, for every registered game.

The score book folds a new deal onto the state it stored after the previous one
(``state_to_stored`` → JSON column → ``state_from_stored``), so the restore must give
the very state the fold gave: these properties fold prefixes of the golden matches
(``tests/games/golden``; Hand and Foot from its property strategy) and, for every
game, of the matches its fold-once strategy draws (``tests/games/strategies``), and
compare.
"""

from __future__ import annotations

import gzip
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Game, Table, all_games, get_game
from games.engine.serialize import (
    FORMAT_KEY,
    StateMismatch,
    state_from_json,
    state_from_stored,
    state_marker,
    state_to_json,
    state_to_stored,
)
from tests.games.strategies import match_cases
from tests.games.test_hand_and_foot_properties import legal_deal

GOLDEN = Path(__file__).parent / "golden"


@cache
def matches_of(slug: str) -> tuple[tuple[dict[str, Any], tuple[Any, ...]], ...]:
    """(options, deals) of every recorded match of ``slug``."""
    found = []
    for path in sorted(GOLDEN.glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as recorded:
            data = json.load(recorded)
        if data["game"] == slug:
            found += [(m["options"], tuple(m["deals"])) for m in data["matches"]]
    if slug == "hand-and-foot":
        rnd = random.Random(14)
        for _ in range(4):
            found.append(({}, tuple(legal_deal(rnd, n) for n in range(1, 5))))
    return tuple(found)


def through_the_database(data: dict[str, Any]) -> dict[str, Any]:
    """What a JSON column gives back: tuples as lists, keys as strings."""
    return json.loads(json.dumps(data))


# The rulebooks' games (the score book's tests register made-up games of their own).
SLUGS = [g.slug for g in all_games() if type(g).__module__.startswith("games.rules")]


def recorded_or_drawn(slug: str) -> st.SearchStrategy[tuple[dict[str, Any], tuple]]:
    """A recorded match of ``slug`` or one its fold-once strategy draws."""
    drawn = match_cases(slug).map(lambda case: (dict(case.options), case.deals))
    recorded = matches_of(slug)
    return st.one_of(st.sampled_from(recorded), drawn) if recorded else drawn


def test_the_golden_games_have_recorded_matches_to_restore():
    golden = {"canasta", "samba", "contract-samba", "tuppi", "skruuvi", "sleazy"}
    assert all(matches_of(slug) for slug in golden & set(SLUGS))


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_stored_state_restores_to_the_folded_state(slug, data):
    """state_to_json → JSON → state_from_json gives back an equal state, after
    every prefix of a recorded or drawn match (flagged deals included)."""
    game = get_game(slug)
    options, deals = data.draw(recorded_or_drawn(slug))
    length = data.draw(st.integers(0, len(deals)))
    state = game.fold(deals[:length], options).state
    stored = through_the_database(state_to_json(state))
    restored = state_from_json(game, stored, options=state.options, table=state.table)
    assert restored == state
    assert type(restored) is type(state)


@pytest.mark.parametrize("slug", SLUGS)
def test_folding_on_from_a_restored_state_equals_the_whole_fold(slug):
    """The score book's submit: restore, fold the next deal; equal to a full fold."""
    game = get_game(slug)
    for options, deals in matches_of(slug):
        state = game.start(options)
        for i, raw in enumerate(deals):
            stored = through_the_database(state_to_stored(game, state))
            state = state_from_stored(
                game, stored, options=state.options, table=state.table
            )
            state = game.fold_from(state, [raw]).state
            assert state == game.fold(deals[: i + 1], options).state


def _tuppi() -> tuple[Game, Any]:
    game = get_game("tuppi")
    options, deals = matches_of("tuppi")[0]
    return game, game.fold(deals[:5], options).state


def test_a_state_of_another_engine_version_is_not_restored():
    """No marker, another marker, or a marker of another state layout: ``None``,
    and the score book folds from the deals."""
    game, state = _tuppi()
    stored = through_the_database(state_to_stored(game, state))
    assert stored[FORMAT_KEY] == state_marker(game, state.options, state.table)
    kwargs = {"options": state.options, "table": state.table}
    assert state_from_stored(game, stored, **kwargs) == state
    assert state_from_stored(game, state_to_json(state), **kwargs) is None
    assert state_from_stored(game, {**stored, FORMAT_KEY: "0.1.x.y"}, **kwargs) is None
    assert state_from_stored(game, None, **kwargs) is None
    other = get_game("sleazy")
    assert (
        state_marker(other, other.parse_options({}), Table((0, 1)))
        != stored[FORMAT_KEY]
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("rising"), "rising: missing"),
        (lambda d: d.update(totals=[1, "2"]), "expected an integer"),
        (lambda d: d.update(totals=[1, 2, 3]), None),
        (lambda d: d.update(finished=1), "expected true or false"),
        (lambda d: d.update(winners={"0": 1}), "expected a list"),
    ],
)
def test_a_state_that_does_not_fit_its_class_is_a_mismatch(change, message):
    game, state = _tuppi()
    stored = through_the_database(state_to_json(state))
    change(stored)
    kwargs = {"options": state.options, "table": state.table}
    if message is None:
        # A length the type does not fix restores as stored (the fold checks it).
        assert state_from_json(game, stored, **kwargs).totals == (1, 2, 3)
        return
    with pytest.raises(StateMismatch, match=message):
        state_from_json(game, stored, **kwargs)
    marked = {**stored, FORMAT_KEY: state_marker(game, state.options, state.table)}
    assert state_from_stored(game, marked, **kwargs) is None


def test_nested_values_restore_as_their_types():
    """Sneaky Pete's requirement is a dataclass inside the state."""
    game = get_game("sneaky-pete")
    options, deals = matches_of("sneaky-pete")[0]
    state = game.fold(deals[:3], options).state
    restored = state_from_json(
        game,
        through_the_database(state_to_json(state)),
        options=state.options,
        table=state.table,
    )
    assert restored.requirement == state.requirement
    assert type(restored.requirement) is type(state.requirement)


def test_a_new_state_version_of_the_game_is_not_restored(monkeypatch):
    """A rules change that alters what a state means bumps ``state_version``: the
    states stored before are folded from the deals again."""
    game, state = _tuppi()
    kwargs = {"options": state.options, "table": state.table}
    stored = through_the_database(state_to_stored(game, state))
    monkeypatch.setattr(type(game), "state_version", game.state_version + 1)
    assert state_from_stored(game, stored, **kwargs) is None
    assert state_from_stored(
        game, through_the_database(state_to_stored(game, state)), **kwargs
    ) == (state)
