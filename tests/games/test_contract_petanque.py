"""Contract Petanque (book ch 64, l.3736–3785): three players, the contract of the
auction (§64.2), ball points 3/2/1 and game points ± the bid ×2 doubled ×4
redoubled, a fleer sharing the declarer's result (§64.4), ten rounds, and the last
round's "more than twenty points behind" rule."""

from __future__ import annotations

import pytest
from hypothesis import given

from games.engine import DealRejected, Table, get_game
from tests.games.strategies.contract_petanque import rounds

GAME = get_game("contract-petanque")
TABLE = Table((0, 1, 2))


def score(deal: dict, totals=None, *, options=None, before: int = 0):
    state = GAME.start(options or {}, TABLE)
    if totals is not None:
        from dataclasses import replace

        state = replace(state, totals=tuple(totals), deal_number=before + 1)
    return GAME.score(state, deal)


def codes(deal: dict, totals=None, **kw) -> list[tuple[str, str]]:
    with pytest.raises(DealRejected) as rejected:
        score(deal, totals, **kw)
    return [(e.path, e.code) for e in rejected.value.errors]


def test_declaration():
    assert GAME.tables == ((0, 1, 2),)
    assert GAME.stakes_per_point  # three players: the average method (§1.2)
    goal = GAME.match_goal(GAME.parse_options({}))
    assert (goal.target, goal.deals) == (None, 10)


@pytest.mark.parametrize(
    ("contract", "ball_points", "declarer"),
    [
        ("plain", 3, 3),  # at least the bid: fulfilled
        ("plain", 5, 3),  # more ball points than the bid: still the bid
        ("plain", 2, -3),  # fewer: loses the bid
        ("doubled", 4, 6),
        ("doubled", 0, -6),
        ("redoubled", 3, 12),
        ("redoubled", 1, -12),
    ],
)
def test_game_points_are_the_bid_times_the_doubling(contract, ball_points, declarer):
    """§64.4: the declarer gets (or loses) as many game points as the bid;
    doubled ×2, redoubled ×4; the defenders get nothing."""
    deal = {"declarer": 1, "bid": 3, "contract": contract, "ball_points": ball_points}
    assert score(deal).points == (0, declarer, 0)


@pytest.mark.parametrize(("ball_points", "each"), [(5, 8), (3, -8)])
def test_a_fleer_gets_or_loses_what_the_declarer_does(ball_points, each):
    """§64.4: "If one of the opponents fled, he gets or loses as many game points
    as the declarer" — here a doubled 4."""
    deal = {
        "declarer": 0,
        "bid": 4,
        "contract": "doubled",
        "fled": 2,
        "ball_points": ball_points,
    }
    result = score(deal)
    assert result.points == (each, 0, each)
    winners = GAME.deal_winners(result.points, result.detail)
    assert winners == ((0, 2) if each > 0 else (1,))


def test_a_failed_plain_contract_is_won_by_both_defenders():
    result = score({"declarer": 2, "bid": 5, "ball_points": 4})
    assert result.points == (0, 0, -5)
    assert GAME.deal_winners(result.points, result.detail) == (0, 1)


def test_a_flee_needs_a_double_and_a_defender():
    """§64.2: flee is bid when "another opponent bid double" for the last number
    bid; the declarer cannot flee."""
    base = {"declarer": 0, "bid": 2, "ball_points": 3}
    assert codes({**base, "fled": 1}) == [("fled", "flee_needs_double")]
    assert codes({**base, "contract": "doubled", "fled": 0}) == [
        ("fled", "declarer_cannot_flee")
    ]


def test_bad_input_names_the_field():
    assert codes({"declarer": 0, "bid": 6, "ball_points": 3}) == [
        ("bid", "less_than_equal")
    ]
    assert codes({"declarer": 3, "bid": 2, "ball_points": 3}) == [
        ("declarer", "less_than_equal")
    ]
    assert codes({"declarer": 0, "bid": 2, "ball_points": 6}) == [
        ("ball_points", "less_than_equal")
    ]
    assert codes({"declarer": 0, "bid": 2, "ball_points": 1, "contract": "x"})[0][
        0
    ] == ("contract")


FAR = (30, 25, 4)  # seat 2 is 21 and 26 behind: more than twenty behind both


def test_in_the_last_round_a_player_far_behind_may_only_pass():
    """§64.4: more than twenty points behind in the final round, the only bid he is
    allowed is pass — no number bid but the forced opening 1, no double, no
    redouble, no flee."""
    assert codes({"declarer": 2, "bid": 2, "ball_points": 3}, FAR, before=9) == [
        ("bid", "behind_only_passes")
    ]
    # The first bidder's forced bid of 1 may stand as the contract.
    assert score({"declarer": 2, "bid": 1, "ball_points": 3}, FAR, before=9).points == (
        0,
        0,
        1,
    )
    assert codes(
        {"declarer": 2, "bid": 1, "contract": "redoubled", "ball_points": 3},
        FAR,
        before=9,
    ) == [("contract", "behind_only_passes")]
    assert codes(
        {"declarer": 0, "bid": 3, "contract": "doubled", "fled": 2, "ball_points": 3},
        FAR,
        before=9,
    ) == [("fled", "behind_only_passes")]
    # Seat 1 may double seat 0's bid; seat 2 cannot have doubled it.
    assert score(
        {"declarer": 0, "bid": 3, "contract": "doubled", "ball_points": 3},
        FAR,
        before=9,
    ).points == (6, 0, 0)


def test_the_rule_is_only_for_the_last_round_and_only_past_twenty():
    deal = {"declarer": 2, "bid": 3, "ball_points": 3}
    assert score(deal, FAR, before=8).points == (0, 0, 3)  # round 9
    assert score(deal, (24, 24, 4), before=9).points == (0, 0, 3)  # exactly 20


def test_behind_the_leader_reading():
    """Option ``behind: leader``: more than 20 below the leader is enough; then a
    doubled contract needs a defender who is not far behind."""
    totals = (30, 5, 4)  # seats 1 and 2 both more than 20 behind the leader
    deal = {"declarer": 0, "bid": 2, "contract": "doubled", "ball_points": 3}
    assert score(deal, totals, before=9).points == (4, 0, 0)
    assert codes(deal, totals, before=9, options={"behind": "leader"}) == [
        ("contract", "behind_only_passes")
    ]


def test_the_sheet_says_who_may_only_pass_in_the_last_round():
    match = [
        {"declarer": 0, "bid": 5, "contract": "redoubled", "ball_points": 5},
        {"declarer": 1, "bid": 5, "contract": "redoubled", "ball_points": 5},
        {"declarer": 2, "bid": 1, "ball_points": 0},
    ]
    folded = GAME.fold(match, {"rounds": 4}, TABLE)
    assert folded.totals == (20, 20, -1)
    rows = [(r.code, r.kind, r.value) for r in folded.next_deal.context]
    assert rows == [("round", "text", "4 of 4"), ("only_pass", "seat", 2)]
    assert folded.next_deal.may_bid == (0, 1)
    leader = GAME.fold(match[:2], {"rounds": 3, "behind": "leader"}, TABLE)
    assert [r.value for r in leader.next_deal.context] == ["3 of 3"]  # 20: not past


def test_ten_rounds_then_most_points_win():
    match = [{"declarer": s % 3, "bid": 1 + s % 5, "ball_points": 3} for s in range(10)]
    folded = GAME.fold(match, {}, TABLE)
    assert folded.finished
    # Three ball points each round: bids of 1–3 made, 4 and 5 failed.
    # seat 0 bids 1, 4, 2, 5; seat 1 bids 2, 5, 3; seat 2 bids 3, 1, 4.
    assert folded.totals == (1 - 4 + 2 - 5, 2 - 5 + 3, 3 + 1 - 4)
    assert folded.winners == (1, 2)  # ties share


@given(rounds())
def test_a_round_scores_the_declarer_and_fleer_alike_and_nobody_else(deal):
    try:
        result = score(deal)
    except DealRejected:
        return
    value = result.points[deal["declarer"]]
    assert abs(value) in {deal["bid"] * m for m in (1, 2, 4)}
    side = {deal["declarer"], deal.get("fled", deal["declarer"])}
    assert all(p == (value if s in side else 0) for s, p in enumerate(result.points))
