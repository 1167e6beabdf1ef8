"""Tuppi (001_b57793035adc3f64.txt §9): every number of 9.4 and each scoring branch."""

from __future__ import annotations

import pytest

from games.engine import DealRejected, SetupRejected, Table
from games.engine.serialize import folded_to_json
from games.rules.tuppi import Tuppi

GAME = Tuppi()


def score(raw: dict, **options):
    return GAME.score(GAME.start(options), raw)


def codes(raw: dict, state=None, **options) -> set[str]:
    state = state or GAME.start(options)
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, raw)
    return {e.code for e in rejected.value.errors}


def paths(raw: dict, **options) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, **options)
    return {e.code: e.path for e in rejected.value.errors}


# -- 9.4 scoring, the book's own numbers --------------------------------------------


@pytest.mark.parametrize(
    ("declarer_tricks", "points"),
    [(7, 4), (8, 8), (9, 12), (10, 16), (13, 28)],
)
def test_rami_declarers_score_four_per_trick_over_six(declarer_tricks, points):
    """9.4: 'seven won tricks gives four points, eight … eight, nine … twelve'."""
    result = score(
        {
            "contract": "rami",
            "declarer": 0,
            "tricks": [declarer_tricks, 13 - declarer_tricks],
        }
    )
    assert result.points == (points, 0)
    assert result.facts[0].code == "rami_made"


@pytest.mark.parametrize(
    ("declarer_tricks", "points"),
    [(6, 8), (5, 16), (4, 24), (0, 56)],
)
def test_rami_opponents_score_eight_per_trick_over_six(declarer_tricks, points):
    """9.4: the declarer's opponents get eight points for each trick over 6."""
    result = score(
        {
            "contract": "rami",
            "declarer": 1,
            "tricks": [13 - declarer_tricks, declarer_tricks],
        }
    )
    assert result.points == (points, 0)
    assert result.facts[0].code == "rami_set"


@pytest.mark.parametrize(
    ("tricks", "points"),
    [([6, 7], (4, 0)), ([5, 8], (8, 0)), ([7, 6], (0, 4)), ([0, 13], (28, 0))],
)
def test_nolo_fewer_tricks_score_four_per_trick_short_of_seven(tricks, points):
    """9.4: 'six won tricks gives four points, five won tricks gives eight'."""
    assert score({"contract": "nolo", "tricks": tricks}).points == points


@pytest.mark.parametrize(
    ("soloist", "tricks", "points", "code"),
    [
        (0, [0, 13], (24, 0), "sooli_made"),
        (0, [1, 12], (0, 24), "sooli_lost"),
        (3, [13, 0], (0, 24), "sooli_made"),
        (3, [8, 5], (24, 0), "sooli_lost"),
    ],
)
def test_sooli_pays_24_to_one_side(soloist, tricks, points, code):
    """9.4: no tricks → 24 to the soloist's team; else 24 to the opponents."""
    result = score({"contract": "sooli", "soloist": soloist, "tricks": tricks})
    assert result.points == points
    assert result.facts[0].code == code


def test_sooli_tricks_per_seat_leave_the_partner_on_zero():
    """Sooli per seat: the soloist's partner sits out, so it has no tricks."""
    ok = score({"contract": "sooli", "soloist": 1, "tricks": [6, 0, 7, 0]})
    assert ok.points == (0, 24)
    assert paths({"contract": "sooli", "soloist": 1, "tricks": [6, 0, 6, 1]}) == {
        "partner_sits_out": "tricks.3"
    }


def test_tricks_per_seat_are_summed_per_side():
    result = score({"contract": "rami", "declarer": 2, "tricks": [3, 2, 5, 3]})
    assert result.points == (8, 0)
    assert result.detail["tricks"] == [8, 5]


# -- 52 wins, in consecutive deals --------------------------------------------------


def rami(side_0_tricks: int, declarer: int = 0) -> dict:
    return {
        "contract": "rami",
        "declarer": declarer,
        "tricks": [side_0_tricks, 13 - side_0_tricks],
    }


def test_52_wins_the_game():
    """9.4: 'The game is won by getting at least 52 points'."""
    deals = [rami(13)] * 2  # 28 + 28 = 56
    folded = GAME.fold(deals)
    assert folded.totals == (56, 0)
    assert folded.finished and folded.winners == (0,)
    assert folded.next_deal is None


def test_exactly_52_wins_and_51_does_not():
    # 13 × 4 = 52: thirteen rami deals of 7 tricks.
    folded = GAME.fold([rami(7)] * 13)
    assert folded.totals == (52, 0) and folded.winners == (0,)
    folded = GAME.fold([rami(7)] * 12 + [{"contract": "nolo", "tricks": [4, 9]}])
    assert folded.totals == (60, 0)
    short = GAME.fold([rami(7)] * 12)
    assert short.totals == (48, 0) and not short.finished


def test_a_deal_after_the_game_is_won_is_rejected():
    folded = GAME.fold([rami(13), rami(13), rami(7)])
    assert folded.deals[2].flagged
    assert folded.deals[2].errors[0].code == "match_finished"


def test_opponents_scoring_returns_the_game_to_zero():
    """9.4: 'If the opponents of the partnership that are nousussa get points in a
    hand, the game is returned to a 0–0 situation'."""
    folded = GAME.fold([rami(9), rami(9), rami(5)])
    assert [d.totals for d in folded.deals] == [(12, 0), (24, 0), (0, 0)]
    assert folded.state.rising is None
    assert folded.deals[2].score.facts[-1].code == "nousussa_broken"
    assert folded.next_deal.holding_points is None
    # The next scorer rises from zero.
    folded = GAME.fold([rami(9), rami(5), rami(5)])
    assert folded.totals == (0, 16) and folded.state.rising == 1


def test_scorer_rises_option_keeps_the_scoring_deal():
    """Option: the scoring opponents keep that deal's points and become nousussa."""
    options = {"when_opponents_score": "scorer_rises"}
    folded = GAME.fold([rami(9), rami(9), rami(5)], options)
    assert [d.totals for d in folded.deals] == [(12, 0), (24, 0), (0, 16)]
    assert folded.state.rising == 1
    assert folded.next_deal.holding_points == 1


def test_only_the_rising_side_holds_points():
    folded = GAME.fold([rami(9), rami(4), rami(10), rami(10)])
    for record in folded.deals:
        assert 0 in record.totals
    assert folded.totals == (32, 0)


def test_target_option():
    assert GAME.fold([rami(13)], {"target": 20}).winners == (0,)


# -- concession ---------------------------------------------------------------------


def test_rising_side_concedes_back_to_zero():
    """9.4: a hand the nousussa side is obviously losing can be ended."""
    folded = GAME.fold([rami(9), {"contract": "nolo", "conceded_by": 0}, rami(8)])
    assert [d.totals for d in folded.deals] == [(12, 0), (0, 0), (8, 0)]
    facts = {f.code for f in folded.deals[1].score.facts}
    assert facts == {"nolo", "conceded", "nousussa_broken"}


@pytest.mark.parametrize(
    ("conceded", "points"),
    [
        ({"contract": "rami", "declarer": 0, "conceded_by": 0}, (0, 8)),
        ({"contract": "rami", "declarer": 1, "conceded_by": 0}, (0, 4)),
        ({"contract": "nolo", "conceded_by": 0}, (0, 4)),
        ({"contract": "sooli", "soloist": 2, "conceded_by": 0}, (0, 24)),
        ({"contract": "sooli", "soloist": 1, "conceded_by": 0}, (0, 24)),
    ],
)
def test_concession_scores_the_least_the_contract_pays(conceded, points):
    """Under scorer_rises the count matters: the winning side gets the least its
    contract certainly pays."""
    options = {"when_opponents_score": "scorer_rises"}
    state = GAME.fold([rami(9)], options).state
    result = GAME.score(state, conceded)
    assert result.points == points
    assert GAME.advance(state, result).totals == points


def test_concession_needs_a_rising_side_and_no_tricks():
    assert codes({"contract": "nolo", "conceded_by": 0}) == {"no_rising_side"}
    state = GAME.fold([rami(9)]).state
    assert codes({"contract": "nolo", "conceded_by": 1}, state) == {
        "conceded_by_not_rising"
    }
    assert codes({"contract": "nolo", "conceded_by": 0, "tricks": [6, 7]}, state) == {
        "tricks_with_concession"
    }


# -- rejected deals -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            {"contract": "rami", "declarer": 0, "tricks": [7, 7]},
            {"tricks_not_13": "tricks"},
        ),
        ({"contract": "nolo", "tricks": [1, 2, 3, 4]}, {"tricks_not_13": "tricks"}),
        (
            {"contract": "sooli", "soloist": 0, "tricks": [0, 12]},
            {"tricks_not_13": "tricks"},
        ),
        ({"contract": "nolo", "tricks": [6, 6, 1]}, {"bad_tricks_length": "tricks"}),
        ({"contract": "nolo"}, {"tricks_required": "tricks"}),
        ({"contract": "rami", "tricks": [7, 6]}, {"declarer_required": "declarer"}),
        (
            {"contract": "nolo", "declarer": 1, "tricks": [7, 6]},
            {"declarer_in_nolo": "declarer"},
        ),
        ({"contract": "sooli", "tricks": [0, 13]}, {"soloist_required": "soloist"}),
        (
            {"contract": "rami", "declarer": 0, "soloist": 1, "tricks": [7, 6]},
            {"soloist_outside_sooli": "soloist"},
        ),
        (
            {"contract": "sooli", "declarer": 0, "soloist": 2, "tricks": [0, 13]},
            {"soloist_on_declarer_side": "soloist"},
        ),
        (
            {"contract": "rami", "declarer": 4, "tricks": [7, 6]},
            {"less_than_equal": "declarer"},
        ),
        (
            {"contract": "rami", "declarer": 0, "tricks": [14, -1]},
            {"less_than_equal": "tricks.0", "greater_than_equal": "tricks.1"},
        ),
        ({"contract": "misere", "tricks": [7, 6]}, {"literal_error": "contract"}),
        (
            {"contract": "nolo", "tricks": [7, 6], "trumps": "H"},
            {"extra_forbidden": "trumps"},
        ),
    ],
)
def test_impossible_deals_are_rejected_with_field_and_reason(raw, expected):
    assert paths(raw) == expected


def test_sooli_can_be_switched_off():
    """9.5: 'Some players play without the sooli bid'."""
    assert paths(
        {"contract": "sooli", "soloist": 0, "tricks": [0, 13]}, sooli=False
    ) == {"sooli_not_played": "contract"}


def test_every_error_is_reported_at_once():
    assert codes({"contract": "sooli", "declarer": 1, "tricks": [7]}) == {
        "soloist_required",
        "bad_tricks_length",
    }


# -- the bidding record -------------------------------------------------------------


def test_first_red_card_names_the_declarer_counting_from_left_of_the_dealer():
    """9.2: the first player to bid rami becomes the declarer."""
    # Dealer seat 0: seat 1 bids first. 5S (seat 1, nolo), 8H (seat 2, rami).
    result = score({"contract": "rami", "bids": ["5S", "8H"], "tricks": [7, 6]})
    assert result.detail["declarer"] == 2
    assert result.detail["leader"] == 1  # the player right of the declarer
    assert result.points == (4, 0)
    # Dealer seat 2 (third deal): bids start at seat 3.
    state = GAME.fold([rami(9), rami(9)]).state
    assert state.dealer == 2
    result = GAME.score(state, {"contract": "rami", "bids": ["AD"], "tricks": [6, 7]})
    assert result.detail["declarer"] == 3


def test_verbal_bids_are_accepted():
    """9.2: a player without a suitable card bids verbally."""
    result = score({"contract": "rami", "bids": ["nolo", "Rami"], "tricks": [6, 7]})
    assert result.detail["declarer"] == 2
    result = score(
        {"contract": "nolo", "bids": ["3S", "nolo", "AC", "10S"], "tricks": [6, 7]}
    )
    assert result.points == (4, 0)


@pytest.mark.parametrize("card", ["2H", "JH", "QS", "KD", "Jo"])
def test_two_face_card_or_joker_is_no_bidding_card(card):
    """9.2: 'not allowed to use a two or a face card as the bidding card'."""
    raw = {"contract": "rami", "bids": ["5S", card], "tricks": [7, 6]}
    if card[-1] in "SC":
        raw = {"contract": "rami", "bids": [card, "5H"], "tricks": [7, 6]}
    found = paths(raw)
    assert "bad_bidding_card" in found
    assert found["bad_bidding_card"] in {"bids.0", "bids.1"}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            {"contract": "rami", "declarer": 1, "bids": ["5S", "8H"], "tricks": [7, 6]},
            {"declarer_not_first_rami": "declarer"},
        ),
        (
            {"contract": "rami", "bids": ["5H", "8S"], "tricks": [7, 6]},
            {"bid_after_rami": "bids.1"},
        ),
        (
            {"contract": "nolo", "bids": ["5S", "8H"], "tricks": [7, 6]},
            {"contract_not_bid": "bids.1"},
        ),
        (
            {"contract": "nolo", "bids": ["5S", "8C"], "tricks": [7, 6]},
            {"bidding_incomplete": "bids"},
        ),
        (
            {"contract": "rami", "bids": ["5S", "8C", "9C", "AS"], "tricks": [7, 6]},
            {"contract_not_bid": "bids"},
        ),
        (
            {"contract": "rami", "bids": ["5S", "8C"], "tricks": [7, 6]},
            {"bidding_incomplete": "bids"},
        ),
        (
            {"contract": "nolo", "bids": ["5S", "5S", "9C", "AS"], "tricks": [7, 6]},
            {"too_many_copies": "bids.1"},
        ),
        (
            {
                "contract": "nolo",
                "bids": ["5S", "6S", "9C", "AS", "3C"],
                "tricks": [7, 6],
            },
            {"too_many_bids": "bids.4"},
        ),
        (
            {
                "contract": "sooli",
                "soloist": 2,
                "bids": ["5S", "8H"],
                "tricks": [0, 13],
            },
            {"soloist_on_declarer_side": "soloist"},
        ),
        (
            {"contract": "rami", "bids": ["5S", "pass"], "tricks": [7, 6]},
            {"bad_bid": "bids.1"},
        ),
    ],
)
def test_the_recorded_bidding_is_checked(raw, expected):
    assert paths(raw) == expected


def test_sooli_after_a_recorded_rami_bid():
    """9.2: after a rami bid, either opponent of the declarer may bid sooli."""
    result = score(
        {"contract": "sooli", "soloist": 1, "bids": ["4C", "9D"], "tricks": [13, 0]}
    )
    assert result.detail["declarer"] == 2
    assert result.points == (0, 24)
    assert result.detail["leader"] == 2  # the soloist plays last


# -- the table ----------------------------------------------------------------------


def test_next_deal_tells_the_dealer_leader_and_rising_side():
    folded = GAME.fold([rami(9)])
    nxt = folded.next_deal
    assert (nxt.number, nxt.dealer, nxt.starting_seat, nxt.holding_points) == (
        2,
        1,
        2,
        0,
    )
    assert any("40 more" in n for n in nxt.notes)


def test_dealer_rotates_clockwise_from_the_first_dealer():
    folded = GAME.fold([rami(7)] * 5, table=Table((0, 1, 0, 1), first_dealer=3))
    assert folded.state.dealer == 0  # 3, 0, 1, 2, 3 dealt; seat 0 next


def test_only_the_two_by_two_table():
    with pytest.raises(SetupRejected):
        GAME.start(table=Table((0, 1, 0)))


def test_folded_match_serialises():
    data = folded_to_json(GAME.fold([rami(9), {"contract": "nolo", "tricks": [7, 6]}]))
    assert data["totals"] == [0, 0]
    assert data["state"]["rising"] is None
    assert data["deals"][0]["score"]["detail"]["declarer"] == 0


def test_schemas_export():
    assert "contract" in GAME.deal_schema()["properties"]
    assert GAME.options_schema()["properties"]["target"]["default"] == 52
