"""Swiss pairing for two-sided games, by maximum-weight matching per score bracket.

Terms
-----
score group
    The entries with the same score before the round, in ranking order.
bracket
    What is being paired at one step: the entries carried down from above (the
    *downfloaters*) plus the next score group. An entry paired with someone from a
    lower score group *floats down*; its opponent *floats up*.
bye
    With an odd field one entry sits out and scores the bye; it goes to the
    lowest-ranked entry that has not had one, provided the rest can still be paired.
sides
    Per entry, the history of sides it played: ``+1`` first (white, first player),
    ``-1`` second, ``0`` no game. Balance matters only where the game has a
    first-player advantage (``SwissConfig.balance_sides``).

Hard constraints (never violated): no rematches; a bye at most once per entry; every
entry is at exactly one table or has the bye.

Soft preferences, in strict priority order (tiered integer weights):

1. pair as many entries of the bracket as possible;
2. the entries left over to float down are the lowest-scored ones;
3. minimise the squared score differences of the pairs;
4. the lowest-ranked entries float, not the higher ones;
5. avoid giving two entries the same side preference clash;
6. "Dutch" order inside a score group: top half meets bottom half (1 v n/2+1).

Completeness — the property tests check it against networkx on small fields: if any
legal pairing exists, one is returned. Before a bracket's pairing is committed, a
feasibility check asks whether the entries still unpaired (the leftovers plus every
lower group) can all be paired legally. It first tries Dirac's theorem (every entry
may still meet at least half of the others ⇒ a perfect matching exists, which settles
it instantly in a realistic event) and otherwise runs an exact maximum-cardinality
matching. If the check fails, the bracket is not committed: it is merged with the next
group and paired together. The last bracket is everyone left, which the previous
check proved pairable, and a maximum-cardinality matching pairs it completely.

Speed: a bracket's matching only gets candidate edges near each entry's Dutch partner
(plus neighbours and the top of the group for floaters). If that sparse matching is
not as large as possible, the bracket is re-matched on all of its legal edges. This
keeps a 1,000-entry round well under a second (see ``docs/performance.md``).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.engine.text import msg
from tournaments.formats.base import (
    Bye,
    EntryId,
    FormatError,
    NoLegalPairingError,
    Round,
    Table,
)
from tournaments.formats.explain import Reason, ReasonCode, named
from tournaments.formats.matching import (
    max_cardinality_matching,
    max_weight_matching,
)
from tournaments.formats.swiss_sides import (
    allocate_sides,
    side_preference,
)
from tournaments.ranking import Score


@dataclass(frozen=True)
class SwissEntry:
    """One entry's state before the round to be paired."""

    entry: EntryId
    score: Score
    opponents: frozenset[EntryId] = frozenset()
    had_bye: bool = False
    sides: tuple[int, ...] = ()  # +1 first, -1 second, 0 no game; oldest first


@dataclass(frozen=True)
class SwissConfig:
    # The game has a first-player advantage: balance who plays first.
    balance_sides: bool = True
    # Candidate partners examined on each side of an entry's Dutch partner.
    window: int = 6


@dataclass(frozen=True)
class RoundsAdvice:
    minimum: int
    recommended: int
    maximum: int
    text: str


def recommended_swiss_rounds(n: int) -> RoundsAdvice:
    """How many Swiss rounds to play with ``n`` entries, with guidance text."""
    if n < 2:
        raise FormatError("too_few_entries", msg("a Swiss needs at least two entries"))
    minimum = max(1, math.ceil(math.log2(n)))
    maximum = n - 1 if n % 2 == 0 else n
    recommended = min(maximum, minimum + (1 if n > 8 else 0) + (1 if n > 64 else 0))
    text = (
        f"{minimum} rounds (ceil(log2 {n})) are the least that can leave a single "
        f"entry with a perfect score; {recommended} are recommended so that the "
        "places behind the winner are decided as well. More than "
        f"{maximum} rounds are impossible without rematches"
    )
    if n <= 8:
        text += f"; with {n} entries a round robin ({maximum} rounds) is fairer"
    return RoundsAdvice(minimum, recommended, maximum, text + ".")


def swiss_history(
    entries: Sequence[EntryId],
    scores: Mapping[EntryId, Score],
    rounds: Iterable[Round],
) -> tuple[SwissEntry, ...]:
    """Build :class:`SwissEntry` values from earlier rounds and current scores.

    ``entries`` must be in ranking order (best first); that order is kept. Earlier
    rounds may seat entries that are not listed (withdrawn since): they still count as
    their opponents' opponents, and are not returned.
    """
    opponents: defaultdict[EntryId, set[EntryId]] = defaultdict(set)
    sides: defaultdict[EntryId, list[int]] = defaultdict(list)
    byes: set[EntryId] = set()
    for round_ in rounds:
        seated: set[EntryId] = set()
        for table in round_.tables:
            for a, b in ((0, 1), (1, 0)):
                for entry in table.sides[a]:
                    opponents[entry].update(table.sides[b])
            for index, side in enumerate(table.sides):
                for entry in side:
                    sides[entry].append(1 if index == 0 else -1)
                    seated.add(entry)
        for bye in round_.byes:
            byes.add(bye.entry)
        for entry in entries:
            if entry not in seated:
                sides[entry].append(0)
    return tuple(
        SwissEntry(
            entry=e,
            score=scores.get(e, 0),
            opponents=frozenset(opponents[e]),
            had_bye=e in byes,
            sides=tuple(sides[e]),
        )
        for e in entries
    )


def check_swiss_round(entries: Sequence[SwissEntry], round_: Round) -> list[str]:
    """Every hard-constraint violation of ``round_`` (empty list = legal)."""
    problems = []
    by_id = {e.entry: e for e in entries}
    seen: dict[EntryId, int] = {}
    for table in round_.tables:
        if len(table.sides) != 2 or any(len(side) != 1 for side in table.sides):
            problems.append(f"table {table.number} is not one entry v one entry")
            continue
        a, b = table.sides[0][0], table.sides[1][0]
        if a in by_id and b in by_id[a].opponents:
            problems.append(f"rematch at table {table.number}: {a} v {b}")
    for entry in round_.entries():
        seen[entry] = seen.get(entry, 0) + 1
    for bye in round_.byes:
        if bye.entry in by_id and by_id[bye.entry].had_bye:
            problems.append(f"{bye.entry} gets a second bye")
    problems.extend(f"{e} is seated {c} times" for e, c in seen.items() if c > 1)
    problems.extend(f"{e} is not paired" for e in by_id if e not in seen)
    problems.extend(f"{e} is not an entry" for e in seen if e not in by_id)
    if len(round_.byes) > len(entries) % 2:
        problems.append("more byes than the field needs")
    return problems


# --- the pairer ---------------------------------------------------------------------


def pair_swiss_round(
    entries: Sequence[SwissEntry],
    *,
    round_number: int,
    config: SwissConfig | None = None,
) -> Round:
    """Pair one Swiss round. ``entries`` are in ranking order (best first).

    Raises :class:`NoLegalPairingError` when no pairing without rematches (and with
    a fresh bye for an odd field) exists.
    """
    config = config or SwissConfig()
    field = list(entries)
    if len({e.entry for e in field}) != len(field):
        raise FormatError(
            "duplicate_entry", msg("an entry is listed twice"), path="entries"
        )
    if len(field) < 2:
        raise FormatError("too_few_entries", msg("a Swiss round needs two entries"))
    rank = {e.entry: i for i, e in enumerate(field)}
    # Score groups top down; ranking order kept inside a group.
    field.sort(key=lambda e: (-e.score, rank[e.entry]))
    levels = {
        s: i for i, s in enumerate(sorted({e.score for e in field}, reverse=True))
    }
    messages: list[str] = []

    byes: tuple[Bye, ...] = ()
    if len(field) % 2:
        bye, bye_reason = _choose_bye(field)
        field.remove(bye)
        byes = (Bye(bye.entry, (bye_reason,)),)
    elif not _feasible(field):
        raise NoLegalPairingError(
            msg(
                "every pairing of this field repeats a game; allow rematches "
                "or end the Swiss"
            )
        )

    pairs, brackets = _pair_brackets(field, levels, config, messages)
    tables = _tables(pairs, rank, levels, brackets, config)
    return Round(round_number, tuple(tables), byes, tuple(messages))


def _bye_text(entry: EntryId, had_bye: list[EntryId], stuck: list[EntryId]) -> str:
    """Why ``entry`` has the bye: one whole sentence for each case, so that a
    translation reads as one."""
    said = {"entry": named(entry), "had_bye": _names(had_bye), "stuck": _names(stuck)}
    if had_bye and stuck:
        return msg(
            "{entry} has the bye: lowest-ranked entry without one; skipped "
            "{had_bye} (already had a bye); skipped {stuck} (the rest could not "
            "have been paired without a rematch)",
            **said,
        )
    if had_bye:
        return msg(
            "{entry} has the bye: lowest-ranked entry without one; skipped "
            "{had_bye} (already had a bye)",
            **said,
        )
    if stuck:
        return msg(
            "{entry} has the bye: lowest-ranked entry without one; skipped {stuck} "
            "(the rest could not have been paired without a rematch)",
            **said,
        )
    return msg("{entry} has the bye: lowest-ranked entry without one", **said)


def _choose_bye(field: list[SwissEntry]) -> tuple[SwissEntry, Reason]:
    had_bye: list[EntryId] = []
    stuck: list[EntryId] = []
    for candidate in reversed(field):
        if candidate.had_bye:
            had_bye.append(candidate.entry)
            continue
        rest = [e for e in field if e is not candidate]
        if _feasible(rest):
            text = _bye_text(candidate.entry, had_bye, stuck)
            reason = Reason(
                ReasonCode.BYE,
                text,
                entries=(candidate.entry,),
                data={
                    "score": candidate.score,
                    "skipped_had_bye": tuple(had_bye),
                    "skipped_unpairable": tuple(stuck),
                },
            )
            return candidate, reason
        stuck.append(candidate.entry)
    raise NoLegalPairingError(
        msg(
            "no entry can take the bye: everyone has had one, or every "
            "choice leaves the rest unpairable without rematches"
        )
    )


def _feasible(players: Sequence[SwissEntry]) -> bool:
    """Can ``players`` all be paired without a rematch?"""
    k = len(players)
    if k % 2:
        return False
    if k == 0:
        return True
    ids = {p.entry for p in players}
    min_degree = min(k - 1 - sum(1 for o in p.opponents if o in ids) for p in players)
    # Dirac: minimum degree >= k/2 gives a Hamiltonian cycle (k >= 3), hence a
    # perfect matching for even k; for k == 2 it just says the one edge exists.
    if 2 * min_degree >= k:
        return True
    if min_degree == 0:
        return False
    index = {p.entry: i for i, p in enumerate(players)}
    adjacency = [
        [index[q.entry] for q in players if q is not p and q.entry not in p.opponents]
        for p in players
    ]
    mate = max_cardinality_matching(adjacency)
    return all(m != -1 for m in mate)


@dataclass
class _Bracket:
    """Bookkeeping for the explanations: who was paired in which bracket."""

    members: frozenset[EntryId]
    merged: bool


def _pair_brackets(
    field: list[SwissEntry],
    levels: Mapping[Score, int],
    config: SwissConfig,
    messages: list[str],
) -> tuple[list[tuple[SwissEntry, SwissEntry]], dict[EntryId, _Bracket]]:
    groups: list[list[SwissEntry]] = []
    for entry in field:
        if groups and groups[-1][0].score == entry.score:
            groups[-1].append(entry)
        else:
            groups.append([entry])
    pairs: list[tuple[SwissEntry, SwissEntry]] = []
    brackets: dict[EntryId, _Bracket] = {}
    carry: list[SwissEntry] = []
    merged = False
    start = 0  # index in ``field`` of the first entry of the next group
    for group in groups:
        start += len(group)
        bracket = carry + group
        rest = field[start:]
        matched, unmatched = _match_bracket(bracket, levels, config)
        if rest and not _feasible(unmatched + rest):
            # Committing this bracket would strand the rest: pair it together with
            # the next group instead.
            messages.append(
                msg(
                    "Score group {score} could not be paired without making the "
                    "rest of the field unpairable; it was paired together with the "
                    "next group",
                    score=group[0].score,
                )
            )
            carry = bracket
            merged = True
            continue
        if not rest and unmatched:
            raise AssertionError(f"last bracket left {len(unmatched)} unpaired (bug)")
        info = _Bracket(frozenset(e.entry for e in bracket), merged)
        for a, b in matched:
            brackets[a.entry] = brackets[b.entry] = info
        pairs.extend(matched)
        carry = unmatched
        merged = False
    return pairs, brackets


def _match_bracket(
    bracket: list[SwissEntry], levels: Mapping[Score, int], config: SwissConfig
) -> tuple[list[tuple[SwissEntry, SwissEntry]], list[SwissEntry]]:
    m = len(bracket)
    if m < 2:
        return [], list(bracket)
    # Position of each member inside its own score subgroup of the bracket.
    subgroups: list[list[int]] = []
    for i, entry in enumerate(bracket):
        if subgroups and bracket[subgroups[-1][0]].score == entry.score:
            subgroups[-1].append(i)
        else:
            subgroups.append([i])
    position = [0] * m
    size = [0] * m
    for sub in subgroups:
        for p, i in enumerate(sub):
            position[i] = p
            size[i] = len(sub)
    level = [levels[e.score] for e in bracket]
    lowest = max(level)
    span = lowest - min(level)
    prefs = [side_preference(e) if config.balance_sides else 0 for e in bracket]

    # Tier multipliers, each larger than the largest total of the tiers below it.
    colour_t = m * m + 1
    float_t = 3 * m * colour_t + m * m + 1
    score_t = m * float_t + 1
    leftover_t = score_t * (m * span * span + 1)

    def weight(i: int, j: int) -> int:
        if bracket[i].score == bracket[j].score:
            dutch = abs(position[j] - position[i] - size[i] // 2)
        else:
            dutch = position[j]
        pa, pb = prefs[i], prefs[j]
        clash = min(abs(pa), abs(pb)) if pa * pb > 0 else 0
        diff = level[i] - level[j]
        return -(score_t * diff * diff + colour_t * clash + dutch)

    def leftover_weight(i: int) -> int:
        # Who is left over is priced on dummy edges rather than as a bonus on every
        # real edge: per-vertex bonuses make the blossom algorithm crawl (tens of
        # times slower), a handful of dummy vertices cost nothing.
        return -(leftover_t * (lowest - level[i]) + float_t * (m - 1 - i))

    def legal(i: int, j: int) -> bool:
        return bracket[j].entry not in bracket[i].opponents

    window = config.window
    candidates: set[tuple[int, int]] = set()
    for si, sub in enumerate(subgroups):
        half = len(sub) // 2
        for p, i in enumerate(sub):
            # Dutch partner and neighbours inside the score group.
            for q in range(p - window, p + window + 1):
                for target in (q, q + half, q - half):
                    if 0 <= target < len(sub) and target != p:
                        candidates.add((min(i, sub[target]), max(i, sub[target])))
            # Toward lower subgroups: their top, and the same relative position.
            for lower in subgroups[si + 1 :]:
                near = range(p - window, p + window)
                for q in [*range(min(len(lower), 2 * window)), *near]:
                    if 0 <= q < len(lower):
                        candidates.add((i, lower[q]))
    sparse = [(i, j, weight(i, j)) for i, j in sorted(candidates) if legal(i, j)]
    dense: list[tuple[int, int, int]] | None = None
    dummies = m % 2
    edges = sparse
    while True:
        dummy_edges = [
            (i, m + d, leftover_weight(i)) for d in range(dummies) for i in range(m)
        ]
        mate = max_weight_matching(
            m + dummies, edges + dummy_edges, maxcardinality=True
        )
        if all(mate[i] != -1 for i in range(m)) or dummies >= m:
            break
        if dense is None:
            # The sparse graph may miss pairs that exist: use every legal edge.
            dense = [
                (i, j, weight(i, j))
                for i in range(m)
                for j in range(i + 1, m)
                if legal(i, j)
            ]
            edges = dense
        else:
            # Even with every legal edge someone is left over: allow two more.
            dummies += 2
    pairs = [(bracket[i], bracket[mate[i]]) for i in range(m) if i < mate[i] < m]
    unmatched = [bracket[i] for i in range(m) if not 0 <= mate[i] < m]
    return pairs, unmatched


def _tables(
    pairs: list[tuple[SwissEntry, SwissEntry]],
    rank: Mapping[EntryId, int],
    levels: Mapping[Score, int],
    brackets: Mapping[EntryId, _Bracket],
    config: SwissConfig,
) -> list[Table]:
    ordered = sorted(
        pairs,
        key=lambda p: (
            min(levels[p[0].score], levels[p[1].score]),
            min(rank[p[0].entry], rank[p[1].entry]),
        ),
    )
    tables = []
    for number, (a, b) in enumerate(ordered, start=1):
        if rank[b.entry] < rank[a.entry]:
            a, b = b, a  # a is the higher-ranked
        first, second, side_reason = allocate_sides(a, b, number, config)
        reasons = [*_pair_reasons(a, b, brackets[a.entry]), side_reason]
        tables.append(Table(number, ((first.entry,), (second.entry,)), tuple(reasons)))
    return tables


def _pair_reasons(a: SwissEntry, b: SwissEntry, bracket: _Bracket) -> list[Reason]:
    reasons = []
    if a.score == b.score:
        reasons.append(
            Reason(
                ReasonCode.SCORE_GROUP,
                msg("Both on {score}: paired within the score group", score=a.score),
                entries=(a.entry, b.entry),
                data={"score": a.score},
            )
        )
    else:
        high, low = (a, b) if a.score > b.score else (b, a)
        reasons.append(
            Reason(
                ReasonCode.FLOAT_DOWN,
                msg(
                    "{high} ({score}) floats down to meet {low}",
                    high=named(high.entry),
                    score=high.score,
                    low=named(low.entry),
                ),
                entries=(high.entry,),
                data={"from": high.score, "to": low.score},
            )
        )
        reasons.append(
            Reason(
                ReasonCode.FLOAT_UP,
                msg(
                    "{low} ({score}) floats up to meet {high}",
                    low=named(low.entry),
                    score=low.score,
                    high=named(high.entry),
                ),
                entries=(low.entry,),
                data={"from": low.score, "to": high.score},
            )
        )
    for entry in (a, b):
        avoided = sorted((o for o in entry.opponents if o in bracket.members), key=str)
        if avoided:
            reasons.append(
                Reason(
                    ReasonCode.REMATCH_AVOIDED,
                    msg(
                        "{entry} already played {avoided} in this bracket; not "
                        "paired again",
                        entry=named(entry.entry),
                        avoided=_names(avoided),
                    ),
                    entries=(entry.entry,),
                    data={"avoided": tuple(avoided)},
                )
            )
    return reasons


def _names(entries: Sequence[EntryId]) -> str:
    return named(*entries, joiner=", ")
