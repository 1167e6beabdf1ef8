"""The engine's texts in the reader's language: the one place they are translated.

The rules engine speaks English and imports no Django (``games.engine.text``): a
text with values is a :class:`~games.engine.text.Text` that keeps its template and
parameters, and a stored result keeps them beside the English under ``i18n``. Here,
at the boundary, the template is looked up in the active language's catalogue
(``locale/<lang>/LC_MESSAGES/django.po``; its msgid is the English template) and
filled with the parameters; a seat or side parameter reads as the caller says (a
player's name on a score sheet) or as "seat 2" in the reader's words.

A text the catalogue lacks stays English: a missing translation shows the book's
language, never a blank or a 500. ``tests/i18n`` fails the build when a message has
no Finnish text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from games.engine.text import Seat, Side, Text, params_from_json, render

SeatNamer = Callable[[Seat], str]

# Pydantic's own messages for the input shapes our games use; the engine keeps
# them as templates (``games.engine.inputs``), these marks put them in the catalogue.
PYDANTIC_TEMPLATES = (
    gettext_noop("Field required"),
    gettext_noop("Input should be {expected}"),
    gettext_noop("Input should be a valid integer"),
    gettext_noop(
        "Input should be a valid integer, unable to parse string as an integer"
    ),
    gettext_noop(
        "Input should be a valid integer, got a number with a fractional part"
    ),
    gettext_noop("Input should be a valid number"),
    gettext_noop("Input should be a valid number, unable to parse string as a number"),
    gettext_noop("Input should be a valid string"),
    gettext_noop("Input should be a valid boolean"),
    gettext_noop("Input should be a valid boolean, unable to interpret input"),
    gettext_noop("Input should be a valid list"),
    gettext_noop("Input should be a valid tuple"),
    gettext_noop("Input should be a valid dictionary"),
    gettext_noop("Input should be a valid dictionary or instance of {class_name}"),
    gettext_noop("Input should be greater than {gt}"),
    gettext_noop("Input should be greater than or equal to {ge}"),
    gettext_noop("Input should be less than {lt}"),
    gettext_noop("Input should be less than or equal to {le}"),
    gettext_noop("Input should be a multiple of {multiple_of}"),
    gettext_noop("Extra inputs are not permitted"),
    gettext_noop("String should match pattern '{pattern}'"),
    gettext_noop("Value error, {error}"),
    gettext_noop("Assertion failed, {error}"),
    gettext_noop("Unable to extract tag using discriminator {discriminator}"),
    gettext_noop(
        "Input tag '{tag}' found using {discriminator} does not match any of the "
        "expected tags: {expected_tags}"
    ),
)


# Pydantic's templates whose values are English grammar ("item{expected_plural}",
# "List"): a translation cannot use those values, so it translates a template of
# its own without them; English keeps pydantic's sentence.
REWORDED = {
    "{field_type} should have at least {min_length} item{expected_plural} "
    "after validation, not {actual_length}": gettext_noop(
        "Should have at least {min_length} items, not {actual_length}"
    ),
    "{field_type} should have at most {max_length} item{expected_plural} "
    "after validation, not {actual_length}": gettext_noop(
        "Should have at most {max_length} items, not {actual_length}"
    ),
    "String should have at least {min_length} character{expected_plural}": (
        gettext_noop("Should have at least {min_length} characters")
    ),
    "String should have at most {max_length} character{expected_plural}": (
        gettext_noop("Should have at most {max_length} characters")
    ),
}


def _translated(template: str, plural: str | None = None, count: Any = None) -> str:
    """``template`` in the active language (a reworded one where it has one); a
    sentence about ``count`` things in the language's plural form for it."""
    if plural is not None:
        return ngettext(template, plural, count if isinstance(count, int) else 2)
    reworded = REWORDED.get(template)
    if reworded is not None:
        translated = gettext(reworded)
        if translated != reworded:
            return translated
    return gettext(template)


def seat_words(seat: Seat) -> str:
    """A seat or side in the reader's words ("pelaaja 2"), numbered as people
    number them: the engine's seat 0 is the first player."""
    if isinstance(seat, Side):
        return gettext("side {number}").format(number=seat.number)
    return gettext("player {number}").format(number=seat.number)


def localized(text: Any, *, name: SeatNamer | None = None) -> str:
    """A text of the engine (a :class:`Text` or a plain literal) in the active
    language."""
    if isinstance(text, Text):
        return render(
            _translated(text.template, text.plural, text.params.get("count")),
            text.params,
            name=name or seat_words,
            translate=_translated,
        )
    if not text:
        return "" if text is None else str(text)
    return gettext(str(text))


def localized_stored(
    text: Any, i18n: Mapping[str, Any] | None, *, name: SeatNamer | None = None
) -> str:
    """A stored text (its English, and its ``i18n`` entry if it has values) in the
    active language."""
    if isinstance(i18n, Mapping) and isinstance(i18n.get("template"), str):
        params = params_from_json(i18n.get("params") or {})
        plural = i18n.get("plural")
        return render(
            _translated(
                i18n["template"],
                plural if isinstance(plural, str) else None,
                params.get("count"),
            ),
            params,
            name=name or seat_words,
            translate=_translated,
        )
    return localized(text, name=name)


def stored_field(
    record: Mapping[str, Any], field: str, *, name: SeatNamer | None = None
) -> str:
    """``record[field]`` of a stored engine result (a fact's ``text``, an error's
    ``message``, ``notes.1`` of the next deal) in the active language."""
    head, _, index = field.partition(".")
    value = record.get(head)
    if index:
        items = value or ()
        value = items[int(index)] if int(index) < len(items) else ""
    i18n = (record.get("i18n") or {}).get(field)
    return localized_stored(value, i18n, name=name)


def localized_errors(
    errors: Iterable[Mapping[str, Any]], *, name: SeatNamer | None = None
) -> list[dict[str, Any]]:
    """Stored or fresh rule errors (``as_dict``) as the API shows them: path, code
    and the message in the active language (``name``: how a seat or side reads,
    a page that knows the players names them)."""
    return [
        {
            "path": e.get("path", ""),
            "code": e.get("code", ""),
            "message": stored_field(e, "message", name=name),
        }
        for e in errors
    ]
