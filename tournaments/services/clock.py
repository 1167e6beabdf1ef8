"""The round's clock on the room screen: a time limit in minutes, running from the
round's start or from when the director last restarted it."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.errors import DomainError
from tournaments import permissions
from tournaments.models import Round
from tournaments.services._common import require, require_open

#: The longest round a clock counts down (a whole day).
MAX_TIME_LIMIT_MINUTES = 24 * 60


@transaction.atomic
def round_clock_set(
    *,
    round: Round,
    minutes: int | None,
    restart: bool = False,
    by: AbstractBaseUser,
) -> Round:
    """Set (or with ``None`` clear) the round's time limit; ``restart`` starts the
    clock again from now (else it runs from the round's start)."""
    round_ = (
        Round.objects.select_for_update()
        .select_related("stage__tournament")
        .get(pk=round.pk)
    )
    tournament = round_.stage.tournament
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    require_open(tournament)
    if minutes is not None and not 1 <= minutes <= MAX_TIME_LIMIT_MINUTES:
        raise DomainError(
            "invalid_time_limit",
            gettext("a round's time limit is 1 to %(minutes)s minutes")
            % {"minutes": MAX_TIME_LIMIT_MINUTES},
            "time_limit_minutes",
        )
    round_.time_limit_minutes = minutes
    fields = ["time_limit_minutes"]
    if restart:
        round_.clock_started_at = timezone.now()
        fields.append("clock_started_at")
    round_.save(update_fields=fields)
    return round_
