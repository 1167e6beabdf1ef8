"""Triple Play matches: the hand-computed deal of the game's tests with its red threes,
reminder penalties and who went out varied (some of them refused: a side going out
without its basic book), mixed with totals."""

from hypothesis import strategies as st

from tests.games.strategies import cases
from tests.games.strategies._canasta_like import totals_deal
from tests.games.test_triple_play import deal

SLUG = "triple-play"


@st.composite
def cards_deal(draw) -> dict:
    raw = deal()
    reds = draw(st.integers(0, 9))  # 12 red threes in the decks, 3 in the deal
    raw["teams"][1]["red_threes"] = (["3D", "3H"] * 5)[:reds]
    raw["teams"][0]["reminder_penalties"] = draw(st.integers(0, 2))
    if draw(st.booleans()):  # nobody went out: seat 0 still holds a card
        raw["went_out"] = None
        raw["teams"][0]["hands"][0] = ["8C"]
    elif draw(st.booleans()):  # seat 2 went out instead (same side, same book)
        raw["went_out"] = 2
        raw["teams"][0]["hands"] = [["4H", "3S"], []]
    return raw


def matches():
    return cases(st.one_of(cards_deal(), totals_deal(2000)), max_deals=6)
