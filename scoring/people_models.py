"""The people's records: the audit trail of player merges, and ratings.

Imported at the end of :mod:`scoring.models`; the only writer is
:mod:`scoring.services.players`.

* **PlayerMerge** — one merge of player ``merged_id`` (its name kept in
  ``merged_name``, the row itself is gone) into ``kept``: who, when, in which club,
  and ``moved`` — how many rows of each table that named the merged player now
  name the kept one (``{"scoring.Seat.player": 12, ...}``). Never edited.
* **Rating** — a player's Weng-Lin (openskill) rating in one game (``game``: the
  match's game slug) at one club: ``mu`` and ``sigma``, the ``matches`` it counts.
  ``ordinal`` (mu − 3σ) orders a ranking list. Derived data: rebuilt from the
  finished matches by :func:`scoring.services.ratings_recompute` at any time.
* **RatedMatch** — a finished match that the ratings of its club and game count:
  its place in the order (``ended_at``, match id) and the ``outcome`` applied (the
  players of each side and their ranks), so a notification delivered twice changes
  nothing and a changed result is noticed.
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


class Rating(models.Model):
    club = models.ForeignKey(
        "scoring.Club", on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=64)
    player = models.ForeignKey(
        "scoring.Player", on_delete=models.CASCADE, related_name="ratings"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    matches = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["club", "game", "-mu", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "game", "player"], name="scoring_rating_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.game}: {self.mu:.2f} ± {self.sigma:.2f}"

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


class RatedMatch(models.Model):
    match = models.OneToOneField(
        "scoring.Match", on_delete=models.CASCADE, related_name="+"
    )
    club = models.ForeignKey("scoring.Club", on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=64)
    ended_at = models.DateTimeField()
    outcome = models.JSONField()

    class Meta:
        ordering = ["club", "game", "ended_at", "match"]
        indexes = [models.Index(fields=["club", "game", "ended_at"])]

    def __str__(self) -> str:
        return f"rated {self.match_id}"


__all__ = ["PlayerMerge", "RatedMatch", "Rating"]
