"""The tap grid: a deal entered with one tap (an end of a game of ends).

A deal object whose schema declares :data:`games.engine.inputs.TAP_GRID`
(``{"rows": <field>, "cells": <field>, "blank": <bool>}``) is offered as a grid of
submit buttons: a row per choice of the ``rows`` field (a side or a seat: the
table's labels) and in it a button per number the ``cells`` field allows (from 1,
or its minimum if higher, to its maximum), plus one button for neither (a blank
end) where ``blank`` says so. Each button posts the whole deal as JSON under
:func:`tap_name`; the object's own fields stay below the grid, under "Enter by
fields", for a keyboard or a correction. Nothing here reads a field's name or a
game: the grid's fields are the ones the schema names.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from config.parsers import json_loads
from scoring.deal_forms.fields import Field
from scoring.deal_forms.shapes import join_path

TAP_KEY = "__tap"


def tap_name(path: str) -> str:
    """The name the grid's buttons post their deal under."""
    return join_path(path, TAP_KEY)


def tap_field(obj: Field, grid: Mapping[str, Any]) -> Field:
    """The grid over ``obj`` (the object's field tree): ``choices`` are the
    buttons as ``(deal, label, row label)``; ``children`` is the object."""
    rows = next((c for c in obj.children if c.key == grid.get("rows")), None)
    cells = next((c for c in obj.children if c.key == grid.get("cells")), None)
    if rows is None or cells is None or rows.kind != "choice" or cells.maximum is None:
        return obj  # a grid the form cannot draw: the plain fields
    low = max(1, cells.minimum or 0)
    buttons: list[tuple[Any, str]] = []
    for value, label in rows.choices:
        for n in range(low, int(cells.maximum) + 1):
            buttons.append(({rows.key: value, cells.key: n}, f"{label}|{n}"))
    if grid.get("blank"):
        buttons.append(({}, "|" + gettext("Blank")))
    return Field(
        "taps",
        path=obj.path,
        key=obj.key,
        label=obj.label,
        help=obj.help,
        required=obj.required,
        children=[obj],
        choices=buttons,
    )


def render_taps(renderer: Any, node: Field) -> str:
    """The grid of buttons, then the object's fields under "Enter by fields"."""
    (obj,) = node.children
    rows: dict[str, list[str]] = {}
    for deal, label in node.choices:
        row, text = label.split("|", 1)
        rows.setdefault(row, []).append(
            format_html(
                '<button type="submit" class="df-tap" name="{}" value="{}" '
                'aria-label="{}">{}</button>',
                tap_name(node.path),
                json.dumps(deal, separators=(",", ":")),
                f"{row} {text}" if row else text,
                text,
            )
        )
    grid = "".join(
        format_html(
            '<div class="df-tap-row"{}>{}<div class="df-tap-buttons">{}</div></div>',
            mark_safe(f' data-row="{i}"') if row else mark_safe(' data-row="none"'),
            format_html('<span class="df-tap-label">{}</span>', row) if row else "",
            mark_safe("".join(buttons)),
        )
        for i, (row, buttons) in enumerate(rows.items())
    )
    wrong = any(p == obj.path or p.startswith(obj.path) for p in renderer.errors)
    # Every field in sight: the disclosure is already the "more".
    fields = type(renderer)(renderer.values, renderer.errors, False).render_object(obj)
    if not node.path:
        fields = format_html('<div class="df-tap-fields">{}</div>', mark_safe(fields))
    return format_html(
        '<fieldset class="df-group df-taps" data-path="{}"><legend>{}</legend>'
        # The form's default button (Enter in a field) must not be a tap: this
        # one, first in the form, posts the fields.
        '<button type="submit" class="visually-hidden" tabindex="-1" '
        'aria-hidden="true"></button>'
        '<p class="df-help muted">{}</p>{}</fieldset>'
        '<details class="df-more df-tap-more"{}><summary>{}</summary>'
        "{}</details>",
        node.path,
        node.label,
        gettext("One tap enters it."),
        mark_safe(grid),
        mark_safe(" open") if wrong and renderer.errors else "",
        gettext("Enter by fields"),
        mark_safe(fields),
    )


def read_tap(node: Field, data: Mapping[str, Any]) -> Any:
    """The deal a tapped button posted (JSON; what does not parse goes to the
    engine as it is, which names the problem), or ``None`` if none was tapped."""
    name = tap_name(node.path)
    sent = data.getlist(name) if hasattr(data, "getlist") else [data.get(name)]
    raw = next((v for v in sent if isinstance(v, str) and v.strip()), None)
    if raw is None:
        return None
    try:
        return json_loads(raw)
    except ValueError:
        return raw
