"""The tournaments' writers: events, entries, rounds, and the standings snapshot.

Every function is keyword-only, typed and one transaction, takes the acting user as
``by`` and checks :mod:`tournaments.permissions` itself. Invariants:

* **The pure core decides, the services store.** ``round_generate`` loads the stage's
  field and history from the database, calls the stage's format in
  :mod:`tournaments.formats` (no database access there) and stores its tables, sides
  and reasons. A :class:`~tournaments.formats.base.FormatError` becomes a 400. It is
  the one service that is not one transaction: the format's search runs outside any
  (on SQLite a write transaction holds every other writer), and the round is stored
  in a short one that checks the inputs' fingerprint is unchanged.
* **Every table is a score-book match.** ``round_start`` creates one through
  :func:`scoring.services.match_start` per table; results are the matches' results
  and are corrected through the score book (:func:`table_deal_correct`).
* **Standings are computed, never typed.** A recompute request increments
  ``tournament.standings_generation`` and carries the new number;
  :func:`standings_recompute` computes from the stored results and writes the snapshot
  with one compare-and-set UPDATE (``WHERE generation < mine``): it is idempotent, and
  a stale run can never overwrite a newer one. Result changes reach us through
  ``settings.KIRJURI_RESULT_CHANGED_TASKS`` (``tournaments.match_result_notify``);
  :func:`standings_reconcile` catches anything missed (the periodic beat task).
  Requests run ``KIRJURI_STANDINGS_DEBOUNCE_SECONDS`` late and an overtaken one skips,
  so a burst of results costs one recompute; an overtaken run computes anyway once
  the snapshot has lacked a result for ``KIRJURI_STANDINGS_MAX_WAIT_SECONDS``.
* A round is generated only when the stage's previous round is locked; a round is
  adjusted only while generated, and locked only when all its matches are over.

Modules, by noun: :mod:`.events` (a tournament's life cycle, its points and
tie-breaks), :mod:`.entries` (entries and withdrawals), :mod:`.stages` (stages, their
settings and fields), :mod:`.generation` (a stage's next round from its format),
:mod:`.rounds` (generate, adjust, start, lock, unlock), :mod:`.generations`
(generating as a job, run by a task, off the director's request), :mod:`.offload`
(a big field's search in a child process), :mod:`.clock` (the round's
time limit on the room screen), :mod:`.tables` (a director's
corrections through the score book), :mod:`.standings` (the snapshot's recompute),
:mod:`.common` (guards they share).
``from tournaments import services`` and ``services.<name>`` reach every service.
"""

from tournaments.formats.registry import MAX_DEALS_PER_STANZA
from tournaments.services.clock import round_clock_set
from tournaments.services.entries import (
    entries_add,
    entry_withdraw,
)
from tournaments.services.events import (
    POINT_BOUND,
    director_add,
    placement_parse,
    tournament_close,
    tournament_create,
    tournament_publish,
    tournament_unpublish,
    tournament_update,
)
from tournaments.services.generations import (
    round_generation_compute,
    round_generation_reconcile,
    round_generation_request,
)
from tournaments.services.rounds import (
    round_adjust,
    round_generate,
    round_lock,
    round_start,
    round_unlock,
)
from tournaments.services.stages import (
    stage_add,
)
from tournaments.services.standings import (
    match_result_notify,
    standings_bump,
    standings_recompute,
    standings_reconcile,
    standings_request,
)
from tournaments.services.tables import (
    table_deal_correct,
    table_deal_void,
)

__all__ = [
    "MAX_DEALS_PER_STANZA",
    "POINT_BOUND",
    "director_add",
    "entries_add",
    "entry_withdraw",
    "match_result_notify",
    "placement_parse",
    "round_adjust",
    "round_clock_set",
    "round_generate",
    "round_generation_compute",
    "round_generation_reconcile",
    "round_generation_request",
    "round_lock",
    "round_start",
    "round_unlock",
    "stage_add",
    "standings_bump",
    "standings_recompute",
    "standings_reconcile",
    "standings_request",
    "table_deal_correct",
    "table_deal_void",
    "tournament_close",
    "tournament_create",
    "tournament_publish",
    "tournament_unpublish",
    "tournament_update",
]
