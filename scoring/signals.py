"""What the score book tells the layers above it, without importing them.

The apps above connect their receivers in their ``AppConfig.ready`` (money's ledger
renames a merged player's postings); the score book sends and names none of them.
"""

from __future__ import annotations

from django.dispatch import Signal

#: Sent by :func:`scoring.services.players.player_merge` with ``keep=`` and
#: ``merge=`` (players), inside the merge's transaction, once the rows naming
#: ``merge`` point at ``keep`` and before ``merge`` is deleted. A receiver rewrites
#: what names the player beyond a foreign key; if it raises, the merge is undone.
player_merged = Signal()
