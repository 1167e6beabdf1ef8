"""Contract Samba (§31): the declarer's opening (31.3), failed openings passing the
contract on, and the other side's opening (31.5)."""

from __future__ import annotations

import pytest

from tests.games.contract_samba_deal import (
    NO_BIDS,
    codes_of,
    deal,
    errors,
    score,
    start,
    team,
)

# -- 31.3 the declarer's opening -----------------------------------------------------


TYPE_OPENINGS = [
    ("clubs", "2C 3C 4C"),  # "This may include twos and threes."
    ("clubs", "KC AC 2C"),  # "K-A-2 is a valid opening."
    ("diamonds", "2D 3D 4D"),
    ("hearts", "5H 6H 7H"),
    ("spades", "4S 5S 6S"),
    ("spades", "4S 5S 6S 7S"),
    ("canasta", "4D 4D 4H 4S"),  # four cards of the same rank
    ("canasta", "2H 2D 2S 2C"),
    ("twos", "2H 2D 2S 2C"),  # "the declarer may open with four twos"
]


@pytest.mark.parametrize(("kind", "opening"), TYPE_OPENINGS)
def test_level_four_opens_by_type(kind, opening):
    """31.3: from level four the declarer may open with the type of the contract;
    with 3000 the requirement (120) is above each of these openings."""
    raw = deal(auction=["pass", "pass", "pass", f"4 {kind}", "pass", "pass", "pass"])
    team(raw, 0)["melds"].append(opening)
    team(raw, 0)["opening"] = [opening]
    result = score(raw, start((3000, 0)))
    assert "opening_by_type" in codes_of(result)


@pytest.mark.parametrize(("kind", "opening"), TYPE_OPENINGS)
def test_level_three_opens_with_points_only(kind, opening):
    """31.3: at most level three the declarer opens with the required points."""
    raw = deal(auction=["pass", "pass", "pass", f"3 {kind}", "pass", "pass", "pass"])
    team(raw, 0)["melds"].append(opening)
    team(raw, 0)["opening"] = [opening]
    assert errors(raw, start((3000, 0))) == {
        "opening_requirement_not_met": "teams.0.opening"
    }


@pytest.mark.parametrize(
    ("kind", "opening"),
    [
        ("spades", "5H 6H 7H"),  # another suit
        ("hearts", "4D 4D 4H 4S"),
        ("canasta", "4D 4D 4H Jo"),  # three of the rank only
        ("twos", "4D 4D 4H 4S"),  # four of a rank, not twos
        ("twos", "2H 2D 2S Jo"),  # three twos
    ],
)
def test_opening_of_another_type_is_not_enough(kind, opening):
    raw = deal(auction=["pass", "pass", "pass", f"4 {kind}", "pass", "pass", "pass"])
    team(raw, 0)["melds"].append(opening)
    team(raw, 0)["opening"] = [opening]
    assert "opening_requirement_not_met" in errors(raw, start((3000, 0)))


def test_complete_canasta_is_always_an_opening():
    """31.3 and 31.5: "A complete canasta is always a valid opening."""
    raw = deal()
    team(raw, 0)["opening"] = [2]  # the mixed canasta of kings (120 < 200)
    result = score(raw, start((10000, 0)))
    assert "opening_canasta" in codes_of(result)


@pytest.mark.parametrize(
    ("total", "opening", "ok"),
    [
        (0, [3], False),  # 8s: 30 < 50
        (0, [3, "KH KD KS"], True),  # 60
        (-300, [3], True),  # below zero: 15
        (1500, ["KH KD 2C Jo"], True),  # 90 ≥ 90
        (3000, ["KH KD 2C Jo"], False),  # 90 < 120
        (7000, ["KH KD 2C Jo", "AH AD AS"], True),  # 150
        (10000, ["KH KD 2C Jo", "AH AD AS"], False),  # 150 < 200
    ],
)
def test_points_opening_by_zone(total, opening, ok):
    raw = deal(auction=["pass", "pass", "pass", "3 hearts", "pass", "pass", "pass"])
    team(raw, 0)["opening"] = opening
    state = start((total, 0))
    if ok:
        score(raw, state)
    else:
        assert errors(raw, state) == {"opening_requirement_not_met": "teams.0.opening"}


def test_declarer_must_open():
    raw = deal(auction=["pass", "1 hearts", "pass", "pass", "pass"])  # seat 2: side 0
    raw["teams"][0] = {"melds": [], "hands": [["4D"], ["4C", "3S"]]}
    raw["went_out"] = None
    assert errors(raw) == {"declarer_did_not_open": "teams.0.melds"}


# -- failed openings: 1000 and the next-highest bid ----------------------------------


def test_failed_opening_passes_the_contract_down():
    """31.3: the declarer is penalised 1000 and the second-highest bid becomes the
    contract: 2 hearts by seat 2 (side 0 again), opened with the aces canasta;
    its count 5595 ≥ 2000 makes it: 1000."""
    raw = deal(failed_openings=1)
    team(raw, 0)["opening"] = [1]
    result = score(raw)
    assert result.points == (8080 - 2000 + 1000 - 1000, -470)
    assert result.detail["failed_openings"] == ["4 hearts"]
    assert result.detail["contract"]["declarer"] == 2


def test_second_failed_opening_passes_on_to_the_opponents():
    """… "and the third-highest bid becomes the contract and so on": 1 club by seat
    1; side 1 counts -570 < 1000, so side 0 gets 1000; side 0 paid 2 × 1000."""
    raw = deal(failed_openings=2)
    team(raw, 0)["opening"] = [1]
    result = score(raw)
    assert result.points == (6080 - 2000 + 1000, -470)
    assert result.detail["contract"]["side"] == 1
    assert not result.detail["contract"]["made"]


def test_every_declarer_failed_no_contract():
    raw = deal(failed_openings=3)
    team(raw, 0)["opening"] = [1]
    result = score(raw)
    assert result.points == (6080 - 2000, -470 - 1000)
    assert result.detail["contract"] is None


def test_more_failed_openings_than_bids():
    raw = deal(failed_openings=4)
    team(raw, 0)["opening"] = [1]
    assert errors(raw) == {"failed_openings_exceed_bids": "failed_openings"}


def test_double_stays_on_the_doubled_bid_by_default():
    raw = deal(auction=["1C", "2 hearts", "pass", "4 hearts", "double"])
    raw["failed_openings"] = 1
    team(raw, 0)["opening"] = [1]
    assert score(raw).points == (8080 - 2000 + 1000 - 1000, -470)
    carried = score(raw, passed_down_double=True)
    assert carried.points == (8080 - 2000 + 2000 - 1000, -470)


# -- 31.5 the other side's opening ---------------------------------------------------


def test_defenders_open_with_points():
    raw = deal()
    team(raw, 1)["opening"] = [1]  # 6C 7C 8C: 20 < 50
    assert errors(raw) == {"opening_requirement_not_met": "teams.1.opening"}


def test_defenders_do_not_open_by_type():
    raw = deal(auction=["4 clubs", "pass", "5 hearts", "pass", "pass", "pass"])
    team(raw, 1)["opening"] = [1]  # clubs sequence; seat 1 bid clubs but lost
    assert "opening_requirement_not_met" in errors(raw)


@pytest.mark.parametrize(
    ("twos", "ok"), [("2H 2D 2S 2C Jo", False), ("2H 2H 2D 2S 2C", True)]
)
def test_defenders_meld_of_twos_needs_five(twos, ok):
    """31.5: "If the opening contains a canasta meld of twos, there must be at least
    five of them." (No contract; side 0 without its twos canasta.)"""
    raw = deal(auction=NO_BIDS)
    team(raw, 0)["melds"].pop(4)
    team(raw, 0)["opening"] = [1]
    team(raw, 1)["melds"].append(twos)
    team(raw, 1)["opening"] = [2]
    if ok:
        score(raw)
    else:
        assert errors(raw) == {"twos_opening_needs_five": "teams.1.opening.0"}
