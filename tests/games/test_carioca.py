"""Carioca (004, l.473–532): the contracts, trios and escaleras with jokers, deadwood
values, rejections and the seven-hand match."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, Table, get_game
from games.engine.cards import STANDARD_CARDS, parse_cards
from games.rules.carioca import CARD_VALUES, CONTRACTS, cards_dealt

GAME = get_game("carioca")
THREE = Table((0, 1, 2))


def trio(cards):
    return {"kind": "trio", "cards": cards}


def escalera(cards):
    return {"kind": "escalera", "cards": cards}


def score(deal, hand=1):
    state = GAME.start({}, THREE)
    filler = {"mode": "totals", "went_out": 0, "deadwood": [0, 2, 2]}
    state = GAME.fold([filler] * (hand - 1), {}, THREE).state
    return GAME.score(state, deal)


def test_the_seven_contracts_and_the_cards_dealt():
    """l.497–503 and l.487."""
    assert [c.text for c in CONTRACTS] == [
        "2 trios",
        "1 trio and 1 escalera",
        "2 escaleras",
        "3 trios",
        "2 trios and 1 escalera",
        "1 trio and 2 escaleras",
        "3 escaleras",
    ]
    assert [cards_dealt(h) for h in range(1, 8)] == [11] * 6 + [12]


@pytest.mark.parametrize(
    ("cards", "value"),
    [("Jo", 50), ("AH", 20), ("KS QS JS", 30), ("10D", 10), ("2C 9H", 11)],
)
def test_deadwood_values(cards, value):
    """l.521–524: jokers 50, aces 20, face cards 10, others face value."""
    assert CARD_VALUES.total(parse_cards(cards)) == value


def test_a_hand_scores_the_deadwood_and_zero_for_the_player_out():
    result = score(
        {
            "went_out": 0,
            "players": [
                {"melds": [trio("7H 7D Jo"), trio("KS KC KD KH")]},
                {"hand": "AS Jo 10H QD 5C"},
                {"hand": "2C"},
            ],
        }
    )
    assert result.points == (0, 95, 2)


def test_an_escalera_contract_with_the_ace_high_or_low():
    result = score(
        {
            "went_out": 1,
            "players": [
                {"hand": "3C"},
                {"melds": [trio("9H 9S 9C"), escalera("JD QD KD AD")]},
                {"hand": "4H", "melds": [trio("AH AS Jo"), escalera("AC 2C 3C Jo")]},
            ],
        },
        hand=2,
    )
    assert result.points == (3, 0, 4)


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        (trio("7H Jo Jo"), "too_many_jokers"),
        (escalera("5H 6H Jo Jo"), "too_many_jokers"),
        (trio("7H 7D"), "meld_too_short"),
        (trio("7H 7D 8D"), "mixed_ranks"),
        (escalera("5H 6H 7D 8H"), "mixed_suits"),
        (escalera("QH KH AH 2H"), "not_in_a_row"),  # not round the corner
        (escalera("AH 2H 3H 5H"), "not_in_a_row"),
    ],
)
def test_melds_that_are_refused(meld, code):
    deal = {
        "went_out": 0,
        "players": [
            {"melds": [meld, trio("KS KC KD")]},
            {"hand": "2C"},
            {"hand": "3C"},
        ],
    }
    with pytest.raises(DealRejected) as rejected:
        score(deal)
    at_meld = [e.code for e in rejected.value.errors if e.path.endswith(".cards")]
    assert at_meld == [code]


@pytest.mark.parametrize(
    ("deal", "code", "path"),
    [
        (
            {
                "went_out": 0,
                "players": [
                    {"melds": [trio("KS KC KD")]},
                    {"hand": "2C"},
                    {"hand": "3C"},
                ],
            },
            "contract_not_met",
            "players.0.melds",
        ),
        (
            {"went_out": 0, "players": [{"melds": []}, {"hand": "2C"}, {"hand": "3C"}]},
            "contract_not_met",
            "players.0.melds",
        ),
        (
            {
                "went_out": 0,
                "players": [{"hand": "4D"}, {"hand": "2C"}, {"hand": "3C"}],
            },
            "cards_after_going_out",
            "players.0.hand",
        ),
        (
            {"went_out": 0, "players": [{}, {"hand": ""}, {"hand": "3C"}]},
            "hand_required",
            "players.1.hand",
        ),
        (
            {"went_out": 0, "players": [{}, {"hand": "2C 2C 2C"}, {"hand": "3C"}]},
            "too_many",
            "players.1.hand",
        ),
        (
            {
                "went_out": 0,
                "players": [
                    {},
                    {"hand": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"},
                    {"hand": "3D"},
                ],
            },
            "too_many_cards",
            "players.1.hand",
        ),
        (
            {"mode": "totals", "went_out": 0, "deadwood": [5, 2, 3]},
            "points_for_going_out",
            "deadwood.0",
        ),
        (
            {"mode": "totals", "went_out": 0, "deadwood": [0, 0, 3]},
            "no_cards_left",
            "deadwood.1",
        ),
    ],
)
def test_rejections_name_the_field(deal, code, path):
    with pytest.raises(DealRejected) as rejected:
        score(deal)
    found = [(e.code, e.path) for e in rejected.value.errors]
    assert any(c.startswith(code) and p == path for c, p in found), found


def test_seven_hands_and_the_lowest_wins():
    deals = [{"mode": "totals", "went_out": 0, "deadwood": [0, 20, 30]}] * 6
    folded = GAME.fold(deals, {}, THREE)
    assert not folded.state.finished
    rows = {r.code: r.value for r in folded.next_deal.context}
    assert rows == {"hand": "7 of 7", "contract": "3 escaleras"}
    last = {"mode": "totals", "went_out": 2, "deadwood": [200, 50, 0]}
    folded = GAME.fold([*deals, last], {}, THREE)
    assert folded.state.finished and folded.totals == (200, 170, 180)
    assert folded.state.winners == (1,)
    assert GAME.match_goal(GAME.parse_options({})) == MatchGoal(deals=7)


CODES = [c.code for c in STANDARD_CARDS] + ["Jo"]


@given(
    st.lists(st.sampled_from(CODES[:-2]), min_size=1, max_size=11, unique=True),
    st.integers(0, 2),
)
def test_cards_entered_score_their_values_and_nothing_for_the_one_out(codes, out):
    hands = [" ".join(codes), "2C", "3C"]
    hands[out] = ""
    players = [{"hand": h} for h in hands]
    result = score({"went_out": out, "players": players})
    assert result.points[out] == 0
    assert sum(result.points) == sum(CARD_VALUES.total(parse_cards(h)) for h in hands)
