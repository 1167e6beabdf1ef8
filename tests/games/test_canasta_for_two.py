"""Canasta for two (book ch 27 l.1899, the two-player changes to §28).

Two sides of one player each, at the table ``(0, 1)``: a player draws two from the
stock (no score changes) and goes out only with at least two canastas. Everything
else is §28's: card values, bonuses, red threes, zones, the target.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.cases.canasta import legal_deal
from games.engine.errors import DealRejected, SetupRejected
from games.engine.game import Table
from games.rules.canasta.canasta import Canasta

GAME = Canasta()
TWO = Table((0, 1))
FOUR = Table((0, 1, 0, 1))

SEVENS = "7H 7H 7D 7D 7C 7C 7S"  # natural canasta: 35 + 500
EIGHTS = "8H 8H 8D 8D 8C 8C 8S"  # natural canasta: 70 + 500
MIXED_KINGS = "KH KH KD KD KC 2C JO"  # mixed canasta: 50 + 20 + 50 + 300


def state(totals=(0, 0), table=TWO, options=None):
    return replace(GAME.start(options, table), totals=tuple(totals))


def score(raw, totals=(0, 0), table=TWO, options=None):
    return GAME.score(state(totals, table, options), raw)


def reject(raw, totals=(0, 0), table=TWO) -> set[tuple[str, str]]:
    with pytest.raises(DealRejected) as info:
        score(raw, totals, table)
    return {(e.path, e.code) for e in info.value.errors}


def messages(raw, table=TWO) -> dict[str, str]:
    with pytest.raises(DealRejected) as info:
        score(raw, table=table)
    return {e.code: e.message for e in info.value.errors}


def side(melds=(), hands=("4H 5S",), **extra):
    return {"melds": list(melds), "hands": list(hands), **extra}


def test_both_tables_are_canastas():
    assert (0, 1) in Canasta.tables and (0, 1, 0, 1) in Canasta.tables
    GAME.start(table=TWO)
    GAME.start(table=FOUR)


def test_three_players_refused():
    with pytest.raises(SetupRejected) as info:
        GAME.start(table=Table((0, 1, 2)))
    assert info.value.errors[0].path == "seats"


def test_two_canastas_go_out():
    # 535 + 570 + going out 100 = 1205; the other: kings 30 − hand (4H, 5S) 10 = 20.
    raw = {
        "teams": [side([SEVENS, EIGHTS], [""]), side(["KH KD KC"])],
        "went_out": 0,
    }
    result = score(raw)
    assert result.points == (1205, 20)
    assert "went_out" in {f.code for f in result.facts}


def test_one_canasta_does_not_go_out():
    raw = {"teams": [side([SEVENS, "8H 8D 8C"], [""]), side()], "went_out": 0}
    assert reject(raw) == {("teams.0.melds", "going_out_needs_canasta")}
    assert "ch 27" in messages(raw)["going_out_needs_canasta"]


def test_one_canasta_still_goes_out_at_four():
    raw = {
        "teams": [side([SEVENS], ["", "6H"]), side(hands=("4H", "5S"))],
        "went_out": 0,
    }
    assert score(raw, table=FOUR).points == (535 + 100 - 5, -10)


def test_second_player_goes_out_at_seat_one():
    raw = {
        "teams": [side(["QH QD QC"], ["4C 9C"]), side([SEVENS, MIXED_KINGS], [""])],
        "went_out": 1,
    }
    assert score(raw).points == (30 - 15, 535 + 420 + 100)


def test_mixed_canastas_count_toward_two():
    mixed_nines = "9H 9D 9C 9S 9S JO 2H"
    raw = {
        "teams": [side([MIXED_KINGS, mixed_nines], [""]), side()],
        "went_out": 0,
    }
    # kings 120 + 300; nines 50 + 50 + 20 + 300; going out 100.
    assert score(raw).points == (420 + 420 + 100, -10)


@pytest.mark.parametrize("hands", [["4H", "5S"], ["4H", "5S", "6H"]])
def test_hands_count_must_follow_the_table(hands):
    raw = {"teams": [side(hands=hands), side()]}
    if len(hands) > 2:  # the model refuses three at any table
        found = reject(raw)
        assert {path for path, _ in found} == {"teams.0.hands"}
        return
    assert reject(raw) == {("teams.0.hands", "hands_per_player")}
    message = messages(raw)["hands_per_player"]
    assert "hands" in message and "1" in message and "seat 0" in message


def test_one_hand_at_four_names_the_field():
    raw = {"teams": [side(hands=["4H"]), side(hands=["4H", "5S"])]}
    assert reject(raw, table=FOUR) == {("teams.0.hands", "hands_per_player")}
    message = messages(raw, FOUR)["hands_per_player"]
    assert "seats 0 and 2" in message and "not 1" in message


@pytest.mark.parametrize("seat", [2, 3])
def test_went_out_is_a_seat_of_the_table(seat):
    raw = {"teams": [side([SEVENS, EIGHTS], [""]), side()], "went_out": seat}
    found = reject(raw)
    assert ("went_out", "no_such_seat") in found
    assert "0–1" in messages(raw)["no_such_seat"]


def test_empty_hand_without_going_out():
    raw = {"teams": [side(hands=[""]), side()]}
    assert reject(raw) == {("teams.0.hands.0", "empty_hand")}


def test_hand_not_empty_after_going_out():
    raw = {"teams": [side([SEVENS, EIGHTS], ["4C"]), side()], "went_out": 0}
    assert reject(raw) == {("teams.0.hands.0", "hand_not_empty")}


def test_same_deck_108_cards():
    # 2 × 54: three 7H are one too many, as at the table of four.
    raw = {"teams": [side([SEVENS], ["7H"]), side(["7H 7S 7S"])]}
    assert "too_many_copies" in {code for _, code in reject(raw)}


def test_same_zones_and_red_threes():
    # Score 1500 before the deal: the requirement is 90, as at four (§28.6.2).
    start = state((1500, 0))
    assert GAME.requirement(start, 0) == 90
    raw = {
        "teams": [side([SEVENS, EIGHTS], [""], red_threes=["3H", "3D"]), side()],
        "went_out": 0,
    }
    assert score(raw).points == (1205 + 200, -10)


def test_four_red_threes_option_applies():
    raw = {
        "teams": [
            side([SEVENS, EIGHTS], [""], red_threes=["3H", "3H", "3D", "3D"]),
            side(),
        ],
        "went_out": 0,
    }
    assert score(raw).points[0] == 1205 + 800
    assert score(raw, options={"four_red_threes": 400}).points[0] == 1205 + 400


def test_match_to_5000_at_two():
    deal = {
        "teams": [side([SEVENS, EIGHTS, MIXED_KINGS], [""]), side()],
        "went_out": 0,
    }
    folded = GAME.fold([deal] * 4, table=TWO)
    assert folded.state.totals == (4 * 1625, -40)
    assert folded.state.finished and folded.state.winners == (0,)


def test_next_deal_has_a_requirement_per_player():
    nxt = GAME.next_deal(state((3000, -50)))
    assert nxt.opening_requirement == (120, 15)
    assert nxt.starting_seat == 1


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_legal_two_player_deals_score_as_their_items(rng):
    raw = legal_deal(rng, GAME, (0, 0), players=2)
    result = score(raw)
    for i, detail in enumerate(result.detail["sides"]):
        items = ("melds", "bonuses", "red_threes", "going_out", "hands", "penalties")
        assert result.points[i] == sum(detail[k] for k in items)
        assert result.points[i] % 5 == 0


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_two_player_deal_scores_as_at_four_plus_a_partner(rng):
    """The same cards at the table of four, each side's second partner (seat 2, 3)
    holding a 4C, score 5 less for each side: the table changes the hands, not the
    rules of scoring (at four one canasta would do, so nothing new is refused)."""
    raw = legal_deal(rng, GAME, (0, 0), players=2)
    two = score(raw)
    four = {
        **raw,
        "teams": [{**t, "hands": [t["hands"][0], "4C"]} for t in raw["teams"]],
    }
    try:
        at_four = GAME.score(state(table=FOUR), four)
    except DealRejected as exc:  # a 4C too many for the deck
        assert {e.code for e in exc.errors} == {"too_many_copies"}
        return
    assert at_four.points == tuple(p - 5 for p in two.points)


def test_bench_case_deals_are_legal():
    rng = random.Random(5)
    for _ in range(50):
        raw = legal_deal(rng, GAME, (0, 0), players=2)
        assert all(len(t["hands"]) == 1 for t in raw["teams"])
        score(raw)


@pytest.mark.parametrize("slug", ["samba", "contract-samba", "hand-and-foot"])
def test_the_rest_of_the_family_stays_at_four(slug):
    from games.engine.registry import get_game

    game = get_game(slug)
    assert game.tables == ((0, 1, 0, 1),)
    with pytest.raises(SetupRejected):
        game.start(table=TWO)


def test_samba_refuses_one_hand_for_two_partners():
    from games.engine.registry import get_game

    samba = get_game("samba")
    raw = {"teams": [side(hands=["4H"]), side(hands=["4H", "5S"])]}
    with pytest.raises(DealRejected) as info:
        samba.score(samba.start(), raw)
    assert ("teams.0.hands", "hands_per_player") in {
        (e.path, e.code) for e in info.value.errors
    }
