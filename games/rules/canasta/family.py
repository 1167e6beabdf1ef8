"""The base of the Canasta family's games: a :class:`Game` for "Canasta with other
tables" (two sides at seats (0, 1, 0, 1)), scored by :mod:`.side`.

A game declares its :class:`~.tables.FamilyRules` (``rules``) and the usual
:class:`Game` declarations; Canasta and Samba need nothing else. A game that scores
more than the family's items overrides the hooks, each one step of the one path:

* :meth:`CanastaFamilyGame.rules_for` — the rules a match's options select;
* :meth:`CanastaFamilyGame.requirement` — a side's opening requirement (Hand and
  Foot: by the deal number);
* :meth:`CanastaFamilyGame.check_deal` — checks of the whole deal before the sides
  (Contract Samba: the auction and the contract);
* :meth:`CanastaFamilyGame.extra_piles` — more cards to count against the deck;
* :meth:`CanastaFamilyGame.going_out_errors`, :meth:`CanastaFamilyGame.score_opening`
  — going out and the opening of one side;
* :meth:`CanastaFamilyGame.finish_deal` — the game's own items once both sides are
  scored (feet, the contract), and the deal's detail.

Invariants: the opening requirement of each side for the next deal is in the state
(:class:`FamilyState`) and declared to the score sheet as a context row; a side at
or over the target with the higher total wins, level totals play another deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.cards import Card
from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    ContextRow,
    DealScore,
    Game,
    MatchGoal,
    MatchState,
    NextDeal,
    Table,
)
from games.engine.text import Side, msg
from games.rules.canasta.deal_input import (
    CardsDeal,
    TotalsDeal,
    read_cards_entry,
)
from games.rules.canasta.going_out import going_out_errors
from games.rules.canasta.melds import Meld
from games.rules.canasta.openings import (
    check_opening,
    opening_parts,
    opening_without_melds,
    whole_melds,
)
from games.rules.canasta.side import DealScoring, SideTurn, score_cards
from games.rules.canasta.tables import FamilyRules


@dataclass(frozen=True, kw_only=True)
class FamilyState(MatchState):
    """Match state; ``requirements`` is each side's opening requirement next deal."""

    requirements: tuple[int, ...] = ()


def opening_requirement_row(requirements: Sequence[int]) -> ContextRow:
    """The score sheet's row of each side's opening requirement."""
    return ContextRow(
        code="opening_requirement",
        label="Opening requirement",
        kind="per_side",
        value=tuple(requirements),
    )


class CanastaFamilyGame(Game):
    """A :class:`Game` for "Canasta with other tables": 2 sides at (0, 1, 0, 1)."""

    rules: ClassVar[FamilyRules]
    tables = ((0, 1, 0, 1),)
    # Dispatch on ``mode`` (the engine's): pydantic would put the union's tag into
    # every error path, and a scorer never typed it. A game with its own cards
    # entry declares its own ``deal_modes``.
    deal_modes = {"cards": CardsDeal, "totals": TotalsDeal}
    State = FamilyState

    # -- hooks ------------------------------------------------------------------

    def rules_for(self, options: Any) -> FamilyRules:
        return self.rules

    def target(self, options: Any) -> int:
        return getattr(options, "target", self.rules.target)

    def requirement(self, state: MatchState, side: int, attempts: int = 0) -> int:
        """The opening requirement of ``side`` in the deal about to be scored."""
        return self.rules_for(state.options).zones.requirement(
            state.totals[side], attempts
        )

    def check_deal(self, scoring: DealScoring) -> None:
        """Checks of the whole deal before the sides are scored."""
        deal = scoring.deal
        if deal.concealed and deal.went_out is None:
            scoring.errors.append(
                RuleError(
                    "concealed",
                    "concealed_without_going_out",
                    "concealed means the side opened and went out in the same turn; "
                    "enter who went out",
                )
            )

    def extra_piles(self, deal: Any) -> list[tuple[str, Sequence[Card]]]:
        """Further piles a game's deal holds (Hand and Foot's feet …)."""
        return []

    def going_out_errors(self, scoring: DealScoring, side: SideTurn) -> list[RuleError]:
        """Why the side could not go out ([] if it could)."""
        return going_out_errors(side.counts, scoring.rules.going_out, side.melds_path)

    def score_opening(self, scoring: DealScoring, side: SideTurn) -> int | None:
        """Check a side's opening meld (§28.6.2); its points, if known (the opening
        is not read unless every meld of the side is legal)."""
        base, entry, melds = side.path, side.entry, side.melds
        if entry.opening and not entry.melds:
            scoring.errors.append(opening_without_melds(base))
            return None
        if not (entry.melds and side.valid):
            return None
        opening = entry.opening
        whole = bool(opening) and whole_melds(opening, len(melds))
        if whole:
            parts: list[Meld] | None = list(map(melds.__getitem__, opening))
        else:
            parts, errors = opening_parts(
                opening,
                melds,
                scoring.rules.melds,
                base,
                all_melds=side.went_out and scoring.deal.concealed,
            )
            if errors:
                scoring.errors.extend(errors)
            if parts is None:
                return None
        need = self.requirement(scoring.state, side.index, entry.insufficient_openings)
        points, errors, facts = check_opening(
            parts, melds, need, path=f"{base}.opening", side=side.index, whole=whole
        )
        if errors:
            scoring.errors.extend(errors)
        scoring.facts.extend(facts)
        return points

    def finish_deal(
        self, scoring: DealScoring, sides: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The game's own items once both sides are scored; the deal's detail."""
        return {"sides": sides}

    # -- one deal ---------------------------------------------------------------

    def parse_deal(self, raw: Any) -> Any:
        if self.deal_modes["cards"] is CardsDeal:
            entry = read_cards_entry(raw)
            if entry is not None:
                return entry
        return super().parse_deal(raw)

    def verify_and_score(self, state: MatchState, deal: Any) -> DealScore:
        if isinstance(deal, TotalsDeal):
            return self.score_totals(state, deal)
        return score_cards(self, state, deal)

    def score_totals(self, state: MatchState, deal: TotalsDeal) -> DealScore:
        errors = [
            RuleError(
                f"points.{i}", "not_multiple_of_5", "every score is a multiple of 5"
            )
            for i, p in enumerate(deal.points)
            if p % 5
        ]
        if errors:
            raise DealRejected(errors)
        return DealScore(points=tuple(deal.points), verified=False)

    # -- the match --------------------------------------------------------------

    def initial_fields(self, options: Any, table: Table) -> dict[str, Any]:
        return {"requirements": self._requirements(options, (0,) * table.side_count)}

    def _requirements(self, options: Any, totals: Sequence[int]) -> tuple[int, ...]:
        zones = self.rules_for(options).zones
        return tuple(zones.requirement(t) for t in totals)

    def match_goal(self, options: Any) -> MatchGoal:
        """The target; the higher total over it wins, level totals play another
        deal (a reading)."""
        return MatchGoal(target=self.target(options), until_decided=True)

    def carry(
        self,
        state: MatchState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """Each side's opening requirement next deal, by its new total."""
        return {"requirements": self._requirements(state.options, totals)}

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        reqs = self._requirements(state.options, state.totals)
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            opening_requirement=reqs,
            notes=tuple(
                msg("{side}: opening requirement {need}", side=Side(i), need=r)
                for i, r in enumerate(reqs)
            ),
            context=(opening_requirement_row(reqs),),
        )
