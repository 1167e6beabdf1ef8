"""Believe or Doubt (book §41, l.2723–2773): per question the answerer, who
doubted and whether the answer was right; the right doubter answers next; the
first to ten wins; the chip form §41.2."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, SetupRejected, Table, get_game

GAME = get_game("believe-or-doubt")
FOUR = Table((0, 1, 2, 3))


def rows(folded) -> dict:
    return {r.code: r.value for r in folded.next_deal.context}


def test_all_believe_the_answerer_scores_and_answers_again():
    """§41.1 (l.2739, l.2745): believed answers count as correct: a point and a
    new turn."""
    folded = GAME.fold([{}], table=FOUR)
    assert folded.totals == (1, 0, 0, 0)
    assert rows(folded)["answerer"] == 0


def test_a_right_doubt_of_a_wrong_answer_takes_the_turn():
    """§41.1 (l.2741): doubted and wrong: the turn passes to the doubter."""
    folded = GAME.fold([{"doubter": 2, "answer": "wrong"}], table=FOUR)
    assert folded.totals == (0, 0, 0, 0)
    assert rows(folded)["answerer"] == 2


def test_doubting_a_right_answer_costs_a_point_and_can_go_negative():
    """§41.1 (l.2743–2745): a point off the doubter, "a player's score can go
    negative"; the answerer scores and answers again."""
    folded = GAME.fold([{"doubter": 1, "answer": "right"}], table=FOUR)
    assert folded.totals == (1, -1, 0, 0)
    assert rows(folded)["answerer"] == 0


def test_the_first_answerer_is_the_tables_first_seat():
    folded = GAME.fold([{}], table=Table((0, 1, 2), first_dealer=2))
    assert folded.totals == (0, 0, 1)


def test_the_first_to_ten_wins():
    """l.2747: "The first player to get ten points wins"."""
    deals = (
        [{"doubter": 3, "answer": "wrong"}]
        + [{}] * 9
        + [{"doubter": 0, "answer": "right"}]
    )
    folded = GAME.fold(deals, table=FOUR)
    assert folded.totals == (-1, 0, 0, 10)
    assert folded.finished and folded.winners == (3,)
    assert GAME.fold(deals[:-1], table=FOUR).finished is False


def test_the_chip_form_counts_ten_chips_down_to_none():
    """§41.2 (l.2751): ten chips each; a believed answer puts a chip out; a right
    answer doubted gives one to the doubter; the first without chips wins."""
    options = {"form": "chips"}
    folded = GAME.fold([{}, {"doubter": 1, "answer": "right"}], options, table=FOUR)
    assert rows(folded)["chips"] == (8, 11, 10, 10)
    assert "target" not in rows(folded)
    assert rows(GAME.fold([], table=FOUR))["target"] == 10
    deals = [{}] * 9 + [{"doubter": 2, "answer": "right"}]
    won = GAME.fold(deals, options, table=FOUR)
    assert won.finished and won.winners == (0,)
    assert "chips" not in rows(GAME.fold([], table=FOUR))


@given(
    st.lists(
        st.one_of(
            st.just({}),
            st.fixed_dictionaries(
                {
                    "doubter": st.integers(0, 4),
                    "answer": st.sampled_from(["right", "wrong"]),
                }
            ),
        ),
        max_size=30,
    )
)
def test_chips_left_are_always_ten_less_the_points(questions):
    """§41.2 and §41.1 move the same players by the same one per question."""
    folded = GAME.fold(questions, {"form": "chips"}, table=Table(tuple(range(5))))
    if folded.next_deal is not None:
        assert rows(folded)["chips"] == tuple(10 - t for t in folded.totals)
    assert max(folded.totals) <= 10
    assert len(folded.winners) <= 1


def test_seat_changes_let_the_scorer_name_the_answerer():
    """§41.4: after a change of seats the turn order is the players' to say."""
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(table=FOUR), {"answerer": 2})
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("answerer", "not_your_turn")
    ]
    folded = GAME.fold([{"answerer": 2}], {"seat_changes": True}, table=FOUR)
    assert folded.totals == (0, 0, 1, 0)
    assert rows(folded)["answerer"] == 2


@pytest.mark.parametrize(
    ("deal", "errors"),
    [
        ({"doubter": 0, "answer": "right"}, [("doubter", "own_answer")]),
        ({"doubter": 1}, [("answer", "required")]),
        ({"answer": "wrong"}, [("answer", "nobody_doubted")]),
        ({"doubter": 4, "answer": "right"}, [("doubter", "bad_seat")]),
        ({"doubter": 6, "answer": "right"}, [("doubter", "less_than_equal")]),
        ({"doubter": 1, "answer": "yes"}, [("answer", "literal_error")]),
    ],
)
def test_bad_questions_name_the_field_and_the_reason(deal, errors):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(table=FOUR), deal)
    assert [(e.path, e.code) for e in rejected.value.errors] == errors


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players):
    """§41 (l.2727): 3–6 players."""
    with pytest.raises(SetupRejected):
        GAME.start(table=Table(tuple(range(players))))


def test_a_corrected_question_moves_the_turn_and_the_fold_follows():
    """The turn order is state: correcting question 1 from "wrong" to "right"
    keeps the turn with seat 0, so question 2, where seat 0 doubted seat 2's
    answer, now has the answerer doubting and is flagged; the rest still score."""
    deals = [{"doubter": 2, "answer": "wrong"}, {"doubter": 0, "answer": "right"}, {}]
    before = GAME.fold(deals, table=FOUR)
    assert before.totals == (-1, 0, 2, 0) and not before.needs_attention
    deals[0] = {"doubter": 2, "answer": "right"}
    after = GAME.fold(deals, table=FOUR)
    assert after.deals[1].flagged
    assert after.deals[1].errors[0].code == "own_answer"
    assert after.totals == (2, 0, -1, 0)


@given(
    st.lists(
        st.one_of(
            st.just({}),
            st.fixed_dictionaries(
                {
                    "doubter": st.integers(0, 3),
                    "answer": st.sampled_from(["right", "wrong"]),
                }
            ),
        ),
        max_size=25,
    )
)
def test_the_turn_passes_only_to_a_doubter_who_caught_a_wrong_answer(questions):
    """Per scored question: the next answerer is the doubter exactly when the
    answer was doubted and wrong, else the answerer again; only the answerer
    gains, by one."""
    state = GAME.start(table=FOUR)
    for raw in questions:
        if state.finished:
            break
        try:
            score = GAME.score(state, raw)
        except DealRejected:
            assert raw.get("doubter") == state.answerer
            continue
        after = GAME.advance(state, score)
        caught = raw.get("answer") == "wrong"
        assert after.answerer == (raw["doubter"] if caught else state.answerer)
        gains = [a - b for a, b in zip(after.totals, state.totals, strict=True)]
        assert max(gains) <= 1 and sum(g > 0 for g in gains) <= 1
        assert gains[state.answerer] == (0 if caught else 1)
        state = after
