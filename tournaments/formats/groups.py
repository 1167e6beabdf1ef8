"""Groups then play-offs: snake-seeded round-robin groups feeding a knockout.

Terms: groups are named A, B, C …; ``A1`` is the winner of group A, ``B2`` the
runner-up of B. *Snake seeding* deals seeds into groups A→Z then Z→A (1 A, 2 B, 3 C,
4 C, 5 B, 6 A, …) so every group gets the same sum of seed positions within one
pass. *Cross-seeding* orders the play-off seeds by finishing place, then group, so
the knockout's standard placement sets group winners against runners-up of other
groups (two groups: A1 v B2, B1 v A2). *Next-best* entries are the best of those
placed just below the cut, compared across groups (the two best third-placed of
three groups make an eight-entry play-off).

Invariants: every entry is in exactly one group; group sizes differ by at most
one; round k of the group stage is every group's round-robin round k; in the first
play-off round no two entries of the same group meet whenever the bracket allows it
(checked, and rotated into place when the plain order would not), where an entry
with a bye "meets" the pair it will play next.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from games.engine.text import msg
from tournaments.formats.base import (
    Bye,
    EntryId,
    FormatError,
    Round,
    Table,
    unique_entries,
)
from tournaments.formats.explain import Reason
from tournaments.formats.knockout import Bracket, bracket_positions, single_elimination
from tournaments.formats.round_robin import round_robin


@dataclass(frozen=True)
class Group:
    name: str
    entries: tuple[EntryId, ...]
    rounds: tuple[Round, ...]


@dataclass(frozen=True)
class Placed:
    """An entry's group-stage record, for comparing entries of different groups."""

    entry: EntryId
    group: int  # index of the group (0 = A)
    values: Mapping[str, Any] = field(default_factory=dict, hash=False)


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
            msg(
                "{count} entries cannot make {groups} groups of at least two",
                count=len(seeds_t),
                groups=groups,
            ),
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


def group_stage_rounds(groups: Sequence[Group]) -> int:
    """Rounds of the group stage: the longest group's round robin."""
    return max((len(g.rounds) for g in groups), default=0)


def groups_round(groups: Sequence[Group], number: int) -> Round:
    """Round ``number`` of the group stage: every group plays its own round
    ``number`` at the same time (tables numbered through, group by group).

    A smaller group whose round robin is over sits the round out (a message says so);
    an odd group's bye is its round robin's bye. Every reason names the group.
    """
    total = group_stage_rounds(groups)
    if not 1 <= number <= total:
        raise FormatError(
            "all_rounds_played",
            msg("the groups have {total} rounds", total=total),
            path="round",
        )
    tables: list[Table] = []
    byes: list[Bye] = []
    messages: list[str] = []
    for group in groups:
        if number > len(group.rounds):
            messages.append(
                msg("Group {group} has played all its rounds", group=group.name)
            )
            continue
        planned = group.rounds[number - 1]
        for table in planned.tables:
            tables.append(
                Table(
                    len(tables) + 1,
                    table.sides,
                    _in_group(table.reasons, group.name),
                    table.deals,
                )
            )
        byes.extend(
            Bye(bye.entry, _in_group(bye.reasons, group.name)) for bye in planned.byes
        )
    return Round(number, tuple(tables), tuple(byes), tuple(messages))


def _in_group(reasons: Sequence[Reason], name: str) -> tuple[Reason, ...]:
    return tuple(
        Reason(
            r.code,
            msg("Group {group}: {reason}", group=name, reason=r.text),
            r.entries,
            {**r.data, "group": name},
        )
        for r in reasons
    )


def best_placed(
    candidates: Sequence[Placed], metrics: Sequence[tuple[str, bool]], count: int
) -> tuple[tuple[EntryId, ...], tuple[EntryId, ...]]:
    """The ``count`` best of the entries placed just below the cut in their groups
    (the best third-placed of three groups …), compared across groups.

    ``metrics`` are (key, higher is better) in the tournament's tie-break order;
    give only metrics that compare across groups (head-to-head does not: they never
    met). Candidates equal on every metric are taken in group order (A before B);
    the second value lists the candidates tied across the cut — the director should
    know that the group order decided — and is empty when nothing was tied there.
    """
    if not 0 <= count <= len(candidates):
        raise FormatError(
            "bad_next_best",
            msg("only {count} groups have a next-placed entry", count=len(candidates)),
            path="next_best",
        )

    def key(candidate: Placed) -> tuple[Any, ...]:
        return tuple(
            candidate.values.get(k, 0) * (-1 if higher else 1) for k, higher in metrics
        )

    ordered = sorted(candidates, key=lambda c: (key(c), c.group))
    chosen = tuple(c.entry for c in ordered[:count])
    tied: tuple[EntryId, ...] = ()
    if 0 < count < len(ordered) and key(ordered[count - 1]) == key(ordered[count]):
        cut = key(ordered[count])
        tied = tuple(c.entry for c in ordered if key(c) == cut)
    return chosen, tied


def playoff_seeds(
    group_rankings: Sequence[Sequence[EntryId]],
    advance: int,
    *,
    next_best: Sequence[EntryId] = (),
) -> tuple[EntryId, ...]:
    """Play-off seed list from each group's final order (best first), top ``advance``
    of every group plus the ``next_best`` entries (each placed ``advance + 1`` in its
    group, best first, as chosen by :func:`best_placed`).

    Seeds go place by place (all winners, then all runners-up …, then the next-best).
    Within a place the order of the groups is chosen so that no entry's first match
    in the bracket is against an entry of its own group (A1 v B2, B1 v A2 …); an entry
    with a bye meets one of the next round's pair first, so that pair counts too.
    Each place keeps group order A, B, C … (the next-best: their merit order) unless
    that forces such a match; when none is avoidable, the fewest.
    """
    if advance < 1 or any(len(r) < advance for r in group_rankings):
        raise FormatError(
            "bad_advance",
            msg("every group must have at least {advance} entries", advance=advance),
            path="advance",
        )
    g = len(group_rankings)
    extra_groups = []
    for index, entry in enumerate(next_best):
        found = [
            gi
            for gi, ranking in enumerate(group_rankings)
            if len(ranking) > advance and ranking[advance] == entry
        ]
        if not found or found[0] in extra_groups:
            raise FormatError(
                "not_next_placed",
                msg(
                    "{entry!r} is not placed {value} in a group",
                    entry=entry,
                    value=advance + 1,
                ),
                path=f"next_best.{index}",
            )
        extra_groups.append(found[0])
    total = g * advance + len(extra_groups)
    size = 1
    while size < total:
        size *= 2
    places: list[tuple[int, list[int]]] = [
        (place, list(range(g))) for place in range(advance)
    ]
    if extra_groups:
        places.append((advance, extra_groups))
    chosen = _arrange(places, _first_opponents(size, total))
    return tuple(group_rankings[gi][place] for gi, place in chosen)


# Enough for every club-sized play-off; beyond it the best arrangement found so far
# is used (fewest same-group first matches).
_SEARCH_BUDGET = 20_000


def _arrange(
    places: list[tuple[int, list[int]]], first: dict[int, set[int]]
) -> list[tuple[int, int]]:
    """Seed order as (group, place) slots: place by place, each place's groups in
    the order that gives the fewest same-group first matches.

    Depth-first over the places, each place's orders tried in preference order
    (group order A, B, C … first, then rotations, reversals and — for up to six
    groups — every permutation), pruning any partial order already no better than
    the best complete one; stops at the first order without a clash.
    """
    best: list[tuple[int, int]] = []
    best_clashes = [-1]
    visited = [0]

    def orders(groups_here: list[int]) -> list[tuple[int, ...]]:
        k = len(groups_here)
        preferred = [tuple(range(k)), *_orders(k)]
        return [
            tuple(groups_here[i] for i in perm) for perm in dict.fromkeys(preferred)
        ]

    def search(depth: int, chosen: list[tuple[int, int]]) -> bool:
        if depth == len(places):
            found = _clashes(chosen, first)
            if best_clashes[0] < 0 or found < best_clashes[0]:
                best[:] = chosen
                best_clashes[0] = found
            return found == 0
        place, groups_here = places[depth]
        for perm in orders(groups_here):
            visited[0] += 1
            trial = chosen + [(gi, place) for gi in perm]
            partial = _clashes(trial, first)
            if best_clashes[0] >= 0 and partial >= best_clashes[0]:
                continue
            if search(depth + 1, trial):
                return True
            if visited[0] > _SEARCH_BUDGET and best_clashes[0] >= 0:
                return False
        return False

    search(0, [])
    return best


def _first_opponents(size: int, total: int) -> dict[int, set[int]]:
    """Per seed, the seeds it can meet in its first played match: its first-round
    opponent, or, with a bye, the entrants of the neighbouring first-round pair."""
    order = bracket_positions(size)
    pairs = [(order[i], order[i + 1]) for i in range(0, size, 2)]
    result: dict[int, set[int]] = {}
    for index, (a, b) in enumerate(pairs):
        for seed, other in ((a, b), (b, a)):
            if seed > total:
                continue
            if other <= total or len(pairs) == 1:
                result[seed] = {other} if other <= total else set()
            else:
                result[seed] = {s for s in pairs[index ^ 1] if s <= total}
    return result


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


def _clashes(chosen: list[tuple[int, int]], first: dict[int, set[int]]) -> int:
    group_of = {seed: gi for seed, (gi, _) in enumerate(chosen, start=1)}
    return sum(
        1
        for seed, gi in group_of.items()
        for other in first.get(seed, ())
        if seed < other and group_of.get(other) == gi
    )


def playoff_bracket(
    group_rankings: Sequence[Sequence[EntryId]],
    advance: int,
    *,
    next_best: Sequence[EntryId] = (),
    best_of: int = 1,
    third_place: bool = False,
) -> Bracket:
    """The cross-seeded single-elimination play-off after the groups."""
    return single_elimination(
        playoff_seeds(group_rankings, advance, next_best=next_best),
        best_of=best_of,
        third_place=third_place,
    )
