"""The score book: clubs, players, matches, deals and their history.

Terms and invariants (the services in :mod:`scoring.services` are the only writers):

* **Club** — where matches belong. **Player** — a person at the table (display name,
  optionally linked to one user account). **Membership** — a player's role in a club:
  ``admin`` (manages the club), ``scorer`` (starts matches and scores them) or
  ``member`` (reads the club).
* **Match** — one sitting of one game: the game's slug (``game``, a catalogue
  entry), its ``options`` as the engine parsed and dumped them, the **seats** in
  clockwise table order (:class:`Seat`: position, side, player), the ``first_dealer``
  seat, an optional stake (``point_value`` per point in ``currency``), ``status``
  (in progress / finished / abandoned), ``is_public``, ``double_entry`` and the
  players who may score it (``scorers``).
* **Fold cache** — ``totals``, ``leaders``, ``winners``, ``finished`` (the engine says
  the match is decided), ``needs_attention`` (some counted deal is flagged),
  ``next_deal`` (the engine's context for the next deal; its ``number`` is the score
  book's next deal number) and ``state`` (the engine's game-specific state as JSON).
  Never typed in: rebuilt from the stored deals on every write, in the same
  transaction. ``version`` grows by one on every change of the match or its deals.
* **Deal** — one row of the score sheet. ``number`` is the sheet's row number; the
  database holds at most one deal per (match, number) — whatever its status — so two
  scorers cannot both enter deal 5. ``input`` is exactly what was entered; ``result``
  is the engine's :class:`~games.engine.DealScore` as JSON, ``errors`` the engine's
  errors when the deal is flagged, ``totals`` the running totals after it.
  Statuses: ``counted`` and ``flagged`` deals take part in the fold (a flagged deal is
  one the rules reject in the current context: it contributes nothing and the match
  needs attention); ``pending`` (double entry: waits for a second person) and
  ``conflict`` (double entry: two different entries, the second kept in
  ``rival_input``) do not count; ``voided`` deals stay on the sheet, struck through,
  and keep their number.
* **DealRevision** — every entry, correction, void, confirmation and conflict of a
  deal, with who, when, why and the input. Never deleted or changed.
* **MatchEvent** — every finish (by hand or by the rules), abandonment and reopening
  of a match, with who or what did it, when and why. Never deleted or changed.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from config.bounds import STAKE


class Role(models.TextChoices):
    ADMIN = "admin", _("club admin")
    SCORER = "scorer", _("scorer")
    MEMBER = "member", _("member")


def language_choices() -> list[tuple[str, str]]:
    """The site's languages (settings.LANGUAGES), read when asked, not at import."""
    return list(settings.LANGUAGES)


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=64, unique=True)
    time_zone = models.CharField(
        max_length=64,
        default="Europe/Helsinki",
        help_text="IANA name; pages, CSV and print views show times in it.",
    )
    # The language of the club's pages for a reader who has not chosen one with the
    # header's switch; blank: each reader's browser decides (scoring.language).
    language = models.CharField(
        max_length=8,
        blank=True,
        default="",
        choices=language_choices,
        help_text="Blank: each reader's browser decides.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    display_name = models.CharField(max_length=80)
    short_name = models.CharField(
        max_length=12, blank=True, help_text="What the score sheets print, if set."
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    clubs = models.ManyToManyField(Club, through="Membership", related_name="players")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name", "id"]

    def __str__(self) -> str:
        return self.display_name

    @property
    def sheet_name(self) -> str:
        return self.short_name or self.display_name


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    is_guest = models.BooleanField(default=False, help_text="a visitor, not a member")
    retired_at = models.DateTimeField(
        null=True, blank=True, help_text="retired: hidden from pickers, history kept"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "player__display_name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player"], name="scoring_membership_once_per_club"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.get_role_display()}) in {self.club}"


class MatchStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", _("in progress")
    FINISHED = "finished", _("finished")
    ABANDONED = "abandoned", _("abandoned")


class Match(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="matches")
    game = models.ForeignKey(
        "games.CatalogueEntry", on_delete=models.PROTECT, related_name="matches"
    )
    options = models.JSONField(default=dict)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    point_value = models.DecimalField(
        max_digits=12, decimal_places=4, null=True, blank=True
    )
    currency = models.CharField(max_length=3, blank=True)
    status = models.CharField(
        max_length=16, choices=MatchStatus.choices, default=MatchStatus.IN_PROGRESS
    )
    is_public = models.BooleanField(default=False)
    double_entry = models.BooleanField(default=False)
    scorers = models.ManyToManyField(Player, blank=True, related_name="scored_matches")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.TextField(blank=True)
    # The fold cache (see the module docstring).
    totals = models.JSONField(default=list)
    leaders = models.JSONField(default=list)
    winners = models.JSONField(default=list)
    finished = models.BooleanField(default=False)
    needs_attention = models.BooleanField(default=False)
    next_deal = models.JSONField(null=True, blank=True)
    state = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        # The column's bound, held by the database too (config.bounds).
        constraints = [STAKE.constraint("point_value", "match_point_value_in_bounds")]
        ordering = ["-started_at", "-id"]
        verbose_name_plural = "matches"
        indexes = [models.Index(fields=["club", "status"])]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("api:match-detail", kwargs={"match_id": self.pk})

    @property
    def is_open(self) -> bool:
        return self.status == MatchStatus.IN_PROGRESS

    def side_count(self) -> int:
        return len(self.totals) if self.totals else 0


class Seat(models.Model):
    """Seat ``position`` (0 = the first, clockwise) of a match: its side and player."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    side = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "position"], name="scoring_seat_once_per_position"
            )
        ]

    def __str__(self) -> str:
        return f"seat {self.position} (side {self.side}): {self.player}"


class DealStatus(models.TextChoices):
    COUNTED = "counted", _("counted")
    FLAGGED = "flagged", _("flagged")
    PENDING = "pending", _("waiting for confirmation")
    CONFLICT = "conflict", _("conflicting entries")
    VOIDED = "voided", _("voided")


#: Deals that take part in the fold.
FOLDED_STATUSES = (DealStatus.COUNTED, DealStatus.FLAGGED)
#: Deals that hold up the next deal in a double-entry match.
UNSETTLED_STATUSES = (DealStatus.PENDING, DealStatus.CONFLICT)


class Deal(models.Model):
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="deals")
    number = models.PositiveIntegerField()
    input = models.JSONField()
    result = models.JSONField(null=True, blank=True)
    errors = models.JSONField(default=list, blank=True)
    totals = models.JSONField(default=list, blank=True)
    status = models.CharField(
        max_length=16, choices=DealStatus.choices, default=DealStatus.COUNTED
    )
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    rival_input = models.JSONField(null=True, blank=True)
    rival_entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            # One row per deal number: the database, not just the code, guarantees
            # that concurrent submissions of deal 5 produce exactly one deal 5.
            models.UniqueConstraint(
                fields=["match", "number"], name="scoring_deal_once_per_number"
            ),
        ]

    def __str__(self) -> str:
        return f"deal {self.number} of {self.match}"

    @property
    def counts(self) -> bool:
        return self.status in FOLDED_STATUSES

    @property
    def flagged(self) -> bool:
        return self.status == DealStatus.FLAGGED

    @property
    def points(self) -> list[Any] | None:
        return (self.result or {}).get("points")


class RevisionKind(models.TextChoices):
    ENTERED = "entered", _("entered")
    CORRECTED = "corrected", _("corrected")
    VOIDED = "voided", _("voided")
    CONFIRMED = "confirmed", _("confirmed")
    CONFLICTED = "conflicted", _("conflicting entry")


class DealRevision(models.Model):
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="revisions")
    kind = models.CharField(max_length=16, choices=RevisionKind.choices)
    deal_version = models.PositiveIntegerField()
    input = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Entered through the match's table link (no account): ``via`` is "table_link"
    # and ``seat`` the seat the phone said it was, if it said.
    via = models.CharField(max_length=16, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deal", "at", "id"]

    def __str__(self) -> str:
        return f"{self.deal} {self.kind} v{self.deal_version}"


class MatchEventKind(models.TextChoices):
    FINISHED_BY_RULES = "finished_by_rules", _("finished by the rules")
    FINISHED = "finished", _("finished")
    ABANDONED = "abandoned", _("abandoned")
    REOPENED = "reopened", _("reopened")


class MatchEvent(models.Model):
    """One change of a match's status: who or what finished, abandoned or reopened
    it, when and why. Never changed or deleted (the deals' history is
    :class:`DealRevision`).

    ``finished_by_rules``: the fold said the match is over once deal
    ``after_deal`` counted (``by`` is whoever entered or confirmed that deal; a
    table link's phone has no account: ``via`` and ``seat`` say so). ``reopened``
    with an empty ``by`` and a ``reason``: a correction left the match undecided."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=24, choices=MatchEventKind.choices)
    after_deal = models.PositiveIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    via = models.CharField(max_length=16, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "at", "id"]

    def __str__(self) -> str:
        return f"{self.match} {self.kind}"


class IdempotencyKey(models.Model):
    """The first response to a request sent with an ``Idempotency-Key`` header.

    Keys are an account's (``user``) or, for the phones of a table link, which have
    no account, the table's (``match``, with no user)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        null=True,
        blank=True,
    )
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64)
    response_status = models.PositiveSmallIntegerField(default=0)
    response_body = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"], name="scoring_idempotency_key_once_per_user"
            ),
            models.UniqueConstraint(
                fields=["match", "key"],
                condition=models.Q(user__isnull=True),
                name="scoring_idempotency_key_once_per_table",
            ),
        ]
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.key} ({self.user_id})"


# The people's models (merges, ratings) live in scoring/people_models.py. The money
# models are the money app's (money/models.py): the score book does not import them.
# Invitations and table links: scoring/access_models.py. Imports and erasures:
# scoring/portability_models.py.
from scoring.access_models import *  # noqa: E402, F403
from scoring.people_models import *  # noqa: E402, F403
from scoring.portability_models import *  # noqa: E402, F403
