"""Money's answers to what the score book announces (:mod:`scoring.signals`)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from money.services.settlements import ledger_player_merge
from scoring.signals import player_merged


@receiver(player_merged, dispatch_uid="money.ledger_player_merge")
def ledger_on_player_merge(
    sender: Any, *, keep: Any, merge: Any, **kwargs: Any
) -> None:
    """Rename the merged player's postings (``m12:p7`` → ``m12:p3``) and settle
    their matches and sessions again, so that the trails name the kept player."""
    ledger_player_merge(keep_id=keep.pk, merge_id=merge.pk)
