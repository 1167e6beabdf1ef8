"""A fast reader of card lists as scorers type them, for games whose card entry is
hot (the Canasta family, Burraco): it gives exactly what the pydantic models would
parse, or ``None`` to let them decide (and report the error at its field).

Invariants: :func:`read_cards` never accepts what :func:`games.engine.cards.parse_cards`
would refuse; a result of ``None`` means "ask pydantic", never "no cards".
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from games.engine.cards import CARD_SPELLINGS, JOKER, STANDARD_CARDS, Card

# Every spelling the card parser knows, plus the canonical and lower-case forms, so
# that most tokens are found without normalising them first.
_TOKENS: dict[str, Card] = {
    **CARD_SPELLINGS,
    **{c.code: c for c in (*STANDARD_CARDS, JOKER)},
    **{k.lower(): c for k, c in CARD_SPELLINGS.items()},
}
_token = _TOKENS.__getitem__
_LISTS = (list, tuple)


def read_cards(value: Any) -> tuple[Card, ...] | None:
    """A card list as pydantic would parse it, or None to let pydantic decide."""
    if type(value) is str:
        tokens = value.replace(",", " ").split() if "," in value else value.split()
    elif type(value) in _LISTS:
        tokens = value
    else:
        return None
    try:
        return tuple(map(_token, tokens))  # a lookup per token, in C
    except (KeyError, TypeError):  # a spelling the table lacks, an unhashable token
        pass
    # Spellings like " kh ", "Kh", "♥q": the parser's normalisation, token by token.
    out = []
    for token in tokens:
        card = _TOKENS.get(token) if type(token) is str else None
        if card is None:
            if type(token) is not str:
                return None
            card = CARD_SPELLINGS.get(token.strip().upper())
            if card is None:
                return None
        out.append(card)
    return tuple(out)


def read_card_lists(values: tuple[Any, ...]) -> tuple[tuple[Card, ...], ...] | None:
    """:func:`read_cards` of each value; None if one of them is None."""
    lists = []
    try:
        # The usual entry, every list typed as one string of canonical cards:
        # split, and look every token up in one call (itemgetter(*tokens) does the
        # look-ups in C, but gives a lone card, not a tuple, for one token).
        # Anything else raises and goes token by token.
        for text in values:
            tokens = str.split(text)
            lists.append(
                itemgetter(*tokens)(_TOKENS)
                if len(tokens) > 1
                else tuple(map(_token, tokens))
            )
    except (KeyError, TypeError):
        found = tuple(map(read_cards, values))
        return None if None in found else found
    return tuple(lists)
