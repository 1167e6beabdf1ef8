"""No game is named outside ``games/`` (issue 12 item 5, CONVENTIONS §2).

The pages, forms, API, tournaments and money learn everything about a game from its
declaration. This scans their code and templates for what naming a game looks like:

* a built game's slug as a string (``"tuppi"``, ``'sneaky-pete'``, ``"sneaky_pete"``),
  or as a part of an identifier (``sakaali_for_eight``);
* the game-specific terms the pages and forms once guessed with (Tuppi's ``rising``
  side and its *nousussa* label, the opening requirement, the soloist and the
  bolsu), as strings or identifiers.

Comments and docstrings may still give a game as an example; migrations are history.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from games.engine import all_games

ROOT = Path(__file__).resolve().parents[1]
AREAS = ("scoring", "tournaments", "config", "templates", "static")
SUFFIXES = (".py", ".html", ".js")
SLUGS = sorted(
    g.slug for g in all_games() if type(g).__module__.startswith("games.rules.")
)
TERMS = (
    "rising",
    "nousussa",
    "holding_points",
    "opening_requirement",
    "soloist",
    "bolsu",
)


def _forms(word: str) -> set[str]:
    return {word, word.replace("-", "_"), word.replace("_", "-")}


WORDS = sorted({form for word in (*SLUGS, *TERMS) for form in _forms(word)})


def _files() -> list[Path]:
    return sorted(
        path
        for area in AREAS
        for path in (ROOT / area).rglob("*")
        if path.suffix in SUFFIXES and "migrations" not in path.parts
    )


def _python_hits(text: str) -> list[str]:
    """Strings that are a name, and identifiers with a name as a part."""
    hits = []
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    for token in tokens:
        if token.type == tokenize.STRING:
            body = re.sub(
                r"^[rbuRBUfF]*('''|\"\"\"|'|\")|('''|\"\"\"|'|\")$", "", token.string
            )
            if body.strip().lower() in WORDS:
                hits.append(f"{token.start[0]}: {token.string}")
        elif token.type == tokenize.NAME:
            parts = token.string.lower()
            if any(
                re.search(rf"(^|_){re.escape(w)}(_|$)", parts)
                for w in WORDS
                if "-" not in w
            ):
                hits.append(f"{token.start[0]}: {token.string}")
    return hits


_ALTERNATIVES = "|".join(re.escape(w) for w in WORDS)
_QUOTED = re.compile(rf"""["'](?:{_ALTERNATIVES})["']""", re.IGNORECASE)


def _markup_hits(text: str) -> list[str]:
    """A name in quotes (an attribute, a JS string) in a template or a script."""
    return [
        f"{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
        for m in _QUOTED.finditer(text)
    ]


def test_the_scan_knows_every_built_game_and_finds_a_planted_name():
    """The scan is not vacuous: it has the slugs and would catch a leak."""
    assert {"tuppi", "sneaky-pete", "canasta"} <= set(SLUGS)
    assert _python_hits('KEYS = {"sneaky_pete": 1}\n')
    assert _python_hits("def sakaali_for_eight():\n    pass\n")
    assert _python_hits('x = state.get("rising")\n')
    assert not _python_hits('"""Sneaky Pete\'s penalty points, as an example."""\n')
    assert _markup_hits('<input placeholder="tuppi">')
    assert not _markup_hits("<p>Points scored alone</p>")
    assert _files()


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_game_is_named_outside_games(path):
    text = path.read_text(encoding="utf-8")
    hits = _python_hits(text) if path.suffix == ".py" else _markup_hits(text)
    assert not hits, f"{path.relative_to(ROOT)} names a game: {hits}"


def test_the_scan_would_have_caught_the_old_guesses():
    """What this issue removed is what the scan looks for."""
    assert _python_hits('DIFFERENCE_GAMES = frozenset({"sleazy"})\n')
    assert _python_hits('rising = (match.state or {}).get("rising", "absent")\n')
    assert _python_hits('SEAT_KEYS = frozenset({"seat", "soloist"})\n')
    assert _python_hits("from x import sakaali_for_eight_teams\n")
