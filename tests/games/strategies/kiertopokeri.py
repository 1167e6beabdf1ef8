"""Kiertopokeri games for the fold-once laws: four to seven players; each drop
entered as who went out or as the doubt (announcer, the next player in as doubter,
an announcement true or false for the five cards shown). Drawn for the full table,
a doubt naming a player already out is refused, and the fold keeps it flagged."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.cards import STANDARD_CARDS, parse_cards
from games.engine.poker import poker_hand
from games.rules.kiertopokeri import announcement_of
from tests.games.strategies import MatchCase

SLUG = "kiertopokeri"
CODES = [card.code for card in STANDARD_CARDS]


def announcement_for(cards: list[str], lie: bool) -> str:
    """The true announcement of the five cards, or (``lie``) one with its first
    named rank changed: an ace, or a king for a hand led by an ace."""
    words = announcement_of(poker_hand(parse_cards(cards))).split()
    if lie:
        first = next(i for i, w in enumerate(words) if w[0].isdigit() or w.isupper())
        words[first] = "K" if words[first] == "A" else "A"
    return " ".join(words)


@st.composite
def deals(draw, players: int) -> dict:
    if draw(st.booleans()):
        announcer = draw(st.integers(0, players - 1))
        cards = draw(st.permutations(CODES))[:5]
        return {
            "announcer": announcer,
            "doubter": (announcer + 1) % players,
            "announced": announcement_for(cards, draw(st.booleans())),
            "shown": " ".join(cards),
        }
    return {"mode": "totals", "out": draw(st.integers(0, players - 1))}


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(4, 7))
    return MatchCase(
        tuple(draw(st.lists(deals(players), max_size=8))),
        draw(deals(players)),
        {},
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
