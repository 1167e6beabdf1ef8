"""Plain JSON for the engine's results (for the API, the CLI and the database).

:func:`state_to_json` writes a match state (without its options and table, which
the match stores); :func:`state_from_json` reads it back, equal to the state folded
(a property test holds every registered game to it), so that the score book folds
only a new deal onto the stored state. :func:`state_to_stored` adds a version marker
(:func:`state_marker`: the format, the game's ``state_version`` and a digest of its
state class's fields); :func:`state_from_stored` restores only a state written under
the current marker and answers ``None`` otherwise, and the caller folds the deals.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import hashlib
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any

from pydantic import BaseModel, ValidationError

from games.engine.cards import Card, parse_card
from games.engine.errors import InputRejected
from games.engine.game import DealRecord, FoldedMatch, Game, MatchState, Table
from games.engine.text import Text, i18n_of


def to_jsonable(value: Any) -> Any:
    """Dataclasses, pydantic models, cards, enums and containers → JSON values."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Text):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {
            f.name: to_jsonable(getattr(value, f.name))
            for f in dataclasses.fields(value)
        }
        i18n = _texts_i18n(value)
        if i18n:
            data["i18n"] = i18n
        return data
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in value]
    return value


def _texts_i18n(value: Any) -> dict[str, Any]:
    """The templates of a dataclass's texts with values, by field (``"text"``) or
    field and index (``"notes.1"``), for the boundary to translate."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(value):
        field_value = getattr(value, f.name)
        if isinstance(field_value, Text):
            i18n = i18n_of(field_value)
            if i18n is not None:
                out[f.name] = i18n
        elif isinstance(field_value, tuple):
            for i, item in enumerate(field_value):
                i18n = i18n_of(item)
                if i18n is not None:
                    out[f"{f.name}.{i}"] = i18n
    return out


def state_to_json(state: MatchState) -> dict[str, Any]:
    data = to_jsonable(state)
    data.pop("options", None)  # the match stores its options already
    data.pop("table", None)
    return data


def record_to_json(record: DealRecord) -> dict[str, Any]:
    return {
        "number": record.number,
        "flagged": record.flagged,
        "errors": [e.as_dict() for e in record.errors],
        "score": to_jsonable(record.score),
        "totals": list(record.totals),
        "seat_totals": list(record.seat_totals),
    }


def folded_to_json(folded: FoldedMatch) -> dict[str, Any]:
    """The folded match as the API and the CLI show it."""
    return {
        "game": folded.game,
        "deals": [record_to_json(r) for r in folded.deals],
        "totals": list(folded.totals),
        "seat_totals": list(folded.seat_totals),
        "individual_totals": list(folded.individual_totals),
        "leaders": list(folded.leaders),
        "finished": folded.finished,
        "winners": list(folded.winners),
        "needs_attention": folded.needs_attention,
        "next_deal": to_jsonable(folded.next_deal),
        "state": state_to_json(folded.state),
    }


# -- restoring a stored state -----------------------------------------------------

#: The layout of a stored state (``state_to_json`` plus :data:`FORMAT_KEY`). Bump it
#: when :func:`to_jsonable` changes how it writes a value.
STATE_FORMAT = 1
#: The key under which :func:`state_to_stored` keeps the state's version marker.
FORMAT_KEY = "engine_state"


class StateMismatch(ValueError):
    """Stored state JSON that does not fit the game's state class (an older engine,
    a hand edit): the caller folds the match from its deals instead."""


def state_from_json(
    game: Game, data: Mapping[str, Any], *, options: BaseModel, table: Table
) -> MatchState:
    """The inverse of :func:`state_to_json`: the game's state, exactly as folded.

    Driven by the state class's dataclass fields and their type hints (the class is
    the one ``game.initial_state`` makes), so games add fields without code here.
    ``options`` and ``table`` are not in the JSON (the match stores them). Raises
    :class:`StateMismatch` when a field is missing or a value does not fit its type.
    """
    cls = type(game.initial_state(options, table))
    values: dict[str, Any] = {"options": options, "table": table}
    for name, hint in _state_fields(cls):
        if name not in data:
            raise StateMismatch(f"{cls.__name__}.{name}: missing")
        values[name] = _restore(hint, data[name], f"{cls.__name__}.{name}")
    return cls(**values)


def state_marker(game: Game, options: BaseModel, table: Table) -> str:
    """The version marker of ``game``'s stored states: the serialisation format,
    the game's declared ``state_version`` and a digest of its state class's fields
    and types — a stored state written under another marker is not restored."""
    cls = type(game.initial_state(options, table))
    key = (type(game), cls, game.state_version)
    marker = _MARKERS.get(key)
    if marker is None:
        layout = ";".join(f"{name}:{hint!r}" for name, hint in _state_fields(cls))
        digest = hashlib.sha256(layout.encode()).hexdigest()[:12]
        marker = f"{STATE_FORMAT}.{game.state_version}.{cls.__qualname__}.{digest}"
        _MARKERS[key] = marker
    return marker


_MARKERS: dict[tuple[type, type, int], str] = {}


def state_to_stored(game: Game, state: MatchState) -> dict[str, Any]:
    """What the score book stores: :func:`state_to_json` and the version marker."""
    data = state_to_json(state)
    data[FORMAT_KEY] = state_marker(game, state.options, state.table)
    return data


def state_from_stored(
    game: Game, data: Mapping[str, Any] | None, *, options: BaseModel, table: Table
) -> MatchState | None:
    """The state stored by :func:`state_to_stored`, or ``None`` when there is none
    or it was written by another engine version (fold from the deals then)."""
    if not data or data.get(FORMAT_KEY) != state_marker(game, options, table):
        return None
    try:
        return state_from_json(game, data, options=options, table=table)
    except (StateMismatch, TypeError, ValueError):  # the state class refused it
        return None


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _state_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The stored fields of a state class (all but options and table), typed."""
    found = _FIELDS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = tuple(
            (f.name, hints[f.name])
            for f in dataclasses.fields(cls)
            if f.init and f.name not in ("options", "table")
        )
        _FIELDS[cls] = found
    return found


def _restore(hint: Any, value: Any, path: str) -> Any:
    """``value`` (JSON) as the type ``hint`` names; :class:`StateMismatch` if it
    does not fit."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        for option in args:
            if option is type(None):
                continue
            try:
                return _restore(option, value, path)
            except StateMismatch:
                continue
        raise StateMismatch(f"{path}: {value!r} fits none of {hint!r}")
    if origin in (tuple, list, set, frozenset):
        if not isinstance(value, list):
            raise StateMismatch(f"{path}: expected a list, got {value!r}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if args and len(args) != len(value):
                raise StateMismatch(f"{path}: expected {len(args)} items")
            items = [
                _restore(a, v, f"{path}[{i}]")
                for i, (a, v) in enumerate(zip(args, value, strict=False))
            ]
        else:
            item = args[0] if args else Any
            items = [_restore(item, v, f"{path}[{i}]") for i, v in enumerate(value)]
        return origin(items)
    if origin in (dict, Mapping, collections.abc.Mapping):
        if not isinstance(value, dict):
            raise StateMismatch(f"{path}: expected an object, got {value!r}")
        key_type, item_type = args or (str, Any)
        return {
            _restore(key_type, int(k) if key_type is int else k, path): _restore(
                item_type, v, f"{path}.{k}"
            )
            for k, v in value.items()
        }
    if origin is typing.Literal:
        if value not in args:
            raise StateMismatch(f"{path}: {value!r} is not one of {args!r}")
        return value
    if not isinstance(hint, type):
        raise StateMismatch(f"{path}: cannot restore a {hint!r}")
    if hint is Card:
        try:
            return parse_card(value, path=path)
        except InputRejected:
            raise StateMismatch(f"{path}: {value!r} is not a card") from None
    if issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise StateMismatch(f"{path}: {value!r} is not a {hint.__name__}") from None
    if issubclass(hint, BaseModel):
        try:
            return hint.model_validate(value)
        except ValidationError:
            raise StateMismatch(f"{path}: {value!r} is not a {hint.__name__}") from None
    if dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            raise StateMismatch(f"{path}: expected an object, got {value!r}")
        hints = typing.get_type_hints(hint)
        kwargs = {}
        for f in dataclasses.fields(hint):
            if not f.init:
                continue
            if f.name not in value:
                raise StateMismatch(f"{path}.{f.name}: missing")
            kwargs[f.name] = _restore(hints[f.name], value[f.name], f"{path}.{f.name}")
        return hint(**kwargs)
    if hint is bool:
        if not isinstance(value, bool):
            raise StateMismatch(f"{path}: expected true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise StateMismatch(f"{path}: expected an integer, got {value!r}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise StateMismatch(f"{path}: expected a number, got {value!r}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise StateMismatch(f"{path}: expected a string, got {value!r}")
        return value
    raise StateMismatch(f"{path}: cannot restore a {hint.__name__}")
