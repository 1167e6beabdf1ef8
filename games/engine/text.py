"""Texts the engine shows a person, kept translatable without importing Django.

The engine speaks English, but never builds a sentence with an f-string: a text with
values in it is a :class:`Text`, made by :func:`msg` from a fixed English template
and its parameters::

    msg("sooli is bid by an opponent of the declarer ({declarer})",
        declarer=Seat(declarer))

A :class:`Text` *is* the English sentence (a ``str``), so the engine, the CLI and
every test read it as before; it also keeps ``template`` and ``params``, so the
boundary (``config.translation``) renders the same sentence in the reader's language
from the template's translation. A text with no values is a plain string literal:
the literal is its own template.

Seats and sides inside a text are :class:`Seat` and :class:`Side` parameters, not
numbers spelled into the sentence: English shows them as people count them, from 1
(the engine's seat 0 is "player 1", side 0 "side 1"; ``{x:C}`` at the start of a
sentence: "Side 1"), a score sheet as the seat's player or the side's names, Finnish
in its own words ("pelaaja 1", "puoli 1").

A sentence whose words follow a number ("1 red three", "2 red threes") is made by
:func:`msgn` from a singular and a plural template and the ``count`` parameter;
English picks the singular for exactly one, the boundary asks the catalogue's plural
forms (``ngettext``), so a language with other plural rules says it its own way.

``make messages`` extracts every template: the first argument of :func:`msg`, the
two first of :func:`msgn`, the
message of :class:`~games.engine.errors.RuleError`, the text of
:class:`~games.engine.game.Fact` and the label of
:class:`~games.engine.game.ContextRow` when those are literals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


class Seat(int):
    """A seat index inside a text (the engine counts seats from 0); English shows
    it as people count them: seat 0 is ``player 1``."""

    __slots__ = ()
    word = "seat"
    shown = "player"

    @property
    def number(self) -> int:
        """The seat as people number it: the first seat is 1."""
        return int(self) + 1

    def __format__(self, spec: str) -> str:
        if spec == "C":  # at the start of a sentence: "Side 1 is nousussa"
            return f"{self.shown.capitalize()} {self.number}"
        if spec:
            return format(int(self), spec)
        return f"{self.shown} {self.number}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({int(self)})"


class Side(Seat):
    """A side index inside a text; English shows it as people count them: side 0
    is ``side 1``."""

    __slots__ = ()
    word = "side"
    shown = "side"


class Text(str):
    """An English sentence that remembers its template and parameters (and, for a
    sentence about a number, its plural template: ``params["count"]`` chooses)."""

    __slots__ = ("params", "plural", "template")
    template: str
    params: Mapping[str, Any]
    plural: str | None

    def __new__(
        cls, template: str, params: Mapping[str, Any], plural: str | None = None
    ) -> Text:
        english = template
        if plural is not None and params.get("count") != 1:
            english = plural
        self = super().__new__(cls, english.format_map(params))
        self.template = template
        self.params = params
        self.plural = plural
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.template, dict(self.params), self.plural))


class _Named(str):
    """A seat or side already named; ``{x:C}`` capitalizes it as ``Seat`` does."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "C":
            return self[:1].upper() + self[1:]
        return super().__format__(spec)


def msg(template: str, /, **params: Any) -> Text:
    """The sentence ``template`` with ``params`` filled in, kept translatable."""
    return Text(template, params)


def msgn(singular: str, plural: str, /, *, count: int, **params: Any) -> Text:
    """The sentence about ``count`` things: ``singular`` for exactly one, else
    ``plural`` (in English; another language by its own plural rules)."""
    return Text(singular, {"count": count, **params}, plural)


def _template_json(text: Text) -> dict[str, Any]:
    out = {"template": text.template, "params": params_to_json(text.params)}
    if text.plural is not None:
        out["plural"] = text.plural
    return out


def params_to_json(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as JSON: a seat or side keeps its kind (``{"seat": 2}``)."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, Seat):
            out[key] = {value.word: int(value)}
        elif isinstance(value, Text):  # a text inside a text: translated too
            out[key] = {"text": _template_json(value)}
        elif isinstance(value, (str, int, float, bool)) or value is None:
            out[key] = value
        else:
            out[key] = str(value)
    return out


def params_from_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """The inverse of :func:`params_to_json`."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, Mapping) and len(value) == 1:
            ((word, inner),) = value.items()
            kind = {"seat": Seat, "side": Side}.get(word)
            if kind and isinstance(inner, int):
                out[key] = kind(inner)
            elif word == "text" and isinstance(inner, Mapping):
                out[key] = Text(
                    inner.get("template", ""),
                    params_from_json(inner.get("params", {})),
                    inner.get("plural"),
                )
            else:
                out[key] = value
        else:
            out[key] = value
    return out


def i18n_of(value: Any) -> dict[str, Any] | None:
    """``{"template", "params"}`` of a :class:`Text` that has parameters, else None
    (a text without parameters is its own template)."""
    if isinstance(value, Text) and (value.params or value.template != value):
        return _template_json(value)
    return None


def render(
    template: str,
    params: Mapping[str, Any],
    *,
    name: Callable[[Seat], str] | None = None,
    translate: Callable[..., str] | None = None,
) -> str:
    """``template`` filled with ``params``; ``name`` says how a seat or side reads
    (default: English "seat N" / "side N"), ``translate`` how a text inside the text
    reads (its template looked up, ``translate(template)`` or, for a sentence about
    a number, ``translate(singular, plural, count)``; default: English). A template
    that does not fit
    its parameters (a translation with a typo) is shown as it is rather than failing
    the page."""
    if name is not None or translate is not None:
        params = {
            k: _inner(v, name=name, translate=translate) for k, v in params.items()
        }
    try:
        return template.format_map(params)
    except (KeyError, IndexError, ValueError):
        return template


def _inner(
    value: Any,
    *,
    name: Callable[[Seat], str] | None,
    translate: Callable[..., str] | None,
) -> Any:
    if isinstance(value, Seat) and name is not None:
        return _Named(name(value))
    if isinstance(value, Text):
        if value.plural is None:
            template = translate(value.template) if translate else value.template
        elif translate:
            template = translate(value.template, value.plural, value.params["count"])
        else:
            template = value.template if value.params["count"] == 1 else value.plural
        return render(template, value.params, name=name, translate=translate)
    return value
