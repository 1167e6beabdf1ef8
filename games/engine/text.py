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
numbers spelled into the sentence: English shows them as "seat 2" / "side 1" (``{x:C}``
at the start of a sentence: "Side 1"), a score sheet as the seat's player or the
side's names, Finnish in its own words.

``make messages`` extracts every template: the first argument of :func:`msg`, the
message of :class:`~games.engine.errors.RuleError`, the text of
:class:`~games.engine.game.Fact` and the label of
:class:`~games.engine.game.ContextRow` when those are literals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


class Seat(int):
    """A seat number inside a text; English shows it as ``seat N``."""

    __slots__ = ()
    word = "seat"

    def __format__(self, spec: str) -> str:
        if spec == "C":  # at the start of a sentence: "Side 1 is nousussa"
            return f"{self.word.capitalize()} {int(self)}"
        if spec:
            return format(int(self), spec)
        return f"{self.word} {int(self)}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({int(self)})"


class Side(Seat):
    """A side number inside a text; English shows it as ``side N``."""

    __slots__ = ()
    word = "side"


class Text(str):
    """An English sentence that remembers its template and parameters."""

    __slots__ = ("params", "template")
    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any]) -> Text:
        self = super().__new__(cls, template.format_map(params))
        self.template = template
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.template, dict(self.params)))


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


def params_to_json(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as JSON: a seat or side keeps its kind (``{"seat": 2}``)."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, Seat):
            out[key] = {value.word: int(value)}
        elif isinstance(value, Text):  # a text inside a text: translated too
            out[key] = {
                "text": {
                    "template": value.template,
                    "params": params_to_json(value.params),
                }
            }
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
                    inner.get("template", ""), params_from_json(inner.get("params", {}))
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
        return {"template": value.template, "params": params_to_json(value.params)}
    return None


def render(
    template: str,
    params: Mapping[str, Any],
    *,
    name: Callable[[Seat], str] | None = None,
    translate: Callable[[str], str] | None = None,
) -> str:
    """``template`` filled with ``params``; ``name`` says how a seat or side reads
    (default: English "seat N" / "side N"), ``translate`` how a text inside the text
    reads (its template looked up; default: English). A template that does not fit
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
    translate: Callable[[str], str] | None,
) -> Any:
    if isinstance(value, Seat) and name is not None:
        return _Named(name(value))
    if isinstance(value, Text):
        template = translate(value.template) if translate else value.template
        return render(template, value.params, name=name, translate=translate)
    return value
