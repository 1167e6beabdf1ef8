"""Modern Skruuvi properties: legal deals score, broken ones are rejected, folds
compose."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected
from games.rules.skruuvi import Skruuvi
from tests.games.skruuvi_strategies import team_deals

GAME = Skruuvi()
BASIC = GAME.start()
KOTKA = GAME.fold(
    [{"contract": "hearts", "level": 5, "declarer": 0, "tricks": [11, 2]}] * 4
).state


def rejected_codes(raw: dict, state=BASIC) -> set[str]:
    try:
        GAME.score(state, raw)
    except DealRejected as rejected:
        return {e.code for e in rejected.errors}
    raise AssertionError(f"accepted {raw}")


def multiplier(raw: dict) -> int:
    knocks = raw.get("knocks") or []
    if not knocks:
        return 1
    return 4 if "kontra_by" in knocks[0] else 2


@settings(max_examples=300)
@given(team_deals())
def test_legal_deals_always_score(raw):
    result = GAME.score(BASIC, raw)
    mult = multiplier(raw)
    if raw["contract"] == "pass_misere":
        # 13 tricks → 13 points, and every ace's trick number, all multiplied.
        ace_tricks = sum(a["trick"] for a in raw["aces"])
        assert sum(result.points) == mult * (13 + ace_tricks)
        return
    side = raw["declarer"] % 2
    contract_points = result.points[side] - result.detail["ace_points"][side]
    assert contract_points % mult == 0
    assert (contract_points > 0) == result.detail["made"]
    if raw["contract"] != "misere" or not result.detail["made"]:
        # Only the declarer side scores, unless aces of a made misere.
        assert result.points[1 - side] == 0


@given(team_deals(min_level=6))
def test_legal_kotka_deals_score(raw):
    assert GAME.score(KOTKA, raw).detail["kind"] == "kotka"


@given(team_deals(), st.integers(-13, 13).filter(bool))
def test_tricks_not_adding_to_13_are_rejected(raw, change):
    tricks = list(raw["tricks"])
    tricks[0] += change
    if not 0 <= tricks[0] <= 13:
        return
    assert "tricks_not_13" in rejected_codes({**raw, "tricks": tricks})


@given(team_deals(), st.integers(1, 3))
def test_an_ace_entered_twice_is_rejected(raw, copy_to):
    if "aces" not in raw:
        return
    aces = list(raw["aces"])
    aces[copy_to] = {**aces[copy_to], "card": aces[0]["card"]}
    assert "ace_twice" in rejected_codes({**raw, "aces": aces})


@given(team_deals())
def test_a_knock_from_the_declarers_side_is_rejected(raw):
    if raw["contract"] == "pass_misere":
        return
    knock = {"by": (raw["declarer"] + 2) % 4}
    assert "knocker_not_opponent" in rejected_codes({**raw, "knocks": [knock]})


@given(team_deals())
def test_a_contract_of_five_is_rejected_in_a_kotka(raw):
    if raw["contract"] == "pass_misere":
        return
    codes = rejected_codes({**raw, "level": 5}, KOTKA)
    assert "kotka_level_below_six" in codes


@settings(max_examples=100)
@given(st.lists(team_deals(min_level=6), max_size=10), st.integers(0, 10))
def test_fold_equals_fold_of_prefix_then_rest(raws, cut):
    whole = GAME.fold(raws)
    cut = min(cut, len(raws))
    prefix = GAME.fold(raws[:cut])
    rest = GAME.fold_from(prefix.state, raws[cut:], earlier=prefix.deals)
    assert rest.state == whole.state
    assert rest.deals == whole.deals
    assert rest.next_deal == whole.next_deal
    scored = [d.score.points for d in whole.deals if d.score]
    assert whole.totals == tuple(sum(p[s] for p in scored) for s in (0, 1))
    assert whole.finished == (len(scored) >= 8)
