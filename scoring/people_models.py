"""The people's records: the audit trail of player merges.

Imported at the end of :mod:`scoring.models`; the only writer is
:mod:`scoring.players`.

* **PlayerMerge** — one merge of player ``merged_id`` (its name kept in
  ``merged_name``, the row itself is gone) into ``kept``: who, when, in which club,
  and ``moved`` — how many rows of each table that named the merged player now
  name the kept one (``{"scoring.Seat.player": 12, ...}``). Never edited.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PlayerMerge(models.Model):
    club = models.ForeignKey(
        "scoring.Club", on_delete=models.PROTECT, related_name="player_merges"
    )
    kept = models.ForeignKey(
        "scoring.Player", on_delete=models.PROTECT, related_name="merges"
    )
    merged_id = models.BigIntegerField()
    merged_name = models.CharField(max_length=80)
    moved = models.JSONField(default=dict)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.merged_name} (#{self.merged_id}) merged into {self.kept}"


__all__ = ["PlayerMerge"]
