"""What scoring a deal and folding a match produce, as plain frozen data: a deal's
score (:class:`DealScore`, its :class:`Fact` s), the sheet's rows before the next
deal (:class:`ContextRow`, :class:`NextDeal`), how a match ends
(:class:`MatchGoal`, :func:`best_sides`), and the folded match
(:class:`DealRecord`, :class:`FoldedMatch`). :mod:`games.engine.game` re-exports
them beside the :class:`~games.engine.game.Game` interface that builds them; they
hold no match state class, so a stored state's marker does not depend on them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.engine.errors import RuleError

if TYPE_CHECKING:
    from games.engine.game import MatchState


@dataclass(frozen=True, slots=True)
class Fact:
    """Something derived from a deal that a scorer wants to see.

    ``text`` names a side or a seat by a :class:`~games.engine.text.Side` /
    :class:`~games.engine.text.Seat` parameter (the numbers of :class:`Table`, from
    0; English reads them as people count, "side 1", "player 1"): the score sheet
    shows them as the side's and the seat's names (the deal's story,
    ``Game.sheet_story``)."""

    code: str
    text: str
    side: int | None = None
    points: int | None = None


@dataclass(frozen=True)
class DealScore:
    """What one deal scores, before it is folded into the match.

    ``points`` are per side, as this deal scores them (a game may transform them
    when folding — Tuppi's *nousussa* rule wipes a side's points, for instance).
    ``detail`` is game-specific and JSON-serialisable (contract, tricks …).
    ``seat_points`` are points this deal gives single players, one per seat, apart
    from the sides' points (Klubiskruuvi's bolsu, where one player plays against the
    other three); empty for the games that score only by side.
    """

    points: tuple[int, ...]
    facts: tuple[Fact, ...] = ()
    verified: bool = True
    detail: Mapping[str, Any] = field(default_factory=dict)
    seat_points: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ContextRow:
    """One labelled row the score sheet shows before the next deal.

    The game declares its rows (:meth:`Game.next_deal` puts them in
    :attr:`NextDeal.context`); pages print exactly these and never guess a game's
    terms. ``code`` is stable (pages translate by it); ``label`` is the English text.
    ``kind`` says how to read ``value``:

    * ``"side"`` — a side index, or ``None`` for nobody (Tuppi's *nousussa*);
    * ``"seat"`` — a seat index, or ``None``;
    * ``"per_side"`` — a tuple with one number or text per side (Canasta's opening
      requirement);
    * ``"number"`` / ``"text"`` — one value for the table.
    """

    code: str
    label: str
    kind: str
    value: Any = None


@dataclass(frozen=True, slots=True)
class MatchGoal:
    """How a match of a game ends, as its options set it (for pages and charts).

    ``target`` — the points that win (or, where ``lower_totals_win``, that lose);
    ``deals`` — a fixed number of deals; either may be ``None``.
    ``open_ended`` — the rules set no end the fold reaches: the players stop when
    they choose (a chip game's session "until they are bored", Indian Poker §25).
    The score book then lets the table finish the match by hand, its totals as the
    result; where it is ``False`` the fold's ``finished`` ends the match.
    """

    target: int | None = None
    deals: int | None = None
    open_ended: bool = False
    # How the fold reads the goal (pages show only the three above):
    # ``beyond_target`` — the target is reached only by passing it (Burraco's
    # "exceeds"); ``until_decided`` — the match goes on while the best total is
    # shared, even at the target or after the last of the fixed deals (Canasta's
    # level totals over the target, curling's extra ends).
    beyond_target: bool = False
    until_decided: bool = False

    def reached(
        self, totals: Sequence[int], played: int, *, lowest: bool = False
    ) -> bool:
        """Whether a match whose totals are ``totals`` after ``played`` deals is
        decided: a total at (or past) the target — a losing limit where the lowest
        totals win (``lowest``) — or the fixed deals played, and, with
        ``until_decided``, the best total held by one side alone."""
        target = self.target
        reached = target is not None and (
            max(totals) > target if self.beyond_target else max(totals) >= target
        )
        if not reached and self.deals is not None:
            reached = played >= self.deals
        if reached and self.until_decided:
            return len(best_sides(totals, lowest=lowest)) == 1
        return reached


def best_sides(totals: Sequence[int], *, lowest: bool = False) -> tuple[int, ...]:
    """The sides holding the best total (the lowest where ``lowest``), ties
    sharing: a decided match's winners."""
    best = min(totals) if lowest else max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)


@dataclass(frozen=True, slots=True)
class NextDeal:
    """What the table needs to know before the next deal."""

    number: int
    dealer: int | None = None
    starting_seat: int | None = None
    opening_requirement: tuple[int, ...] | None = None
    holding_points: int | None = None
    may_bid: tuple[int, ...] | None = None
    notes: tuple[str, ...] = ()
    # The rows the score sheet shows before this deal, as the game declares them.
    context: tuple[ContextRow, ...] = ()


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal of a folded match."""

    number: int
    score: DealScore | None
    errors: tuple[RuleError, ...]
    totals: tuple[int, ...]  # running totals after this deal
    seat_totals: tuple[int, ...] = ()  # running per-seat totals, if the game has any

    @property
    def flagged(self) -> bool:
        return bool(self.errors)


@dataclass(frozen=True)
class FoldedMatch:
    """The match as the fold of its deals."""

    game: str
    deals: tuple[DealRecord, ...]
    state: MatchState
    next_deal: NextDeal | None
    leaders: tuple[int, ...]
    # Per seat, for games that declare ``individual_scoring``; empty otherwise.
    individual_totals: tuple[int, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        return self.state.totals

    @property
    def seat_totals(self) -> tuple[int, ...]:
        return self.state.seat_totals

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def winners(self) -> tuple[int, ...]:
        return self.state.winners

    @property
    def needs_attention(self) -> bool:
        return any(d.flagged for d in self.deals)
