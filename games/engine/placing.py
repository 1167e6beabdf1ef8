"""Result shapes by place, and the match of games by place.

Games that keep no score but an order — who went out first (Chinese Poker §24,
Valepaska §40, Musta Pekka §35, Musta Maija §34), who dropped out when
(Kiertopokeri §23, Seinis §66) — share these pieces (the orders and their points
are in :mod:`games.engine.places`, the match here):

* **finishing order** — each player's **place**, 1 = first out. Strict
  (:func:`places_errors`: 1 … *n* once each; :func:`order_of`, :func:`place_points`:
  n − 1 … 0) or **with ties** where players can go out at the same moment
  (:func:`tied_places_errors`: a competition ranking, 1, 2, 2, 4), and, where one
  player is always left holding the penalty card, an unshared last place
  (:func:`shared_last_errors`).
* **the loser, the winner, or both only** — the players not named share a place
  (:func:`places_of_loser`, :func:`places_of_winner`,
  :func:`places_of_winner_and_loser`).
* **elimination** — one player drops out at a time and the last one left wins.
  :func:`elimination_points` scores one drop: one point to every player still in,
  so after the game the first out holds 0 and the winner *n* − 1 — the same points
  as the places read backwards (:func:`places_of_drops`). :func:`still_in` lists
  who is left.
* **points by place** — :func:`beaten_points`: a point for every player who
  finished behind you (a strict order: n − 1 … 0, as :func:`place_points`);
  :func:`first_points` (1 to the winners), :func:`last_points` (−1 to the loser).
* **a match of games by place** — :class:`PlacingGame`: a deal is one game (or one
  drop), entered in the modes of :func:`place_inputs`; :class:`PlacingOptions` make
  a match of ``games`` games or to a ``target``; totals are points by place, so
  tournaments and money (book §1.2, the average method) read them as any game's.

Invariants: a strict finishing order of *n* seats scores 0 + 1 + … + (*n* − 1);
with ties, the number of pairs of players with different places; an elimination
game scores the same, one drop at a time; a tied or shared place never scores
differently for the players who share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, ValidationInfo, create_model, field_validator

from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    ContextRow,
    DealScore,
    Fact,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
    Table,
    advanced,
)
from games.engine.inputs import PER_SIDE, FrozenModel, SeatField, input_error, seat_role
from games.engine.places import (
    beaten_points,
    elimination_points,
    first_points,
    last_points,
    places_errors,
    places_of_drops,
    places_of_loser,
    places_of_winner,
    places_of_winner_and_loser,
    shared_last_errors,
    still_in,
    tied_places_errors,
)
from games.engine.text import Seat, msg

# -- finishing order with ties -----------------------------------------------------


# -- the inputs a scorer enters ------------------------------------------------------

PLACE_MODES = ("places", "loser", "winner", "winner_loser", "drop")
"""The ways a game by place is entered (a game offers some of them):

* ``places`` — each player's place, 1 for the first out (ties where the game allows);
* ``loser`` — only who lost; ``winner`` — only who won; ``winner_loser`` — both;
* ``drop`` — one player drops out (an elimination entered as it happens)."""


def place_inputs(
    max_players: int,
    modes: Sequence[str],
    *,
    places_help: str = "Each player's place: 1 for the first out (the winner), "
    "the highest for the one left with cards (the loser).",
    drop_help: str = "Who dropped out.",
) -> dict[str, type[FrozenModel]]:
    """The deal models of ``modes`` (a subset of :data:`PLACE_MODES`, the first
    being the default) for a game of at most ``max_players``."""
    unknown = [m for m in modes if m not in PLACE_MODES]
    if unknown or not modes:
        raise ValueError(f"unknown place modes {unknown}")
    seat = Annotated[SeatField, Field(le=max_players - 1)]
    places = Annotated[
        tuple[Annotated[int, Field(ge=1, le=max_players)], ...], PER_SIDE
    ]

    def named(role: str, help: str) -> Any:
        return (Annotated[seat, seat_role(role)], Field(description=help))

    fields: dict[str, dict[str, Any]] = {
        "places": {
            "places": (
                places,
                Field(min_length=2, max_length=max_players, description=places_help),
            )
        },
        "loser": {"loser": named("loser", "Who lost: the last one left.")},
        "winner": {"winner": named("winner", "Who won.")},
        "winner_loser": {
            "winner": named("winner", "Who went out first and won."),
            "loser": named("loser", "Who was left with cards and lost."),
        },
        "drop": {"out": named("out", drop_help)},
    }
    models = {}
    for mode in modes:
        tag = Literal[mode]  # type: ignore[valid-type]
        models[mode] = create_model(
            "".join(w.title() for w in mode.split("_")),
            __base__=FrozenModel,
            mode=(tag, mode) if mode == modes[0] else (tag, ...),
            **fields[mode],
        )
    return models


# -- a match of games by place -------------------------------------------------------


class PlacingOptions(FrozenModel):
    """How games by place make a match: a number of games, or a target of points,
    or whichever comes first; and what a game scores."""

    games: int | None = Field(
        1,
        ge=1,
        le=100,
        description="Games in a match (none: play to the target).",
    )
    scoring: Literal["places", "winner", "loser"] = Field(
        "places",
        description="places: a point for each player who finished behind you "
        "(n − 1 … 0); winner: 1 to the winner; loser: −1 to the loser.",
    )
    target: int | None = Field(
        None,
        validate_default=True,
        ge=1,
        le=1000,
        description="Points that win the match, checked when a game ends (none: "
        "play the number of games).",
    )

    @field_validator("target")
    @classmethod
    def _target_is_reachable(cls, target: int | None, info: ValidationInfo) -> Any:
        if target is not None and info.data.get("scoring") == "loser":
            raise input_error(
                "target_with_loser_scoring",
                "the loser scoring only takes points away: play a number of games",
            )
        if target is None and "games" in info.data and info.data["games"] is None:
            raise input_error(
                "no_match_end", "a match needs a number of games or a target"
            )
        return target


@dataclass(frozen=True, kw_only=True)
class PlacingState(MatchState):
    """``games_played``: the games complete; ``out``: in a game entered drop by drop,
    who has dropped, in order; ``starts``: who starts the next round, where the
    rules say (the next player in after a drop)."""

    games_played: int = 0
    out: tuple[int, ...] = ()
    starts: int | None = None


class PlacingGame(Game):
    """A game whose result is the order the players finished (or dropped out).

    Declare ``min_players``, ``max_players``, ``deal_modes`` (from
    :func:`place_inputs`), ``ties`` (players may go out at the same moment and share
    a place), ``single_loser`` (one player is always left with cards: the last place
    is never shared), ``section`` (the book's section the errors cite) and
    ``Options`` (a :class:`PlacingOptions`). A deal is one game (a drop, for an
    elimination entered as it happens); points by place (``scoring``) fold into
    totals, so tournaments and money (book §1.2, the average method) read totals as
    for any game.
    """

    deal_word = "game"

    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    ties: ClassVar[bool] = False
    single_loser: ClassVar[bool] = True
    section: ClassVar[str] = ""
    loser_why: ClassVar[str] = ""
    State = PlacingState
    Options = PlacingOptions

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if "tables" not in cls.__dict__ and "max_players" in cls.__dict__:
            cls.tables = tuple(
                tuple(range(n)) for n in range(cls.min_players, cls.max_players + 1)
            )
        super().__init_subclass__(**kwargs)

    def default_table(self, options: BaseModel) -> Table:
        return Table(tuple(range(self.default_players)))

    def parse_deal(self, raw: Any) -> Any:
        """A deal that names no mode is entered in the first of ``deal_modes``."""
        if isinstance(raw, Mapping) and "mode" not in raw:
            raw = {**raw, "mode": next(iter(self.deal_modes))}
        return super().parse_deal(raw)

    # -- one game --------------------------------------------------------------------

    def places_check(self, places: Sequence[int], seats: int) -> list[RuleError]:
        """The errors of a finishing order entered for this game."""
        if self.ties:
            errors = tied_places_errors(places, seats, section=self.section)
        else:
            errors = places_errors(places, seats, section=self.section)
        if not errors and self.single_loser:
            errors = shared_last_errors(
                places, section=self.section, why=self.loser_why
            )
        return errors

    def verify_and_score(self, state: PlacingState, deal: Any) -> DealScore:
        seats = len(state.table.seats)
        if deal.mode == "drop":
            return self._drop(state, deal.out)
        if state.out:
            raise DealRejected(
                [
                    RuleError(
                        "mode",
                        "game_in_progress",
                        msg(
                            "{count} player(s) have dropped out of this game: "
                            "enter the next drop",
                            count=len(state.out),
                        ),
                    )
                ]
            )
        named = {k: getattr(deal, k) for k in ("winner", "loser") if hasattr(deal, k)}
        _check_seats(named, seats)
        if deal.mode == "places":
            places = tuple(deal.places)
            errors = self.places_check(places, seats)
            if errors:
                raise DealRejected(errors)
        elif deal.mode == "loser":
            places = places_of_loser(seats, deal.loser)
        elif deal.mode == "winner":
            places = places_of_winner(seats, deal.winner)
        else:
            if deal.winner == deal.loser and seats > 1:
                raise DealRejected(
                    [
                        RuleError(
                            "loser",
                            "winner_is_loser",
                            "the winner and the loser are two players",
                        )
                    ]
                )
            places = places_of_winner_and_loser(seats, deal.winner, deal.loser)
        return self._game_score(state, places, {"mode": deal.mode})

    def _game_score(
        self, state: PlacingState, places: Sequence[int], detail: Mapping[str, Any]
    ) -> DealScore:
        scoring = state.options.scoring
        points = {"places": beaten_points, "winner": first_points}.get(
            scoring, last_points
        )(places)
        last = max(places)
        winners = [s for s, p in enumerate(places) if p == 1]
        losers = [s for s, p in enumerate(places) if p == last]
        facts = [
            Fact("winner", msg("{seat} wins the game", seat=Seat(s)), s)
            for s in winners
        ]
        facts += [
            Fact("loser", msg("{seat} loses the game", seat=Seat(s)), s) for s in losers
        ]
        return DealScore(
            points=points,
            facts=tuple(facts),
            detail={**detail, "places": list(places), "complete": True},
        )

    def _drop(self, state: PlacingState, seat: int) -> DealScore:
        seats = len(state.table.seats)
        _check_seats({"out": seat}, seats)
        if seat in state.out:
            raise DealRejected(
                [
                    RuleError(
                        "out",
                        "player_out",
                        msg(
                            "{seat} has already dropped out of this game{where}",
                            seat=Seat(seat),
                            where=f" ({self.section})" if self.section else "",
                        ),
                    )
                ]
            )
        out = (*state.out, seat)
        left = still_in(seats, out)
        complete = len(left) == 1
        scoring = state.options.scoring
        if scoring == "places":
            points = elimination_points(seats, state.out, seat)
        elif scoring == "winner":
            points = tuple(1 if complete and s == left[0] else 0 for s in range(seats))
        else:
            points = tuple(
                -1 if s == seat and not state.out else 0 for s in range(seats)
            )
        facts = [Fact("out", msg("{seat} drops out", seat=Seat(seat)), seat)]
        detail: dict[str, Any] = {"mode": "drop", "out": seat, "complete": complete}
        if complete:
            facts.append(
                Fact("winner", msg("{seat} wins the game", seat=Seat(left[0])), left[0])
            )
            detail["places"] = list(places_of_drops(seats, (*out, left[0])))
        return DealScore(points=points, facts=tuple(facts), detail=detail)

    # -- the match -------------------------------------------------------------------

    def advance(self, state: PlacingState, score: DealScore) -> PlacingState:
        detail = score.detail
        complete = detail["complete"]
        options = state.options
        table = state.table
        totals = [t + p for t, p in zip(state.totals, score.points, strict=True)]
        played = state.games_played + (1 if complete else 0)
        finished = complete and (
            (options.games is not None and played >= options.games)
            or (options.target is not None and max(totals) >= options.target)
        )
        best = max(totals)
        starts = None
        if detail["mode"] == "drop" and not complete:
            nxt = table.next_seat(detail["out"])
            while nxt in state.out:
                nxt = table.next_seat(nxt)
            starts = nxt
        return advanced(
            state,
            score.points,
            games_played=played,
            out=() if complete else (*state.out, detail["out"]),
            starts=starts,
            dealer=table.next_seat(state.dealer) if complete else state.dealer,
            finished=finished,
            winners=tuple(s for s, t in enumerate(totals) if t == best)
            if finished
            else (),
        )

    def deal_winners(
        self, points: Sequence[int], detail: Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """The players in first place of a complete game; nobody for a drop."""
        if detail and detail.get("places"):
            return tuple(s for s, p in enumerate(detail["places"]) if p == 1)
        return ()

    def match_goal(self, options: BaseModel) -> MatchGoal:
        games = None if "drop" in self.deal_modes else options.games
        return MatchGoal(target=options.target, deals=games)

    def context_rows(self, state: PlacingState) -> tuple[ContextRow, ...]:
        """The game's own rows before the next game (the deck, the variant)."""
        return ()

    def notes(self, state: PlacingState) -> tuple[str, ...]:
        return ()

    def next_deal(self, state: PlacingState) -> NextDeal | None:
        if state.finished:
            return None
        options = state.options
        rows = []
        if options.games is not None and options.games > 1:
            rows.append(
                ContextRow(
                    "game",
                    "Game",
                    "text",
                    msg(
                        "{number} of {deals}",
                        number=state.games_played + 1,
                        deals=options.games,
                    ),
                )
            )
        if options.target is not None:
            rows.append(ContextRow("target", "Target", "number", options.target))
        if "drop" in self.deal_modes:
            seats = len(state.table.seats)
            rows.append(
                ContextRow(
                    "still_in",
                    "Still in",
                    "per_side",
                    tuple(
                        msg("out") if s in state.out else msg("in")
                        for s in range(seats)
                    ),
                )
            )
            rows.append(
                ContextRow(
                    "starts",
                    "Starts",
                    "seat",
                    state.starts if state.starts is not None else state.dealer,
                )
            )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            notes=self.notes(state),
            context=(*self.context_rows(state), *rows),
        )


def _check_seats(named: Mapping[str, int], seats: int) -> None:
    errors = [
        RuleError(
            field,
            "bad_seat",
            msg("no {seat} at this table of {seats}", seat=Seat(seat), seats=seats),
        )
        for field, seat in named.items()
        if seat >= seats
    ]
    if errors:
        raise DealRejected(errors)
