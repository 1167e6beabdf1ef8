"""The words of suits and strains inside a text: "5 no trump", "Mussolini (7 hearts)".

A strain's name inside a sentence is a :class:`~games.engine.text.Text` of its own,
not the English word, so the boundary translates it with the sentence ("5 sangi").
The keys are the codes the deal inputs use (``no_trump``).
"""

from __future__ import annotations

from games.engine.text import Text, msg

STRAIN_WORDS: dict[str, Text] = {
    "spades": msg("spades"),
    "clubs": msg("clubs"),
    "diamonds": msg("diamonds"),
    "hearts": msg("hearts"),
    "no_trump": msg("no trump"),
    "misere": msg("misere"),
}


def contract_words(level: int, strain: str) -> Text:
    """A contract as a sentence names it: ``5 no trump``."""
    return msg("{level} {strain}", level=level, strain=STRAIN_WORDS[strain])
