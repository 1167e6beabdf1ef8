"""The money side of the score book: sessions, the ledger, settlement records.

The tables kept the names they had in the score book (``scoring_ledgerentry`` …:
``Meta.db_table``), so moving the models changed no row; the only writer is
:mod:`money.services`.

Terms and invariants

* **Account** — who holds money in the ledger: a person (``player`` account, one per
  :class:`~scoring.models.Player`) or a club's ``pot`` (the settlement clearing
  account: losers pay into it, winners take out of it — the book's average method
  literally, and the two-side method through it), ``house`` (a tournament's house
  fee) or ``prize_pool`` (a tournament's entry fees, out of which prizes are paid).
  An account is a pair (``*_kind``, ``*_player``) on each side of an entry.
* **LedgerEntry** — ``amount`` minor units (ISO 4217 exponent of ``currency``; a
  positive integer, never a float) move from the ``debit`` account (its balance goes
  down: it pays) to the ``credit`` account (it receives). One entry balances by
  construction. Every entry is tied to its **source** (``source_kind`` match, session
  or tournament with ``source_id``) and, for the trail, to the match and deal it
  comes from. ``line`` names the posting within its source (e.g. ``m12:p7``: player 7's
  settlement of match 12) so a recompute can compare what is posted with what should
  be. Entries are **never edited or deleted**: a changed result posts a *reversal*
  (same accounts swapped, ``reverses`` the old entry; at most one reversal per
  entry, a database constraint) and a new entry.
* **Invariant**: for every source, the settlement entries' per-person balances sum to
  exactly minus the pot's balance, and the pot's balance is exactly zero (as much is
  paid into the pot as is taken out). Tournament prize pools keep only what a fixed
  structure leaves ``undistributed``.
* **Session** — several matches of one group of players in one evening (possibly
  different games) in one club and one ``currency``; ``point_value`` is the default
  stake of its matches that carry none; ``team_mode`` how teams settle. Its matches
  (:class:`SessionMatch`) settle in the order played, sharing odd cents fairly.
* **MatchTerms** — a match's money options that the score book does not store: the
  team mode (``per_member`` by default, see ``docs/money.md`` §2) and a flat stake per
  match won (the only stake for win/loss-only games).
* **SettlementRecord** — one per source: the last computation (its ``status``,
  ``errors`` when refused, the ``trail`` back to matches and deals, ``generation`` of
  the request it answers) and the row locked while a recompute runs.
* **PrizeTerms** — a tournament's payout structure and house fee (keyed by the
  tournament's id: scoring never imports tournaments).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.bounds import STAKE


class AccountKind(models.TextChoices):
    PLAYER = "player", _("player")
    POT = "pot", _("pot")
    HOUSE = "house", _("house")
    PRIZE_POOL = "prize_pool", _("prize pool")


class SourceKind(models.TextChoices):
    MATCH = "match", _("match")
    SESSION = "session", _("session")
    TOURNAMENT = "tournament", _("tournament")


class EntryKind(models.TextChoices):
    SETTLEMENT = "settlement", _("settlement")
    PAYMENT = "payment", _("transfer paid")
    ENTRY_FEE = "entry_fee", _("entry fee")
    HOUSE_FEE = "house_fee", _("house fee")
    PRIZE = "prize", _("prize")


class TeamModeChoice(models.TextChoices):
    PER_MEMBER = "per_member", _("each member pays/receives the full amount")
    SPLIT = "split", _("the team's amount is split between its members")


class Session(models.Model):
    club = models.ForeignKey(
        "scoring.Club", on_delete=models.PROTECT, related_name="money_sessions"
    )
    name = models.CharField(max_length=120)
    currency = models.CharField(max_length=3)
    point_value = models.DecimalField(
        max_digits=12, decimal_places=4, null=True, blank=True
    )
    team_mode = models.CharField(
        max_length=16, choices=TeamModeChoice.choices, default=TeamModeChoice.PER_MEMBER
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scoring_session"  # the table kept its name (no copy)
        ordering = ["-created_at", "-id"]
        # The column's bound, held by the database too (config.bounds).
        constraints = [STAKE.constraint("point_value", "session_point_value_in_bounds")]

    def __str__(self) -> str:
        return self.name


class SessionMatch(models.Model):
    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="links")
    match = models.OneToOneField(
        "scoring.Match", on_delete=models.PROTECT, related_name="money_session_link"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scoring_sessionmatch"  # the table kept its name (no copy)
        ordering = ["session", "match__started_at", "match_id"]

    def __str__(self) -> str:
        return f"{self.match} in {self.session}"


class MatchTerms(models.Model):
    match = models.OneToOneField(
        "scoring.Match", on_delete=models.PROTECT, related_name="money_terms"
    )
    team_mode = models.CharField(
        max_length=16, choices=TeamModeChoice.choices, default=TeamModeChoice.PER_MEMBER
    )
    flat_stake = models.DecimalField(
        max_digits=12, decimal_places=4, null=True, blank=True
    )

    class Meta:
        db_table = "scoring_matchterms"  # the table kept its name (no copy)
        verbose_name_plural = "match terms"
        constraints = [
            STAKE.constraint("flat_stake", "matchterms_flat_stake_in_bounds")
        ]

    def __str__(self) -> str:
        return f"money terms of {self.match}"


class LedgerEntry(models.Model):
    club = models.ForeignKey(
        "scoring.Club", on_delete=models.PROTECT, related_name="ledger_entries"
    )
    source_kind = models.CharField(max_length=16, choices=SourceKind.choices)
    source_id = models.BigIntegerField()
    session = models.ForeignKey(
        Session, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    match = models.ForeignKey(
        "scoring.Match",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="ledger_entries",
    )
    deal = models.ForeignKey(
        "scoring.Deal",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    kind = models.CharField(max_length=16, choices=EntryKind.choices)
    line = models.CharField(max_length=120)
    debit_kind = models.CharField(max_length=16, choices=AccountKind.choices)
    debit_player = models.ForeignKey(
        "scoring.Player",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    credit_kind = models.CharField(max_length=16, choices=AccountKind.choices)
    credit_player = models.ForeignKey(
        "scoring.Player",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    amount = models.BigIntegerField(help_text="minor units of the currency")
    currency = models.CharField(max_length=3)
    memo = models.CharField(max_length=255, blank=True)
    reverses = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="reversed_by",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scoring_ledgerentry"  # the table kept its name (no copy)
        ordering = ["id"]
        verbose_name_plural = "ledger entries"
        indexes = [models.Index(fields=["source_kind", "source_id"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gt=0), name="scoring_ledger_amount_positive"
            ),
            models.CheckConstraint(
                condition=(
                    Q(debit_kind="player", debit_player__isnull=False)
                    | (~Q(debit_kind="player") & Q(debit_player__isnull=True))
                )
                & (
                    Q(credit_kind="player", credit_player__isnull=False)
                    | (~Q(credit_kind="player") & Q(credit_player__isnull=True))
                ),
                name="scoring_ledger_player_accounts_name_a_player",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.line}: {self.amount} {self.currency}"

    @property
    def is_reversal(self) -> bool:
        return self.reverses_id is not None


class SettlementStatus(models.TextChoices):
    SETTLED = "settled", _("settled")
    REFUSED = "refused", _("refused (see errors)")


class SettlementRecord(models.Model):
    club = models.ForeignKey(
        "scoring.Club", on_delete=models.PROTECT, related_name="settlement_records"
    )
    source_kind = models.CharField(max_length=16, choices=SourceKind.choices)
    source_id = models.BigIntegerField()
    currency = models.CharField(max_length=3, blank=True)
    status = models.CharField(
        max_length=16,
        choices=SettlementStatus.choices,
        default=SettlementStatus.SETTLED,
    )
    errors = models.JSONField(default=list, blank=True)
    trail = models.JSONField(default=list, blank=True)
    generation = models.BigIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "scoring_settlementrecord"  # the table kept its name (no copy)
        constraints = [
            models.UniqueConstraint(
                fields=["source_kind", "source_id"],
                name="scoring_settlement_once_per_source",
            )
        ]

    def __str__(self) -> str:
        return f"settlement of {self.source_kind} {self.source_id}"


class PrizeTerms(models.Model):
    tournament_id = models.BigIntegerField(unique=True)
    club = models.ForeignKey("scoring.Club", on_delete=models.PROTECT, related_name="+")
    # {"kind": "percentages", "percentages": ["50", "30", "20"]} |
    # {"kind": "fixed", "amounts": ["100.00", ...]} |
    # {"kind": "field_size", "brackets": [{"min": 1, "max": 4, "percentages": [...]}]}
    structure = models.JSONField()
    # null | {"percent": "10"} | {"amount": "5.00"}
    house_fee = models.JSONField(null=True, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "scoring_prizeterms"  # the table kept its name (no copy)
        verbose_name_plural = "prize terms"

    def __str__(self) -> str:
        return f"prize terms of tournament {self.tournament_id}"


__all__ = [
    "AccountKind",
    "EntryKind",
    "LedgerEntry",
    "MatchTerms",
    "PrizeTerms",
    "Session",
    "SessionMatch",
    "SettlementRecord",
    "SettlementStatus",
    "SourceKind",
    "TeamModeChoice",
]
