"""Pay Me (004, l.302–349): the hand sizes and wild ranks, the meld rules with
per-hand wilds, deadwood values, rejections and the eleven-hand match."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, Table, get_game
from games.engine.cards import STANDARD_CARDS, parse_cards
from games.rules.pay_me import card_values, hand_rank, hand_size, meld_fits

GAME = get_game("pay-me")
TWO = Table((0, 1))
THREE = Table((0, 1, 2))


def wilds(hand: int) -> frozenset[str]:
    return frozenset({"Jo", "2", hand_rank(hand)})


def play(deals, table=THREE, options=None):
    return GAME.fold(deals, options or {}, table)


@pytest.mark.parametrize(
    ("hand", "size", "rank"),
    # l.313–316 and l.324–325: three cards and 3s wild first, 4s next, jacks on the
    # ninth hand (eleven cards), queens the tenth, kings the eleventh (13 cards).
    [(1, 3, "3"), (2, 4, "4"), (9, 11, "J"), (10, 12, "Q"), (11, 13, "K")],
)
def test_hand_size_and_wild_rank(hand, size, rank):
    assert hand_size(hand) == size
    assert hand_rank(hand) == rank


@pytest.mark.parametrize(
    ("hand", "cards", "value"),
    [
        (1, "Jo", 15),
        (1, "2H", 15),
        (1, "3C", 15),  # 3s are wild in the first hand
        (2, "3C", 5),
        (1, "KS 8D", 20),
        (1, "7H AS", 10),
        (9, "JD 10D", 25),  # jacks wild on the ninth hand
        (11, "KS QS", 25),
    ],
)
def test_deadwood_values(hand, cards, value):
    """l.342–344: wilds 15, kings through 8s 10, 7s through aces 5."""
    assert card_values(hand).total(parse_cards(cards)) == value


@pytest.mark.parametrize(
    ("cards", "hand", "fits"),
    [
        ("7H 7D 7C", 1, True),
        ("7H 7D 7C 7S", 1, True),
        ("7H 7D 7C 7S 7H", 1, False),  # a set is three or four cards
        ("7H 7H 7C", 1, False),  # suits cannot be duplicated in a set
        ("7H 7D Jo", 1, True),
        ("7H Jo Jo", 1, False),  # more than half wild
        ("7H 7D Jo 2C", 1, True),  # half wild is allowed
        ("2H 2D 2C", 1, True),  # 2s used as their natural rank
        ("5H 6H 7H", 1, True),
        ("5H Jo 7H", 1, True),
        ("5H Jo Jo 8H", 1, False),  # two wilds next to each other in a run
        ("5H 6H Jo Jo", 1, True),  # Jo-5-6-Jo: the wilds apart
        ("5H Jo 7H Jo", 1, True),
        ("5H 5C 7H", 3, True),  # 5s wild in hand 3: 5C stands for 6H
        ("5H 5C 7H", 2, False),
        ("QS KS AS", 1, True),
        ("AS 2S 3S", 1, True),  # the 2 as its natural rank
        ("KS AS 2S", 1, True),  # K-A with the 2 wild for the queen: Q-K-A
        ("KS AS 3S", 1, True),  # 3s wild in hand 1
        ("KS AS 4S", 1, False),  # not round the corner
        ("5H 6D 7H", 1, False),
    ],
)
def test_meld_rules(cards, hand, fits):
    """l.318–327: sets of 3 or 4 of a rank, no suit twice; runs of 3 or more; no
    more than half wild; no two wilds next to each other in a run."""
    assert meld_fits(parse_cards(cards), wilds(hand)) is fits


def test_a_hand_scores_each_players_deadwood():
    """Hand 1 (3 cards, 3s wild): seat 0 goes out; seat 1 holds K♠ and a 3 (wild,
    15): 25; seat 2 holds 7♥: 5."""
    state = play(
        [
            {
                "went_out": 0,
                "players": [
                    {"melds": ["7H 7D Jo"]},
                    {"deadwood": "KS 3C"},
                    {"deadwood": "7H", "melds": []},
                ],
            }
        ]
    )
    assert state.totals == (0, 25, 5)
    assert not state.finished


def test_eleven_hands_and_the_lowest_wins():
    deals = [
        {"mode": "totals", "went_out": i % 3, "deadwood": [0, 0, 0]} for i in range(10)
    ]
    deals[0] = {"mode": "totals", "went_out": 0, "deadwood": [0, 10, 5]}
    state = play(deals)
    assert not state.finished
    assert state.next_deal.context[1].value == 13
    state = play([*deals, {"mode": "totals", "went_out": 1, "deadwood": [5, 0, 5]}])
    assert state.finished and state.totals == (5, 10, 10) and state.winners == (0,)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(deals=11)


def test_a_tie_for_the_lowest_score_is_a_shared_win():
    deals = [{"mode": "totals", "went_out": 0, "deadwood": [0, 0, 5]}] * 11
    state = play(deals)
    assert state.winners == (0, 1)


@pytest.mark.parametrize(
    ("deal", "table", "code", "path"),
    [
        (
            {"went_out": 0, "players": [{"deadwood": "KS"}, {"deadwood": "5H"}]},
            TWO,
            "deadwood_after_going_out",
            "players.0.deadwood",
        ),
        (
            {"went_out": 0, "players": [{}, {"deadwood": "5H 6H 7H 8H"}]},
            TWO,
            "too_many_cards",
            "players.1.deadwood",
        ),
        (
            # Two players play with one deck: one ace of spades.
            {"went_out": 0, "players": [{"melds": ["AS KS QS"]}, {"deadwood": "AS"}]},
            TWO,
            "too_many",
            "players.1.deadwood",
        ),
        (
            {"went_out": 0, "players": [{"melds": ["5H Jo Jo"]}, {"deadwood": "AS"}]},
            TWO,
            "too_many_wilds",
            "players.0.melds.0",
        ),
        (
            {"went_out": 0, "players": [{"melds": ["5H 6D 7S"]}, {"deadwood": "AS"}]},
            TWO,
            "not_a_meld",
            "players.0.melds.0",
        ),
        (
            {"mode": "totals", "went_out": 1, "deadwood": [12, 0]},
            TWO,
            "not_a_multiple_of_5",
            "deadwood.0",
        ),
        (
            {"mode": "totals", "went_out": 1, "deadwood": [50, 0]},
            TWO,
            "too_many_points",
            "deadwood.0",
        ),
        (
            {"mode": "totals", "went_out": 1, "deadwood": [10, 5]},
            TWO,
            "points_for_going_out",
            "deadwood.1",
        ),
        (
            {"mode": "totals", "went_out": 0, "deadwood": [0, 5, 5]},
            TWO,
            "wrong_player_count",
            "deadwood",
        ),
    ],
)
def test_rejections_name_the_field(deal, table, code, path):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, table), deal)
    found = {(e.code, e.path) for e in rejected.value.errors}
    assert any(c.startswith(code) and p == path for c, p in found), found


def test_three_players_play_with_two_decks():
    deal = {"went_out": 0, "players": [{}, {"deadwood": "AS"}, {"deadwood": "AS"}]}
    assert GAME.score(GAME.start({}, THREE), deal).points == (0, 5, 5)


CODES = [c.code for c in STANDARD_CARDS] + ["Jo"]


@given(
    st.integers(1, 11),
    st.lists(st.sampled_from(CODES), max_size=13),
)
def test_deadwood_is_a_multiple_of_5_within_15_a_card(hand, codes):
    value = card_values(hand).total(parse_cards(codes))
    assert value % 5 == 0
    assert 5 * len(codes) <= value <= 15 * len(codes)


@given(st.integers(1, 11), st.lists(st.integers(0, 9), min_size=3, max_size=3))
def test_totals_add_up_over_a_match(hands, values):
    """At most 45 a player: the three cards of hand 1 can count no more."""
    values = [5 * v for v in values]
    deal = {"mode": "totals", "went_out": 0, "deadwood": [0, *values[1:]]}
    state = play([deal] * hands)
    assert sum(state.totals) == hands * sum(values[1:])
    assert state.finished is (hands == 11)
