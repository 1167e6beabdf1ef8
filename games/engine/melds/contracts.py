"""Contracts of contract rummy: the sets and runs a player's first meld must be.

Terms: a **contract** is how many sets and how many runs a player lays down, all at
once, the first time they meld in a hand (Carioca's *trios* and *escaleras*, Sneaky
Pete's *requirement*); afterwards the player only adds cards to melds on the table,
so the melds in front of a player at the end of a hand are the contract exactly.

Invariants: :func:`contract_error` is ``None`` exactly when the kinds entered are the
contract's counts; the words are the game's (``set_word``/``run_word``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from games.engine.errors import RuleError
from games.engine.text import Text, msg, msgn


@dataclass(frozen=True, slots=True)
class Contract:
    """``sets`` sets and ``runs`` runs, named with the game's words."""

    sets: int
    runs: int
    set_word: Literal["set", "trio"] = "set"
    run_word: Literal["run", "escalera"] = "run"

    @property
    def text(self) -> Text:
        """``2 trios and 1 escalera``: each count a text of its own, so that a
        language words its own plurals."""
        parts = [
            _counted(count, word)
            for count, word in ((self.sets, self.set_word), (self.runs, self.run_word))
            if count
        ]
        if len(parts) == 2:
            return msg("{first} and {second}", first=parts[0], second=parts[1])
        return parts[0] if parts else msg("nothing")


def _counted(count: int, word: str) -> Text:
    """``1 trio``, ``2 escaleras``: one template per word and number."""
    if word == "trio":
        return msgn("{count} trio", "{count} trios", count=count)
    if word == "escalera":
        return msgn("{count} escalera", "{count} escaleras", count=count)
    if word == "run":
        return msgn("{count} run", "{count} runs", count=count)
    return msgn("{count} set", "{count} sets", count=count)


def contract_error(
    path: str, kinds: Sequence[str], need: Contract, why: str
) -> RuleError | None:
    """``contract_not_met`` at ``path`` unless ``kinds`` (``"set"``/``"run"`` per
    meld) are ``need`` exactly; ``why`` ends the message (the source's section)."""
    sets = sum(1 for k in kinds if k == "set")
    runs = len(kinds) - sets
    if (sets, runs) == (need.sets, need.runs):
        return None
    entered = Contract(sets, runs, need.set_word, need.run_word).text
    return RuleError(
        path,
        "contract_not_met",
        msg(
            "the contract is {contract}, entered {entered}: the first meld is the "
            "contract exactly, later cards only extend melds ({why})",
            contract=need.text,
            entered=entered,
            why=why,
        ),
    )
