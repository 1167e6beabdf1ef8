"""A round's notes and reasons, stored in English and shown in the reader's language.

The formats (``tournaments.formats``, pure) write a round's notes and the reasons of
its tables as English templates with their values (``games.engine.text.msg``); a
reason may quote another (a group's "Group A: …" around the round robin's own
reason). A generated round stores the English as before and, beside it, the
templates under ``i18n`` — a quoted text keeps its own template there — so that a
page can show them in the reader's language (:func:`shown_text`).

Entries inside a text are stored by id (``{"entries": [7, 11], "joiner": " & "}``,
from :class:`tournaments.formats.explain.Entries`): a page passes the entries'
``names`` and reads "Anna & Ben" where the English text says "7 & 11"; an entry not
in ``names`` (or a page that passes none) shows its id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext, pgettext

from config.translation import localized, seat_words
from games.engine.serialize import to_jsonable
from games.engine.text import Text, params_from_json, params_to_json, render
from tournaments.formats.explain import Entries

#: An entry's name by its id, for the entries inside a text.
Names = Mapping[Any, str]


def text_i18n(value: Any) -> dict[str, Any] | None:
    """The template and values of a :class:`Text` that has values (a quoted Text
    as ``{"text": …}``), else None."""
    if not isinstance(value, Text) or not value.params:
        return None
    params: dict[str, Any] = {}
    for key, param in value.params.items():
        if isinstance(param, Entries):
            params[key] = {
                "entries": to_jsonable(list(param.ids)),
                "joiner": param.joiner,
            }
        elif isinstance(param, Text):
            params[key] = {
                "text": text_i18n(param) or {"template": param.template, "params": {}}
            }
        else:
            params.update(params_to_json({key: param}))
    return {"template": value.template, "params": params}


def shown_text(
    text: Any, i18n: Mapping[str, Any] | None, names: Names | None = None
) -> str:
    """A stored text (its English and its ``i18n``) in the active language, the
    entries inside it by ``names``."""
    if not isinstance(i18n, Mapping) or not isinstance(i18n.get("template"), str):
        return localized(text)
    params: dict[str, Any] = {}
    for key, param in (i18n.get("params") or {}).items():
        if isinstance(param, Mapping) and set(param) == {"text"}:
            params[key] = shown_text("", param["text"], names)
        elif isinstance(param, Mapping) and isinstance(param.get("entries"), list):
            params[key] = _entries_named(param, names or {})
        else:
            params.update(params_from_json({key: param}))
    return render(gettext(i18n["template"]), params, name=seat_words)


def _entries_named(param: Mapping[str, Any], names: Names) -> str:
    joiner = str(param.get("joiner") or " & ")
    return joiner.join(
        names.get(_key(entry)) or str(entry) for entry in param["entries"]
    )


def _key(entry: Any) -> Any:
    """An entry id as the names are keyed (stored JSON keeps ids as written)."""
    return tuple(entry) if isinstance(entry, list) else entry


def messages_i18n(messages: Iterable[Any]) -> dict[str, Any]:
    """``i18n`` of a round's notes, keyed ``messages.N``."""
    out = {}
    for i, message in enumerate(messages):
        entry = text_i18n(message)
        if entry is not None:
            out[f"messages.{i}"] = entry
    return out


def reason_stored(reason: Mapping[str, Any]) -> dict[str, Any]:
    """A reason as stored: its English ``text`` and, if it has values, ``i18n``."""
    stored = dict(reason)
    text = stored.get("text")
    entry = text_i18n(text)
    stored["text"] = str(text) if text is not None else ""
    if entry is not None:
        stored["i18n"] = {"text": entry}
    return stored


def reason_shown(reason: Any, names: Names | None = None) -> Any:
    """A stored reason as a page shows it (anything but a reason as it is), the
    entries inside its text by ``names``."""
    if not isinstance(reason, Mapping):
        return reason
    shown = dict(reason)
    i18n = (shown.pop("i18n", None) or {}).get("text")
    shown["text"] = shown_text(shown.get("text", ""), i18n, names)
    return shown


def explanation_shown(
    explanation: Mapping[str, Any] | None, names: Names | None = None
) -> dict[str, Any]:
    """A round's stored explanation as a page shows it: notes and the byes'
    reasons in the reader's language, entries by ``names`` (read only; never saved
    back)."""
    shown = dict(explanation or {})
    i18n = shown.pop("i18n", None) or {}
    if "messages" in shown:
        shown["messages"] = [
            shown_text(message, i18n.get(f"messages.{i}"), names)
            for i, message in enumerate(shown["messages"] or ())
        ]
    if shown.get("byes"):
        shown["byes"] = [
            {
                **bye,
                "reasons": [reason_shown(r, names) for r in bye.get("reasons") or ()],
            }
            for bye in shown["byes"]
        ]
    return shown


def explanation_text(
    number: int,
    messages: Iterable[str],
    tables: Iterable[tuple[int, Iterable[Iterable[str]], Iterable[Any]]],
    byes: Iterable[tuple[str, Iterable[Any]]],
) -> str:
    """The round as plain text for the director, in the reader's language: the
    stored ``text`` (English, :func:`tournaments.formats.explain.explain_round`)
    made again from the round's shown notes, tables (number, sides' names,
    reasons shown) and byes (name, reasons shown)."""
    versus = " {} ".format(pgettext("versus", "v"))
    lines = [gettext("Round %(number)s") % {"number": number}]
    lines.extend(
        "  " + gettext("note: %(note)s") % {"note": message} for message in messages
    )
    for table, sides, reasons in tables:
        lineup = versus.join(" & ".join(side) for side in sides)
        lines.append(
            "  "
            + gettext("Table %(number)s: %(sides)s")
            % {"number": table, "sides": lineup}
        )
        lines.extend(f"    - {_reason_text(reason)}" for reason in reasons)
    for name, reasons in byes:
        lines.append("  " + gettext("Not playing: %(entry)s") % {"entry": name})
        lines.extend(f"    - {_reason_text(reason)}" for reason in reasons)
    return "\n".join(lines)


def _reason_text(reason: Any) -> str:
    return reason.get("text", "") if isinstance(reason, Mapping) else str(reason)
