"""Quick entry: fields that apply to some values of another, counts offered as
buttons or a stepper, and a per-side pair whose other number is derived.

Each reads a declaration of :mod:`games.engine.inputs` from the game's deal schema:

* ``x-applies`` (:data:`~games.engine.inputs.APPLIES`) — the field is wrapped in a
  ``.df-applies`` block naming the other field and its values;
  ``static/js/dealform.js`` shows it (and enables its inputs) only while the other
  field has one of them. The server renders it hidden when the values entered
  already rule it out, and :func:`scoring.deal_forms.post.deal_from_post` ignores it
  then, posted or not: the page never decides what the deal is, the engine still
  checks it;
* ``x-count`` (:data:`~games.engine.inputs.COUNT`) — a bounded integer as one
  button per value (``buttons``: radio inputs drawn as buttons, one tap each) or a
  number between − and + (``stepper``; also ``buttons`` with more values than
  :data:`~scoring.deal_forms.schema.COUNT_BUTTONS_MAX`);
* ``x-derived`` (:data:`~games.engine.inputs.DERIVED`) — the scorer enters side 0's
  number as a count; side 1's, ``total`` − it, is shown as it is tapped and worked
  out again by the server. Every other entry the model takes (one number per seat)
  stays under a disclosure as one line of numbers, which wins when filled in.

Nothing here reads a field's name or a game.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from scoring.deal_forms.fields import Field, value_at
from scoring.deal_forms.schema import COUNT_BUTTONS_MAX
from scoring.deal_forms.shapes import as_posted

_UNSET = object()


def applies_wrap(node: Field, html: str, values: Any) -> str:
    """``html`` of a field in a block shown only while the field applies."""
    assert node.applies is not None
    other, allowed = node.applies
    current = value_at(values, other)
    # Hidden when the deal as entered rules it out; with nothing chosen yet the
    # script hides it (without the script everything shows).
    hidden = current is not None and as_posted(current) not in allowed
    return format_html(
        '<div class="df-applies" data-applies-to="{}" data-applies-values="{}"{}>'
        "{}</div>",
        other,
        json.dumps(list(allowed)),
        mark_safe(" hidden") if hidden else "",
        mark_safe(html),
    )


def _html_id(path: str) -> str:
    return "f-" + (path.replace(".", "-") or "deal")


def render_count(renderer: Any, node: Field, current: Any = _UNSET) -> str:
    """A bounded integer as a row of buttons (one tap) or a stepper."""
    if current is _UNSET:
        current = renderer.current(node)
    current = "" if current is None else str(current)
    low, high = int(node.minimum or 0), int(node.maximum or 0)
    invalid = mark_safe(renderer.invalid_attrs(node.path))
    if node.count == "buttons" and high - low < COUNT_BUTTONS_MAX:
        options = "".join(
            format_html(
                '<label class="df-count-option"><input type="radio" name="{}" '
                'value="{}"{}{}><span>{}</span></label>',
                node.path,
                n,
                mark_safe(" checked") if str(n) == current else "",
                invalid,
                n,
            )
            for n in range(low, high + 1)
        )
        inner = format_html(
            '<div class="df-count-buttons" role="radiogroup" id="{}">{}</div>',
            _html_id(node.path),
            mark_safe(options),
        )
        return renderer.fieldset(node, inner, "df-choice df-count")
    control = format_html(
        '<span class="df-stepper">'
        '<button type="button" class="df-step" data-step="-1" aria-label="{}">'
        "−</button>"
        '<input type="number" id="{}" name="{}" value="{}" inputmode="numeric" '
        'step="1" min="{}" max="{}"{}>'
        '<button type="button" class="df-step" data-step="1" aria-label="{}">'
        "+</button></span>",
        gettext("One less"),
        _html_id(node.path),
        node.path,
        current,
        low,
        high,
        invalid,
        gettext("One more"),
    )
    return renderer.wrap(node, control, "df-number df-count")


def render_derived(renderer: Any, node: Field) -> str:
    """Side 0's count, side 1's derived rest, and the whole list as typed."""
    entered, whole = node.children
    (_, first), (_, second) = node.choices
    if node.labels_when is not None:
        first, second = _named_by(node, renderer.values)
        entered = replace(entered, label=first)
    value = value_at(renderer.values, node.path)
    pair = isinstance(value, list | tuple) and len(value) == 2
    count = value[0] if pair else None
    rest = (
        node.total - count
        if isinstance(count, int) and not isinstance(count, bool)
        else None
    )
    typed = "" if pair or value is None else _spaced(value)
    wrong = any(p == node.path or p == whole.path for p in renderer.errors)
    counted = (
        render_count(renderer, entered, count)
        if entered.count
        else renderer.render_integer(entered)
    )
    whole_control = format_html(
        '<input type="text" id="{}-all" name="{}" value="{}" autocomplete="off" '
        'inputmode="numeric" placeholder="{}">',
        _html_id(node.path),
        node.path,
        typed,
        gettext("e.g. {example}").format(example="7 6"),
    )
    inner = format_html(
        '<p class="df-help muted">{}</p>'
        "{}"
        '<p class="df-derived-rest" aria-live="polite">{}: '
        '<output data-derived-from="{}" data-total="{}">{}</output></p>'
        '<details class="df-more"{}><summary>{}</summary>'
        '<div class="df-field"><label for="{}-all">{}</label>{}'
        '<p class="df-help muted">{}</p></div></details>',
        gettext("Enter the count of {first}; {second} has the rest of {total}.").format(
            first=first, second=second, total=node.total
        ),
        mark_safe(counted),
        second,
        entered.path,
        node.total,
        "–" if rest is None else rest,
        mark_safe(" open") if typed or wrong else "",
        gettext("Enter every number"),
        _html_id(node.path),
        node.label,
        mark_safe(whole_control),
        node.help,
    )
    return format_html(
        '<fieldset class="df-group df-derived{}" data-path="{}"><legend>{}</legend>'
        "{}{}</fieldset>",
        " has-error" if node.path in renderer.errors else "",
        node.path,
        node.label,
        mark_safe(renderer.errors_html(node.path)),
        mark_safe(inner),
    )


def _named_by(node: Field, values: Any) -> tuple[str, str]:
    """The two positions' names of a pair named by a sibling (``labels_when``):
    each name twice, the table's and the declared, shown by the page's script as
    the sibling changes (``data-applies-not``: shown while it has none of them)."""
    assert node.labels_when is not None
    other, allowed, named = node.labels_when
    current = value_at(values, other)
    chosen = None if current is None else as_posted(current) in allowed
    names = []
    for (_, plain), declared in zip(node.choices, named, strict=True):
        names.append(
            format_html(
                '<span class="df-applies" data-applies-to="{0}" '
                'data-applies-values="{1}" data-applies-not{2}>{3}</span>'
                '<span class="df-applies" data-applies-to="{0}" '
                'data-applies-values="{1}"{4}>{5}</span>',
                other,
                json.dumps(list(allowed)),
                mark_safe(" hidden") if chosen else "",
                plain,
                mark_safe(" hidden") if chosen is False else "",
                declared,
            )
        )
    return names[0], names[1]


def _spaced(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)
