"""Indian Poker sessions for the fold-once laws: three to ten players, hands entered
as betting turns and cards or as what each paid, folds, raises, IOUs when a small
starting stack runs out (option ``start``)."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.betting import play_betting
from games.engine.cards import STANDARD_CARDS
from tests.games.strategies import MatchCase

SLUG = "indian-poker"
CODES = [card.code for card in STANDARD_CARDS]
WORDS = ["F", "C", "C", "C", "R1", "R2", "R5"]


@st.composite
def turns(draw, players: int) -> list[str]:
    """A betting that ends (§25.3): turns drawn until the engine says it is over.
    The end depends only on the words, not on who sits where, so the same turns
    are legal whoever deals."""
    words: list[str] = []
    order = tuple(range(players))
    while True:
        _, errors = play_betting(words, order=order, paid=(1,) * players)
        if not errors:
            return words
        # After a few raises everyone calls or folds, so the betting ends.
        choices = WORDS if len(words) < 3 * players else ["F", "C"]
        words.append(draw(st.sampled_from(choices)))


@st.composite
def deals(draw, players: int) -> dict:
    if draw(st.booleans()):
        cards = draw(st.permutations(CODES))[:players]
        return {"actions": " ".join(draw(turns(players))), "cards": cards}
    paid = draw(st.lists(st.integers(1, 12), min_size=players, max_size=players))
    top = max(paid)
    winner = draw(st.sampled_from([p for p, c in enumerate(paid) if c == top]))
    return {"mode": "totals", "paid": paid, "winner": winner}


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(3, 10))
    options = draw(st.sampled_from([{}, {"hands": 3}, {"start": 5}, {"iou_unit": 5}]))
    return MatchCase(
        tuple(draw(st.lists(deals(players), max_size=8))),
        draw(deals(players)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
