"""A small published tournament in play, for the live-page tests: four entries of
Sleazy in a round robin, round 1 started (two tables, nothing entered yet)."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib.auth import get_user_model

from scoring import services as scoring_services
from tournaments import services

#: One Sleazy deal as totals: the first side takes 100, the second 25.
DEAL = {"mode": "totals", "points": [100, 25]}


def live_world(*, minutes: int | None = None) -> SimpleNamespace:
    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    event = services.tournament_create(
        club=club,
        name="Tuesday Open",
        game="sleazy",
        format="round_robin",
        stage_settings={},
        by=director,
    )
    services.entries_add(
        tournament=event, names="Aino\nBertta\nCaius\nDaavid", by=director
    )
    services.tournament_publish(tournament=event, by=director)
    stage = event.stages.get()
    round_ = services.round_generate(stage=stage, by=director)
    round_ = services.round_start(round=round_, by=director)
    if minutes is not None:
        round_ = services.round_clock_set(round=round_, minutes=minutes, by=director)
    tables = list(round_.tables.select_related("match").order_by("number"))
    return SimpleNamespace(
        director=director, club=club, event=event, round=round_, tables=tables
    )
