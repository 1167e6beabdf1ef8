"""Tong-Its sessions for the fold-once laws: every way a hand ends, players who never
opened, repeated winners (so that the pot is taken), totals and card entry mixed."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.cards import STANDARD_CARDS
from tests.games.strategies import MatchCase

SLUG = "tongits"
CODES = [card.code for card in STANDARD_CARDS]
SEAT = st.integers(0, 2)


@st.composite
def deals(draw) -> dict:
    how = draw(st.sampled_from(["tongit", "draw", "challenged", "stock"]))
    opened = draw(st.lists(st.booleans(), min_size=3, max_size=3))
    fields: dict = {
        "how": how,
        "concealed_fours": draw(st.integers(0, 1)),
        "aces": draw(st.integers(0, 4)),
    }
    # Few distinct winners, so that two wins in a row (the pot) are common.
    winner = draw(st.integers(0, 1))
    if how == "tongit":
        fields["winner"] = winner
    elif how in ("draw", "challenged"):
        opened[winner] = True
        fields["caller"] = winner
        if how == "challenged":
            other = (winner + draw(st.integers(1, 2))) % 3
            opened[other] = True
            fields["challenged"] = [s == other for s in range(3)]
    else:
        fields["last_drawer"] = draw(SEAT)
    fields["never_opened"] = [not o for o in opened]
    if how in ("challenged", "stock"):
        if draw(st.booleans()):
            cards = draw(st.permutations(CODES))
            fields["mode"] = "cards"
            fields["hands"] = [" ".join(cards[5 * s : 5 * s + 5]) for s in range(3)]
            return fields
        fields["deadwood"] = draw(st.lists(st.integers(0, 12), min_size=3, max_size=3))
    return {"mode": "totals", **fields}


@st.composite
def _cases(draw) -> MatchCase:
    options = draw(
        st.sampled_from([{}, {"deals": 3}, {"pot_streak": "restart"}, {"ante": 5}])
    )
    return MatchCase(
        tuple(draw(st.lists(deals(), max_size=8))),
        draw(deals()),
        options,
        Table((0, 1, 2)),
    )


def matches():
    return _cases()
