"""What the rummy games share: meld kinds, card values and hands, the best partition.

* :mod:`~games.engine.melds.kinds` — sets and runs (length, ace low / high / both
  ends / round the corner), wild cards and their limits per meld, natural vs mixed,
  and the faults a game words as its own errors;
* :mod:`~games.engine.melds.hands` — card-value tables, deadwood / hand penalties,
  going-out checks, deck accounting of every meld, hand and pile;
* :mod:`~games.engine.melds.partition` — the best-partition solver (the least
  deadwood a hand can leave in sets and runs).

* :mod:`~games.engine.melds.books` — books and canastas of seven or more cards of a
  rank (natural or mixed, wild limits): the Canasta family's, imported from its own
  module.
"""

from games.engine.melds.hands import (
    PIP_VALUES,
    RANK_ORDER_VALUES,
    CardValues,
    HandWording,
    deck_errors,
    going_out_error,
    multiple_errors,
    not_a_multiple,
    went_out_points_errors,
)
from games.engine.melds.kinds import (
    JOKERS_WILD,
    NO_WILDS,
    Fault,
    Meld,
    MeldKind,
    MeldReading,
    RunRule,
    SetRule,
    Wilds,
    Wording,
    fault_errors,
    meld_faults,
    read_meld,
)
from games.engine.melds.partition import Partition, Partitioner

__all__ = [
    "JOKERS_WILD",
    "NO_WILDS",
    "PIP_VALUES",
    "RANK_ORDER_VALUES",
    "CardValues",
    "Fault",
    "HandWording",
    "Meld",
    "MeldKind",
    "MeldReading",
    "Partition",
    "Partitioner",
    "RunRule",
    "SetRule",
    "Wilds",
    "Wording",
    "deck_errors",
    "fault_errors",
    "going_out_error",
    "meld_faults",
    "multiple_errors",
    "not_a_multiple",
    "read_meld",
    "went_out_points_errors",
]
