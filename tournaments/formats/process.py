"""A round's search in a process of its own: ``python -m tournaments.formats.process``.

The web process (:mod:`tournaments.services.offload`) starts this module as a new
interpreter — ``subprocess`` runs it (fork and exec at once, in C), so the child
inherits no thread, lock or connection of its parent — and talks to it over the
child's standard input and output: ``multiprocessing.connection`` frames (a
length, then a pickle), both ends Kirjuri's own code.

1. The parent sends ``("round", format_key, number, settings, entry_ids,
   remembered)``: what the search is, and the answers the parent remembers
   (:mod:`tournaments.formats.memo`, so that a rotation's second round does not
   search again here either).
2. The child searches. Each question the format asks its source (the field, the
   history, the standings: :class:`tournaments.formats.spec.StageSource`) goes to
   the parent as ``("ask", name, args)``, and the child waits for the answer,
   which the parent reads from the database.
3. The child sends ``("round", round, learned)``, or the format's error
   ``("error", kind, code, message, path)``, or ``("crash", text)`` for a bug, and
   exits.

Pure Python: no Django is imported here, nor by the formats. The child lowers its
own priority first (``nice``, the first argument), so that requests beside it get
a core first, and moves its standard output aside (to standard error) before
importing anything, so that a stray ``print`` cannot break a frame.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

#: The source's questions a format may ask (StageSource's methods).
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


class AskingSource:
    """The child's :class:`StageSource`: every question goes to the parent."""

    def __init__(self, reader: Any, writer: Any, settings: Any, entry_ids: list):
        self._reader = reader
        self._writer = writer
        self.settings = settings
        self.entry_ids = list(entry_ids)

    def _ask(self, name: str, *args: Any) -> Any:
        self._writer.send(("ask", name, args))
        return self._reader.recv()

    def active(self, entry_ids: Any = None) -> Any:
        return self._ask("active", None if entry_ids is None else list(entry_ids))

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


def main(argv: list[str]) -> int:
    """The child's whole life: one search, its answer, exit."""
    nice = int(argv[1]) if len(argv) > 1 else 0
    if nice:
        with contextlib.suppress(OSError):  # a platform without priorities: as is
            os.nice(nice)
    # The channel is the standard output the parent reads; from here on anything
    # printed goes to standard error instead, and nothing reads standard input.
    channel_out = os.dup(1)
    channel_in = os.dup(0)
    os.dup2(2, 1)
    with open(os.devnull, "rb") as null:
        os.dup2(null.fileno(), 0)

    from multiprocessing.connection import Connection

    reader = Connection(channel_in, writable=False)
    writer = Connection(channel_out, readable=False)
    try:
        return _search(reader, writer)
    finally:
        reader.close()
        writer.close()


def _search(reader: Any, writer: Any) -> int:
    try:
        _kind, format_key, number, settings, entry_ids, remembered = reader.recv()
    except EOFError:  # the parent gave up before asking
        return 1
    from tournaments.formats import memo
    from tournaments.formats.base import FormatError
    from tournaments.formats.registry import get_format
    from tournaments.ranking import RankingError

    memo.merge(remembered)
    known = memo.known()
    source = AskingSource(reader, writer, settings, entry_ids)
    try:
        generated = get_format(format_key).next_round(source, number)
    except FormatError as error:
        writer.send(("error", "format", error.code, error.message, error.path))
    except RankingError as error:
        writer.send(("error", "ranking", error.code, error.message, error.path))
    except (EOFError, BrokenPipeError):  # the parent has gone (or killed us)
        return 1
    except Exception as error:  # a bug: told to the parent, raised and logged there
        writer.send(("crash", f"{type(error).__name__}: {error}"))
    else:
        writer.send(("round", generated, memo.since(known)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
