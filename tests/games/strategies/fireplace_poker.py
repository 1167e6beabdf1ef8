"""Fireplace Poker games for the fold-once laws: two players or two teams; turns
entered as melds (random five cards, so many are refused as below a pair of jacks
and kept flagged; built pairs and full houses that pass), with robbing by number,
passes, and turns by counts."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.cards import RANKS, STANDARD_CARDS
from tests.games.strategies import MatchCase

SLUG = "fireplace-poker"
CODES = [card.code for card in STANDARD_CARDS]
HIGH = ["J", "Q", "K", "A"]


@st.composite
def built_meld(draw) -> str:
    rank = draw(st.sampled_from(HIGH))
    suits = draw(st.permutations("SHDC"))
    other = draw(st.sampled_from([r for r in RANKS if r != rank]))
    if draw(st.booleans()):  # a full house
        cards = [rank + s for s in suits[:3]] + [other + s for s in suits[:2]]
    else:
        kickers = [r for r in RANKS if r != rank][:3]
        cards = [rank + s for s in suits[:2]] + [k + suits[0] for k in kickers]
    return " ".join(cards)


@st.composite
def turns(draw) -> dict:
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return {"meld": ""}
    if kind == 1:
        return {
            "mode": "totals",
            "melds": draw(st.lists(st.integers(0, 3), min_size=2, max_size=2)),
        }
    meld = (
        draw(built_meld()) if kind < 7 else " ".join(draw(st.permutations(CODES))[:5])
    )
    robbed = draw(st.lists(st.integers(1, 3), max_size=2, unique=True))
    return {"meld": meld, "robbed": robbed, "assisted": kind == 9}


@st.composite
def _cases(draw) -> MatchCase:
    table = draw(st.sampled_from([Table((0, 1)), Table((0, 1, 0, 1))]))
    options = draw(st.sampled_from([{}, {"chips": 3}]))
    return MatchCase(
        tuple(draw(st.lists(turns(), max_size=10))), draw(turns()), options, table
    )


def matches():
    return _cases()
