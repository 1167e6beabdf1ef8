"""Vazhushal (004 l.31–84): the page's examples, the meld checks, the count."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game
from games.engine.cards import JOKER, Card, parse_cards
from games.engine.melds.card_wilds import (
    opposite_colour_wilds,
    read_meld_card_wilds,
    stands_for,
)
from games.rules.vazhushal import (
    SEQUENCE,
    SET,
    TWO_DECKS,
    VALUES,
    deck_for,
    hand_count,
    line_take,
    meld_count,
    redeal_needed,
)

GAME = get_game("vazhushal")
TWO = Table((0, 1))
THREE = Table((0, 1, 2))


def _start(table=TWO, options=None):
    return GAME.start(options or {}, table)


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def _wild(indicator: str) -> frozenset[Card]:
    return opposite_colour_wilds(_cards(indicator)[0])


def _stock_out(negative: str, *players: tuple[list[str], str]) -> dict:
    return {
        "mode": "cards",
        "negative_joker": negative,
        "players": [{"melds": m, "hand": h} for m, h in players],
    }


# -- the page's examples ---------------------------------------------------------------


def test_a_spade_ace_as_negative_joker_makes_the_red_aces_wild():
    """l.55: "if the A♠ is the negative joker, the A♦ and A♥ are both wild"."""
    assert _wild("AS") == {Card("A", "D"), Card("A", "H"), JOKER}


def test_a_wild_used_as_its_natural_value_is_not_a_wild():
    """l.55: "a wild A♦ in a Q-K-A♦ meld does not count as a wild card": the meld
    is a pure sequence of 30."""
    value, pure, errors = meld_count("m", _cards("QD KD AD"), _wild("AS"))
    assert (value, pure, errors) == (30, True, [])


def test_a_wild_of_another_suit_in_a_sequence_is_a_wild():
    value, pure, errors = meld_count("m", _cards("QD KD AH"), _wild("AS"))
    assert (value, pure, errors) == (30, False, [])


@pytest.mark.parametrize(
    ("cards", "value"),
    [("5D 6D 7D", 18), ("AD 2D 3D", 15), ("QD KD AD", 30), ("9S 10S 8S", 27)],
)
def test_the_page_s_sequences_are_melds(cards, value):
    """l.53: 5-6-7♦, A-2-3 and Q-K-A; l.71: the 8♠ with the 9♠-10♠ from the line.
    Aces and faces count ten, the others their pips (l.81)."""
    assert meld_count("m", _cards(cards), _wild("4C")) == (value, True, [])


def test_k_a_2_is_not_a_sequence():
    """l.53: "not in the middle (… but not K-A-2)"."""
    _, _, errors = meld_count("m", _cards("KD AD 2D"), _wild("4C"))
    assert [e.code for e in errors] == ["not_in_a_row"]


def test_a_set_is_three_or_four_with_no_card_twice():
    """l.53: three or four of a rank; two cards of one rank and suit never in one."""
    assert meld_count("m", _cards("9C 9H 9S 9D"), _wild("4C"))[::2] == (36, [])
    _, _, errors = meld_count("m", _cards("9C 9C 9S"), _wild("4C"))
    assert [e.code for e in errors] == ["same_card_twice"]
    _, _, errors = meld_count("m", _cards("9C 9H 9S 9D 9C"), _wild("4C"))
    assert errors
    # A wild repeating a card is the set's wild (A♠ negative: A♦ wild), not a twin.
    assert meld_count("m", _cards("AD AD AC"), _wild("AS")) == (30, False, [])


def test_a_meld_of_wilds_only_is_refused():
    """l.57: "a meld cannot consist of only jokers"."""
    _, _, errors = meld_count("m", _cards("Jo Jo Jo"), _wild("AS"))
    assert [e.code for e in errors] == ["all_wild"]


def test_a_free_wild_may_be_the_one_natural_of_a_meld():
    """l.55 read with l.57: the A♥ stands as an ace, so ★-★-A♥ is a set of aces
    (a reading, docs/games/vazhushal.md)."""
    assert meld_count("m", _cards("Jo Jo AH"), _wild("AS")) == (30, False, [])


def test_the_discard_line_example():
    """l.71: line 7♦-Q♦-3♥-9♠-10♠-K♦-10♦, the 9♠ taken: it goes into a new meld
    (with the 10♠ and the 8♠ from hand), the K♦-10♦ go to the hand."""
    line = _cards("7D QD 3H 9S 10S KD 10D")
    deepest, to_hand = line_take(line, 3)
    assert deepest == Card("9", "S")
    assert to_hand == _cards("10S KD 10D")
    assert meld_count("m", (Card("8", "S"), *line[3:5]), _wild("4C"))[1] is True


def test_three_doubled_cards_in_a_hand_mean_a_redeal():
    """l.45: 2♥-2♥-5♣-5♣-J♦-J♦ is thrown in; two doubled cards are not."""
    assert redeal_needed(_cards("2H 2H 5C 5C JD JD 3S 4S 6S 7S 8S 9S 10S"))
    assert not redeal_needed(_cards("2H 2H 5C 5C JD QD 3S 4S 6S 7S 8S 9S 10S"))


def test_two_players_use_54_cards_and_more_use_108():
    """l.43."""
    assert deck_for(2).size == 54
    assert deck_for(3).size == deck_for(6).size == 108


def test_card_values_aces_and_faces_ten_others_pips():
    """l.81."""
    assert [VALUES[r] for r in ("A", "K", "Q", "J", "10", "9", "2")] == [
        10,
        10,
        10,
        10,
        10,
        9,
        2,
    ]


# -- wilds stand for the card they substitute (l.81) ----------------------------------


def test_a_wild_in_a_set_counts_as_the_set_s_rank():
    assert meld_count("m", _cards("KC KH Jo"), _wild("4C"))[0] == 30
    assert meld_count("m", _cards("3C 3H 4D"), _wild("4C"))[0] == 9


def test_a_wild_in_a_sequence_counts_as_the_card_it_fills():
    # 5♦-★-7♦: the joker is the 6♦.
    assert meld_count("m", _cards("5D Jo 7D"), _wild("4C"))[0] == 18
    # The 4♥ is wild (4♣ negative): 9♦-10♦-4♥ reads 9-10-J (higher than 8-9-10).
    assert meld_count("m", _cards("9D 10D 4H"), _wild("4C"))[0] == 29


def test_stands_for_names_every_card_s_rank_in_order():
    wild = _wild("4C")
    meld = read_meld_card_wilds(_cards("Jo 6S 7S"), SEQUENCE, wild).meld
    assert stands_for(meld, SEQUENCE, wild, VALUES.__getitem__) == ("8", "6", "7")
    meld = read_meld_card_wilds(_cards("QS Jo QH"), SET, wild).meld
    assert stands_for(meld, SET, wild, VALUES.__getitem__) == ("Q", "Q", "Q")


# -- a stock-out -----------------------------------------------------------------------

A_STOCK_OUT = _stock_out(
    "AS",
    (["5D 6D 7D", "QD KD AH", "9C 9H Jo"], "2C Jo"),
    ([], "KS 3H"),
)


def test_a_stock_out_counts_melds_minus_hand_and_the_highest_wins():
    """Seat 0: 18 + 30 + 27 melded − (2 + a joker 10) = 63; seat 1: − 13."""
    score = GAME.score(_start(), A_STOCK_OUT)
    assert score.points == (63, -13)
    state = GAME.advance(_start(), score)
    assert state.finished and state.winners == (0,)


def test_the_joker_in_hand_counts_the_option():
    score = GAME.score(_start(options={"joker_in_hand": 0}), A_STOCK_OUT)
    assert score.points == (73, -13)


def test_going_out_wins_without_a_count():
    """l.79: the player who goes out wins the game."""
    state = _start(THREE)
    score = GAME.score(state, {"mode": "out", "went_out": 2})
    assert score.points == (0, 0, 0)
    after = GAME.advance(state, score)
    assert after.finished and after.winners == (2,)
    assert GAME.deal_winners(score.points, score.detail) == (2,)


def test_a_tie_for_the_highest_count_is_a_shared_win():
    deal = _stock_out("4C", (["5D 6D 7D"], "8C"), (["5S 6S 7S"], "8H"))
    score = GAME.score(_start(), deal)
    assert score.points == (10, 10)
    assert GAME.advance(_start(), score).winners == (0, 1)


def test_melds_without_a_pure_sequence_are_refused():
    """l.59–61: the melds always hold a sequence of three or more with no wilds."""
    deal = _stock_out("4C", (["9C 9H 9S", "5D Jo 7D"], ""), ([], "8H"))
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(), deal)
    assert {(e.path, e.code) for e in rejected.value.errors} == {
        ("players.0.melds", "no_pure_sequence")
    }


def test_two_identical_melds_are_refused():
    """l.57: no two melds identical in suit and sequence (108 cards: three players)."""
    deal = _stock_out("4C", (["5D 6D 7D", "7D 5D 6D"], ""), ([], "8H"), ([], "8S"))
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(THREE), deal)
    assert [e.code for e in rejected.value.errors] == ["identical_melds"]


def test_a_sequence_with_a_joker_is_identical_to_the_natural_one():
    """l.57 "identical in suit and sequence": 5♦-★-7♦ beside 5♦-6♦-7♦ is refused;
    5♦-6♦-7♦ beside 6♦-7♦-8♦ is not."""
    deal = _stock_out("4C", (["5D 6D 7D", "5D Jo 7D"], ""), ([], "8H"), ([], "8S"))
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(THREE), deal)
    assert [e.path for e in rejected.value.errors] == ["players.0.melds.1"]
    deal = _stock_out("4C", (["5D 6D 7D", "6D 7D 8D"], ""), ([], "8H"), ([], "8S"))
    assert GAME.score(_start(THREE), deal).points == (39, -8, -8)


def test_every_error_names_its_field_and_the_deck_counts_the_negative_joker():
    """Two players: one deck of 54, so a second A♠ beside the negative joker is one
    too many; a bad meld is named by its path."""
    deal = _stock_out("AS", (["5D 6D 7D", "KD AD 2D"], "AS"), ([], "3H"))
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(), deal)
    codes = {(e.path.split(".")[0], e.code) for e in rejected.value.errors}
    assert ("players", "not_in_a_row") in codes
    assert any(code == "too_many_copies" for _, code in codes)


def test_the_wrong_number_of_players_is_refused():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(THREE), A_STOCK_OUT)
    assert "wrong_player_count" in {e.code for e in rejected.value.errors}


def test_the_game_is_one_game_won_or_lost():
    assert GAME.match_goal(GAME.parse_options({})).deals == 1
    assert GAME.stakes_per_point is False
    assert GAME.deck == TWO_DECKS


# -- properties ------------------------------------------------------------------------

CODES = [c for c in TWO_DECKS.copies]


@settings(max_examples=200, deadline=None)
@given(
    negative=st.sampled_from(CODES),
    meld=st.lists(st.sampled_from(CODES), min_size=3, max_size=5),
)
def test_a_meld_that_counts_counts_its_stands_for_ranks(negative, meld):
    """Whatever is accepted counts between the least and most its length can, and
    a meld with no wild at all counts its own cards."""
    wild = opposite_colour_wilds(negative)
    value, pure, errors = meld_count("m", meld, wild)
    if errors:
        assert value == 0 and not pure
        return
    assert 2 * len(meld) <= value <= 10 * len(meld)
    if not any(c in wild for c in meld):
        assert value == hand_count(meld, 10)


@settings(max_examples=100, deadline=None)
@given(st.permutations(CODES), st.integers(1, 12), st.integers(1, 12))
def test_hands_alone_count_minus_their_values(cards, a, b):
    """With no melds, each player's count is minus the hand: the points add up to
    minus every card entered."""
    hands = [cards[:a], cards[a : a + b], cards[a + b : a + b + 3]]
    deal = {
        "negative_joker": "Jo",
        "players": [{"hand": [c.code for c in h]} for h in hands],
    }
    score = GAME.score(_start(THREE), deal)
    assert sum(score.points) == -sum(hand_count(h, 10) for h in hands)


def test_the_doc_page_s_worked_example_scores_as_it_says():
    """docs/games/vazhushal.md: the stock-out entry shown counts 63 and −13."""
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs/games/vazhushal.md").read_text()
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    entry = next(json.loads(b) for b in blocks if '"cards"' in b)
    assert GAME.score(_start(), entry).points == (63, -13)
    assert "Count **63**" in text and "Count **−13**" in text
