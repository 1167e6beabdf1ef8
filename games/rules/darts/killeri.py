"""Killeri: each player has an own sector; exactly five points make a killer; killers
take points off the others; a player at zero or below drops out; the last one left
wins.

Source: book ``001_b57793035adc3f64.txt`` chapter 61 (l.3628–3661): the own sectors
§61.1 (l.3638–3642: drawn with the weaker hand, never the bull, never the same as or
next to another player's sector); the play §61.2 (l.3644–3660): an ordinary player
collects 1/2/3 per single/double/triple of his own sector to exactly five, points
over five taken off five (l.3646); a hit on another player's sector gives that player
the points if he wants them (l.3648); at five he is a killer, and the players at zero
drop out, except those who have not yet had a turn, who drop out if their first turn
leaves them at zero (l.3650); a killer's hit takes 1/2/3 off another player, and at
zero or below that player is out (l.3652); a killer below five is ordinary again,
and a killer's hit on his own sector takes the points off him (l.3654); the last one
left wins (l.3656).

Entry: deal 1 is the draw (``mode: draw``): each player's own sector, in seat order.
Every later deal is one player's turn (``mode: turn``, the default): the three darts
(one tap each) and, for an ordinary player's hits on other players' sectors, the
darts whose points their owner declined (``declined``: dart numbers 1–3).

Readings: a player who reaches five becomes a killer at once, for the rest of his
turn; the players dropping out because someone became a killer drop out together
(they share their place), and the thrower's own zero is settled at the end of his
turn (he is still having it); hits on the sectors of players who are out count for
nobody; the turn that leaves one player in ends there.

Points (:mod:`games.engine.placing`, elimination): each drop gives a point to every
player still in, so the first out holds 0 and the winner n − 1. Played for win/loss
only (``stakes_per_point = False``: the points are places, not a score).

Invariants: a player's Killeri points are 0–5 while he is in; five means killer;
once there is a killer, everyone in who has had a turn has a point or more; the
thrower after a turn is in; one player left ends the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from games.engine import DealRejected, DealScore, RuleError, Table, register
from games.engine.darts import (
    DARTS_PER_TURN,
    DartGame,
    DartsState,
    adjacent,
    dart_list,
    darts_fields,
    exact_target,
    group_drop_points,
    next_thrower,
    thrower_row,
    turn_errors,
    turns_counted,
)
from games.engine.game import ContextRow, Fact, NextDeal
from games.engine.inputs import PER_SIDE, FrozenModel
from games.engine.places import still_in
from games.engine.text import Seat, msg

MIN_PLAYERS, MAX_PLAYERS = 3, 8
KILLER = 5  # §61.2 (l.3646)

Sector = Annotated[int, Field(ge=1, le=20)]
DartNumber = Annotated[int, Field(ge=1, le=DARTS_PER_TURN)]


class KilleriOptions(FrozenModel):
    pass


class KilleriTurn(FrozenModel):
    """One player's turn."""

    mode: Literal["turn"] = "turn"
    darts: dart_list(DARTS_PER_TURN) = Field(  # type: ignore[valid-type]
        description="The three darts in the order thrown: 7, D7, T7, OB, IB, M."
    )
    declined: tuple[DartNumber, ...] = Field(
        (),
        max_length=DARTS_PER_TURN,
        description="Darts (1–3) of an ordinary player on another player's sector "
        "whose points that player did not take.",
    )


class KilleriDraw(FrozenModel):
    """The own sectors drawn before the first turn (§61.1)."""

    mode: Literal["draw"]
    own_sectors: Annotated[
        tuple[Sector, ...],
        Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS),
        PER_SIDE,
    ] = Field(description="Each player's own sector, in seat order.")


@dataclass(frozen=True, kw_only=True)
class KilleriState(DartsState):
    """``sectors``: each seat's own sector (empty before the draw); ``scores``:
    each seat's Killeri points; ``out``: the seats out, in the order they went."""

    sectors: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    out: tuple[int, ...] = ()


def draw_errors(sectors: Sequence[int], seats: int) -> list[RuleError]:
    """§61.1: a sector per player, no two the same or next to each other."""
    if len(sectors) != seats:
        return [
            RuleError(
                "own_sectors",
                "wrong_player_count",
                msg(
                    "enter a sector for each of the {seats} players, not {count}",
                    seats=seats,
                    count=len(sectors),
                ),
            )
        ]
    errors = []
    for i, sector in enumerate(sectors):
        for j in range(i):
            other = sectors[j]
            if sector == other or adjacent(sector, other):
                errors.append(
                    RuleError(
                        f"own_sectors.{i}",
                        "taken" if sector == other else "next_to",
                        msg(
                            "sector {sector} is already the own sector of {player}: "
                            "throw again (§61.1)",
                            sector=sector,
                            player=Seat(j),
                        )
                        if sector == other
                        else msg(
                            "sector {sector} is next to the own sector of {player} "
                            "({other}): throw again (§61.1)",
                            sector=sector,
                            player=Seat(j),
                            other=other,
                        ),
                    )
                )
                break
    return errors


@dataclass
class _Turn:
    """A turn being played: the points, who is out, the drops in order."""

    scores: list[int]
    out: list[int]
    drops: list[list[int]]

    def killers(self) -> list[int]:
        return [
            s for s, p in enumerate(self.scores) if p == KILLER and s not in self.out
        ]

    def drop(self, group: list[int]) -> None:
        if group:
            self.drops.append(group)
            self.out.extend(group)


def play_turn(
    state: KilleriState, darts: Sequence[Any], declined: Sequence[int]
) -> tuple[_Turn, set[int], int | None]:
    """The turn's darts in the order thrown (§61.2); the darts that were offers
    (hits of an ordinary player on another's sector); the dart that ended the game."""
    seats = len(state.table.seats)
    me = state.thrower
    turn = _Turn(list(state.scores), list(state.out), [])
    owner = {sector: seat for seat, sector in enumerate(state.sectors)}
    offers: set[int] = set()
    ended_at = None
    for i, dart in enumerate(darts):
        hit = owner.get(dart.sector)
        if dart.is_bull or dart.is_miss or hit is None or hit in turn.out:
            continue
        m = dart.multiplier
        if turn.scores[me] == KILLER:
            turn.scores[hit] -= m
            if hit != me and turn.scores[hit] <= 0:
                turn.drop([hit])
        else:
            killers_before = set(turn.killers())
            if hit != me:
                offers.add(i + 1)
                if i + 1 in declined:
                    continue
            turn.scores[hit] = exact_target(turn.scores[hit], m, KILLER)
            if set(turn.killers()) - killers_before:
                turn.drop(
                    [
                        s
                        for s in still_in(seats, turn.out)
                        if s != me and turn.scores[s] <= 0 and state.turns[s] > 0
                    ]
                )
        if seats - len(turn.out) == 1:
            ended_at = i
            break
    if ended_at is None and turn.killers() and turn.scores[me] <= 0:
        turn.drop([me])  # l.3650: no positive score in his turn once there's a killer
    return turn, offers, ended_at


@register
class Killeri(DartGame):
    slug = "killeri"
    name = "Killeri"
    source = "001_b57793035adc3f64.txt §61 (l.3628–3661)"
    summary = (
        "Own sectors; exactly five points make a killer, who takes points off the "
        "others; at zero a player is out; the last one left wins."
    )
    Options = KilleriOptions
    deal_modes = {"turn": KilleriTurn, "draw": KilleriDraw}
    State = KilleriState
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    stakes_per_point = False

    def default_table(self, options: Any) -> Table:
        return Table((0, 1, 2))

    def initial_fields(self, options: Any, table: Table) -> Mapping[str, Any]:
        return {**darts_fields(table), "scores": (0,) * len(table.seats)}

    def parse_deal(self, raw: Any) -> Any:
        # A turn is the usual deal: a deal that names no mode is one.
        if isinstance(raw, dict) and "mode" not in raw:
            raw = {**raw, "mode": "turn"}
        return super().parse_deal(raw)

    def verify_and_score(
        self, state: KilleriState, deal: KilleriTurn | KilleriDraw
    ) -> DealScore:
        seats = len(state.table.seats)
        if isinstance(deal, KilleriDraw):
            if state.sectors:
                raise DealRejected(
                    [RuleError("mode", "drawn", "the own sectors are drawn already")]
                )
            errors = draw_errors(deal.own_sectors, seats)
            if errors:
                raise DealRejected(errors)
            return DealScore(
                points=(0,) * seats,
                facts=(
                    Fact(
                        "draw",
                        msg(
                            "own sectors {sectors}",
                            sectors=", ".join(map(str, deal.own_sectors)),
                        ),
                    ),
                ),
                detail={"sectors": list(deal.own_sectors)},
            )
        if not state.sectors:
            raise DealRejected(
                [
                    RuleError(
                        "mode",
                        "draw_first",
                        "enter the own sectors drawn first (mode draw, §61.1)",
                    )
                ]
            )
        turn, offers, ended_at = play_turn(state, deal.darts, deal.declined)
        errors = turn_errors(deal.darts, DARTS_PER_TURN, ended_at=ended_at)
        errors += [
            RuleError(
                f"declined.{k}",
                "not_an_offer",
                msg("dart {number} gave no points to another player (§61.2)", number=n),
            )
            for k, n in enumerate(deal.declined)
            if n not in offers
        ]
        if errors:
            raise DealRejected(errors)
        points = [0] * seats
        gone = list(state.out)
        facts = []
        for group in turn.drops:
            for s, p in enumerate(group_drop_points(seats, gone, group)):
                points[s] += p
            gone += group
            for seat in group:
                facts.append(
                    Fact("out", msg("{seat} drops out", seat=Seat(seat)), seat)
                )
        me = state.thrower
        if turn.scores[me] == KILLER and state.scores[me] != KILLER:
            facts.append(Fact("killer", "becomes a killer", me))
        return DealScore(
            points=tuple(points),
            facts=tuple(facts),
            detail={
                "thrower": me,
                "scores": turn.scores,
                "out": turn.out,
            },
        )

    def carry(
        self,
        state: KilleriState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The draw of the sectors (a turn of its own: no points, the thrower
        unchanged), or a turn's Killeri points, who is out and who throws next;
        the last player left wins."""
        detail: Mapping[str, Any] = score.detail
        if "sectors" in detail:
            return {
                "sectors": tuple(detail["sectors"]),
                "totals": state.totals,
                "dealer": state.dealer,
            }
        out = tuple(detail["out"])
        left = still_in(len(state.table.seats), out)
        following = next_thrower(state.table, state.thrower, out)
        done = len(left) == 1
        return {
            "scores": tuple(detail["scores"]),
            "out": out,
            "thrower": following,
            "dealer": following,
            "turns": turns_counted(state, state.thrower),
            "finished": done,
            "winners": left if done else (),
        }

    def next_deal(self, state: KilleriState) -> NextDeal | None:
        if state.finished:
            return None
        if not state.sectors:
            return NextDeal(
                number=state.deal_number,
                notes=(
                    msg(
                        "Draw the own sectors: enter each player's sector (Drawing "
                        "lots); no two the same or next to each other."
                    ),
                ),
                context=(thrower_row(state),),
            )
        seats = len(state.table.seats)
        return NextDeal(
            number=state.deal_number,
            context=(
                thrower_row(state),
                ContextRow("own_sectors", "Own sector", "per_side", state.sectors),
                ContextRow(
                    "points",
                    "Points",
                    "per_side",
                    tuple(
                        msg("out")
                        if s in state.out
                        else msg("{points} killer", points=state.scores[s])
                        if state.scores[s] == KILLER
                        else str(state.scores[s])
                        for s in range(seats)
                    ),
                ),
            ),
        )
