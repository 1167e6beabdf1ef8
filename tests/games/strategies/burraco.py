"""Burraco matches for the fold-once laws: legal card-entry hands (sets of distinct
ranks, some with one wild, cards in hand, pozzetto taken or not, a closing where the
side may close) mixed with totals, with a short target so that matches end."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "burraco"
TABLE = Table((0, 1, 0, 1))
SUITS = "SHDC"
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@st.composite
def deals(draw) -> dict:
    if draw(st.integers(0, 4)) == 0:
        points = [5 * draw(st.integers(-100, 400)) for _ in range(2)]
        return {"mode": "totals", "points": points}
    ranks = draw(st.permutations(RANKS))
    teams = []
    for s in range(2):
        melds = []
        for k in range(draw(st.integers(0, 3))):
            cards = [
                f"{ranks[3 * s + k]}{SUITS[i % 4]}"
                for i in range(draw(st.integers(3, 8)))
            ]
            if draw(st.booleans()):
                cards[-1] = ("Jo", "2C", "2D")[k]
            melds.append(" ".join(cards))
        hands = [
            " ".join([f"{ranks[10 + s]}{suit}"] * draw(st.integers(0, 2)))
            for suit in "HD"
        ]
        teams.append({"melds": melds, "hands": hands, "pozzetto": draw(st.booleans())})
    closed = None
    a = teams[0]
    if (
        a["pozzetto"]
        and not a["hands"][0]
        and any(len(m.split()) >= 7 for m in a["melds"])
    ):
        closed = draw(st.sampled_from([None, 0]))
    return {"teams": teams, "closed": closed}


@st.composite
def _cases(draw) -> MatchCase:
    return MatchCase(
        tuple(draw(st.lists(deals(), max_size=8))),
        draw(deals()),
        draw(st.sampled_from([{}, {"target": 300}])),
        TABLE,
    )


def matches():
    return _cases()
