"""People at the tables without setup: invitations and table links.

* **Invitation** — a club admin's offer of a role in the club, by link or QR code,
  optionally for an existing player (who has no account yet). It is single-use
  (``max_uses`` 1) or capped, expires at ``expires_at``, and can be revoked
  (``revoked_at``). Invitations are never deleted: revoking marks them.
  ``token`` is the secret of the link (``/invite/<token>/``). An invitation with an
  ``invitee`` is addressed to that existing account only (a club admin "adds" an
  account this way: the person accepts or declines it on their own page, and only
  they may accept it); a declined one keeps ``declined_at``.
* **InvitationAcceptance** — one account that accepted an invitation, and the player
  it was linked to. Their count is the invitation's uses.
* **TableLinkRevocation** — a table link of a match withdrawn before it expired. A
  table link is not stored: it is the match's id and the number of its revocations,
  signed (:mod:`scoring.table_links`); a revocation makes every link issued before it
  invalid. Kept for the record (who, when, why).
* **PhoneQueue** — what a table's phone last said about the deals waiting on it
  (issue 31): how many, since when, and when it said so. The server cannot see a
  phone without a network; whenever the phone reaches the server it reports its
  queue (:func:`scoring.services.phone_queue_report`), one row per match and
  reporter (an account, ``user:<id>``, or a table link's seat, ``seat:<n>``), and
  the room screen and the director's page read the rows
  (:func:`scoring.selectors.phone_queue_list`). ``changed_at`` moves only when
  what the pages show changes (the count, the time, a phone heard again after a
  silence), so a phone's regular "still here" does not make every live page
  render again.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

__all__ = ["Invitation", "InvitationAcceptance", "PhoneQueue", "TableLinkRevocation"]


class Invitation(models.Model):
    club = models.ForeignKey(
        "scoring.Club", on_delete=models.PROTECT, related_name="invitations"
    )
    role = models.CharField(max_length=16, default="member")
    player = models.ForeignKey(
        "scoring.Player",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="invitations",
        help_text="the player the accepting account is linked to (optional)",
    )
    token = models.CharField(max_length=64, unique=True)
    max_uses = models.PositiveSmallIntegerField(default=1)
    expires_at = models.DateTimeField()
    note = models.CharField(max_length=120, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="club_invitations",
        help_text="the only account that may accept it (optional)",
    )
    declined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"invitation {self.pk} to {self.club_id} as {self.role}"

    def state(self, uses: int, now=None) -> str:
        """``open``, ``revoked``, ``declined``, ``expired`` or ``used`` (``uses``
        accepted)."""
        if self.revoked_at is not None:
            return "revoked"
        if self.declined_at is not None:
            return "declined"
        if (now or timezone.now()) >= self.expires_at:
            return "expired"
        if uses >= self.max_uses:
            return "used"
        return "open"


class InvitationAcceptance(models.Model):
    invitation = models.ForeignKey(
        Invitation, on_delete=models.PROTECT, related_name="acceptances"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    player = models.ForeignKey(
        "scoring.Player", on_delete=models.PROTECT, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["invitation", "at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["invitation", "user"], name="scoring_invitation_once_per_user"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} accepted {self.invitation_id}"


class TableLinkRevocation(models.Model):
    match = models.ForeignKey(
        "scoring.Match", on_delete=models.PROTECT, related_name="table_link_revocations"
    )
    reason = models.CharField(max_length=200, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "at", "id"]

    def __str__(self) -> str:
        return f"table link of {self.match_id} revoked"


class PhoneQueue(models.Model):
    match = models.ForeignKey(
        "scoring.Match", on_delete=models.CASCADE, related_name="phone_queues"
    )
    #: who reports: ``user:<id>`` (an account) or ``seat:<n>`` (a table link's seat)
    reporter = models.CharField(max_length=32)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    waiting = models.PositiveSmallIntegerField(default=0)
    #: when the oldest waiting deal was entered on the phone (``None``: none waits)
    waiting_since = models.DateTimeField(null=True, blank=True)
    reported_at = models.DateTimeField()
    changed_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "reporter"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "reporter"], name="scoring_phone_queue_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.reporter} at {self.match_id}: {self.waiting} waiting"
