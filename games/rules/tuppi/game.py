"""Tuppi's game: the checks and scoring of a deal, nousussa and the match (the terms
are in :mod:`games.rules.tuppi`)."""

from __future__ import annotations

from typing import Any

from games.engine.cards import Card
from games.engine.decks import STANDARD_52, check_deck
from games.engine.errors import DealRejected, RuleError
from games.engine.game import (
    ContextRow,
    DealScore,
    Fact,
    Game,
    NextDeal,
)
from games.engine.registry import register
from games.engine.text import Seat, Side, msg
from games.engine.tricks import PARTNERS, side_tricks
from games.rules.tuppi.inputs import (
    BARRED_BIDDING_RANKS,
    SEATS,
    SOOLI_POINTS,
    TuppiDeal,
    TuppiOptions,
    TuppiState,
)

"""One exposed bid: a card, or a verbal ``rami`` / ``nolo``."""


@register
class Tuppi(Game):
    slug = "tuppi"
    name = "Tuppi"
    source = "001_b57793035adc3f64.txt §9"
    summary = (
        "Rami, nolo or sooli; only the rising (nousussa) side holds points; "
        "52 in consecutive deals wins."
    )
    Options = TuppiOptions
    deal_input = TuppiDeal
    deck = STANDARD_52
    tables = (PARTNERS,)
    State = TuppiState

    # -- one deal -----------------------------------------------------------------

    def verify_and_score(self, state: TuppiState, deal: TuppiDeal) -> DealScore:
        options: TuppiOptions = state.options
        errors: list[RuleError] = []
        contract = deal.contract
        declarer = deal.declarer
        soloist = deal.soloist

        if contract == "nolo":
            if declarer is not None:
                errors.append(
                    RuleError(
                        "declarer",
                        "declarer_in_nolo",
                        "nolo has no declarer: nobody bid rami",
                    )
                )
        elif contract == "sooli":
            if not options.sooli:
                errors.append(
                    RuleError(
                        "contract",
                        "sooli_not_played",
                        "this match is played without sooli",
                    )
                )
            if soloist is None:
                errors.append(
                    RuleError(
                        "soloist", "soloist_required", "enter the seat that bid sooli"
                    )
                )
        if soloist is not None and contract != "sooli":
            errors.append(
                RuleError(
                    "soloist", "soloist_outside_sooli", "only sooli has a soloist"
                )
            )

        if deal.bids is not None:
            declarer = self._check_bids(state, deal, errors)
        if contract == "rami" and declarer is None and deal.bids is None:
            errors.append(
                RuleError(
                    "declarer",
                    "declarer_required",
                    "enter the declarer (the first rami bidder) or the bidding",
                )
            )
        if (
            contract == "sooli"
            and soloist is not None
            and declarer is not None
            and declarer % 2 == soloist % 2
        ):
            errors.append(
                RuleError(
                    "soloist",
                    "soloist_on_declarer_side",
                    msg(
                        "sooli is bid by an opponent of the declarer ({declarer})",
                        declarer=Seat(declarer),
                    ),
                )
            )

        tricks = self._side_tricks(state, deal, errors)
        if errors:
            raise DealRejected(errors)
        return self._score(state, deal, declarer, tricks)

    def _check_bids(
        self, state: TuppiState, deal: TuppiDeal, errors: list[RuleError]
    ) -> int | None:
        """Check the recorded bidding; return the declarer it names (or ``None``)."""
        bids = deal.bids
        first_bidder = (state.dealer + 1) % SEATS
        rami_at: int | None = None
        cards: list[tuple[str, tuple[Card, ...]]] = []
        for i, bid in enumerate(bids):
            path = f"bids.{i}"
            if i >= SEATS:
                errors.append(RuleError(path, "too_many_bids", "each player bids once"))
                break
            if rami_at is not None:
                errors.append(
                    RuleError(
                        path,
                        "bid_after_rami",
                        "the bidding ends at the first rami; later cards are not "
                        "exposed",
                    )
                )
                break
            if isinstance(bid, Card):
                cards.append((path, (bid,)))
                if bid.is_joker or bid.rank in BARRED_BIDDING_RANKS:
                    errors.append(
                        RuleError(
                            path,
                            "bad_bidding_card",
                            msg(
                                "{card} cannot be a bidding card (no two, face card "
                                "or joker); a player without one bids verbally",
                                card=bid.code,
                            ),
                        )
                    )
                is_rami = bid.suit is not None and bid.suit.is_red
            else:
                is_rami = bid == "rami"
            if is_rami:
                rami_at = i
        errors.extend(check_deck(STANDARD_52, cards))

        bid_declarer = None if rami_at is None else (first_bidder + rami_at) % SEATS
        if deal.contract == "nolo":
            if rami_at is not None:
                errors.append(
                    RuleError(
                        f"bids.{rami_at}",
                        "contract_not_bid",
                        "a rami bid makes the contract rami (or sooli), not nolo",
                    )
                )
            elif len(bids) < SEATS:
                errors.append(
                    RuleError(
                        "bids",
                        "bidding_incomplete",
                        "nolo needs all four bids black",
                    )
                )
            return None
        if rami_at is None:
            if len(bids) >= SEATS:
                errors.append(
                    RuleError(
                        "bids",
                        "contract_not_bid",
                        msg(
                            "nobody bid rami, so the contract is nolo, not {contract}",
                            contract=deal.contract,
                        ),
                    )
                )
            else:
                errors.append(
                    RuleError(
                        "bids",
                        "bidding_incomplete",
                        "the bidding ends with the first rami bid; enter it",
                    )
                )
            return deal.declarer
        if deal.declarer is not None and deal.declarer != bid_declarer:
            errors.append(
                RuleError(
                    "declarer",
                    "declarer_not_first_rami",
                    msg(
                        "the first rami bid (bids.{index}) was made by {declarer}, "
                        "bidding from {first} left of the dealer",
                        index=rami_at,
                        declarer=Seat(bid_declarer),
                        first=Seat(first_bidder),
                    ),
                )
            )
        return bid_declarer

    def _side_tricks(
        self, state: TuppiState, deal: TuppiDeal, errors: list[RuleError]
    ) -> tuple[int, int] | None:
        """Tricks per side (the soloist's own in sooli), or ``None`` if conceded."""
        tricks = deal.tricks
        if deal.conceded_by is not None:
            if tricks is not None:
                errors.append(
                    RuleError(
                        "tricks",
                        "tricks_with_concession",
                        "a conceded deal was ended early: leave the tricks out",
                    )
                )
            if state.rising is None:
                errors.append(
                    RuleError(
                        "conceded_by",
                        "no_rising_side",
                        "at 0–0 the count decides who rises: enter the tricks",
                    )
                )
            elif deal.conceded_by != state.rising:
                errors.append(
                    RuleError(
                        "conceded_by",
                        "conceded_by_not_rising",
                        msg(
                            "only the nousussa side ({rising}) concedes a deal",
                            rising=Side(state.rising),
                        ),
                    )
                )
            return None
        if tricks is None:
            errors.append(
                RuleError("tricks", "tricks_required", "enter the tricks of each side")
            )
            return None
        soloist = deal.soloist
        if len(tricks) == SEATS and deal.contract == "sooli" and soloist is not None:
            partner = (soloist + 2) % SEATS
            if tricks[partner]:
                errors.append(
                    RuleError(
                        f"tricks.{partner}",
                        "partner_sits_out",
                        "the soloist's partner does not play in sooli",
                    )
                )
        return side_tricks(tricks, errors)  # 13 tricks, partners opposite

    def _score(
        self,
        state: TuppiState,
        deal: TuppiDeal,
        declarer: int | None,
        tricks: tuple[int, int] | None,
    ) -> DealScore:
        contract = deal.contract
        conceded_by = deal.conceded_by
        if contract == "rami":
            side = declarer % 2
            leader = (declarer - 1) % SEATS  # 9.3: the player right of the declarer
            if tricks is None:
                scorer = 1 - conceded_by
                # The least the contract certainly pays the side that was winning.
                points = 4 if scorer == side else 8
            elif tricks[side] > 6:
                scorer, points = side, 4 * (tricks[side] - 6)
            else:
                scorer, points = 1 - side, 8 * (tricks[1 - side] - 6)
            if scorer == side:
                fact = Fact(
                    "rami_made",
                    msg(
                        "rami by {declarer}: declarers score {points}",
                        declarer=Seat(declarer),
                        points=points,
                    ),
                    scorer,
                    points,
                )
            else:
                fact = Fact(
                    "rami_set",
                    msg(
                        "rami by {declarer} set: opponents score {points}",
                        declarer=Seat(declarer),
                        points=points,
                    ),
                    scorer,
                    points,
                )
        elif contract == "nolo":
            leader = (state.dealer + 1) % SEATS
            if tricks is None:
                scorer, points = 1 - conceded_by, 4
            else:
                scorer = 0 if tricks[0] < tricks[1] else 1
                points = 4 * (7 - tricks[scorer])
            fact = Fact(
                "nolo",
                msg(
                    "nolo: {scorer} scores {points}", scorer=Side(scorer), points=points
                ),
                scorer,
                points,
            )
        else:
            soloist = deal.soloist
            side = soloist % 2
            # The soloist plays last to every trick, so the opponent on the
            # soloist's left plays first.
            leader = (soloist + 1) % SEATS
            points = SOOLI_POINTS
            if tricks is None:
                scorer = 1 - conceded_by
            else:
                scorer = side if tricks[side] == 0 else 1 - side
            if scorer == side:
                fact = Fact(
                    "sooli_made",
                    msg(
                        "sooli by {soloist}: no tricks, {points}",
                        soloist=Seat(soloist),
                        points=SOOLI_POINTS,
                    ),
                    side,
                    SOOLI_POINTS,
                )
            else:
                fact = Fact(
                    "sooli_lost",
                    msg(
                        "sooli by {soloist} took a trick: opponents score {points}",
                        soloist=Seat(soloist),
                        points=SOOLI_POINTS,
                    ),
                    scorer,
                    SOOLI_POINTS,
                )
        rising = state.rising
        if conceded_by is None and (rising is None or rising == scorer):
            facts: tuple[Fact, ...] = (fact,)
        else:
            facts = self._context_facts(state, fact, conceded_by, scorer)
        return DealScore(
            points=(points, 0) if scorer == 0 else (0, points),
            facts=facts,
            detail={
                "contract": contract,
                "declarer": declarer,
                "soloist": deal.soloist,
                "tricks": None if tricks is None else list(tricks),
                "leader": leader,
                "conceded_by": conceded_by,
                "scorer": scorer,
            },
        )

    @staticmethod
    def _context_facts(
        state: TuppiState, fact: Fact, conceded_by: int | None, scorer: int
    ) -> tuple[Fact, ...]:
        """The contract's fact plus a concession and a broken rise, if any."""
        facts = [fact]
        if conceded_by is not None:
            facts.append(
                Fact(
                    "conceded",
                    msg("{side} conceded the deal", side=Side(conceded_by)),
                    side=conceded_by,
                )
            )
        rising = state.rising
        if rising is not None and rising != scorer:
            options: TuppiOptions = state.options
            if options.when_opponents_score == "back_to_zero":
                text = msg(
                    "{scorer} scored against the rising side: back to 0–0",
                    scorer=Side(scorer),
                )
            else:
                text = msg(
                    "{scorer} scored against the rising side: {rising} loses its "
                    "{lost}, {scorer} rises",
                    scorer=Side(scorer),
                    rising=Side(rising),
                    lost=state.totals[rising],
                )
            facts.append(Fact("nousussa_broken", text, side=scorer))
        return tuple(facts)

    # -- folding ------------------------------------------------------------------

    def rising_after(
        self, state: TuppiState, score: DealScore
    ) -> tuple[tuple[int, ...], int | None]:
        """Tuppi's own step of the match, *nousussa*: the totals after a deal and
        the side rising. Points add up while one side keeps scoring; when the
        other side scores, the totals go back to zero or restart from its points
        (the options say which)."""
        options: TuppiOptions = state.options
        p0, p1 = score.points
        if not (p0 or p1):
            # Every Tuppi contract pays someone; a pointless deal breaks no run.
            return state.totals, state.rising
        scorer = 0 if p0 else 1
        rising = state.rising
        if rising is None or rising == scorer:
            return (state.totals[0] + p0, state.totals[1] + p1), scorer
        if options.when_opponents_score == "back_to_zero":
            return (0, 0), None
        return (p0, p1), scorer

    def totals_after(self, state: TuppiState, score: DealScore) -> tuple[int, ...]:
        return self.rising_after(state, score)[0]

    def match_over(
        self, state: TuppiState, score: DealScore, totals: tuple[int, ...]
    ) -> bool:
        """The rising side at the target wins."""
        rising = self.rising_after(state, score)[1]
        return rising is not None and totals[rising] >= state.options.target

    def carry(
        self,
        state: TuppiState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        rising = self.rising_after(state, score)[1]
        if finished:
            return {"rising": rising, "winners": (rising,)}
        return {"rising": rising}

    def next_deal(self, state: TuppiState) -> NextDeal | None:
        if state.finished:
            return None
        options: TuppiOptions = state.options
        dealer = state.dealer
        first = (dealer + 1) % SEATS
        notes = [
            msg(
                "Bids are exposed from {first} (left of the dealer); the first "
                "red card (rami) makes its bidder the declarer.",
                first=Seat(first),
            ),
            msg(
                "Nolo: {first} leads. Rami: the player right of the declarer leads.",
                first=Seat(first),
            ),
        ]
        if options.sooli:
            notes.append(
                msg("After a rami bid either opponent of the declarer may bid sooli.")
            )
        if state.rising is None:
            notes.append(msg("0–0: nobody is nousussa."))
        else:
            have = state.totals[state.rising]
            notes.append(
                msg(
                    "{side:C} is nousussa with {have}; {more} more wins.",
                    side=Side(state.rising),
                    have=have,
                    more=options.target - have,
                )
            )
        return NextDeal(
            number=state.deal_number,
            dealer=dealer,
            starting_seat=first,
            holding_points=state.rising,
            notes=tuple(notes),
            context=(ContextRow("nousussa", "Nousussa", "side", state.rising),),
        )
