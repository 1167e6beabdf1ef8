"""Huutopussi matches: deals of card points in fives that add up to 160, bids and
raised contracts, announcements of distinct suits by sides that took a trick,
läpäri now and then; the −500 rule applied where it bites (the dealer opens 50),
and now and then a deal the rules refuse, which the fold keeps flagged."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase

SLUG = "huutopussi"
SUITS = ["S", "C", "D", "H"]


@st.composite
def _deal(draw) -> dict:
    declarer = draw(st.integers(0, 3))
    bid = 5 * draw(st.integers(10, 60))
    raw = {"declarer": declarer, "bid": bid}
    if draw(st.booleans()):
        raw["contract"] = bid + 5 * draw(st.integers(0, 10))
    lapari = draw(st.sampled_from([None, None, None, None, 0, 1]))
    if lapari is None:
        own = 5 * draw(st.integers(0, 32))
        raw["card_points"] = [own, 160 - own]
    else:
        raw["card_points"] = [0, 160] if lapari == 0 else [160, 0]
        raw["no_tricks"] = lapari
    suits = draw(st.permutations(SUITS))[: draw(st.integers(0, 3))]
    trumps: list[list[str]] = [[], []]
    for suit in suits:
        side = draw(st.integers(0, 1))
        if side != lapari:
            trumps[side].append(suit)
    raw["trumps"] = trumps
    if draw(st.integers(0, 12)) == 0:
        raw["bid"] = bid + 1  # not a multiple of five (§12.2)
    return raw


@st.composite
def _match(draw) -> MatchCase:
    length = draw(st.integers(0, 12))
    return MatchCase(
        deals=tuple(draw(_deal()) for _ in range(length)),
        spare=draw(_deal()),
        options={"target": draw(st.sampled_from([300, 500]))},
    )


def matches():
    return _match()
