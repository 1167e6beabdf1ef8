"""The contract grid: a level and a strain entered with one tap.

A deal object whose schema declares :data:`games.engine.inputs.CONTRACT_GRID`
(``{"level": <a bounded integer field>, "strain": <an enum field>}``) offers the two
fields as one table of radio buttons drawn as buttons: a row per level, a column per
strain the level applies to. Each button is one radio of the strain's name whose
value is ``"level:strain"``, so one tap picks both and the page posts the pair
without any script; :func:`unfold_grids` splits it back into the two fields before
the deal is read, and ``data-value`` gives the page's script the strain alone (what
the fields that apply by the strain read). A strain the level does not apply to (by
the level's own ``x-applies``: Skruuvi's pass misere) is a button beside the grid,
posting the strain alone. Nothing here reads a field's name or a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from scoring.deal_forms.fields import Field, value_at
from scoring.deal_forms.shapes import as_posted

SEPARATOR = ":"
# The four suits as their signs: a column head the width of a button.
SUIT_SIGNS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def contract_field(obj: Field, grid: Mapping[str, Any]) -> Field:
    """``obj`` with its level and strain fields replaced by one grid field, in the
    level's place; ``obj`` as it is when the two are not a bounded integer and a
    choice."""
    level = next((c for c in obj.children if c.key == grid.get("level")), None)
    strain = next((c for c in obj.children if c.key == grid.get("strain")), None)
    if (
        level is None
        or strain is None
        or level.kind != "integer"
        or strain.kind != "choice"
        or level.minimum is None
        or level.maximum is None
    ):
        return obj
    # The grid applies as its fields do by anything but each other (Vint's
    # all-pass box, Bridge Meets Guess Who's declarer).
    outer = next(
        (
            part.applies
            for part in (level, strain)
            if part.applies is not None and part.applies[0] != strain.path
        ),
        None,
    )
    node = Field(
        "contract",
        path=strain.path,
        key=strain.key,
        label=gettext("Contract"),
        help=gettext("Tap the level and the strain at once."),
        required=strain.required,
        children=[level, strain],
        applies=outer,
    )
    obj.children = [node if c is level else c for c in obj.children if c is not strain]
    return obj


def columns(node: Field) -> tuple[list[tuple[Any, str]], list[tuple[Any, str]]]:
    """The strains of the grid's columns, and those offered beside it (the level
    does not apply to them)."""
    level, strain = node.children
    if level.applies is None or level.applies[0] != strain.path:
        return list(strain.choices), []
    allowed = level.applies[1]
    inside = [c for c in strain.choices if as_posted(c[0]) in allowed]
    beside = [c for c in strain.choices if as_posted(c[0]) not in allowed]
    return inside, beside


def render_contract(renderer: Any, node: Field) -> str:
    """The table of buttons, the strains beside it, and the two fields' errors."""
    level, strain = node.children
    inside, beside = columns(node)
    chosen_level = value_at(renderer.values, level.path)
    chosen_strain = value_at(renderer.values, strain.path)
    invalid = mark_safe(
        renderer.invalid_attrs(strain.path) or renderer.invalid_attrs(level.path)
    )
    head = "".join(
        format_html(
            '<th scope="col"><abbr title="{}">{}</abbr></th>',
            label,
            SUIT_SIGNS.get(str(value), label),
        )
        for value, label in inside
    )
    rows = []
    for n in range(int(level.minimum or 0), int(level.maximum or 0) + 1):
        cells = "".join(
            format_html(
                '<td><label class="df-contract-option"><input type="radio" '
                'name="{}" value="{}{}{}" data-value="{}" aria-label="{} {}"{}{}>'
                "<span>{}</span></label></td>",
                strain.path,
                n,
                SEPARATOR,
                value,
                value,
                n,
                label,
                mark_safe(
                    " checked"
                    if chosen_level == n
                    and as_posted(chosen_strain) == as_posted(value)
                    else ""
                ),
                invalid,
                n,
            )
            for value, label in inside
        )
        rows.append(
            format_html('<tr><th scope="row">{}</th>{}</tr>', n, mark_safe(cells))
        )
    table = format_html(
        '<table class="df-contract-grid"><thead><tr><th scope="col">'
        '<span class="visually-hidden">{}</span></th>{}</tr></thead>'
        "<tbody>{}</tbody></table>",
        level.label,
        mark_safe(head),
        mark_safe("".join(rows)),
    )
    extra = "".join(
        format_html(
            '<label class="df-count-option df-contract-beside"><input type="radio" '
            'name="{}" value="{}"{}{}><span>{}</span></label>',
            strain.path,
            value,
            mark_safe(
                " checked" if as_posted(chosen_strain) == as_posted(value) else ""
            ),
            invalid,
            label,
        )
        for value, label in beside
    )
    if extra:
        table += format_html('<div class="df-count-buttons">{}</div>', mark_safe(extra))
    return format_html(
        '<fieldset class="df-group df-choice df-contract{}" data-path="{}" '
        'role="radiogroup"><legend>{}{}</legend><p class="df-help muted">{}</p>'
        "{}{}{}</fieldset>",
        " has-error"
        if strain.path in renderer.errors or level.path in renderer.errors
        else "",
        node.path,
        node.label,
        mark_safe(' <span class="req" aria-hidden="true">*</span>')
        if node.required
        else "",
        node.help,
        mark_safe(renderer.errors_html(strain.path)),
        mark_safe(renderer.errors_html(level.path)),
        mark_safe(table),
    )


def _grids(node: Field, out: list[Field]) -> list[Field]:
    if node.kind == "contract":
        out.append(node)
    for child in node.children:
        _grids(child, out)
    for _, _, branch in node.branches:
        _grids(branch, out)
    return out


def unfold_grids(node: Field, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data`` with each grid's ``"level:strain"`` posted as the two fields, as
    the API takes them; ``data`` itself when no grid was tapped."""
    unfolded: Any = None
    for grid in _grids(node, []):
        level, strain = grid.children
        sent = (
            data.getlist(strain.path)
            if hasattr(data, "getlist")
            else [data.get(strain.path)]
        )
        raw = next(
            (v.strip() for v in sent if isinstance(v, str) and SEPARATOR in v), None
        )
        if raw is None:
            continue
        if unfolded is None:
            unfolded = data.copy() if hasattr(data, "getlist") else dict(data)
        number, value = raw.split(SEPARATOR, 1)
        if hasattr(unfolded, "setlist"):
            unfolded.setlist(level.path, [number])
            unfolded.setlist(strain.path, [value])
        else:
            unfolded[level.path] = number
            unfolded[strain.path] = value
    return data if unfolded is None else unfolded
