"""The deal entry form, generated from a game's deal input JSON Schema.

A game declares the shape of one deal once (``Game.deal_schema()``); the API docs and
this form both come from that declaration, so a new game gets an entry page without
page code. Three steps, all pure (no database, no request):

* :func:`build_form` walks the schema into a tree of :class:`Field` nodes;
* :func:`render_form` turns the tree, the values entered and the engine's errors into
  HTML;
* :func:`deal_from_post` reads the posted fields back into the deal's JSON, exactly
  what the API would receive.

How the schema maps to fields:

* object → ``<fieldset>`` of its properties; ``$ref`` is resolved;
* a card list (the engine's ``CardList``: an array of card strings, or one string of
  them) → a text input marked ``data-cards`` that ``static/js/cardpicker.js`` turns
  into a card picker; one card (``CardField``) → the same with ``data-max="1"``;
* a fixed-length array (``prefixItems``) → one field per position, labelled by side
  where the array declares ``x-role: per_side`` and by player where it declares
  ``x-role: per_partner`` (one item per seat of the enclosing side); a
  variable-length ``per_side`` array (a game for any number of players) → the same,
  one position per side of the match's table;
* a variable-length array of objects or card lists → numbered slots plus spare ones
  (empty slots are dropped); of numbers or words → one text input, space separated;
* ``enum`` / ``const`` → radio buttons (up to four choices) or a select;
* an integer that declares ``x-role: seat`` or ``side`` → a select of the table's
  seats or sides; other integers → number inputs with ``min``/``max``;
* a seat that also declares ``x-entry: tap`` (``games.engine.inputs.tap_seat_role``:
  choosing the player completes the entry, a goal's scorer) → one submit button per
  player, posting the seat as a radio would: one tap saves the entry;
* quick entry (:mod:`scoring.deal_forms.quick`): a field declaring ``x-applies``
  (shown only while a sibling has one of some values, ignored otherwise), an integer
  declaring ``x-count`` (one button per value, or a stepper), and a per-side list
  declaring ``x-derived`` (one count for side 0, side 1's the rest of the total;
  the whole list as one line of numbers under "Enter every number");
* an object declaring ``x-contract-grid`` (:mod:`scoring.deal_forms.contract`):
  its level and strain fields as one table of buttons, a row per level and a column
  per strain, each a radio of the strain's name posting ``"level:strain"``;
* boolean → checkbox; ``X | null`` → an optional ``X``;
* a discriminated union (``oneOf`` of objects that share a ``const`` property such as
  ``mode``) → a toggle between the branches, e.g. card entry and quick (totals) entry.

The roles come from the game's declaration (:mod:`games.engine.inputs`: ``SeatField``,
``SideField``, ``PER_SIDE``, ``PER_PARTNER``); nothing here reads a field's name to
decide what it means.

Every input is named by its **path** in the deal, dot-separated with list indices as
numbers (``teams.0.melds.2``), the same paths the engine puts on its errors
(:class:`games.engine.RuleError`); an error is shown next to the deepest field whose
path is a prefix of the error's path, and errors that name no field head the form.
"""

from scoring.deal_forms.cards import deck_cards
from scoring.deal_forms.fields import (
    Field,
    Table,
    has_cards,
    table_from_sides,
    value_at,
)
from scoring.deal_forms.post import deal_from_post
from scoring.deal_forms.render import place_errors, render_form
from scoring.deal_forms.schema import build_form

__all__ = [
    "Field",
    "Table",
    "build_form",
    "deal_from_post",
    "deck_cards",
    "has_cards",
    "place_errors",
    "render_form",
    "table_from_sides",
    "value_at",
]
