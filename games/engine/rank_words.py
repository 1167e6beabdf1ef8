"""The words of card ranks inside a text: "pair of kings", "natural canasta of 7s".

A rank's name inside a sentence is a :class:`~games.engine.text.Text` of its own,
not the English word, so the boundary translates it with the sentence
("kuninkaat"). The keys are the card codes' ranks (``K``, ``10``).
"""

from __future__ import annotations

from games.engine.text import Text, msg

RANK_PLURALS: dict[str, Text] = {
    "2": msg("2s"),
    "3": msg("3s"),
    "4": msg("4s"),
    "5": msg("5s"),
    "6": msg("6s"),
    "7": msg("7s"),
    "8": msg("8s"),
    "9": msg("9s"),
    "10": msg("10s"),
    "J": msg("jacks"),
    "Q": msg("queens"),
    "K": msg("kings"),
    "A": msg("aces"),
}
"""A rank's cards together: ``kings``, ``7s``."""

RANK_SINGULARS: dict[str, Text] = {
    "A": msg("ace"),
    "J": msg("jack"),
    "Q": msg("queen"),
    "K": msg("king"),
}
"""One card of a court rank or an ace (a number card is its number: ``7``)."""
