"""Matches of the Canasta family built in order: each card-entry deal is legal
against the totals the deals before it left (``bench/cases/canasta.py``), and
some deals are entered as totals."""

from __future__ import annotations

from contextlib import suppress

from hypothesis import strategies as st

from bench.cases.canasta import legal_deal
from games.engine import DealRejected, get_game
from tests.games.strategies import MatchCase


def totals_deal(high: int):
    return st.tuples(*[st.integers(-400, high).map(lambda p: p * 5)] * 2).map(
        lambda p: {"mode": "totals", "points": list(p)}
    )


@st.composite
def canasta_matches(draw, slug: str, max_deals: int = 6) -> MatchCase:
    game = get_game(slug)
    state = game.start()
    deals = []
    for _ in range(draw(st.integers(0, max_deals))):
        if draw(st.booleans()):
            raw = legal_deal(
                draw(st.randoms(use_true_random=False)), game, state.totals
            )
        else:
            raw = draw(totals_deal(1200))
        deals.append(raw)
        if not state.finished:
            # a refused deal stays in the match, flagged
            with suppress(DealRejected):
                state = game.advance(state, game.score(state, raw))
    spare = legal_deal(draw(st.randoms(use_true_random=False)), game, (0, 0))
    return MatchCase(tuple(deals), spare)
