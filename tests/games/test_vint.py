"""Vint (book §18): every figure of the chapter, the checks against one deck, and
properties of whole matches."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, get_game
from tests.games.strategies.vint import deals

GAME = get_game("vint")


def deal(**fields):
    """A heart contract by seat 0 with the honours split quietly, then ``fields``."""
    raw = {
        "strain": "hearts",
        "level": 1,
        "declarer": 0,
        "tricks": [7, 6],
        "trumps": [3, 2],
        "aces": [3, 1],
    }
    raw.update(fields)
    return {k: v for k, v in raw.items() if v is not None}


def facts(raw, state=None):
    score = GAME.score(state or GAME.start(), raw)
    assert sum(score.points) == sum(f.points or 0 for f in score.facts)
    return {(f.code, f.side): f.points for f in score.facts}


def codes(raw, state=None):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state or GAME.start(), raw)
    return [(e.path, e.code) for e in rejected.value.errors]


# -- 18.2 trick points --------------------------------------------------------------


def test_level_two_makes_each_trick_worth_twenty_to_both_sides():
    """§18.2: "if the contract is at the level of two, each trick is worth 20"."""
    got = facts(deal(level=2, tricks=[8, 5]))
    assert got[("trick_points", 0)] == 8 * 20
    assert got[("trick_points", 1)] == 5 * 20


@pytest.mark.parametrize(("level", "promised"), [(1, 7), (2, 8), (3, 9), (7, 13)])
def test_level_n_promises_six_plus_n_tricks_without_a_raise(level, promised):
    """§18.1: no raise to four; one promises 7, two 8, three 9."""
    made = GAME.score(GAME.start(), deal(level=level, tricks=[promised, 13 - promised]))
    assert made.detail["made"] is True
    if promised > 0:
        short = [promised - 1, 14 - promised]
        assert (
            GAME.score(GAME.start(), deal(level=level, tricks=short)).detail["made"]
            is False
        )


# -- 18.3.1 basic scoring -----------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "taken", "penalty"),
    [(1, 5, -2000), (3, 8, -3000), (4, 7, -12000), (7, 10, -21000)],
)
def test_each_missing_trick_costs_1000_times_the_level_to_the_declarers(
    level, taken, penalty
):
    got = facts(deal(level=level, tricks=[taken, 13 - taken]))
    assert got[("contract_failed", 0)] == penalty


def test_no_bonus_for_a_made_contract_under_six():
    got = facts(deal(level=5, tricks=[11, 2]))
    assert got[("contract_made", 0)] == 0
    assert ("slam", 0) not in got


def test_a_made_six_is_5000_and_twelve_tricks_1000():
    got = facts(deal(level=6, tricks=[12, 1]))
    assert got[("slam", 0)] == 5000
    assert got[("twelve_tricks", 0)] == 1000


def test_the_books_seven_made_is_10000_plus_1000_plus_1000():
    """§18.3.1 example: "The team made a contract of seven. They get
    10000 + 1000 + 1000 points"."""
    got = facts(deal(level=7, tricks=[13, 0]))
    assert got[("slam", 0)] + got[("twelve_tricks", 0)] == 10000 + 1000 + 1000


def test_twelve_tricks_score_whether_or_not_they_were_promised():
    """A one made with 12 tricks, and the opponents' 12 against a failed one."""
    assert facts(deal(level=1, tricks=[12, 1]))[("twelve_tricks", 0)] == 1000
    assert facts(deal(level=1, tricks=[1, 12]))[("twelve_tricks", 1)] == 1000


# -- 18.3.2 cards in hands ----------------------------------------------------------


@pytest.mark.parametrize(
    ("suit", "length", "points"),
    [("spades", 3, 500), ("spades", 4, 1000), ("hearts", 3, 1000), ("hearts", 4, 2000)],
)
def test_sequences_score_in_every_suit_and_double_in_trumps(suit, length, points):
    raw = deal(trumps=[4, 1], sequences=[{"seat": 2, "suit": suit, "length": length}])
    assert facts(raw)[("sequence", 0)] == points


@pytest.mark.parametrize(("aces", "points"), [(3, 500), (4, 1000)])
def test_three_or_four_aces_in_a_hand_are_a_sequence(aces, points):
    raw = deal(aces=[aces, 4 - aces], aces_in_hand=[{"seat": 0, "aces": aces}])
    assert facts(raw)[("aces_in_hand", 0)] == points


def test_trump_majority_is_100_times_level_times_count():
    got = facts(deal(level=3, trumps=[1, 4]))
    assert got[("trump_majority", 1)] == 100 * 3 * 4


def test_ace_majority_is_100_in_trumps_and_250_in_no_trump():
    assert facts(deal(level=2, aces=[3, 1]))[("ace_majority", 0)] == 100 * 2 * 3
    no_trump = deal(strain="no_trump", level=2, trumps=None, aces=[1, 3])
    assert facts(no_trump)[("ace_majority", 1)] == 250 * 2 * 3


def test_two_aces_each_go_to_the_side_with_more_tricks():
    """§18.3.2: "If both sides have two aces, the ace bonus goes for the team that
    won more tricks"."""
    assert facts(deal(aces=[2, 2], tricks=[4, 9]))[("ace_majority", 1)] == 200
    assert facts(deal(aces=[2, 2], tricks=[9, 4]))[("ace_majority", 0)] == 200


# -- 18.3.3 games, rubber, all-pass deals -------------------------------------------


def test_games_are_worth_1000_then_2000_and_the_rubber_ends_the_match():
    """§18.3.3: one game 1000, two games 1000 + 2000 = 3000; 500 trick points a
    game (§18.2)."""
    win = deal(level=7, tricks=[13, 0], aces=[4, 0], trumps=[5, 0])
    folded = GAME.fold([win, win])
    first, second = (r.score.facts for r in folded.deals)
    bonuses = [f.points for fs in (first, second) for f in fs if f.code == "game_won"]
    assert bonuses == [1000, 2000]
    assert folded.finished and folded.winners == (0,)
    assert folded.state.games == (0, 0)


def test_the_rubbers_winner_gets_500_for_each_all_pass_deal():
    win = deal(level=7, tricks=[0, 13], declarer=1, aces=[0, 4], trumps=[0, 5])
    folded = GAME.fold([{"all_pass": True}, win, {"all_pass": True}, win])
    assert folded.deals[0].totals == (0, 0)
    last = {f.code: f.points for f in folded.deals[-1].score.facts}
    assert last["all_pass_bonus"] == 2 * 500
    assert folded.winners == (1,)


def test_an_all_pass_deal_is_redealt_by_the_same_dealer():
    folded = GAME.fold([{"all_pass": True}])
    assert folded.state.dealer == 0 and folded.state.deal_number == 2
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows == {"toward_game": (0, 0), "games_won": (0, 0), "all_pass_deals": 1}


def test_trick_points_toward_the_game_start_again_after_a_game():
    folded = GAME.fold([deal(level=4, tricks=[10, 3])])
    assert folded.state.toward == (400, 120)
    folded = GAME.fold([deal(level=4, tricks=[10, 3]), deal(level=1, tricks=[10, 3])])
    assert folded.state.toward == (0, 0) and folded.state.games == (0,)


def test_when_both_reach_the_game_the_scorer_says_who_got_there_first():
    near = deal(level=4, tricks=[7, 6])  # 280 / 240
    both = deal(level=5, tricks=[7, 6])  # +350 / +300: both over 500
    assert codes(both, GAME.fold([near]).state) == [
        ("first_to_game", "first_to_game_required")
    ]
    folded = GAME.fold([near, {**both, "first_to_game": 1}])
    assert folded.state.games == (1,)


# -- checks -------------------------------------------------------------------------


def test_every_error_names_its_field():
    raw = {
        "strain": "no_trump",
        "declarer": 0,
        "tricks": [7, 7],
        "trumps": [3, 2],
        "aces": [3, 2],
        "sequences": [{"seat": 0, "suit": "hearts", "length": 3}] * 2,
    }
    assert codes(raw) == [
        ("level", "level_required"),
        ("tricks", "tricks_not_13"),
        ("trumps", "trumps_in_no_trump"),
        ("sequences.1.suit", "sequence_twice"),
        ("aces", "aces_not_4"),
    ]


def test_honours_must_fit_the_deck():
    four = [{"seat": 1, "aces": 4}]
    assert codes(
        deal(
            aces=[0, 4],
            aces_in_hand=four,
            sequences=[{"seat": 0, "suit": "spades", "length": 3}],
        )
    ) == [("sequences.0.seat", "sequence_without_ace")]
    assert codes(deal(aces=[1, 3], aces_in_hand=four)) == [
        ("aces.1", "fewer_aces_than_shown")
    ]
    long_trumps = [{"seat": 1, "suit": "hearts", "length": 4}]
    assert codes(deal(trumps=[3, 2], aces=[2, 2], sequences=long_trumps)) == [
        ("sequences.0.length", "sequence_longer_than_trumps")
    ]
    assert codes(deal(trumps=None)) == [("trumps", "trumps_required")]


def test_an_all_pass_deal_takes_nothing_else():
    assert codes({"all_pass": True, "level": 2}) == [("level", "all_pass_has_no_play")]


def test_messages_name_the_section():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(), deal(aces=[3, 2]))
    assert "§18.3.2" in rejected.value.errors[0].message


# -- properties ---------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.lists(deals(), min_size=1, max_size=25))
def test_totals_are_the_sums_of_the_facts_and_the_rubber_is_two_games(raws):
    folded = GAME.fold(raws)
    totals = [0, 0]
    for record in folded.deals:
        if record.score is None:
            continue
        for fact in record.score.facts:
            if fact.points:
                totals[fact.side] += fact.points
    assert tuple(totals) == folded.totals
    games = folded.state.games
    won = [
        fact.side
        for record in folded.deals
        if record.score is not None
        for fact in record.score.facts
        if fact.code == "game_won"
    ]
    assert won == list(games)  # what the deals say they won is what the state keeps
    assert max((games.count(0), games.count(1)), default=0) <= 2
    assert folded.finished == (2 in (games.count(0), games.count(1)))
    if folded.finished:
        assert games[-1] in (0, 1) and games.count(games[-1]) == 2


@settings(max_examples=150, deadline=None)
@given(deals())
def test_trick_points_add_up_to_thirteen_tricks_times_level_times_ten(raw):
    score = GAME.score(GAME.start(), raw)
    trick_points = sum(f.points for f in score.facts if f.code == "trick_points")
    assert trick_points == (0 if raw.get("all_pass") else 130 * raw["level"])


def test_the_docs_worked_example_scores_as_the_docs_say():
    doc = (Path(__file__).parents[2] / "docs/games/vint.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    assert GAME.score(GAME.start(), json.loads(example)).points == (80, 5140)


@settings(max_examples=100, deadline=None)
@given(deals(), st.integers(1, 3))
def test_honour_counts_that_do_not_fit_the_deck_are_refused(raw, extra):
    """Aces per side must add up to four, trumps 10–A to five (§18.3.2)."""
    assume(not raw.get("all_pass"))
    aces = list(raw["aces"])
    aces[extra % 2] += extra
    assert ("aces", "aces_not_4") in codes({**raw, "aces": aces})
    if "trumps" in raw:
        trumps = [raw["trumps"][0] + extra, raw["trumps"][1]]
        assert ("trumps", "trumps_not_5") in codes({**raw, "trumps": trumps})
