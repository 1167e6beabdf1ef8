"""Canasta (book §28–§29): the rulebook's figures and hand-computed deals."""

from __future__ import annotations

import pytest

from games.engine.cards import parse_card
from games.engine.errors import DealRejected, OptionsRejected
from games.engine.game import Table
from games.rules.canasta.canasta import Canasta
from games.rules.canasta.openings import CANASTA_ZONES
from games.rules.canasta.red_threes import RedThreeRule, red_three_points
from games.rules.canasta.values import CARD_POINTS

GAME = Canasta()


def side(melds=(), hands=("4H", "4D"), **extra):
    return {"melds": list(melds), "hands": list(hands), **extra}


def deal(team0, team1, **extra):
    return {"teams": [team0, team1], **extra}


def codes(exc: DealRejected) -> set[tuple[str, str]]:
    return {(e.path, e.code) for e in exc.errors}


def state_at(totals=(0, 0), options=None):
    state = GAME.start(options)
    from dataclasses import replace

    return replace(state, totals=tuple(totals))


def score(raw, totals=(0, 0), options=None):
    return GAME.score(state_at(totals, options), raw)


def reject(raw, totals=(0, 0), options=None) -> set[tuple[str, str]]:
    with pytest.raises(DealRejected) as info:
        score(raw, totals, options)
    return codes(info.value)


# -- §28.1 card values ----


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("3C", 5),
        ("3S", 5),
        ("3H", 100),
        ("3D", 100),
        ("4H", 5),
        ("5S", 5),
        ("6D", 5),
        ("7C", 5),
        ("8H", 10),
        ("9S", 10),
        ("10D", 10),
        ("JC", 10),
        ("QH", 10),
        ("KS", 10),
        ("AD", 20),
        ("2C", 20),
        ("Jo", 50),
    ],
)
def test_card_values(card, points):
    """§28.1: the point table."""
    assert CARD_POINTS[parse_card(card)] == points


# -- §28.6.2 opening zones ----


@pytest.mark.parametrize(
    ("score_before", "requirement"),
    [
        (-5, 15),
        (-2000, 15),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (9000, 120),
    ],
)
def test_opening_zones(score_before, requirement):
    """§28.6.2: -5 → 15, 0–1495 → 50, 1500–2995 → 90, 3000– → 120."""
    assert CANASTA_ZONES.requirement(score_before) == requirement


def test_insufficient_attempt_adds_ten():
    """§28.6.5: each insufficient attempt raises the requirement by ten."""
    assert CANASTA_ZONES.requirement(1500, attempts=1) == 100
    assert CANASTA_ZONES.requirement(0, attempts=3) == 80


# -- §28.6.3 and §29.8.3 red threes ----


RED_THREES = RedThreeRule(each=100, all_count=4, all_value=800)
FINNISH = RedThreeRule(each=100, all_count=4, all_value=400)


@pytest.mark.parametrize(
    ("count", "positive", "rule", "points"),
    [
        (1, True, RED_THREES, 100),
        (3, True, RED_THREES, 300),
        (4, True, RED_THREES, 800),
        (4, False, RED_THREES, -800),
        (3, False, RED_THREES, -300),
        (4, True, FINNISH, 400),
        (0, False, RED_THREES, 0),
    ],
)
def test_red_three_points(count, positive, rule, points):
    """§28.6.3: 100 each, 800 for four (Finnish clubs 400), minus without opening."""
    assert red_three_points(count, rule, positive=positive) == points


def test_last_red_three_worth_100_or_500():
    """§29.8.3: the last red three is worth 100 to a side without, 500 to one with 3."""
    assert red_three_points(1, RED_THREES, positive=True) == 100
    fourth = red_three_points(4, RED_THREES, positive=True)
    assert fourth - red_three_points(3, RED_THREES, positive=True) == 500


def test_unopened_red_threes_swing():
    """§29.8.3: three red threes are -300 if the side has not opened, +300 if it has
    (a 600 point swing)."""
    hands = ("9H 9D", "KS")
    unopened = score(
        deal(
            side(["7H 7D 7S 7C 7H 7D 7S"], hands=("", "4C")),
            side(hands=hands, red_threes=["3H", "3D", "3H"]),
            went_out=0,
        )
    )
    opened = score(
        deal(
            side(["7H 7D 7S 7C 7H 7D 7S"], hands=("QS", "4C")),
            side(["8H 8D 8S"], hands=hands, red_threes=["3H", "3D", "3H"]),
        )
    )
    assert unopened.points[1] == -300 - 30
    assert opened.points[1] == 30 + 300 - 30


# -- §28.2 / §28.5 melds ----


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ("7H 7D", "meld_too_short"),
        ("7H Jo 2C", "too_few_naturals"),
        ("7H 7D 2C 2S Jo Jo", "too_many_wilds"),
        ("7H 7D 8S", "mixed_ranks"),
        ("3H 3D 3H", "red_three_in_meld"),
        ("3C 3S 3C", "black_threes_not_going_out"),
        ("3C 3S Jo", "black_threes_with_others"),
    ],
)
def test_illegal_meld_rejected(meld, code):
    """§28.2: 3+ cards, 2+ naturals, at most 3 wilds, one rank; threes apart."""
    errors = reject(deal(side([meld]), side()))
    assert ("teams.0.melds.0", code) in errors


def test_three_wilds_allowed():
    """§28.2: up to three wild cards in a meld."""
    result = score(deal(side(["7H 7D 2C 2S Jo"]), side()))
    assert result.points[0] == 10 + 40 + 50 - 10


def test_one_meld_per_rank():
    """§28.2: a side has only one meld of each rank."""
    errors = reject(deal(side(["7H 7D 7S", "7C 7C 2D"]), side()))
    assert ("teams.0.melds.1", "duplicate_rank_meld") in errors


def test_both_sides_may_meld_same_rank():
    """§28.2 limits one meld per rank per side, not per table."""
    score(deal(side(["7H 7D 7S"]), side(["7C 7C 2D"])))


def test_black_threes_when_going_out():
    """§28.5: the player going out may meld three or four black threes."""
    result = score(
        deal(
            side(["7H 7D 7S 7C 7H 7D 7S", "3C 3S 3C 3S"], hands=("", "4C")),
            side(),
            went_out=0,
        )
    )
    assert result.points[0] == 35 + 500 + 20 + 100 - 5


def test_black_threes_five_too_many():
    errors = reject(
        deal(
            side(["7H 7D 7S 7C 7H 7D 7S", "3C 3S 3C 3S 3S"], hands=("", "4C")),
            side(),
            went_out=0,
        )
    )
    assert ("teams.0.melds.1", "black_threes_count") in errors


# -- canastas (§28.2, §28.5, §29.7) ----


def test_natural_canasta_fact_and_bonus():
    """§28.5: a natural canasta gives 500 extra points."""
    result = score(deal(side(["7H 7D 7S 7C 7H 7D 7S"]), side()))
    assert result.points[0] == 35 + 500 - 10
    assert any(f.text == "natural canasta of 7s: 500" for f in result.facts)


def test_mixed_canasta_bonus():
    """§28.5: a mixed canasta gives 300 extra points."""
    result = score(deal(side(["KH KD KS KC KH 2D Jo"]), side()))
    assert result.points[0] == 50 + 20 + 50 + 300 - 10
    assert any(f.text == "mixed canasta of kings: 300" for f in result.facts)


def test_natural_canasta_worth_200_more():
    """§29.7: "an extra 200 point bonus for each natural canasta"."""
    natural = score(deal(side(["8H 8D 8S 8C 8H 8D 8S"]), side()))
    mixed = score(deal(side(["8H 8D 8S 8C 8H 8D 2S"]), side()))
    assert natural.points[0] - mixed.points[0] == 200 - (20 - 10)


# -- going out (§28.5, §28.6.2) ----


def test_going_out_needs_canasta():
    """§28.5: a side cannot go out without a canasta."""
    errors = reject(deal(side(["7H 7D 7S"], hands=("", "4C")), side(), went_out=0))
    assert ("teams.0.melds", "going_out_needs_canasta") in errors


def test_going_out_hand_must_be_empty():
    errors = reject(
        deal(side(["7H 7D 7S 7C 7H 7D 7S"], hands=("4H", "4C")), side(), went_out=0)
    )
    assert ("teams.0.hands.0", "hand_not_empty") in errors


def test_other_players_hold_cards():
    errors = reject(deal(side(["7H 7D 7S"], hands=("4H", "")), side()))
    assert ("teams.0.hands.1", "empty_hand") in errors


def test_going_out_seat_three_is_side_one_second_partner():
    result = score(
        deal(
            side(["7H 7D 7S"]),
            side(["8H 8D 8S 8C 8H 8D 8S"], hands=("4C", "")),
            went_out=3,
        )
    )
    assert result.points[1] == 70 + 500 + 100 - 5


def test_going_out_bonus_100():
    """§28.5: going out gives 100 extra points."""
    result = score(
        deal(side(["7H 7D 7S 7C 7H 7D 7S"], hands=("", "4C")), side(), went_out=0)
    )
    assert result.points[0] == 35 + 500 + 100 - 5


def test_concealed_going_out_extra_100():
    """§28.6.2: opening and going out in the same turn gives extra 100 points."""
    result = score(
        deal(
            side(["7H 7D 7S 7C 7H 7D 7S", "KH KD Jo"], hands=("", "4C")),
            side(),
            went_out=0,
            concealed=True,
        )
    )
    assert result.points[0] == 35 + 70 + 500 + 100 + 100 - 5
    assert any(f.code == "concealed" for f in result.facts)


def test_concealed_opening_checked_against_requirement():
    """The concealed opening is every meld laid down; it must reach the zone."""
    raw = deal(
        side(["9H 9D 9S 9C 9H 9D 9S"], hands=("", "4C")),
        side(),
        went_out=0,
        concealed=True,
    )
    assert score(raw, totals=(0, 0)).points[0] == 70 + 500 + 200 - 5
    errors = reject(raw, totals=(1500, 0))
    assert ("teams.0.opening", "opening_requirement_not_met") in errors


def test_concealed_needs_going_out():
    errors = reject(deal(side(["7H 7D 7S"]), side(), concealed=True))
    assert ("concealed", "concealed_without_going_out") in errors


# -- opening meld (§28.6.2, §28.6.5, §29.2) ----


def test_opening_joker_ace_ace_is_90():
    """§29.2: the 90 point opening meld Joker-A-A."""
    result = score(deal(side(["Jo AH AD"], opening=[0]), side()), totals=(1500, 0))
    assert any(f.text == "opening requirement 90 met with 90" for f in result.facts)


def test_opening_requirement_90_met_with_95():
    result = score(
        deal(
            side(["Jo KH KD KS", "5H 5D 5S 5C 5H"], opening=["Jo KH KD", 1]),
            side(),
        ),
        totals=(1500, 0),
    )
    # The opening was Jo-K-K and five 5s (95); a king was added later.
    assert any(f.text == "opening requirement 90 met with 95" for f in result.facts)
    result = score(
        deal(side(["Jo AH AD", "5H 5D 5S"], opening=[0, 1]), side()), totals=(1500, 0)
    )
    assert any(f.text == "opening requirement 90 met with 105" for f in result.facts)
    result = score(
        deal(
            side(["Jo AH AS AD", "5H 5D 5S"], opening=["Jo AH AS", "5H 5D 5S"]), side()
        ),
        totals=(1500, 0),
    )
    assert any(f.text == "opening requirement 90 met with 105" for f in result.facts)


def test_opening_short_rejected():
    errors = reject(
        deal(side(["Jo AH AD", "KH KD KS"], opening=[1]), side()), totals=(1500, 0)
    )
    assert ("teams.0.opening", "opening_requirement_not_met") in errors


def test_insufficient_attempt_applies_to_this_deal():
    """§28.6.5: each short attempt adds 10 (50 → 70 after two; 60 falls short)."""
    raw = deal(side(["KH KD KS", "QH QD QS"], opening=[0, 1]), side())
    assert score(raw).points[0] == 60 - 10
    short = deal(
        side(["KH KD KS", "QH QD QS"], opening=[0, 1], insufficient_openings=2),
        side(),
    )
    assert ("teams.0.opening", "opening_requirement_not_met") in reject(short)


def test_negative_score_needs_15():
    raw = deal(side(["4C 4S 4C"], opening=[0]), side())
    assert score(raw, totals=(-5, 0)).points[0] == 15 - 10
    assert ("teams.0.opening", "opening_requirement_not_met") in reject(raw)


def test_opening_must_lie_within_melds():
    errors = reject(deal(side(["KH KD KS"], opening=["QH QD QS"]), side()))
    assert ("teams.0.opening.0", "opening_not_in_melds") in errors


def test_opening_index_out_of_range():
    errors = reject(deal(side(["KH KD KS"], opening=[3]), side()))
    assert ("teams.0.opening.0", "no_such_meld") in errors


def test_opening_without_melds():
    errors = reject(deal(side(opening=["KH KD KS"]), side()))
    assert ("teams.0.opening", "opening_without_melds") in errors


# -- penalties (§28.6.4, §28.6.5) ----


def test_may_i_go_out_penalty_300():
    """§28.6.5: asking "May I go out?" when one cannot go out costs 300."""
    result = score(deal(side(["KH KD KS"], may_i_go_out_penalties=1), side()))
    assert result.points[0] == 30 - 10 - 300


# -- the deck ----


def test_fifth_joker_rejected():
    """2 × 54 cards hold four jokers."""
    errors = reject(deal(side(["KH KD Jo Jo"], hands=("Jo", "Jo Jo")), side()))
    assert ("teams.0.hands.1", "too_many_copies") in errors


def test_third_king_of_hearts_rejected():
    errors = reject(deal(side(["KH KH KD"]), side(hands=("KH", "4C"))))
    assert ("teams.1.hands.0", "too_many_copies") in errors


def test_red_three_in_hand_rejected():
    errors = reject(deal(side(hands=("3H", "4C")), side()))
    assert ("teams.0.hands.0.0", "red_three_in_hand") in errors


def test_not_a_red_three():
    errors = reject(deal(side(red_threes=["3C"]), side()))
    assert ("teams.0.red_threes.0", "not_a_red_three") in errors


def test_all_errors_reported_at_once():
    errors = reject(
        deal(side(["7H 7D", "KH Jo 2C"], red_threes=["5H"]), side(hands=("", "4C")))
    )
    assert {c for _, c in errors} >= {
        "meld_too_short",
        "too_few_naturals",
        "not_a_red_three",
        "empty_hand",
    }


def test_bad_card_path():
    with pytest.raises(DealRejected) as info:
        score(deal(side(["KH KD XX"]), side()))
    assert ("teams.0.melds.0.2", "bad_card") in codes(info.value)


# -- a whole deal by hand ----


def test_full_deal_by_hand():
    """Side 0 goes out with a natural and a mixed canasta, 2 red threes; side 1 has
    opened, holds cards, and has the other two red threes."""
    raw = deal(
        side(
            [
                "AH AD AS AC AH AD AS",  # natural canasta of aces: 140 + 500
                "9H 9D 9S 9C 2H Jo 2D",  # mixed canasta of 9s: 40 + 90 + 300
                "5H 5D 5S",  # 15
            ],
            hands=("", "KH 4C"),  # 15 against
            red_threes=["3H", "3D"],  # 200
            opening=[2, "9H 9D Jo"],
        ),
        side(
            ["QH QD QS 2S", "6H 6D 6S 6C 6H"],  # 50 + 25
            hands=("JH JD Jo", "8C 3C"),  # 20 + 50 + 10 + 5 = 85 against
            red_threes=["3H", "3D"],  # 200
        ),
        went_out=0,
    )
    result = score(raw)
    assert result.points == (
        140 + 500 + 130 + 300 + 15 + 200 + 100 - 15,
        75 + 200 - 85,
    )
    assert result.detail["sides"][0]["opening"] == 15 + 70


def test_four_red_threes_option():
    """§28.6.3: four red threes are 800, or 400 under the Finnish club rule."""
    raw = deal(side(["KH KD KS"], red_threes=["3H", "3H", "3D", "3D"]), side())
    assert score(raw).points[0] == 30 + 800 - 10
    finnish = score(raw, options={"four_red_threes": 400})
    assert finnish.points[0] == 30 + 400 - 10


def test_bad_option_rejected():
    with pytest.raises(OptionsRejected):
        GAME.start({"four_red_threes": 500})


# -- totals-only entry ----


def test_totals_unverified():
    result = score({"mode": "totals", "points": [1235, -420]})
    assert result.points == (1235, -420)
    assert result.verified is False


def test_totals_not_multiple_of_five():
    errors = reject({"mode": "totals", "points": [1233, 0]})
    assert ("points.0", "not_multiple_of_5") in errors


def test_unknown_mode():
    errors = reject({"mode": "bridge"})
    assert ("mode", "bad_mode") in errors


@pytest.mark.parametrize("mode", [[], {}, 3, None])
def test_mode_that_is_not_a_string_is_a_bad_mode(mode):
    """A list or number as the mode is the scorer's error, not a crash."""
    errors = reject({"mode": mode})
    assert ("mode", "bad_mode") in errors


# -- the match ----


def test_next_deal_requirements_and_dealer():
    """The next deal's opening requirement per side comes from its score."""
    folded = GAME.fold(
        [
            {"mode": "totals", "points": [1600, -50]},
            {"mode": "totals", "points": [1500, 50]},
        ]
    )
    assert folded.totals == (3100, 0)
    assert folded.next_deal.opening_requirement == (120, 50)
    assert folded.next_deal.dealer == 2
    assert folded.next_deal.starting_seat == 3


def test_five_thousand_wins():
    """§28.5: 5000 points win."""
    folded = GAME.fold(
        [
            {"mode": "totals", "points": [4000, 3000]},
            {"mode": "totals", "points": [1000, 500]},
        ]
    )
    assert folded.finished and folded.winners == (0,)
    assert folded.next_deal is None


def test_both_over_target_higher_wins():
    folded = GAME.fold([{"mode": "totals", "points": [5200, 5600]}])
    assert folded.winners == (1,)


def test_level_over_target_plays_on():
    folded = GAME.fold([{"mode": "totals", "points": [5200, 5200]}])
    assert not folded.finished


def test_requirement_uses_score_before_deal():
    """An opening of 60 stands at 0 but not once the side has 1500."""
    raw = deal(side(["KH KD KS", "QH QD QS"], opening=[0, 1]), side())
    folded = GAME.fold([raw, {"mode": "totals", "points": [1500, 0]}, raw])
    assert not folded.deals[0].flagged
    assert folded.deals[2].flagged
    assert folded.deals[2].errors[0].code == "opening_requirement_not_met"
    assert folded.needs_attention


def test_table_shape():
    with pytest.raises(Exception):  # noqa: B017
        GAME.start(table=Table((0, 1, 2)))


def test_doc_example():
    """docs/games/canasta.md's worked example scores as the doc says."""
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs/games/canasta.md").read_text()
    raw = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    assert score(raw).points == (1370, 190)
