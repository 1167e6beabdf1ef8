"""A format's search in a process of its own, its questions answered from here.

A partner rotation of 48 players searches for seconds of pure Python. Run in a
thread of the web process, the search holds the interpreter (the GIL) for most of
that time, and every other request thread of the process — another table's deal
submission — waits its turn: issue 29 measured a submit at three times its normal
time while a round was generated. So a big field's search runs in a child process
forked from this one (:func:`round_compute_forked`): it starts with the format registry
already imported, and it never touches the database. The format asks its questions
(:class:`tournaments.formats.spec.StageSource`: the field, the history, the
standings) through a pipe; the calling thread answers each from the real source —
on its own database connection, in its own transaction, as if the format ran here
— and otherwise waits on the pipe, which releases the interpreter. The format's
error (:class:`FormatError`, :class:`RankingError`) comes back as the same error.

Small fields stay in the calling thread: forking a Django process, asking through
the pipe and joining the child cost tens of milliseconds (``bench/generate_lock.py
--overhead``; about 70 ms on a loaded two-core machine), more than a small round's
whole search (a Swiss of 8, a rotation of 16: 15–30 ms there), and small against a
rotation of 24 or more. ``settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES`` (default
:data:`PROCESS_MIN_ENTRIES`; ``0``: every field, ``-1``: never) is the field size
from which a process is used; where ``fork`` is not available (Windows, macOS's
default), or the fork fails, the search runs here as before.

The child runs at a lower priority (``os.nice``, by
``settings.KIRJURI_GENERATE_PROCESS_NICE``, default :data:`PROCESS_NICE`): on a
machine with as many busy processes as cores, a deal submission beside the search
then gets the core it needs at once, and the search takes what is left — on a
quiet club laptop, a whole core; on a loaded one, longer.

What a child remembers (the whist search's answer per field size,
:mod:`tournaments.formats.memo`) comes back with the round and is kept here, so the
next round of the rotation does not search again.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from django.conf import settings

from tournaments.formats import memo
from tournaments.formats.base import FormatError
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.registry import get_format
from tournaments.ranking import RankingError

logger = logging.getLogger(__name__)

#: The field size from which a format's search runs in a child process.
PROCESS_MIN_ENTRIES = 24
#: How much the child gives way to the web process's requests (``nice``).
PROCESS_NICE = 10

# The source's questions a format may ask (StageSource's methods).
QUESTIONS = (
    "active",
    "names",
    "team_sizes",
    "history",
    "standings",
    "knockout",
    "groups",
    "seeding_notes",
)


def round_process_check(entries: int) -> bool:
    """Whether a field of ``entries`` is searched in a child process."""
    least = getattr(settings, "KIRJURI_GENERATE_PROCESS_MIN_ENTRIES", None)
    least = PROCESS_MIN_ENTRIES if least is None else int(least)
    if least < 0 or entries < least:
        return False
    return "fork" in multiprocessing.get_all_start_methods()


def _nice() -> int:
    value = getattr(settings, "KIRJURI_GENERATE_PROCESS_NICE", None)
    return PROCESS_NICE if value is None else int(value)


def round_compute_forked(format_key: str, source: Any, number: int) -> FormatRound:
    """Round ``number`` from the format ``format_key`` asking ``source``, the search
    in a child process (see the module docstring); raises what the format raises."""
    context = multiprocessing.get_context("fork")
    here, there = context.Pipe()
    child = context.Process(
        target=_child,
        args=(
            there,
            format_key,
            number,
            source.settings,
            source.entry_ids,
            _nice(),
        ),
        daemon=True,  # ends with this process, whatever happens to the request
        name=f"kirjuri-round-search-{number}",
    )
    try:
        child.start()
    except (OSError, AssertionError):
        # No fork (out of memory or processes), or a daemonic process (one of some
        # worker pools) that multiprocessing does not let have children.
        logger.exception("could not fork the round's search; searching here")
        here.close()
        there.close()
        return get_format(format_key).next_round(source, number)
    there.close()
    try:
        return _answer(here, source)
    finally:
        here.close()
        if child.is_alive():
            child.kill()  # a question that failed here: the search is pointless
        child.join()


def _answer(here: Connection, source: Any) -> FormatRound:
    """Answer the child's questions until it sends the round or an error."""
    while True:
        try:
            message = here.recv()
        except EOFError:
            raise RuntimeError(
                "the round's search process ended without an answer"
            ) from None
        kind = message[0]
        if kind == "ask":
            _kind, name, args = message
            if name not in QUESTIONS:
                raise RuntimeError(f"the round's search asked for {name!r}")
            here.send(getattr(source, name)(*args))
        elif kind == "round":
            _kind, generated, learned = message
            memo.merge(learned)
            return generated
        elif kind == "error":
            _kind, error_class, code, text, path = message
            raise _ERRORS[error_class](code, text, path=path)
        else:  # "crash": a bug in the format, raised here to be logged
            raise RuntimeError(f"the round's search failed: {message[1]}")


_ERRORS: dict[str, Callable[..., Exception]] = {
    "format": FormatError,
    "ranking": RankingError,
}


class _AskingSource:
    """The child's :class:`StageSource`: every question goes to the parent."""

    def __init__(self, pipe: Connection, settings: Any, entry_ids: list[int]):
        self._pipe = pipe
        self.settings = settings
        self.entry_ids = list(entry_ids)

    def _ask(self, name: str, *args: Any) -> Any:
        self._pipe.send(("ask", name, args))
        return self._pipe.recv()

    def active(self, entry_ids: Any = None) -> Any:
        return self._ask("active", entry_ids)

    def names(self) -> Any:
        return self._ask("names")

    def team_sizes(self, entry_ids: Any) -> Any:
        return self._ask("team_sizes", list(entry_ids))

    def history(self) -> Any:
        return self._ask("history")

    def standings(self) -> Any:
        return self._ask("standings")

    def knockout(self) -> Any:
        return self._ask("knockout")

    def groups(self) -> Any:
        return self._ask("groups")

    def seeding_notes(self) -> Any:
        return self._ask("seeding_notes")


def _child(
    pipe: Connection,
    format_key: str,
    number: int,
    settings: Any,
    entry_ids: list,
    nice: int,
) -> None:
    """The child's whole life: search, send the round (or the error), exit.

    It inherits the parent's database connections and must not use them (nor
    close them: closing would end the parent's session on PostgreSQL); it asks
    the parent instead, and ``multiprocessing`` ends a forked child with
    ``os._exit``, which closes nothing.
    """
    known = memo.known()
    with contextlib.suppress(OSError):  # a platform without priorities: as is
        os.nice(nice)  # background work: requests beside it go first
    try:
        source = _AskingSource(pipe, settings, entry_ids)
        generated = get_format(format_key).next_round(source, number)
        pipe.send(("round", generated, memo.since(known)))
    except FormatError as error:
        pipe.send(("error", "format", error.code, error.message, error.path))
    except RankingError as error:
        pipe.send(("error", "ranking", error.code, error.message, error.path))
    except BaseException as error:  # a bug: told to the parent, raised there
        pipe.send(("crash", f"{type(error).__name__}: {error}"))
    finally:
        pipe.close()
