"""Hypothesis strategies of whole matches for every registered game, keyed by slug.

One module per game (``tests/games/strategies/<module>.py``) declares ``SLUG`` and
``matches()``: a strategy of :class:`MatchCase` — options, table and a list of deals a
scorer could enter (mostly legal, card entry and totals entry; where a game's own
property tests do so, sometimes a deal the rules refuse, which the fold keeps flagged)
and one ``spare`` deal to correct a deal with. The modules reuse the generators of the
games' own property tests (``tests/games/test_<game>_properties.py``,
``tests/games/skruuvi_strategies.py``, ``bench/cases/``) and ask the registry for the
game by slug, so a rule module can move without breaking them.

``tests/games/test_fold_once.py`` runs the fold laws for every registered game and
fails for a game that has no module here: adding a game means adding its strategy.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from games.engine import Table


@dataclass(frozen=True)
class MatchCase:
    """A match to fold: options, table (``None`` for the game's default), deals."""

    deals: tuple[Any, ...]
    spare: Any
    options: Mapping[str, Any] = field(default_factory=dict)
    table: Table | None = None


def cases(
    deal: st.SearchStrategy[Any],
    *,
    options: st.SearchStrategy[Mapping[str, Any]] | None = None,
    max_deals: int = 10,
) -> st.SearchStrategy[MatchCase]:
    """Matches whose deals are drawn independently from ``deal``."""
    return st.builds(
        MatchCase,
        deals=st.lists(deal, max_size=max_deals).map(tuple),
        spare=deal,
        options=options if options is not None else st.just({}),
    )


def _load() -> dict[str, Callable[[], st.SearchStrategy[MatchCase]]]:
    found: dict[str, Callable[[], st.SearchStrategy[MatchCase]]] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):  # shared by several games' modules
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if module.SLUG in found:
            raise RuntimeError(f"two strategy modules for {module.SLUG!r}")
        found[module.SLUG] = module.matches
    return found


STRATEGIES = _load()


def match_cases(slug: str) -> st.SearchStrategy[MatchCase]:
    """The strategy of matches of the game ``slug``."""
    if slug not in STRATEGIES:
        raise LookupError(
            f"no deal generator for the game {slug!r}: add "
            f"tests/games/strategies/<module>.py with SLUG = {slug!r} and matches()"
        )
    return STRATEGIES[slug]()
