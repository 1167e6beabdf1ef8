"""Pure pairing, seating and bracket generators for tournaments (no Django).

Frozen dataclasses in, frozen dataclasses out; every generated round carries
machine-readable reasons with human text (:mod:`.explain`). The director's view is in
``docs/tournament-formats.md``; each module's docstring states its invariants.

Modules: :mod:`.round_robin`, :mod:`.swiss` (with :mod:`.matching`, Edmonds'
blossom algorithm), :mod:`.knockout`, :mod:`.groups`, :mod:`.partner_rotation`,
:mod:`.multi_table`, :mod:`.duplicate`. Standings are in :mod:`tournaments.ranking`.

The formats themselves, one object each (settings, generator, default tie-breaks,
what they need from the game), are in :data:`FORMATS` (:mod:`.registry`, built on
:mod:`.spec`); :func:`get_format` finds one by its key.
"""

from tournaments.formats.base import (
    Bye,
    EntryId,
    FormatError,
    NoLegalPairingError,
    Round,
    Table,
    check_round,
)
from tournaments.formats.explain import Reason, ReasonCode, explain_round
from tournaments.formats.registry import FORMATS, UnknownFormat, get_format
from tournaments.formats.spec import Format, StageSettings, StageSource

__all__ = [
    "FORMATS",
    "Bye",
    "EntryId",
    "Format",
    "FormatError",
    "NoLegalPairingError",
    "Reason",
    "ReasonCode",
    "Round",
    "StageSettings",
    "StageSource",
    "Table",
    "UnknownFormat",
    "check_round",
    "explain_round",
    "get_format",
]
