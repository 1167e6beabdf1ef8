"""Sleazy (000_eb7d6ae73acb1182.txt): every number in the rulebook, each branch."""

from __future__ import annotations

import pytest

from games.engine import DealRejected, SetupRejected, Table
from games.engine.cards import RANKS
from games.engine.serialize import folded_to_json
from games.rules.sleazy import Sleazy

GAME = Sleazy()


def score(raw: dict, state=None, **options):
    return GAME.score(state or GAME.start(options), raw)


def errors(raw: dict, state=None, **options) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, state, **options)
    return {e.code: e.path for e in rejected.value.errors}


def sets(*side_0: dict, side_1: tuple[dict, ...] = ()) -> list[dict]:
    return [{"sets": list(side_0)}, {"sets": list(side_1)}]


def full(cards: str) -> dict:
    return {"kind": "full", "cards": cards}


def basic(cards: str) -> dict:
    return {"kind": "basic", "cards": cards}


# Dealer is seat 0 in the first round, so side 1 (the non-dealer) has the colour
# card's colour: with 2C as the colour card side 1 is black and side 0 red.
COLOUR_CARD = "2C"


# -- SCORING TABLE ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pair", "points", "code"),
    [
        ("3S 3H", (0, 0), "mixed_pair"),  # Mixed pair 0 p.
        ("3H 3D", (25, 0), "pure_pair"),  # Pure pair 25 p. to the red side
        ("3S 3C", (0, 25), "pure_pair"),  # ... and to the black side
        ("KH KD", (50, 0), "pure_pair"),  # Higher class x 2
        ("AS AC", (0, 50), "pure_pair"),
        ("JS JD", (0, 0), "mixed_pair"),  # 0 doubled is 0
        ("QH QD", (50, 0), "pure_pair"),
        ("10H 10D", (25, 0), "pure_pair"),  # 10 is not higher class
    ],
)
def test_pairs(pair, points, code):
    """SCORING TABLE: mixed pair 0 p., pure pair 25 p. to the player of its colour."""
    result = score({"colour_card": COLOUR_CARD, "pairs": [pair]})
    assert result.points == points
    assert result.facts[0].code == code


@pytest.mark.parametrize(
    ("cset", "points", "code"),
    [
        (basic("7S 7H 7C 7D"), 50, "basic_set"),  # Basic set 50 p.
        (basic("7S 7H 7C Jo"), 50, "basic_set"),  # a pair stolen with the joker
        (full("7S 7H 7C 7D"), 100, "full_set"),  # Master's trick
        (full("7S 7H 7C Jo"), 100, "full_set"),  # Joker's trick: full 100 (v2.1)
        (basic("JS JH JC JD"), 100, "basic_set"),  # Higher class x 2
        (full("QS QH QD Jo"), 200, "full_set"),
        (full("KS KH KC KD"), 200, "full_set"),
        (full("AS AH AC AD"), 200, "full_set"),
    ],
)
def test_sets(cset, points, code):
    """SCORING TABLE: basic set 50 p., full set 100 p., x 2 for J, Q, K, A."""
    result = score({"colour_card": COLOUR_CARD, "sides": sets(side_1=(cset,))})
    assert result.points == (0, points)
    assert result.facts[0].code == code
    assert result.facts[0].side == 1


def test_two_pure_pairs_equal_a_basic_set():
    """COUNTING POINTS: '2 pairs of your colour (= 50 p.) is equal to your
    opponent's basic set (= 50 p.)' — they cancel out."""
    result = score(
        {
            "colour_card": COLOUR_CARD,
            "pairs": ["3H 3D", "4H 4D"],
            "sides": sets(side_1=(basic("9S 9H 9C 9D"),)),
        }
    )
    assert result.points == (50, 50)
    assert result.detail["difference"] == 0


def test_winning_by_175_then_losing_by_250_is_75_to_the_opponent():
    """COUNTING POINTS: 'if you were winning by 175 p. but now lost by 250 p. the
    difference is (175 - 250 =) 75 p. in your opponent's favour'."""
    won_by_175 = {
        "colour_card": COLOUR_CARD,
        "pairs": ["3H 3D"],  # 25 to red side 0
        "sides": sets(full("5S 5H 5C Jo"), basic("8S 8H 8C 8D")),  # 100 + 50
    }
    # Round 2: dealer seat 1, so side 0 (the non-dealer) is black with 2C.
    lost_by_250 = {
        "colour_card": COLOUR_CARD,
        "pairs": ["6H 6D", "10H 10D"],  # 25 + 25 to red side 1
        "sides": sets(side_1=(full("KS KH KC KD"),)),  # 200
    }
    folded = GAME.fold([won_by_175, lost_by_250])
    first, second = folded.deals
    assert first.score.detail["difference"] == 175
    assert second.score.detail["difference"] == -250
    assert second.score.detail["cumulative_difference"] == -75
    assert folded.state.difference == -75
    assert folded.totals == (175, 250)
    assert folded.leaders == (1,)
    fact = second.score.facts[-1]
    assert (fact.code, fact.side, fact.points) == ("cumulative_difference", 1, 75)
    assert "75 in side 2's favour" in fact.text


def test_the_same_example_entered_as_totals():
    folded = GAME.fold(
        [{"mode": "totals", "points": [175, 0]}, {"mode": "totals", "points": [0, 250]}]
    )
    assert folded.state.difference == -75
    assert all(not d.score.verified for d in folded.deals)


def test_high_threads_yield_800_and_the_others_900():
    """STRATEGICAL ADVICE: 'The 4 high threads (J, Q, K, A) ... can yield 800p.,
    where as the other 9 threads can (only) yield 900p.' — every number as a full
    set (the colour number as a colour set, Colour Set extension)."""
    all_sets = []
    for rank in RANKS:
        kind = "colour" if rank == "2" else "full"
        all_sets.append({"kind": kind, "cards": [rank + s for s in "SHDC"]})
    result = score(
        {"colour_card": COLOUR_CARD, "sides": sets(*all_sets)}, colour_set=True
    )
    high = sum(
        f.points
        for f in result.facts
        if f.text.split()[-2] in ("jacks:", "queens:", "kings:", "aces:")
    )
    assert high == 800
    assert result.points == (1700, 0)


# -- Colour Set extension -----------------------------------------------------------


def test_colour_set_is_worth_a_full_set():
    """COLOUR SET: 'functions like a full set ... worth 100 points'."""
    raw = {
        "colour_card": "5H",
        "sides": sets({"kind": "colour", "cards": "5H 5S 5C Jo"}),
    }
    result = score(raw, colour_set=True)
    assert result.points == (100, 0)
    assert result.facts[0].code == "colour_set"
    raw = {
        "colour_card": "KH",
        "sides": sets({"kind": "colour", "cards": "KH KS KC KD"}),
    }
    assert score(raw, colour_set=True).points == (200, 0)


def test_broken_colour_set_belongs_to_nobody():
    """BROKEN COLOUR SET: 'worth 0 points'."""
    raw = {"colour_card": "5H", "broken_colour_set": "5H 5S 5C"}
    result = score(raw, colour_set=True)
    assert result.points == (0, 0)
    assert result.facts[0].code == "broken_colour_set"


def test_colour_number_pair_and_basic_set_are_allowed_with_colour_set():
    """USING COLOUR NUMBER: a pair of the other cards of the colour number works as
    any pair, and can be stolen into a basic set with the joker."""
    raw = {"colour_card": "5H", "pairs": ["5S 5C"]}  # side 1 red, side 0 black
    assert score(raw, colour_set=True).points == (25, 0)
    raw = {"colour_card": "5H", "sides": sets(basic("5S 5C 5D Jo"))}
    assert score(raw, colour_set=True).points == (50, 0)


@pytest.mark.parametrize(
    ("raw", "options", "expected"),
    [
        (
            {
                "colour_card": "5H",
                "sides": sets({"kind": "colour", "cards": "5H 5S 5C Jo"}),
            },
            {},
            {"colour_set_not_played": "sides.0.sets.0.kind"},
        ),
        (
            {"sides": sets({"kind": "colour", "cards": "5H 5S 5C Jo"})},
            {"colour_set": True},
            {"colour_card_required": "colour_card"},
        ),
        (
            {
                "colour_card": "5H",
                "sides": sets({"kind": "colour", "cards": "5D 5S 5C Jo"}),
            },
            {"colour_set": True},
            {"colour_set_without_colour_card": "sides.0.sets.0.cards"},
        ),
        (
            {"colour_card": "5H", "sides": sets(full("5D 5S 5C Jo"))},
            {"colour_set": True},
            {"full_set_of_colour_number": "sides.0.sets.0.kind"},
        ),
        (
            {"colour_card": "5H", "broken_colour_set": "5H 5S Jo"},
            {"colour_set": True},
            {"broken_colour_set_cards": "broken_colour_set"},
        ),
        (
            {"colour_card": "5H", "broken_colour_set": "5D 5S 5C"},
            {"colour_set": True},
            {"colour_set_without_colour_card": "broken_colour_set"},
        ),
        (
            {"colour_card": "5H", "broken_colour_set": "5H 5S 5C"},
            {},
            {"colour_set_not_played": "broken_colour_set"},
        ),
        (
            {
                "colour_card": "5H",
                "broken_colour_set": "5H 5S 5C",
                "sides": sets({"kind": "colour", "cards": "5H 5S 5D Jo"}),
            },
            {"colour_set": True},
            {"too_many_copies": "broken_colour_set"},
        ),
        (
            {"colour_card": "5H", "pairs": ["5H 5D"]},
            {"colour_set": True},
            {"colour_card_used": "pairs.0"},
        ),
    ],
)
def test_colour_set_rules(raw, options, expected):
    assert errors(raw, **options) == expected


# -- the colour card and the colours ------------------------------------------------


def test_without_extensions_the_colour_card_is_in_no_recipe():
    """LAYOUT: the colour card is 'excluded from being used in the recipees'."""
    assert errors({"colour_card": "9H", "pairs": ["9H 9D"]}) == {
        "colour_card_used": "pairs.0"
    }
    assert errors({"colour_card": "9H", "sides": sets(full("9S 9H 9C 9D"))}) == {
        "colour_card_used": "sides.0.sets.0.cards"
    }
    # The other three of that number still make a Joker's trick.
    raw = {"colour_card": "9H", "sides": sets(full("9S 9C 9D Jo"))}
    assert score(raw).points == (100, 0)


def test_colours_follow_the_colour_card_and_the_dealer():
    """LAYOUT: the colour card lies on the non-dealer's side: that is its colour."""
    round_1 = {"colour_card": "4D", "pairs": ["3H 3D"]}
    assert score(round_1).points == (0, 25)  # side 1 (non-dealer) is red
    state = GAME.fold([{"mode": "totals", "points": [0, 0]}]).state
    assert state.dealer == 1
    assert score(round_1, state).points == (25, 0)  # now side 0 is the non-dealer


def test_colours_entered_directly():
    assert score({"red": 1, "pairs": ["3H 3D", "4S 4C"]}).points == (25, 25)
    assert score({"red": 0, "pairs": ["3H 3D", "AS AC"]}).points == (25, 50)
    # Agreeing with the colour card is fine; contradicting it is not.
    assert score({"red": 1, "colour_card": "4D", "pairs": ["3H 3D"]}).points == (0, 25)
    assert errors({"red": 0, "colour_card": "4D", "pairs": ["3H 3D"]}) == {
        "colours_contradict_colour_card": "red"
    }


def test_magic_hat_needs_the_colours_entered():
    """MAGIC HAT: the colours may have been swapped, so the colour card does not
    tell them; with the hat the entered colours stand."""
    raw = {"colour_card": "4D", "pairs": ["3H 3D"]}
    assert errors(raw, magic_hat=True) == {"colours_required": "red"}
    assert score({**raw, "red": 0}, magic_hat=True).points == (25, 0)
    # No pure pair: the colours do not matter.
    assert score({"pairs": ["3H 3S"]}, magic_hat=True).points == (0, 0)


def test_pure_pairs_need_the_colours():
    assert errors({"pairs": ["3H 3D"]}) == {"colours_required": "red"}


def test_joker_is_never_the_colour_card():
    assert errors({"colour_card": "Jo"}) == {"joker_as_colour_card": "colour_card"}


# -- impossible collections ---------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"red": 0, "pairs": ["3H"]}, {"pair_size": "pairs.0"}),
        ({"red": 0, "pairs": ["3H 3D 3S"]}, {"pair_size": "pairs.0"}),
        ({"red": 0, "pairs": ["3H Jo"]}, {"joker_in_pair": "pairs.0"}),
        ({"red": 0, "pairs": ["3H 4H"]}, {"mixed_numbers": "pairs.0"}),
        (
            {"red": 0, "pairs": ["3H 3S", "3D 3C"]},
            {"second_pair_of_number": "pairs.1"},
        ),
        ({"sides": sets(full("3H 3S 3D"))}, {"set_size": "sides.0.sets.0.cards"}),
        ({"sides": sets(full("3H 3S 3D 3C Jo"))}, {"set_size": "sides.0.sets.0.cards"}),
        (
            {"sides": sets(full("3H 3S 3D 4C"))},
            {"mixed_numbers": "sides.0.sets.0.cards"},
        ),
        (
            {"sides": sets(full("3H 3S Jo Jo"))},
            {
                "too_many_jokers": "sides.0.sets.0.cards",
                "too_many_copies": "sides.0.sets.0.cards",  # and the deck has one
            },
        ),
        (
            {"sides": sets(full("3H 3S 3D Jo"), side_1=(full("4H 4S 4D Jo"),))},
            {"too_many_copies": "sides.1.sets.0.cards"},
        ),
        (
            {"red": 0, "pairs": ["3H 3D"], "sides": sets(basic("3H 3S 3C 3D"))},
            {"too_many_copies": "sides.0.sets.0.cards"},
        ),
        (
            {
                "colour_card": "3H",
                "red": 1,
                "pairs": ["3S 3C"],
                "sides": sets(full("3D 3S 3C Jo")),
            },
            {"too_many_copies": "sides.0.sets.0.cards"},
        ),
        (
            {"sides": sets({"kind": "master", "cards": "3H 3S 3D 3C"})},
            {"literal_error": "sides.0.sets.0.kind"},
        ),
        ({"pairs": ["3X 3H"]}, {"bad_card": "pairs.0.0"}),
        ({"sides": [{}, {}, {}]}, {"too_long": "sides"}),
        ({"mode": "chips"}, {"bad_mode": "mode"}),
        ({"pairs": [], "score": 5}, {"extra_forbidden": "score"}),
    ],
)
def test_impossible_rounds_are_rejected(raw, expected):
    assert errors(raw) == expected


def test_every_error_is_reported():
    raw = {
        "pairs": ["3H Jo", "4H 5H"],
        "sides": sets(full("3H 3S"), side_1=(basic("6H 6S 6D 7D"),)),
    }
    with pytest.raises(DealRejected) as rejected:
        score(raw)
    assert [(e.code, e.path) for e in rejected.value.errors] == [
        ("joker_in_pair", "pairs.0"),
        ("mixed_numbers", "pairs.1"),
        ("set_size", "sides.0.sets.0.cards"),
        ("mixed_numbers", "sides.1.sets.0.cards"),
        ("too_many_copies", "sides.0.sets.0.cards"),
    ]


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        ([30, 0], {"not_a_multiple_of_25": "points.0"}),
        ([0, 10], {"not_a_multiple_of_25": "points.1"}),
        ([-25, 0], {"greater_than_equal": "points.0"}),
    ],
)
def test_totals_entry_is_checked(points, expected):
    assert errors({"mode": "totals", "points": points}) == expected


# -- the game: rounds, dealer, winner -----------------------------------------------


def totals(a: int, b: int) -> dict:
    return {"mode": "totals", "points": [a, b]}


def test_full_game_is_four_rounds():
    """THE END: 'After the (2 or) 4 rounds the game ends'; the winner is the one in
    whose favour the cumulative point difference is."""
    folded = GAME.fold([totals(100, 0), totals(0, 50), totals(25, 0), totals(0, 50)])
    assert folded.finished and folded.winners == (0,)
    assert folded.state.difference == 25
    assert folded.next_deal is None
    late = GAME.fold([totals(0, 0)] * 5)
    assert late.deals[4].errors[0].code == "match_finished"


def test_short_game_is_two_rounds():
    folded = GAME.fold([totals(100, 0), totals(0, 150)], {"rounds": 2})
    assert folded.finished and folded.winners == (1,)


def test_level_game_is_a_draw():
    folded = GAME.fold([totals(100, 0), totals(0, 100)], {"rounds": 2})
    assert folded.finished and folded.winners == (0, 1)
    assert folded.leaders == ()


def test_dealer_alternates_and_non_dealer_starts():
    """LAYOUT & STARTUP: 'in the next round the other deals. The non-dealer always
    starts the round.'"""
    folded = GAME.fold([totals(0, 0)])
    assert (folded.next_deal.dealer, folded.next_deal.starting_seat) == (1, 0)
    folded = GAME.fold([totals(0, 0)] * 2)
    assert (folded.next_deal.dealer, folded.next_deal.starting_seat) == (0, 1)
    assert any("Half time" in n for n in folded.next_deal.notes)


def test_rounds_option_is_2_or_4():
    with pytest.raises(Exception) as rejected:
        GAME.start({"rounds": 3})
    assert rejected.value.errors[0].path == "options.rounds"


# -- player variations --------------------------------------------------------------


def test_double_is_two_teams_side_by_side():
    """Sleazy Double: teammates sit next to each other; the deal alternates sides."""
    state = GAME.start({"variation": "double"})
    assert state.table.seats == (0, 0, 1, 1)
    folded = GAME.fold([totals(0, 0)] * 3, {"variation": "double"})
    dealers = [
        GAME.fold([totals(0, 0)] * k, {"variation": "double"}).state.dealer
        for k in range(4)
    ]
    assert dealers == [0, 2, 1, 3]
    assert folded.next_deal.starting_seat == 0  # dealer 3 (side 1): seat 0 starts
    with pytest.raises(SetupRejected):
        GAME.start({"variation": "double"}, Table((0, 1, 0, 1)))


def test_triple_is_a_team_of_two_against_one():
    folded = GAME.fold(
        [totals(50, 0), totals(0, 25)],
        {"variation": "triple", "rounds": 2},
        Table((0, 0, 1)),
    )
    assert folded.winners == (0,)
    assert GAME.start({"variation": "triple"}, Table((1, 0, 0))).table.side_count == 2
    with pytest.raises(SetupRejected):
        GAME.start({"variation": "triple"}, Table((0, 1)))


def test_burying_bastards_turns_go_counter_clockwise():
    """Burying Bastards: 'The turns move counter-clockwise'."""
    state = GAME.start({"variation": "burying_bastards"})
    nxt = GAME.next_deal(state)
    assert nxt.dealer == 0 and nxt.starting_seat == 3
    assert any("counter-clockwise" in n for n in nxt.notes)


def test_duel_is_two_players():
    with pytest.raises(SetupRejected):
        GAME.start({}, Table((0, 0, 1, 1)))


# -- the score sheet ----------------------------------------------------------------


def test_score_sheet_shows_the_cumulative_difference():
    folded = GAME.fold([totals(175, 0), totals(0, 250)])
    data = folded_to_json(folded)
    assert data["state"]["difference"] == -75
    assert data["deals"][1]["score"]["detail"]["cumulative_difference"] == -75
    assert data["totals"] == [175, 250]


def test_schemas_export():
    schema = GAME.deal_schema()
    assert "cards" in str(schema) and "totals" in str(schema)
    assert GAME.options_schema()["properties"]["rounds"]["default"] == 4


def test_the_documented_example():
    """docs/games/sleazy.md: 175 to 250, side 1 wins the round by 75."""
    raw = {
        "colour_card": "2C",
        "pairs": ["3H 3D", "4S 4H", "KS KC"],
        "sides": [
            {"sets": [full("5S 5H 5C Jo"), basic("8S 8H 8C 8D")]},
            {"sets": [full("AS AH AC AD")]},
        ],
    }
    result = score(raw)
    assert result.points == (175, 250)
    assert result.detail["difference"] == -75
