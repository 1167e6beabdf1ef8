"""Reads of the club's people: a player's history (matches by game, wins and
losses, partners and opponents) as the viewer may see it.

Only matches the viewer may read count (:func:`scoring.selectors.matches_visible_to`):
a member of one club sees the player's matches in that club, the player sees all.
A finished match is won by the player's side when the fold's ``winners`` name it,
lost when they name another side; a finished match without winners is a draw.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from scoring import permissions, selectors
from scoring.errors import NotFound
from scoring.models import Match, MatchStatus, Player


@dataclass
class Record:
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    def add(self, outcome: str) -> None:
        self.played += 1
        setattr(self, outcome, getattr(self, outcome) + 1)


@dataclass
class History:
    player: Player
    by_game: dict[str, Record] = field(default_factory=dict)
    matches: list[dict[str, Any]] = field(default_factory=list)
    partners: list[tuple[str, Record]] = field(default_factory=list)
    opponents: list[tuple[str, Record]] = field(default_factory=list)
    clubs: list[Any] = field(default_factory=list)


def player_get(user: Any, player_id: int) -> Player:
    """The player if ``user`` shares a club with them (or is them), else 404."""
    player = selectors.players_visible_to(user).filter(pk=player_id).first()
    if player is None:
        raise NotFound("not_found", "no such player")
    return player


def outcome_of(match: Match, side: int) -> str | None:
    if match.status != MatchStatus.FINISHED:
        return None
    if not match.winners:
        return "drawn"
    return "won" if side in match.winners else "lost"


def player_history(user: Any, player: Player, *, club_id: int | None = None) -> History:
    history = History(player=player)
    own = permissions.player_of(user)
    clubs = player.clubs.all()
    if own is None or own.pk != player.pk:
        clubs = clubs.filter(memberships__player=own) if own else clubs.none()
    history.clubs = list(clubs.order_by("name"))
    matches = (
        selectors.matches_visible_to(user)
        .filter(seats__player=player)
        .distinct()
        .order_by("-started_at", "-id")
    )
    if club_id is not None:
        matches = matches.filter(club_id=club_id)
    by_game: dict[str, Record] = defaultdict(Record)
    partners: dict[str, Record] = defaultdict(Record)
    opponents: dict[str, Record] = defaultdict(Record)
    for match in matches:
        seats = list(match.seats.all())
        side = next(s.side for s in seats if s.player_id == player.pk)
        outcome = outcome_of(match, side)
        history.matches.append(
            {
                "match": match,
                "game": match.game.name,
                "outcome": outcome or match.get_status_display(),
                "with": [
                    s.player
                    for s in seats
                    if s.side == side and s.player_id != player.pk
                ],
                "against": [s.player for s in seats if s.side != side],
            }
        )
        if outcome is None:
            continue
        by_game[match.game.name].add(outcome)
        for s in seats:
            if s.player_id == player.pk:
                continue
            (partners if s.side == side else opponents)[s.player.display_name].add(
                outcome
            )
    history.by_game = dict(sorted(by_game.items()))
    history.partners = sorted(partners.items(), key=lambda kv: (-kv[1].played, kv[0]))
    history.opponents = sorted(opponents.items(), key=lambda kv: (-kv[1].played, kv[0]))
    return history
