"""Every game scores the recorded matches exactly as it did when they were recorded.

The golden files (``tests/games/golden/``, written by ``record.py``) hold whole matches
folded by the engine before the family machinery was shared out: each deal's points,
facts, detail and errors, the running totals, the winner and what the table is told
before the next deal. A restructuring of the engine must replay them identically.
Keys that a later engine adds to its output are allowed; a key that was recorded must
keep its value.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from games.engine import get_game
from games.engine.serialize import folded_to_json

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json.gz"))


def _recorded(path: Path) -> dict[str, Any]:
    with gzip.open(path, "rt", encoding="utf-8") as recorded:
        return json.load(recorded)


def _differences(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` departs from ``expected`` (extra dict keys allowed)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        found = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{path}.{key}: missing")
            else:
                found += _differences(value, actual[key], f"{path}.{key}")
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        found = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found += _differences(e, a, f"{path}[{i}]")
        return found
    if expected != actual or type(expected) is not type(actual):
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []


def test_every_game_with_a_bench_case_is_recorded():
    """The golden files cover the games whose bench cases fold whole matches."""
    assert len(GOLDEN) >= 10
    slugs = {_recorded(path)["game"] for path in GOLDEN}
    assert {"tuppi", "skruuvi", "klubiskruuvi", "canasta", "sneaky-pete"} <= slugs


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name.removesuffix(".json.gz"))
def test_recorded_matches_replay_identically(path):
    """Folding the recorded deals again gives the recorded match, deal by deal."""
    recorded = _recorded(path)
    game = get_game(recorded["game"])
    for i, match in enumerate(recorded["matches"]):
        folded = folded_to_json(game.fold(match["deals"], match["options"]))
        # Through JSON, as the recording was: tuples become lists on both sides.
        replayed = json.loads(json.dumps(folded))
        assert _differences(match["folded"], replayed, f"match[{i}]") == []
