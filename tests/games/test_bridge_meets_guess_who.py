"""Bridge Meets Guess Who (book §10): 55 chips each, a 5-unit rake, contracts paid
in chips (doubled ×2, all pass as seven no trump), 1 unit a question or error
message, the bank lends inside a deal; a player who cannot pay loses."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, get_game
from games.engine.chips import chip_points

GAME = get_game("bridge-meets-guess-who")


def deal(declarer, level, strain, taken, doubled=False, **more):
    tricks = [taken, 13 - taken] if declarer == 0 else [13 - taken, taken]
    raw = {"declarer": declarer, "level": level, "strain": strain, "tricks": tricks}
    if doubled:
        raw["doubled"] = True
    return raw | more


def test_the_game_is_registered_with_55_chips_each_and_chips_as_money():
    assert GAME.source == "001_b57793035adc3f64.txt §10"
    assert GAME.chips_are_money
    state = GAME.start()
    assert state.table.seats == (0, 1)
    assert state.ledger.balances == (55, 55) and state.ledger.chips == 110


# 10.2.3, as (deal, what the opponent pays the declarer — negative: the declarer
# pays). "Five units for seven tricks, ten units for eight tricks, fifteen units
# for nine tricks and so on" for the contract, plus "one unit for seven tricks,
# two units for eight tricks, three units for nine tricks and so on" taken.
BOOK_EXAMPLES = [
    (deal(0, 7, "clubs", 7), 5 + 1),
    (deal(1, 8, "diamonds", 8), 10 + 2),
    (deal(0, 9, "hearts", 9), 15 + 3),
    (deal(0, 7, "spades", 9), 5 + 3),  # the tricks the team won, not promised
    (deal(1, 13, "no_trump", 13), 35 + 7),
    # "If the contract was nine and the declarer team won seven tricks, the
    # declarer pays (9 − 7) × 5 units."
    (deal(0, 9, "no_trump", 7), -(9 - 7) * 5),
    (deal(1, 12, "spades", 5), -35),
    # "If the contract was doubled, simply double the sums paid."
    (deal(0, 9, "hearts", 9, doubled=True), 2 * (15 + 3)),
    (deal(0, 9, "no_trump", 7, doubled=True), -2 * 10),
]


@pytest.mark.parametrize(("raw", "paid"), BOOK_EXAMPLES)
def test_the_book_examples_pay_as_the_book_says(raw, paid):
    result = GAME.score(GAME.start(), raw)
    declarer = raw["declarer"]
    assert result.points[declarer] == paid
    assert result.points[1 - declarer] == -paid


def test_all_pass_scores_as_seven_no_trump_for_the_side_with_more_tricks():
    """10.2.3: "If both players passed and there was no contract, the scoring is
    done as if the side who won more tricks had bid seven no trump." """
    result = GAME.score(GAME.start(), {"tricks": [5, 8]})
    assert result.points == (-(5 + 2), 5 + 2)
    assert result.facts[0].code == "all_pass"


def test_questions_and_error_messages_cost_one_unit_to_the_opponent():
    """10.3: one unit per question; 10.2.2: one unit per error message."""
    raw = deal(0, 7, "clubs", 7, questions=[3, 1], error_messages=[2, 0])
    assert GAME.score(GAME.start(), raw).points == (6 - 3 + 1 - 2, -6 + 3 - 1 + 2)


def test_the_rake_goes_to_the_bank_each_deal():
    """10.2: both pay 5 to the bank; the sheet's points are what each won from
    the other, the chips held are on the sheet's context row."""
    folded = GAME.fold([deal(0, 7, "clubs", 7)])
    assert folded.totals == (6, -6)
    assert folded.state.ledger.balances == (55 - 5 + 6, 55 - 5 - 6)
    assert folded.state.ledger.bank == 10
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows["chips"] == (56, 44)
    assert chip_points(folded.state.ledger) == (1, -11)


def test_the_bank_lends_inside_a_deal_and_is_repaid_at_its_end():
    """10.2.3: a player running out may still ask questions; the debt is paid
    back at the end of the deal. Player 1 has 10 chips, pays the rake (5 left),
    asks 8 questions (3 of them borrowed) and makes 8 hearts with 9 tricks
    (10 + 3): the deal's net, 13 − 8, is what must be payable."""
    start = GAME.start()
    state = replace(start, ledger=replace(start.ledger, balances=(100, 10)))
    raw = deal(1, 8, "hearts", 9, questions=[0, 8])  # wins 10 + 3, pays 8
    after = GAME.advance(state, GAME.score(state, raw))
    assert after.ledger.balances == (100 - 5 - 13 + 8, 10 - 5 + 13 - 8)
    assert after.ledger.loans == (0, 0) and not after.finished


def test_a_player_who_cannot_pay_loses():
    """10.2.3 l.908: "The game ends when one of the human players cannot afford
    to make a required payment and thus loses the game." Player 0 has 50 after
    the rake and owes 84 for a doubled grand slam made against him."""
    folded = GAME.fold([deal(1, 13, "spades", 13, doubled=True)])
    assert folded.totals == (-84, 84)
    assert folded.finished and folded.winners == (1,)
    ledger = folded.state.ledger
    assert ledger.out == (0,) and ledger.loans == (34, 0)
    assert ledger.chips == 110


def test_a_player_who_cannot_pay_the_next_rake_loses():
    """Reading: with fewer chips than the rake, the next deal cannot start."""
    big = deal(1, 12, "spades", 12)  # 30 + 6 = 36 from player 0
    folded = GAME.fold([big])
    assert folded.state.ledger.balances == (14, 86) and not folded.finished
    folded = GAME.fold([big, deal(1, 7, "spades", 9)])  # 5 + 3 more: 14 − 5 − 8
    assert folded.state.ledger.balances == (1, 89)
    assert folded.finished and folded.winners == (1,)


def test_a_contract_is_entered_whole_and_a_double_needs_a_bid():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(), {"declarer": 0, "level": 9, "tricks": [7, 7]})
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("tricks", "tricks_not_13"),
        ("strain", "contract_incomplete"),
    ]
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(), {"doubled": True, "tricks": [7, 6]})
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("doubled", "double_without_bid")
    ]
    assert "§10.2.1" in rejected.value.errors[0].message


@pytest.mark.parametrize(
    "raw",
    [
        deal(0, 6, "clubs", 7),
        deal(0, 14, "clubs", 7),
        deal(0, 7, "trumps", 7),
        deal(2, 7, "clubs", 7),
    ],
)
def test_a_level_strain_or_seat_out_of_range_is_refused(raw):
    with pytest.raises(DealRejected):
        GAME.score(GAME.start(), raw)


deals = st.one_of(
    st.builds(
        lambda d, lv, s, t, dbl, q, e: deal(
            d, lv, s, t, dbl, questions=q, error_messages=e
        ),
        st.integers(0, 1),
        st.integers(7, 13),
        st.sampled_from(["clubs", "diamonds", "hearts", "spades", "no_trump"]),
        st.integers(0, 13),
        st.booleans(),
        st.lists(st.integers(0, 6), min_size=2, max_size=2),
        st.lists(st.integers(0, 6), min_size=2, max_size=2),
    ),
    st.integers(0, 13).map(lambda t: {"tricks": [t, 13 - t]}),
)


@given(st.lists(deals, min_size=1, max_size=25))
def test_chips_are_conserved_and_the_match_ends_when_a_player_loses(played):
    state = GAME.start()
    for raw in played:
        if state.finished:
            break
        result = GAME.score(state, raw)
        assert sum(result.points) == 0
        after = GAME.advance(state, result)
        ledger = after.ledger
        assert ledger.chips == 110
        assert ledger.bank + sum(ledger.loans) == 10 * after.deal_number - 10
        assert all(b >= 0 for b in ledger.balances)
        cannot = bool(ledger.out) or min(ledger.balances) < 5
        assert after.finished == cannot
        if after.finished:
            assert after.winners
        state = after


def test_the_worked_example_of_the_doc_scores_as_the_doc_says():
    doc = Path(__file__).parents[2] / "docs/games/bridge-meets-guess-who.md"
    text = doc.read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", text, re.S).group(1)
    assert GAME.score(GAME.start(), json.loads(example)).points == (-20, 20)
