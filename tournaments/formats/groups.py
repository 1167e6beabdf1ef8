"""Groups then play-offs: snake-seeded round-robin groups feeding a knockout.

Terms: groups are named A, B, C …; ``A1`` is the winner of group A, ``B2`` the
runner-up of B. *Snake seeding* deals seeds into groups A→Z then Z→A (1 A, 2 B, 3 C,
4 C, 5 B, 6 A, …) so every group gets the same sum of seed positions within one
pass. *Cross-seeding* orders the play-off seeds by finishing place, then group, so
the knockout's standard placement sets group winners against runners-up of other
groups (two groups: A1 v B2, B1 v A2).

Invariants: every entry is in exactly one group; group sizes differ by at most
one; in the first play-off round no two entries of the same group meet whenever the
bracket allows it (checked, and rotated into place when the plain order would not).
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from tournaments.formats.base import EntryId, FormatError, Round, unique_entries
from tournaments.formats.knockout import Bracket, bracket_positions, single_elimination
from tournaments.formats.round_robin import round_robin


@dataclass(frozen=True)
class Group:
    name: str
    entries: tuple[EntryId, ...]
    rounds: tuple[Round, ...]


def group_name(index: int) -> str:
    return string.ascii_uppercase[index] if index < 26 else f"G{index + 1}"


def snake_groups(
    seeds: Sequence[EntryId], groups: int
) -> tuple[tuple[EntryId, ...], ...]:
    """Deal ``seeds`` (best first) into ``groups`` groups by snake seeding."""
    seeds_t = unique_entries(list(seeds))
    if groups < 1 or groups * 2 > len(seeds_t):
        raise FormatError(
            "bad_group_count",
            f"{len(seeds_t)} entries cannot make {groups} groups of at least two",
            path="groups",
        )
    result: list[list[EntryId]] = [[] for _ in range(groups)]
    for i, entry in enumerate(seeds_t):
        lap, pos = divmod(i, groups)
        result[pos if lap % 2 == 0 else groups - 1 - pos].append(entry)
    return tuple(tuple(g) for g in result)


def group_stage(
    seeds: Sequence[EntryId], groups: int, *, double: bool = False
) -> tuple[Group, ...]:
    """Snake-seeded groups, each with its own round-robin schedule."""
    return tuple(
        Group(group_name(i), members, round_robin(members, double=double))
        for i, members in enumerate(snake_groups(seeds, groups))
    )


def playoff_seeds(
    group_rankings: Sequence[Sequence[EntryId]], advance: int
) -> tuple[EntryId, ...]:
    """Play-off seed list from each group's final order (best first), top ``advance``.

    Seeds go place by place (all winners, then all runners-up …). Within a place the
    order of the groups is chosen so that no first-round match of the bracket is
    between two entries of the same group (A1 v B2, B1 v A2 …); for the winners the
    order is always A, B, C …
    """
    if advance < 1 or any(len(r) < advance for r in group_rankings):
        raise FormatError(
            "bad_advance",
            f"every group must have at least {advance} entries",
            path="advance",
        )
    g = len(group_rankings)
    total = g * advance
    size = 1
    while size < total:
        size *= 2
    order = bracket_positions(size)
    opponent = {}
    for i in range(0, size, 2):
        opponent[order[i]] = order[i + 1]
        opponent[order[i + 1]] = order[i]

    chosen: list[tuple[int, int]] = [(gi, 0) for gi in range(g)]  # (group, place)
    for place in range(1, advance):
        best: tuple[int, ...] | None = None
        candidates = _orders(g)
        for perm in candidates:
            trial = chosen + [(gi, place) for gi in perm]
            if _clashes(trial, opponent) == 0:
                best = perm
                break
        if best is None:
            best = min(
                candidates,
                key=lambda p: _clashes(chosen + [(gi, place) for gi in p], opponent),
            )
        chosen += [(gi, place) for gi in best]
    return tuple(group_rankings[gi][place] for gi, place in chosen)


def _orders(g: int) -> list[tuple[int, ...]]:
    # Rotations and reversals first (they keep the familiar A1 v B2 pattern); a
    # full search only for small numbers of groups.
    base = list(range(g))
    ordered = []
    for shift in range(g):
        rotated = base[shift:] + base[:shift]
        ordered += [tuple(rotated[::-1]), tuple(rotated)]
    if g <= 6:
        ordered += list(permutations(base))
    return list(dict.fromkeys(ordered))  # unique, order kept


def _clashes(chosen: list[tuple[int, int]], opponent: dict[int, int]) -> int:
    group_of = {seed: gi for seed, (gi, _) in enumerate(chosen, start=1)}
    return sum(
        1
        for seed, gi in group_of.items()
        if group_of.get(opponent[seed]) == gi and seed < opponent[seed]
    )


def playoff_bracket(
    group_rankings: Sequence[Sequence[EntryId]],
    advance: int,
    *,
    best_of: int = 1,
    third_place: bool = False,
) -> Bracket:
    """The cross-seeded single-elimination play-off after the groups."""
    return single_elimination(
        playoff_seeds(group_rankings, advance),
        best_of=best_of,
        third_place=third_place,
    )
