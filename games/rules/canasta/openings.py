"""The opening meld (§28.6.2, §28.6.5) and the zones that set its requirement.

Terms:

* **opening meld** — the first cards a side lays down in a deal (one or several
  combinations); their card points (no bonuses) must reach the side's **opening
  requirement**;
* **opening zones** — the requirement by the side's score before the deal
  (Canasta: 15 / 50 / 90 / 120 below 0 / from 0 / 1500 / 3000), plus 10 for each
  insufficient attempt in that deal (§28.6.5);
* **parts** — the opening's combinations as entered: indices of melds laid down
  whole, or the cards of a combination that was later extended.

Invariants: each part lies within a different final meld of the same kind and rank
(or suit) — cards are added to melds, never taken off; every part that does not is
an error at its own path.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from games.engine.errors import RuleError
from games.engine.game import Fact
from games.engine.text import msg
from games.rules.canasta.melds import BLACK_THREES, Meld, MeldRules, check_meld
from games.rules.canasta.values import card_index

INSUFFICIENT_OPENING_STEP = 10  # §28.6.5: +10 to the requirement per attempt
_ONLY_INT = frozenset({int})
_points_of = attrgetter("points")


@dataclass(frozen=True, slots=True)
class OpeningZones:
    """Opening requirement by a side's score before the deal.

    ``bands`` are ``(lowest score, requirement)`` from the lowest band up; the first
    band's lowest score is ignored (it covers everything below the second band).
    Bands given out of order are read in order: the last band reached wins.
    """

    bands: tuple[tuple[int, int], ...]
    # The lowest scores of the bands after the first, for a bisection (None: the
    # bands are out of order), and every band's requirement.
    _lows: tuple[int, ...] | None = field(init=False, repr=False, compare=False)
    _needs: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lows = tuple(lowest for lowest, _ in self.bands[1:])
        object.__setattr__(self, "_lows", lows if list(lows) == sorted(lows) else None)
        object.__setattr__(self, "_needs", tuple(need for _, need in self.bands))

    def requirement(self, score: int, attempts: int = 0) -> int:
        """The requirement at ``score``, raised by 10 per insufficient attempt."""
        lows = self._lows
        if lows is not None:
            need = self._needs[bisect_right(lows, score)]
        else:
            need = self.bands[0][1]
            for lowest, value in self.bands[1:]:
                if score >= lowest:
                    need = value
        return need + INSUFFICIENT_OPENING_STEP * attempts

    def describe(self) -> list[str]:
        out = []
        for i, (lowest, value) in enumerate(self.bands):
            if i == 0:
                out.append(f"below {self.bands[1][0]}: {value}")
            elif i + 1 < len(self.bands):
                out.append(f"{lowest}–{self.bands[i + 1][0] - 5}: {value}")
            else:
                out.append(f"{lowest} and over: {value}")
        return out


CANASTA_ZONES = OpeningZones(((-(10**9), 15), (0, 50), (1500, 90), (3000, 120)))
SAMBA_ZONES = OpeningZones(
    ((-(10**9), 0), (0, 50), (1500, 90), (3000, 120), (7000, 150))
)
CONTRACT_SAMBA_ZONES = OpeningZones(
    (
        (-(10**9), 15),
        (0, 50),
        (1500, 90),
        (3000, 120),
        (7000, 150),
        (10000, 200),
    )
)


_OPENING_MET: dict[tuple[int, int, int], Fact] = {}


def opening_met_fact(requirement: int, points: int, side: int) -> Fact:
    """``opening requirement 50 met with 120``: an immutable value, kept and shared
    by the deals that score it (a few hundred are usual)."""
    key = (requirement, points, side)
    fact = _OPENING_MET.get(key)
    if fact is None:
        if len(_OPENING_MET) >= 4096:
            _OPENING_MET.clear()
        fact = _OPENING_MET[key] = Fact(
            "opening_met",
            msg(
                "opening requirement {need} met with {points}",
                need=requirement,
                points=points,
            ),
            side,
            points,
        )
    return fact


def opening_without_melds(base: str) -> RuleError:
    """An opening entered for a side that melded nothing."""
    return RuleError(
        f"{base}.opening",
        "opening_without_melds",
        "the side has no melds, so it made no opening meld",
    )


# frozenset(range(n)) for the usual numbers of melds (see whole_melds).
_MELD_INDICES = tuple(frozenset(range(n)) for n in range(32))


def whole_melds(opening: Sequence[Any], count: int) -> bool:
    """Whether ``opening`` names distinct melds of ``count`` by index (the usual
    entry: each combination laid down whole and never extended)."""
    try:
        picked = set(opening)
    except TypeError:  # a combination given as a list of cards
        return False
    if len(picked) != len(opening):
        return False
    indices = _MELD_INDICES[count] if count < len(_MELD_INDICES) else range(count)
    # Cards given as a combination are tuples, never among the indices; nor are
    # negative or too large numbers.
    return picked.issubset(indices)


def opening_parts(
    opening: Sequence[Any] | None,
    melds: tuple[Meld, ...],
    rules: MeldRules,
    base: str,
    *,
    all_melds: bool,
) -> tuple[list[Meld] | None, list[RuleError]]:
    """The opening's combinations as melds; None if not entered nor derivable.

    ``all_melds``: with no opening entered, everything on the table (but black
    threes) was the opening (the side opened and went out in one turn).
    """
    if not opening:
        if all_melds:
            return [m for m in melds if m.kind != BLACK_THREES], []
        return None, []
    if _ONLY_INT.issuperset(map(type, opening)) and whole_melds(opening, len(melds)):
        return list(map(melds.__getitem__, opening)), []  # the usual entry
    parts: list[Meld] = []
    errors: list[RuleError] = []
    for i, part in enumerate(opening):
        if isinstance(part, int):
            if 0 <= part < len(melds):
                parts.append(melds[part])
                continue
            errors.append(
                RuleError(
                    f"{base}.opening.{i}",
                    "no_such_meld",
                    msg("there is no meld {part}", part=part),
                )
            )
            continue
        meld, errs = check_meld(part, rules, path=f"{base}.opening.{i}")
        errors.extend(errs)
        if meld is not None:
            parts.append(meld)
    if errors:
        return None, errors
    return parts, []


def _contains(big: Sequence[Any], small: Sequence[Any]) -> bool:
    have = [card_index(c) for c in big]
    try:
        for c in small:
            have.remove(card_index(c))
    except ValueError:
        return False
    return True


def check_opening(
    opening: Sequence[Meld],
    melds: Sequence[Meld],
    requirement: int,
    *,
    path: str,
    side: int,
    whole: bool = False,
) -> tuple[int, list[RuleError], list[Fact]]:
    """Check an opening meld: its combinations lie within the side's final melds and
    their card points reach ``requirement``.

    Returns (opening points, errors, facts). Each combination must sit inside a
    different final meld of the same kind and rank (or suit): cards are added to
    melds, never taken off. ``whole``: the combinations are distinct melds of
    ``melds`` (see :func:`whole_melds`), so they are in place.
    """
    errors: list[RuleError] = []
    used: set[int] = set()
    pending: list[int] = []
    if whole:
        pass
    elif len(ids := set(map(id, opening))) == len(opening) and ids.issubset(
        map(id, melds)
    ):
        pass  # whole melds given as the meld objects, each once: all in place
    else:
        # Whole melds given by index first, so a combination typed as cards cannot
        # take the meld they stand for.
        index_of = {id(m): j for j, m in enumerate(melds)}
        for i, part in enumerate(opening):
            j = index_of.get(id(part))
            if j is not None and j in used:  # the same meld object listed twice
                j = next(
                    (j for j, m in enumerate(melds) if m is part and j not in used),
                    None,
                )
            if j is None:
                pending.append(i)
            else:
                used.add(j)
    for i in pending:
        part = opening[i]
        for j, meld in enumerate(melds):
            if j in used or meld.kind != part.kind:
                continue
            if meld.rank != part.rank or meld.suit != part.suit:
                continue
            if _contains(meld.cards, part.cards):
                used.add(j)
                break
        else:
            errors.append(
                RuleError(
                    f"{path}.{i}",
                    "opening_not_in_melds",
                    "every combination of the opening meld stays on the table: "
                    "it must lie within one of the side's melds",
                )
            )
    points = sum(map(_points_of, opening))
    facts: list[Fact] = []
    if points < requirement:
        errors.append(
            RuleError(
                path,
                "opening_requirement_not_met",
                msg(
                    "the opening meld counts {points}; the requirement is {need}",
                    points=points,
                    need=requirement,
                ),
            )
        )
    else:
        facts.append(opening_met_fact(requirement, points, side))
    return points, errors, facts
