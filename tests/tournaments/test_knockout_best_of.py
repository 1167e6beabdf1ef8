"""A 16-entry best-of-5 single-elimination knockout through the services, every game
a score-book match: series end at three wins, draws are replayed, the sides
alternate, and the bracket (API and picture) shows the series scores."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from django.urls import reverse

from scoring import services as scoring_services
from tournaments import selectors, services
from tournaments.formats.knockout import BYE

pytestmark = pytest.mark.django_db


def winner_of(match_id: str, game: int, first: int, second: int, seed) -> int | None:
    """Who wins game ``game`` of ``match_id`` (None: a draw). The better seed wins
    except where the (match, game) pattern gives an upset or a level game, so series
    of every length (3, 4, 5 games) and replays occur."""
    better, worse = sorted((first, second), key=seed.get)
    pattern = (sum(map(ord, match_id)) + game) % 7
    if pattern == 0:
        return None
    if pattern in (1, 2) and game < 5:
        return worse
    return better


def play_bracket(tournament, director, seed):
    stage = tournament.stages.get()
    games: dict[str, list[int | None]] = {}
    firsts: dict[str, list[int]] = {}
    sizes = []
    while True:
        try:
            round_ = services.round_generate(stage=stage, by=director)
        except Exception as error:
            assert getattr(error, "code", "") == "bracket_complete", error
            break
        round_ = services.round_start(round=round_, by=director)
        sizes.append(round_.tables.count())
        for table in round_.tables.select_related("match").order_by("number"):
            data = table.reasons[0]["data"]
            first = table.sides.get(side=0).entry_id
            second = table.sides.get(side=1).entry_id
            firsts.setdefault(data["match"], []).append(first)
            assert data["game"] == len(firsts[data["match"]])
            won = winner_of(data["match"], data["game"], first, second, seed)
            games.setdefault(data["match"], []).append(won)
            points = (
                [100, 100]
                if won is None
                else ([150, 100] if won == first else [100, 150])
            )
            match = table.match
            for number in (1, 2):
                scoring_services.deal_submit(
                    match=match,
                    number=number,
                    input={"mode": "totals", "points": points},
                    by=director,
                )
            match.refresh_from_db()
            scoring_services.match_finish(match=match, by=director)
        services.round_lock(round=round_, by=director)
    return stage, games, firsts, sizes


def test_sixteen_entries_best_of_five(club, director, api_client):
    """15 bracket matches, each won by the first to three game wins within five
    decisive games; a drawn game is replayed and does not count; who plays first
    alternates game by game; the better seed is champion; the picture and the API
    give every series score."""
    tournament = services.tournament_create(
        club=club,
        name="Best of five",
        game="sleazy",
        options={"rounds": 2},
        format="knockout",
        stage_settings={"best_of": 5},
        tiebreaks=["wins", "point_difference"],
        visibility="published",
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament,
        names=[f"Seed {i:02}" for i in range(1, 17)],
        by=director,
    )
    seed = {e.pk: e.seed for e in entries}
    stage, games, firsts, sizes = play_bracket(tournament, director, seed)

    assert len(games) == 15
    assert sizes[0] == 8  # game 1 of every first-round series
    lengths = Counter()
    for match_id, played in games.items():
        decisive = [g for g in played if g is not None]
        wins = Counter(decisive)
        (winner, three), *rest = wins.most_common()
        assert three == 3 and all(n < 3 for _e, n in rest)
        assert len(decisive) <= 5 and decisive[-1] == winner
        lengths[len(decisive)] += 1
        order = firsts[match_id]
        assert all(a != b for a, b in pairwise(order))
    assert set(lengths) == {3, 4, 5}, lengths
    assert any(None in played for played in games.values())

    _bracket, state, series = selectors.stage_knockout_get(stage)
    assert state.champion == entries[0].pk
    for match_id, played in games.items():
        assert series[match_id].draws == played.count(None)
        assert max(series[match_id].wins) == 3
    assert all(BYE not in m.entrants for m in state.matches.values())

    svg = selectors.stage_bracket_svg_get(stage)
    final = series["W4-1"]
    assert f"W4-1 \u00b7 best of 5 \u00b7 {final.score}" in svg
    assert "Seed 01" in svg

    response = api_client.get(
        reverse(
            "api:tournament-stage-bracket",
            kwargs={"tournament_id": tournament.pk, "stage_id": stage.pk},
        )
    )
    assert response.status_code == 200
    body = response.json()
    assert body["champion"] == entries[0].pk and body["best_of"] == 5
    by_id = {m["id"]: m for m in body["matches"]}
    assert by_id["W4-1"]["series"] == list(final.wins)
    assert sum(max(m["series"]) for m in body["matches"]) == 45


def test_best_of_three_double_elimination_reaches_the_grand_final(club, director):
    """Best of 3 works in a double-elimination bracket too: every one of the 2n − 2
    (or 2n − 1) matches is a series, and the champion is known."""
    tournament = services.tournament_create(
        club=club,
        name="Double, best of three",
        game="sleazy",
        options={"rounds": 2},
        format="knockout",
        stage_settings={"kind": "double", "best_of": 3},
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament, names=[f"E{i}" for i in range(1, 7)], by=director
    )
    seed = {e.pk: e.seed for e in entries}
    _stage, games, _firsts, _sizes = play_bracket(tournament, director, seed)
    assert len(games) in (10, 11)
    for played in games.values():
        decisive = [g for g in played if g is not None]
        assert Counter(decisive).most_common(1)[0][1] == 2 and len(decisive) <= 3
