"""The score book's tables of a club's data (registered in ``ScoringConfig.ready``).

Ratings are not exported: they are derived from the finished matches and rebuilt
after an import. Invitations, table links and idempotency keys are not either: they
are access secrets and request bookkeeping of the database they were made in.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from games.engine import UnknownGame, get_game
from games.models import CatalogueEntry
from scoring.models import (
    Club,
    Deal,
    DealRevision,
    Match,
    MatchStatus,
    Membership,
    Player,
    PlayerMerge,
    Seat,
)
from scoring.portability.registry import (
    ClubDataError,
    ClubTable,
    Remap,
    club_import_hook_register,
    club_table_register,
)


def _club_slug_free(row: dict, remap: Remap) -> dict:
    """A copy of a club already here gets the next free slug (``kerho-2``)."""
    base, n = row["slug"], 1
    while Club.objects.filter(slug=row["slug"]).exists():
        n += 1
        row["slug"] = f"{base}-{n}"[:64]
    return row


def _match_game_known(row: dict, remap: Remap) -> dict:
    """A fresh database has no catalogue row of a game until a match is started in
    it: add it from the registry, as starting a match would."""
    slug = row["game_id"]
    if not CatalogueEntry.objects.filter(slug=slug).exists():
        try:
            engine = get_game(slug)
        except UnknownGame:
            raise ClubDataError(f"the game {slug!r} is not known here") from None
        CatalogueEntry.objects.create(
            slug=engine.slug,
            name=engine.name,
            source=engine.source,
            summary=engine.summary,
            synced_at=timezone.now(),
        )
    return row


def _players(club: Club):
    return Player.objects.filter(
        Q(memberships__club=club) | Q(seats__match__club=club)
    ).distinct()


def _ratings_rebuild(club: Club) -> None:
    from scoring.services import ratings_recompute

    games = (
        Match.objects.filter(club=club, status=MatchStatus.FINISHED)
        .values_list("game_id", flat=True)
        .distinct()
    )
    for game in sorted(set(games)):
        ratings_recompute(club=club, game=game)


def register() -> None:
    club_table_register(
        ClubTable(Club, lambda c: Club.objects.filter(pk=c.pk), rewrite=_club_slug_free)
    )
    club_table_register(ClubTable(Player, _players))
    club_table_register(ClubTable(Membership, lambda c: c.memberships.all()))
    club_table_register(
        ClubTable(PlayerMerge, lambda c: PlayerMerge.objects.filter(club=c))
    )
    club_table_register(
        ClubTable(
            Match, lambda c: Match.objects.filter(club=c), rewrite=_match_game_known
        )
    )
    club_table_register(ClubTable(Seat, lambda c: Seat.objects.filter(match__club=c)))
    club_table_register(ClubTable(Deal, lambda c: Deal.objects.filter(match__club=c)))
    club_table_register(
        ClubTable(
            DealRevision, lambda c: DealRevision.objects.filter(deal__match__club=c)
        )
    )
    club_import_hook_register(_ratings_rebuild)
