"""Tuomas's Mah Jong (book ch 42): the example of §42.12.4, every item of Category I
and II (§42.12.1–2), the payments (§42.12.3), the void deal (§42.10), the short and
long game (§42.2–42.3), what a scorer is told when a hand is wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, get_game
from games.engine.chips import chip_points
from games.engine.serialize import state_from_json, state_to_json
from games.engine.tile_hands import combination
from games.engine.tiles import Wind, parse_groups, parse_tiles
from games.rules.mahjong import deal_payments, seat_wind, value_hand
from tests.games.strategies.mahjong import matches, tiles_deal, winning_hand

GAME = get_game("mahjong")
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def hands(seat: int, hand: dict, **others: dict) -> list[dict]:
    out = [{} for _ in range(4)]
    out[seat] = hand
    for key, value in others.items():
        out[int(key[1:])] = value
    return out


def score(deal: dict, options: dict | None = None):
    return GAME.score(GAME.start(options), deal)


# -- §42.12.4: the book's example -------------------------------------------------

BOOK_HAND = {
    "melded": "1C 2C 3C, 4C 5C 6C",
    "concealed_kongs": "8C 8C 8C 8C",
    "hand": "GD GD GD RD RD",
}


def test_the_books_example_is_worth_184():
    """Circle 123, circle 456, concealed pung of green dragons, concealed kong of
    circle 8s, pair of red dragons: 20 + 8 + 16 + 2 = 46, × 2 (dragon pung) × 2
    (one suit and honours) = 184 (l.2926–2940)."""
    result = score({"winner": 2, "hands": hands(2, BOOK_HAND)})
    assert result.detail["value"] == 184
    text = result.facts[0].text
    for item in (
        "winning hand 20",
        "concealed pung GD GD GD 8",
        "concealed kong 8C 8C 8C 8C 16",
        "pair RD RD 2",
        "× 2 (dragon pung GD)",
        "× 2 (only 1 suit plus honour tiles)",
    ):
        assert item in text


def test_the_books_example_whichever_way_it_is_typed():
    typed = {"melded": "123C, 456c", "concealed_kongs": "8888C", "hand": "g g g r r"}
    assert score({"winner": 2, "hands": hands(2, typed)}).detail["value"] == 184
    in_hand = {
        "concealed_kongs": "8C 8C 8C 8C",
        "hand": "RD 1C 2C GD 3C 4C GD 5C GD 6C RD",
    }
    assert score({"winner": 2, "hands": hands(2, in_hand)}).detail["value"] == 184


# -- §42.12.1: Category I, item by item -------------------------------------------


def combo(text: str, concealed: bool = False):
    return combination(parse_tiles(text), concealed=concealed)


@pytest.mark.parametrize(
    ("sets", "concealed", "own", "expected"),
    [
        ("5C 5C 5C", False, S, 2),  # basic pung
        ("5C 5C 5C", True, S, 4),  # concealed × 2
        ("1C 1C 1C", False, S, 4),  # terminal × 2
        ("9B 9B 9B", True, S, 8),  # terminal, concealed
        ("5K 5K 5K 5K", False, S, 8),  # kong × 4
        ("5K 5K 5K 5K", True, S, 16),
        ("N N N N", True, S, 32),  # kong, honour, concealed: 2 × 4 × 2 × 2
        ("1C 2C 3C", True, S, 0),  # a chow scores nothing
        ("W W W", False, S, 4),  # a wind that is nobody's here: honour only
        ("GD GD GD", False, S, 4 * 2),  # dragon pung: × 2 the entire hand
        ("S S S", False, S, 4 * 2),  # own wind: × 2 the entire hand
        ("E E E", False, S, 4 * 2),  # round wind: × 2 the entire hand
        ("E E E", False, E, 4 * 2 * 2),  # own and round wind: × 4 (l.2907)
        ("RD RD", False, S, 2),  # dragon pair
        ("S S", False, S, 2),  # pair of the own wind
        ("E E", False, S, 2),  # pair of the round wind
        ("E E", False, E, 4),  # both
        ("N N", False, S, 0),
        ("5C 5C", False, S, 0),
    ],
)
def test_category_one(sets, concealed, own, expected):
    valuation = value_hand([combo(sets, concealed)], [], own, E, winner=False)
    assert valuation.value == expected == valuation.category_one


@pytest.mark.parametrize(
    ("flower", "own", "prevailing", "expected"),
    [
        ("F3", S, E, 4),  # basic
        ("F2", S, E, 8),  # own wind
        ("F1", S, E, 8),  # round wind
        ("F1", E, E, 16),  # both
        ("F2", S, S, 16),  # a long game's south round
    ],
)
def test_flowers(flower, own, prevailing, expected):
    valuation = value_hand([], parse_tiles(flower), own, prevailing, winner=False)
    assert valuation.value == expected


def test_every_whole_hand_double_multiplies():
    # Two dragon pungs and a pung of the own wind: 4 + 4 + 4 = 12, × 2 × 2 × 2.
    sets = [combo("RD RD RD"), combo("GD GD GD"), combo("S S S")]
    assert value_hand(sets, [], S, E, winner=False).value == 12 * 8


# -- §42.12.2: Category II ------------------------------------------------------------


def winner_value(hand: dict, won_by: str = "discard", **options) -> int:
    deal = {"winner": 1, "won_by": won_by, "hands": hands(1, hand)}
    return score(deal, options).detail["value"]


CHOWS = {"melded": "1C 2C 3C", "hand": "4C 5C 6C 7B 8B 9B 2K 3K 4K 5B 5B"}


def test_only_chows_a_non_scoring_pair_and_two_suits_doubles():
    assert winner_value(CHOWS) == 20 * 2


def test_winning_tile_from_the_wall_and_a_replacement():
    assert winner_value(CHOWS, "wall") == 22 * 2
    assert winner_value(CHOWS, "replacement") == 32 * 2
    assert winner_value(CHOWS, "replacement", replacement_is_from_wall=False) == 60


def test_only_one_suit_is_times_8_and_not_also_one_suit_plus_honours():
    # 111 pung concealed terminal 8, 888 pung 4, 99 pair 0; 20 + 2 from the wall.
    hand = {"hand": "1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 8C 8C 9C 9C"}
    assert winner_value(hand, "wall") == (8 + 4 + 22) * 8


def test_only_honours_with_no_chows():
    # Seat 1 is north in deal 1 (east is seat 0): pungs of E, S, RD, GD concealed
    # 8 each, white dragon pair 2; × 2 × 2 dragons, × 2 round wind (east);
    # 20 + 2 from the wall; × 8 only honours, × 2 no chows.
    hand = {"hand": "E E E S S S RD RD RD GD GD GD WD WD"}
    assert winner_value(hand, "wall") == (34 + 22) * 8 * 8 * 2


def test_no_chows_alone():
    hand = {"melded": "2C 2C 2C, 3B 3B 3B, 4K 4K 4K", "hand": "6K 6K 6K 7B 7B"}
    # Three exposed simple pungs 2 each, a concealed one 4: 10 + 20, × 2.
    assert winner_value(hand) == 30 * 2


def test_the_winner_scores_the_split_worth_most():
    # 111 222 333 circles: three pungs (8 + 4 + 4 = 16: 36) or three chows, which
    # with 789 bamboo and a plain pair are all chows in two suits (20 × 2 = 40).
    hand = {"hand": "1C 1C 1C 2C 2C 2C 3C 3C 3C 7B 8B 9B 5B 5B"}
    assert winner_value(hand) == 40


# -- §42.12.3: payments ----------------------------------------------------------------


def test_losers_pay_the_winner_and_settle_their_differences_east_doubled():
    """East is seat 0. Winner seat 1 (40). Losers: east with a concealed pung of
    east winds (8 × 2 own × 2 round = 32), seat 2 an exposed red dragon pung (4 × 2
    = 8), seat 3 nothing. East pays 80, the others 40; east takes 2 × 24 from seat 2
    and 2 × 32 from seat 3; seat 3 pays seat 2 8."""
    deal = {
        "winner": 1,
        "hands": hands(
            1,
            CHOWS,
            s0={"hand": "E E E 9K 9K 1B 2B"},  # 9K 9K: a pair of no value
            s2={"melded": "RD RD RD"},
        ),
    }
    result = score(deal)
    assert result.detail["category_one"] == [32, 0, 8, 0]
    assert result.points == (-80 + 48 + 64, 160, -40 - 48 + 8, -40 - 64 - 8)
    assert sum(result.points) == 0


def test_a_loser_may_gain_more_than_the_winner_and_still_the_winner_won():
    deal = {
        "winner": 1,
        "hands": hands(1, CHOWS, s3={"concealed_kongs": "RD RD RD RD, GD GD GD GD"}),
    }
    result = score(deal)
    assert result.points[3] > result.points[1]
    assert GAME.deal_winners(result.points, result.detail) == (1,)


@settings(max_examples=200)
@given(
    winner=st.integers(0, 3),
    east=st.integers(0, 3),
    value=st.integers(10, 5000).map(lambda v: 2 * v),
    first=st.lists(st.integers(0, 3000).map(lambda v: 2 * v), min_size=4, max_size=4),
)
def test_payments_sum_to_zero_and_east_pays_and_receives_double(
    winner, east, value, first
):
    net = deal_payments(winner, value, first, east).net()
    assert sum(net) == 0
    losers = [s for s in range(4) if s != winner]
    # From the winner alone: 3 × value, one of them doubled when east plays.
    if all(first[s] == first[losers[0]] for s in losers):
        assert net[winner] == value * (6 if winner == east else 4)


@settings(max_examples=150, deadline=None)
@given(deal=tiles_deal(), data=st.data())
def test_a_hands_score_does_not_depend_on_the_order_its_sets_are_entered(deal, data):
    first = GAME.score(GAME.start(), deal)
    shuffled = {**deal, "hands": [dict(h) for h in deal["hands"]]}
    for hand in shuffled["hands"]:
        for key in ("melded", "concealed_kongs"):
            if hand.get(key):
                groups = [g.strip() for g in hand[key].split(",")]
                groups = data.draw(st.permutations(groups))
                hand[key] = ", ".join(
                    " ".join(data.draw(st.permutations(g.split()))) for g in groups
                )
        for key in ("hand", "flowers"):
            if hand.get(key):
                hand[key] = " ".join(data.draw(st.permutations(hand[key].split())))
    again = GAME.score(GAME.start(), shuffled)
    assert again.points == first.points
    assert again.detail == first.detail
    assert sum(first.points) == 0
    assert first.detail["value"] % 2 == 0


@settings(max_examples=100, deadline=None)
@given(hand=winning_hand())
def test_every_drawn_winning_hand_verifies_and_is_even(hand):
    value = score({"winner": 0, "hands": hands(0, hand)}).detail["value"]
    assert value >= 20 and value % 2 == 0


# -- what a scorer is told ------------------------------------------------------------


def errors_of(deal: dict) -> list[tuple[str, str]]:
    with pytest.raises(DealRejected) as rejected:
        score(deal)
    return [(e.path, e.code) for e in rejected.value.errors]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (
            {"melded": "1C 2C 3C", "hand": "4C 5C 6C 7B 8B 9B 2K 3K 4K 5B"},
            [("hands.1", "wrong_tile_count")],
        ),
        (
            {**CHOWS, "melded": "1C 2C 4C"},
            [("hands.1.melded.0", "not_a_combination")],
        ),
        (
            {**CHOWS, "concealed_kongs": "9K 9K 9K"},
            [("hands.1.concealed_kongs.0", "not_a_kong")],
        ),
        (
            {**CHOWS, "hand": "4C XX"},
            [("hands.1.hand", "bad_tile")],
        ),
        (
            {**CHOWS, "hand": CHOWS["hand"].replace("5B 5B", "5B F1")},
            [("hands.1.hand", "flower_in_hand")],
        ),
        ({**CHOWS, "flowers": "F1 RD"}, [("hands.1.flowers", "not_a_flower")]),
        (
            {"hand": "1C 2C 4C 5C 6C 7B 8B 9B 2K 3K 4K 5B 5B 5B"},
            [("hands.1", "not_a_winning_hand")],
        ),
    ],
)
def test_a_wrong_winning_hand_is_named(hand, expected):
    assert errors_of({"winner": 1, "hands": hands(1, hand)}) == expected


def test_only_the_winner_melds_a_pair_and_only_with_a_discard():
    pair_melded = {"melded": "1C 2C 3C, 5B 5B", "hand": "4C 5C 6C 7B 8B 9B 2K 3K 4K"}
    assert winner_value(pair_melded) == 40
    deal = {"winner": 1, "won_by": "wall", "hands": hands(1, pair_melded)}
    assert errors_of(deal) == [("hands.1.melded", "pair_melded")]
    deal = {"winner": 1, "hands": hands(1, CHOWS, s0={"melded": "E E"})}
    assert errors_of(deal) == [("hands.0.melded", "pair_melded")]


def test_no_tile_more_than_four_times_across_the_table():
    deal = {
        "winner": 1,
        "hands": hands(1, CHOWS, s2={"melded": "1C 1C 1C, 1C 1C 1C"}),
    }
    assert errors_of(deal) == [("hands.2.melded", "too_many_copies")]
    deal = {
        "winner": 1,
        "hands": hands(1, {**CHOWS, "flowers": "F1"}, s2={"flowers": "F1 F1"}),
    }
    assert errors_of(deal) == [("hands.2.flowers", "too_many_copies")]


def test_a_losing_hand_holds_13_tiles_and_one_per_kong():
    loser = {"melded": "1K 1K 1K", "hand": "2K 2K 2K 3K 3K 3K 4K 4K 4K 5K 6K"}
    assert errors_of({"winner": 1, "hands": hands(1, CHOWS, s2=loser)}) == [
        ("hands.2", "too_many_tiles")
    ]
    loser = {"melded": "1K 1K 1K 1K", "hand": "2K 2K 2K 3K 3K 3K 4K 4K 4K 5K"}
    assert score({"winner": 1, "hands": hands(1, CHOWS, s2=loser)})


def test_quick_entry_takes_the_values_counted_at_the_table():
    result = score({"mode": "totals", "winner": 1, "values": [32, 40, 8, 0]})
    assert result.points == (32, 160, -80, -112)
    assert not result.verified
    with pytest.raises(DealRejected) as rejected:
        score({"mode": "totals", "winner": 1, "values": [3, 18, 0, 0]})
    assert [(e.path, e.code) for e in rejected.value.errors] == [
        ("values.0", "odd_value"),
        ("values.1", "winning_value_too_low"),
    ]


# -- §42.10, §42.2–42.4: the void deal, the game, the winds ---------------------------


def test_a_void_deal_scores_nothing():
    result = score({"winner": None})
    assert result.points == (0, 0, 0, 0)
    assert GAME.deal_winners(result.points, result.detail) == ()


def test_winds_south_sits_right_of_east():
    # Seats are numbered to the left (clockwise): east's right is the seat before.
    assert [seat_wind(s, 0) for s in range(4)] == [E, N, W, S]
    assert [seat_wind(s, 2) for s in range(4)] == [W, S, E, N]


def test_a_short_game_is_four_deals_from_1000_chips_east_passes_to_the_right():
    folded = GAME.fold([{"winner": None}] * 4)
    assert folded.finished and folded.totals == (1000,) * 4
    assert folded.winners == (0, 1, 2, 3)
    assert [GAME.fold([{"winner": None}] * k).state.dealer for k in range(4)] == [
        0,
        3,
        2,
        1,
    ]


def test_a_long_game_is_eight_deals_from_2000_the_last_four_in_the_south_round():
    deals = [{"mode": "totals", "winner": 0, "values": [20, 0, 0, 0]}] * 8
    folded = GAME.fold(deals[:4], {"length": "long"})
    assert not folded.finished and sum(folded.totals) == 8000
    rows = {r.code: r.value for r in folded.next_deal.context}
    assert rows["round_wind"] == "South" and rows["deal"] == "5 of 8"
    # A pung of south winds doubles the hand of the player of any seat now.
    south = {"melded": "S S S", "hand": "1C 2C 3C 4C 5C 6C 7C 8C 9C 5B 5B"}
    later = GAME.score(folded.state, {"winner": 2, "hands": hands(2, south)})
    assert "round wind S" in later.facts[0].text
    assert GAME.fold(deals, {"length": "long"}).finished


def test_a_void_deal_that_does_not_count_is_played_again_with_the_same_winds():
    folded = GAME.fold([{"winner": None}] * 4, {"void_deal_counts": False})
    assert not folded.finished and folded.state.dealer == 0
    assert folded.next_deal.number == 5
    rows = {r.code: r.value for r in folded.next_deal.context}
    assert rows["deal"] == "1 of 4"


def test_the_sheet_shows_chips_winds_and_east():
    folded = GAME.fold([{"mode": "totals", "winner": 1, "values": [32, 40, 8, 0]}])
    assert folded.totals == (1032, 1160, 920, 888)
    rows = {r.code: (r.kind, r.value) for r in folded.next_deal.context}
    assert rows["chips"] == ("per_side", (1032, 1160, 920, 888))
    # East passed from seat 0 to seat 3 (south in deal 1, on east's right).
    assert rows["seat_winds"] == ("per_side", ("North", "West", "South", "East"))
    assert folded.next_deal.dealer == 3


def test_chips_are_money_and_conserved_and_the_state_restores():
    rng = random.Random(42)
    deals = [
        {
            "mode": "totals",
            "winner": rng.randrange(4),
            "values": [2 * rng.randrange(10, 100) for _ in range(4)],
        }
        for _ in range(4)
    ]
    folded = GAME.fold(deals, {"start": 500})
    assert GAME.chips_are_money and folded.finished
    assert sum(folded.totals) == 2000
    assert sum(chip_points(folded.state.ledger)) == 0
    assert (
        folded.winners == (folded.totals.index(max(folded.totals)),)
        or len(folded.winners) > 1
    )
    data = state_to_json(folded.state)
    restored = state_from_json(
        GAME, data, options=folded.state.options, table=folded.state.table
    )
    assert restored == folded.state


def test_the_source_is_cited():
    assert GAME.source.startswith("001_b57793035adc3f64.txt §42")


def test_groups_are_read_in_the_order_typed():
    assert len(parse_groups("1C 2C 3C, E E E")) == 2


def test_the_docs_worked_example_scores_as_the_page_says():
    page = (Path(__file__).parents[2] / "docs/games/mahjong.md").read_text()
    deal = json.loads(page.split("```json", 1)[1].split("```", 1)[0])
    result = score(deal)
    assert result.detail["value"] == 184
    assert result.detail["category_one"][0:1] + result.detail["category_one"][3:] == [
        32,
        8,
    ]
    assert result.points == (-256, -256, 736, -224)


def test_the_cli_and_stateless_api_fold_the_books_deal():
    from games.engine.play import fold_payload

    deal = {
        "winner": 2,
        "hands": [{"hand": "E E E 2B 5K"}, {}, BOOK_HAND, {"melded": "WD WD WD"}],
    }
    folded = fold_payload("mahjong", {"deals": [deal]})
    assert folded.totals == (744, 744, 1736, 776)


@settings(max_examples=60, deadline=None)
@given(case=matches())
def test_chips_are_conserved_over_every_match(case):
    folded = GAME.fold(case.deals, case.options)
    start = case.options.get("start") or (
        2000 if case.options.get("length") == "long" else 1000
    )
    assert sum(folded.totals) == 4 * start
    assert sum(chip_points(folded.state.ledger)) == 0
    counted = [d for d in folded.deals if d.score is not None]
    assert all(sum(d.score.points) == 0 for d in counted)
    assert all(d.score.detail["value"] % 2 == 0 for d in counted)
