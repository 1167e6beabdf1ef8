"""The interface every game implements, and the fold that turns deals into a match.

Terms:

* **table** — who sits where: ``seats[i]`` is the side of seat *i* in clockwise order
  (Tuppi: ``(0, 1, 0, 1)``; two-player Sleazy: ``(0, 1)``), and the first dealer.
* **side** — a team or a lone player; points are kept per side.
* **deal input** — what the scorer enters for one deal (cards or totals), declared as a
  pydantic model so it exports JSON Schema.
* **match state** — everything the next deal needs to know: running totals, deal
  number, dealer, and game-specific context (opening requirement, *nousussa* …).
* **fold** — scoring the deals in order, each against the state the previous deals
  left. Deterministic: re-folding after a correction equals scoring the corrected list
  from scratch, and folding a list equals folding a prefix then the rest
  (:meth:`Game.fold_from`).

A deal that the rules reject *inside a fold* (e.g. after an earlier deal was corrected
and its opening meld no longer meets the requirement) does not stop the fold: it is
kept as a flagged deal with its errors, contributes nothing, and the match reports
that it needs attention.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.engine.decks import DeckSpec
from games.engine.errors import (
    DealRejected,
    OptionsRejected,
    RuleError,
    SetupRejected,
)
from games.engine.inputs import (
    bound_schema,
    mode_union,
    parse_by_mode,
    validation_errors,
)
from games.engine.records import (
    ContextRow,
    DealRecord,
    DealScore,
    Fact,
    FoldedMatch,
    MatchGoal,
    NextDeal,
    best_sides,
)
from games.engine.text import msg
from games.engine.wording import as_text

__all__ = [
    "ContextRow",
    "DealRecord",
    "DealScore",
    "Fact",
    "FoldedMatch",
    "Game",
    "IndividualScoring",
    "MatchGoal",
    "MatchState",
    "NextDeal",
    "Table",
    "advanced",
    "best_sides",
]


@dataclass(frozen=True, slots=True)
class Table:
    """Sides and seats in clockwise order, and who deals first."""

    seats: tuple[int, ...]
    first_dealer: int = 0

    @property
    def side_count(self) -> int:
        return max(self.seats) + 1

    def side_of(self, seat: int) -> int:
        return self.seats[seat]

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s == side)

    def next_seat(self, seat: int, step: int = 1) -> int:
        """The seat ``step`` places to the left (clockwise, book §1.4)."""
        return (seat + step) % len(self.seats)


@dataclass(frozen=True, kw_only=True)
class MatchState:
    """The state after some deals. Games subclass it to add their own context."""

    table: Table
    options: BaseModel
    deal_number: int = 1  # the number of the next deal
    totals: tuple[int, ...]
    dealer: int  # the seat that deals the next deal
    finished: bool = False
    winners: tuple[int, ...] = ()
    # Per seat: the running sum of the deals' ``seat_points``; empty until a deal
    # gives any (see :func:`advanced`).
    seat_totals: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class IndividualScoring:
    """A game's declaration that its players also get individual totals.

    A player's individual total of a match is ``team_multiplier`` × their side's
    total + their seat's total (:attr:`MatchState.seat_totals`). Klubiskruuvi
    (book §16.6): bolsu points + 2 × the team's score.
    """

    team_multiplier: int = 1

    def totals(self, state: MatchState) -> tuple[int, ...]:
        """Per seat, the individual total of the match so far."""
        table = state.table
        seats = state.seat_totals or (0,) * len(table.seats)
        return tuple(
            self.team_multiplier * state.totals[table.side_of(seat)] + own
            for seat, own in enumerate(seats)
        )


class Game(ABC):
    """A game's rules. Subclasses are registered with :func:`register`.

    Class attributes to declare:

    * ``slug``, ``name``, ``source`` (``<rules file> §<section>``), ``summary``;
    * ``Options`` — a :class:`FrozenModel` whose defaults match the rulebook;
    * ``deal_input`` — the pydantic type of one deal as entered;
    * ``deal_modes`` — for games whose deals come in entry modes (``"cards"``,
      ``"totals"`` …): the pydantic type of each mode; :meth:`Game.parse_deal` then
      validates a deal with the type its ``mode`` names (:func:`parse_by_mode`), so
      the errors' paths carry no union tag, and a class that declares ``deal_modes``
      without ``deal_input`` gets the union of the modes (:func:`mode_union`) as its
      ``deal_input``. Empty: ``deal_input`` validates a deal.
    * ``State`` — the game's :class:`MatchState` subclass; the default
      :meth:`Game.initial_state` builds it with zero totals and the first dealer,
      plus the fields :meth:`Game.initial_fields` gives;
    * ``deck`` — the deck cards are checked against (``None`` if no cards entered);
    * ``tables`` — the seatings the game is played at, e.g. ``((0, 1, 0, 1),)``;
    * ``individual_scoring`` — optional :class:`IndividualScoring`: players are also
      ranked individually (tournaments use it for partner rotations).
    * ``lower_totals_win`` — ``True`` for games where the most points lose (Sneaky
      Pete's penalty points): standings and placements read totals the other way.
    * ``stakes_per_point`` — ``False`` where book §1.2 (or the game's chapter) says
      the game is played for money on win/loss only (Huutopussi, Go); money then
      refuses a per-point stake.
    * ``chips_are_money`` — ``True`` for chip games whose chips are paid out in
      money at the stake (Sinkki, Mah Jong, the poker games).
    * ``duplicate_boards`` — ``True`` where the book lets the game be played in
      duplicate from boards (Sakaali for eight, §39.7); such a game takes an option
      ``boards`` (the board ids its match plays, in order), which a duplicate stage
      sets.
    * ``sheet_difference`` — ``True`` where a two-sided match is decided by the
      cumulative point difference and the paper sheet keeps it (Sleazy): the sheet
      and its CSV add the running difference of side 0 and side 1.
    * ``sheet_layout`` — how the score sheet page lays out the deals: ``"deals"``
      (a row per deal, the default) or ``"ends"`` (a column per end, a row per
      side, as a curling board or a frame sheet is kept; :mod:`games.engine.ends`).
    * ``sheet_mark`` — ``(fact code, label)``: on the ``"ends"`` layout, each end's
      column marks the side named by the deal's fact with that code (curling's
      hammer, who threw the jack); ``None`` marks nothing.
    * ``sheet_fact`` — the code of a deal fact whose text the score sheet shows in
      the deal's row (a billiards frame's score, where the points are frames won);
      ``None`` shows none.
    * ``sheet_story`` — the codes of the deal facts that tell the deal's story on
      the score sheet (their texts under the deal's number, sides and seats named);
      ``None`` (the default) tells every fact, ``()`` none. The fact ``sheet_fact``
      names is never repeated in the story.
    * ``deal_word`` — what one entry on the sheet is called where it is not a deal
      of cards: ``"end"`` (curling), ``"frame"``, ``"turn"`` (darts), ``"game"``
      (a finishing order or a win) …; the pages say "End 3", "Enter frame 4".
    * ``state_version`` — bump it when a change of the rules changes what a stored
      match state means (not only its fields): the score book then re-folds stored
      matches from their deals instead of restoring their state
      (:func:`games.engine.serialize.state_marker`).
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    source: ClassVar[str]
    summary: ClassVar[str] = ""
    Options: ClassVar[type[BaseModel]]
    deal_input: ClassVar[Any]
    deal_modes: ClassVar[Mapping[str, Any]] = {}
    State: ClassVar[type[MatchState]] = MatchState
    deck: ClassVar[DeckSpec | None] = None
    tables: ClassVar[tuple[tuple[int, ...], ...]]
    individual_scoring: ClassVar[IndividualScoring | None] = None
    lower_totals_win: ClassVar[bool] = False
    stakes_per_point: ClassVar[bool] = True
    chips_are_money: ClassVar[bool] = False
    duplicate_boards: ClassVar[bool] = False
    sheet_difference: ClassVar[bool] = False
    sheet_layout: ClassVar[str] = "deals"
    sheet_mark: ClassVar[tuple[str, str] | None] = None
    sheet_fact: ClassVar[str | None] = None
    sheet_story: ClassVar[tuple[str, ...] | None] = None
    deal_word: ClassVar[str] = "deal"
    state_version: ClassVar[int] = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "deal_modes" in cls.__dict__ and "deal_input" not in cls.__dict__:
            cls.deal_input = mode_union(cls.deal_modes)

    def __init__(self) -> None:
        self._deal_adapter = TypeAdapter(self.deal_input)
        # The validator itself: TypeAdapter's Python wrapper is a visible share of
        # the cost of a small deal (Tuppi's, Skruuvi's).
        self._validate_deal = self._deal_adapter.validator.validate_python
        self._by_mode = {
            mode: TypeAdapter(model) for mode, model in self.deal_modes.items()
        }

    # -- declarations -------------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | BaseModel | None) -> BaseModel:
        if isinstance(raw, self.Options):
            return raw
        if raw is not None and not isinstance(raw, Mapping):
            raise OptionsRejected(
                [RuleError("options", "type", "options must be an object")]
            )
        try:
            return self.Options.model_validate(dict(raw or {}))
        except ValidationError as exc:
            raise OptionsRejected(
                validation_errors(exc, "options", self.options_schema())
            ) from None

    def options_schema(self) -> dict[str, Any]:
        return self.Options.model_json_schema()

    def deal_schema(
        self, options: BaseModel | None = None, table: Table | None = None
    ) -> dict[str, Any]:
        """The JSON Schema of one deal as entered; for a match (its ``options``
        and ``table``), with the bounds that match puts on its numbers
        (:meth:`deal_bounds`), so that a form never offers a value the rules
        always refuse there."""
        schema = self._deal_adapter.json_schema()
        if options is None or table is None:
            return schema
        return bound_schema(schema, self.deal_bounds(options, table))

    def deal_bounds(
        self, options: BaseModel, table: Table
    ) -> Mapping[str, tuple[int | None, int | None]]:
        """The numbers of a deal whose range a match narrows, by their dotted
        path in the deal (a mode's fields by their own names): ``{"points": (1,
        4)}`` — a petanque singles' round scores at most 4, the team's balls.
        ``None`` keeps the schema's bound. The engine still checks every deal;
        this only keeps forms from offering what it would refuse. Default: none."""
        return {}

    def deck_for(self, options: BaseModel) -> DeckSpec | None:
        """The deck a match with ``options`` is played with (the card picker's and
        the deck check's); games whose options change the deck override it."""
        return self.deck

    def default_table(self, options: BaseModel) -> Table:
        return Table(self.tables[0])

    def check_table(self, table: Table, options: BaseModel) -> None:
        """Raise :class:`SetupRejected` if the game is not played at this table."""
        if table.seats not in self.tables:
            shapes = ", ".join(str(list(t)) for t in self.tables)
            raise SetupRejected(
                [
                    RuleError(
                        "seats",
                        "bad_table",
                        msg(
                            "{game} is played with seats as sides {shapes}",
                            game=as_text(self.name),
                            shapes=shapes,
                        ),
                    )
                ]
            )
        if not 0 <= table.first_dealer < len(table.seats):
            raise SetupRejected(
                [RuleError("first_dealer", "bad_seat", "no such seat at this table")]
            )

    # -- one deal -----------------------------------------------------------------

    def parse_deal(self, raw: Any) -> Any:
        """Validate the shape of a deal as entered; errors carry field paths.

        A game that declares ``deal_modes`` has each deal validated by the type of
        its ``mode`` (a missing mode is ``"cards"``; an unknown one is ``bad_mode``).
        """
        if self._by_mode:
            return parse_by_mode(self._by_mode, raw)
        try:
            return self._validate_deal(raw)
        except ValidationError as exc:
            raise DealRejected(
                validation_errors(exc, schema=self.deal_schema())
            ) from None

    def score(self, state: MatchState, raw: Any) -> DealScore:
        """Parse, verify and score one deal in the context ``state``."""
        if state.finished:
            raise DealRejected(
                [RuleError("", "match_finished", "the match is already decided")]
            )
        return self.verify_and_score(state, self.parse_deal(raw))

    @abstractmethod
    def verify_and_score(self, state: MatchState, deal: Any) -> DealScore:
        """Check a parsed deal against the rules, the deck and the match so far.

        Raise :class:`DealRejected` with every error found.
        """

    # -- the match ----------------------------------------------------------------

    def initial_state(self, options: BaseModel, table: Table) -> MatchState:
        """The state before the first deal: the game's ``State`` with zero totals,
        the first dealer dealing, and the game's own :meth:`initial_fields`."""
        return self.State(
            table=table,
            options=options,
            totals=(0,) * table.side_count,
            dealer=table.first_dealer,
            **self.initial_fields(options, table),
        )

    def initial_fields(self, options: BaseModel, table: Table) -> Mapping[str, Any]:
        """Fields of the game's ``State`` that start other than at their defaults
        (Canasta's opening requirements, Klubiskruuvi's seat totals); none here."""
        return {}

    def advance(self, state: MatchState, score: DealScore) -> MatchState:
        """The state after a scored deal, from what the game declares.

        The totals after the deal (:meth:`totals_after`: the deal's points added),
        whether that ends the match (:meth:`match_over`: the declared
        :meth:`match_goal` — a target, a number of deals, a losing limit where
        ``lower_totals_win``), the deal passed to the left, the game's own fields
        (:meth:`carry`), and once finished the winners (:meth:`match_winners`: the
        best totals, the lowest where ``lower_totals_win``, ties sharing). A game
        overrides the one hook its match has of its own, never this step.
        """
        totals = self.totals_after(state, score)
        finished = self.match_over(state, score, totals)
        fields: dict[str, Any] = {
            "totals": totals,
            "deal_number": state.deal_number + 1,
            "dealer": state.table.next_seat(state.dealer),
            "finished": finished,
        }
        if score.seat_points:
            before = state.seat_totals or (0,) * len(state.table.seats)
            fields["seat_totals"] = tuple(
                t + p for t, p in zip(before, score.seat_points, strict=True)
            )
        fields.update(self.carry(state, score, totals, finished))
        after = replace(state, **fields)
        if after.finished and "winners" not in fields:
            return replace(after, winners=self.match_winners(after))
        return after

    def totals_after(self, state: MatchState, score: DealScore) -> tuple[int, ...]:
        """The match totals after ``score``: the deal's points added. A game whose
        totals move otherwise overrides it (Marjapussi's drop back from over 12)."""
        return tuple(t + p for t, p in zip(state.totals, score.points, strict=True))

    def match_over(
        self, state: MatchState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        """Whether the deal just scored (``state`` is the match before it,
        ``totals`` after it) ends the match: by the declared :meth:`match_goal`."""
        return self.match_goal(state.options).reached(
            totals, state.deal_number, lowest=self.lower_totals_win
        )

    def carry(
        self,
        state: MatchState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> Mapping[str, Any]:
        """The game's own fields of the state after a deal (Canasta's opening
        requirements, a chip game's ledger, a dealer other than the next seat),
        given the new ``totals`` and whether the match is now ``finished``; none
        here. A field named ``winners`` here decides the winners itself."""
        return {}

    def match_winners(self, state: MatchState) -> tuple[int, ...]:
        """Who won the match that ``state`` finished: the best totals (the lowest
        where ``lower_totals_win``), ties sharing. Chip games whose result is
        their ledger override it."""
        return best_sides(state.totals, lowest=self.lower_totals_win)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        """What the table needs before the next deal; ``None`` once finished."""
        if state.finished:
            return None
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
        )

    def match_goal(self, options: BaseModel) -> MatchGoal:
        """How a match with ``options`` ends; games with a target or a length
        override it (the default reads an option named ``target`` if there is one)."""
        target = getattr(options, "target", None)
        return MatchGoal(target=target if isinstance(target, int) else None)

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """The sides that won a deal that scored ``points`` (standings count deals
        won): the sole best score, the lowest where ``lower_totals_win``; none on a
        tie. Games whose deals are won otherwise override it."""
        if not points:
            return ()
        best = min(points) if self.lower_totals_win else max(points)
        winners = tuple(i for i, p in enumerate(points) if p == best)
        return winners if len(winners) == 1 else ()

    def leaders(self, state: MatchState) -> tuple[int, ...]:
        """Sides in the lead (several when tied; none while all are level): the
        highest totals, the lowest where ``lower_totals_win``."""
        totals = state.totals
        best = min(totals) if self.lower_totals_win else max(totals)
        if all(t == best for t in totals):
            return ()
        return tuple(i for i, t in enumerate(totals) if t == best)

    def start(
        self,
        options: Mapping[str, Any] | BaseModel | None = None,
        table: Table | None = None,
    ) -> MatchState:
        """The state before the first deal, with options and table checked."""
        parsed = self.parse_options(options)
        table = table or self.default_table(parsed)
        self.check_table(table, parsed)
        return self.initial_state(parsed, table)

    def fold(
        self,
        deals: Sequence[Any],
        options: Mapping[str, Any] | BaseModel | None = None,
        table: Table | None = None,
        numbers: Sequence[int] | None = None,
    ) -> FoldedMatch:
        """Score ``deals`` in order from the start of a match."""
        return self.fold_from(self.start(options, table), deals, numbers=numbers)

    def fold_from(
        self,
        state: MatchState,
        deals: Sequence[Any],
        numbers: Sequence[int] | None = None,
        earlier: Sequence[DealRecord] = (),
    ) -> FoldedMatch:
        """Continue a fold from ``state`` (folding a prefix, then the rest)."""
        records = list(earlier)
        for i, raw in enumerate(deals):
            number = numbers[i] if numbers is not None else state.deal_number
            try:
                score = self.score(state, raw)
            except DealRejected as rejected:
                records.append(
                    DealRecord(
                        number, None, rejected.errors, state.totals, state.seat_totals
                    )
                )
                continue
            state = self.advance(state, score)
            records.append(
                DealRecord(number, score, (), state.totals, state.seat_totals)
            )
        individual = self.individual_scoring
        return FoldedMatch(
            game=self.slug,
            deals=tuple(records),
            state=state,
            next_deal=self.next_deal(state),
            leaders=self.leaders(state),
            individual_totals=individual.totals(state) if individual else (),
        )


def advanced(
    state: MatchState,
    points: Sequence[int],
    *,
    seat_points: Sequence[int] = (),
    **changes: Any,
) -> MatchState:
    """Common step: add ``points`` to the totals (and ``seat_points``, one per seat,
    to the seat totals), count the deal, pass the deal on."""
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    base = {
        "totals": totals,
        "deal_number": state.deal_number + 1,
        "dealer": state.table.next_seat(state.dealer),
    }
    if seat_points:
        before = state.seat_totals or (0,) * len(state.table.seats)
        base["seat_totals"] = tuple(
            t + p for t, p in zip(before, seat_points, strict=True)
        )
    base.update(changes)
    return replace(state, **base)
