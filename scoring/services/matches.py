"""Matches: start, publish, finish, abandon, reopen, re-fold (see the package
docstring for the invariants; how a match finishes by itself: :mod:`._ends`). A
match's stake is checked against the book (§1.2) at its start."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.api import decimal_check
from config.bounds import STAKE
from games.engine import Game, Table, UnknownGame, get_game
from games.models import CatalogueEntry
from scoring import permissions
from scoring.errors import Conflict, DomainError, NotAllowed
from scoring.models import (
    UNSETTLED_STATUSES,
    Club,
    Match,
    MatchEventKind,
    MatchStatus,
    Player,
    Seat,
)
from scoring.permissions import User
from scoring.services._common import (
    current_state,
    locked_match,
    notify,
    require,
    require_open,
)
from scoring.services._ends import is_open_ended, record
from scoring.services._fold import refold, set_fold
from scoring.stakes import match_stake_check
from scoring.table_links import TableGuest

_CURRENCY = re.compile(r"^[A-Z]{3}$")
#: The longest reason a reopening keeps.
REASON_MAX = 500


@dataclass(frozen=True)
class NewMatch:
    """One match to start: ``seats`` are ``(player, side)`` in clockwise table
    order; ``scorers`` keep score besides the one who starts it."""

    seats: Sequence[tuple[Player, int]]
    options: Mapping[str, Any] | None = None
    first_dealer: int = 0
    scorers: Iterable[Player] = ()


@transaction.atomic
def match_start(
    *,
    club: Club,
    game: str,
    seats: Sequence[tuple[Player, int]],
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    point_value: Decimal | str | None = None,
    currency: str = "",
    is_public: bool = False,
    double_entry: bool = False,
    scorers: Iterable[Player] = (),
    by: User,
) -> Match:
    """Start a match of ``game`` (a registry slug) in ``club``.

    ``seats`` are ``(player, side)`` in clockwise table order. The engine checks the
    options and the table (``OptionsRejected`` / ``SetupRejected``, 400). Every seated
    player and scorer must be a member of the club. ``by`` (a club admin or scorer)
    becomes a scorer of the match when they are a player of the club.
    """
    (match,) = matches_start(
        club=club,
        game=game,
        matches=[NewMatch(seats, options, first_dealer, scorers)],
        point_value=point_value,
        currency=currency,
        is_public=is_public,
        double_entry=double_entry,
        by=by,
    )
    return match


@transaction.atomic
def matches_start(
    *,
    club: Club,
    game: str,
    matches: Sequence[NewMatch],
    point_value: Decimal | str | None = None,
    currency: str = "",
    is_public: bool = False,
    double_entry: bool = False,
    by: User,
) -> list[Match]:
    """Start several matches of ``game`` in ``club`` at once (a tournament round's
    tables), each as :func:`match_start` would, in a number of queries that does
    not grow with the number of matches."""
    require(
        permissions.may_start_match(by, club),
        gettext("only a club admin or scorer starts matches"),
    )
    engine = _game_for_new_match(game)
    members = set(club.memberships.values_list("player_id", flat=True))
    planned = []
    for new in matches:
        _check_seats(new.seats, members)
        table = Table(tuple(int(side) for _p, side in new.seats), int(new.first_dealer))
        planned.append((new, table, engine.start(new.options or {}, table)))
    point_value, currency = _stake(point_value, currency)
    # Book §1.2: known currency, positive value, no per-point stake on a win/loss game.
    match_stake_check(game=engine, point_value=point_value, currency=currency)
    own = permissions.player_of(by)
    started: list[tuple[Match, Sequence[tuple[Player, int]], list[Player]]] = []
    for new, table, state in planned:
        scorer_list = list(new.scorers)
        for i, player in enumerate(scorer_list):
            if player.pk not in members:
                raise DomainError(
                    "not_a_member",
                    gettext("the scorer is not in this club"),
                    f"scorers.{i}",
                )
        if own is not None and own.pk in members:
            scorer_list.append(own)
        match = Match(
            club=club,
            game_id=engine.slug,
            options=state.options.model_dump(mode="json"),
            first_dealer=table.first_dealer,
            point_value=point_value,
            currency=currency,
            is_public=is_public,
            double_entry=double_entry,
            started_by=by,
        )
        # The fold of no deals, stored with the match: its first deal is number 1.
        set_fold(match, engine, state, needs_attention=False, next_number=1)
        started.append((match, new.seats, scorer_list))
    Match.objects.bulk_create([match for match, _seats, _scorers in started])
    Seat.objects.bulk_create(
        Seat(match=match, position=i, side=int(side), player=player)
        for match, seats, _scorers in started
        for i, (player, side) in enumerate(seats)
    )
    Scorer = Match.scorers.through
    Scorer.objects.bulk_create(
        Scorer(match_id=match.pk, player_id=pk)
        for match, _seats, scorers in started
        for pk in dict.fromkeys(p.pk for p in scorers)
    )
    return [match for match, _seats, _scorers in started]


def _check_seats(seats: Sequence[tuple[Player, int]], members: set[int]) -> None:
    seen: set[int] = set()
    for i, (player, _side) in enumerate(seats):
        if player.pk not in members:
            raise DomainError(
                "not_a_member",
                gettext("the player is not in this club"),
                f"seats.{i}.player",
            )
        if player.pk in seen:
            raise DomainError(
                "seated_twice",
                gettext("a player sits at one seat"),
                f"seats.{i}.player",
            )
        seen.add(player.pk)
    if not seats:
        raise DomainError("required", gettext("a match needs seats"), "seats")


@transaction.atomic
def match_update(*, match: Match, is_public: bool, by: User) -> Match:
    """Publish or unpublish a match (its scorers and the club admins)."""
    match = locked_match(match)
    require(
        permissions.may_keep_book(by, match), gettext("you do not score this match")
    )
    if match.is_public != is_public:
        match.is_public = is_public
        match.version += 1
        match.save(update_fields=["is_public", "version", "updated_at"])
    return match


@transaction.atomic
def match_finish(*, match: Match, by: User) -> Match:
    """Close the book of a match: no more entries or corrections.

    A decided match (its fold says it is over) usually finishes by itself as its
    deciding deal counts (:mod:`._ends`); this closes one that did not (reopened by
    the director, say). A game with **no fixed end** (its declaration's
    ``open_ended``: a chip game played until the players stop) is finished here by
    the table: its totals are the result, its leaders the winners, its chips
    settle. Finishing a finished match changes nothing. Who: the match's scorers
    and the director; a table link's phone that said its seat, for a game with no
    fixed end or a decided match. Otherwise a match not decided is abandoned, not
    finished (``not_decided``).
    """
    match = locked_match(match)
    if match.status == MatchStatus.FINISHED and permissions.may_score(by, match):
        # It finished by itself as its deciding deal counted (or a second tap):
        # the scorer's "Finish" has happened, nothing changes.
        return match
    require_open(match)
    game = get_game(match.game_id)
    open_ended = is_open_ended(match, game)
    if isinstance(by, TableGuest):
        require(
            permissions.may_score(by, match), gettext("you do not score this match")
        )
        if by.seat is None:
            raise NotAllowed(
                "seat_required",
                gettext("say which seat you are before finishing the match"),
                "seat",
            )
        if not (open_ended or match.finished):
            raise NotAllowed(
                "table_link",
                gettext(
                    "a table link finishes a game with no fixed end: this match "
                    "ends when its rules decide it"
                ),
            )
    else:
        require(
            permissions.may_keep_book(by, match),
            gettext("you do not score this match"),
        )
    if match.deals.filter(status__in=UNSETTLED_STATUSES).exists():
        raise Conflict(
            "deal_unsettled",
            gettext("a deal waits for confirmation or has conflicting entries"),
            extra=current_state(match),
        )
    if match.needs_attention:
        raise Conflict(
            "needs_attention",
            gettext("a flagged deal must be corrected or voided first"),
        )
    if not match.finished and not open_ended:
        raise Conflict(
            "not_decided",
            gettext("the match is not decided yet; abandon it to stop early"),
            extra=current_state(match),
        )
    match.status = MatchStatus.FINISHED
    match.ended_at = timezone.now()
    if not match.finished:
        match.winners = list(match.leaders or ())  # the totals are the result
    match.version += 1
    match.save(update_fields=["status", "ended_at", "winners", "version", "updated_at"])
    record(match, MatchEventKind.FINISHED, by)
    notify(match)
    return match


@transaction.atomic
def match_abandon(*, match: Match, reason: str = "", by: User) -> Match:
    """Stop a match before it is decided; its deals stay as they are."""
    match = locked_match(match)
    require_open(match)
    require(
        permissions.may_keep_book(by, match), gettext("you do not score this match")
    )
    match.status = MatchStatus.ABANDONED
    match.ended_at = timezone.now()
    match.end_reason = reason.strip()
    match.version += 1
    match.save(
        update_fields=["status", "ended_at", "end_reason", "version", "updated_at"]
    )
    record(match, MatchEventKind.ABANDONED, by, reason=match.end_reason)
    notify(match)
    return match


@transaction.atomic
def match_reopen(*, match: Match, reason: str = "", by: User) -> Match:
    """Open a finished or abandoned match again: its table enters and corrects
    deals as before, and its result no longer counts (standings, money, ratings
    follow) until it is finished again — by the rules on its next deciding deal,
    or by hand. Who: a club admin or the tournament's director
    (:func:`scoring.permissions.may_correct_closed`). The match's history keeps
    who reopened it and why.
    """
    match = locked_match(match)
    require(
        permissions.may_correct_closed(by, match),
        gettext("only a club admin or the tournament's director reopens a match"),
    )
    if match.is_open:
        raise Conflict(
            "match_open",
            gettext("the match is in progress already"),
            extra=current_state(match),
        )
    reason = (reason or "").strip()
    if len(reason) > REASON_MAX:
        raise DomainError(
            "too_long",
            gettext("at most %(count)s characters") % {"count": REASON_MAX},
            "reason",
        )
    match.status = MatchStatus.IN_PROGRESS
    match.ended_at = None
    match.end_reason = ""
    if not match.finished:
        match.winners = []  # the leaders stood in as winners of a closed match
    match.version += 1
    match.save(
        update_fields=[
            "status",
            "ended_at",
            "end_reason",
            "winners",
            "version",
            "updated_at",
        ]
    )
    record(match, MatchEventKind.REOPENED, by, reason=reason)
    notify(match)
    return match


@transaction.atomic
def match_refold(*, match: Match) -> Match:
    """Re-fold a match from its stored deals (after an engine fix, say). Idempotent."""
    match = locked_match(match)
    refold(match, get_game(match.game_id), bump=False)
    notify(match)
    return match


def _game_for_new_match(slug: str) -> Game:
    try:
        engine = get_game(slug)
    except UnknownGame:
        raise DomainError(
            "unknown_game", gettext("no game %(slug)r") % {"slug": slug}, "game"
        ) from None
    entry = CatalogueEntry.objects.filter(slug=engine.slug).first()
    if entry is None:
        CatalogueEntry.objects.create(
            slug=engine.slug,
            name=engine.name,
            source=engine.source,
            summary=engine.summary,
            synced_at=timezone.now(),
        )
    elif not entry.enabled or entry.retired:
        raise DomainError(
            "game_unavailable",
            gettext("%(name)s is not offered here") % {"name": entry.name},
            "game",
        )
    return engine


def _stake(
    point_value: Decimal | str | None, currency: str
) -> tuple[Decimal | None, str]:
    currency = (currency or "").strip().upper()
    if point_value in (None, ""):
        # A currency alone is allowed: the match is then played for a flat stake
        # per match won (set with the money terms), e.g. a win/loss-only game.
        if currency and not _CURRENCY.match(currency):
            raise DomainError(
                "invalid", gettext("a three-letter currency code"), "currency"
            )
        return None, currency
    value = decimal_check(point_value, STAKE, "point_value")
    if not _CURRENCY.match(currency):
        raise DomainError(
            "invalid", gettext("a three-letter currency code"), "currency"
        )
    return value, currency


def match_bump(*, match: Match) -> None:
    """Say that something a layer above shows with the match changed — its money
    terms (a flat stake, the team mode), which the score book does not store.

    The match's ``updated_at`` moves: its live sheet's ETag covers it, so a polling
    sheet reads the page again (and its settlement link appears), and the money's
    catch-up sees the match as changed since its settlement. ``version`` stays: no
    deal changed, so no scorer's form goes stale. No permission of its own: the
    caller's service has checked who changed what."""
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now())
