"""Seven Rummy (004 l.252–301): the page's scoring, the checks, the match."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game
from games.engine.cards import STANDARD_CARDS
from games.rules.seven_rummy import CARD_VALUES, MOST_DEADWOOD

GAME = get_game("seven-rummy")
TABLE = Table((0, 1, 2))
CODES = [card.code for card in STANDARD_CARDS]

# The page's numbers (l.291–296): 7s 20, face cards 10, other cards their pips; the
# winner scores the others' total, double when out in one go.
BOOK_EXAMPLES: list[tuple[dict, tuple[int, ...]]] = [
    # 7s 20 each: two sevens left, 40.
    ({"went_out": 0, "hands": ["", "7H", "7S"]}, (40, 0, 0)),
    # Faces 10 each, the ace its pip (1), the others their pips: 10+10+10+1+9+2 = 42.
    ({"went_out": 2, "hands": ["JH QS", "KD AC 9D 2S", ""]}, (0, 0, 42)),
    # Out in one go: double, (5 + 20 + 10) × 2 = 70.
    (
        {"went_out": 1, "one_go": True, "hands": ["5C", "", "7D QH"]},
        (0, 70, 0),
    ),
    # The same as values only.
    (
        {"mode": "totals", "went_out": 1, "one_go": True, "deadwood": [5, 0, 30]},
        (0, 70, 0),
    ),
]


def _start(**options):
    return GAME.start(options, TABLE)


def _codes(raw, path=None):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(), raw)
    errors = rejected.value.errors
    if path is not None:
        assert {e.path for e in errors} == path
    return {e.code for e in errors}


def test_the_game_is_registered_with_its_declaration():
    assert GAME.name == "Seven Rummy"
    assert not GAME.lower_totals_win
    assert [len(t) for t in GAME.tables] == [2, 3, 4, 5]
    assert GAME.start().table == Table((0, 1, 2, 3))
    assert "004_" in GAME.source and "252" in GAME.source


@pytest.mark.parametrize(("raw", "points"), BOOK_EXAMPLES)
def test_the_book_examples_score_as_the_book_says(raw, points):
    assert GAME.score(_start(), raw).points == points


def test_the_card_values_are_the_pages():
    assert CARD_VALUES.by_rank["7"] == 20
    assert CARD_VALUES.by_rank["A"] == 1
    assert {CARD_VALUES.by_rank[r] for r in "JQK"} == {10}
    assert MOST_DEADWOOD == 110


def test_every_error_of_a_card_deal_is_listed_with_its_path():
    raw = {"went_out": 0, "hands": ["2C", "AS KS", "AS 2D 3D 4D 5D 6D 8D 9D"]}
    assert _codes(raw, {"hands.0", "hands.2"}) == {
        "cards_after_going_out",
        "too_many_copies",
        "too_many_cards",
    }


def test_a_player_who_did_not_go_out_holds_cards():
    assert _codes({"went_out": 0, "hands": ["", "", "AS"]}, {"hands.1"}) == {
        "hand_required"
    }


def test_a_hand_per_player_and_a_seat_at_the_table():
    assert _codes({"went_out": 3, "hands": ["", "AS"]}) == {
        "wrong_player_count",
        "bad_seat",
    }


def test_values_entry_rejects_the_winner_scoring_and_an_empty_loser():
    raw = {"mode": "totals", "went_out": 0, "deadwood": [5, 0, 10]}
    assert _codes(raw, {"deadwood.0", "deadwood.1"}) == {
        "points_for_going_out",
        "no_cards_left",
    }


def test_more_than_seven_cards_can_count_is_refused():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(), {"mode": "totals", "went_out": 0, "deadwood": [0, 5, 111]})
    assert [e.path for e in rejected.value.errors] == ["deadwood.2"]


def test_the_match_ends_at_the_target_and_the_highest_wins():
    deal = {"went_out": 1, "hands": ["7C 7D", "", "7H 7S"]}  # 80 to seat 1
    folded = GAME.fold([deal, deal], {"target": 150}, TABLE)
    assert folded.totals == (0, 160, 0)
    assert folded.state.finished and folded.state.winners == (1,)


def test_the_match_ends_after_a_number_of_hands():
    deals = [
        {"went_out": 0, "hands": ["", "2C", "3C"]},
        {"went_out": 2, "hands": ["KC", "QC", ""]},
    ]
    folded = GAME.fold(deals, {"target": None, "hands": 2}, TABLE)
    assert folded.totals == (5, 0, 20)
    assert folded.state.finished and folded.state.winners == (2,)
    assert GAME.match_goal(folded.state.options).deals == 2
    one = GAME.fold(deals[:1], {"target": None, "hands": 2}, TABLE)
    assert not one.state.finished
    assert [r.code for r in one.next_deal.context] == ["hand"]


@st.composite
def card_deals(draw):
    n = draw(st.integers(2, 5))
    cards = draw(st.permutations(CODES))
    out = draw(st.integers(0, n - 1))
    hands, at = [], 0
    for seat in range(n):
        size = 0 if seat == out else draw(st.integers(1, 7))
        hands.append(cards[at : at + size])
        at += size
    return n, {"went_out": out, "one_go": draw(st.booleans()), "hands": hands}


@settings(max_examples=80)
@given(card_deals())
def test_the_winner_scores_the_others_deadwood_as_the_values_entry_does(case):
    n, raw = case
    table = Table(tuple(range(n)))
    state = GAME.start({}, table)
    score = GAME.score(state, raw)
    values = [sum(CARD_VALUES.by_rank[c[:-1]] for c in hand) for hand in raw["hands"]]
    won = sum(values) * (2 if raw["one_go"] else 1)
    assert score.points == tuple(won if s == raw["went_out"] else 0 for s in range(n))
    totals = {**raw, "mode": "totals", "deadwood": values}
    del totals["hands"]
    assert GAME.score(state, totals).points == score.points


@settings(max_examples=40)
@given(card_deals(), st.integers(0, 4))
def test_a_card_entered_twice_is_always_refused(case, seat):
    n, raw = case
    hands = [list(h) for h in raw["hands"]]
    holder = next(s for s in range(n) if hands[s])
    target = seat % n
    hands[target] = [*hands[target], hands[holder][0]]
    raw = {**raw, "hands": hands}
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, Table(tuple(range(n)))), raw)
    assert "too_many_copies" in {e.code for e in rejected.value.errors}
