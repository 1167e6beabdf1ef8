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

from django.utils.translation import gettext

from config.collation import sorted_by_name
from games.engine import UnknownGame, get_game
from games.models import CatalogueEntry
from scoring import permissions
from scoring.errors import NotFound
from scoring.models import (
    Deal,
    DealStatus,
    Match,
    MatchStatus,
    Membership,
    Player,
    Rating,
)
from scoring.permissions import User
from scoring.selectors.clubs import players_visible_to
from scoring.selectors.matches import matches_visible_to


@dataclass
class Record:
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    points: int = 0
    best_total: int | None = None
    best_deal: int | None = None
    streak: int = 0
    longest_streak: int = 0

    def add(self, outcome: str) -> None:
        self.played += 1
        setattr(self, outcome, getattr(self, outcome) + 1)
        self.streak = self.streak + 1 if outcome == "won" else 0
        self.longest_streak = max(self.longest_streak, self.streak)

    lower_wins: bool = False
    deal_run: int = 0
    longest_deal_run: int = 0

    def _better(self, a: int | None, b: int) -> int:
        if a is None:
            return b
        return min(a, b) if self.lower_wins else max(a, b)

    def add_total(self, total: Any) -> None:
        if isinstance(total, int):
            self.points += total
            self.best_total = self._better(self.best_total, total)

    def add_deal(self, points: Any, won: bool) -> None:
        """One deal of the player's side, in order: its points and whether the game
        says the side won it (``Game.deal_winners``)."""
        if isinstance(points, int):
            self.best_deal = self._better(self.best_deal, points)
        self.deal_run = self.deal_run + 1 if won else 0
        self.longest_deal_run = max(self.longest_deal_run, self.deal_run)

    @property
    def average(self) -> float | None:
        return round(self.points / self.played, 1) if self.played else None


@dataclass
class History:
    player: Player
    by_game: dict[str, Record] = field(default_factory=dict)
    matches: list[dict[str, Any]] = field(default_factory=list)
    partners: list[tuple[str, Record]] = field(default_factory=list)
    opponents: list[tuple[str, Record]] = field(default_factory=list)
    clubs: list[Any] = field(default_factory=list)


def player_get(user: User, player_id: int) -> Player:
    """The player if ``user`` shares a club with them (or is them), else 404."""
    player = players_visible_to(user).filter(pk=player_id).first()
    if player is None:
        raise NotFound("not_found", gettext("no such player"))
    return player


def _engine(slug: str):
    try:
        return get_game(slug)
    except UnknownGame:
        return None


def _side_outcome(match: Match, side: int) -> str | None:
    if match.status != MatchStatus.FINISHED:
        return None
    if not match.winners:
        return "drawn"
    return "won" if side in match.winners else "lost"


def player_history_get(
    user: User, player: Player, *, club_id: int | None = None
) -> History:
    history = History(player=player)
    own = permissions.player_of(user)
    clubs = player.clubs.all()
    if own is None or own.pk != player.pk:
        clubs = clubs.filter(memberships__player=own) if own else clubs.none()
    history.clubs = list(clubs.order_by("name"))
    matches = (
        matches_visible_to(user)
        .filter(seats__player=player)
        .distinct()
        .order_by("-started_at", "-id")
    )
    if club_id is not None:
        matches = matches.filter(club_id=club_id)
    by_game: dict[str, Record] = defaultdict(Record)
    partners: dict[str, Record] = defaultdict(Record)
    opponents: dict[str, Record] = defaultdict(Record)
    matches = list(matches)
    deal_points: dict[int, list[Any]] = defaultdict(list)
    for match_id, result in (
        Deal.objects.filter(
            match__in=[m.pk for m in matches if m.status == MatchStatus.FINISHED],
            status=DealStatus.COUNTED,
        )
        .order_by("number")
        .values_list("match_id", "result")
    ):
        deal_points[match_id].append(result or {})
    for match in reversed(matches):  # oldest first: streaks run forwards
        seats = list(match.seats.all())
        side = next(s.side for s in seats if s.player_id == player.pk)
        outcome = _side_outcome(match, side)
        history.matches.insert(
            0,
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
            },
        )
        if outcome is None:
            continue
        record = by_game[match.game.name]
        engine = _engine(match.game_id)
        record.lower_wins = bool(engine and engine.lower_totals_win)
        record.add(outcome)
        if side < len(match.totals or []):
            record.add_total(match.totals[side])
        record.deal_run = 0  # a run of deals won stays within one match
        for result in deal_points[match.pk]:
            points = result.get("points")
            if isinstance(points, list) and side < len(points):
                won = engine is not None and side in engine.deal_winners(
                    points, result.get("detail")
                )
                record.add_deal(points[side], won)
        for s in seats:
            if s.player_id == player.pk:
                continue
            (partners if s.side == side else opponents)[s.player.display_name].add(
                outcome
            )
    # keyed by the engine's English name; read in the reader's language and order
    history.by_game = dict(sorted_by_name(by_game.items(), lambda kv: gettext(kv[0])))
    history.partners = sorted(partners.items(), key=lambda kv: (-kv[1].played, kv[0]))
    history.opponents = sorted(opponents.items(), key=lambda kv: (-kv[1].played, kv[0]))
    return history


def player_rating_list(user: User, player: Player) -> list[dict[str, Any]]:
    """The player's ratings in the clubs ``user`` may read, with their place on
    each club's ranking list."""
    from scoring.selectors.ratings import ranking_get

    rows = Rating.objects.filter(player=player).select_related("club")
    readable = {
        m.club_id for m in Membership.objects.filter(player=permissions.player_of(user))
    }
    names = {
        slug: gettext(name)  # the engine's English name, in the reader's language
        for slug, name in CatalogueEntry.objects.values_list("slug", "name")
    }
    out = []
    for r in rows.order_by("club__name", "game"):
        if r.club_id not in readable:
            continue
        ranked = [x.player_id for x in ranking_get(r.club, r.game)]
        out.append(
            {
                "club": r.club,
                "game": r.game,
                "game_name": names.get(r.game, r.game),
                "mu": round(r.mu, 2),
                "sigma": round(r.sigma, 2),
                "ordinal": round(r.ordinal, 2),
                "matches": r.matches,
                "place": ranked.index(player.pk) + 1,
                "of": len(ranked),
            }
        )
    return out


@dataclass
class MergePreview:
    """What merging ``merge`` into ``keep`` changes, for the confirmation page
    (:func:`scoring.services.player_merge` does it): the merged player's matches
    and their deals move to the kept player, the ratings of the games either has
    a rating in are recomputed, and the merged player's account (if only they
    have one) moves too."""

    keep: Player
    merge: Player
    matches: list[Match]
    deals: int
    # (club, game's name) of every rating recomputed, the kept player's included
    ratings: list[tuple[str, str]]
    account_moves: bool


def player_merge_preview(*, keep: Player, merge: Player) -> MergePreview:
    matches = list(
        Match.objects.filter(seats__player=merge)
        .distinct()
        .select_related("club", "game")
        .order_by("-started_at", "-id")
    )
    deals = Deal.objects.filter(match__in=[m.pk for m in matches]).count()
    names = {
        slug: gettext(name)  # the engine's English name, in the reader's language
        for slug, name in CatalogueEntry.objects.values_list("slug", "name")
    }
    rated = (
        Rating.objects.filter(player__in=[keep, merge])
        .values_list("club__name", "game")
        .distinct()
        .order_by("club__name", "game")
    )
    return MergePreview(
        keep=keep,
        merge=merge,
        matches=matches,
        deals=deals,
        ratings=[(club, names.get(game, game)) for club, game in rated],
        account_moves=bool(merge.user_id and not keep.user_id),
    )
