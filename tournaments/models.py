"""Tournaments on the score book: events, entries, stages, rounds, tables, standings.

Terms and invariants (:mod:`tournaments.services` is the only writer):

* **Tournament** — an event of one game (``game`` is a registry slug, ``options`` the
  game's options for every table) run in a club by its ``directors``. ``visibility``
  is ``draft`` (directors and club members only) or ``published`` (anyone, no
  login). ``tiebreaks`` is the director's ordered list of standings metric keys
  (:data:`tournaments.ranking.METRICS`); ``points`` holds the match-point values
  (win/draw/loss/bye, placement points). ``entry_fee``/``entry_fee_currency`` are
  for the money side (prize pools).
* **Entry** — what is ranked: one player, or a fixed team/partnership (its
  ``members``, in seat order). Withdrawing sets ``withdrawn_at``; the entry and its
  results stay.
* **Stage** — one format (``round_robin``, ``swiss``, ``knockout``,
  ``partner_rotation``, ``multi_table``, ``duplicate``, ``groups``) with its
  ``settings``; a later stage may take the ``source_top_n`` best of its
  ``source_stage`` — of *each group* when the source is a ``groups`` stage.
  ``entry_ids`` is the stage's field, fixed when its first round is generated.
* **Round** → **Table** → **TableSide** (which entries sit on which side; the
  table's ``lineup`` holds the same as one small JSON list, written by the same
  service functions, so that standings read a whole event in one query). A round is
  ``generated`` (the director may still swap seats), ``started`` (every table has its
  scoring :class:`~scoring.models.Match`), ``locked`` (its results are final for
  pairing the next round) and ``finished`` (the tournament is closed). The pure
  format's reasons are kept as JSON (``explanation``) for the director.
* **Standings** — one snapshot per tournament: per stage, the metrics and rows
  computed from the stored match results. ``generation`` is the number of the
  recompute request it answers; a recompute only writes if its generation is newer
  (compare-and-set in one UPDATE), so a late, stale run never overwrites a fresher
  one. ``source_version`` is the sum of the tournament's match versions it was
  computed from: when the live sum differs, the snapshot is out of date (the pending
  marker, and what the periodic reconcile looks for).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from config.bounds import ENTRY_FEE
from scoring.game_names import game_name


class JSONDocumentField(models.TextField):
    """A JSON value stored as its text: written whole, read whole, never queried.

    The standings snapshot is such a document, a few hundred kilobytes for a big
    event and rewritten on every recompute. PostgreSQL would parse a ``jsonb``
    value into its binary form on each write, which measured as half the cost of
    writing the snapshot; as text it is stored as it comes.
    """

    def from_db_value(self, value: str | None, expression: Any, connection: Any) -> Any:
        return None if value is None else json.loads(value)

    def to_python(self, value: Any) -> Any:
        return json.loads(value) if isinstance(value, str) else value

    def get_prep_value(self, value: Any) -> str | None:
        if value is None:
            return None
        # Values are plain JSON trees built by Kirjuri (a cycle would still fail,
        # with RecursionError); not tracking every container for cycles saves
        # ~15 % of encoding a large snapshot.
        return json.dumps(
            value, separators=(",", ":"), ensure_ascii=False, check_circular=False
        )

    def value_to_string(self, obj: models.Model) -> str:
        return self.get_prep_value(self.value_from_object(obj)) or ""


class Visibility(models.TextChoices):
    DRAFT = "draft", _("draft")
    PUBLISHED = "published", _("published")


class TournamentStatus(models.TextChoices):
    OPEN = "open", _("open")
    RUNNING = "running", _("running")
    CLOSED = "closed", _("closed")


class Tournament(models.Model):
    club = models.ForeignKey(
        "scoring.Club", on_delete=models.PROTECT, related_name="tournaments"
    )
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=64)
    options = models.JSONField(default=dict, blank=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="directed_tournaments"
    )
    visibility = models.CharField(
        max_length=16, choices=Visibility.choices, default=Visibility.DRAFT
    )
    status = models.CharField(
        max_length=16, choices=TournamentStatus.choices, default=TournamentStatus.OPEN
    )
    tiebreaks = models.JSONField(default=list)
    points = models.JSONField(default=dict, blank=True)
    entry_fee = models.DecimalField(
        max_digits=12, decimal_places=2, null=True, blank=True
    )
    entry_fee_currency = models.CharField(max_length=3, blank=True)
    # The number of the latest standings recompute requested (see Standings).
    standings_generation = models.PositiveBigIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        # The column's bound, held by the database too (config.bounds).
        constraints = [
            ENTRY_FEE.constraint("entry_fee", "tournament_entry_fee_in_bounds")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:public", kwargs={"tournament_id": self.pk})

    @property
    def is_published(self) -> bool:
        return self.visibility == Visibility.PUBLISHED

    @property
    def game_name(self) -> str:
        """The game's name as the reader's language writes it."""
        return game_name(self.game)


class Entry(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries"
    )
    name = models.CharField(max_length=120)
    seed = models.PositiveIntegerField()
    members = models.ManyToManyField(
        "scoring.Player", through="EntryMember", related_name="tournament_entries"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["tournament", "seed", "id"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "seed"], name="tournaments_entry_seed_once"
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.withdrawn_at is None


class EntryMember(models.Model):
    """A player of an entry, in seat order (``position``) for fixed partnerships."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="lineup")
    player = models.ForeignKey(
        "scoring.Player", on_delete=models.PROTECT, related_name="+"
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["entry", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "player"], name="tournaments_member_once_per_entry"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.entry}"


class StageFormat(models.TextChoices):
    ROUND_ROBIN = "round_robin", _("round robin")
    SWISS = "swiss", _("Swiss")
    KNOCKOUT = "knockout", _("knockout")
    PARTNER_ROTATION = "partner_rotation", _("partner rotation")
    MULTI_TABLE = "multi_table", _("multi-player tables")
    DUPLICATE = "duplicate", _("duplicate")
    GROUPS = "groups", _("groups")


class Stage(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="stages"
    )
    order = models.PositiveSmallIntegerField(default=1)
    name = models.CharField(max_length=120)
    format = models.CharField(max_length=24, choices=StageFormat.choices)
    settings = models.JSONField(default=dict, blank=True)
    source_stage = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    source_top_n = models.PositiveIntegerField(null=True, blank=True)
    # The stage's field in seed order, fixed when its first round is generated.
    entry_ids = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["tournament", "order", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "order"], name="tournaments_stage_order_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.name}"


class RoundStatus(models.TextChoices):
    GENERATED = "generated", _("generated")
    STARTED = "started", _("started")
    LOCKED = "locked", _("locked")
    FINISHED = "finished", _("finished")


class Round(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=16, choices=RoundStatus.choices, default=RoundStatus.GENERATED
    )
    # The pure format's explanation: messages, byes (entry, scores, reasons), and
    # per-table reasons are on the tables.
    explanation = models.JSONField(default=dict, blank=True)
    generated_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    # The round's clock on the room screen: it runs from ``clock_started_at`` (the
    # round's start unless the director restarts it) for ``time_limit_minutes``.
    time_limit_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["stage", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "number"], name="tournaments_round_once_per_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.stage} round {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    match = models.OneToOneField(
        "scoring.Match",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_table",
    )
    reasons = models.JSONField(default=list, blank=True)
    # The sides' entries as the pairing seated them, side by side in slot order
    # ([[12], [34]]): the same as the table's TableSides, kept by the services that
    # write those. Standings read a whole event's tables in one query from it.
    lineup = JSONDocumentField(default=list, blank=True)
    # Duplicate formats: the deal (board) ids played here.
    deal_ids = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="tournaments_table_once_per_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class TableSide(models.Model):
    """Entry ``entry`` plays on ``side`` (0 = first) of ``table``; ``slot`` orders a
    side's entries (partners of a rotation)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="sides")
    side = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField(default=0)
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["table", "side", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "entry"], name="tournaments_entry_once_per_table"
            )
        ]

    def __str__(self) -> str:
        return f"{self.entry} on side {self.side} of {self.table}"


class Standings(models.Model):
    """The latest standings snapshot of a tournament (see the module docstring)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="standings"
    )
    generation = models.PositiveBigIntegerField(default=0)
    source_version = models.BigIntegerField(default=-1)
    computed_at = models.DateTimeField(null=True, blank=True)
    # [{"stage": id, "name": ..., "metrics": [...], "rows": [...]}] in stage order.
    stages = JSONDocumentField(default=list)

    class Meta:
        verbose_name_plural = "standings"

    def __str__(self) -> str:
        return f"standings of {self.tournament} (generation {self.generation})"


class GenerationStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")


#: A job in one of these is active: at most one per stage.
GENERATION_ACTIVE = (GenerationStatus.QUEUED, GenerationStatus.RUNNING)


class RoundGeneration(models.Model):
    """A director's request to generate a stage's next round, run off the request
    by a task (``tournaments.round_generation_compute``): ``queued`` until a worker
    takes it, ``running`` while the format searches, then ``done`` with the stored
    ``round`` or ``failed`` with the error's ``error_code`` and ``error_message``
    (in ``language``, the language of the director who asked). At most one active
    (queued or running) job per stage: a second click finds the first job."""

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="generations"
    )
    number = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=16, choices=GenerationStatus.choices, default=GenerationStatus.QUEUED
    )
    round = models.OneToOneField(
        Round, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    error_code = models.CharField(max_length=64, blank=True)
    error_message = models.TextField(blank=True)
    language = models.CharField(max_length=16, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # How many runs took the job (a second one: sent again, or after a crash).
    runs = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["stage", "-requested_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["stage"],
                condition=models.Q(status__in=["queued", "running"]),
                name="tournaments_one_active_generation_per_stage",
            )
        ]

    def __str__(self) -> str:
        return f"{self.stage} round {self.number}: {self.status}"

    @property
    def is_active(self) -> bool:
        return self.status in GENERATION_ACTIVE
