"""Matches of the games by place (:class:`games.engine.placing.PlacingGame`), for
the fold laws and the games' own properties: the entry modes a game offers, places
with ties where it allows them, drops that sometimes name a player already out
(refused, and kept flagged by the fold)."""

from __future__ import annotations

from hypothesis import strategies as st

from games.engine import Table, get_game
from tests.games.strategies import MatchCase


@st.composite
def finishing_places(draw, players: int, *, ties: bool, single_loser: bool) -> list:
    """A competition ranking of ``players`` (strict unless ``ties``), one last
    where ``single_loser``."""
    order = draw(st.permutations(range(players)))
    places = [0] * players
    place = 1
    k = 0
    while k < players:
        left = players - k
        size = 1
        if ties and left > 1:
            most = left - 1 if single_loser else left
            size = draw(st.integers(1, max(1, most)))
        for seat in order[k : k + size]:
            places[seat] = place
        place += size
        k += size
    return places


@st.composite
def deals(draw, slug: str, players: int) -> dict:
    game = get_game(slug)
    mode = draw(st.sampled_from(list(game.deal_modes)))
    seat = st.integers(0, players - 1)
    if mode == "places":
        places = draw(
            finishing_places(players, ties=game.ties, single_loser=game.single_loser)
        )
        return {"mode": "places", "places": places}
    if mode == "winner_loser":
        winner, loser = draw(st.permutations(range(players)))[:2]
        return {"mode": mode, "winner": winner, "loser": loser}
    if mode == "drop":
        return {"mode": mode, "out": draw(seat)}
    return {"mode": mode, mode: draw(seat)}


OPTIONS = st.sampled_from(
    [
        {},
        {"games": 5},
        {"games": 4, "scoring": "winner"},
        {"games": 3, "scoring": "loser"},
        {"games": None, "target": 6},
        {"games": 8, "target": 5, "scoring": "winner"},
    ]
)


def cases(slug: str, extra: st.SearchStrategy[dict] | None = None):
    game = get_game(slug)

    @st.composite
    def _cases(draw) -> MatchCase:
        players = draw(st.integers(game.min_players, game.max_players))
        options = {**draw(OPTIONS), **(draw(extra) if extra is not None else {})}
        return MatchCase(
            tuple(draw(st.lists(deals(slug, players), max_size=10))),
            draw(deals(slug, players)),
            options,
            Table(tuple(range(players))),
        )

    return _cases()
