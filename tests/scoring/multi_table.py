"""An evening of tables through the tournament API, shared by the games' end-to-end
tests: create the tournament, add the entries, then each round generate, start, play
every table, lock; run the standings reconciler and return the standings' rows.
Each game module says only what differs: the game, the names, the stage's settings
and points, and how one table's match is played (``play_table``), which also checks
the table's outcome and finishes its match. ``match_create`` and ``deals_enter``
are the steps of one match through the API, for the single-match tests too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse

from tournaments import tasks
from tournaments.models import Round, Table


def api(name: str, **kwargs: Any) -> str:
    return reverse(f"api:{name}", kwargs=kwargs)


def match_create(api_client: Any, club: Any, body: dict) -> int:
    """Start a match of ``club`` through the API (``body``: game, seats, stake …);
    it must be accepted; return its id."""
    created = api_client.post(f"/api/v1/clubs/{club.pk}/matches/", body, format="json")
    assert created.status_code == 201, created.json()
    return created.json()["id"]


def deals_enter(
    api_client: Any, match_id: int, deals: list[dict], first: int = 1
) -> dict:
    """Post ``deals`` numbered from ``first``, each accepted; return the last
    answer's match."""
    response = None
    for number, deal in enumerate(deals, start=first):
        response = api_client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": deal},
            format="json",
        )
        assert response.status_code == 201, response.json()
    assert response is not None
    return response.json()["match"]


def play_evening(
    api_client: Any,
    club: Any,
    director: Any,
    *,
    game: str,
    names: list[str],
    play_table: Callable[[Table], None],
    stage_settings: dict | None = None,
    points: dict | None = None,
    options: dict | None = None,
    format: str = "multi_table",
    name: str = "Evening",
    rounds: int | None = 2,
) -> list[dict]:
    """Play ``rounds`` rounds (``None``: until the stage generates no more), each
    table by ``play_table``; return the standings' rows after the reconciler."""
    api_client.force_authenticate(director)
    body: dict[str, Any] = {"club": club.pk, "name": name, "game": game}
    body["format"] = format
    if options is not None:
        body["options"] = options
    if stage_settings is not None:
        body["stage_settings"] = stage_settings
    if points is not None:
        body["points"] = points
    created = api_client.post(api("tournament-list"), body, format="json")
    assert created.status_code == 201, created.json()
    tid, stage = created.json()["id"], created.json()["stages"][0]["id"]
    added = api_client.post(
        api("tournament-entry-list", tournament_id=tid), {"names": names}, format="json"
    )
    assert added.status_code == 201, added.json()
    return rounds_play(api_client, tid, stage, rounds=rounds, play_table=play_table)


def rounds_play(
    api_client: Any,
    tid: int,
    stage: int,
    *,
    rounds: int | None,
    play_table: Callable[[Table], None],
) -> list[dict]:
    """The rounds of stage ``stage`` of tournament ``tid`` (its entries added):
    ``rounds`` of them (``None``: until the stage generates no more), each table by
    ``play_table``; the standings' rows after the reconciler."""
    played = 0
    while rounds is None or played < rounds:
        generated = api_client.post(
            api("tournament-round-generate", tournament_id=tid, stage_id=stage)
        )
        if rounds is None and generated.status_code != 201:
            break
        assert generated.status_code == 201, generated.json()
        round_id = generated.json()["id"]
        started = api_client.post(
            api("tournament-round-start", tournament_id=tid, round_id=round_id)
        )
        assert started.status_code == 200, started.json()
        for table in Round.objects.get(pk=round_id).tables.select_related("match"):
            play_table(table)
        locked = api_client.post(
            api("tournament-round-lock", tournament_id=tid, round_id=round_id)
        )
        assert locked.status_code == 200, locked.json()
        played += 1
    # The standings snapshot is a task's work after the commit; run it here.
    tasks.standings_reconcile()
    standings = api_client.get(api("tournament-standings", tournament_id=tid))
    assert standings.status_code == 200, standings.json()
    return standings.json()["stages"][0]["rows"]
