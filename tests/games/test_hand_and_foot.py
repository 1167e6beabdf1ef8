"""Hand and Foot (001_b57793035adc3f64.txt §32): every number of the chapter, the
Canasta values it inherits (§28.1, §28.5), and a hand-computed deal per branch."""

from __future__ import annotations

import copy

import pytest

from games.engine import DealRejected, get_game
from games.engine.decks import FIVE_54
from games.rules.canasta.hand_and_foot import HandAndFoot

GAME = HandAndFoot()

FOOT_1 = ["4C", "4D", "4S", "5C", "6D", "6H", "8C", "9C", "JC", "QC", "KC"]  # 80

# Side 0 goes out (seat 0) with five canastas, two natural:
#   7s natural 35 + 500, kings natural 70 + 500, aces mixed 170 + 300,
#   8s mixed 90 + 300, 9s mixed 110 + 300, 5s 15   → melds 490, bonuses 1900
#   going out 100; seat 2 holds 4H 3S: -5 - 100 = -105          → 2385
# Side 1: 10s mixed canasta 120 + 300, jacks 30; seat 1 holds 3H 6C Jo: -555 and
#   never reached the foot (-80); seat 3 holds AC: -20           → -205
BASE = {
    "mode": "cards",
    "teams": [
        {
            "melds": [
                "7H 7D 7S 7C 7H 7D 7S",
                "KH KD KS KC KH KD KS",
                "AH AD AS AC AH 2C Jo",
                "8H 8D 8S 8C 8H 2D 2S",
                "9H 9D 9S 9C 9H 9D Jo",
                "5H 5D 5S",
            ],
            "opening": [["AH", "AD", "AS"]],
            "hands": [[], ["4H", "3S"]],
            "feet": [None, None],
        },
        {
            "melds": ["10H 10D 10S 10C 10H 2H Jo", "JH JD JS"],
            "opening": [0, 1],  # 150: meets every zone of 32.7
            "hands": [["3H", "6C", "Jo"], ["AC"]],
            "feet": [FOOT_1, None],
        },
    ],
    "went_out": 0,
}


def deal(**changes) -> dict:
    raw = copy.deepcopy(BASE)
    raw.update(changes)
    return raw


def team(raw: dict, side: int) -> dict:
    return raw["teams"][side]


def totals_deals(*points) -> list[dict]:
    return [{"mode": "totals", "points": list(p)} for p in points]


def state_at(deal_number: int):
    """The state before deal ``deal_number`` (earlier deals entered as totals)."""
    return GAME.fold(totals_deals(*[(0, 0)] * (deal_number - 1))).state


def score(raw: dict, state=None):
    return GAME.score(state or GAME.start(), raw)


def errors(raw: dict, state=None) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, state)
    return {e.code: e.path for e in rejected.value.errors}


# -- registry and the deal -----------------------------------------------------------


def test_registered_by_slug():
    """The game is found by its slug and cites §32."""
    game = get_game("hand-and-foot")
    assert game.name == "Hand and Foot"
    assert game.source == "001_b57793035adc3f64.txt §32"


def test_five_decks_of_54():
    """32.1: five decks of 54 cards (two jokers each) shuffled together."""
    assert GAME.deck is FIVE_54
    assert FIVE_54.size == 5 * 54
    assert FIVE_54.holds(GAME.parse_deal(BASE).teams[0].melds[0][0]) == 5


def test_base_deal_hand_computed():
    """The deal in BASE, computed by hand in the comment above it."""
    result = score(deal())
    assert result.points == (2385, -205)
    assert result.verified
    sides = result.detail["sides"]
    assert sides[0] == {
        "melds": 490,
        "bonuses": 1900,
        "red_threes": 0,
        "going_out": 100,
        "hands": -105,
        "penalties": 0,
        "opening": 60,
        "total": 2385,
        "feet": 0,
    }
    assert sides[1]["feet"] == -80
    assert sides[1]["hands"] == -575
    codes = [f.code for f in result.facts]
    assert codes.count("natural_canasta") == 2
    assert codes.count("mixed_canasta") == 4
    assert "foot_not_played" in codes


# -- §28.1 values, and §32.6 threes in hands and feet -------------------------------


@pytest.mark.parametrize(
    ("card", "cost"),
    [
        ("3S", 100),  # 32.6: black three -100
        ("3C", 100),
        ("3H", 500),  # 32.6: red three -500
        ("3D", 500),
        ("4H", 5),  # 28.1: 4-7 5
        ("7C", 5),
        ("8D", 10),  # 8-K 10
        ("KS", 10),
        ("AH", 20),  # A 20
        ("2C", 20),  # 2 20
        ("Jo", 50),  # Joker 50
    ],
)
def test_card_left_in_hand_or_foot_costs(card, cost):
    """28.1 and 32.6: a card in a hand or an unplayed foot counts against the side."""
    raw = deal()
    team(raw, 0)["hands"][1] = ["4H", card]  # was 4H 3S (-105)
    team(raw, 1)["feet"][0] = [*FOOT_1[:-1], card]  # was … KC (-80)
    result = score(raw)
    assert result.points == (2385 + 100 - cost, -205 + 10 - cost)


def test_unplayed_feet_count_negative():
    """32.6: the cards in feet that have not been picked up give negative points."""
    raw = deal()
    team(raw, 1)["feet"][1] = [
        "3H",
        "3D",
        "3C",
        "3S",
        "Jo",
        "Jo",
        "2S",
        "AS",
        "KC",
        "8C",
        "4C",
    ]  # 500+500+100+100+50+50+20+20+10+10+5
    result = score(raw)
    assert result.points == (2385, -205 - 1365)
    assert result.detail["sides"][1]["feet"] == -80 - 1365


@pytest.mark.parametrize(
    ("meld", "points", "bonus"),
    [
        ("QH QD QS QC QH QD QS", 70, 500),  # natural canasta 500
        ("QH QD QS QC QH 2D Jo", 120, 300),  # mixed canasta 300
        ("QH QD QS QC 2H 2D Jo", 130, 300),  # three wilds: still a meld (28.2)
        ("QH QD QS", 30, 0),
    ],
)
def test_canasta_bonuses(meld, points, bonus):
    """28.5: a natural canasta 500, a mixed 300, on top of the card values."""
    raw = deal()
    team(raw, 1)["melds"][1] = meld
    result = score(raw)
    assert result.points == (2385, -205 - 30 + points + bonus)


def test_several_melds_of_one_rank():
    """32.2: a team can have more than one meld of each rank."""
    raw = deal()
    team(raw, 1)["melds"].append("JH JD JS")
    assert score(raw).points == (2385, -205 + 30)


# -- errors: melds -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ("QH QD QS QC QH QD QS QC", "meld_too_long"),  # 32.2: at most seven
        ("QH QD QS QC 2H 2D Jo Jo", "meld_too_long"),
        ("QH QD 2H 2D Jo Jo", "too_many_wilds"),  # 28.2: at most three
        ("QH 2D Jo", "too_few_naturals"),  # at least two naturals
        ("2H 2D 2S", "too_few_naturals"),  # twos are wild here
        ("QH QD", "meld_too_short"),
        ("QH QD KS", "mixed_ranks"),
        ("3C 3S 3C", "threes_not_melded"),  # 32.4: not at all, not even going out
        ("3H 3D 3H", "red_three_in_meld"),
    ],
)
def test_illegal_meld_rejected_at_its_path(meld, code):
    """28.2 and 32.2/32.4: the meld is rejected where it was entered."""
    raw = deal()
    team(raw, 0)["melds"][5] = meld
    assert errors(raw)[code] == "teams.0.melds.5"


def test_red_threes_are_not_laid_out():
    """32.4: red threes work like black threes: never laid out for points."""
    raw = deal()
    team(raw, 1)["red_threes"] = ["3H"]
    assert errors(raw)["red_threes_not_laid_out"] == "teams.1.red_threes"


# -- going out (§32.5) ---------------------------------------------------------------


def test_going_out_needs_five_canastas():
    """32.5: not allowed to go out until the team has at least five canastas."""
    raw = deal()
    team(raw, 0)["melds"][4] = "9H 9D 9S 9C 9H 9D"  # no longer a canasta
    assert errors(raw)["going_out_needs_canasta"] == "teams.0.melds"


def test_going_out_needs_two_natural_canastas():
    """32.5: … out of which at least two are natural."""
    raw = deal()
    team(raw, 0)["melds"][1] = "KH KD KS KC KH KD Jo"
    assert errors(raw)["going_out_needs_natural_canasta"] == "teams.0.melds"


def test_going_out_through_the_foot():
    """32.5: the player who goes out has played the foot: it cannot be unplayed."""
    raw = deal()
    team(raw, 0)["feet"][0] = FOOT_1
    assert errors(raw)["foot_not_played"] == "teams.0.feet.0"


def test_going_out_player_holds_nothing():
    raw = deal()
    team(raw, 0)["hands"][0] = ["4S"]
    assert errors(raw)["hand_not_empty"] == "teams.0.hands.0"


def test_player_who_did_not_go_out_holds_a_card():
    raw = deal()
    team(raw, 1)["hands"][1] = []
    assert errors(raw)["empty_hand"] == "teams.1.hands.1"


def test_stock_ran_out_nobody_goes_out():
    """28.5: the deal also ends when the stock runs out: no going-out bonus."""
    raw = deal(went_out=None)
    team(raw, 0)["hands"][0] = ["4D"]
    assert score(raw).points == (2385 - 100 - 5, -205)


def test_concealed_going_out_bonus():
    """28.6.2: opening and going out in the same turn gives 100 more."""
    raw = deal(concealed=True)
    team(raw, 0)["opening"] = None  # everything on the table was the opening
    result = score(raw)
    assert result.points == (2385 + 100, -205)
    assert "concealed" in [f.code for f in result.facts]


def test_may_i_go_out_penalty():
    """28.6.5: asking "May I go out?" when one cannot costs 300."""
    raw = deal()
    team(raw, 1)["may_i_go_out_penalties"] = 1
    assert score(raw).points == (2385, -505)


# -- unplayed feet -------------------------------------------------------------------


@pytest.mark.parametrize("size", [0, 10, 12])
def test_unplayed_foot_has_eleven_cards(size):
    """32.1: a foot is 11 cards; one never picked up still has them all."""
    raw = deal()
    team(raw, 1)["feet"][0] = [*FOOT_1, "5D"][:size]
    assert errors(raw)["foot_not_11"] == "teams.1.feet.0"


def test_feet_are_required():
    raw = deal()
    del team(raw, 1)["feet"]
    assert "teams.1.feet" in errors(raw).values()


# -- the deck ------------------------------------------------------------------------


def test_sixth_copy_of_a_card_rejected():
    """Five decks hold five 7♥; the sixth, wherever entered, is rejected there."""
    raw = deal()
    # 7H twice in the 7s canasta; three more in seat 2's hand make five: legal.
    team(raw, 0)["hands"][1] = ["4H", "3S", "7H", "7H", "7H"]
    score(raw)
    team(raw, 1)["feet"][0] = [*FOOT_1[:-1], "7H"]
    found = errors(raw)
    assert found["too_many_copies"] == "teams.1.feet.0"


def test_eleventh_joker_rejected():
    """Five decks hold ten jokers; BASE has three."""
    raw = deal()
    team(raw, 1)["hands"][1] = ["AC"] + ["Jo"] * 8
    assert errors(raw)["too_many_copies"] == "teams.1.hands.1"


def test_discard_pile_is_checked():
    raw = deal(discard_pile=["7H"] * 4)
    assert errors(raw)["too_many_copies"] == "discard_pile"


def test_bad_card_named_by_position():
    raw = deal()
    team(raw, 1)["feet"][0] = [*FOOT_1[:-1], "ZZ"]
    assert errors(raw)["bad_card"] == "teams.1.feet.0.10"


# -- opening requirement by deal number (§32.7) --------------------------------------


@pytest.mark.parametrize(("number", "needed"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_opening_zone_by_deal_number(number, needed):
    """32.7: 1st deal 50, 2nd 90, 3rd 120, 4th 150 — whatever the scores."""
    state = GAME.fold(totals_deals(*[(5000, -5000)] * (number - 1))).state
    nxt = GAME.next_deal(state)
    assert nxt.number == number
    assert nxt.opening_requirement == (needed, needed)
    assert state.requirements == (needed, needed)


@pytest.mark.parametrize(
    ("number", "opening", "ok"),
    [
        (1, ["AH AD AS"], True),  # 60 ≥ 50
        (1, ["5H 5D 5S"], False),  # 15 < 50
        (2, ["AH AD AS", "5H 5D 5S"], False),  # 75 < 90
        (2, ["AH AD AS Jo"], True),  # 110 ≥ 90
        (3, ["AH AD AS Jo"], False),  # 110 < 120
        (3, ["AH AD AS Jo", "KH KD KS"], True),  # 140
        (4, ["AH AD AS Jo", "KH KD KS"], False),  # 140 < 150
        (4, ["AH AD AS Jo", "KH KD KS", "9H 9D 9S"], True),  # 170
    ],
)
def test_opening_requirement_checked(number, opening, ok):
    raw = deal()
    team(raw, 0)["opening"] = opening
    state = state_at(number)
    if ok:
        assert score(raw, state).points == (2385, -205)
    else:
        assert errors(raw, state)["opening_requirement_not_met"] == "teams.0.opening"


def test_insufficient_attempt_raises_requirement_by_ten():
    """28.6.5: each opening attempt with too few points adds 10 (50 → 60 → 70)."""
    raw = deal()
    team(raw, 0)["insufficient_openings"] = 1
    assert score(raw).points == (2385, -205)  # 60 meets 60
    team(raw, 0)["insufficient_openings"] = 2
    assert "opening_requirement_not_met" in errors(raw)


def test_opening_must_lie_in_the_melds():
    raw = deal()
    team(raw, 0)["opening"] = [["QH", "QD", "QS"]]
    assert errors(raw)["opening_not_in_melds"] == "teams.0.opening.0"


# -- the match (§32.7: four deals) ---------------------------------------------------


def test_match_is_four_deals():
    """32.7: a match lasts four deals; the higher total wins."""
    folded = GAME.fold(totals_deals((100, 50), (-300, 400), (1000, 0), (50, 100)))
    assert folded.totals == (850, 550)
    assert folded.finished
    assert folded.winners == (0,)
    assert folded.next_deal is None
    with pytest.raises(DealRejected) as rejected:
        GAME.score(folded.state, {"mode": "totals", "points": [0, 0]})
    assert rejected.value.errors[0].code == "match_finished"


def test_match_not_finished_after_three_deals_even_with_big_lead():
    folded = GAME.fold(totals_deals((20000, 0), (0, 0), (0, 0)))
    assert not folded.finished
    assert folded.next_deal.number == 4


def test_level_match_shares_the_win():
    folded = GAME.fold(totals_deals((100, 50), (0, 50), (0, 0), (0, 0)))
    assert folded.winners == (0, 1)


def test_dealer_passes_clockwise():
    folded = GAME.fold(totals_deals((0, 0), (0, 0)))
    assert folded.next_deal.dealer == 2
    assert folded.next_deal.starting_seat == 3


def test_cards_deal_folds_into_the_match():
    folded = GAME.fold([deal()])
    assert folded.totals == (2385, -205)
    assert folded.next_deal.opening_requirement == (90, 90)


# -- totals only ---------------------------------------------------------------------


def test_totals_only_is_unverified():
    result = score({"mode": "totals", "points": [1200, -350]})
    assert result.points == (1200, -350)
    assert not result.verified


def test_totals_must_be_multiples_of_five():
    assert errors({"mode": "totals", "points": [1201, 0]}) == {
        "not_multiple_of_5": "points.0"
    }


def test_unknown_mode():
    assert errors({"mode": "chips"}) == {"bad_mode": "mode"}


def test_schema_exports():
    schema = GAME.deal_schema()
    assert "HandAndFootCards" in str(schema)


def test_doc_example_scores_as_documented():
    """docs/games/hand-and-foot.md: the worked example is BASE."""
    import json
    import pathlib
    import re

    doc = pathlib.Path(__file__).parents[2] / "docs/games/hand-and-foot.md"
    example = re.search(r"```json\n(.*?)```", doc.read_text(), re.S).group(1)
    assert score(json.loads(example)).points == (2385, -205)
