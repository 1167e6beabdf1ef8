"""The deal's story on the sheet: what happened, in words, as a paper sheet says it.

A deal's stored result keeps its facts (:class:`games.engine.Fact` as dicts: ``code``,
``text``, ``side``, ``points``). The story is the texts of the facts the game declares
(``Game.sheet_story``: fact codes; ``None``, the default, is every fact), less the one
the row already shows beside its number (``Game.sheet_fact``), with the sides and
seats named, in the reader's language.

A fact stored with its template (``i18n``, :mod:`games.engine.text`) is rendered
from the template's translation, its :class:`~games.engine.text.Seat` and
:class:`~games.engine.text.Side` parameters named as the seat's player and the
side's label ("Anna & Ben"); a seat or side the match does not have reads as
"seat 7" in the reader's words. A fact stored before the engine kept its templates
(its English only) is translated if it is a fixed text, else read as English with
"side 0" / "seat 2" (0-based, the numbers of :class:`games.engine.Table`) replaced
by the names. A fact of one side whose text names no side or seat ("went out:
100") is prefixed with that side's label. Nothing here names a game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from config.translation import localized_stored, seat_words
from games.engine.text import Seat, Side, params_from_json

# "side 0", "Side 1", "seat 3": a word, one space, a number, not part of a longer
# number or word ("side 10" is side ten; "sides 0 and 1" is left alone).
_NAMED = re.compile(r"\b([Ss]ide|[Ss]eat) (\d+)\b(?![–-]\d)")


def story_lines(
    facts: Sequence[Any],
    *,
    codes: Sequence[str] | None,
    shown: str | None,
    side_labels: Sequence[str],
    seat_names: Mapping[int, str],
    memo: dict[tuple[str, Any], str] | None = None,
) -> list[str]:
    """The texts of ``facts`` that tell the story, sides and seats named.

    ``codes``: the fact codes the game declares for the story (``None``: all);
    ``shown``: the code the row already shows (left out); ``memo``: a dict kept for
    one sheet (same names), where a text told once is not told again (a sheet's
    deals repeat their texts: "went out: 100")."""
    wanted = None if codes is None else codes
    memo = {} if memo is None else memo
    lines = []
    for fact in facts or ():
        if not isinstance(fact, Mapping):
            continue
        code = fact.get("code")
        if code == shown or (wanted is not None and code not in wanted):
            continue
        text = str(fact.get("text") or "").strip()
        if text:
            key = (text, fact.get("side"))
            told = memo.get(key)
            if told is None:
                told = memo[key] = _told(fact, side_labels, seat_names)
            lines.append(told)
    return lines


def table_namer(
    side_labels: Sequence[str], seat_names: Mapping[int, str]
) -> Callable[[Seat], str]:
    """How a seat or side parameter of a text reads on this match's sheet: the
    seat's player, the side's label; one the match lacks, in the reader's words."""

    def name(who: Seat) -> str:
        number = int(who)
        if isinstance(who, Side):
            if 0 <= number < len(side_labels) and side_labels[number]:
                return side_labels[number]
        elif seat_names.get(number):
            return seat_names[number]
        return seat_words(who)

    return name


def fact_text(
    fact: Mapping[str, Any],
    side_labels: Sequence[str],
    seat_names: Mapping[int, str],
) -> tuple[str, bool]:
    """A stored fact's text in the reader's language, sides and seats named, and
    whether it names a side or seat."""
    text = str(fact.get("text") or "").strip()
    i18n = (fact.get("i18n") or {}).get("text")
    if isinstance(i18n, Mapping) and isinstance(i18n.get("template"), str):
        told = localized_stored(text, i18n, name=table_namer(side_labels, seat_names))
        params = params_from_json(i18n.get("params") or {})
        return told, any(isinstance(v, Seat) for v in params.values())
    translated = gettext(text) if text else text
    if translated != text:  # a fixed text: it names nobody
        return translated, False
    # Stored before texts kept their templates: the English, names put in.
    named = fact_text_named(text, side_labels, seat_names)
    return named, named != text or _NAMED.search(text) is not None


def _told(
    fact: Mapping[str, Any],
    side_labels: Sequence[str],
    seat_names: Mapping[int, str],
) -> str:
    """The fact's text named; a fact of one side whose text names no side or seat
    ("went out: 100", "2 red threes: 200") is prefixed with that side's label, so
    the line says whose it is."""
    told, names_someone = fact_text(fact, side_labels, seat_names)
    side = fact.get("side")
    if (
        not names_someone
        and isinstance(side, int)
        and not isinstance(side, bool)
        and 0 <= side < len(side_labels)
        and len(side_labels) > 1
        and side_labels[side]
    ):
        return f"{side_labels[side]}: {told}"
    return told


def fact_text_named(
    text: str, side_labels: Sequence[str], seat_names: Mapping[int, str]
) -> str:
    """``text`` with "side N" and "seat N" replaced by the side's label and the
    seat's player, where the match has that side or seat."""

    if "ide " not in text and "eat " not in text:
        return text  # names no side or seat: the common case, no expression run

    def name(found: re.Match[str]) -> str:
        word, number = found.group(1).lower(), int(found.group(2))
        if word == "side" and number < len(side_labels) and side_labels[number]:
            return side_labels[number]
        if word == "seat" and seat_names.get(number):
            return seat_names[number]
        return found.group(0)

    return _NAMED.sub(name, text)
