"""A round robin of four two-player entries through the tournament API, shared by the
games' end-to-end tests: Aino beats everyone, Bert everyone but her, Cai beats Dora.
Each game module says only how its match is won (``deals_for(better_side)``)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from django.urls import reverse

from scoring import services as scoring_services
from tournaments import tasks
from tournaments.models import Round

NAMES = ["Aino", "Bert", "Cai", "Dora"]


def play_round_robin(
    api_client: Any,
    club: Any,
    director: Any,
    *,
    game: str,
    deals_for: Callable[[int], list[dict]],
) -> list[dict]:
    """Create, seat and play the three rounds, each match won by its stronger entry;
    check every table's winner and the standings' order; return the rows."""
    api_client.force_authenticate(director)

    def api(name: str, **kwargs: Any) -> str:
        return reverse(f"api:{name}", kwargs=kwargs)

    created = api_client.post(
        api("tournament-list"),
        {"club": club.pk, "name": "Cup", "game": game, "format": "round_robin"},
        format="json",
    )
    assert created.status_code == 201, created.json()
    tid, stage = created.json()["id"], created.json()["stages"][0]["id"]
    api_client.post(
        api("tournament-entry-list", tournament_id=tid), {"names": NAMES}, format="json"
    )
    strength = {name: i for i, name in enumerate(NAMES)}
    wins = dict.fromkeys(NAMES, 0)
    for _ in range(3):
        generated = api_client.post(
            api("tournament-round-generate", tournament_id=tid, stage_id=stage)
        )
        assert generated.status_code == 201, generated.json()
        round_id = generated.json()["id"]
        api_client.post(
            api("tournament-round-start", tournament_id=tid, round_id=round_id)
        )
        for table in Round.objects.get(pk=round_id).tables.select_related("match"):
            seats = {s.side: s.entry.name for s in table.sides.all()}
            better = min((0, 1), key=lambda s: strength[seats[s]])
            wins[seats[better]] += 1
            for number, deal in enumerate(deals_for(better), start=1):
                response = api_client.post(
                    f"/api/v1/matches/{table.match.pk}/deals/",
                    {"number": number, "input": deal},
                    format="json",
                )
                assert response.status_code == 201, response.json()
            table.match.refresh_from_db()
            assert table.match.finished and table.match.winners == [better]
            scoring_services.match_finish(match=table.match, by=director)
        locked = api_client.post(
            api("tournament-round-lock", tournament_id=tid, round_id=round_id)
        )
        assert locked.status_code == 200, locked.json()
    assert wins == {"Aino": 3, "Bert": 2, "Cai": 1, "Dora": 0}
    tasks.standings_reconcile()
    standings = api_client.get(api("tournament-standings", tournament_id=tid)).json()
    rows = standings["stages"][0]["rows"]
    assert [r["name"] for r in rows] == NAMES
    points = [Fraction(r["values"]["match_points"]) for r in rows]
    assert points == sorted(points, reverse=True) and points[0] > points[1] > points[3]
    return rows
