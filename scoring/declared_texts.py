"""Every text a game declares rather than writes in its code, for the catalogue.

A game's name, summary, ``deal_word``, ``sheet_mark`` label (the ends board's) and
deck's name (the card picker's; and the engine's shared decks),
and what the deal form and the new-match form show from its JSON Schemas: each
field's label (its ``title`` or its name, titled), a list's item name (the label's
singular: "Melds" → "Meld"), its help (``description``), each choice's label and
each entry mode's label. The forms are
built to collect them (:func:`scoring.deal_forms.schema.form_texts`), so the
catalogue holds exactly the English the forms translate. ``make messages`` puts
them in the catalogue (``scoring/management/commands/makemessages.py``) and
``tests/i18n`` checks that each has its Finnish text. Nothing here names a game.
"""

from __future__ import annotations

from games.engine import all_games, decks
from games.engine.decks import DeckSpec
from scoring.deal_forms.labels import DEAL_LABEL, OPTIONS_LABEL
from scoring.deal_forms.schema import form_texts


def declared_texts() -> set[str]:
    """The texts of every registered game's declaration."""
    texts: set[str] = set()
    for game in all_games():
        if not type(game).__module__.startswith("games."):
            continue  # a game a test registers for itself is not the product's
        texts.update(t for t in (game.name, game.summary, game.deal_word) if t)
        if game.sheet_mark:  # the ends board's label of the marked fact
            texts.add(game.sheet_mark[1])
        if game.deck is not None:  # the card picker names its deck
            texts.add(game.deck.name)
        texts |= game_form_texts(game)
    texts |= {deck.name for deck in vars(decks).values() if isinstance(deck, DeckSpec)}
    texts.discard("")
    return texts


def game_form_texts(game) -> set[str]:
    """What the deal form and the new-match form of ``game`` translate."""
    return form_texts(game.deal_schema(), label=DEAL_LABEL) | form_texts(
        game.options_schema(), prefix="options", label=OPTIONS_LABEL
    )
