"""Partner rotation: individuals playing a four-player partnership game.

For Tuppi, Skruuvi, Canasta, Sakaali … played as individual events: every round seats
everyone (or all but a few) at tables of four, two partners against two, and over the
schedule every player partners every other player — exactly once where the field
allows it.

Terms
-----
partner / opponent
    At a table ``((a, b), (c, d))`` a and b are partners, as are c and d; each of them
    has the other two as opponents. Partners sit opposite each other.
sit out
    A player who does not play a round (no score); shown as a :class:`Bye` with reason
    ``sit_out``.

When "everyone partners everyone exactly once" exists
-----------------------------------------------------
Each round gives every playing player one partner, so the partner pairs of a round
are a matching. With ``n ≡ 0 (mod 4)`` the ``n - 1`` rounds of a 1-factorisation of
the complete graph (the circle method) give every pair exactly once and every round
splits into tables of four. With ``n ≡ 1 (mod 4)`` the near-1-factorisation over
``n`` rounds does the same with one player sitting out each round. For ``n ≡ 2, 3``
no such schedule exists (a round cannot seat everyone in fours, and the pairs do not
divide evenly); a randomised search with restarts minimises repeated partners and the
schedule carries a message saying so.

Opponents are spread by choosing, round by round, which partner pairs share a table
by maximum-weight matching on the pairs (fewest earlier meetings), with seeded random
relabelling restarts keeping the schedule with the fewest repeated opponents. With
``n ≡ 0 (mod 4)`` the ideal is that every two players oppose each other exactly
twice (a "whist tournament"); the schedule reports how close it gets.

Invariants: deterministic for a given ``seed``; every round seats each player at most
once; sit-outs are spread as evenly as possible (they differ by at most one).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from games.engine.text import msg
from tournaments.formats.base import (
    Bye,
    EntryId,
    FormatError,
    Round,
    Table,
    unique_entries,
)
from tournaments.formats.explain import Reason, ReasonCode, named
from tournaments.formats.matching import max_weight_matching
from tournaments.ranking import Score, norm

Pair = frozenset


@dataclass(frozen=True)
class PartnerSchedule:
    players: tuple[EntryId, ...]
    rounds: tuple[Round, ...]
    # Times each unordered pair of players partnered / opposed.
    partners: Mapping[frozenset, int] = field(hash=False)
    opponents: Mapping[frozenset, int] = field(hash=False)
    messages: tuple[str, ...] = ()

    @property
    def repeated_partners(self) -> int:
        """Partnerships beyond the first for each pair (0 = nobody repeats)."""
        return sum(c - 1 for c in self.partners.values() if c > 1)

    @property
    def never_partnered(self) -> int:
        return sum(
            1
            for p in combinations(self.players, 2)
            if self.partners.get(Pair(p), 0) == 0
        )

    @property
    def repeated_opponents(self) -> int:
        """Meetings as opponents beyond the even share (two for a full rotation)."""
        share = self._opponent_share()
        return sum(max(0, c - share) for c in self.opponents.values())

    def _opponent_share(self) -> int:
        pairs = len(self.players) * (len(self.players) - 1) // 2
        total = sum(self.opponents.values())
        return max(1, math.ceil(total / pairs)) if pairs else 0


def default_rounds(n: int) -> int:
    """Rounds for everyone to partner everyone (at least once where not exactly)."""
    if n % 4 == 0:
        return n - 1
    if n % 4 == 1:
        return n
    pairs_per_round = 2 * (n // 4)
    return math.ceil(n * (n - 1) / 2 / pairs_per_round)


def partner_rotation(
    players: Sequence[EntryId],
    *,
    rounds: int | None = None,
    seed: int = 0,
    restarts: int = 8,
) -> PartnerSchedule:
    """A partner-rotation schedule for ``players`` (see module doc)."""
    players_t = unique_entries(list(players))
    n = len(players_t)
    if n < 4:
        raise FormatError(
            "too_few_entries", msg("a partner rotation needs at least four players")
        )
    total_rounds = default_rounds(n) if rounds is None else rounds
    if total_rounds < 1:
        raise FormatError("bad_rounds", msg("at least one round"), path="rounds")
    rng = random.Random(seed)
    exact = n % 4 in (0, 1) and total_rounds <= default_rounds(n)
    if exact:
        whist = _cyclic_whist(n)
        if whist is not None:
            order = list(players_t)
            rng.shuffle(order)  # who gets which number is the only free choice
            tables, sitting = _develop(whist, order, total_rounds)
            return _schedule(players_t, tables, sitting, total_rounds, exact)
    best: tuple[tuple[int, int, int], list[list[tuple[Pair, Pair]]], list[list]] | None
    best = None
    for attempt in range(max(1, restarts)):
        order = list(players_t)
        if attempt:
            rng.shuffle(order)  # relabel: a different but equivalent factorisation
        if exact:
            partner_rounds = _factorisation(order)[:total_rounds]
            sitting = [
                [p for p in order if all(p not in pr for pr in pairs)]
                for pairs in partner_rounds
            ]
        else:
            partner_rounds, sitting = _search_partners(order, total_rounds, rng)
        tables = _improve(_group_tables(partner_rounds, rng), rng, 150 * total_rounds)
        score = _quality(players_t, tables)
        if best is None or score < best[0]:
            best = (score, tables, sitting)
        if exact and score[1] == 0:
            break  # perfectly even opponents as well: cannot do better
    assert best is not None
    _, tables, sitting = best
    return _schedule(players_t, tables, sitting, total_rounds, exact)


_INFINITY = -1


def _cyclic_whist(
    n: int, limit: int = 20000
) -> tuple[int, list[tuple[tuple[int, int], tuple[int, int]]]] | None:
    """The first round of a Z-cyclic whist tournament on ``n`` players, if found.

    Players are the integers mod m (m = n - 1 plus a fixed player ``_INFINITY`` when
    n ≡ 0 mod 4; m = n, with 0 sitting out, when n ≡ 1 mod 4). Round r adds r to
    every number. Developing the first round gives every pair as partners exactly
    once and as opponents exactly twice iff, over the first round, every difference
    class ±d occurs once between partners and twice between opponents — which is
    what the backtracking below enforces. Known to succeed quickly for 4, 8, 12,
    13, 16, 17 and 20 players; ``limit`` bounds the search, and ``None`` sends the
    caller to the circle method plus hill-climbing.
    """
    if n % 4 == 0:
        m = n - 1
    elif n % 4 == 1:
        m = n
    else:
        return None
    if m < 3:
        return None
    half = (m - 1) // 2
    partner_used = [0] * (half + 1)
    opponent_used = [0] * (half + 1)
    used = [False] * m
    used[0] = True  # 0 sits with the fixed player (n ≡ 0) or sits out (n ≡ 1)
    tables: list[tuple[tuple[int, int], tuple[int, int]]] = []
    nodes = 0

    def cls(d: int) -> int:
        d %= m
        return min(d, m - d)

    def place(partner_a: int, partner_b: int, opp: list[int]) -> bool:
        if partner_used[partner_a] or (partner_b and partner_used[partner_b]):
            return False
        if partner_a == partner_b and partner_b:
            return False
        for c in opp:
            opponent_used[c] += 1
        if any(opponent_used[c] > 2 for c in opp):
            for c in opp:
                opponent_used[c] -= 1
            return False
        partner_used[partner_a] += 1
        if partner_b:
            partner_used[partner_b] += 1
        return True

    def unplace(partner_a: int, partner_b: int, opp: list[int]) -> None:
        for c in opp:
            opponent_used[c] -= 1
        partner_used[partner_a] -= 1
        if partner_b:
            partner_used[partner_b] -= 1

    def search() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            return False
        free = [x for x in range(m) if not used[x]]
        if not free:
            return True
        x1 = free[0]
        for x2 in free[1:]:
            rest = [x for x in free[1:] if x != x2]
            for i, x3 in enumerate(rest):
                for x4 in rest[i + 1 :]:
                    opp = [cls(x3 - x1), cls(x4 - x1), cls(x3 - x2), cls(x4 - x2)]
                    pa, pb = cls(x2 - x1), cls(x4 - x3)
                    if not place(pa, pb, opp):
                        continue
                    for x in (x1, x2, x3, x4):
                        used[x] = True
                    tables.append(((x1, x2), (x3, x4)))
                    if search():
                        return True
                    tables.pop()
                    for x in (x1, x2, x3, x4):
                        used[x] = False
                    unplace(pa, pb, opp)
        return False

    if m == n:
        return (m, tables) if search() else None
    # n ≡ 0 (mod 4): the fixed player partners 0 against some (a, b).
    for a in range(1, m):
        for b in range(a + 1, m):
            opp = [cls(a), cls(b)]
            if not place(cls(b - a), 0, opp):
                continue
            used[a] = used[b] = True
            tables.append(((_INFINITY, 0), (a, b)))
            if search():
                return m, tables
            tables.pop()
            used[a] = used[b] = False
            unplace(cls(b - a), 0, opp)
    return None


def _develop(
    whist: tuple[int, list[tuple[tuple[int, int], tuple[int, int]]]],
    order: list[EntryId],
    total_rounds: int,
) -> tuple[list[list[tuple[Pair, Pair]]], list[list[EntryId]]]:
    m, first = whist

    def who(x: int, r: int) -> EntryId:
        return order[m] if x == _INFINITY else order[(x + r) % m]

    tables, sitting = [], []
    for r in range(total_rounds):
        tables.append(
            [
                (Pair((who(a, r), who(b, r))), Pair((who(c, r), who(d, r))))
                for (a, b), (c, d) in first
            ]
        )
        sitting.append([] if len(order) > m else [order[r % m]])
    return tables, sitting


def _factorisation(order: list[EntryId]) -> list[list[Pair]]:
    """Circle-method (near-)1-factorisation: every pair exactly once."""
    n = len(order)
    if n % 2 == 0:
        m, fixed = n - 1, order[-1]
    else:
        m, fixed = n, None
    result = []
    for r in range(m):
        pairs = [] if fixed is None else [Pair((fixed, order[r]))]
        for i in range(1, (m + 1) // 2):
            pairs.append(Pair((order[(r + i) % m], order[(r - i) % m])))
        result.append(pairs)
    return result


def _search_partners(
    order: list[EntryId], total_rounds: int, rng: random.Random
) -> tuple[list[list[Pair]], list[list[EntryId]]]:
    """Round-by-round partner choice for fields with no exact schedule."""
    n = len(order)
    playing = 4 * (n // 4)
    counts: Counter = Counter()
    sat: Counter = Counter()
    rounds, sitting = [], []
    for _ in range(total_rounds):
        # Fewest sit-outs so far sit out next; ties broken at random (seeded).
        queue = sorted(order, key=lambda p: (sat[p], rng.random()))
        out = queue[: n - playing]
        for p in out:
            sat[p] += 1
        active = [p for p in order if p not in out]
        edges = []
        for i, j in combinations(range(len(active)), 2):
            seen = counts[Pair((active[i], active[j]))]
            # Repeats are heavy; the jitter varies the choice between restarts.
            edges.append((i, j, -1000 * seen * seen - rng.randrange(100)))
        mate = max_weight_matching(len(active), edges, maxcardinality=True)
        pairs = [
            Pair((active[i], active[mate[i]]))
            for i in range(len(active))
            if mate[i] > i
        ]
        for pair in pairs:
            counts[pair] += 1
        rounds.append(pairs)
        sitting.append(out)
    return rounds, sitting


def _group_tables(
    partner_rounds: list[list[Pair]], rng: random.Random
) -> list[list[tuple[Pair, Pair]]]:
    """Put partner pairs two by two at tables, spreading opponents."""
    met: Counter = Counter()
    result = []
    for pairs in partner_rounds:
        edges = []
        for i, j in combinations(range(len(pairs)), 2):
            clash = sum(met[Pair((a, b))] ** 2 for a in pairs[i] for b in pairs[j])
            edges.append((i, j, -100 * clash - rng.randrange(10)))
        mate = max_weight_matching(len(pairs), edges, maxcardinality=True)
        tables = []
        for i in range(len(pairs)):
            if mate[i] > i:
                tables.append((pairs[i], pairs[mate[i]]))
                for a in pairs[i]:
                    for b in pairs[mate[i]]:
                        met[Pair((a, b))] += 1
        result.append(tables)
    return result


def _improve(
    tables: list[list[tuple[Pair, Pair]]], rng: random.Random, steps: int = 3000
) -> list[list[tuple[Pair, Pair]]]:
    """Hill-climb the table groupings to even out opponents; partners never change.

    A move takes two tables of one round, (P v Q) and (R v S), and regroups them as
    (P v R, Q v S) or (P v S, Q v R); it is kept when the sum of squared opponent
    counts does not grow (sideways moves let the search cross plateaus).
    """
    _, opponents = _counts(tables)
    candidates = [r for r, round_tables in enumerate(tables) if len(round_tables) > 1]
    if not candidates:
        return tables
    tables = [list(round_tables) for round_tables in tables]

    def links(a: Pair, b: Pair) -> list[Pair]:
        return [Pair((x, y)) for x in a for y in b]

    for _ in range(steps):
        r = rng.choice(candidates)
        i, j = rng.sample(range(len(tables[r])), 2)
        (p, q), (u, v) = tables[r][i], tables[r][j]
        new = ((p, u), (q, v)) if rng.random() < 0.5 else ((p, v), (q, u))
        removed = links(p, q) + links(u, v)
        added = links(*new[0]) + links(*new[1])
        change = Counter(added)
        change.subtract(Counter(removed))
        delta = sum(
            (opponents[k] + d) ** 2 - opponents[k] ** 2 for k, d in change.items()
        )
        if delta <= 0:
            for k, d in change.items():
                opponents[k] += d
            tables[r][i], tables[r][j] = new
    return tables


def _counts(
    tables: list[list[tuple[Pair, Pair]]],
) -> tuple[Counter, Counter]:
    partners: Counter = Counter()
    opponents: Counter = Counter()
    for round_tables in tables:
        for p, q in round_tables:
            partners[p] += 1
            partners[q] += 1
            for a in p:
                for b in q:
                    opponents[Pair((a, b))] += 1
    return partners, opponents


def _quality(
    players: tuple[EntryId, ...], tables: list[list[tuple[Pair, Pair]]]
) -> tuple[int, int, int]:
    partners, opponents = _counts(tables)
    repeats = sum(c - 1 for c in partners.values() if c > 1)
    values = [opponents.get(Pair(p), 0) for p in combinations(players, 2)]
    mean = Fraction(sum(values), len(values))
    spread = sum((v - mean) ** 2 for v in values)
    return repeats, int(spread * 1000), max(values) - min(values)


def _schedule(
    players: tuple[EntryId, ...],
    tables: list[list[tuple[Pair, Pair]]],
    sitting: list[list[EntryId]],
    total_rounds: int,
    exact: bool,
) -> PartnerSchedule:
    position = {p: i for i, p in enumerate(players)}
    partners: Counter = Counter()
    opponents: Counter = Counter()
    sat: Counter = Counter()
    rounds = []
    for number, (round_tables, out) in enumerate(zip(tables, sitting, strict=True), 1):
        built = []
        for t, (p, q) in enumerate(_ordered_tables(round_tables, position), start=1):
            reasons = [
                Reason(
                    ReasonCode.SCHEDULE,
                    msg(
                        "Partner rotation: {first} v {second}",
                        first=_side(p, position),
                        second=_side(q, position),
                    ),
                    entries=(*p, *q),
                )
            ]
            for pair in (p, q):
                if partners[pair]:
                    reasons.append(
                        Reason(
                            ReasonCode.REPEATED_PARTNER,
                            msg(
                                "{pair} partnered before ({times}×)",
                                pair=_side(pair, position),
                                times=partners[pair],
                            ),
                            entries=tuple(pair),
                            data={"times_before": partners[pair]},
                        )
                    )
                partners[pair] += 1
            for a in p:
                for b in q:
                    key = Pair((a, b))
                    if opponents[key] >= 2:
                        reasons.append(
                            Reason(
                                ReasonCode.REPEATED_OPPONENT,
                                msg(
                                    "{a} and {b} have already been opponents {times}×",
                                    a=named(a),
                                    b=named(b),
                                    times=opponents[key],
                                ),
                                entries=(a, b),
                                data={"times_before": opponents[key]},
                            )
                        )
                    opponents[key] += 1
            built.append(
                Table(
                    t,
                    (_sorted(p, position), _sorted(q, position)),
                    tuple(reasons),
                )
            )
        byes = []
        for player in sorted(out, key=position.__getitem__):
            sat[player] += 1
            byes.append(
                Bye(
                    player,
                    (
                        Reason(
                            ReasonCode.SIT_OUT,
                            msg(
                                "{player} sits out (tables of four; sit-outs are "
                                "shared evenly: {times} so far)",
                                player=named(player),
                                times=sat[player],
                            ),
                            entries=(player,),
                            data={"times": sat[player]},
                        ),
                    ),
                )
            )
        rounds.append(Round(number, tuple(built), tuple(byes)))
    schedule = PartnerSchedule(players, tuple(rounds), dict(partners), dict(opponents))
    messages = [_message(len(players), total_rounds, exact, schedule)]
    return PartnerSchedule(
        players, schedule.rounds, schedule.partners, schedule.opponents, tuple(messages)
    )


def _message(n: int, total_rounds: int, exact: bool, schedule: PartnerSchedule) -> str:
    """The schedule's summary for round 1's notes: a whole sentence of two whole
    clauses (how the players sit; what the rounds give), each a template for its
    case and count."""
    at = {"players": n, "tables": n // 4}
    if exact and n % 4 == 0:
        seated = (
            msg("{players} players: every round seats everyone at {tables} table", **at)
            if n // 4 == 1
            else msg(
                "{players} players: every round seats everyone at {tables} tables", **at
            )
        )
    elif exact:
        seated = (
            msg(
                "{players} players at {tables} table: one player sits out each "
                "round, each player once",
                **at,
            )
            if n // 4 == 1
            else msg(
                "{players} players at {tables} tables: one player sits out each "
                "round, each player once",
                **at,
            )
        )
    else:
        seated = msg(
            "{players} players: everyone partners everyone exactly once only when "
            "the number of players is 0 or 1 more than a multiple of four; here "
            "{sitting} sit out each round and some partnerships repeat",
            players=n,
            sitting=n % 4,
        )
    said = {
        "rounds": total_rounds,
        "repeated": schedule.repeated_partners,
        "never": schedule.never_partnered,
    }
    if schedule.opponents:
        values = [
            schedule.opponents.get(Pair(p), 0)
            for p in combinations(schedule.players, 2)
        ]
        over = msg(
            "Over {rounds} rounds: {repeated} repeated partnerships, {never} pairs "
            "never partnered; opponents met between {least} and {most} times",
            least=min(values),
            most=max(values),
            **said,
        )
    else:
        over = msg(
            "Over {rounds} rounds: {repeated} repeated partnerships, {never} pairs "
            "never partnered",
            **said,
        )
    return msg("{seated}. {over}.", seated=seated, over=over)


def _sorted(pair: Pair, position: Mapping[EntryId, int]) -> tuple[EntryId, ...]:
    return tuple(sorted(pair, key=position.__getitem__))


def _side(pair: Pair, position: Mapping[EntryId, int]) -> str:
    return named(*_sorted(pair, position))


def _ordered_tables(
    round_tables: list[tuple[Pair, Pair]], position: Mapping[EntryId, int]
) -> list[tuple[Pair, Pair]]:
    # Stable presentation: the side with the earliest player first, tables by it.
    ordered = []
    for p, q in round_tables:
        if min(position[x] for x in q) < min(position[x] for x in p):
            p, q = q, p
        ordered.append((p, q))
    return sorted(ordered, key=lambda t: min(position[x] for x in t[0]))


# --- individual scores from team results -------------------------------------------


@dataclass(frozen=True)
class TeamGameResult:
    """The team score of one game: ``scores`` aligned with ``sides``."""

    sides: tuple[tuple[EntryId, ...], ...]
    scores: tuple[Score, ...]


def individual_totals(
    results: Iterable[TeamGameResult],
    *,
    team_multiplier: Score = 1,
    extra_points: Mapping[EntryId, Score] | None = None,
) -> dict[EntryId, Score]:
    """Each player's total: ``team_multiplier`` × their sides' scores + extra points.

    By default every player simply gets their team's result of each game. The hook
    covers game-specific individual scoring; Klubiskruuvi (book §16.6): final score =
    bolsu points (``extra_points``) + 2 × team score (``team_multiplier=2``).
    """
    totals: dict[EntryId, Fraction] = {}
    for index, result in enumerate(results):
        if len(result.scores) != len(result.sides):
            raise FormatError(
                "misaligned", msg("one score per side"), path=f"results.{index}.scores"
            )
        for side, score in zip(result.sides, result.scores, strict=True):
            for player in side:
                totals[player] = totals.get(
                    player, Fraction(0)
                ) + team_multiplier * Fraction(score)
    for player, extra in (extra_points or {}).items():
        totals[player] = totals.get(player, Fraction(0)) + Fraction(extra)
    return {player: norm(total) for player, total in totals.items()}
