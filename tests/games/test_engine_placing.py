"""The result shapes by place (``games/engine/placing.py``): finishing orders with
ties, the loser or the winner only, drops one at a time, and the match of games by
place that Musta Maija, Musta Pekka, Valepaska and Seinis share."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, OptionsRejected, Table, get_game
from games.engine.places import (
    beaten_points,
    elimination_points,
    first_points,
    last_points,
    order_of,
    place_points,
    places_errors,
    places_of_drops,
    places_of_loser,
    places_of_winner,
    places_of_winner_and_loser,
    shared_last_errors,
    tied_places_errors,
)
from games.engine.placing import place_inputs
from tests.games.strategies._placing import finishing_places


def test_tied_places_are_a_competition_ranking():
    assert tied_places_errors([1, 2, 2, 4], 4) == []
    assert tied_places_errors([1, 1, 1, 4], 4) == []
    assert tied_places_errors([2, 2, 1], 3) == []
    codes = [(e.path, e.code) for e in tied_places_errors([1, 2, 2, 3], 4)]
    assert codes == [("places.3", "not_a_finishing_order")]
    assert "the place is 4" in tied_places_errors([1, 2, 2, 3], 4)[0].message
    codes = [(e.path, e.code) for e in tied_places_errors([1, 2, 5], 3)]
    assert codes == [("places.2", "not_a_finishing_order")]
    assert [e.code for e in tied_places_errors([1, 2], 3)] == ["wrong_player_count"]


def test_a_shared_last_place_is_named():
    assert shared_last_errors([1, 2, 3]) == []
    assert shared_last_errors([1, 1, 3]) == []
    (error,) = shared_last_errors([1, 3, 3], section="§34.3")
    assert (error.path, error.code) == ("places.2", "shared_last_place")
    assert "§34.3" in error.message


def test_points_by_place():
    assert beaten_points([1, 2, 2, 4]) == (3, 1, 1, 0)
    assert beaten_points([3, 1, 4, 2]) == (1, 3, 0, 2)
    assert first_points([1, 1, 3]) == (1, 1, 0)
    assert last_points([1, 2, 3]) == (0, 0, -1)
    assert places_of_loser(4, 2) == (1, 1, 4, 1)
    assert places_of_winner(3, 1) == (2, 1, 2)
    assert places_of_winner_and_loser(4, 3, 0) == (4, 2, 2, 1)
    assert places_of_drops(4, (2, 0, 3, 1)) == (3, 1, 4, 2)


@given(st.integers(2, 8).flatmap(lambda n: st.permutations(range(1, n + 1))))
def test_a_strict_order_scores_as_the_place_points(places):
    assert beaten_points(places) == place_points(order_of(places))
    assert places_errors(places, len(places)) == []
    assert tied_places_errors(places, len(places)) == []


@given(
    st.integers(2, 8).flatmap(
        lambda n: finishing_places(n, ties=True, single_loser=False)
    )
)
def test_tied_places_score_pairs_won(places):
    """Every pair of players with different places gives the better one a point:
    the total is the number of such pairs, and equal places score equally."""
    n = len(places)
    assert tied_places_errors(places, n) == []
    points = beaten_points(places)
    pairs = sum(1 for a in places for b in places if a < b)
    assert sum(points) == pairs
    for s in range(n):
        for t in range(n):
            if places[s] == places[t]:
                assert points[s] == points[t]
            elif places[s] < places[t]:
                assert points[s] > points[t]


@given(st.integers(2, 8).flatmap(lambda n: st.permutations(range(n))))
def test_drops_score_the_places_read_backwards(order):
    """Dropping one at a time, a point to everyone still in, scores as the places
    of the elimination."""
    n = len(order)
    totals = [0] * n
    for k, seat in enumerate(order[:-1]):
        for s, p in enumerate(elimination_points(n, order[:k], seat)):
            totals[s] += p
    assert tuple(totals) == beaten_points(places_of_drops(n, order))


def test_place_inputs_refuse_an_unknown_mode():
    with pytest.raises(ValueError, match="unknown place modes"):
        place_inputs(4, ("places", "podium"))


MAIJA = get_game("musta-maija")
FOUR = Table((0, 1, 2, 3))


def test_a_match_of_games_ends_after_its_games_or_at_its_target():
    games = [{"places": [1, 2, 3, 4]}, {"loser": 3, "mode": "loser"}]
    folded = MAIJA.fold(games, {"games": 2}, FOUR)
    assert folded.totals == (3 + 1, 2 + 1, 1 + 1, 0 + 0)
    assert folded.finished and folded.winners == (0,)
    to_five = MAIJA.fold(games, {"games": None, "target": 5}, FOUR)
    assert not to_five.finished
    assert [r.code for r in to_five.next_deal.context] == ["target"]
    third = MAIJA.fold(
        [*games, {"places": [4, 1, 2, 3]}], {"games": None, "target": 5}, FOUR
    )
    assert third.totals == (4, 6, 4, 1) and third.winners == (1,)
    assert third.finished


def test_a_tie_at_the_end_of_the_match_is_shared():
    games = [{"places": [1, 2, 3, 4]}, {"places": [2, 1, 4, 3]}]
    folded = MAIJA.fold(games, {"games": 2}, FOUR)
    assert folded.totals == (5, 5, 1, 1) and folded.winners == (0, 1)


def test_the_scorings_winner_and_loser():
    games = [{"places": [1, 1, 3, 4]}, {"mode": "loser", "loser": 3}]
    wins = MAIJA.fold(games, {"games": 2, "scoring": "winner"}, FOUR)
    assert wins.totals == (2, 2, 1, 0)
    losses = MAIJA.fold(games, {"games": 2, "scoring": "loser"}, FOUR)
    assert losses.totals == (0, 0, 0, -2)
    assert losses.winners == (0, 1, 2)


def test_options_that_cannot_end_a_match_are_refused():
    with pytest.raises(OptionsRejected) as refused:
        MAIJA.parse_options({"games": None})
    assert [(e.path, e.code) for e in refused.value.errors] == [
        ("options.target", "no_match_end")
    ]
    with pytest.raises(OptionsRejected) as refused:
        MAIJA.parse_options({"scoring": "loser", "target": 3})
    assert refused.value.errors[0].code == "target_with_loser_scoring"


def test_deal_winners_are_the_first_placed_of_a_complete_game():
    folded = MAIJA.fold([{"places": [3, 1, 1, 4]}], {}, FOUR)
    detail = folded.deals[0].score.detail
    assert MAIJA.deal_winners(folded.deals[0].score.points, detail) == (1, 2)
    seinis = get_game("seinis")
    drop = seinis.fold([{"out": 0}], {}, FOUR).deals[0].score
    assert seinis.deal_winners(drop.points, drop.detail) == ()


def test_a_seat_beyond_the_table_is_refused():
    with pytest.raises(DealRejected) as rejected:
        MAIJA.score(MAIJA.start({}, Table((0, 1, 2))), {"mode": "loser", "loser": 4})
    assert [(e.path, e.code) for e in rejected.value.errors] == [("loser", "bad_seat")]


def test_a_deal_without_a_mode_is_entered_in_the_first_mode():
    assert MAIJA.parse_deal({"places": [1, 2, 3, 4]}).mode == "places"
    with pytest.raises(DealRejected) as rejected:
        MAIJA.parse_deal({"mode": "podium", "places": [1, 2, 3, 4]})
    assert rejected.value.errors[0].code == "bad_mode"


PLACING_SLUGS = ["musta-maija", "musta-pekka", "valepaska", "seinis"]


@pytest.mark.parametrize("slug", PLACING_SLUGS)
@settings(deadline=None, max_examples=60)
@given(data=st.data())
def test_a_match_of_games_by_place_adds_up(slug, data):
    """Whatever is entered: the totals are the sum of the accepted deals' points;
    the games counted are the complete ones; a match ends exactly when its games
    are played or a total reaches the target at a game's end, won by the highest
    total; with the default scoring a complete game entered whole scores one point
    per pair of players with different places."""
    from tests.games.strategies import match_cases

    case = data.draw(match_cases(slug))
    game = get_game(slug)
    folded = game.fold(list(case.deals), case.options, case.table)
    options = folded.state.options
    accepted = [d.score for d in folded.deals if d.score is not None]
    totals = [sum(s.points[i] for s in accepted) for i in range(len(folded.totals))]
    assert tuple(totals) == folded.totals
    complete = [s for s in accepted if s.detail["complete"]]
    assert folded.state.games_played == len(complete)
    games_done = options.games is not None and len(complete) >= options.games
    if folded.finished:
        best = max(folded.totals)
        assert folded.winners == tuple(
            s for s, t in enumerate(folded.totals) if t == best
        )
        assert games_done or best >= options.target
        last = max(i for i, d in enumerate(folded.deals) if d.score is not None)
        after = folded.deals[last + 1 :]
        assert all(d.errors[0].code == "match_finished" for d in after)
    else:
        assert not games_done and folded.winners == ()
    for score in complete:
        places = score.detail["places"]
        if options.scoring == "places" and score.detail["mode"] != "drop":
            pairs = sum(1 for a in places for b in places if a < b)
            assert sum(score.points) == pairs
            assert score.points == beaten_points(places)
