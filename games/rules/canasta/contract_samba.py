"""Contract Samba: an auction for points and an opening type, then Samba-like play.

Source: ``001_b57793035adc3f64.txt §31`` (31.1 setup, 31.2 auction, 31.3 opening,
31.5 non-declarer opening, 31.6 melds, 31.8 red threes, 31.9 going out, 31.10
scoring, 31.11 zones), played "with the rules of Canasta, except for the following"
(§28: card values 28.1, opening meld 28.6.2).

Terms:

* **call** — one turn of the auction: a **bid** (a level ≥ 1 and a type, ``4
  hearts``), ``pass`` or ``double``. Types ascend clubs < diamonds < hearts < spades
  < canasta < canasta of twos (``twos``). The auction is entered clockwise from the
  player left of the dealer (option ``auction_starts``).
* **contract** — the highest bid; its bidder is the **declarer**, the declarer's
  partnership the **declarer side**. A contract of level *n* promises *n* × 1000
  points in the deal.
* **failed opening** — the declarer could not open: the declarer's side loses 1000
  and the next-highest bid becomes the contract (§31.3). ``failed_openings`` counts
  them from the top of the auction; when every bid failed there is no contract.
* **canasta meld** — cards of one rank (not threes) with at most two wild cards
  (twos, jokers), at least two naturals; a **meld of twos** has twos as naturals and
  at most two jokers. Seven cards make a **canasta**: natural (no wilds; then closed
  at exactly seven, as a canasta of twos is) or mixed (may grow).
* **samba meld** — 3–7 consecutive cards of one suit, no jokers, twos and threes
  allowed, round the corner (Q-K-A-2-3); seven cards make a **samba**.
* **contract count** — what the declarer side's deal counts towards its contract:
  every point except positive card points on the table (those count too from level
  five up), see §31.10.
* **opening requirement** — the points an opening needs, by the side's total before
  the deal (zones of §31.11: below 0 → 15 … 10000 and over → 200).

Invariants:

* the auction recorded is complete and legal: every bid higher than the last, a
  double only over an opponent's bid and it ends the auction, otherwise three passes
  after a bid (four with no bid) end it;
* every card entered (melds, melded red threes, hands, discard pile) fits in 3 × 54;
* an opening, when entered, lies within the side's melds and was legal for that
  side (declarer: requirement, complete canasta or the contract's type from level 4;
  others: requirement or complete canasta, five twos in a meld of twos); the
  declarer side has melded;
* the going-out player holds no cards; the declarer side goes out with its contract
  on the table, the others with two canastas (one natural) and a samba;
* the contract bonus goes to exactly one side unless there is no contract or it is
  void (the stock ran out);
* all points are multiples of 5.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.engine.cards import Card
from games.engine.decks import TRIPLE_54
from games.engine.errors import RuleError
from games.engine.game import ContextRow, Fact, MatchState, NextDeal
from games.engine.registry import register
from games.engine.text import Seat, msg
from games.rules.canasta.auction import (
    BID_TYPES,
    Bid,
    check_auction,
)
from games.rules.canasta.contract_samba_input import (
    CONTRACT_SAMBA_RULES,
    FAILED_OPENING_PENALTY,
    RED_THREE_MELDED,
    TYPE_OPENINGS,
    Contract,
    ContractSambaCards,
    ContractSambaOptions,
    opens_by_type,
)
from games.rules.canasta.deal_input import (
    TotalsDeal,
)
from games.rules.canasta.family import CanastaFamilyGame
from games.rules.canasta.going_out import going_out_errors
from games.rules.canasta.melds import (
    RANK_MELD,
    Meld,
    canasta_bonus,
)
from games.rules.canasta.openings import (
    check_opening,
    opening_parts,
    opening_without_melds,
)
from games.rules.canasta.side import DealScoring, SideTurn
from games.rules.canasta.tables import FamilyRules

__all__ = ["BID_TYPES", "ContractSamba"]


# -- the game -----------------------------------------------------------------------

# The rules with another concealed bonus (an option), built once per value.
_RULES_BY_CONCEALED: dict[int, FamilyRules] = {}


@register
class ContractSamba(CanastaFamilyGame):
    slug = "contract-samba"
    name = "Contract Samba"
    source = "001_b57793035adc3f64.txt §31"
    summary = (
        "Samba with an auction for points and an opening type: contract bonuses, "
        "1000 for a failed opening, zones up to 200; 20000 wins."
    )
    Options = ContractSambaOptions
    deal_modes = {"cards": ContractSambaCards, "totals": TotalsDeal}
    deck = TRIPLE_54
    rules = CONTRACT_SAMBA_RULES

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = (
        "contract_made",
        "contract_set",
        "contract_void",
        "failed_opening",
        "samba",
        "natural_canasta",
        "mixed_canasta",
        "red_threes",
        "went_out",
    )

    def rules_for(self, options: Any) -> FamilyRules:
        bonus = getattr(options, "concealed_bonus", 100)
        if bonus == CONTRACT_SAMBA_RULES.concealed_bonus:
            return CONTRACT_SAMBA_RULES
        rules = _RULES_BY_CONCEALED.get(bonus)
        if rules is None:
            rules = replace(CONTRACT_SAMBA_RULES, concealed_bonus=bonus)
            if len(_RULES_BY_CONCEALED) < 64:
                _RULES_BY_CONCEALED[bonus] = rules
        return rules

    def first_bidder(self, state: MatchState) -> int:
        options = state.options
        if getattr(options, "auction_starts", "left_of_dealer") == "dealer":
            return state.dealer
        return state.table.next_seat(state.dealer)

    def extra_piles(self, deal: ContractSambaCards) -> list[tuple[str, Sequence[Card]]]:
        return [("discard_pile", deal.discard_pile)]

    def next_deal(self, state: MatchState) -> NextDeal | None:
        nxt = super().next_deal(state)
        if nxt is None:
            return None
        first = self.first_bidder(state)
        return replace(
            nxt,
            notes=(
                *nxt.notes,
                msg(
                    "the auction starts with {first}; every player may bid, also "
                    "after passing",
                    first=Seat(first),
                ),
            ),
            context=(
                *nxt.context,
                ContextRow(
                    code="first_bidder", label="First to bid", kind="seat", value=first
                ),
            ),
        )

    # -- one deal: the hooks of the family's scorer ------------------------------

    def check_deal(self, scoring: DealScoring) -> None:
        """The auction, and the contract that stood after the failed openings."""
        scoring.found = self._contract(scoring.state, scoring.deal, scoring.errors)

    def _contract(
        self, state: MatchState, deal: ContractSambaCards, errors: list[RuleError]
    ) -> tuple[Contract | None, tuple[Bid, ...]]:
        """The contract after the failed openings, and the bids that failed."""
        auction = check_auction(deal.auction, self.first_bidder(state), errors)
        bids = auction.bids
        count = deal.failed_openings
        if count > len(bids):
            errors.append(
                RuleError(
                    "failed_openings",
                    "failed_openings_exceed_bids",
                    msg(
                        "{count} failed openings, but the auction has {bids} bid(s)",
                        count=count,
                        bids=len(bids),
                    ),
                )
            )
            count = len(bids)
        # Bids only ever rise, so the highest are the last ones made.
        failed = tuple(reversed(bids[len(bids) - count :]))
        if count == len(bids):
            return None, failed
        doubled = auction.doubled and (
            count == 0 or getattr(state.options, "passed_down_double", False)
        )
        return Contract(bids[len(bids) - 1 - count], doubled), failed

    def score_opening(self, scoring: DealScoring, side: SideTurn) -> int | None:
        """31.3 for the declarer's side (it opens right after the auction), 31.5
        for the other."""
        contract, _ = scoring.found
        declarer_side = contract is not None and contract.side == side.index
        base, entry = side.path, side.entry
        if declarer_side and not entry.melds:
            scoring.errors.append(
                RuleError(
                    f"{base}.melds",
                    "declarer_did_not_open",
                    msg(
                        "the declarer of {contract} opens right after the auction; "
                        "if they could not, count them in failed_openings",
                        contract=contract.text,
                    ),
                )
            )
        elif side.valid and entry.melds:
            return self._check_opening(
                scoring,
                side.index,
                entry,
                side.melds,
                contract if declarer_side else None,
            )
        elif entry.opening and not entry.melds:
            scoring.errors.append(opening_without_melds(base))
        return None

    def _check_opening(
        self,
        scoring: DealScoring,
        s: int,
        entry: Any,
        melds: tuple[Meld, ...],
        contract: Contract | None,
    ) -> int | None:
        """31.3 for the declarer (``contract`` given), 31.5 for anyone else."""
        base = f"teams.{s}"
        path = f"{base}.opening"
        errors = scoring.errors
        deal = scoring.deal
        parts, errs = opening_parts(
            entry.opening,
            melds,
            scoring.rules.melds,
            base,
            # Contract Samba reads "concealed" with anyone going out (as built).
            all_melds=deal.went_out is not None and deal.concealed,
        )
        errors.extend(errs)
        if parts is None:
            return None
        _, errs, _ = check_opening(parts, melds, 0, path=path, side=s)
        errors.extend(errs)
        points = sum(p.points for p in parts)
        need = self.requirement(scoring.state, s, entry.insufficient_openings)
        declarer = contract is not None
        if any(p.is_canasta for p in parts):
            opened = (
                msg("the declarer opened with a canasta")
                if declarer
                else msg("the side opened with a canasta")
            )
            scoring.facts.append(Fact("opening_canasta", opened, s, points))
            return points
        by_type = contract is not None and contract.bid.level >= 4
        if by_type and any(opens_by_type(p, contract.bid.type) for p in parts):
            kind = TYPE_OPENINGS[contract.bid.type]
            scoring.facts.append(
                Fact(
                    "opening_by_type",
                    msg("the declarer opened with {kind}", kind=kind),
                    s,
                    points,
                )
            )
            return points
        if points < need:
            if by_type:
                short = msg(
                    "the opening counts {points}; the declarer opens with {need}, "
                    "{kind} or a complete canasta",
                    points=points,
                    need=need,
                    kind=TYPE_OPENINGS[contract.bid.type],
                )
            elif declarer:
                short = msg(
                    "the opening counts {points}; the declarer opens with {need} "
                    "or a complete canasta",
                    points=points,
                    need=need,
                )
            else:
                short = msg(
                    "the opening counts {points}; the side opens with {need} "
                    "or a complete canasta",
                    points=points,
                    need=need,
                )
            errors.append(RuleError(path, "opening_requirement_not_met", short))
            return points
        if contract is None:
            for i, part in enumerate(parts):
                if part.kind == RANK_MELD and part.rank == "2" and part.naturals < 5:
                    errors.append(
                        RuleError(
                            f"{path}.{i}",
                            "twos_opening_needs_five",
                            msg(
                                "a meld of twos in an opening needs at least five "
                                "twos ({entered} entered)",
                                entered=part.naturals,
                            ),
                        )
                    )
        scoring.facts.append(
            Fact(
                "opening_met",
                msg(
                    "opening requirement {need} met with {points}",
                    need=need,
                    points=points,
                ),
                s,
            )
        )
        return points

    def going_out_errors(self, scoring: DealScoring, side: SideTurn) -> list[RuleError]:
        """The declarer side goes out with its contract on the table (31.9), the
        other with two canastas (one natural) and a samba."""
        contract, _ = scoring.found
        if contract is None or contract.side != side.index:
            return going_out_errors(side.counts, self.rules.going_out, side.melds_path)
        melds = side.melds
        bid = contract.bid
        # What lay on the table when the player went out (31.9 read with 31.10):
        # bonuses and melded red threes, and from level five the card points.
        reached = sum(canasta_bonus(m, self.rules.bonuses) for m in melds)
        reached += RED_THREE_MELDED * len(side.entry.red_threes)
        if bid.level >= 5:
            reached += sum(m.points for m in melds)
        if reached >= bid.points:
            return []
        return [
            RuleError(
                "went_out",
                "contract_not_reached",
                msg(
                    "the declarer side goes out once it has its {points}; it had "
                    "{reached} on the table",
                    points=bid.points,
                    reached=reached,
                ),
            )
        ]

    def finish_deal(
        self, scoring: DealScoring, sides: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """Failed openings (1000 each, 31.3) and the contract bonus (31.10)."""
        contract, failed = scoring.found
        deal = scoring.deal
        sides = [
            {
                **{key: item[key] for key in _ITEMS[:-1]},
                "contract": 0,
                "opening": item["opening"],
            }
            for item in sides
        ]
        for bid in failed:
            s = bid.seat % 2
            sides[s]["penalties"] -= FAILED_OPENING_PENALTY
            scoring.facts.append(
                Fact(
                    "failed_opening",
                    msg(
                        "{seat} could not open {bid}: -{penalty}",
                        seat=Seat(bid.seat),
                        bid=bid.words,
                        penalty=FAILED_OPENING_PENALTY,
                    ),
                    s,
                    -FAILED_OPENING_PENALTY,
                )
            )
        detail: dict[str, Any] = {
            "auction": [c.text for c in deal.auction],
            "failed_openings": [b.text for b in failed],
            "contract": None,
        }
        if contract is None:
            scoring.facts.append(Fact("no_contract", "no contract this deal"))
        else:
            detail["contract"] = self._settle(contract, deal, sides, scoring.facts)
        for item in sides:
            item["total"] = sum(v for k, v in item.items() if k in _ITEMS)
        detail["sides"] = sides
        return detail

    def _settle(
        self,
        contract: Contract,
        deal: ContractSambaCards,
        sides: list[dict[str, Any]],
        facts: list[Fact],
    ) -> dict[str, Any]:
        """The contract bonus (31.10); fills ``sides[*]['contract']``."""
        bid = contract.bid
        s = contract.side
        item = sides[s]
        count = item["bonuses"] + item["red_threes"] + item["going_out"] + item["hands"]
        if bid.level >= 5:
            count += item["melds"]
        void = deal.went_out is None
        made = count >= bid.points
        factor = 2 if contract.doubled else 1
        if void:
            facts.append(
                Fact(
                    "contract_void",
                    msg(
                        "the stock ran out: {contract} is void",
                        contract=contract.text,
                    ),
                    s,
                )
            )
        elif made:
            bonus = factor * bid.points // 2
            item["contract"] = bonus
            facts.append(
                Fact(
                    "contract_made",
                    msg(
                        "{contract} made with {count}: {bonus}",
                        contract=contract.text,
                        count=count,
                        bonus=bonus,
                    ),
                    s,
                    bonus,
                )
            )
        else:
            bonus = factor * bid.points
            sides[1 - s]["contract"] = bonus
            facts.append(
                Fact(
                    "contract_set",
                    msg(
                        "{contract} set with {count} of {points}: {bonus} to "
                        "the opponents",
                        contract=contract.text,
                        count=count,
                        points=bid.points,
                        bonus=bonus,
                    ),
                    1 - s,
                    bonus,
                )
            )
        return {
            "level": bid.level,
            "type": bid.type,
            "doubled": contract.doubled,
            "declarer": bid.seat,
            "side": s,
            "count": count,
            "made": made and not void,
            "void": void,
        }


_ITEMS = (
    "melds",
    "bonuses",
    "red_threes",
    "going_out",
    "hands",
    "penalties",
    "contract",
)
