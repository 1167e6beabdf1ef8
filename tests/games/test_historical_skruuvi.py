"""Historical Skruuvi (book §17): every figure of the chapter, the checks against
one deck, the match (rubber, kotkas, replay, main book) and properties."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, get_game
from games.rules.historical_skruuvi import main_book
from tests.games.strategies.historical_skruuvi import deals

GAME = get_game("historical-skruuvi")

# Side 1 won tricks 1 and 7 (aces 1 + 7 = 8 to side 0), side 0 tricks 5 and 13
# (5 + 13 = 18 to side 1).
ACES = [
    {"card": "AS", "trick": 1, "seat": 1},
    {"card": "AH", "trick": 5, "seat": 0},
    {"card": "AD", "trick": 7, "seat": 3},
    {"card": "AC", "trick": 13, "seat": 2},
]


def deal(**fields):
    """A spade contract of five by seat 0, value cards split 5–4, then ``fields``."""
    raw = {
        "contract": "spades",
        "level": 5,
        "declarer": 0,
        "tricks": [11, 2],
        "value_cards": [5, 4],
    }
    raw.update(fields)
    return {k: v for k, v in raw.items() if v is not None}


def misere(**fields):
    return deal(contract="misere", value_cards=None, aces=ACES, **fields)


def score(raw, state=None):
    result = GAME.score(state or GAME.start(), raw)
    assert sum(result.points) == sum(f.points or 0 for f in result.facts)
    return result


def facts(raw, state=None):
    return {(f.code, f.side): f.points for f in score(raw, state).facts}


def codes(raw, state=None):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state or GAME.start(), raw)
    return [(e.path, e.code) for e in rejected.value.errors]


# -- 17.1 trick points --------------------------------------------------------------


def test_both_sides_get_tricks_times_level_made_or_not():
    got = facts(deal(level=6, tricks=[9, 4]))
    assert (got[("trick_points", 0)], got[("trick_points", 1)]) == (9 * 6, 4 * 6)


def test_in_misere_avoided_tricks_count():
    got = facts(misere(level=5, tricks=[2, 11]))
    assert (got[("trick_points", 0)], got[("trick_points", 1)]) == (11 * 5, 2 * 5)


def test_no_trick_points_in_pass_misere():
    raw = {"contract": "pass_misere", "tricks": [6, 7], "aces": ACES}
    result = score(raw)
    assert "trick_points" not in {f.code for f in result.facts}
    assert result.detail["kind"] == "basic"


# -- 17.3 contract of four ----------------------------------------------------------


def test_a_bid_below_four_is_raised_to_four():
    result = score(deal(level=2, tricks=[10, 3], knocks=[{"by": 1}]))
    assert result.detail["level"] == 4 and result.detail["bid_level"] == 2


def test_an_unknocked_four_is_not_played_but_scored_as_ten_and_three():
    """§17.3: "scored as if the declarer team first won ten tricks and the
    opponents won after that three tricks"."""
    got = facts(deal(level=4, tricks=None, declarer=1, value_cards=[4, 5]))
    assert got[("trick_points", 1)] == 10 * 4 and got[("trick_points", 0)] == 3 * 4
    assert got[("contract_made", 1)] == 1000


def test_an_unknocked_four_entered_with_other_tricks_is_refused():
    assert codes(deal(level=3, tricks=[9, 4])) == [("tricks", "four_not_played")]


def test_an_unknocked_four_misere_is_played_out():
    result = score(misere(level=4, tricks=[3, 10]))
    assert result.detail["level"] == 4
    assert result.detail["tricks"] == [3, 10]


# -- 17.4.1 basic scoring -----------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "made"), [(4, 1000), (5, 2000), (6, 3000), (7, 4500)]
)
def test_a_made_contract_scores_the_table(level, made):
    promised = 6 + level
    raw = deal(level=level, tricks=[promised, 13 - promised], knocks=[{"by": 1}])
    assert facts(raw)[("contract_made", 0)] == made * 2


@pytest.mark.parametrize(
    ("level", "missing", "cost"),
    [
        (4, 1, 400),
        (4, 3, 400 + 2 * 400),
        (5, 1, 500),
        (5, 2, 500 + 500),
        (6, 1, 1100),
        (6, 3, 1100 + 2 * 600),
        (7, 1, 1700),
        (7, 4, 1700 + 3 * 700),
    ],
)
def test_missing_tricks_cost_the_declarers_first_then_subsequent(level, missing, cost):
    taken = 6 + level - missing
    raw = deal(level=level, tricks=[taken, 13 - taken], knocks=[{"by": 1}])
    assert facts(raw)[("contract_failed", 0)] == -cost * 2


def test_each_overtrick_is_200_but_not_in_a_contract_of_four():
    assert facts(deal(level=5, tricks=[13, 0]))[("contract_made", 0)] == 2000 + 400
    four = deal(level=4, tricks=[12, 1], knocks=[{"by": 3}])
    assert facts(four)[("contract_made", 0)] == 1000 * 2


# -- 17.4.2 cards in hand -----------------------------------------------------------


def test_trump_value_cards_score_level_times_count_times_ten():
    assert facts(deal(level=5, value_cards=[6, 3]))[("value_cards", 0)] == 5 * 6 * 10


def test_no_trump_value_cards_score_level_times_twice_aces_plus_one_times_ten():
    raw = deal(contract="no_trump", level=6, tricks=[12, 1], value_cards=[3, 1])
    assert facts(raw)[("value_cards", 0)] == 6 * (2 * 3 + 1) * 10


def test_two_aces_each_in_no_trump_go_to_the_declarers():
    raw = deal(contract="no_trump", declarer=1, tricks=[2, 11], value_cards=[2, 2])
    assert facts(raw)[("value_cards", 1)] == 5 * (2 * 2 + 1) * 10


def test_the_value_card_score_goes_to_the_opponents_when_the_declarers_took_fewer():
    raw = deal(level=5, tricks=[5, 8], value_cards=[7, 2])
    assert facts(raw)[("value_cards", 1)] == 5 * 7 * 10


@pytest.mark.parametrize(
    ("contract", "aces", "points"),
    [
        ("spades", 3, 200),
        ("spades", 4, 400),
        ("no_trump", 3, 400),
        ("no_trump", 4, 800),
    ],
)
def test_three_or_four_aces_in_one_hand(contract, aces, points):
    value = [aces, 4 - aces] if contract == "no_trump" else [aces + 1, 8 - aces]
    raw = deal(
        contract=contract,
        value_cards=value,
        aces_in_hand=[{"seat": 2, "aces": aces}],
    )
    assert facts(raw)[("aces_in_hand", 0)] == points


@pytest.mark.parametrize(("length", "points"), [(3, 200), (4, 400), (5, 600)])
def test_trump_sequences_are_200_and_200_for_each_further_card(length, points):
    run = [{"seat": 1, "suit": "spades", "length": length}]
    raw = deal(value_cards=[9 - length - 1, length + 1], sequences=run)
    assert facts(raw)[("sequence", 1)] == points


def test_in_no_trump_sequences_score_in_every_suit():
    runs = [
        {"seat": 0, "suit": "hearts", "length": 3},
        {"seat": 3, "suit": "clubs", "length": 4},
    ]
    raw = deal(contract="no_trump", value_cards=[2, 2], sequences=runs)
    got = facts(raw)
    assert got[("sequence", 0)] == 200 and got[("sequence", 1)] == 400


def test_in_a_trump_contract_only_trump_sequences_score():
    run = [{"seat": 0, "suit": "hearts", "length": 3}]
    assert codes(deal(sequences=run)) == [("sequences.0.suit", "sequence_not_scored")]


def test_value_cards_must_fit_the_deck():
    assert codes(deal(value_cards=[5, 5])) == [("value_cards", "value_cards_not_9")]
    assert codes(deal(contract="no_trump", value_cards=[1, 2])) == [
        ("value_cards", "value_cards_not_4")
    ]
    four = [{"seat": 0, "aces": 4}]
    assert codes(deal(value_cards=[3, 6], aces_in_hand=four)) == [
        ("value_cards.0", "fewer_value_cards_than_shown")
    ]
    assert codes(deal(value_cards=None)) == [("value_cards", "value_cards_required")]
    assert codes({**misere(), "value_cards": [5, 4]}) == [
        ("value_cards", "honours_outside_trump_and_no_trump")
    ]


# -- 17.4.3 aces in misere, 17.4.4 knocks, 17.4.6 pass misere -----------------------


def test_misere_aces_are_modern_skruuvis_times_100_made():
    got = facts(misere(tricks=[2, 11]))
    assert (got[("aces", 0)], got[("aces", 1)]) == (800, 1800)


def test_misere_aces_count_when_the_contract_failed_and_knocks_double_them():
    got = facts(misere(tricks=[4, 9], knocks=[{"by": 1, "kontra_by": 2}]))
    assert got[("contract_failed", 0)] == -(500 + 500) * 4
    assert (got[("aces", 0)], got[("aces", 1)]) == (800 * 4, 1800 * 4)


def test_knocks_do_not_double_trick_points():
    got = facts(deal(tricks=[11, 2], knocks=[{"by": 1}]))
    assert got[("trick_points", 0)] == 55
    assert got[("contract_made", 0)] == 4000 and got[("value_cards", 0)] == 500


def test_pass_misere_is_modern_skruuvis_times_100():
    got = facts({"contract": "pass_misere", "tricks": [6, 7], "aces": ACES})
    assert (got[("pass_misere", 0)], got[("pass_misere", 1)]) == (700, 600)
    assert (got[("aces", 0)], got[("aces", 1)]) == (800, 1800)
    knocked = {
        "contract": "pass_misere",
        "tricks": [6, 7],
        "aces": ACES,
        "knocks": [{"by": 0}],
    }
    assert facts(knocked)[("pass_misere", 0)] == 1400


# -- 17.2, 17.4.5 games, rubber, kotkas ---------------------------------------------


GAME_DEAL = deal(level=7, tricks=[13, 0], value_cards=[9, 0])  # 91 trick points


def test_games_of_60_are_200_then_400_and_the_rubber_leads_to_kotkas():
    folded = GAME.fold([GAME_DEAL, GAME_DEAL])
    bonuses = [
        f.points for r in folded.deals for f in r.score.facts if f.code == "game_won"
    ]
    assert bonuses == [200, 400]
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows["phase"] == "kotka 1 of 4" and rows["games_won"] == (2, 0)


def test_in_a_kotka_a_game_needs_60_in_the_one_deal():
    small = deal(level=6, tricks=[9, 4], value_cards=[5, 4])  # 54 trick points
    folded = GAME.fold([GAME_DEAL, GAME_DEAL, small, small])
    assert folded.state.kotka_games == ()
    folded = GAME.fold([GAME_DEAL, GAME_DEAL, GAME_DEAL])
    assert folded.state.kotka_games == (0,)
    third = [f for f in folded.deals[-1].score.facts if f.code == "game_won"]
    assert third[0].points == 600  # 17.4.5: the third game 600


def test_a_kotka_bid_is_at_least_six():
    state = GAME.fold([GAME_DEAL, GAME_DEAL]).state
    assert codes(deal(level=5), state) == [("level", "kotka_level_below_six")]


def test_both_at_60_in_one_deal_the_first_there_wins_the_game():
    near = deal(level=5, tricks=[7, 6], knocks=[{"by": 1}])  # 35 / 30
    both = deal(level=5, tricks=[7, 6], knocks=[{"by": 1}])
    state = GAME.fold([near]).state
    assert codes(both, state) == [("first_to_game", "first_to_game_required")]
    folded = GAME.fold([near, {**both, "first_to_game": 1}])
    assert folded.state.games == (1,)


def test_the_match_is_the_rubber_and_four_kotkas_and_the_main_book_rounds_50_up():
    kotka = deal(level=6, tricks=[9, 4], value_cards=[5, 4])
    folded = GAME.fold([GAME_DEAL, GAME_DEAL, kotka, kotka, kotka, kotka])
    assert folded.finished and folded.winners == (0,)
    last = {f.code: f for f in folded.deals[-1].score.facts}
    difference = folded.totals[0] - folded.totals[1]
    assert last["main_book"].points == (difference + 50) // 100


@pytest.mark.parametrize(
    ("difference", "book"), [(49, 0), (50, 1), (149, 1), (150, 2), (-1250, 13)]
)
def test_the_difference_is_divided_by_100_with_50_rounding_up(difference, book):
    assert main_book(difference) == book


def close_call(options, apart):
    """The state before the deal that ends a match (one game won, no kotkas), with
    totals set so that ``GAME_DEAL`` ends it ``apart`` points apart."""
    state = GAME.fold([GAME_DEAL], options).state
    points = GAME.score(state, GAME_DEAL).points
    return replace(state, totals=(0, points[0] - points[1] - apart))


def test_a_match_less_than_10_apart_is_replayed_at_double():
    """§17.5: a difference under 10 replays the match with double the scores."""
    state = close_call({"kotkas": 0}, 9)
    folded = GAME.fold_from(state, [GAME_DEAL])
    assert not folded.finished and folded.state.stake == 2
    assert folded.state.games == () and folded.state.toward == (0, 0)
    assert folded.deals[-1].score.facts[-1].code == "replay_at_double"
    rows = {row.code: row.value for row in folded.next_deal.context}
    assert rows["stake"] == 2 and rows["games_won"] == (0, 0)
    again = GAME.score(folded.state, GAME_DEAL)
    doubled = {f.code: f.points for f in again.facts if f.side == 0}
    assert doubled["contract_made"] == 4500 * 2
    assert doubled["trick_points"] == 91  # trick points are not scores (17.1)


def test_ten_apart_the_match_ends():
    folded = GAME.fold_from(close_call({"kotkas": 0}, 10), [GAME_DEAL])
    assert folded.finished and folded.winners == (0,)
    assert folded.deals[-1].score.facts[-1].points == 0  # 10 ÷ 100 rounds to 0


def test_without_the_replay_option_a_close_match_ends_even_a_draw():
    options = {"kotkas": 0, "replay_close": False}
    folded = GAME.fold_from(close_call(options, 0), [GAME_DEAL])
    assert folded.finished and folded.winners == ()


# -- properties ---------------------------------------------------------------------


@pytest.mark.slow(reason="120 matches of up to 20 deals, each folded and summed")
@settings(max_examples=120, deadline=None)
@given(
    st.lists(deals(), min_size=1, max_size=20),
    st.sampled_from([{}, {"kotkas": 1}, {"game_target": 20}]),
)
def test_totals_are_the_sums_of_the_facts_and_the_match_follows_its_games(
    raws, options
):
    folded = GAME.fold(raws, options)
    totals = [0, 0]
    for record in folded.deals:
        if record.score is not None:
            for fact in record.score.facts:
                if fact.points and fact.code != "main_book":
                    totals[fact.side] += fact.points
    assert tuple(totals) == folded.totals
    state = folded.state
    if state.replays == 0:
        # What a deal says it won is what the state keeps (verify and advance
        # agree): every game_won fact is a game of the rubber or of a kotka.
        won = [
            fact.side
            for record in folded.deals
            if record.score is not None
            for fact in record.score.facts
            if fact.code == "game_won"
        ]
        assert won == [*state.games, *state.kotka_games]
    rubber = (state.games.count(0), state.games.count(1))
    assert max(rubber) <= 2
    assert state.kotkas_played == 0 or 2 in rubber
    if folded.finished:
        kotkas = GAME.parse_options(options).kotkas
        assert 2 in rubber and state.kotkas_played == kotkas


@settings(max_examples=150, deadline=None)
@given(deals())
def test_trick_points_add_up_to_thirteen_times_the_level(raw):
    try:
        result = GAME.score(GAME.start(), raw)
    except DealRejected as rejected:  # an unknocked four entered with its tricks
        assert [e.code for e in rejected.errors] == ["four_not_played"]
        return
    trick_points = sum(f.points for f in result.facts if f.code == "trick_points")
    if raw["contract"] == "pass_misere":
        assert trick_points == 0
    else:
        assert trick_points == 13 * max(raw["level"], 4)


def test_the_docs_worked_example_scores_as_the_docs_say():
    doc = (Path(__file__).parents[2] / "docs/games/historical-skruuvi.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    assert GAME.score(GAME.start(), json.loads(example)).points == (5760, 5)


@settings(max_examples=100, deadline=None)
@given(deals(), st.integers(1, 3))
def test_value_cards_that_do_not_fit_the_deck_are_refused(raw, extra):
    """Nine value-card units in a trump contract, four in no trump (§17.4.2)."""
    assume("value_cards" in raw)
    value = [raw["value_cards"][0], raw["value_cards"][1] + extra]
    assume(value[1] <= 9)
    total = 4 if raw["contract"] == "no_trump" else 9
    found = codes({**raw, "value_cards": value})
    assert ("value_cards", f"value_cards_not_{total}") in found


def test_in_an_unknocked_four_the_declarers_reach_60_first():
    """§17.3: scored "as if the declarer team first won ten tricks and the
    opponents won after that three tricks" — so if both reach 60 in it, the
    declarers got there first."""
    state = replace(GAME.start(), toward=(25, 55))
    four = deal(level=4, tricks=None, declarer=3, value_cards=[4, 5])  # 12 / 40
    result = GAME.score(state, four)
    assert result.detail["game"] == 1
    assert codes({**four, "first_to_game": 0}, state) == [
        ("first_to_game", "four_declarers_first")
    ]
