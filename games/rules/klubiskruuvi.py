"""Klubiskruuvi: twelve deals — four basic deals, four kotkas and four bolsus.

Source: ``001_b57793035adc3f64.txt §16`` (16.1 structure, 16.2 deal and bolsu
bidding, 16.3 bolsu, 16.4 bolsu scoring, 16.5 scoring of basic deals and kotkas,
16.6 final scores), on top of Modern Skruuvi (§15, see :mod:`games.rules.skruuvi`).

Terms (see :mod:`games.engine.skruuvi.family` for contract, knock, aces):

* **bolsu** — one player (the declarer) plays alone against the other three, at the
  level of seven: *7 misere* is the bolsu proper, *7 of a suit or no trump* is a
  **Mussolini**. Every player declares exactly one bolsu in a game (16.1). Once four
  basic deals and four kotkas are played, the remaining deals are bolsus (16.2).
* **main book** — the team scores of the basic deals and kotkas: the sides'
  ``totals``. Bolsus are scored per player, "kept separately from the main book"
  (16.4): the seats' ``seat_totals`` (:attr:`games.engine.DealScore.seat_points`).
* **individual total** (16.6) — a player's bolsu points + 2 × their team's score
  (declared as :class:`games.engine.IndividualScoring` with ``team_multiplier=2``);
  a match is three games in which everyone partners everyone once (16.1), summed by
  the tournament (the ``individual_total`` standings metric).

Scoring of the teams' deals (16.5, otherwise as 15.8): a made misere scores only
10 / 20 / 30 (no −12, and no +12 for no trump); the first missing trick of a five
costs 5; a five with 12 tricks achieved earns a bonus of 5, with 13 of 10; a six
with 13 of 6. Misere aces score even when the contract failed and knocks multiply
them — but the declarer side's aces only when the contract was made.

Bolsu (16.4): if the declarer took no trick (Mussolini: all of them) each opponent
scores −21; otherwise each opponent scores 17 for the first trick the declarer took
(Mussolini: the opponents took) and 7 for each further one. In a bolsu (not a
Mussolini) each opponent also scores + the trick numbers of the aces the declarer
won and − those of the aces the opponents won, made or not. A knocking opponent's
score is doubled (kontra-knocked: quadrupled) — the aces too, but only when the
bolsu was made. The declarer scores minus the sum of the opponents' scores, so a
bolsu's seat points add up to zero.

Invariants: the team totals are the sums of the teams' deals; the seat totals the
sums of the bolsus; at most eight teams' deals and one bolsu per player; the game
is finished after all twelve deals; the table's winner is the side with the better
main book (equal: a draw) — the individual totals are the measure that counts.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    DealScore,
    Fact,
    IndividualScoring,
    MatchGoal,
    NextDeal,
    Table,
)
from games.engine.inputs import applies_when, derived_pair
from games.engine.registry import register
from games.engine.skruuvi.contracts import Scale, signed
from games.engine.skruuvi.deal import BOLSU, KOTKA, SEATS, TRICKS, Knock, SkruuviDeal
from games.engine.skruuvi.family import SkruuviRules, SkruuviState
from games.engine.text import Seat, msg
from games.engine.tricks import Aces, check_aces, check_tricks_add_up
from games.engine.tricks.strains import STRAIN_WORDS
from games.rules.skruuvi import SkruuviOptions

BOLSU_LEVEL = 7
BOLSU_MADE = -21  # each opponent, when the declarer made the bolsu
FIRST_TRICK = 17  # each opponent, for the first trick the declarer got wrong
LATER_TRICK = 7


class KlubiskruuviOptions(SkruuviOptions):
    """Variants clubs choose; the defaults are the book's."""

    knocks_double_bonus: bool = Field(
        True,
        description="Knocks also double (kontra: quadruple) the bonus for extra "
        "tricks of 16.5, like the rest of the contract's score.",
    )


class KlubiskruuviDeal(SkruuviDeal):
    """One deal as entered; ``bolsu`` for a deal played one against three."""

    bolsu: bool = Field(
        False,
        description="A bolsu: the declarer played alone against the three others "
        "(contract misere = bolsu, a suit or no trump = Mussolini; level 7).",
    )
    tricks: tuple[Annotated[int, Field(ge=0, le=TRICKS)], ...] = Field(
        description="Tricks taken per side [side 0, side 1] or per seat "
        "[seat 0, 1, 2, 3]; in a bolsu per seat, or [declarer, the three others].",
        # A form asks for the first of the pair and derives the other from 13: the
        # sides' in a teams' deal, the declarer's and the three others' in a bolsu.
        json_schema_extra=derived_pair(
            TRICKS,
            when=(
                applies_when("bolsu", True),
                (msg("Declarer"), msg("The three others")),
            ),
        ),
    )
    knocks: tuple[Knock, ...] = Field(
        (),
        description="The knock of the deal (at most one) with its kontra-knock; in "
        "a bolsu each opponent of the declarer may knock, and the declarer may "
        "kontra-knock each.",
        json_schema_extra={"maxItems": 3},
    )


KLUBI = Scale(
    made={5: 25, 6: 36, 7: 49},
    made_misere={5: 10, 6: 20, 7: 30},
    made_no_trump={5: 25, 6: 36, 7: 49},
    first_missing={5: 5, 6: 11, 7: 17},
    later_missing={5: 5, 6: 6, 7: 7},
    bonus={(5, 12): 5, (5, 13): 10, (6, 13): 6},
    aces_when_failed=True,
    knocks_multiply_aces=True,
)


@register
class Klubiskruuvi(SkruuviRules):
    slug = "klubiskruuvi"
    name = "Klubiskruuvi"
    source = "001_b57793035adc3f64.txt §16"
    summary = (
        "Skruuvi with bolsus (one against three, scored per player): four basic "
        "deals, four kotkas, four bolsus; individual total = bolsu points + 2 × team "
        "score."
    )
    Options = KlubiskruuviOptions
    deal_input = KlubiskruuviDeal
    scale = KLUBI
    individual_scoring = IndividualScoring(team_multiplier=2)

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = (
        "contract_made",
        "contract_failed",
        "bolsu_made",
        "bolsu_failed",
        "pass_misere",
        "knocked",
        "kontra",
    )

    def initial_fields(
        self, options: KlubiskruuviOptions, table: Table
    ) -> dict[str, Any]:
        # Seat totals from the start: every player has a bolsu account (16.4).
        return {"seat_totals": (0,) * SEATS}

    def knocks_double_bonus(self, options: KlubiskruuviOptions) -> bool:
        return options.knocks_double_bonus

    def match_goal(self, options: KlubiskruuviOptions) -> MatchGoal:
        """The teams' deals and one bolsu per player (16.1)."""
        return MatchGoal(deals=options.basic_deals + options.kotkas + SEATS)

    def team_deal_limit(self, state: SkruuviState) -> int:
        return state.options.basic_deals + state.options.kotkas

    # -- one deal -----------------------------------------------------------------

    def verify_and_score(
        self, state: SkruuviState, deal: KlubiskruuviDeal
    ) -> DealScore:
        if deal.bolsu:
            return self._bolsu(state, deal)
        kind = self.team_kind(state)
        per_side, aces, errors = self.check_team_deal(state, deal, kind)
        if state.team_deals >= self.team_deal_limit(state):
            left = [s for s in range(SEATS) if s not in state.bolsu_declarers]
            errors.insert(
                0,
                RuleError(
                    "bolsu",
                    "bolsu_required",
                    msg(
                        "four basic deals and four kotkas are played: the remaining "
                        "deals are bolsus (seats {seats})",
                        seats=", ".join(map(str, left)),
                    ),
                ),
            )
        if errors:
            raise DealRejected(errors)
        return self.score_team_deal(state, deal, kind, per_side, aces)

    def _bolsu(self, state: SkruuviState, deal: KlubiskruuviDeal) -> DealScore:
        errors: list[RuleError] = []
        declarer = deal.declarer
        mussolini = deal.contract != "misere"
        if deal.contract == "pass_misere":
            errors.append(
                RuleError(
                    "contract",
                    "bolsu_contract",
                    "a bolsu is 7 misere, or a Mussolini: 7 of a suit or no trump",
                )
            )
        if deal.level not in (None, BOLSU_LEVEL):
            errors.append(
                RuleError("level", "bolsu_level", "a bolsu is played at seven")
            )
        if declarer is None:
            errors.append(
                RuleError(
                    "declarer", "declarer_required", "enter the bolsu declarer's seat"
                )
            )
        elif declarer in state.bolsu_declarers:
            errors.append(
                RuleError(
                    "declarer",
                    "second_bolsu",
                    msg(
                        "{declarer} has already played its bolsu this game",
                        declarer=Seat(declarer),
                    ),
                )
            )
        knockers: dict[int, int] = {}
        for i, knock in enumerate(deal.knocks):
            if knock.by == declarer:
                errors.append(
                    RuleError(
                        f"knocks.{i}.by",
                        "knocker_not_opponent",
                        "only an opponent of the bolsu declarer knocks",
                    )
                )
            elif knock.by in knockers:
                errors.append(
                    RuleError(
                        f"knocks.{i}.by",
                        "knocked_twice",
                        msg(
                            "{by} already knocked ({other})",
                            by=Seat(knock.by),
                            other=f"knocks.{knockers[knock.by]}",
                        ),
                    )
                )
            else:
                knockers[knock.by] = i
            if knock.kontra_by is not None and knock.kontra_by != declarer:
                errors.append(
                    RuleError(
                        f"knocks.{i}.kontra_by",
                        "kontra_not_declarer",
                        "in a bolsu only the declarer kontra-knocks",
                    )
                )
        declarer_tricks = self._bolsu_tricks(deal, declarer, errors)
        aces = None
        if mussolini:
            if deal.aces is not None:
                errors.append(
                    RuleError(
                        "aces",
                        "aces_in_mussolini",
                        "in a Mussolini the aces do not score (16.4)",
                    )
                )
        elif deal.aces is None:
            errors.append(
                RuleError(
                    "aces",
                    "aces_required",
                    "enter where each of the four aces fell: they score in a bolsu",
                )
            )
        elif declarer is not None:
            per_seat = len(deal.tricks) == SEATS
            # Groups: per seat, or 0 = the declarer and 1 = the three opponents.
            group_of = (
                (0, 1, 2, 3)
                if per_seat
                else tuple(0 if s == declarer else 1 for s in range(SEATS))
            )
            aces = check_aces(
                deal.aces,
                errors,
                group_of=group_of,
                group_tricks=None
                if declarer_tricks is None
                else dict(enumerate(deal.tricks)),
                group_name={g: Seat(g) for g in range(SEATS)}
                if per_seat
                else _group_won,
            )
        if errors:
            raise DealRejected(errors)
        return self._score_bolsu(state, deal, declarer_tricks, aces)

    @staticmethod
    def _bolsu_tricks(
        deal: KlubiskruuviDeal, declarer: int | None, errors: list[RuleError]
    ) -> int | None:
        tricks = deal.tricks
        if len(tricks) not in (2, SEATS):
            errors.append(
                RuleError(
                    "tricks",
                    "bad_tricks_length",
                    "in a bolsu enter tricks per seat (4 numbers) or "
                    "[declarer, the three others]",
                )
            )
            return None
        if not check_tricks_add_up(tricks, errors, tricks=TRICKS):
            return None
        if declarer is None:
            return None
        return tricks[declarer] if len(tricks) == SEATS else tricks[0]

    def _score_bolsu(
        self,
        state: SkruuviState,
        deal: KlubiskruuviDeal,
        declarer_tricks: int,
        aces: Aces | None,
    ) -> DealScore:
        declarer = deal.declarer
        mussolini = deal.contract != "misere"
        # The tricks that went the wrong way for the declarer.
        wrong = TRICKS - declarer_tricks if mussolini else declarer_tricks
        made = wrong == 0
        each = BOLSU_MADE if made else FIRST_TRICK + LATER_TRICK * (wrong - 1)
        name = (
            msg("Mussolini (7 {strain})", strain=STRAIN_WORDS[deal.contract])
            if mussolini
            else msg("bolsu (7 misere)")
        )
        facts: list[Fact] = []
        if made:
            facts.append(
                Fact(
                    "bolsu_made",
                    msg(
                        "{bolsu} by {declarer} made: each opponent {each}",
                        bolsu=name,
                        declarer=Seat(declarer),
                        each=each,
                    ),
                )
            )
        else:
            # The reckoning is numbers and signs: "100 + 2 × 50 = 200".
            reckoning = (
                f"{FIRST_TRICK} + {wrong - 1} × {LATER_TRICK} = {each}"
                if wrong > 1
                else f"{FIRST_TRICK}"
            )
            facts.append(
                Fact(
                    "bolsu_failed",
                    _bolsu_failed(
                        mussolini,
                        wrong,
                        bolsu=name,
                        declarer=Seat(declarer),
                        wrong=wrong,
                        reckoning=reckoning,
                    ),
                )
            )
        ace_points = 0
        if aces is not None:
            group_of = tuple(0 if s == declarer else 1 for s in range(SEATS))
            won_by_declarer = aces.won_by(group_of, 0)
            won_by_opponents = aces.won_by(group_of, 1)
            ace_points = won_by_declarer - won_by_opponents
            facts.append(
                Fact(
                    "aces",
                    msg(
                        "aces: each opponent +{by_declarer} (won by the declarer) "
                        "-{by_opponents} (won by the opponents) = {points}",
                        by_declarer=won_by_declarer,
                        by_opponents=won_by_opponents,
                        points=signed(ace_points),
                    ),
                )
            )
        mults = {
            knock.by: 4 if knock.kontra_by is not None else 2 for knock in deal.knocks
        }
        seat_points = [0] * SEATS
        for seat in range(SEATS):
            if seat == declarer:
                continue
            mult = mults.get(seat, 1)
            # 16.4: aces do not score double in a failed bolsu even if knocked.
            seat_points[seat] = each * mult + ace_points * (mult if made else 1)
            if mult > 1:
                facts.append(
                    Fact(
                        "knocked",
                        _bolsu_knock(
                            mult == 2,
                            aces_apart=not made and bool(ace_points),
                            seat=Seat(seat),
                            mult=mult,
                            points=seat_points[seat],
                        ),
                    )
                )
        seat_points[declarer] = -sum(seat_points)
        facts.append(
            Fact(
                "bolsu_scores",
                msg(
                    "bolsu scores: {seat0} {points0}, {seat1} {points1}, "
                    "{seat2} {points2}, {seat3} {points3}",
                    **{f"seat{s}": Seat(s) for s in range(SEATS)},
                    **{f"points{s}": signed(p) for s, p in enumerate(seat_points)},
                ),
            )
        )
        return DealScore(
            points=(0, 0),
            seat_points=tuple(seat_points),
            facts=tuple(facts),
            detail={
                "kind": BOLSU,
                "contract": deal.contract,
                "mussolini": mussolini,
                "level": BOLSU_LEVEL,
                "declarer": declarer,
                "declarer_tricks": declarer_tricks,
                "made": made,
                "multipliers": [mults.get(s, 1) for s in range(SEATS)],
                "ace_points": ace_points,
                "leader": (declarer + 1) % SEATS,
            },
        )

    # -- folding ------------------------------------------------------------------

    def match_over(
        self, state: SkruuviState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        """Over once the team deals are played and every player has declared
        a bolsu."""
        team_deals, declarers = self._played(state, score)
        return team_deals >= self.team_deal_limit(state) and len(declarers) == SEATS

    def carry(
        self,
        state: SkruuviState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The team deals and the bolsu declarers so far; every player keeps a
        bolsu account (16.4)."""
        team_deals, declarers = self._played(state, score)
        changes: dict[str, Any] = {
            "team_deals": team_deals,
            "bolsu_declarers": declarers,
        }
        if not score.seat_points:
            changes["seat_totals"] = state.seat_totals or (0,) * SEATS
        return changes

    @staticmethod
    def _played(state: SkruuviState, score: DealScore) -> tuple[int, tuple[int, ...]]:
        """The team deals and the bolsu declarers after ``score``."""
        if score.detail.get("kind") == BOLSU:
            return state.team_deals, (*state.bolsu_declarers, score.detail["declarer"])
        return state.team_deals + 1, state.bolsu_declarers

    def next_deal(self, state: SkruuviState) -> NextDeal | None:
        if state.finished:
            return None
        first = (state.dealer + 1) % SEATS
        limit = self.team_deal_limit(state)
        left = tuple(s for s in range(SEATS) if s not in state.bolsu_declarers)
        total = self.match_goal(state.options).deals
        notes = [
            msg("Deal {number} of {deals}.", number=state.deal_number, deals=total)
        ]
        seats = ", ".join(map(str, left))
        if state.team_deals >= limit:
            notes.append(
                msg(
                    "Four basic deals and four kotkas are played: this deal is a "
                    "bolsu. Seats {seats} must still bid it, in turn from {first}; "
                    "one may pass while another of them has not yet passed in this "
                    "deal.",
                    seats=seats,
                    first=Seat(first),
                )
            )
        else:
            if left:
                notes.append(
                    msg(
                        "Bolsu round from {first}: seats {seats} have not declared "
                        "their bolsu and may bid it.",
                        first=Seat(first),
                        seats=seats,
                    )
                )
            kind = self.team_kind(state)
            notes.append(self.team_kind_note(state, kind, if_no_bolsu=True))
            if kind == KOTKA:
                notes.append(
                    msg(
                        "In a kotka each player takes one of the four cards on the "
                        "table after the bolsu round."
                    )
                )
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=first,
            may_bid=left,
            notes=tuple(notes),
        )


def _group_won(group: int, tricks: int, ace_tricks: int) -> str:
    """A bolsu's aces entered against tricks per side: group 0 is the declarer,
    group 1 the three opponents."""
    if group == 0:
        return msg(
            "the declarer won {tricks} tricks but aces fell in {ace_tricks} tricks "
            "won there",
            tricks=tricks,
            ace_tricks=ace_tricks,
        )
    return msg(
        "the opponents won {tricks} tricks but aces fell in {ace_tricks} tricks won "
        "there",
        tricks=tricks,
        ace_tricks=ace_tricks,
    )


def _bolsu_failed(mussolini: bool, tricks: int, **params: object) -> str:
    """A failed bolsu: who took the tricks that went the wrong way, and how many."""
    if mussolini:
        if tricks == 1:
            return msg(
                "{bolsu} by {declarer} failed: the opponents took {wrong} trick, "
                "each opponent {reckoning}",
                **params,
            )
        return msg(
            "{bolsu} by {declarer} failed: the opponents took {wrong} tricks, "
            "each opponent {reckoning}",
            **params,
        )
    if tricks == 1:
        return msg(
            "{bolsu} by {declarer} failed: the declarer took {wrong} trick, "
            "each opponent {reckoning}",
            **params,
        )
    return msg(
        "{bolsu} by {declarer} failed: the declarer took {wrong} tricks, "
        "each opponent {reckoning}",
        **params,
    )


def _bolsu_knock(doubled: bool, *, aces_apart: bool, **params: object) -> str:
    """An opponent's knock in a bolsu; in a failed bolsu its aces are not
    multiplied (16.4)."""
    if doubled:
        if aces_apart:
            return msg("{seat} knocked: × {mult} (not the aces) = {points}", **params)
        return msg("{seat} knocked: × {mult} = {points}", **params)
    if aces_apart:
        return msg(
            "{seat} knocked, kontra-knocked: × {mult} (not the aces) = {points}",
            **params,
        )
    return msg("{seat} knocked, kontra-knocked: × {mult} = {points}", **params)
