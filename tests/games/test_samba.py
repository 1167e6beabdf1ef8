"""Samba (book §30): the rulebook's figures and hand-computed deals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engine.errors import DealRejected
from games.rules.canasta.openings import SAMBA_ZONES
from games.rules.canasta.samba import SAMBA_RULES, Samba

GAME = Samba()
SAMBA_HEARTS = "8H 9H 10H JH QH KH AH"  # 10 × 6 + 20 = 80


def side(melds=(), hands=("4H", "4D"), **extra):
    return {"melds": list(melds), "hands": list(hands), **extra}


def deal(team0, team1, **extra):
    return {"teams": [team0, team1], **extra}


def score(raw, totals=(0, 0), options=None):
    return GAME.score(replace(GAME.start(options), totals=tuple(totals)), raw)


def reject(raw, totals=(0, 0)) -> set[tuple[str, str]]:
    with pytest.raises(DealRejected) as info:
        score(raw, totals)
    return {(e.path, e.code) for e in info.value.errors}


@pytest.mark.parametrize(
    ("score_before", "requirement"),
    [
        (-5, 0),
        (-3000, 0),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (6995, 120),
        (7000, 150),
        (12000, 150),
    ],
)
def test_opening_zones(score_before, requirement):
    """§30.7: -5 → 0, 0–1495 → 50, 1500–2995 → 90, 3000–6995 → 120, 7000– → 150."""
    assert SAMBA_ZONES.requirement(score_before) == requirement


def test_three_decks():
    """§30.1: three 54-card decks."""
    assert SAMBA_RULES.deck.size == 162


def test_samba_bonus_1500():
    """§30.7: a samba (seven-card sequence) is worth 1500."""
    result = score(deal(side([SAMBA_HEARTS]), side()))
    assert result.points[0] == 80 + 1500 - 10
    assert any(f.text == "samba 8♥–A: 1500" for f in result.facts)


def test_canasta_bonuses_as_in_canasta():
    result = score(deal(side(["7H 7D 7S 7C 7H 7D 7S", "KH KD KS KC KH 2D Jo"]), side()))
    assert result.points[0] == 35 + 500 + 120 + 300 - 10


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ("7H 7D 2C 2S Jo", "too_many_wilds"),  # §30.2: at most two wilds
        ("8H 9H 10H JH QH KH AH 8H", "mixed_ranks"),  # 8 cards: not a sequence
        ("4H 5H 7H", "not_a_sequence"),  # not consecutive
        ("3H 4H 5H", "red_three_in_meld"),  # threes cannot be in sequences
        ("QH KH AH", None),  # ace high is fine
        ("4H 5H 6H", None),
        ("KH AH 2H", "not_a_sequence"),  # no wrap; a two is wild
    ],
)
def test_meld_rules(meld, code):
    """§30.2: canasta melds with at most two wilds; sequences of 3–7 naturals, 4…A."""
    raw = deal(side([meld]), side())
    if code is None:
        score(raw)
    else:
        assert ("teams.0.melds.0", code) in reject(raw)


def test_several_melds_of_one_rank():
    """§30.2: a team can have several canasta melds of the same rank."""
    score(deal(side(["7H 7D 7S", "7C 7C 2D"]), side()))


def test_two_wilds_allowed():
    result = score(deal(side(["7H 7D 2C Jo"]), side()))
    assert result.points[0] == 10 + 70 - 10


def test_going_out_needs_two_canastas_or_sambas():
    """§30.5: at least two canastas/sambas to go out."""
    one = deal(side(["7H 7D 7S 7C 7H 7D 7S"], hands=("", "4C")), side(), went_out=0)
    assert ("teams.0.melds", "going_out_needs_canasta") in reject(one)
    two = deal(
        side(["7H 7D 7S 7C 7H 7D 7S", SAMBA_HEARTS], hands=("", "4C")),
        side(),
        went_out=0,
    )
    assert score(two).points[0] == 35 + 500 + 80 + 1500 + 200 - 5


def test_no_concealed_bonus():
    """§30.5: opening and going out in the same turn gives no extra bonus."""
    raw = deal(
        side(["7H 7D 7S 7C 7H 7D 7S", SAMBA_HEARTS], hands=("", "4C")),
        side(),
        went_out=0,
        concealed=True,
    )
    assert score(raw).points[0] == 35 + 500 + 80 + 1500 + 200 - 5


def test_black_threes_three_or_more():
    """§30.5: the player going out may meld three or more black threes."""
    raw = deal(
        side(
            ["7H 7D 7S 7C 7H 7D 7S", SAMBA_HEARTS, "3C 3C 3C 3S 3S"],
            hands=("", "4C"),
        ),
        side(),
        went_out=0,
    )
    assert score(raw).points[0] == 35 + 500 + 80 + 1500 + 25 + 200 - 5


@pytest.mark.parametrize(
    ("melds", "reds", "points"),
    [
        (["7H 7D 7S 7C 7H 7D 7S", SAMBA_HEARTS], 4, 400),  # no bonus for four
        (["7H 7D 7S 7C 7H 7D 7S", SAMBA_HEARTS], 6, 600),  # nor for all six
        (["7H 7D 7S 7C 7H 7D 7S"], 2, -200),  # one canasta: minus
        (["KH KD KS"], 1, -100),  # opened but no canasta: minus
        ([], 3, -300),
    ],
)
def test_red_threes(melds, reds, points):
    """§30.6: red threes are minus without two complete canastas/sambas; no bonus
    for four or all of them."""
    threes = ["3H", "3D"] * 3
    result = score(deal(side(melds, red_threes=threes[:reds]), side()))
    assert result.detail["sides"][0]["red_threes"] == points


def test_sequence_over_seven_rejected():
    errors = reject(deal(side(["7H 8H 9H 10H JH QH KH AH"]), side()))
    assert ("teams.0.melds.0", "sequence_too_long") in errors


def test_fourth_copy_rejected():
    """Three decks hold three of each card."""
    errors = reject(deal(side(["KH KH KH"]), side(hands=("KH", "4C"))))
    assert ("teams.1.hands.0", "too_many_copies") in errors


def test_opening_requirement_zero_when_negative():
    raw = deal(side(["4H 4D 4S"], hands=("5H", "5D"), opening=[0]), side())
    assert score(raw, totals=(-500, 0)).points[0] == 15 - 10


def test_ten_thousand_wins():
    """§30.7: 10000 points win."""
    folded = GAME.fold(
        [
            {"mode": "totals", "points": [5000, 3000]},
            {"mode": "totals", "points": [4000, 3000]},
        ]
    )
    assert not folded.finished
    assert folded.next_deal.opening_requirement == (150, 120)
    folded = GAME.fold([{"mode": "totals", "points": [10000, 3000]}])
    assert folded.winners == (0,)


def test_doc_example():
    """docs/games/samba.md's worked example scores as the doc says."""
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs/games/samba.md").read_text()
    raw = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    assert score(raw).points == (2650, 45)
