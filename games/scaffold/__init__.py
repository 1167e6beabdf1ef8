"""``python -m games new <slug> --family tricks|melds|totals``: a game's skeleton.

Writes the smallest complete game of a family from the templates beside this module:
the rules module (``games/rules/<module>.py``: declaration, deal input, checks, the
fold, and a ``score_deal`` placeholder that raises), its tests
(``tests/games/test_<module>.py``), its match strategy for the fold-once laws
(``tests/games/strategies/<module>.py``), its page (``docs/games/<slug>.md``) and
its bench case (``bench/cases/<module>.py``).

The skeleton is honest: until the author writes the book's scoring into
``score_deal``, cites the source and fills ``BOOK_EXAMPLES``, the generated tests fail
(and so does the fold-once test for the new game) — nothing passes on made-up points.

Families:

* ``tricks`` — four players in partnerships; the declarer and each side's tricks,
  which must add up to 13; first side to the target wins;
* ``melds`` — two to four players; who went out and the cards left in each hand,
  checked against one 52-card deck; penalty points, the lowest total wins;
* ``totals`` — three to six players; the finishing order of each deal; a fixed
  number of deals, the highest total wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from string import Template

TEMPLATES = Path(__file__).with_name("templates")
PROJECT = Path(__file__).resolve().parents[2]
SLUG = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Family:
    """What differs between the families' skeletons (Python source snippets)."""

    table: str  # the table the generated tests, strategy and bench use
    table_doc: str
    per: str  # what the points are per: side or seat
    example_deal: str
    bad_deal: str
    bad_codes: str
    fields_doc: str
    example_json: str
    strategy_helpers: str
    bench_helpers: str
    imports: str = ""  # more imports the strategy and the bench need


FAMILIES: dict[str, Family] = {
    "tricks": Family(
        table="Table((0, 1, 0, 1))",
        table_doc="4 players in two partnerships, partners opposite (seats as sides "
        "`(0, 1, 0, 1)`).",
        per="side",
        example_deal='{"declarer": 0, "tricks": [8, 5]}',
        bad_deal='{"declarer": 0, "tricks": [8, 4]}',
        bad_codes='{"tricks_not_13"}',
        fields_doc="| `declarer` | the declarer's seat, 0–3 |\n"
        "| `tricks` | `[side 0, side 1]`: the tricks each side won, adding up to "
        "13 |",
        example_json='{"declarer": 0, "tricks": [8, 5]}',
        strategy_helpers="""

@st.composite
def deals(draw) -> dict:
    tricks = draw(st.integers(0, 13))
    return {"declarer": draw(st.integers(0, 3)), "tricks": [tricks, 13 - tricks]}
""",
        bench_helpers="""

def _deal(rng: random.Random) -> dict:
    tricks = min(13, max(0, round(rng.gauss(6.5, 2))))
    return {"declarer": rng.randrange(4), "tricks": [tricks, 13 - tricks]}
""",
    ),
    "melds": Family(
        table="Table((0, 1, 2))",
        table_doc="2–4 players, each for themselves · one 52-card deck.",
        per="seat",
        example_deal='{"went_out": 0, "hands": ["", "7H 8H KS", "QD"]}',
        bad_deal='{"went_out": 0, "hands": ["2C", "AS KS", "AS"]}',
        bad_codes='{"cards_after_going_out", "too_many_copies"}',
        fields_doc="| `went_out` | the seat of the player who went out |\n"
        "| `hands` | the cards left in each seat's hand, in seat order (`7H 8H KS`, "
        "or a list) |",
        example_json='{"went_out": 0, "hands": ["", "7H 8H KS", "QD"]}',
        imports="from games.engine.cards import STANDARD_CARDS\n",
        strategy_helpers="""CODES = [card.code for card in STANDARD_CARDS]


@st.composite
def deals(draw) -> dict:
    cards = draw(st.permutations(CODES))
    out = draw(st.integers(0, 2))
    sizes = [0 if s == out else draw(st.integers(1, 10)) for s in range(3)]
    hands, start = [], 0
    for size in sizes:
        hands.append(" ".join(cards[start : start + size]))
        start += size
    return {"went_out": out, "hands": hands}
""",
        bench_helpers="""CODES = [card.code for card in STANDARD_CARDS]


def _deal(rng: random.Random) -> dict:
    cards = rng.sample(CODES, 30)
    out = rng.randrange(3)
    hands = [
        [] if s == out else cards[10 * s : 10 * s + rng.randint(1, 10)]
        for s in range(3)
    ]
    return {"went_out": out, "hands": hands}
""",
    ),
    "totals": Family(
        table="Table((0, 1, 2, 3))",
        table_doc="3–6 players, each for themselves.",
        per="seat",
        example_deal='{"order": [2, 0, 3, 1]}',
        bad_deal='{"order": [2, 2, 3, 1]}',
        bad_codes='{"not_a_finishing_order"}',
        fields_doc="| `order` | the seats in the order the players finished, "
        "first out first |",
        example_json='{"order": [2, 0, 3, 1]}',
        strategy_helpers="""

def deals():
    return st.permutations(range(4)).map(lambda order: {"order": list(order)})
""",
        bench_helpers="""

def _deal(rng: random.Random) -> dict:
    return {"order": rng.sample(range(4), 4)}
""",
    ),
}


class ScaffoldError(ValueError):
    """The skeleton cannot be written (a bad slug or family, a file already there)."""

    def __init__(self, code: str, message: str):
        self.code = code
        super().__init__(message)


def module_name(slug: str) -> str:
    return slug.replace("-", "_")


def class_name(slug: str) -> str:
    return "".join(part.capitalize() for part in slug.split("-"))


def paths(slug: str, root: Path) -> dict[str, Path]:
    """Where each file of the skeleton goes, by template."""
    module = module_name(slug)
    return {
        "rules": root / "games" / "rules" / f"{module}.py",
        "test": root / "tests" / "games" / f"test_{module}.py",
        "strategy": root / "tests" / "games" / "strategies" / f"{module}.py",
        "doc": root / "docs" / "games" / f"{slug}.md",
        "bench": root / "bench" / "cases" / f"{module}.py",
    }


def new_game(
    *, slug: str, family: str, root: Path = PROJECT, name: str | None = None
) -> list[Path]:
    """Write the skeleton of the game ``slug`` of ``family`` under ``root``.

    Refuses a slug that is not lower-case words joined by hyphens, an unknown
    family, and any file that already exists (nothing is written then).
    """
    if not SLUG.match(slug):
        raise ScaffoldError(
            "bad_slug", f"{slug!r}: use lower-case words joined by hyphens"
        )
    if family not in FAMILIES:
        raise ScaffoldError(
            "unknown_family", f"{family!r}: choose one of {', '.join(FAMILIES)}"
        )
    targets = paths(slug, root)
    taken = [str(p) for p in targets.values() if p.exists()]
    if taken:
        raise ScaffoldError("file_exists", f"already there: {', '.join(taken)}")
    spec = FAMILIES[family]
    values = {
        "slug": slug,
        "name": name or slug.replace("-", " ").title(),
        "module": module_name(slug),
        "class_name": class_name(slug),
        "family": family,
        **{field: getattr(spec, field) for field in spec.__dataclass_fields__},
    }
    sources = {
        "rules": f"{family}.py.tmpl",
        "test": "test.py.tmpl",
        "strategy": "strategy.py.tmpl",
        "doc": "doc.md.tmpl",
        "bench": "bench.py.tmpl",
    }
    written = []
    for kind, target in targets.items():
        text = Template((TEMPLATES / sources[kind]).read_text(encoding="utf-8"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text.substitute(values), encoding="utf-8")
        written.append(target)
    return written
