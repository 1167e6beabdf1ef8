"""A tournament's life cycle: create, update, publish, co-directors, close; and
the match points, tie-breaks and entry fee it is created with, checked here."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.api import decimal_check, name_check
from config.bounds import ENTRY_FEE
from games.engine import UnknownGame, get_game
from scoring.errors import Conflict, DomainError
from scoring.models import Club
from tournaments import permissions
from tournaments.formats.registry import FORMATS
from tournaments.formats.spec import DEFAULT_TIEBREAKS
from tournaments.models import (
    Round,
    RoundStatus,
    StageFormat,
    Standings,
    Tournament,
    TournamentStatus,
    Visibility,
)
from tournaments.services._common import (
    metric_keys_checked,
    require,
    require_open,
    tournament_lock,
)
from tournaments.services.stages import _stage_create
from tournaments.services.standings import standings_request

_CURRENCY = re.compile(r"^[A-Z]{3}$")


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    name: str,
    game: str,
    options: Mapping[str, Any] | None = None,
    format: str = StageFormat.SWISS,
    stage_settings: Mapping[str, Any] | None = None,
    tiebreaks: Sequence[str] | None = None,
    points: Mapping[str, Any] | None = None,
    entry_fee: Decimal | str | None = None,
    entry_fee_currency: str = "",
    visibility: str = Visibility.DRAFT,
    by: AbstractBaseUser,
) -> Tournament:
    """A new tournament of ``game`` in ``club`` with one stage of ``format``.

    ``by`` (a club admin or scorer) becomes its director.
    """
    require(
        permissions.may_create(by, club), gettext("only a club admin or scorer may")
    )
    name = name.strip()
    if not name:
        raise DomainError("required", gettext("a tournament needs a name"), "name")
    name_check(name, "name", max_length=120)
    try:
        engine = get_game(game)
    except UnknownGame:
        raise DomainError(
            "unknown_game", gettext("no game %(game)r") % {"game": game}, "game"
        ) from None
    parsed = engine.parse_options(dict(options or {}))
    fee, currency = _fee(entry_fee, entry_fee_currency)
    tournament = Tournament.objects.create(
        club=club,
        name=name[:120],
        game=engine.slug,
        options=parsed.model_dump(mode="json"),
        visibility=Visibility(visibility),
        tiebreaks=_tiebreaks(
            tiebreaks if tiebreaks is not None else _format_tiebreaks(format)
        ),
        points=_points(points),
        entry_fee=fee,
        entry_fee_currency=currency,
        created_by=by,
    )
    tournament.directors.add(by)
    _stage_create(tournament, format, stage_settings or {}, order=1, name="")
    Standings.objects.create(tournament=tournament)
    return tournament


@transaction.atomic
def tournament_update(
    *,
    tournament: Tournament,
    name: str | None = None,
    tiebreaks: Sequence[str] | None = None,
    points: Mapping[str, Any] | None = None,
    visibility: str | None = None,
    by: AbstractBaseUser,
) -> Tournament:
    """Rename, reorder tie-breaks, change match points or publish/unpublish."""
    tournament = tournament_lock(tournament)
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    fields = []
    if name is not None:
        if not name.strip():
            raise DomainError("required", gettext("a tournament needs a name"), "name")
        tournament.name = name_check(name.strip(), "name", max_length=120)
        fields.append("name")
    if tiebreaks is not None:
        tournament.tiebreaks = _tiebreaks(tiebreaks)
        fields.append("tiebreaks")
    if points is not None:
        tournament.points = _points(points)
        fields.append("points")
    if visibility is not None:
        tournament.visibility = Visibility(visibility)
        fields.append("visibility")
    if fields:
        tournament.save(update_fields=fields)
    if tiebreaks is not None or points is not None:
        standings_request(tournament_id=tournament.pk)
    return tournament


def tournament_publish(
    *, tournament: Tournament, published: bool = True, by: AbstractBaseUser
) -> Tournament:
    """Publish the tournament (``published=False``: back to a draft)."""
    visibility = Visibility.PUBLISHED if published else Visibility.DRAFT
    return tournament_update(tournament=tournament, visibility=visibility, by=by)


def tournament_unpublish(*, tournament: Tournament, by: AbstractBaseUser) -> Tournament:
    """Back to a draft: only the club's members and the directors see it."""
    return tournament_publish(tournament=tournament, published=False, by=by)


@transaction.atomic
def director_add(
    *, tournament: Tournament, user: AbstractBaseUser, by: AbstractBaseUser
) -> None:
    """Add a co-director; they must be an admin or scorer of the club."""
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    if not permissions.may_create(user, tournament.club_id):
        raise DomainError(
            "not_club_scorer",
            gettext("a director is an admin or scorer of the club"),
            "user",
        )
    tournament.directors.add(user)


@transaction.atomic
def tournament_close(*, tournament: Tournament, by: AbstractBaseUser) -> Tournament:
    """End the tournament: every round must be locked; standings are final."""
    tournament = tournament_lock(tournament)
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    require_open(tournament)
    open_rounds = Round.objects.filter(stage__tournament=tournament).exclude(
        status__in=[RoundStatus.LOCKED, RoundStatus.FINISHED]
    )
    if open_rounds.exists():
        raise Conflict(
            "rounds_open", gettext("lock every round before closing the tournament")
        )
    Round.objects.filter(stage__tournament=tournament).update(
        status=RoundStatus.FINISHED
    )
    tournament.status = TournamentStatus.CLOSED
    tournament.closed_at = timezone.now()
    tournament.save(update_fields=["status", "closed_at"])
    standings_request(tournament_id=tournament.pk)
    return tournament


def _format_tiebreaks(format: str) -> list[str] | None:
    """The tie-break chain of the tournament's first format (checked with the
    stage; an unknown format is refused there)."""
    spec = FORMATS.get(str(format))
    return list(spec.default_tiebreaks) if spec is not None else None


def _tiebreaks(keys: Sequence[str] | None) -> list[str]:
    if keys is None:
        return list(DEFAULT_TIEBREAKS)
    keys = metric_keys_checked(keys, "tiebreaks")
    if "bracket_place" in keys:
        raise DomainError(
            "knockout_only",
            gettext(
                "bracket_place ranks a knockout stage: set it in that stage's tiebreaks"
            ),
            f"tiebreaks.{keys.index('bracket_place')}",
        )
    return keys


_POINT_KEYS = {"win", "draw", "loss", "bye", "placement", "lower_wins"}
POINT_BOUND = 1000
"""Match points (win, draw, loss, bye, by place) lie in ``-POINT_BOUND…POINT_BOUND``."""


def _whole_points(value: Any) -> bool:
    return type(value) is int and -POINT_BOUND <= value <= POINT_BOUND


def _points(points: Mapping[str, Any] | None) -> dict[str, Any]:
    points = dict(points or {})
    for key in points:
        if key not in _POINT_KEYS:
            raise DomainError(
                "unknown_key",
                gettext("choose from %(keys)s") % {"keys": sorted(_POINT_KEYS)},
                key,
            )
    for key in ("win", "draw", "loss", "bye"):
        if key in points and not _whole_points(points[key]):
            raise DomainError(
                "invalid",
                gettext("a whole number of points, at most %(bound)s either way")
                % {"bound": POINT_BOUND},
                f"points.{key}",
            )
    placement = points.get("placement")
    if isinstance(placement, dict):
        if not placement:
            raise DomainError(
                "invalid",
                gettext("points by place for at least one table size"),
                "points.placement",
            )
        for size, by_place in placement.items():
            path = f"points.placement.{size}"
            if not (
                isinstance(size, str)
                and size.isascii()
                and size.isdigit()
                and 2 <= int(size) <= 99
            ):
                raise DomainError(
                    "invalid", gettext("a table size: a number of players"), path
                )
            if not _points_by_place(by_place):
                raise DomainError("invalid", gettext("a list of points by place"), path)
    elif placement is not None and not _points_by_place(placement):
        raise DomainError(
            "invalid",
            gettext("a list of points by place, or such lists by table size"),
            "points.placement",
        )
    if "lower_wins" in points and not isinstance(points["lower_wins"], bool):
        raise DomainError("invalid", gettext("true or false"), "points.lower_wins")
    return points


def _points_by_place(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= 99
        and all(_whole_points(p) for p in value)
    )


def placement_parse(text: str) -> list[int] | dict[str, list[int]] | None:
    """Placement points as a director types them on the page: ``4, 2, 1, 0`` for
    every table, or per table size ``4: 4, 2, 1, 0; 3: 3, 1, 0``. Empty: none."""

    def numbers(part: str, path: str) -> list[int]:
        try:
            return [int(p) for p in part.split(",") if p.strip()]
        except ValueError:
            raise DomainError(
                "invalid", gettext("whole numbers separated by commas"), path
            ) from None

    text = (text or "").strip()
    if not text:
        return None
    if ":" not in text:
        return numbers(text, "placement")
    by_size: dict[str, list[int]] = {}
    for part in filter(str.strip, text.split(";")):
        size, _, by_place = part.partition(":")
        size = size.strip()
        if not by_place or not (size.isascii() and size.isdigit()):
            raise DomainError(
                "invalid",
                gettext("per table size as 'size: points, …; size: …'"),
                "placement",
            )
        by_size[size] = numbers(by_place, f"placement.{size}")
    return by_size


def _fee(amount: Decimal | str | None, currency: str) -> tuple[Decimal | None, str]:
    if amount in (None, ""):
        return None, ""
    value = decimal_check(amount, ENTRY_FEE, "entry_fee")
    currency = (currency or "").strip().upper()
    if not _CURRENCY.match(currency):
        raise DomainError(
            "invalid", gettext("a three-letter currency"), "entry_fee_currency"
        )
    return value, currency
