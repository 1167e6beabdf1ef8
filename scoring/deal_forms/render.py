"""The field tree, the values entered and the engine's errors into HTML; errors
placed next to the deepest field whose path prefixes theirs."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scoring.deal_forms.cards import shortcuts_attr
from scoring.deal_forms.contract import render_contract
from scoring.deal_forms.fields import RADIO_LIMIT, TUCKED_KINDS, Field, value_at
from scoring.deal_forms.grid import grid_control
from scoring.deal_forms.quick import applies_wrap, render_count, render_derived
from scoring.deal_forms.shapes import join_path
from scoring.deal_forms.taps import render_taps


def _paths(node: Field, out: set[str]) -> set[str]:
    out.add(node.path)
    for child in node.children:
        _paths(child, out)
    for _, _, branch in node.branches:
        _paths(branch, out)
    return out


def place_errors(
    node: Field, errors: Sequence[Mapping[str, str]]
) -> tuple[dict[str, list[str]], list[Mapping[str, str]]]:
    """Errors keyed by the field they belong to, and the ones that fit no field.

    An error belongs to the deepest rendered field whose path is a prefix of the
    error's path (``teams.0.melds.2.1`` — a card of meld 2 — goes to the meld).
    """
    known = _paths(node, set()) - {""}
    placed: dict[str, list[str]] = {}
    loose: list[Mapping[str, str]] = []
    for error in errors:
        parts = (error.get("path") or "").split(".")
        for n in range(len(parts), 0, -1):
            candidate = ".".join(parts[:n])
            if candidate in known:
                placed.setdefault(candidate, []).append(error["message"])
                break
        else:
            loose.append(error)
    return placed, loose


# -- tree → HTML --------------------------------------------------------------------


_WIDGET_NAME = re.compile(r"[a-z][a-z0-9_]*")


def _html_id(path: str) -> str:
    return "f-" + (path.replace(".", "-") or "deal")


def _display(value: Any, kind: str) -> str:
    if value is None:
        return ""
    if kind in ("cards", "numbers", "words") and isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    if kind == "mixed" and isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    if kind == "json" and not isinstance(value, str):
        return json.dumps(value)
    return str(value)


class _Renderer:
    def __init__(
        self, values: Any, errors: dict[str, list[str]], collapse: bool = True
    ):
        self.values = values
        self.errors = errors
        self.collapse = collapse

    def errors_html(self, path: str) -> str:
        messages = self.errors.get(path)
        if not messages:
            return ""
        items = "".join(format_html("<li>{}</li>", m) for m in messages)
        return format_html(
            '<ul class="field-error" id="{}-error" role="alert">{}</ul>',
            _html_id(path),
            mark_safe(items),
        )

    def help_html(self, node: Field) -> str:
        if not node.help:
            return ""
        return format_html('<p class="df-help muted">{}</p>', node.help)

    def invalid_attrs(self, path: str) -> str:
        if path in self.errors:
            return format_html(
                ' aria-invalid="true" aria-describedby="{}-error"', _html_id(path)
            )
        return ""

    def render(self, node: Field) -> str:
        html = getattr(self, f"render_{node.kind}")(node)
        if node.applies is None:
            return html
        return applies_wrap(node, html, self.values)

    def render_derived(self, node: Field) -> str:
        return render_derived(self, node)

    def wrap(self, node: Field, control: str, css: str = "") -> str:
        classes = "df-field" + (f" {css}" if css else "")
        if node.path in self.errors:
            classes += " has-error"
        return format_html(
            '<div class="{}" data-path="{}"><label for="{}">{}{}</label>{}{}{}</div>',
            classes,
            node.path,
            _html_id(node.path),
            node.label,
            mark_safe(' <span class="req" aria-hidden="true">*</span>')
            if node.required
            else "",
            mark_safe(control),
            mark_safe(self.help_html(node)),
            mark_safe(self.errors_html(node.path)),
        )

    def render_object(self, node: Field) -> str:
        shown = [c for c in node.children if not self.tucked(c)]
        tucked = [c for c in node.children if self.tucked(c)]
        if node.path and not shown:
            # A group of optional fields only (one player's tiles): "More" would
            # hide the whole group behind nothing, so its fields show.
            shown, tucked = tucked, []
        inner = "".join(self.render(c) for c in shown)
        if tucked:
            # Open when something in it was entered or is wrong.
            busy = any(
                value_at(self.values, c.path) not in (None, [], "", 0, False)
                or any(p == c.path or p.startswith(c.path + ".") for p in self.errors)
                for c in tucked
            )
            inner += format_html(
                '<details class="df-more"{}><summary>{}</summary>{}</details>',
                mark_safe(" open") if busy else "",
                gettext("More: {fields}").format(
                    fields=", ".join(c.label.lower() for c in tucked)
                ),
                mark_safe("".join(self.render(c) for c in tucked)),
            )
        if not node.path:
            return inner
        return self.fieldset(node, inner)

    def tucked(self, node: Field) -> bool:
        """Optional fields that are rarely filled in go under "More"."""
        if not self.collapse or node.required:
            return False
        if node.count:
            return False  # a count the game offers as buttons is entered, not rare
        if node.kind in TUCKED_KINDS:
            return True
        return node.kind == "list" and not all(
            c.kind in ("cards", "card") for c in node.children
        )

    def fieldset(self, node: Field, inner: str, css: str = "df-group") -> str:
        return format_html(
            '<fieldset class="{}" data-path="{}"><legend>{}</legend>{}{}{}</fieldset>',
            css + (" has-error" if node.path in self.errors else ""),
            node.path,
            node.label,
            mark_safe(self.help_html(node)),
            mark_safe(self.errors_html(node.path)),
            mark_safe(inner),
        )

    def render_contract(self, node: Field) -> str:
        return render_contract(self, node)

    def render_taps(self, node: Field) -> str:
        return render_taps(self, node)

    def render_tuple(self, node: Field) -> str:
        inner = "".join(self.render(c) for c in node.children)
        return self.fieldset(node, inner, "df-group df-tuple")

    def render_list(self, node: Field) -> str:
        inner = "".join(self.render(c) for c in node.children)
        add = format_html(
            '<button type="button" class="df-add" data-add-to="{}">{}</button>',
            node.path,
            gettext("Add {item}").format(item=node.item_label.lower()),
        )
        return self.fieldset(
            node,
            format_html('<div class="df-slots">{}</div>{}', mark_safe(inner), add),
            "df-group df-list",
        )

    def render_union(self, node: Field) -> str:
        chosen = self.values_branch(node)
        name = join_path(node.path, node.discriminator)
        toggle = "".join(
            format_html(
                '<label class="df-toggle-option"><input type="radio" name="{}" '
                'value="{}"{}> {}</label>',
                name,
                tag,
                mark_safe(" checked") if tag == chosen else "",
                label,
            )
            for tag, label, _ in node.branches
        )
        branches = "".join(
            format_html(
                '<div class="df-branch" data-branch="{}"{}>{}</div>',
                tag,
                mark_safe("") if tag == chosen else mark_safe(" hidden"),
                # An entry mode offered as a tap grid renders as one.
                mark_safe(
                    self.render(branch)
                    if branch.kind == "taps"
                    else self.render_object(branch)
                ),
            )
            for tag, _, branch in node.branches
        )
        return format_html(
            '<div class="df-union" data-union="{}" data-path="{}">'
            '<div class="df-toggle" role="radiogroup" aria-label="{}">'
            "{}</div>{}{}</div>",
            name,
            node.path,
            gettext("How to enter"),
            mark_safe(toggle),
            mark_safe(self.errors_html(node.path)),
            mark_safe(branches),
        )

    def values_branch(self, node: Field) -> str:
        tag = value_at(self.values, join_path(node.path, node.discriminator))
        tags = [t for t, _, _ in node.branches]
        return tag if tag in tags else node.default_branch

    def current(self, node: Field) -> Any:
        value = value_at(self.values, node.path)
        if value is None and self.values is None and node.has_default:
            return node.default
        return value

    def render_cards(self, node: Field) -> str:
        control = format_html(
            '<input type="text" id="{}" name="{}" value="{}" data-cards{} '
            'autocomplete="off" autocapitalize="characters" spellcheck="false" '
            'placeholder="{}"{}{}>',
            _html_id(node.path),
            node.path,
            _display(self.current(node), "cards"),
            mark_safe(f' data-max="{node.maximum}"') if node.maximum else "",
            gettext("e.g. {example}").format(example="7H 7D 7S Jo"),
            mark_safe(self.invalid_attrs(node.path)),
            shortcuts_attr(node.shortcuts),
        )
        return self.wrap(node, control, "df-cards")

    def render_card(self, node: Field) -> str:
        return self.render_cards(node)

    def render_choice(self, node: Field) -> str:
        current = self.current(node)
        current = "" if current is None else str(current)
        options = list(node.choices)
        if node.tap:
            # Choosing completes the entry (a goal's scorer): each choice is a
            # submit button carrying the field's value, one tap saves.
            buttons = [
                format_html(
                    '<button type="submit" class="df-tap-button" name="{}" '
                    'value="{}"{}{}>{}</button>',
                    node.path,
                    value,
                    # A correction shows who it was.
                    mark_safe(' aria-pressed="true"') if str(value) == current else "",
                    mark_safe(self.invalid_attrs(node.path)),
                    label,
                )
                for value, label in options
            ]
            inner = format_html(
                '<div class="df-tap" role="group" id="{}">{}</div>',
                _html_id(node.path),
                mark_safe("".join(buttons)),
            )
            return self.fieldset(node, inner, "df-choice")
        if len(options) <= RADIO_LIMIT:
            radios = []
            if not node.required and (not node.has_default or node.default is None):
                options = [("", "—"), *options]
            for value, label in options:
                radios.append(
                    format_html(
                        '<label class="df-radio"><input type="radio" name="{}" '
                        'value="{}"{}{}> {}</label>',
                        node.path,
                        value,
                        mark_safe(" checked") if str(value) == current else "",
                        mark_safe(self.invalid_attrs(node.path)),
                        label,
                    )
                )
            inner = format_html(
                '<div class="df-radios" role="radiogroup" id="{}">{}</div>',
                _html_id(node.path),
                mark_safe("".join(radios)),
            )
            return self.fieldset(node, inner, "df-choice")
        opts = [mark_safe('<option value="">—</option>')]
        for value, label in options:
            opts.append(
                format_html(
                    '<option value="{}"{}>{}</option>',
                    value,
                    mark_safe(" selected") if str(value) == current else "",
                    label,
                )
            )
        control = format_html(
            '<select id="{}" name="{}"{}>{}</select>',
            _html_id(node.path),
            node.path,
            mark_safe(self.invalid_attrs(node.path)),
            mark_safe("".join(opts)),
        )
        return self.wrap(node, control)

    def render_integer(self, node: Field) -> str:
        if node.count:
            return render_count(self, node)
        bounds = ""
        if node.minimum is not None:
            bounds += f' min="{int(node.minimum)}"'
        if node.maximum is not None:
            bounds += f' max="{int(node.maximum)}"'
        control = format_html(
            '<input type="number" id="{}" name="{}" value="{}" inputmode="numeric" '
            'step="1"{}{}>',
            _html_id(node.path),
            node.path,
            _display(self.current(node), "integer"),
            mark_safe(bounds),
            mark_safe(self.invalid_attrs(node.path)),
        )
        return self.wrap(node, control, "df-number")

    def render_number(self, node: Field) -> str:
        return self.render_integer(node)

    def render_boolean(self, node: Field) -> str:
        checked = bool(self.current(node))
        return format_html(
            '<div class="df-field df-check" data-path="{}">'
            '<input type="hidden" name="{}" value="false"><label>'
            '<input type="checkbox" id="{}" name="{}" value="true"{}> {}</label>{}{}'
            "</div>",
            node.path,
            node.path,
            _html_id(node.path),
            node.path,
            mark_safe(" checked") if checked else "",
            node.label,
            mark_safe(self.help_html(node)),
            mark_safe(self.errors_html(node.path)),
        )

    def _text(self, node: Field, placeholder: str = "") -> str:
        control = format_html(
            '<input type="text" id="{}" name="{}" value="{}" autocomplete="off"'
            ' placeholder="{}"{}>',
            _html_id(node.path),
            node.path,
            _display(self.current(node), node.kind),
            placeholder,
            mark_safe(self.invalid_attrs(node.path)),
        )
        return self.wrap(node, control)

    def render_text(self, node: Field) -> str:
        if node.widget:
            return self.render_widget(node)
        return self._text(node)

    def render_numbers(self, node: Field) -> str:
        if node.widget:
            return self.render_widget(node)
        return self._text(node, gettext("numbers separated by spaces, e.g. 7 6"))

    def render_words(self, node: Field) -> str:
        if node.widget:
            return self.render_widget(node)
        return self._text(node, gettext("separated by spaces"))

    def render_widget(self, node: Field) -> str:
        """A field the schema asks a widget for (``x-widget``): the partial
        ``scoring/_widget_<name>.html`` around the same text input, given the
        field's ``x-<name>-*`` settings as ``options``."""
        if not _WIDGET_NAME.fullmatch(node.widget):
            return self._text(node)
        try:
            control = render_to_string(
                f"scoring/_widget_{node.widget}.html",
                {
                    "id": _html_id(node.path),
                    "name": node.path,
                    "value": _display(self.current(node), node.kind),
                    "invalid": mark_safe(self.invalid_attrs(node.path)),
                    "options": node.widget_options,
                    # the settings as the widget's script reads them
                    "options_json": json.dumps(
                        node.widget_options, ensure_ascii=False, separators=(",", ":")
                    ),
                },
            )
        except TemplateDoesNotExist:  # a widget this version has no partial for
            return self._text(node)
        return self.wrap(node, control, f"df-widget df-widget-{node.widget}")

    def render_mixed(self, node: Field) -> str:
        return self._text(node, gettext("a number, or cards such as 7H 7D 7S"))

    def render_json(self, node: Field) -> str:
        return self._text(node, "JSON")

    def render_grid(self, node: Field) -> str:
        control = grid_control(
            node, _html_id(node.path), self.current(node), self.invalid_attrs(node.path)
        )
        return self.wrap(node, control, "df-grid")


def render_form(
    node: Field,
    values: Any = None,
    errors: Sequence[Mapping[str, str]] = (),
    *,
    collapse: bool = True,
) -> tuple[SafeString, list[Mapping[str, str]]]:
    """HTML of the form's fields, and the errors that belong to no field.

    With ``collapse``, optional fields that are rarely filled in (numbers with a
    default, free lists, anything that is not cards or a choice) sit in a
    "More" disclosure per group, open when one of them has a value or an error.
    """
    placed, loose = place_errors(node, errors)
    return mark_safe(_Renderer(values, placed, collapse).render(node)), loose
