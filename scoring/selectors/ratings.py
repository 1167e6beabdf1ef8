"""Reads of the ratings: the games a club rates, its ranking list (stored, or a
season computed on demand) and its seasons."""

from __future__ import annotations

from scoring.localtime import local
from scoring.models import Club, Player, RatedMatch, Rating
from scoring.ratings import finished_matches, outcome_of, rate


def club_rated_game_list(club: Club) -> list[str]:
    return list(
        Rating.objects.filter(club=club)
        .order_by("game")
        .values_list("game", flat=True)
        .distinct()
    )


def ranking_get(club: Club, game: str, *, season: int | None = None) -> list[Rating]:
    """The club's ranking list in ``game``: by ordinal (mu − 3σ), best first. With
    ``season`` (a year), the ratings of that season alone: every player starts
    afresh and only the matches that ended that year in the club's time zone count
    (computed, not stored)."""
    if season is None:
        rows = list(
            Rating.objects.filter(club=club, game=game).select_related("player")
        )
    else:
        book: dict[int, Rating] = {}
        for match in finished_matches(club, game).prefetch_related("seats"):
            outcome = outcome_of(match)
            if outcome is not None and local(match.ended_at, club).year == season:
                rate(book, outcome)
        names = Player.objects.in_bulk(list(book))
        rows = list(book.values())
        for row in rows:
            row.player = names[row.player_id]
    return sorted(rows, key=lambda r: (-r.ordinal, -r.mu, r.player.display_name))


def ranking_season_list(club: Club, game: str) -> list[int]:
    """The years (club time) in which rated matches of ``game`` ended, newest first."""
    ended = RatedMatch.objects.filter(club=club, game=game).values_list(
        "ended_at", flat=True
    )
    return sorted({local(e, club).year for e in ended}, reverse=True)
