"""Seeding a tournament by the club's ratings (:mod:`scoring.ratings`).

:func:`entries_seed_by_rating` renumbers the entries' seeds before the first round:
the strongest first by the mean rating (μ − 3σ) of each entry's players in the
tournament's game at its club; entries with no rated player keep their order after
the rated ones; withdrawn entries come last. Seeds stay 1…n. Directors only;
refused once a round exists (the draw already used the seeds).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from scoring.errors import Conflict, NotAllowed
from scoring.models import Rating
from tournaments import permissions
from tournaments.models import Entry, EntryMember, Round, Tournament, TournamentStatus


def entry_strengths(tournament: Tournament) -> dict[int, float | None]:
    """Entry id → the mean rating of its rated players (``None``: none rated)."""
    ratings = {
        r.player_id: r.ordinal
        for r in Rating.objects.filter(club=tournament.club_id, game=tournament.game)
    }
    members: dict[int, list[int]] = {}
    for entry_id, player_id in EntryMember.objects.filter(
        entry__tournament=tournament
    ).values_list("entry_id", "player_id"):
        members.setdefault(entry_id, []).append(player_id)
    out: dict[int, float | None] = {}
    for entry in tournament.entries.all():
        rated = [ratings[p] for p in members.get(entry.pk, []) if p in ratings]
        out[entry.pk] = sum(rated) / len(rated) if rated else None
    return out


@transaction.atomic
def entries_seed_by_rating(
    *, tournament: Tournament, by: AbstractBaseUser
) -> list[Entry]:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not permissions.may_direct(by, tournament):
        raise NotAllowed("permission_denied", gettext("only a director may seed"))
    if tournament.status == TournamentStatus.CLOSED:
        raise Conflict("closed", gettext("the tournament is closed"))
    if Round.objects.filter(stage__tournament=tournament).exists():
        raise Conflict(
            "rounds_exist", gettext("a round is drawn: the seeds are in use"), "seed"
        )
    strength = entry_strengths(tournament)
    entries = list(tournament.entries.order_by("seed", "id"))

    def key(entry: Entry) -> tuple:
        s = strength[entry.pk]
        return (entry.withdrawn_at is not None, s is None, -(s or 0.0), entry.seed)

    ordered = sorted(entries, key=key)
    top = max((e.seed for e in entries), default=0)
    for entry in entries:  # out of the way first: (tournament, seed) is unique
        entry.seed += top
        entry.save(update_fields=["seed"])
    for seed, entry in enumerate(ordered, start=1):
        entry.seed = seed
        entry.save(update_fields=["seed"])
    return ordered
