"""Valepaska (book ch 40, l.2680–2722) and Paskahousu (l.2592–2594): the first
out wins, the one left with cards loses (§40.3); nobody goes out together."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game

GAME = get_game("valepaska")
FOUR = Table((0, 1, 2, 3))


def codes(deal: dict, table: Table = FOUR) -> list[tuple[str, str]]:
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, table), deal)
    return [(e.path, e.code) for e in rejected.value.errors]


def test_two_to_six_players():
    """§40.1: "The game is played by two to six players"."""
    assert {len(t) for t in GAME.tables} == {2, 3, 4, 5, 6}


def test_the_first_out_wins_and_the_last_loses():
    folded = GAME.fold([{"places": [2, 1, 4, 3]}], {}, FOUR)
    assert folded.totals == (2, 3, 0, 1)
    assert folded.winners == (1,)
    facts = {(f.code, f.side) for f in folded.deals[0].score.facts}
    assert facts == {("winner", 1), ("loser", 2)}


def test_winner_and_loser_only_over_several_games():
    games = [
        {"mode": "winner_loser", "winner": 0, "loser": 3},
        {"mode": "loser", "loser": 0},
        {"places": [1, 2, 3, 4]},
    ]
    folded = GAME.fold(games, {"games": 3}, FOUR)
    assert folded.totals == (3 + 0 + 3, 1 + 1 + 2, 1 + 1 + 1, 0 + 1 + 0)
    assert folded.winners == (0,)
    assert GAME.match_goal(GAME.parse_options({"games": 3})).deals == 3


def test_no_two_go_out_together():
    """Only the player in turn plays cards (§40.2): places are never shared."""
    assert codes({"places": [1, 1, 3, 4]}) == [("places.1", "not_a_finishing_order")]
    assert codes({"mode": "winner_loser", "winner": 2, "loser": 2}) == [
        ("loser", "winner_is_loser")
    ]


def test_paskahousu_and_the_jacks_house_rule_are_reminded_on_the_sheet():
    plain = " ".join(GAME.fold([], {}, FOUR).next_deal.notes)
    assert "lower than jack" in plain and "doubt" in plain
    variant = " ".join(
        GAME.fold([], {"face_up": True, "jacks_on_empty": True}, FOUR).next_deal.notes
    )
    assert "Paskahousu" in variant and "jacks or higher" in variant
    # The variants change the play, not the result.
    both = GAME.fold([{"places": [2, 1]}], {"face_up": True}, Table((0, 1)))
    assert both.totals == (0, 1)


@given(st.integers(2, 6).flatmap(lambda n: st.permutations(range(1, n + 1))))
def test_a_game_scores_n_minus_one_down_to_nothing(places):
    n = len(places)
    score = GAME.score(GAME.start({}, Table(tuple(range(n)))), {"places": places})
    assert sorted(score.points) == list(range(n))
    assert score.points[places.index(1)] == n - 1
