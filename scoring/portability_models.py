"""The records of data leaving and coming back: club imports and erasures.

Imported at the end of :mod:`scoring.models`; the writers are
:mod:`scoring.portability`.

* **ClubImport** — a club's export read into this database: the export's stable
  ``export_id`` (unique: the same club is not imported twice), the club it became,
  who and when.
* **PersonErasure** — that a person was erased (GDPR Art. 17): the player's id (the
  row stays, under a placeholder name; a plain id like ``PlayerMerge.merged_id``),
  who did it and when. It keeps nothing
  of the erased data: no name, no username, no e-mail.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ClubImport(models.Model):
    export_id = models.CharField(max_length=64, unique=True)
    club = models.ForeignKey(
        "scoring.Club", on_delete=models.CASCADE, related_name="imports"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"import {self.export_id} as club {self.club_id}"


class PersonErasure(models.Model):
    # The id, not a foreign key: a record of the erasure outlives whatever later
    # happens to the row (a merge deletes the merged one), and deleting a player
    # need not look for erasures.
    player_id = models.BigIntegerField(db_index=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"erasure of player {self.player_id}"
