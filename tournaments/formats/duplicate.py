"""Duplicate play: the same deals at two tables with the sides swapped.

Source: book ``001_b57793035adc3f64.txt`` §39.7, *Sakaali for eight players*: two
teams of four, two tables, each table seating two players of each team (partners
opposite, so everyone sits between two opponents). In the first stanza each table
plays its own deals; the hands are kept. In the second stanza the players change
tables and replay the other table's deals with the teams in the other seats, so
every hand is played once by each team. The team with more game points over the
2 × 8 deal-plays wins (§39.7.3).

Terms
-----
deal (board)
    A dealt set of hands with an id (``D1`` …) that stays the same at every table it
    is played at.
direction
    North-South (``sides[0]`` of a :class:`~tournaments.formats.base.Table`) or
    East-West (``sides[1]``). Seats round the table: N, E, S, W =
    ``sides[0][0], sides[1][0], sides[0][1], sides[1][1]``.
comparison
    For one deal, a direction's net score (its points minus the other direction's)
    at one table compared with the same direction's net at the other table. Because
    the other team held that direction there, the difference is a *swing* between the
    teams: who made more of the same cards.

team entries
    In a tournament the two teams are two *entries* of four players each
    (:func:`duplicate_for_eight_teams`). A table then has one entry a side, and its
    reason names the **pair** of each team seated there (``data["pairs"]``: 0 =
    the line-up's players 1 and 2, 1 = players 3 and 4). A team therefore sits at
    both tables of a round — one pair at each — the one exception to
    :mod:`.base`'s "an entry once per round".

The format is the book's; which games may be played this way each game declares
(``Game.duplicate_boards``), and the stage checks that declaration.

Invariants: every deal is played exactly once by each team in each direction's
hands; each player plays every deal of one table's set once; the comparison swings
of the two teams on a deal sum to zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from games.engine.text import msg
from tournaments.formats.base import EntryId, FormatError, Round, Table, unique_entries
from tournaments.formats.explain import Reason, ReasonCode, named
from tournaments.ranking import Score, norm


def duplicate_for_eight(
    team_a: Sequence[EntryId],
    team_b: Sequence[EntryId],
    *,
    deals_per_stanza: int = 4,
    prefix: str = "D",
) -> tuple[Round, Round]:
    """The two stanzas of duplicate for eight (book §39.7, *Sakaali for eight*).

    Stanza 1: table 1 has A1 A2 North-South against B1 B2 and plays deals 1–4;
    table 2 has B3 B4 North-South against A3 A4 and plays deals 5–8. Stanza 2: the
    players swap tables, keep their directions, and replay the other table's deals —
    so the hands team A held in stanza 1 are now held by team B and vice versa.
    """
    a = unique_entries(list(team_a))
    b = unique_entries(list(team_b))
    if len(a) != 4 or len(b) != 4 or set(a) & set(b):
        raise FormatError(
            "bad_teams", msg("duplicate for eight needs two separate teams of four")
        )
    if deals_per_stanza < 1:
        raise FormatError(
            "bad_deals", msg("at least one deal"), path="deals_per_stanza"
        )
    first = tuple(f"{prefix}{i}" for i in range(1, deals_per_stanza + 1))
    second = tuple(
        f"{prefix}{i}" for i in range(deals_per_stanza + 1, 2 * deals_per_stanza + 1)
    )
    foursome_1 = ((a[0], a[1]), (b[0], b[1]))  # A North-South at table 1
    foursome_2 = ((b[2], b[3]), (a[2], a[3]))  # B North-South at table 2

    def table(number: int, sides, deals, stanza: int) -> Table:
        ns, ew = sides
        said = {
            "stanza": stanza,
            "north_south": named(*ns),
            "east_west": named(*ew),
            "first": deals[0],
            "last": deals[-1],
        }
        text = (
            msg(
                "Stanza {stanza}: {north_south} North-South v {east_west} East-West, "
                "deals {first}–{last} (replaying the other table's deals, hands "
                "held by the other team)",
                **said,
            )
            if stanza == 2
            else msg(
                "Stanza {stanza}: {north_south} North-South v {east_west} East-West, "
                "deals {first}–{last}",
                **said,
            )
        )
        return Table(
            number,
            sides,
            (Reason(ReasonCode.DUPLICATE, text, data={"stanza": stanza}),),
            deals,
        )

    stanza_1 = Round(
        1, (table(1, foursome_1, first, 1), table(2, foursome_2, second, 1))
    )
    stanza_2 = Round(
        2,
        (table(1, foursome_2, first, 2), table(2, foursome_1, second, 2)),
        messages=(msg("Players change tables; everyone keeps their direction."),),
    )
    return stanza_1, stanza_2


TEAM_SIZE = 4


def duplicate_for_eight_teams(
    team_a: EntryId,
    team_b: EntryId,
    *,
    deals_per_stanza: int = 4,
    prefix: str = "D",
) -> tuple[Round, Round]:
    """:func:`duplicate_for_eight` for two *entries* that are teams of four.

    A team's players are its line-up in order; its **pair** 0 is players 1 and 2,
    pair 1 players 3 and 4. Each table has one entry per side (North-South is
    ``sides[0]``), and its reason says which pair of each side's team sits there
    (``data["pairs"]``, in side order): stanza 1 seats pair 0 of both teams at
    table 1 and pair 1 at table 2; in stanza 2 the pairs change tables.
    """
    if team_a == team_b:
        raise FormatError(
            "bad_teams",
            msg("duplicate for eight needs two different teams"),
            path="entries",
        )
    members = {
        team: tuple((team, position) for position in range(TEAM_SIZE))
        for team in (team_a, team_b)
    }
    stanzas = duplicate_for_eight(
        members[team_a],
        members[team_b],
        deals_per_stanza=deals_per_stanza,
        prefix=prefix,
    )
    first, second = stanzas
    return _by_team(first), _by_team(second)


def _by_team(stanza: Round) -> Round:
    tables = []
    for table in stanza.tables:
        teams, pairs = [], []
        for (team, first), (partner_team, second) in table.sides:
            # Partners are consecutive players of one line-up: (1, 2) or (3, 4).
            assert team == partner_team and first % 2 == 0 and second == first + 1
            teams.append(team)
            pairs.append(first // 2)
        number = table.reasons[0].data["stanza"]
        ns, ew = teams
        said = {
            "stanza": number,
            "ns": named(ns),
            "ns_1": 2 * pairs[0] + 1,
            "ns_2": 2 * pairs[0] + 2,
            "ew": named(ew),
            "ew_1": 2 * pairs[1] + 1,
            "ew_2": 2 * pairs[1] + 2,
            "first": table.deals[0],
            "last": table.deals[-1],
        }
        text = (
            msg(
                "Stanza {stanza}: team {ns}'s players {ns_1} & {ns_2} North-South v "
                "team {ew}'s players {ew_1} & {ew_2} East-West, boards "
                "{first}–{last} (the other table's boards, hands held by the other "
                "team)",
                **said,
            )
            if number == 2
            else msg(
                "Stanza {stanza}: team {ns}'s players {ns_1} & {ns_2} North-South v "
                "team {ew}'s players {ew_1} & {ew_2} East-West, boards "
                "{first}–{last}",
                **said,
            )
        )
        reason = Reason(
            ReasonCode.DUPLICATE,
            text,
            (ns, ew),
            data={"stanza": number, "pairs": pairs},
        )
        tables.append(Table(table.number, ((ns,), (ew,)), (reason,), table.deals))
    return Round(stanza.number, tuple(tables), messages=stanza.messages)


@dataclass(frozen=True)
class DealPlay:
    """One deal played at one table: who sat North-South / East-West and the score."""

    deal: str
    north_south: tuple[EntryId, ...]
    east_west: tuple[EntryId, ...]
    ns_points: Score
    ew_points: Score


@dataclass(frozen=True)
class DealComparison:
    deal: str
    # North-South net score (NS points minus EW points) at each play, in input order.
    ns_net: tuple[Score, ...]
    # Team -> sum of its net scores over the plays of this deal (zero-sum).
    swing: Mapping[str, Score] = field(hash=False)


def _team_of(
    side: Sequence[EntryId], teams: Mapping[str, Iterable[EntryId]], path: str
) -> str:
    found = {name for name, members in teams.items() for p in side if p in set(members)}
    if len(found) != 1:
        raise FormatError(
            "mixed_side",
            msg("both players of a direction must be of one team"),
            path=path,
        )
    return found.pop()


def duplicate_totals(
    plays: Iterable[DealPlay], teams: Mapping[str, Iterable[EntryId]]
) -> dict[str, Score]:
    """Game points per team over all deal-plays (the rulebook result, §39.7.3)."""
    totals: dict[str, Score] = dict.fromkeys(teams, 0)
    for index, play in enumerate(plays):
        ns = _team_of(play.north_south, teams, f"plays.{index}.north_south")
        ew = _team_of(play.east_west, teams, f"plays.{index}.east_west")
        totals[ns] = norm(totals[ns] + play.ns_points)
        totals[ew] = norm(totals[ew] + play.ew_points)
    return totals


def compare_deals(
    plays: Iterable[DealPlay], teams: Mapping[str, Iterable[EntryId]]
) -> tuple[DealComparison, ...]:
    """Comparison scoring: each deal's result at one table against the other."""
    by_deal: dict[str, list[tuple[int, DealPlay]]] = {}
    for index, play in enumerate(plays):
        by_deal.setdefault(play.deal, []).append((index, play))
    comparisons = []
    for deal, deal_plays in by_deal.items():
        swing: dict[str, Score] = dict.fromkeys(teams, 0)
        nets = []
        for index, play in deal_plays:
            net = play.ns_points - play.ew_points
            nets.append(norm(net))
            ns = _team_of(play.north_south, teams, f"plays.{index}.north_south")
            ew = _team_of(play.east_west, teams, f"plays.{index}.east_west")
            swing[ns] = norm(swing[ns] + net)
            swing[ew] = norm(swing[ew] - net)
        comparisons.append(DealComparison(deal, tuple(nets), swing))
    return tuple(comparisons)


def plays_per_deal(rounds: Sequence[Round]) -> dict[str, list[tuple[int, int]]]:
    """Where each deal is played: deal id -> [(round, table), …]."""
    where: dict[str, list[tuple[int, int]]] = {}
    for round_ in rounds:
        for table in round_.tables:
            for deal in table.deals:
                where.setdefault(deal, []).append((round_.number, table.number))
    return where
