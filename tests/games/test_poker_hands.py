"""Poker hands (book ch 21, l.1552–1595): Kirjuri's ranking against the book's rules
and against an independent evaluator (``phevaluator``, a dev dependency) over every
five-card hand and a million random seven-card hands; wild jokers (§26.3) against a
brute force over every substitution."""

from __future__ import annotations

import random
from itertools import combinations, pairwise, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phevaluator import evaluate_5cards, evaluate_7cards

from games.engine.cards import JOKER, STANDARD_CARDS, Suit, parse_cards
from games.engine.poker import (
    VALUES,
    HandCategory,
    PokerHand,
    PokerHandError,
    card_key,
    hand_key,
    poker_hand,
    wild_hand_key,
)

DECK = list(STANDARD_CARDS)
# phevaluator's card id: rank (2 = 0 … ace = 12) × 4 + suit (clubs, diamonds, hearts,
# spades).
_SUIT_ID = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
PH_ID = {c: (VALUES[c.rank] - 2) * 4 + _SUIT_ID[c.suit] for c in DECK}


def key(text: str) -> int:
    return hand_key(parse_cards(text))


def category(text: str, *, wild: bool = False) -> HandCategory:
    return poker_hand(parse_cards(text), wild=wild).category


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("AS KS QS JS 10S", HandCategory.STRAIGHT_FLUSH),  # §21.1
        ("5H 4H 3H 2H AH", HandCategory.STRAIGHT_FLUSH),  # §21.1: ace as 1
        ("9C 9D 9H 9S 2C", HandCategory.FOUR_OF_A_KIND),  # §21.2
        ("KS KH KD 7C 7S", HandCategory.FULL_HOUSE),  # §21.3
        ("2D 7D 9D JD KD", HandCategory.FLUSH),  # §21.4
        ("10S 9H 8D 7C 6S", HandCategory.STRAIGHT),  # §21.5
        ("AS 2D 3C 4H 5S", HandCategory.STRAIGHT),  # §21.5: ace as 1
        ("QS QH QD 7C 2S", HandCategory.THREE_OF_A_KIND),  # §21.6
        ("JS JH 4D 4C AS", HandCategory.TWO_PAIR),  # §21.7
        ("8S 8H KD 4C 2S", HandCategory.PAIR),  # §21.8
        ("AS QH 9D 4C 2S", HandCategory.HIGH_CARD),  # §21.9
        ("QS KS AS 2S 3H", HandCategory.HIGH_CARD),  # no wrap-around straight
    ],
)
def test_categories(hand: str, expected: HandCategory) -> None:
    """Each of the book's categories is recognised, and the ace is 14 or 1 only at
    the ends of a straight."""
    assert category(hand) == expected


def test_category_order_is_the_books() -> None:
    """Any hand of a higher category beats any hand of a lower one (ch 21 intro):
    the worst hand of each category beats the best of the one below."""
    best_and_worst = [
        ("AS KH QD JC 9S", "7S 5H 4D 3C 2S"),  # high card
        ("AS AH KD QC JS", "2S 2H 3D 4C 5H"),  # pair (5H: no straight)
        ("AS AH KD KC QS", "3S 3H 2D 2C 4S"),
        ("AS AH AD KC QS", "2S 2H 2D 3C 4S"),
        ("AS KH QD JC 10S", "5S 4H 3D 2C AS"),  # straight; the wheel lowest
        ("AS KS QS JS 9S", "7H 5H 4H 3H 2H"),
        ("AS AH AD KC KS", "2S 2H 2D 3C 3S"),
        ("AS AH AD AC KS", "2S 2H 2D 2C 3S"),
        ("AS KS QS JS 10S", "5D 4D 3D 2D AD"),
    ]
    for (_, worst_above), (best_below, _) in zip(
        best_and_worst[1:], best_and_worst[:-1], strict=True
    ):
        assert key(worst_above) > key(best_below), (worst_above, best_below)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        # §21.1: the highest card decides; the ace as 1 is the lowest card.
        ("KH QH JH 10H 9H", "QS JS 10S 9S 8S"),
        ("6C 5C 4C 3C 2C", "5D 4D 3D 2D AD"),
        # §21.2: the quadruplet, then the additional card.
        ("3S 3H 3D 3C 2S", "2S 2H 2D 2C AS"),
        ("9S 9H 9D 9C KS", "9S 9H 9D 9C QS"),
        # §21.3: the triplet, then the pair.
        ("3S 3H 3D 2C 2S", "2S 2H 2D AC AS"),
        ("QS QH QD 8C 8S", "QS QH QD 7C 7S"),
        # §21.4: highest card, then the second highest and so on.
        ("AH 9H 7H 4H 3H", "KS QS JS 9S 7S"),
        ("KD QD 9D 5D 3D", "KS QS 9S 5S 2S"),
        # §21.5: the highest card; the wheel is the lowest straight.
        ("6S 5H 4D 3C 2S", "5S 4H 3D 2C AS"),
        ("AS KH QD JC 10S", "KS QH JD 10C 9S"),
        # §21.6: the triplet, then the highest additional card, then the other.
        ("8S 8H 8D 3C 2S", "7S 7H 7D AC KS"),
        ("8S 8H 8D AC 2S", "8S 8H 8D KC QS"),
        ("8S 8H 8D AC 3S", "8S 8H 8D AC 2S"),
        # §21.7: the highest pair, then the low pair, then the remaining card.
        ("KS KH 3D 3C 2S", "QS QH JD JC AS"),
        ("KS KH 4D 4C 2S", "KS KH 3D 3C AS"),
        ("KS KH 4D 4C 6S", "KS KH 4D 4C 5S"),
        # §21.8: the pair, then the highest additional cards one by one.
        ("9S 9H 4D 3C 2S", "8S 8H AD KC QS"),
        ("9S 9H AD 3C 2S", "9S 9H KD QC JS"),
        ("9S 9H AD QC 2S", "9S 9H AD JC 10S"),
        ("9S 9H AD QC 3S", "9S 9H AD QC 2S"),
        # §21.9: card by card.
        ("AS 7H 5D 3C 2S", "KS QH JD 9C 8S"),
        ("AS KH 5D 3C 2S", "AS QH JD 9C 8S"),
        ("AS KH QD JC 9S", "AS KH QD JC 8S"),
    ],
)
def test_tie_breaks(better: str, worse: str) -> None:
    """Hands of one category compare as §21.1–21.9 say."""
    assert key(better) > key(worse)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("AS KH QD JC 9S", "AH KD QC JS 9H"),  # suits are not ranked
        ("KH QH JH 10H 9H", "KS QS JS 10S 9S"),
        ("5S 4H 3D 2C AS", "5H 4D 3C 2S AH"),
    ],
)
def test_suits_are_not_ranked(a: str, b: str) -> None:
    assert key(a) == key(b)


def test_describe() -> None:
    assert poker_hand(parse_cards("KS KH KD 7C 7S")).describe() == (
        "full house, K over 7"
    )
    assert poker_hand(parse_cards("5S 4H 3D 2C AS")).describe() == "straight to 5"
    assert PokerHand.from_key(key("JS JH 4D 4C AS")).values == (11, 11, 4, 4, 14)


def test_not_a_hand() -> None:
    with pytest.raises(PokerHandError):
        hand_key(parse_cards("AS KS QS JS"))
    with pytest.raises(PokerHandError):
        hand_key(parse_cards("Jo KS QS JS 10S"))


def test_card_key_ranks_suits_spades_hearts_diamonds_clubs() -> None:
    """Indian Poker §25.3 and Chinese Poker §24.1 break rank ties by suit."""
    order = [card_key(c) for c in parse_cards("AS AH AD AC KS 2S 2C")]
    assert order == sorted(order, reverse=True)
    two_high = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
    assert card_key(parse_cards("2C")[0], rank_order=two_high) > card_key(
        parse_cards("AS")[0], rank_order=two_high
    )


# -- against an independent evaluator -----------------------------------------------


def _check_same_order(pairs: dict[int, int]) -> None:
    """``pairs`` maps each of the evaluator's ranks (smaller is stronger) to
    Kirjuri's key seen with it. Equal ↔ equal and better ↔ better hold for every
    pair of hands exactly when that map is one-to-one and strictly decreasing."""
    ordered = [pairs[r] for r in sorted(pairs)]
    assert all(a > b for a, b in pairwise(ordered))


@pytest.mark.slow
def test_all_five_card_hands_against_phevaluator() -> None:
    """All 2,598,960 five-card hands order as phevaluator orders them."""
    seen: dict[int, int] = {}
    ids = PH_ID
    count = 0
    for hand in combinations(DECK, 5):
        a, b, c, d, e = hand
        theirs = evaluate_5cards(ids[a], ids[b], ids[c], ids[d], ids[e])
        ours = hand_key(hand)
        if seen.setdefault(theirs, ours) != ours:
            pytest.fail(f"{hand}: {ours} and {seen[theirs]} for one evaluator rank")
        count += 1
    assert count == 2_598_960
    assert len(seen) == 7462  # the distinct five-card hands
    _check_same_order(seen)


@pytest.mark.slow
def test_a_million_seven_card_hands_against_phevaluator() -> None:
    """The best five of seven, for a million random hands, orders as phevaluator."""
    rng = random.Random(21)
    seen: dict[int, int] = {}
    ids = PH_ID
    for _ in range(1_000_000):
        hand = rng.sample(DECK, 7)
        theirs = evaluate_7cards(*(ids[c] for c in hand))
        ours = hand_key(hand)
        if seen.setdefault(theirs, ours) != ours:
            pytest.fail(f"{hand}: {ours} and {seen[theirs]} for one evaluator rank")
    _check_same_order(seen)


# No deadline: the first hand ranked builds the ranking tables (~0.5 s).
@settings(deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True))
def test_best_of_seven_is_the_best_five(cards: list) -> None:
    """A seven-card hand's key is that of its best five cards, whatever the order."""
    best = max(hand_key(five) for five in combinations(cards, 5))
    assert hand_key(cards) == best
    assert hand_key(list(reversed(cards))) == best


@settings(deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=8))
def test_other_sizes_and_repeated_cards(cards: list) -> None:
    """Six or eight cards, and cards repeated from several decks (Fireplace Poker):
    the best five of them, as the five-card ranking says."""
    best = max(hand_key(five) for five in combinations(cards, 5))
    assert hand_key(cards) == best


# -- wild jokers (§26.3) ------------------------------------------------------------


def _brute_force(cards: list) -> int:
    """The best hand over every substitution of each joker by each of the 52 cards
    (a joker may copy a card already in the hand)."""
    naturals = [c for c in cards if c != JOKER]
    jokers = len(cards) - len(naturals)
    return max(hand_key(naturals + list(sub)) for sub in product(DECK, repeat=jokers))


def test_book_example_joker_is_a_king() -> None:
    """§26.3: Joker-KK42 is three kings."""
    hand = poker_hand(parse_cards("Jo KS KH 4D 2C"), wild=True)
    assert hand.category == HandCategory.THREE_OF_A_KIND
    assert hand.values == (13, 13, 13, 4, 2)


def test_five_of_a_kind_beats_a_royal_flush() -> None:
    """§26.3: five of a kind is the highest hand, higher than a straight flush."""
    five = wild_hand_key(parse_cards("Jo 2S 2H 2D 2C"))
    assert PokerHand.from_key(five).category == HandCategory.FIVE_OF_A_KIND
    assert five > key("AS KS QS JS 10S")
    assert (
        wild_hand_key(parse_cards("Jo Jo Jo Jo 7H"))
        == PokerHand(HandCategory.FIVE_OF_A_KIND, (7,) * 5).key
    )


@pytest.mark.parametrize("jokers", [1, 2])
def test_wild_hands_against_every_substitution(jokers: int) -> None:
    """One or two jokers: the wild ranking equals the brute force, on random hands
    and on hands built to tempt (one suit, near straights, pairs)."""
    rng = random.Random(26 + jokers)
    hands = [rng.sample(DECK, 5 - jokers) for _ in range(300 if jokers == 1 else 40)]
    hands += [
        list(parse_cards(t))[: 5 - jokers]
        for t in (
            "AS KS QS JS",
            "5H 4H 2H AH",
            "9D 9C 9H 9S",
            "KS KH 7C 7D",
            "2C 3D 4H 6S",
        )
    ]
    for naturals in hands:
        cards = naturals + [JOKER] * jokers
        assert wild_hand_key(cards) == _brute_force(cards), naturals


@pytest.mark.slow
def test_three_jokers_against_every_substitution() -> None:
    """Three jokers (140,608 substitutions each): a pair, a suited pair, a gap."""
    for text in ("KS KH", "9S 10S", "2D 7C"):
        cards = [*parse_cards(text), JOKER, JOKER, JOKER]
        assert wild_hand_key(cards) == _brute_force(cards), text


def test_four_jokers_make_five_of_a_kind() -> None:
    """Four jokers and any card: five of that card's rank, the best hand with it."""
    for card in DECK:
        got = PokerHand.from_key(wild_hand_key([card, JOKER, JOKER, JOKER, JOKER]))
        assert got == PokerHand(HandCategory.FIVE_OF_A_KIND, (VALUES[card.rank],) * 5)
