"""Strip Poker (book ch 26, l.1821–1873): the antes, two bettings, the showdown with
wild jokers, split pots, garments as 20-unit loans, dropping out and rebalancing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, SetupRejected, Table, get_game
from games.engine.chips import chip_points
from tests.games.strategies.strip_poker import deals

GAME = get_game("strip-poker")
THREE = Table((0, 1, 2))

# Seat 0 deals, so seat 1 bets first. Hands in seat order.
STRAIGHT = "2S 3H 4D 5C 6S"
TWO_PAIR = "AH AD KC KD 9S"
PAIR = "QH QD 2C 3C 4H"


def score(deal: dict, options: dict | None = None, table: Table = THREE):
    return GAME.score(GAME.start(options or {}, table), deal)


def codes(deal: dict, options: dict | None = None, table: Table = THREE) -> set[str]:
    with pytest.raises(DealRejected) as rejected:
        score(deal, options, table)
    return {e.code for e in rejected.value.errors}


def test_declaration():
    """20 units each (§26), 2–6 players; the totals (worth) are settled per point,
    since the bank antes leave the players and no deal's chips cancel out."""
    state = GAME.start({}, THREE)
    assert state.totals == (20, 20, 20)
    assert not GAME.chips_are_money and GAME.stakes_per_point
    assert {len(t) for t in GAME.tables} == set(range(2, 7))


def test_six_players_use_at_least_two_jokers():
    """§26: "If there are six players, use at least two jokers"."""
    six = Table(tuple(range(6)))
    with pytest.raises(SetupRejected) as rejected:
        GAME.start({}, six)
    assert rejected.value.errors[0].code == "too_few_jokers"
    assert GAME.start({"jokers": 2}, six).totals == (20,) * 6


def test_the_antes_and_the_best_hand():
    """§26.2: four units to the bank, one to the pot; two rounds of checks; the
    straight takes the pot of 3. Each player −4 to the bank; the winner +2."""
    result = score(
        {
            "first_betting": "C C C",
            "second_betting": "C C C",
            "hands": [PAIR, STRAIGHT, TWO_PAIR],
        }
    )
    assert result.points == (-5, -2, -5)
    assert result.detail == {"paid": [1, 1, 1], "winners": [1]}
    assert sum(result.points) == -3 * 4  # the bank antes leave the players


def test_two_bettings_only_those_still_in_bet_again():
    """§26.2: seat 1 bets 3, seat 2 folds, seat 0 calls; the second betting is
    between seats 1 and 0 only: seat 1 bets 2, seat 0 raises 5, seat 1 calls.
    Paid 11 / 11 / 1; seat 0's two pair beats seat 1's pair."""
    result = score(
        {
            "first_betting": "R3 F C",
            "second_betting": "R2 R5 C",
            "hands": [TWO_PAIR, PAIR, ""],
        }
    )
    assert result.detail == {"paid": [11, 11, 1], "winners": [0]}
    assert result.points == (-4 - 11 + 23, -4 - 11, -4 - 1)


def test_all_fold_but_one_who_shows_nothing():
    """§26.2: if everyone except one player folded, that player collects the pot
    without showing."""
    result = score({"first_betting": "R1 F F", "second_betting": "", "hands": []})
    assert result.detail == {"paid": [1, 2, 1], "winners": [1]}
    assert codes({"first_betting": "R1 F F", "second_betting": "C", "hands": []}) == {
        "betting_over"
    }


def test_jokers_are_wild_book_example():
    """§26.3: Joker-KK42 is three kings, which beats two pair."""
    result = score(
        {
            "first_betting": "C C C",
            "second_betting": "C C C",
            "hands": ["Jo KS KH 4D 2C", TWO_PAIR, "QH QD 7C 3C 8H"],
        },
        {"jokers": 1},
    )
    assert result.detail["winners"] == [0]
    assert "three of a kind, K K K 4 2" in [
        f.text.split(": ")[1] for f in result.facts if f.code == "hand"
    ]


def test_five_of_a_kind_beats_a_straight_flush():
    """§26.3: five of a kind, possible only with a joker, is the highest hand."""
    result = score(
        {
            "first_betting": "C C C",
            "second_betting": "C C C",
            "hands": ["9S 9H 9D 9C Jo", "AH KH QH JH 10H", "2C 3C 4D 6S 7S"],
        },
        {"jokers": 1},
    )
    assert result.detail["winners"] == [0]


def test_equal_hands_split_the_pot_odd_chip_left_of_the_dealer():
    """Suits are not ranked (ch 21): two equal straights split the pot of 5; the odd
    unit goes to the first of them left of the dealer (Kirjuri's reading)."""
    result = score(
        {
            "first_betting": "R2 C F",
            "second_betting": "C C",
            "hands": ["", "2H 3D 4C 5S 6H", STRAIGHT],
        }
    )
    assert result.detail == {"paid": [1, 3, 3], "winners": [1, 2]}
    assert result.points == (-5, -4 - 3 + 4, -4 - 3 + 3)


def test_a_player_out_of_chips_strips_a_garment_for_20():
    """§26.4: a player who cannot pay strips one garment and gets 20 units from the
    bank. Seats 0 and 1 hold 20, pay 4 + 11 = 15 and lose, then hold 5; next deal
    4 + 11 again: 10 short, a garment — 20 units — and 10 left. Seat 2's straight
    takes 33 twice: 20 + 2 × 18."""
    hand = {
        "first_betting": "R5 C C",
        "second_betting": "R5 C C",
        "hands": [PAIR, TWO_PAIR, STRAIGHT],
    }
    folded = GAME.fold([hand, hand], {}, THREE)
    assert not folded.needs_attention
    ledger = folded.state.ledger
    assert ledger.balances[0] == 5 - 15 + 20
    assert ledger.loans == (20, 20, 0)
    assert folded.state.garments_stripped(0) == 1
    assert folded.totals == tuple(ledger.worth(p) for p in range(3))
    assert folded.totals == (-10, -10, 20 + 2 * 18)
    facts = [f.text for f in folded.deals[1].score.facts if f.code == "stripped"]
    assert facts == [
        "player 1 strips 1 garment for 20 units (3 left)",
        "player 2 strips 1 garment for 20 units (3 left)",
    ]
    rows = {r.code: r.value for r in folded.next_deal.context}
    assert rows["garments"] == (3, 3, 4)


def test_a_player_who_ran_out_but_won_the_pot_keeps_the_garment():
    """§26.4: the chips may be had in the middle of a deal but stripping is at its
    end: a player who wins the pot pays the 20 back instead of stripping. Seat 0
    starts with 5, puts 4 + 11 = 15 in (10 short in the middle) and wins 33."""
    result = score(
        {
            "first_betting": "R5 C C",
            "second_betting": "R5 C C",
            "hands": [STRAIGHT, PAIR, TWO_PAIR],
        },
        {"start": 5},
    )
    assert result.points == (-15 + 33, -15, -15)
    assert not [f for f in result.facts if f.code == "stripped" and f.side == 0]


def test_the_naked_drop_out_and_the_others_rebalance():
    """§26.5: with one garment, the player who strips it is naked and drops out;
    their chips go back to the bank, and when every player still in holds more
    than 20, all give up the same number of units so that the poorest holds 20."""
    options = {"garments": 1, "start": 30}
    # Seat 0 deals, seat 1 bets first. Everyone puts 4 + 26 = 30 in; seats 1 and 2
    # split the pot of 78 with equal straights: 0 / 39 / 39.
    first = {
        "first_betting": "R5 R5 R5 C C",
        "second_betting": "R5 R5 C C",
        "hands": [PAIR, "2H 3D 4C 5S 6H", STRAIGHT],
    }
    # Seat 1 deals; everyone checks twice and pays 5; seat 1's straight takes 3.
    # Seat 0 is 5 short: it strips its one garment for 20, keeps 15 — and is naked,
    # so it drops out and its 15 go back to the bank. Seats 1 and 2 hold 37 and 34,
    # both more than 20: each gives the bank 14, leaving 23 and 20.
    second = {
        "first_betting": "C C C",
        "second_betting": "C C C",
        "hands": [PAIR, STRAIGHT, TWO_PAIR],
    }
    folded = GAME.fold([first, second], options, THREE)
    assert not folded.needs_attention
    assert folded.deals[0].score.points == (-30, 9, 9)
    assert folded.deals[1].score.points == (-20, -16, -19)
    state = folded.state
    assert state.out == (0,)
    assert state.ledger.balances == (0, 23, 20)
    assert state.ledger.loans == (20, 0, 0)
    assert folded.totals == (-20, 23, 20)
    assert not folded.finished
    assert folded.next_deal.dealer == 2
    rows = {r.code: r.value for r in folded.next_deal.context}
    assert rows["garments"] == ("out", 1, 1)
    facts = {f.code: f.text for f in folded.deals[1].score.facts}
    assert facts["dropped"] == "player 1 is naked and drops out"
    assert facts["rebalanced"] == "everyone still in gives the bank 14 units"
    # The player who is out takes no part: no hand, no chips.
    third = {
        "first_betting": "C C",
        "second_betting": "C C",
        "hands": [PAIR, STRAIGHT, TWO_PAIR],
    }
    assert (
        GAME.fold([first, second, third], options, THREE).deals[2].errors[0].code
        == "player_out"
    )


def test_the_match_ends_when_one_player_is_left():
    """§26.5: with one player left there is nobody to play; the highest worth wins."""
    options = {"garments": 1, "start": 6}
    hand = {"first_betting": "C C", "second_betting": "C C", "hands": [PAIR, STRAIGHT]}
    two = Table((0, 1))
    folded = GAME.fold([hand, hand], options, two)
    assert folded.finished and folded.state.out == (0,)
    assert folded.winners == (1,)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 5).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(deals(n), max_size=10))
    ),
    st.sampled_from([{}, {"start": 8, "garments": 1}, {"start": 8}]),
)
def test_chips_are_conserved_and_garments_are_loans(case, options):
    """Chips held + the bank + the table never change; the totals are each player's
    worth; a garment is 20 units lent for good; a player is out exactly when every
    garment is gone."""
    players, hands = case
    table = Table(tuple(range(players)))
    folded = GAME.fold(hands, options, table)
    ledger = folded.state.ledger
    start = options.get("start", 20)
    assert sum(ledger.balances) + ledger.bank + ledger.table == start * players
    assert min(ledger.balances) >= 0
    assert folded.totals == tuple(ledger.worth(p) for p in range(players))
    garments = options.get("garments", 4)
    for p in range(players):
        assert ledger.loans[p] % 20 == 0
        assert (p in folded.state.out) == (ledger.loans[p] // 20 >= garments)
        if p in folded.state.out:
            assert ledger.balances[p] == 0
    for record in folded.deals:
        if record.score is not None:
            assert sum(record.score.points) <= 0
    assert sum(chip_points(ledger)) == -(ledger.bank + sum(ledger.loans) + ledger.table)


def test_pot_only_entry():
    """What each paid and who won: a split pot of 7 between seats 1 and 2 (odd unit
    to seat 1, first left of the dealer); the winners paid the most, everyone the
    pot ante."""
    result = score({"mode": "totals", "paid": [1, 3, 3], "won": [False, True, True]})
    assert result.points == (-5, -4 - 3 + 4, -4 - 3 + 3)
    assert not result.verified
    assert codes({"mode": "totals", "paid": [1, 3, 2], "won": [False, True, True]}) == {
        "winner_paid_less"
    }
    assert codes(
        {"mode": "totals", "paid": [0, 3, 3], "won": [False, True, False]}
    ) == {"no_ante"}
    assert codes(
        {"mode": "totals", "paid": [1, 3, 3], "won": [False, False, False]}
    ) == {"no_winner"}


def test_no_raise_beyond_what_the_last_garment_calls():
    """§26.5: a player who trades the last garment for 20 units during a hand may
    not be raised beyond what those 20 call. With one garment and 6 chips each, 4
    go to the bank: a player holds 2 for the pot, so a stake of 22 is the most.
    Seat 1 (left of the dealer) bets first."""
    options = {"garments": 1, "start": 6}
    two = Table((0, 1))
    first = "R5 R5 R5 C"  # stakes 16 and 16: both traded their last garment
    within = {
        "first_betting": first,
        "second_betting": "R5 R1 C",  # 22 each: what the 20 units call
        "hands": [PAIR, STRAIGHT],
    }
    # Each also paid the bank 4: seat 1's straight takes the pot of 44.
    assert score(within, options, two).points == (-26, 18)
    beyond = {**within, "second_betting": "R5 R1 R5 F"}  # 27: forbidden
    with pytest.raises(DealRejected) as rejected:
        score(beyond, options, two)
    errors = [e for e in rejected.value.errors if e.code == "raise_beyond_last_garment"]
    assert errors and all(e.path == "second_betting" for e in errors)
    assert "§26.5" in errors[0].message
    # The same limit when only what each paid is entered.
    totals = {"mode": "totals", "paid": [22, 27], "won": [False, True]}
    assert "raise_beyond_last_garment" in codes(totals, options, two)
