"""Klubiskruuvi properties: random legal games fold to twelve deals with bolsu seat
points summing to zero, broken deals are rejected, folds compose."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected
from games.rules.klubiskruuvi import Klubiskruuvi
from tests.games.skruuvi_strategies import bolsu_deals, team_deals

GAME = Klubiskruuvi()


@st.composite
def games(draw) -> list[dict]:
    """Twelve legal deals: eight of the teams (sixes and sevens, legal both as basic
    deals and kotkas) and one bolsu per seat, in a random order."""
    slots = draw(st.permutations(range(12)))[:4]
    declarers = draw(st.permutations(range(4)))
    bolsus = dict(zip(sorted(slots), declarers, strict=True))
    return [
        draw(bolsu_deals(bolsus[i])) if i in bolsus else draw(team_deals(min_level=6))
        for i in range(12)
    ]


@settings(max_examples=60, deadline=None)
@given(games())
def test_a_legal_game_folds_to_twelve_deals_and_individual_totals(raws):
    folded = GAME.fold(raws)
    assert not folded.needs_attention, [d.errors for d in folded.deals]
    assert folded.finished
    assert sorted(folded.state.bolsu_declarers) == [0, 1, 2, 3]
    assert sum(folded.seat_totals) == 0
    for record in folded.deals:
        if record.score.detail["kind"] == "bolsu":
            assert record.score.points == (0, 0)
            assert sum(record.score.seat_points) == 0
    assert folded.individual_totals == tuple(
        folded.seat_totals[s] + 2 * folded.totals[s % 2] for s in range(4)
    )


@settings(max_examples=60, deadline=None)
@given(games(), st.integers(0, 12))
def test_fold_equals_fold_of_prefix_then_rest(raws, cut):
    whole = GAME.fold(raws)
    prefix = GAME.fold(raws[:cut])
    rest = GAME.fold_from(prefix.state, raws[cut:], earlier=prefix.deals)
    assert rest.state == whole.state
    assert rest.deals == whole.deals
    assert rest.individual_totals == whole.individual_totals


@settings(deadline=None)
@given(games(), st.data())
def test_a_second_bolsu_by_the_same_player_is_rejected(raws, data):
    bolsus = [i for i, raw in enumerate(raws) if raw.get("bolsu")]
    first, later = bolsus[0], data.draw(st.sampled_from(bolsus[1:]))
    repeated = {**raws[later], "declarer": raws[first]["declarer"]}
    state = GAME.fold(raws[:later]).state
    try:
        GAME.score(state, repeated)
    except DealRejected as rejected:
        assert "second_bolsu" in {e.code for e in rejected.errors}
    else:
        raise AssertionError("accepted a second bolsu by one player")


@settings(deadline=None)
@given(games(), team_deals(min_level=6))
def test_a_ninth_deal_of_the_teams_is_rejected(raws, extra):
    teams = [i for i, raw in enumerate(raws) if not raw.get("bolsu")]
    state = GAME.fold(raws[: teams[-1] + 1]).state
    assert state.team_deals == 8
    # Unless the last deal of the teams was also the last deal of the game.
    expected = "match_finished" if state.finished else "bolsu_required"
    try:
        GAME.score(state, extra)
    except DealRejected as rejected:
        assert expected in {e.code for e in rejected.errors}
    else:
        raise AssertionError("accepted a ninth deal of the teams")


@given(games(), st.integers(0, 3))
def test_a_knock_by_the_bolsu_declarer_is_rejected(raws, which):
    raw = [r for r in raws if r.get("bolsu")][which]
    mutated = {**raw, "knocks": [{"by": raw["declarer"]}]}
    try:
        GAME.score(GAME.start(), mutated)
    except DealRejected as rejected:
        assert "knocker_not_opponent" in {e.code for e in rejected.errors}
    else:
        raise AssertionError("accepted a knock by the declarer")
