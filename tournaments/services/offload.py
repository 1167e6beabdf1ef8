"""A format's search in a process of its own, its questions answered from here.

A partner rotation of 48 players searches for seconds of pure Python. Run in a
thread of the web process, the search holds the interpreter (the GIL) for most of
that time, and every other request thread of the process — another table's deal
submission — waits its turn: issue 29 measured a submit at three times its normal
time while a round was generated. So a big field's search runs in a child process
(:func:`round_compute_in_child`), a new interpreter running the pure module
:mod:`tournaments.formats.process` (no Django), started with ``subprocess`` — never
``os.fork()`` of this process. The format asks its questions
(:class:`tournaments.formats.spec.StageSource`: the field, the history, the
standings) through the child's standard input and output; the calling thread
answers each from the real source — on its own database connection, outside any
transaction of this module, as if the format ran here — and otherwise waits on
the pipe, which releases the interpreter. The format's error
(:class:`FormatError`, :class:`RankingError`) comes back as the same error.

**Why not fork.** The first version forked the web process
(``multiprocessing``'s ``fork``). A process with threads — runserver's and
gunicorn's request threads, Celery's, the test runner's execnet thread that sits
in a read of standard input holding its buffer's lock — can be forked while
another thread holds a lock; the child inherits the lock held and nobody to
release it. The forked child's first step (``sys.stdin.close()`` in
``multiprocessing``'s bootstrap) waited for exactly that lock, for ever, and the
parent waited on the pipe for ever: the whole test suite hung. ``subprocess``
forks and executes the new interpreter at once in C (``_posixsubprocess``), with no
Python code and no lock taken between the two, so the child owns no inherited
lock, thread or connection.

**Never waiting for ever.** A watchdog (a timer thread) kills the child when it
has not answered within the search's budget plus a margin
(``settings.KIRJURI_GENERATE_SEARCH_SECONDS``, default :data:`SEARCH_SECONDS`,
plus ``settings.KIRJURI_GENERATE_SEARCH_MARGIN_SECONDS``, default
:data:`MARGIN_SECONDS`: below Celery's soft time limit of 240 s). A killed or
crashed child closes its end of the pipes, so whatever this thread was waiting on
(a read, or the write of an answer) ends at once, and the search fails with a
clear, translated error (:class:`SearchStopped`; the job records it). The child is
killed and reaped whatever happens here.

Small fields stay in the calling thread: starting an interpreter and importing
the formats costs about 0.1–0.3 s (``bench/generate_lock.py --overhead``), more
than a small round's whole search (a Swiss of 8, a rotation of 16: 5–30 ms), and
small against a rotation of 24 or more (seconds).
``settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES`` (default
:data:`PROCESS_MIN_ENTRIES`; ``0``: every field, ``-1``: never) is the field size
from which a process is used. Where the child cannot be started (no POSIX pipes,
no processes left), the search runs here as before.

The child runs at a lower priority (``nice``, by
``settings.KIRJURI_GENERATE_PROCESS_NICE``, default :data:`PROCESS_NICE`): on a
machine with as many busy processes as cores, a deal submission beside the search
then gets the core it needs at once, and the search takes what is left.

What the child learns (the whist search's answer per field size,
:mod:`tournaments.formats.memo`) comes back with the round and is kept here, and
what is kept here is sent to the next child, so the next round of the rotation
does not search again.
"""

from __future__ import annotations

import contextlib
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import gettext
from rest_framework import status

from config.api import DomainError
from tournaments.formats import memo
from tournaments.formats.base import FormatError
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.process import QUESTIONS
from tournaments.formats.registry import get_format
from tournaments.ranking import RankingError

logger = logging.getLogger(__name__)

#: The field size from which a format's search runs in a child process.
PROCESS_MIN_ENTRIES = 24
#: How much the child gives way to the web process's requests (``nice``).
PROCESS_NICE = 10
#: The search's budget, in seconds (a rotation of 96 on a loaded two-core
#: machine took 142 s; on a quiet one 26–32 s).
SEARCH_SECONDS = 180.0
#: Added to the budget before the child is killed (its start, the questions).
MARGIN_SECONDS = 30.0
#: How long a child that has answered may take to exit before it is killed.
EXIT_GRACE_SECONDS = 2.0
#: The module the child runs (``python -m``); pure, no Django.
CHILD_MODULE = "tournaments.formats.process"
#: The folder the child starts in, from which ``tournaments`` is imported.
ROOT = Path(__file__).resolve().parents[2]


class SearchStopped(DomainError):
    """The search process was killed at its deadline or ended without an answer."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE


def round_process_check(entries: int) -> bool:
    """Whether a field of ``entries`` is searched in a child process."""
    least = getattr(settings, "KIRJURI_GENERATE_PROCESS_MIN_ENTRIES", None)
    least = PROCESS_MIN_ENTRIES if least is None else int(least)
    if least < 0 or entries < least:
        return False
    return os.name == "posix"


def _setting(name: str, default: float) -> float:
    value = getattr(settings, name, None)
    return default if value is None else float(value)


def _nice() -> int:
    return int(_setting("KIRJURI_GENERATE_PROCESS_NICE", PROCESS_NICE))


def _deadline() -> float:
    """Seconds the child may take: the search's budget plus the margin."""
    return _setting("KIRJURI_GENERATE_SEARCH_SECONDS", SEARCH_SECONDS) + _setting(
        "KIRJURI_GENERATE_SEARCH_MARGIN_SECONDS", MARGIN_SECONDS
    )


def round_compute_in_child(format_key: str, source: Any, number: int) -> FormatRound:
    """Round ``number`` from the format ``format_key`` asking ``source``, the search
    in a child process (see the module docstring); raises what the format raises,
    or :class:`SearchStopped` if the child is killed at its deadline or dies."""
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", CHILD_MODULE, str(_nice())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            close_fds=True,
        )
    except OSError:
        logger.exception("could not start the round's search process; searching here")
        return get_format(format_key).next_round(source, number)
    # Our own descriptors for the frames; the Popen's file objects are closed.
    reader = Connection(os.dup(child.stdout.fileno()), writable=False)
    writer = Connection(os.dup(child.stdin.fileno()), readable=False)
    child.stdout.close()
    child.stdin.close()
    seconds = _deadline()
    expired = threading.Event()

    def expire() -> None:
        expired.set()
        _kill(child)

    watchdog = threading.Timer(seconds, expire)
    watchdog.daemon = True
    watchdog.name = f"kirjuri-round-search-{number}-watchdog"
    watchdog.start()
    answered = False
    try:
        try:
            writer.send(
                (
                    "round",
                    format_key,
                    number,
                    dict(source.settings),
                    list(source.entry_ids),
                    memo.snapshot(),
                )
            )
            final = _answer(reader, writer, source)
        except (EOFError, OSError):
            # The child is gone: killed by the watchdog, or dead by itself.
            if expired.is_set():
                logger.error(
                    "the round's search took more than %.0f s; stopped", seconds
                )
                raise SearchStopped(
                    "generation_timeout",
                    gettext(
                        "the round's search did not finish within %(seconds)d "
                        "seconds and was stopped; try again when the club's "
                        "machine is less busy, or ask its administrator to allow "
                        "the search more time"
                    )
                    % {"seconds": round(seconds)},
                    "stage",
                ) from None
            logger.error(
                "the round's search process ended without an answer (exit %s)",
                child.poll(),
            )
            raise SearchStopped(
                "generation_stopped",
                gettext(
                    "the round's search stopped without an answer; try again, and "
                    "tell the club's administrator if it happens again"
                ),
                "stage",
            ) from None
        answered = True
        return _final(final)
    finally:
        watchdog.cancel()
        reader.close()
        writer.close()
        # A child that answered exits by itself a moment later; any other is
        # killed now (a question that failed here, the deadline).
        _kill(child, grace=EXIT_GRACE_SECONDS if answered else 0)


def _kill(child: subprocess.Popen, grace: float = 0) -> None:
    """End the child if it still runs after ``grace`` seconds, and reap it."""
    if grace:
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(timeout=grace)
    with contextlib.suppress(OSError):
        if child.poll() is None:
            child.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        child.wait(timeout=10)


def _answer(reader: Connection, writer: Connection, source: Any) -> tuple:
    """Answer the child's questions until it sends its last word (the round, an
    error or a crash), which is returned."""
    while True:
        message = reader.recv()
        if message[0] != "ask":
            return message
        _kind, name, args = message
        if name not in QUESTIONS:
            raise RuntimeError(f"the round's search asked for {name!r}")
        writer.send(getattr(source, name)(*args))


def _final(message: tuple) -> FormatRound:
    """The round from the child's last word, or its error raised here."""
    kind = message[0]
    if kind == "round":
        _kind, generated, learned = message
        memo.merge(learned)
        return generated
    if kind == "error":
        _kind, error_class, code, text, path = message
        raise _ERRORS[error_class](code, text, path=path)
    # "crash": a bug in the format, raised here to be logged
    raise RuntimeError(f"the round's search failed: {message[1]}")


_ERRORS: dict[str, Callable[..., Exception]] = {
    "format": FormatError,
    "ranking": RankingError,
}
