"""Names of people as a club sees them: equal ignoring case, accents and spacing."""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")


def name_key(name: str) -> str:
    """``name`` with case, accents and spacing ignored: "Äinö  " → "aino"."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SPACES.sub(" ", bare).strip().casefold()
