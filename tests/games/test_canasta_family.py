"""The Canasta family core: melds under each game's knobs, zones, the opening."""

from __future__ import annotations

import pytest

from games.engine.cards import Card, Suit, parse_cards
from games.engine.decks import DOUBLE_54
from games.engine.decks import check_deck_counted as check_deck_fast
from games.engine.errors import RuleError
from games.rules.canasta.canasta import Canasta
from games.rules.canasta.deal_input import CardsEntry, SideEntry
from games.rules.canasta.deal_input import read_cards_entry as _fast_cards_deal
from games.rules.canasta.going_out import GoingOutRule, check_going_out
from games.rules.canasta.melds import (
    BLACK_THREES,
    CYCLIC_SEQUENCE_RANKS,
    RANK_MELD,
    SEQUENCE,
    CanastaBonuses,
    MeldRules,
    canasta_bonus,
    check_meld,
)
from games.rules.canasta.openings import CONTRACT_SAMBA_ZONES, check_opening
from games.rules.canasta.values import hand_points, hand_points_table

CANASTA = MeldRules()
CONTRACT = MeldRules(
    max_wilds=2,
    one_meld_per_rank=False,
    black_threes_out=(3, None),
    sequence_ranks=CYCLIC_SEQUENCE_RANKS,
    sequence_wraps=True,
    melds_of_twos=True,
    closed_natural_canastas=True,
)
HAND_AND_FOOT = MeldRules(one_meld_per_rank=False, max_cards=7, black_threes_out=None)


def meld(text, rules=CANASTA, **kw):
    found, errors = check_meld(parse_cards(text), rules, path="m", **kw)
    return found, {e.code for e in errors}


@pytest.mark.parametrize(
    ("text", "ranks"),
    [
        ("QH KH AH 2H 3H", ("Q", "K", "A", "2", "3")),  # §31.6: round the corner
        ("KS AS 2S", ("K", "A", "2")),  # §31.3's example K-A-2
        ("2C 3C 4C", ("2", "3", "4")),
        ("3D 4D 5D 6D 7D 8D 9D", ("3", "4", "5", "6", "7", "8", "9")),
    ],
)
def test_contract_samba_sequences(text, ranks):
    found, errors = meld(text, CONTRACT)
    assert not errors
    assert found.kind == SEQUENCE and found.ranks == ranks


def test_contract_samba_sequence_threes_count_five():
    """§31.10: a three in a samba meld counts 5 (a red three too)."""
    found, _ = meld("3H 4H 5H", CONTRACT)
    assert found.points == 15


def test_meld_of_twos():
    """§31.6: a canasta meld of twos, at most two jokers."""
    found, errors = meld("2H 2D 2S Jo Jo", CONTRACT)
    assert not errors and found.rank == "2" and found.wilds == 2
    assert meld("2H 2D 2S Jo Jo Jo", CONTRACT)[1] == {"too_many_wilds"}
    assert meld("2H 2D 2S", CANASTA)[1] == {"too_few_naturals"}


def test_closed_natural_canasta():
    """§31.6: nothing is added to a complete natural canasta."""
    assert meld("7H 7D 7S 7C 7H 7D 7S 7C", CONTRACT)[1] == {"closed_canasta_extended"}
    found, errors = meld("7H 7D 7S 7C 7H 7D 7S Jo", CONTRACT)
    assert not errors and found.is_canasta and not found.is_natural


def test_hand_and_foot_meld_at_most_seven():
    """§32.2: no meld of more than seven cards."""
    assert meld("7H 7D 7S 7C 7H 7D 7S 7C", HAND_AND_FOOT)[1] == {"meld_too_long"}
    assert meld("3C 3S 3C", HAND_AND_FOOT, may_meld_black_threes=True)[1] == {
        "threes_not_melded"
    }


def test_black_threes_meld():
    found, errors = meld("3C 3S 3C", may_meld_black_threes=True)
    assert not errors and found.kind == BLACK_THREES and found.points == 15
    assert not found.is_complete


@pytest.mark.parametrize(
    ("score", "requirement"),
    [
        (-5, 15),
        (0, 50),
        (1500, 90),
        (3000, 120),
        (7000, 150),
        (9995, 150),
        (10000, 200),
    ],
)
def test_contract_samba_zones(score, requirement):
    """§31.11's opening zones."""
    assert CONTRACT_SAMBA_ZONES.requirement(score) == requirement


def test_contract_samba_bonuses_by_rank():
    """§31.10: twos 3000/2000, aces 1000/500."""
    bonuses = CanastaBonuses(by_rank={"2": (3000, 2000), "A": (1000, 500)})
    aces, _ = meld("AH AD AS AC AH AD AS")
    mixed_twos, _ = meld("2H 2D 2S 2C 2H 2D Jo", CONTRACT)
    kings, _ = meld("KH KD KS KC KH KD Jo")
    assert canasta_bonus(aces, bonuses) == 1000
    assert canasta_bonus(mixed_twos, bonuses) == 2000
    assert canasta_bonus(kings, bonuses) == 300


def test_going_out_rules():
    """§32.5: five canastas, two natural; §31.9: two canastas (one natural) and a
    samba."""
    natural, _ = meld("7H 7D 7S 7C 7H 7D 7S")
    mixed, _ = meld("8H 8D 8S 8C 8H 8D Jo")
    samba, _ = meld("8H 9H 10H JH QH KH AH", CONTRACT)
    hf = GoingOutRule(min_complete=5, min_natural=2)
    assert {e.code for e in check_going_out([natural, mixed] * 2, hf, path="")} == {
        "going_out_needs_canasta"
    }
    defenders = GoingOutRule(min_complete=2, min_natural=1, min_sambas=1)
    assert check_going_out([natural, mixed, samba], defenders, path="") == []
    assert {e.code for e in check_going_out([mixed, mixed], defenders, path="")} == {
        "going_out_needs_natural_canasta",
        "going_out_needs_samba",
    }


def test_hand_points_with_threes_override():
    """§31.10 / §32.6: a black three in hand -100, a red three -500."""
    table = hand_points_table(black_three=100, red_three=500)
    assert hand_points(parse_cards("3C 3H KS"), table) == 610
    assert hand_points(parse_cards("3C KS")) == 15


def test_opening_parts_must_be_distinct_melds():
    kings, _ = meld("KH KD KS")
    part, _ = meld("KH KD KS")
    _, errors, _ = check_opening([part, part], [kings], 50, path="o", side=0)
    assert {e.code for e in errors} == {"opening_not_in_melds"}


def test_non_canonical_cards_are_counted():
    """Cards built outside the parser are counted like parsed ones."""
    hearts = Card("K", Suit.HEARTS)
    errors = check_deck_fast(DOUBLE_54, [("a", [hearts, hearts]), ("b", [hearts])])
    assert errors and isinstance(errors[0], RuleError) and errors[0].path == "b"
    found, _ = check_meld([hearts, Card("K", Suit.SPADES), hearts], CANASTA, path="")
    assert found.kind == RANK_MELD and found.points == 30


@pytest.mark.parametrize(
    "raw",
    [
        {
            "teams": [
                {"melds": ["7H 7D 7S"], "hands": ["4H", "4D"]},
                {"hands": [["kh"], "♥Q"]},
            ]
        },
        {
            "teams": [
                {
                    "melds": [["7H", "7D", "7S"]],
                    "hands": ["4H", "4D"],
                    "opening": [0, "7H 7D 7S"],
                    "insufficient_openings": 2,
                },
                {"hands": ["5H", " 10d "], "red_threes": "3H"},
            ],
            "went_out": None,
            "concealed": False,
        },
        # Strings of no, one and several cards (the parser looks one card up on
        # its own and several at once).
        {
            "teams": [
                {"melds": ["7H 7D 7S", "KH  KD\tKS "], "hands": ["", "4H"]},
                {"hands": ["  ", "4H 4D"], "red_threes": ["3H", "3D"]},
            ],
            "went_out": 0,
        },
    ],
)
def test_fast_parse_equals_pydantic(raw):
    """The fast card-entry parser builds what pydantic builds."""
    game = Canasta()
    fast = _fast_cards_deal(raw)
    assert fast is not None
    model = game._by_mode["cards"].validate_python(raw)
    # The reader gives a record of the model's fields (the scorer reads either).
    teams = tuple(
        SideEntry(**{name: getattr(team, name) for name in SideEntry._fields})
        for team in model.teams
    )
    fields = {name: getattr(model, name) for name in CardsEntry._fields}
    assert fast == CardsEntry(**{**fields, "teams": teams})


@pytest.mark.parametrize(
    "raw",
    [
        {"teams": [{"hands": ["4H", "XX"]}, {"hands": ["4H", "4D"]}]},
        # Three hands: no side of the family has three players.
        {"teams": [{"hands": ["4H", "4D", "5H"]}, {"hands": ["4H", "4D"]}]},
        {"teams": [{"hands": []}, {"hands": ["4H", "4D"]}]},
        {"teams": [{"hands": ["4H", "4D"], "extra": 1}, {"hands": ["4H", "4D"]}]},
        {"teams": [{"hands": ["4H", "4D"], "opening": ["0"]}, {"hands": ["4H", "4D"]}]},
        {"teams": [{"hands": ["4H", "4D"]}, {"hands": ["4H", "4D"]}], "went_out": True},
        {"teams": [{"hands": ["4H", "4D"]}, {"hands": ["4H", 4]}]},
    ],
)
def test_fast_parse_leaves_odd_input_to_pydantic(raw):
    assert _fast_cards_deal(raw) is None
