"""The tournament side of prize payouts: final standings, and "they changed".

:func:`final_standings_get` is a selector the money app (the layer above) reads: a
closed tournament's final standings are the last stage's rows of the newest
snapshot, in tie-break order with competition ranks (ties share a rank). The
snapshot's generation travels with them, so a late correction that changes the
standings settles again as reversal + new entries, and an older run changes nothing.

:func:`prizes_request` tells whoever pays out that the final standings changed
without importing them: after commit it sends the tournament id to each Celery task
named in ``settings.KIRJURI_FINAL_STANDINGS_TASKS`` (by name, as the score book does
with ``KIRJURI_RESULT_CHANGED_TASKS``). The tasks read the standings back through the
selector, so a notification sent twice or late does no harm.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.db import transaction

from scoring.tasks import task_send
from tournaments.models import EntryMember, Standings, Tournament, TournamentStatus


@dataclass(frozen=True)
class FinalStanding:
    """One entry of a tournament's final standings (competition rank)."""

    entry_id: int
    name: str
    rank: int
    player_ids: tuple[int, ...]


@dataclass(frozen=True)
class FinalStandings:
    """A closed tournament's final standings with its entry fee.

    ``standings`` in tie-break order; ``generation`` the standings' generation (a
    newer one supersedes, an older one is ignored).
    """

    tournament_id: int
    club_id: int
    name: str
    entry_fee: Decimal
    currency: str
    standings: tuple[FinalStanding, ...]
    generation: int


def final_standings_get(*, tournament_id: int) -> FinalStandings | None:
    """The closed tournament's final standings; ``None`` while they are not final
    (or the tournament has no entry fee: nothing to pay out)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.status != TournamentStatus.CLOSED:
        return None
    if not tournament.entry_fee or not tournament.entry_fee_currency:
        return None
    snapshot = Standings.objects.filter(tournament=tournament).first()
    if snapshot is None or snapshot.computed_at is None or not snapshot.stages:
        return None
    rows = snapshot.stages[-1]["rows"]
    members: dict[int, list[int]] = {}
    for entry_id, player_id in (
        EntryMember.objects.filter(entry__tournament=tournament)
        .order_by("entry_id", "position")
        .values_list("entry_id", "player_id")
    ):
        members.setdefault(entry_id, []).append(player_id)
    names = dict(tournament.entries.values_list("id", "name"))
    return FinalStandings(
        tournament_id=tournament.pk,
        club_id=tournament.club_id,
        name=tournament.name,
        entry_fee=tournament.entry_fee,
        currency=tournament.entry_fee_currency,
        standings=tuple(
            FinalStanding(
                entry_id=row["entry"],
                name=names.get(row["entry"], ""),
                rank=row["rank"],
                player_ids=tuple(members.get(row["entry"], ())),
            )
            for row in rows
        ),
        generation=snapshot.generation,
    )


def prizes_request(*, tournament_id: int) -> None:
    """After commit, send the tournament id to the final-standings tasks."""

    def send() -> None:
        for name in getattr(settings, "KIRJURI_FINAL_STANDINGS_TASKS", ()):
            task_send(name, tournament_id)

    transaction.on_commit(send)
