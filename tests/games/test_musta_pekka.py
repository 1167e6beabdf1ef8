"""Musta Pekka (book ch 35, l.2476–2525): the first out wins, the one left with
Musta Pekka loses (§35.4); the deck follows the number of players (§35.1); pairs
instead of fours from three players up (§35.5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, SetupRejected, Table, get_game
from games.rules.musta_pekka import deck_size, hands
from tests.games.strategies._placing import finishing_places

GAME = get_game("musta-pekka")


def table(n: int) -> Table:
    return Table(tuple(range(n)))


@pytest.mark.parametrize(
    ("players", "cards", "dealt"),
    [
        # §35.1: two players: 2–6 out, a joker: 8 ranks.
        (2, 33, (17, 16)),
        # three, four and six: the twos out: 12 ranks.
        (3, 49, (17, 16, 16)),
        (4, 49, (13, 12, 12, 12)),
        (6, 49, (9, 8, 8, 8, 8, 8)),
        # five: 2–4 out: 10 ranks.
        (5, 41, (9, 8, 8, 8, 8)),
    ],
)
def test_the_deck_by_the_number_of_players(players, cards, dealt):
    """§35.1–35.3: one player gets a card more, everyone else a multiple of four
    ("every player has the number of cards divisible by four, except …")."""
    assert deck_size(players, pairs=False) == cards
    assert hands(players, pairs=False) == dealt
    assert [n % 4 for n in dealt] == [1] + [0] * (players - 1)
    row = GAME.fold([], {}, table(players)).next_deal.context[0]
    assert row.code == "deck" and f"{cards} cards" in row.value


def test_the_pairs_variant_uses_the_whole_deck_from_three_players():
    """§35.5: pairs, at least three players, the whole deck and a joker."""
    assert deck_size(3, pairs=True) == 53
    row = GAME.fold([], {"pairs": True}, table(3)).next_deal.context[0]
    assert "remove nothing" in row.value and "53 cards" in row.value
    with pytest.raises(SetupRejected) as refused:
        GAME.start({"pairs": True}, table(2))
    assert [(e.path, e.code) for e in refused.value.errors] == [
        ("options.pairs", "too_few_players")
    ]


def test_first_out_wins_and_the_holder_of_musta_pekka_loses():
    """§35.4: seats 1 and 3 go out together (seat 3 draws seat 1's last card and
    makes a four with it), then seat 0; seat 2 holds Musta Pekka."""
    folded = GAME.fold([{"places": [3, 1, 4, 1]}], {}, table(4))
    assert folded.totals == (1, 2, 0, 2)
    assert folded.winners == (1, 3)


def test_the_winner_or_the_loser_only():
    games = [{"mode": "winner", "winner": 2}, {"mode": "loser", "loser": 2}]
    folded = GAME.fold(games, {"games": 2}, table(3))
    assert folded.totals == (0 + 1, 0 + 1, 2 + 0)
    two = GAME.fold([{"mode": "loser", "loser": 0}], {}, table(2))
    assert two.totals == (0, 1) and two.winners == (1,)


def test_one_player_is_left_with_musta_pekka():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, table(3)), {"places": [1, 2, 2]})
    (error,) = rejected.value.errors
    assert (error.path, error.code) == ("places.2", "shared_last_place")
    assert "joker" in error.message


@given(
    st.integers(2, 6).flatmap(
        lambda n: finishing_places(n, ties=True, single_loser=True)
    ),
    st.booleans(),
)
def test_a_game_scores_by_place(places, pairs):
    n = len(places)
    if pairs and n < 3:
        pairs = False
    state = GAME.start({"scoring": "winner", "pairs": pairs}, table(n))
    score = GAME.score(state, {"places": places})
    assert score.points == tuple(1 if p == 1 else 0 for p in places)
