"""Events with points: a match kept as a stream of things that happen, each worth a
point or a point off to the player (or team) it happened to.

Games that keep no deals but a tally — a goal (Jäkis §36, Rymypallo §73), a "Bleep!"
at a car or at a van (The Bleep Game §37), a question answered or a doubt lost
(Believe or Doubt §41) — share these pieces:

* **event kind** (:class:`EventKind`) — what can happen and what it is worth
  (``goal`` +1; ``car`` +1, ``other`` −1). A game declares its kinds once, in an
  :class:`EventBook`, and every total, tally and sheet row is read from it;
* **event** (:class:`Event`) — one thing that happened: the seat it happened to and
  its kind. Its points go to that seat's side;
* **entry** — a deal of these games is one entry: the events it records (a goal is
  one event; a question of Believe or Doubt is one or two) and, where the book gives
  the game no end the score can see (the stock of Jäkis runs out, Rymypallo's
  time is up, the Bleep Game's players get bored), an **end** flag: the organiser
  ticks "the game ends here" on the last entry (or on an entry of its own with no
  event), and the match is decided by the totals then, a tie shared;
* **target** — optional: the first to reach it wins, read by
  :func:`games.engine.goals.target_or_deals_advance`.

:class:`EventState` keeps, beside the totals, the **tally** — per kind, per side,
how many times it happened — which the sheet shows as rows (a paper sheet's tally
marks) when the book has more than one kind.

Invariants: a side's total is the sum over kinds of tally × points; an entry with
``end`` finishes the match whatever its totals; folding entries one by one equals
folding them as one list (nothing but the totals, the tally and the game's own
context carry from one entry to the next).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, Field

from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    ContextRow,
    DealScore,
    Fact,
    Game,
    MatchState,
    NextDeal,
    Table,
    advanced,
)
from games.engine.goals import target_or_deals_advance, target_or_deals_rows
from games.engine.text import Seat, msg

EndFlag = Annotated[
    bool,
    Field(
        description="Tick on the last entry: the game ends here and the most "
        "points win (a tie is shared).",
    ),
]
"""The ``end`` field of an entry of a game with no end the score can see."""


@dataclass(frozen=True, slots=True)
class EventKind:
    """What can happen: a stable ``code``, the sheet's ``label`` for the tally (a
    plural: "Goals"), the ``points`` it gives its player's side, and what ``one``
    of them is called in a deal's facts ("goal"). ``fact`` words a deal's fact
    itself, from the seat and the points, as one translatable template with the
    kind's word in it (``lambda seat, points: msg("{seat}: goal ({points:+d})",
    seat=seat, points=points)``); without it the fact puts ``one`` into a shared
    template, which a translation cannot inflect."""

    code: str
    label: str
    points: int
    one: str
    fact: Callable[[Seat, int], str] | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened to ``seat``."""

    seat: int
    kind: str


@dataclass(frozen=True)
class EventBook:
    """A game's event kinds, declared once."""

    kinds: tuple[EventKind, ...]
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        codes = [k.code for k in self.kinds]
        if not codes or len(set(codes)) != len(codes):
            raise ValueError("an event book needs kinds with distinct codes")
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(codes)})

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(k.code for k in self.kinds)

    def kind(self, code: str) -> EventKind:
        return self.kinds[self._index[code]]

    def points(self, events: Sequence[Event], seats: Sequence[int]) -> tuple[int, ...]:
        """Per side, the points of ``events``; ``seats[i]`` is the side of seat i."""
        points = [0] * (max(seats) + 1)
        for event in events:
            points[seats[event.seat]] += self.kind(event.kind).points
        return tuple(points)

    def empty_tally(self, sides: int) -> tuple[tuple[int, ...], ...]:
        return tuple((0,) * sides for _ in self.kinds)

    def tally_after(
        self,
        tally: tuple[tuple[int, ...], ...],
        events: Sequence[Event],
        seats: Sequence[int],
    ) -> tuple[tuple[int, ...], ...]:
        """``tally`` (per kind, per side) with ``events`` counted."""
        rows = [list(row) for row in tally]
        index = self._index
        for event in events:
            rows[index[event.kind]][seats[event.seat]] += 1
        return tuple(tuple(row) for row in rows)

    def facts(self, events: Sequence[Event], seats: Sequence[int]) -> tuple[Fact, ...]:
        """One fact per event: its kind, whose, and its points."""
        out = []
        for event in events:
            kind = self.kind(event.kind)
            seat = Seat(event.seat)
            text = (
                kind.fact(seat, kind.points)
                if kind.fact is not None
                else msg(
                    "{seat}: {one} ({points:+d})",
                    seat=seat,
                    one=kind.one,
                    points=kind.points,
                )
            )
            out.append(Fact(kind.code, text, seats[event.seat], kind.points))
        return tuple(out)

    def rows(self, tally: tuple[tuple[int, ...], ...]) -> tuple[ContextRow, ...]:
        """The sheet's tally rows, one per kind, when there is more than one kind
        (with one, the totals already are the tally)."""
        if len(self.kinds) < 2:
            return ()
        return tuple(
            ContextRow(kind.code, kind.label, "per_side", row)
            for kind, row in zip(self.kinds, tally, strict=True)
        )


@dataclass(frozen=True, kw_only=True)
class EventState(MatchState):
    """``tally``: per kind of the game's :class:`EventBook`, per side, how many."""

    tally: tuple[tuple[int, ...], ...] = ()


GOALS = EventBook(
    (
        EventKind(
            "goal",
            msg("Goals"),
            1,
            msg("goal"),
            lambda seat, points: msg(
                "{seat}: goal ({points:+d})", seat=seat, points=points
            ),
        ),
    )
)
"""The book of the games whose one event is a goal worth a point (Jäkis,
Rymypallo)."""


def event_seat_errors(
    seat: int | None, seats: int, *, path: str, required: bool, section: str
) -> list[RuleError]:
    """``no_player`` when a required seat is missing; ``bad_seat`` when it is not
    at this table."""
    if seat is None:
        if not required:
            return []
        return [
            RuleError(
                path,
                "no_player",
                msg(
                    "choose who it was (or tick end to finish the game) ({section})",
                    section=section,
                ),
            )
        ]
    if seat >= seats:
        return [
            RuleError(path, "bad_seat", msg("no {seat} at this table", seat=Seat(seat)))
        ]
    return []


def event_entry(
    by: int | None, kind: str, *, seats: int, end: bool, section: str
) -> tuple[Event, ...]:
    """The events of an entry that names who (``by``) it happened to: one event of
    ``kind``, none for an end alone. An entry without ``by`` and without ``end``, or
    with a seat not at the table, is refused naming the field ``by`` (see
    :func:`event_seat_errors`)."""
    errors = event_seat_errors(by, seats, path="by", required=not end, section=section)
    if errors:
        raise DealRejected(errors)
    return () if by is None else (Event(by, kind),)


def events_score(
    state: EventState,
    book: EventBook,
    events: Sequence[Event],
    *,
    end: bool = False,
    detail: Mapping[str, Any] | None = None,
) -> DealScore:
    """The score of one entry: the events' points per side, a fact per event, and
    a detail the fold reads back (``events`` as ``[seat, kind]`` pairs, ``end``)."""
    seats = state.table.seats
    facts = book.facts(events, seats)
    if end:
        facts += (Fact("end", "the game ends here"),)
    return DealScore(
        points=book.points(events, seats),
        facts=facts,
        detail={
            "events": [[e.seat, e.kind] for e in events],
            "end": end,
            **(detail or {}),
        },
    )


def events_of(detail: Mapping[str, Any]) -> tuple[Event, ...]:
    """The events of a scored entry, read back from its detail."""
    return tuple(Event(seat, kind) for seat, kind in detail["events"])


def events_advance(
    state: EventState,
    score: DealScore,
    *,
    book: EventBook,
    target: int | None = None,
    **changes: Any,
) -> EventState:
    """``state`` after an entry: totals and tally; finished at ``target`` (the
    highest total wins) or by the entry's ``end`` flag (the highest totals win,
    ties shared). ``changes`` are the game's own fields."""
    tally = state.tally or book.empty_tally(state.table.side_count)
    changes["tally"] = book.tally_after(
        tally, events_of(score.detail), state.table.seats
    )
    if score.detail.get("end"):
        totals = [t + p for t, p in zip(state.totals, score.points, strict=True)]
        top = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == top)
        return advanced(state, score.points, finished=True, winners=winners, **changes)
    return target_or_deals_advance(state, score, target=target, deals=None, **changes)


def events_initial(book: EventBook, sides: int) -> dict[str, Any]:
    """The :class:`EventState` fields a match starts with (an empty tally)."""
    return {"tally": book.empty_tally(sides)}


def events_rows(
    state: EventState,
    book: EventBook,
    *,
    target: int | None = None,
    leader: bool = False,
) -> tuple[ContextRow, ...]:
    """The sheet's rows before the next entry: with ``leader`` (a game with no
    end, where leading is the point) the side in the lead, ``None`` when no side
    leads alone; the tally (see :meth:`EventBook.rows`); the target, if any."""
    tally = state.tally or book.empty_tally(state.table.side_count)
    rows: tuple[ContextRow, ...] = ()
    if leader:
        top = max(state.totals)
        leaders = [s for s, t in enumerate(state.totals) if t == top]
        alone = leaders[0] if len(leaders) == 1 else None
        rows = (ContextRow("leader", "Leader", "side", alone),)
    return (
        rows
        + book.rows(tally)
        + target_or_deals_rows(
            state, target=target, deals=None, unit=("entry", msg("Entry"))
        )
    )


class EventGame(Game):
    """A game kept as events with points (this module's shape).

    A subclass declares ``events`` (its :class:`EventBook`), ``deal_input`` and
    :meth:`verify_and_score`; optionally ``leader`` (the sheet shows who leads: a
    game with no end, where leading is the point) and ``notes`` (shown before each
    entry). The match ends at the options' ``target`` if the game has one
    (:meth:`Game.match_goal`) or by an entry's ``end`` flag. An entry is not a
    contest: nobody wins one. A game with fields of its own beside the tally
    extends :meth:`initial_fields`, :meth:`carry` and :meth:`next_deal`.
    """

    deal_word = "entry"
    State: ClassVar[type[MatchState]] = EventState
    events: ClassVar[EventBook]
    leader: ClassVar[bool] = False
    notes: ClassVar[tuple[str, ...]] = ()

    def initial_fields(self, options: BaseModel, table: Table) -> Mapping[str, Any]:
        return events_initial(self.events, table.side_count)

    def match_over(
        self, state: EventState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        """The declared goal, or an entry's ``end`` flag (the game is over)."""
        return bool(score.detail.get("end")) or super().match_over(state, score, totals)

    def carry(
        self,
        state: EventState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The tally with the entry's events; a game with fields of its own adds
        them to these."""
        tally = state.tally or self.events.empty_tally(state.table.side_count)
        return {
            "tally": self.events.tally_after(
                tally, events_of(score.detail), state.table.seats
            )
        }

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """An entry (a goal, a shout, a question) is not a game: nobody wins one."""
        return ()

    def next_deal(self, state: EventState) -> NextDeal | None:
        if state.finished:
            return None
        target = self.match_goal(state.options).target
        return NextDeal(
            number=state.deal_number,
            notes=self.notes,
            context=events_rows(state, self.events, target=target, leader=self.leader),
        )
