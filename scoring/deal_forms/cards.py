"""The card picker's deck: the faces a game's deck holds, suit by suit; and a card
list's shortcuts (``static/js/cardshortcuts.js``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.html import format_html
from django.utils.translation import gettext

from games.engine.cards import RANKS, Card
from games.engine.decks import DeckSpec

SUIT_ORDER = ("S", "H", "D", "C")


def deck_cards(deck: DeckSpec | None) -> list[dict[str, Any]]:
    """The deck's faces for the card picker: code, label, copies, red; suit by suit."""
    if deck is None:
        return []
    rank_order = {r: i for i, r in enumerate(RANKS)}

    def order(card: Card) -> tuple[int, int]:
        if card.is_joker:
            return (len(SUIT_ORDER), 0)
        return (SUIT_ORDER.index(card.suit.value), rank_order[card.rank])

    return [
        {
            "code": card.code,
            "label": card.pretty,
            "copies": copies,
            "red": bool(card.suit and card.suit.is_red),
        }
        for card, copies in sorted(deck.copies.items(), key=lambda kv: order(kv[0]))
        if copies > 0
    ]


def shortcuts_attr(shortcuts: Sequence[Mapping[str, Any]]) -> str:
    """The ``data-card-shortcuts`` attribute of a card input (empty without any):
    the game's declaration as JSON, each label in the reader's language."""
    if not shortcuts:
        return ""
    shown = [{**s, "label": gettext(s["label"])} for s in shortcuts]
    return format_html(
        ' data-card-shortcuts="{}"', json.dumps(shown, ensure_ascii=False)
    )
