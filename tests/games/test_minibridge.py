"""Tuomas's Minibridge (book §11): only the declarer scores; the fifteen contracts;
"In the beginning" for deals 1–5, "In the end" from deal 6; ten deals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, get_game
from games.rules.minibridge import CONTRACTS

GAME = get_game("minibridge")


def deal(declarer, contract, trumps, outcome):
    return {
        "declarer": declarer,
        "contract": contract,
        "trumps": trumps,
        "tricks": [outcome, 13 - outcome],
    }


def at_deal(number):
    """A state before deal ``number`` (the earlier deals all 7 NT made exactly)."""
    state = GAME.start()
    for _ in range(number - 1):
        state = GAME.advance(state, GAME.score(state, deal(0, 7, "no_trump", 7)))
    assert state.deal_number == number
    return state


# 11.5, every number of the table and the text, as (deal number, contract,
# trumps, outcome, the declarer's points).
BOOK_EXAMPLES = [
    # "In the beginning" (deals 1–5): 10 / 40 / 100, +3 per overtrick
    (1, 7, "hearts", 7, 10),
    (1, 9, "no_trump", 9, 40),
    (3, 10, "spades", 10, 40),
    (5, 11, "clubs", 11, 40),
    (2, 12, "diamonds", 12, 100),
    (1, 7, "no_trump", 10, 10 + 3 * 3),
    (4, 12, "no_trump", 13, 100 + 3),
    # "In the end" (deals 6–10): 10 / 60 / 150
    (6, 7, "clubs", 7, 10),
    (6, 9, "no_trump", 9, 60),
    (8, 10, "hearts", 11, 60 + 3),
    (10, 11, "diamonds", 11, 60),
    (7, 12, "spades", 12, 150),
    # failed: −5 per missing trick in deals 1–5, −10 later. The book's example:
    # "If the promise was 9 and the outcome was 7, the declarer loses (9 − 7) × 5"
    (1, 9, "no_trump", 7, -(9 - 7) * 5),
    (6, 9, "no_trump", 7, -(9 - 7) * 10),
    (5, 12, "hearts", 0, -60),
    (9, 7, "spades", 3, -40),
]


@pytest.mark.parametrize(
    ("number", "contract", "trumps", "outcome", "points"), BOOK_EXAMPLES
)
def test_the_book_examples_score_as_the_book_says(
    number, contract, trumps, outcome, points
):
    result = GAME.score(at_deal(number), deal(2, contract, trumps, outcome))
    assert result.points == (0, 0, points)


def test_the_game_is_registered_for_three_players_and_ten_deals():
    assert GAME.source == "001_b57793035adc3f64.txt §11"
    assert GAME.start().totals == (0, 0, 0)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(deals=10)


def test_the_fifteen_contracts_of_the_book_and_no_other():
    """11.3: 7 in anything, 9 NT, 10 ♥/♠, 11 ♣/♦, 12 in anything."""
    assert sum(len(t) for t in CONTRACTS.values()) == 15
    legal = {(n, t) for n, ts in CONTRACTS.items() for t in ts}
    for n in range(7, 13):
        for t in ("no_trump", "hearts", "spades", "clubs", "diamonds"):
            raw = deal(0, n, t, 8)
            if (n, t) in legal:
                GAME.score(GAME.start(), raw)
                continue
            with pytest.raises(DealRejected) as rejected:
                GAME.score(GAME.start(), raw)
            (error,) = rejected.value.errors
            assert error.code == "not_a_contract"
            assert error.path == ("contract" if n == 8 else "trumps")
            assert "§11.3" in error.message


def test_tricks_that_do_not_add_up_and_a_bad_contract_are_both_reported():
    raw = {"declarer": 1, "contract": 10, "trumps": "clubs", "tricks": [8, 4]}
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(), raw)
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("tricks", "tricks_not_13"),
        ("trumps", "not_a_contract"),
    ]


@pytest.mark.parametrize(
    "raw",
    [
        {"declarer": 3, "contract": 7, "trumps": "hearts", "tricks": [7, 6]},
        {"declarer": 0, "contract": 13, "trumps": "hearts", "tricks": [7, 6]},
        {"declarer": 0, "contract": 7, "trumps": "trumps", "tricks": [7, 6]},
    ],
)
def test_a_seat_a_contract_or_trumps_out_of_range_is_refused_at_its_field(raw):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(), raw)
    bad = {k for k in raw if raw[k] != deal(0, 7, "hearts", 7)[k]}
    assert {e.path.split(".")[0] for e in rejected.value.errors} == bad


def test_the_sheet_shows_the_column_and_who_announces_first():
    first = GAME.next_deal(GAME.start())
    rows = {row.code: row.value for row in first.context}
    assert rows["column"].startswith("In the beginning")
    assert rows["first_to_announce"] == first.dealer == 0
    sixth = GAME.next_deal(at_deal(6))
    rows = {row.code: row.value for row in sixth.context}
    assert rows["column"].startswith("In the end") and "12 → 150" in rows["column"]
    assert rows["first_to_announce"] == 5 % 3
    assert rows["deals_left"] == 5


def test_after_ten_deals_most_points_wins_and_ties_share():
    deals = [
        deal(0, 9, "no_trump", 9),  # 40
        deal(1, 7, "hearts", 8),  # 13
        deal(2, 12, "spades", 10),  # −10
        deal(0, 7, "clubs", 6),  # −5
        deal(1, 10, "hearts", 10),  # 40
        deal(2, 12, "no_trump", 12),  # 150
        deal(0, 11, "clubs", 9),  # −20
        deal(1, 7, "diamonds", 7),  # 10
        deal(2, 10, "spades", 9),  # −10
        deal(0, 12, "hearts", 13),  # 153
    ]
    folded = GAME.fold(deals)
    assert folded.totals == (168, 63, 130)
    assert folded.finished and folded.winners == (0,)
    assert not GAME.fold(deals[:9]).finished
    tied = GAME.fold(
        [deal(s % 3, 7, "hearts", 7) for s in range(9)] + [deal(0, 7, "hearts", 6)]
    )
    assert tied.totals == (20, 30, 30) and tied.winners == (1, 2)


contracts = st.sampled_from([(n, t) for n, ts in CONTRACTS.items() for t in ts])


@given(
    st.lists(
        st.tuples(st.integers(0, 2), contracts, st.integers(0, 13)),
        min_size=10,
        max_size=10,
    )
)
def test_only_the_declarer_scores_and_the_totals_are_the_sums(played):
    state = GAME.start()
    expected = [0, 0, 0]
    for number, (declarer, (n, t), outcome) in enumerate(played, start=1):
        result = GAME.score(state, deal(declarer, n, t, outcome))
        own = result.points[declarer]
        assert sum(result.points) == own
        if outcome >= n:
            early = {7: 10, 12: 100}.get(n, 40)
            late = {7: 10, 12: 150}.get(n, 60)
            assert own == (early if number <= 5 else late) + 3 * (outcome - n)
        else:
            assert own == -(n - outcome) * (5 if number <= 5 else 10)
        expected[declarer] += own
        state = GAME.advance(state, result)
    assert list(state.totals) == expected and state.finished
    assert state.winners == tuple(s for s in range(3) if expected[s] == max(expected))


def test_the_worked_example_of_the_doc_scores_as_the_doc_says():
    """docs/games/minibridge.md: seat 1 makes 10 ♥ with 11 tricks in deal 1: 43."""
    doc = (Path(__file__).parents[2] / "docs/games/minibridge.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    assert GAME.score(GAME.start(), json.loads(example)).points == (0, 43, 0)


def test_the_legal_contracts_sentence_lists_the_fifteen_contracts():
    """The error's list of contracts is one translatable text: it must say what
    CONTRACTS holds (11.3)."""
    from games.rules.minibridge import CONTRACTS, LEGAL_CONTRACTS

    listed = ", ".join(
        f"{n} {'/'.join(t.replace('_', ' ') for t in ts)}"
        for n, ts in CONTRACTS.items()
    )
    assert listed == LEGAL_CONTRACTS
