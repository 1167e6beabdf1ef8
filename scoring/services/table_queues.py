"""What a table's phone says about the deals waiting on it (issue 31).

A phone keeps the deals entered without a network (``static/js/offline-queue.js``)
and the server cannot see them. Whenever the phone reaches the server it reports
its queue for the match whose sheet it shows: how many deals wait and since when
(the oldest one's entry on the phone). :func:`table_queue_record` keeps the last
report per match and reporter (:class:`~scoring.models.PhoneQueue`); the room
screen and the director's page read them (:mod:`scoring.selectors.table_queues`).

Who reports: the match's scorers (an account) and a valid table link's phone with
its seat, the same people who may enter its deals — nobody else leaves a mark on a
table (403, and nothing is stored). The report is a fact about the phone, not
about the score: it changes no deal, no total and no version of the match.

``changed_at`` moves only when what the pages show changes — the count, the
minute the oldest deal was entered, or a phone heard again after a silence of
:data:`~scoring.selectors.table_queues.QUIET` — so that a phone's regular "still
here" leaves the live pages' stamp (and their 304s) alone.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring import permissions
from scoring.errors import DomainError
from scoring.models import Match, PhoneQueue
from scoring.permissions import User
from scoring.selectors.table_queues import QUIET
from scoring.services._common import require, require_seat
from scoring.table_links import TableGuest

#: More deals than any evening has: a report above it is not a phone's.
MAX_WAITING = 999
#: A phone's clock is trusted for the oldest deal's time, within a day back.
OLDEST = timedelta(days=1)


def _reporter(by: User) -> str:
    if isinstance(by, TableGuest):
        return f"seat:{by.seat}"
    return f"user:{by.pk}"


def _minute(when: datetime | None) -> datetime | None:
    return when.replace(second=0, microsecond=0) if when else None


@transaction.atomic
def table_queue_record(
    *, match: Match, waiting: int, since: datetime | None = None, by: User
) -> PhoneQueue:
    """Keep ``by``'s phone's report on ``match``: ``waiting`` deals, the oldest
    entered at ``since`` (the phone's clock, kept within the last day and never
    later than now). ``waiting`` 0 clears the mark."""
    require_seat(by)
    require(permissions.may_score(by, match), gettext("you do not score this match"))
    if isinstance(waiting, bool) or not 0 <= waiting <= MAX_WAITING:
        raise DomainError(
            "out_of_range",
            gettext("between 0 and %(most)d") % {"most": MAX_WAITING},
            "waiting",
        )
    now = timezone.now()
    since = None if waiting == 0 else min(max(since or now, now - OLDEST), now)
    guest = isinstance(by, TableGuest)
    row, created = PhoneQueue.objects.select_for_update().get_or_create(
        match=match,
        reporter=_reporter(by),
        defaults={
            "by": None if guest else by,
            "seat": by.seat if guest else None,
            "waiting": waiting,
            "waiting_since": since,
            "reported_at": now,
            "changed_at": now,
        },
    )
    if created:
        return row
    if (
        row.waiting != waiting
        or _minute(row.waiting_since) != _minute(since)
        or row.reported_at < now - QUIET
    ):
        row.changed_at = now
    row.waiting = waiting
    row.waiting_since = since
    row.reported_at = now
    row.save(update_fields=["waiting", "waiting_since", "reported_at", "changed_at"])
    return row
