"""A tournament table's result counts as soon as its rules decide the match
(issue 33 item 3): nobody finishes the match by hand, the standings move; the
director's reopening takes the result back out."""

from __future__ import annotations

import pytest

from scoring import services as scoring_services
from scoring.models import MatchStatus
from tournaments import services
from tournaments.models import Standings

pytestmark = pytest.mark.django_db

TEAMS = ["Hauet: Aino & Bertta", "Ahvenet: Ceci & Dora"]
WIN = {"contract": "rami", "declarer": 0, "tricks": [13, 0]}  # side 0 takes all


def _match_points(tournament) -> dict[str, int]:
    rows = Standings.objects.get(tournament=tournament).stages[0]["rows"]
    names = {e.pk: e.name for e in tournament.entries.all()}
    return {names[r["entry"]]: r["values"]["match_points"] for r in rows}


def test_standings_move_without_anyone_finishing_the_match(
    club, director, django_capture_on_commit_callbacks
):
    tournament = services.tournament_create(
        club=club,
        name="Kevätturnaus",
        game="tuppi",
        format="round_robin",
        stage_settings={},
        tiebreaks=["match_points"],
        by=director,
    )
    services.entries_add(tournament=tournament, names=TEAMS, by=director)
    services.tournament_publish(tournament=tournament, by=director)
    round_ = services.round_generate(stage=tournament.stages.get(), by=director)
    round_ = services.round_start(round=round_, by=director)
    match = round_.tables.select_related("match").get().match
    first = match.seats.get(position=0).player.display_name
    winner = next(line for line in TEAMS if first in line).split(":")[0]
    with django_capture_on_commit_callbacks(execute=True):
        number = 1
        while True:
            match.refresh_from_db()
            if not match.is_open:
                break
            scoring_services.deal_submit(
                match=match, number=number, input=WIN, by=director
            )
            number += 1
    assert match.status == MatchStatus.FINISHED
    points = _match_points(tournament)
    assert points[winner] > 0 and sum(points.values()) == points[winner]

    # The director reopens the table: its result no longer counts.
    with django_capture_on_commit_callbacks(execute=True):
        scoring_services.match_reopen(match=match, reason="väärä jako", by=director)
    assert set(_match_points(tournament).values()) == {0}
