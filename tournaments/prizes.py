"""The tournament side of prize payouts: final standings for the money side.

Scoring's money services never import tournaments; they ask the provider named by
``settings.KIRJURI_PRIZE_STANDINGS_PROVIDER`` — :func:`prize_input` — for a closed
tournament's final standings. The final standings are the last stage's rows of the
newest snapshot, in tie-break order with competition ranks (ties share a rank). The
snapshot's generation travels with them, so a late correction that changes the
standings settles again as reversal + new entries, and an older run changes nothing.
"""

from __future__ import annotations

from django.db import transaction

from scoring.money_services import PrizeInput, PrizeStanding
from tournaments.models import EntryMember, Standings, Tournament, TournamentStatus


def prize_input(tournament_id: int) -> PrizeInput | None:
    """The closed tournament's final standings; ``None`` while they are not final."""
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
    return PrizeInput(
        tournament_id=tournament.pk,
        club_id=tournament.club_id,
        name=tournament.name,
        entry_fee=tournament.entry_fee,
        currency=tournament.entry_fee_currency,
        standings=tuple(
            PrizeStanding(
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
    """After commit, have a worker (re)settle the prizes of a closed tournament."""
    from scoring.money_tasks import settle_prizes

    transaction.on_commit(lambda: settle_prizes.delay(tournament_id))
