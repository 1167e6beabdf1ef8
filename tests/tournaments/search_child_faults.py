"""A search process that fails as the parent must survive (run with ``python -m``
by :mod:`tournaments.services.offload` when a test points ``CHILD_MODULE`` here).

``KIRJURI_TEST_SEARCH_CHILD`` says how: ``stuck`` reads the request and never
answers (the watchdog must kill it), ``die`` reads the request and exits without a
word. Pure Python, as the real child."""

from __future__ import annotations

import os
import sys
import threading
from multiprocessing.connection import Connection


def main() -> int:
    reader = Connection(os.dup(0), writable=False)
    reader.recv()  # the parent's request
    if os.environ.get("KIRJURI_TEST_SEARCH_CHILD") == "stuck":
        threading.Event().wait()  # for ever, until killed
    return 3


if __name__ == "__main__":
    sys.exit(main())
