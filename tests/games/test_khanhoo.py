"""Khanhoo (004, l.419–472): the 61-card deck, the meld catalogue 1–15 (l.441–456),
the wild joker (l.458), 5 for going out and first to 50 (l.466–470)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, Table, get_game
from games.engine.cards import JOKER, Card, Suit, parse_cards
from games.rules.khanhoo import HAND, KHANHOO_61, MOST_POINTS, OUT_BONUS, meld_value

GAME = get_game("khanhoo")
THREE = Table((0, 1, 2))
FOUR = Table((0, 1, 2, 3))


def test_the_deck_is_61_cards():
    """l.431: two each of J-Q-K♣ and A–9 in three suits, one joker; l.433: four
    players take 15 each and the 16th, the whole deck."""
    assert KHANHOO_61.size == 61 == 4 * HAND + 1
    assert KHANHOO_61.holds(JOKER) == 1
    assert KHANHOO_61.holds(Card("K", Suit.CLUBS)) == 2
    assert KHANHOO_61.holds(Card("9", Suit.HEARTS)) == 2
    assert KHANHOO_61.holds(Card("9", Suit.CLUBS)) == 0
    assert KHANHOO_61.holds(Card("K", Suit.HEARTS)) == 0
    assert KHANHOO_61.holds(Card("10", Suit.SPADES)) == 0
    assert GAME.deck is KHANHOO_61


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("6H 7H 8H", 1),  # l.445: the example sequence
        ("AH 2H 3H 4H", 1),  # aces low; "does not increase if more cards are added"
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S", 1),
        ("8H 9H AH", None),  # aces low only
        ("6H 7H 9H", None),
        ("6H 7S 8H", None),
        ("AH AH AS", 1),  # l.446: three aces, duplicates allowed
        ("AH AS AD", 1),  # aces are not number cards: the aces meld, not a triplet
        ("5H 5S 5D", 2),  # l.447: triplet
        ("5H 5H 5D", None),  # no duplicates in a triplet
        ("JC QC KC", 3),  # l.448: royal assembly
        ("KC 9H 9H", 4),  # l.449: the court melds
        ("QC 8S 8S", 4),
        ("JC 7D 7D", 4),
        ("KC 9S 9S", None),
        ("AH 2S 3D", 5),  # l.450: khanhoo
        ("AH AH AS AS AD AD", 10),  # l.451: double aces
        ("AH AH AH AS AS AD", 10),  # "six aces of any suit"
        ("4H 4H 4S 4S 4D 4D", 10),  # l.452: double triplet
        ("4H 4H 4H 4S 4S 4D", None),  # each suit exactly twice
        ("JC JC QC QC KC KC", 10),  # l.453: double royal
        ("AH AH 2S 2S 3D 3D", 15),  # l.454: double khanhoo
        ("AH 2S", None),
        ("5H 5S", None),
    ],
)
def test_the_catalogue(cards, value):
    assert meld_value(parse_cards(cards)) == value


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("6H Jo 8H", 1),  # l.458: the joker stands for any card
        ("KC 9H Jo", 4),
        ("AH Jo 3D", 5),
        ("AH AH 2S Jo 3D 3D", 15),
        ("5H 5S Jo", 2),
        ("Jo AH AS", 1),  # as an ace: aces 1 (a triplet needs number cards)
        ("JC Jo KC", 3),
        ("5H 7S Jo", None),
    ],
)
def test_the_joker_is_wild_without_restriction(cards, value):
    assert meld_value(parse_cards(cards)) == value


def test_a_hand_scores_melds_and_five_for_going_out():
    """l.468: each player scores their melds; the player out 5 more."""
    deal = {
        "went_out": 0,
        "players": [
            # 15 cards: khanhoo 5 + court 4 + royal 3 + triplet 2 + sequence 1
            {"melds": ["AH 2S 3D", "KC 9H 9H", "JC QC KC", "5H 5S 5D", "6H 7H 8H"]},
            {"melds": ["AH AS AD"]},
            {"melds": ["QC 8S 8S", "Jo 4S 4D"]},
        ],
    }
    result = GAME.score(GAME.start({}, THREE), deal)
    assert result.points == (15 + OUT_BONUS, 1, 4 + 2)
    assert result.verified


@pytest.mark.parametrize(
    ("deal", "code", "path"),
    [
        (
            {"went_out": 1, "players": [{"melds": ["6H 7H 9H"]}, {}, {}]},
            "not_a_meld",
            "players.0.melds.0",
        ),
        (
            {"went_out": 0, "players": [{"melds": ["6H 7H 8H"]}, {}, {}]},
            "not_all_melded",
            "players.0.melds",
        ),
        (
            {"went_out": 2, "players": [{"melds": ["JC QC KC"]}, {}, {}]},
            "not_all_melded",
            "players.2.melds",
        ),
        (
            {
                "went_out": 2,
                "players": [{"melds": ["KC 9H 9H", "9H 9S 9D"]}, {}, {}],
            },
            "too_many",
            "players.0.melds.1",
        ),
        (
            {"went_out": 0, "players": [{"melds": ["10H 10S 10D"]}, {}, {}]},
            "not_a_meld",
            "players.0.melds.0",
        ),
        ({"went_out": 3, "players": [{}, {}, {}]}, "bad_seat", "went_out"),
        ({"went_out": 0, "players": [{}, {}]}, "wrong_player_count", "players"),
    ],
)
def test_rejections_name_the_field(deal, code, path):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, THREE), deal)
    found = [(e.code, e.path) for e in rejected.value.errors]
    assert any(c.startswith(code) and p == path for c, p in found), found


def test_totals_are_bounded_per_player():
    state = GAME.start({}, THREE)
    assert GAME.score(state, {"mode": "totals", "points": [30, 7, 0]}).points == (
        30,
        7,
        0,
    )
    with pytest.raises(DealRejected):
        GAME.score(state, {"mode": "totals", "points": [MOST_POINTS + 1, 0, 0]})


def test_first_to_50_and_the_highest_wins():
    """l.470: play until someone has 50 or more; the highest total wins."""
    deal = {"mode": "totals", "points": [10, 12, 3]}
    assert not GAME.fold([deal] * 4, {}, THREE).state.finished  # 48
    folded = GAME.fold([deal] * 5, {}, THREE)
    assert folded.state.finished and folded.totals == (50, 60, 15)
    assert folded.state.winners == (1,)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(target=50)
    assert GAME.match_goal(GAME.parse_options({"target": 30})) == MatchGoal(target=30)


def test_four_players_and_two():
    assert GAME.score(
        GAME.start({}, FOUR), {"mode": "totals", "points": [1, 2, 3, 4]}
    ).points == (1, 2, 3, 4)
    two = GAME.score(
        GAME.start({}, Table((0, 1))),
        {
            "went_out": 1,
            "players": [
                {},
                {"melds": ["AH AH 2S 2S 3D 3D", "JC JC QC QC KC KC", "5H 5S 5D"]},
            ],
        },
    )
    assert two.points == (0, 15 + 10 + 2 + OUT_BONUS)


@given(
    st.permutations(
        [c.code for c in KHANHOO_61.copies for _ in range(KHANHOO_61.copies[c])]
    ),
    st.integers(0, 3),
)
def test_any_hand_of_threes_scores_within_the_bounds(deck, out):
    """Hands cut into threes: every meld read is worth what the catalogue says, a
    player scores at most 30, and the player out gets exactly 5 on top."""
    players = []
    for seat in range(4):
        hand = deck[seat * HAND : (seat + 1) * HAND]
        melds = [" ".join(hand[i : i + 3]) for i in range(0, HAND, 3)]
        good = [m for m in melds if meld_value(parse_cards(m)) is not None]
        players.append({"melds": good})
    all_good = len(players[out]["melds"]) == 5
    if not all_good:
        players[out] = {
            "melds": ["6H 7H 8H", "6S 7S 8S", "6D 7D 8D", "2H 3H 4H", "2S 3S 4S"]
        }
        for seat, p in enumerate(players):
            if seat != out:
                p["melds"] = []
    result = GAME.score(GAME.start({}, FOUR), {"went_out": out, "players": players})
    expected = [sum(meld_value(parse_cards(m)) for m in p["melds"]) for p in players]
    expected[out] += OUT_BONUS
    assert result.points == tuple(expected)
    assert all(0 <= p <= MOST_POINTS for p in result.points)


MELDS = [
    "6H 7H 8H",
    "AS 2S 3S 4S",
    "AH AH AS",
    "5H 5S 5D",
    "JC QC KC",
    "KC 9H 9H",
    "QC 8S 8S",
    "JC 7D 7D",
    "AH 2S 3D",
    "AH AH AS AS AD AD",
    "4H 4H 4S 4S 4D 4D",
    "JC JC QC QC KC KC",
    "AH AH 2S 2S 3D 3D",
]


@given(st.sampled_from(MELDS), st.data())
def test_the_joker_never_lowers_a_meld(meld, data):
    """l.458: the joker may stand for any card, so putting it in place of one
    card of a meld leaves a meld worth at least as much."""
    cards = list(parse_cards(meld))
    at = data.draw(st.integers(0, len(cards) - 1))
    value = meld_value(cards)
    cards[at] = JOKER
    assert meld_value(cards) >= value
    assert meld_value(list(reversed(cards))) == meld_value(cards)  # order is no matter
