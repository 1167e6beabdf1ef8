"""What Modern Skruuvi and Klubiskruuvi share: contracts, tricks, knocks and aces.

Source: ``001_b57793035adc3f64.txt §15`` (Modern Skruuvi) and ``§16`` (Klubiskruuvi,
"how the rules differ from Modern Skruuvi"). The two games are in
:mod:`games.rules.skruuvi` and :mod:`games.rules.klubiskruuvi`; this module holds the
checks and scoring of a deal played by the two teams, and
:mod:`games.engine.skruuvi.deal` the deal input and
:mod:`games.engine.skruuvi.contracts` the contract arithmetic.

Terms:

* **seat** 0–3 clockwise; partners sit opposite (table ``(0, 1, 0, 1)``), so the side
  of a seat is ``seat % 2``.
* **contract** — the number part (``level``) and the type (``contract``: misere,
  spades, clubs, diamonds, hearts, no_trump). Level 5, 6, 7 promises 11, 12, 13
  tricks (in misere: avoided tricks, so five misere promises to take at most 2). A
  level bid below five is raised to five (15.4); in a kotka every bid is at least six
  (15.10).
* **declarer side** — the declarer's team; it *achieves* its tricks taken (in misere:
  its tricks avoided, 13 − taken). Made when achieved ≥ promised; otherwise the
  missing tricks cost points, the first more than the later ones.
* **knock** (×2) by an opponent of the declarer, **kontra-knock** (×4) by the
  declarer's side (15.6). In a pass misere anyone may knock and an opponent of the
  knocker kontra-knock (15.9). One knock per deal.
* **pass misere** (15.9) — everyone passed at the first turn: no declarer, no
  trumps; each team scores one point per trick the opponents took, plus aces.
* **aces** — in misere (and pass misere) an ace that falls in trick *k* is worth *k*
  points to the side that did not win that trick (15.8). The scorer enters where the
  four aces fell: the ace, the trick number and the seat that won the trick.
* **scale** — the points table: Modern Skruuvi's (15.8) or Klubiskruuvi's (16.5).

The machinery every trick game shares — tricks per side and the one "tricks do not
add up" error, the contract (level, type, doubling), where the aces fell — is in
:mod:`games.engine.tricks`; this module holds what is Skruuvi's own.

Invariants: the tricks entered add up to 13 (per side or per seat); the four aces
are each entered once, a trick has one winner, and nobody won more ace tricks than
tricks; every error found is reported at once, with the path of the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.decks import STANDARD_52
from games.engine.errors import RuleError
from games.engine.game import (
    DealScore,
    Fact,
    Game,
    MatchGoal,
    MatchState,
)
from games.engine.skruuvi.contracts import (
    Scale,
    achieved_tricks,
    contract_name,
    declarer_achieved,
    doubling,
    signed,
    team_contract,
    winners_of,
)
from games.engine.skruuvi.deal import (
    BASIC,
    KOTKA,
    PASS_MISERE,
    SEATS,
    SkruuviDeal,
)
from games.engine.text import Seat, Side, msg
from games.engine.tricks import (
    PARTNERS,
    Aces,
    check_deal_aces,
    doubling_multiplier,
    side_tricks,
)


@dataclass(frozen=True, kw_only=True)
class SkruuviState(MatchState):
    """``team_deals``: deals played by the two teams so far (basic deals first, then
    kotkas); ``bolsu_declarers``: seats that have declared their bolsu."""

    team_deals: int = 0
    bolsu_declarers: tuple[int, ...] = ()


class SkruuviRules(Game):
    """The deal played by two teams, shared by Modern Skruuvi and Klubiskruuvi.

    Subclasses set ``scale``, implement ``verify_and_score`` and say when their
    game is over (:meth:`Game.match_over`) and what else a deal changes
    (:meth:`Game.carry`); the base's fold adds the points.
    """

    scale: ClassVar[Scale]
    deck = STANDARD_52
    tables = (PARTNERS,)
    State = SkruuviState

    def match_goal(self, options: Any) -> MatchGoal:
        """A game is a fixed number of deals: the basic deals and the kotkas."""
        return MatchGoal(deals=options.basic_deals + options.kotkas)

    def match_winners(self, state: SkruuviState) -> tuple[int, ...]:
        """The side with more points wins; equal totals are a draw."""
        return winners_of(state.totals)

    def team_kind(self, state: SkruuviState) -> str:
        """Basic deals are played before the kotkas (15.1, 16.1)."""
        return BASIC if state.team_deals < state.options.basic_deals else KOTKA

    # -- checks -------------------------------------------------------------------

    def check_team_deal(
        self, state: SkruuviState, deal: SkruuviDeal, kind: str
    ) -> tuple[tuple[int, int] | None, Aces | None, list[RuleError]]:
        """Every error of a deal played by the teams; tricks per side and aces."""
        errors: list[RuleError] = []
        options = state.options
        declarer = deal.declarer
        pass_misere = deal.contract == PASS_MISERE
        if pass_misere:
            if deal.level is not None:
                errors.append(
                    RuleError(
                        "level",
                        "level_in_pass_misere",
                        "a pass misere has no contract level",
                    )
                )
            if declarer is not None:
                errors.append(
                    RuleError(
                        "declarer",
                        "declarer_in_pass_misere",
                        "a pass misere has no declarer: everyone passed",
                    )
                )
            if kind == KOTKA and not options.pass_misere_in_kotka:
                errors.append(
                    RuleError(
                        "contract",
                        "no_pass_misere_in_kotka",
                        "this match plays no pass misere in kotkas",
                    )
                )
        else:
            if deal.level is None:
                errors.append(
                    RuleError("level", "level_required", "enter the number part (5–7)")
                )
            elif kind == KOTKA and deal.level < 6:
                errors.append(
                    RuleError(
                        "level",
                        "kotka_level_below_six",
                        "in a kotka every bid is at least six (15.10)",
                    )
                )
            if declarer is None:
                errors.append(
                    RuleError(
                        "declarer", "declarer_required", "enter the declarer's seat"
                    )
                )
        self.check_knocks(deal, errors)
        per_side = side_tricks(deal.tricks, errors)
        aces = None
        if deal.aces is None:
            if self._aces_score(deal, per_side):
                errors.append(
                    RuleError(
                        "aces",
                        "aces_required",
                        "enter where each of the four aces fell: they score",
                    )
                )
        else:
            if deal.contract not in ("misere", PASS_MISERE):
                errors.append(
                    RuleError(
                        "aces",
                        "aces_outside_misere",
                        "aces score only in misere and pass misere",
                    )
                )
            else:
                aces = check_deal_aces(
                    deal.aces, errors, entry=deal.tricks, per_side=per_side
                )
        return per_side, aces, errors

    def _aces_score(self, deal: SkruuviDeal, per_side: tuple[int, int] | None) -> bool:
        """Whether this deal's aces score (so the scorer must enter them)."""
        if deal.contract == PASS_MISERE:
            return True
        if deal.contract != "misere":
            return False
        if self.scale.aces_when_failed:
            return True
        if per_side is None or deal.declarer is None:
            return False  # the other errors come first
        return declarer_achieved(deal, per_side)

    def knocks_double_bonus(self, options: Any) -> bool:
        """Whether knocks multiply the bonus for extra tricks (Klubiskruuvi 16.5)."""
        return True

    def check_knocks(self, deal: SkruuviDeal, errors: list[RuleError]) -> None:
        """One knock: by an opponent of the declarer (anyone in a pass misere); the
        kontra-knock by the other side than the knocker's."""
        for i, knock in enumerate(deal.knocks):
            if i:
                errors.append(
                    RuleError(
                        f"knocks.{i}",
                        "one_knock",
                        "only one knock (and one kontra-knock) per deal",
                    )
                )
                break
            if deal.declarer is not None and knock.by % 2 == deal.declarer % 2:
                errors.append(
                    RuleError(
                        f"knocks.{i}.by",
                        "knocker_not_opponent",
                        msg(
                            "only an opponent of the declarer ({declarer}) knocks",
                            declarer=Seat(deal.declarer),
                        ),
                    )
                )
            if knock.kontra_by is not None and knock.kontra_by % 2 == knock.by % 2:
                errors.append(
                    RuleError(
                        f"knocks.{i}.kontra_by",
                        "kontra_by_knockers_side",
                        "a kontra-knock comes from the other side than the knock",
                    )
                )

    # -- scoring ------------------------------------------------------------------

    def score_team_deal(
        self,
        state: SkruuviState,
        deal: SkruuviDeal,
        kind: str,
        per_side: tuple[int, int],
        aces: Aces | None,
    ) -> DealScore:
        mult = doubling_multiplier(doubling(deal.knocks))
        facts: list[Fact] = []
        if deal.knocks:
            knock = deal.knocks[0]
            if knock.kontra_by is None:
                facts.append(
                    Fact(
                        "knocked",
                        msg("knocked by {by}: scores doubled", by=Seat(knock.by)),
                    )
                )
            else:
                facts.append(
                    Fact(
                        "kontra",
                        msg(
                            "knocked by {by}, kontra-knocked by {kontra_by}: scores "
                            "quadrupled",
                            by=Seat(knock.by),
                            kontra_by=Seat(knock.kontra_by),
                        ),
                    )
                )
        if deal.contract == PASS_MISERE:
            return self._score_pass_misere(
                state, deal, kind, per_side, aces, mult, facts
            )
        return self._score_contract(state, deal, kind, per_side, aces, mult, facts)

    def _score_contract(
        self,
        state: SkruuviState,
        deal: SkruuviDeal,
        kind: str,
        per_side: tuple[int, int],
        aces: Aces | None,
        mult: int,
        facts: list[Fact],
    ) -> DealScore:
        scale = self.scale
        declarer = deal.declarer
        side = declarer % 2
        contract = team_contract(deal)
        level = contract.level
        name = contract_name(level, deal.contract)
        if level != deal.level:
            facts.insert(
                0,
                Fact(
                    "raised_to_five",
                    msg(
                        "bid {bid}: the contract is raised to {contract}",
                        bid=contract_name(deal.level, deal.contract),
                        contract=name,
                    ),
                ),
            )
        misere = deal.contract == "misere"
        promised = contract.promised
        achieved = achieved_tricks(deal, per_side)
        made = achieved >= promised
        points = [0, 0]
        if made:
            table = (
                scale.made_misere
                if misere
                else scale.made_no_trump
                if deal.contract == "no_trump"
                else scale.made
            )
            base = table[level]
            bonus = scale.bonus.get((level, achieved), 0)
            # The reckoning is numbers and signs ("120 + bonus 10, × 2 = 260"),
            # a template where it says "bonus": the sentence around it is one too.
            sums = {"base": base, "bonus": bonus, "mult": mult}
            if bonus and mult > 1 and not self.knocks_double_bonus(state.options):
                contract_points = base * mult + bonus
                reckoning = msg(
                    "{base} × {mult} + bonus {bonus} = {total}",
                    total=contract_points,
                    **sums,
                )
            else:
                contract_points = (base + bonus) * mult
                if bonus and mult > 1:
                    reckoning = msg(
                        "{base} + bonus {bonus}, × {mult} = {total}",
                        total=contract_points,
                        **sums,
                    )
                elif bonus:
                    reckoning = msg(
                        "{base} + bonus {bonus} = {total}",
                        total=contract_points,
                        **sums,
                    )
                elif mult > 1:
                    reckoning = f"{base} × {mult} = {contract_points}"
                else:
                    reckoning = f"{base}"
            params = {
                "contract": name,
                "declarer": Seat(declarer),
                "achieved": achieved,
                "reckoning": reckoning,
            }
            text = (
                msg(
                    "{contract} by {declarer} made (avoided {achieved}): {reckoning}",
                    **params,
                )
                if misere
                else msg(
                    "{contract} by {declarer} made (took {achieved}): {reckoning}",
                    **params,
                )
            )
            facts.append(Fact("contract_made", text, side, contract_points))
        else:
            missing = promised - achieved
            cost = scale.first_missing[level] + scale.later_missing[level] * (
                missing - 1
            )
            contract_points = -cost * mult
            reckoning = f"{scale.first_missing[level]}"
            if missing > 1:
                reckoning = (
                    f"{reckoning} + {missing - 1} × {scale.later_missing[level]}"
                )
            if mult > 1:
                reckoning = f"{reckoning}, × {mult}"
            params = {
                "contract": name,
                "declarer": Seat(declarer),
                "achieved": achieved,
                "promised": promised,
                "missing": missing,
                "reckoning": f"{reckoning} = {contract_points}",
            }
            text = (
                msg(
                    "{contract} by {declarer} failed (avoided {achieved} of "
                    "{promised}): {missing} missing, {reckoning}",
                    **params,
                )
                if misere
                else msg(
                    "{contract} by {declarer} failed (took {achieved} of {promised}): "
                    "{missing} missing, {reckoning}",
                    **params,
                )
            )
            facts.append(Fact("contract_failed", text, side, contract_points))
        points[side] += contract_points
        ace_points = [0, 0]
        if misere and aces is not None:
            if made or scale.aces_when_failed:
                opponents_mult = mult if scale.knocks_multiply_aces else 1
                for s in (0, 1):
                    # Side s scores the aces in the tricks the other side won.
                    raw = aces.won_by(PARTNERS, 1 - s)
                    factor = opponents_mult if s != side or made else 1
                    ace_points[s] = raw * factor
                    points[s] += ace_points[s]
                facts.append(self._aces_fact(ace_points))
            else:
                facts.append(
                    Fact(
                        "aces_not_scored",
                        "the misere failed: aces do not score (15.8)",
                    )
                )
        return DealScore(
            points=(points[0], points[1]),
            facts=tuple(facts),
            detail={
                "kind": kind,
                "contract": deal.contract,
                "level": level,
                "bid_level": deal.level,
                "declarer": declarer,
                "declarer_side": side,
                "tricks": list(per_side),
                "promised": promised,
                "achieved": achieved,
                "made": made,
                "multiplier": mult,
                "ace_points": ace_points,
                "leader": (declarer + 1) % SEATS,
            },
        )

    def _score_pass_misere(
        self,
        state: SkruuviState,
        deal: SkruuviDeal,
        kind: str,
        per_side: tuple[int, int],
        aces: Aces | None,
        mult: int,
        facts: list[Fact],
    ) -> DealScore:
        # 15.9: one point per trick the opponents took, plus aces; knocks multiply both.
        trick_points = (per_side[1] * mult, per_side[0] * mult)
        ace_points = [
            aces.won_by(PARTNERS, 1 - s) * mult if aces else 0 for s in (0, 1)
        ]
        facts.insert(
            0,
            Fact(
                "pass_misere",
                msg(
                    "pass misere: {side0} took {tricks0} tricks, {side1} took "
                    "{tricks1}: {side0} {points0}, {side1} {points1}",
                    side0=Side(0),
                    side1=Side(1),
                    tricks0=per_side[0],
                    tricks1=per_side[1],
                    points0=signed(trick_points[0]),
                    points1=signed(trick_points[1]),
                ),
            ),
        )
        facts.append(self._aces_fact(ace_points))
        return DealScore(
            points=(
                trick_points[0] + ace_points[0],
                trick_points[1] + ace_points[1],
            ),
            facts=tuple(facts),
            detail={
                "kind": kind,
                "contract": PASS_MISERE,
                "level": None,
                "bid_level": None,
                "declarer": None,
                "declarer_side": None,
                "tricks": list(per_side),
                "multiplier": mult,
                "ace_points": ace_points,
                "leader": (state.dealer + 1) % SEATS,
            },
        )

    @staticmethod
    def _aces_fact(ace_points: Sequence[int]) -> Fact:
        return Fact(
            "aces",
            msg(
                "aces in the opponents' tricks: {side0} {points0}, {side1} {points1}",
                side0=Side(0),
                side1=Side(1),
                points0=signed(ace_points[0]),
                points1=signed(ace_points[1]),
            ),
        )

    def team_kind_note(
        self, state: SkruuviState, kind: str, *, if_no_bolsu: bool = False
    ) -> str:
        """The note on the coming deal by the teams; ``if_no_bolsu``: as it reads
        after a bolsu round (Klubiskruuvi), where a player may still bid bolsu."""
        number = state.team_deals + 1
        options = state.options
        if if_no_bolsu:
            if kind == BASIC:
                return msg(
                    "If nobody bids bolsu: basic deal {number} of {deals}: 12 cards "
                    "each, four face down; bids 1–7, misere < spades < clubs < "
                    "diamonds < hearts < no trump; a contract below five is raised "
                    "to five.",
                    number=number,
                    deals=options.basic_deals,
                )
            return msg(
                "If nobody bids bolsu: kotka {number} of {deals}: 13 cards each; "
                "bids at least six, spades < clubs < diamonds < hearts < misere < no "
                "trump; the partners exchange four cards each way, the opponents "
                "none.",
                number=number - options.basic_deals,
                deals=options.kotkas,
            )
        if kind == BASIC:
            return msg(
                "Basic deal {number} of {deals}: 12 cards each, four face down; bids "
                "1–7, misere < spades < clubs < diamonds < hearts < no trump; a "
                "contract below five is raised to five.",
                number=number,
                deals=options.basic_deals,
            )
        return msg(
            "Kotka {number} of {deals}: 13 cards each; bids at least six, spades < "
            "clubs < diamonds < hearts < misere < no trump; the partners exchange "
            "four cards each way, the opponents none.",
            number=number - options.basic_deals,
            deals=options.kotkas,
        )
