"""A round robin of four two-player entries through the tournament API, shared by the
games' end-to-end tests: Aino beats everyone, Bert everyone but her, Cai beats Dora.
Each game module says only how its match is won (``deals_for(better_side)``)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from scoring import services as scoring_services
from tests.scoring.multi_table import deals_enter, play_evening

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
    strength = {name: i for i, name in enumerate(NAMES)}
    wins = dict.fromkeys(NAMES, 0)

    def play_table(table: Any) -> None:
        seats = {s.side: s.entry.name for s in table.sides.all()}
        better = min((0, 1), key=lambda s: strength[seats[s]])
        wins[seats[better]] += 1
        deals_enter(api_client, table.match.pk, deals_for(better))
        table.match.refresh_from_db()
        assert table.match.finished and table.match.winners == [better]
        scoring_services.match_finish(match=table.match, by=director)

    rows = play_evening(
        api_client,
        club,
        director,
        game=game,
        name="Cup",
        names=NAMES,
        format="round_robin",
        rounds=3,
        play_table=play_table,
    )
    assert wins == {"Aino": 3, "Bert": 2, "Cai": 1, "Dora": 0}
    assert [r["name"] for r in rows] == NAMES
    points = [Fraction(r["values"]["match_points"]) for r in rows]
    assert points == sorted(points, reverse=True) and points[0] > points[1] > points[3]
    return rows
