"""Sinkki (book ch 43): the hand's partition (§43.2), the chips (§43.5), the match."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.partition import brute_force_deadwood
from games.engine import DealRejected, Table, get_game
from games.engine.cards import STANDARD_CARDS, parse_cards
from games.engine.chips import chip_points
from games.engine.serialize import state_to_json
from games.rules.sinkki import SOLVER, TRASH_VALUES

GAME = get_game("sinkki")
THREE, FOUR, FIVE = Table((0, 1, 2)), Table((0, 1, 2, 3)), Table((0, 1, 2, 3, 4))
CODES = [card.code for card in STANDARD_CARDS]


def trash_of(hand: str) -> int:
    return SOLVER.deadwood(parse_cards(hand))


# -- §43.2: combinations and trash ---------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "trash"),
    [
        # Three or four of a rank; three or more in a row of a suit: clean games.
        ("4H 4D 4C 4S 5S 6S 7S", 0),  # 4444 is one, 4-5-6-7 of spades would need 4S
        ("AS 2S 3S 9H 9D 9C 9S", 0),  # the ace as 1 in a run
        # "An ace can be only 1, not 14": Q-K-A is no run; ace 1, J/Q/K 10.
        ("QS KS AS 2H 3H 4H 8D", 29),
        # Each card in one combination only: 4S in the set or the run, not both.
        ("4H 4D 4C 4S 5S 6S 9D", 9),
        # No combination at all: the values added up (1 + 2 + 10 + 10 + 10 + 7 + 3).
        ("AS 2H JD QC KS 7H 3C", 43),
        # Two cards in a row are no run; a pair is no set.
        ("5S 6S 5H 5D 9C 9D TC", 5 + 6 + 9 + 9 + 10 - 5),
    ],
)
def test_the_hand_splits_into_combinations_and_trash(hand, trash):
    assert trash_of(hand) == trash


def test_sets_hold_at_most_four_and_runs_any_length():
    assert SOLVER.sets.max_length == 4
    assert trash_of("3S 4S 5S 6S 7S 8S 9S") == 0
    assert TRASH_VALUES.by_rank["A"] == 1 and TRASH_VALUES.by_rank["K"] == 10


@settings(max_examples=200)
@given(st.lists(st.sampled_from(CODES), min_size=7, max_size=7, unique=True))
def test_the_solver_agrees_with_every_partition(codes):
    hand = parse_cards(" ".join(codes))
    assert SOLVER.deadwood(hand) == brute_force_deadwood(
        hand, SOLVER.sets, SOLVER.runs, TRASH_VALUES
    )


# -- §43.5: the chips ----------------------------------------------------------------


def _fold(raws, table=FOUR, **options):
    return GAME.fold(raws, options, table)


def _trash(*values, **calls):
    return {"mode": "totals", "trash": list(values), **calls}


def test_a_clean_game_is_paid_four_by_everyone():
    """§43.5: "If someone called a clean game, everyone pays him four units"."""
    folded = _fold(
        [
            {
                "hands": [
                    "AS 2S 3S 4H 4D 4C KD",
                    "5H 6H 7H 8H 9C 9D 9S",
                    "2C 3C 5C 7C JD QD KH",
                    "2D 3D 6D TS TH JC QH",
                ]
            }
        ]
    )
    assert folded.deals[0].score.points == (-4, 12, -4, -4)
    assert folded.totals == (96, 112, 96, 96)
    facts = [f.text for f in folded.deals[0].score.facts]
    assert "player 2: trash 0 (9S 9D 9C | 5H 6H 7H 8H)" in facts
    assert "player 2: clean game" in facts


def test_the_lowest_trash_takes_two_from_everyone():
    folded = _fold([_trash(10, 3, 20, 43)])
    assert folded.deals[0].score.points == (-2, 6, -2, -2)


def test_tied_winners_split_and_the_odd_chips_go_to_the_next_winner():
    """§43.5: "If it cannot be split evenly, the extra units go to the winner of the
    next deal": 4 chips among 3 winners, one each, 1 carried."""
    folded = _fold([_trash(3, 3, 3, 9, 12), _trash(5, 7, 8, 9, 1)], FIVE)
    assert [d.totals for d in folded.deals] == [
        (101, 101, 101, 98, 98),
        (99, 99, 99, 96, 107),
    ]
    assert folded.deals[0].score.detail["carried_out"] == 1
    assert folded.state.ledger.table == 0
    assert chip_points(folded.state.ledger) == (-1, -1, -1, -4, 7)


def test_the_carry_waits_on_the_sheet():
    folded = _fold([_trash(3, 3, 3, 9, 12)], FIVE)
    (row,) = folded.next_deal.context
    assert (row.code, row.kind, row.value) == ("carried", "number", 1)


def test_a_clean_game_takes_the_carried_chips_too():
    folded = _fold([_trash(3, 3, 3, 9, 12), _trash(5, 7, 0, 9, 1)], FIVE)
    assert folded.deals[1].score.points == (-4, -4, 17, -4, -4)


def test_a_sinkki_caller_who_loses_pays_six():
    """§43.5: "the player who called sinkki pays a total of six units to the
    winner"."""
    folded = _fold([_trash(12, 5, 20, 30, sinkki=0)])
    assert folded.deals[0].score.points == (-6, 10, -2, -2)


def test_a_sinkki_caller_tied_for_lowest_is_not_a_winner():
    """§43.5: a winner "only if he has the lowest value of a hand as the only
    player": he pays 2 + 4 to the other tied player."""
    folded = _fold([_trash(4, 4, 9, sinkki=0)], THREE)
    assert folded.totals == (94, 108, 98)


def test_a_sinkki_caller_alone_lowest_wins_as_anyone():
    folded = _fold([_trash(2, 4, 9, sinkki=0)], THREE)
    assert folded.totals == (104, 98, 98)


def test_the_penalty_is_split_among_tied_winners():
    """§43.5: "Again, the pot is split": 2 + 6 = 8 among two winners."""
    folded = _fold([_trash(4, 4, 9, 12, sinkki=3)])
    assert folded.deals[0].score.points == (4, 4, -2, -6)


# -- checks --------------------------------------------------------------------------


def _codes(raw, table=THREE):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, table), raw)
    return {(e.path, e.code) for e in rejected.value.errors}


def test_every_hand_is_seven_cards_of_one_deck():
    raw = {"hands": ["AS 2S 3S 4S 5S 6S", "AS KD QD JD TD 9D 8D", "2C 3C 4C 5C 6C 7C"]}
    assert _codes(raw) == {
        ("hands.0", "not_seven_cards"),
        ("hands.2", "not_seven_cards"),
        ("hands.1", "too_many_copies"),
    }


def test_a_hand_per_player_and_seats_at_the_table():
    assert _codes(_trash(3, 4, 5, 6, sinkki=4, clean_game=3)) == {
        ("trash", "wrong_player_count"),
        ("sinkki", "bad_seat"),
        ("clean_game", "bad_seat"),
    }


def test_a_clean_game_called_must_be_clean():
    assert _codes(_trash(3, 4, 5, clean_game=1)) == {("trash.1", "not_a_clean_game")}


def test_two_clean_hands_need_the_caller_named():
    assert _codes(_trash(0, 0, 5)) == {("clean_game", "clean_game_required")}
    folded = _fold([_trash(0, 0, 5, clean_game=1)], THREE)
    assert folded.totals == (96, 108, 96)


def test_nobody_calls_sinkki_in_a_clean_game():
    assert _codes(_trash(0, 4, 5, sinkki=1)) == {("sinkki", "sinkki_in_a_clean_game")}


def test_the_game_is_declared_for_chips_and_money():
    assert GAME.chips_are_money
    assert [len(t) for t in GAME.tables] == [3, 4, 5]
    assert "§43" in GAME.source
    assert GAME.match_goal(GAME.parse_options({"deals": 6})).deals == 6
    state = _fold([_trash(0, 5, 9)], THREE).state
    assert state_to_json(state)["ledger"]["balances"] == [108, 96, 96]


def test_a_session_of_a_set_number_of_deals_ends_with_the_most_chips():
    folded = _fold([_trash(1, 5, 9), _trash(7, 2, 9)], THREE, deals=2)
    assert folded.state.finished
    assert folded.totals == (102, 102, 96)
    assert folded.state.winners == (0, 1)


# -- properties ----------------------------------------------------------------------


@st.composite
def card_deals(draw):
    n = draw(st.integers(3, 5))
    cards = draw(st.permutations(CODES))
    hands = [" ".join(cards[7 * s : 7 * s + 7]) for s in range(n)]
    sinkki = draw(st.none() | st.integers(0, n - 1))
    return n, {"hands": hands, "sinkki": sinkki}


@settings(max_examples=80)
@given(st.lists(card_deals(), min_size=1, max_size=6))
def test_chips_are_conserved_and_cards_score_as_their_trash(deals):
    n = deals[0][0]
    raws = [raw for m, raw in deals if m == n]
    table = Table(tuple(range(n)))
    folded = GAME.fold(raws, {}, table)
    ledger = folded.state.ledger
    assert sum(folded.totals) + ledger.table == 100 * n
    for record, raw in zip(folded.deals, raws, strict=True):
        if record.score is None:  # a sinkki call beside a clean hand, two clean
            assert {e.code for e in record.errors} <= {
                "sinkki_in_a_clean_game",
                "clean_game_required",
            }
            continue
        trash = [trash_of(h) for h in raw["hands"]]
        assert record.score.detail["trash"] == trash
        low = min(trash)
        won = [s for s, p in enumerate(record.score.points) if p > 0]
        assert all(trash[s] == low for s in won)
