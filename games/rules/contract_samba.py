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

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    PlainSerializer,
    Tag,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from games.engine.cards import Card, Suit
from games.engine.decks import TRIPLE_54
from games.engine.errors import DealRejected, RuleError
from games.engine.game import DealScore, Fact, MatchState, NextDeal
from games.engine.inputs import CardList, FrozenModel, deal_mode
from games.engine.registry import register
from games.rules._canasta_family import (
    CONTRACT_SAMBA_ZONES,
    CYCLIC_SEQUENCE_RANKS,
    MAY_I_GO_OUT_PENALTY,
    RANK_MELD,
    SEQUENCE,
    CanastaBonuses,
    CanastaFamilyGame,
    CardsDeal,
    FamilyRules,
    GoingOutRule,
    Meld,
    MeldRules,
    RedThreeRule,
    SideCards,
    TotalsDeal,
    canasta_bonus,
    check_going_out,
    check_opening,
    check_side_melds,
    hand_error,
    hand_points,
    hand_points_table,
    is_red_three,
)

SEATS = 4
TARGET = 20000
FAILED_OPENING_PENALTY = 1000

BID_TYPES: tuple[str, ...] = (
    "clubs",
    "diamonds",
    "hearts",
    "spades",
    "canasta",
    "twos",
)
SUIT_OF_TYPE = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
_TYPE_SPELLINGS = {
    **{s: "clubs" for s in ("c", "club", "clubs", "♣", "♧")},
    **{s: "diamonds" for s in ("d", "diamond", "diamonds", "♦", "♢")},
    **{s: "hearts" for s in ("h", "heart", "hearts", "♥", "♡")},
    **{s: "spades" for s in ("s", "spade", "spades", "♠", "♤")},
    **{s: "canasta" for s in ("n", "can", "canasta", "canastas")},
    **{
        s: "twos" for s in ("t", "2s", "twos", "canasta of twos", "canasta of 2s", "c2")
    },
}
_PASSES = frozenset({"pass", "p", "-", "no bid"})
_DOUBLES = frozenset({"double", "dbl", "x", "doubled"})
_BID_RE = re.compile(r"^(\d+)\s*(.+)$")

# -- the auction ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction. ``kind`` is ``bid``, ``pass`` or ``double``."""

    kind: str
    level: int = 0
    type: str = ""

    @property
    def rank(self) -> tuple[int, int]:
        return (self.level, BID_TYPES.index(self.type))

    @property
    def text(self) -> str:
        return f"{self.level} {self.type}" if self.kind == "bid" else self.kind


def _to_call(value: Any) -> Call:
    if isinstance(value, Call):
        return value
    if isinstance(value, dict) and set(value) <= {"level", "type"}:
        level, kind = value.get("level"), value.get("type")
        if isinstance(level, int) and isinstance(kind, str):
            value = f"{level} {kind}"
    if isinstance(value, str):
        text = " ".join(value.strip().lower().split())
        if text in _PASSES:
            return Call("pass")
        if text in _DOUBLES:
            return Call("double")
        match = _BID_RE.match(text)
        if match and match.group(2).strip() in _TYPE_SPELLINGS:
            return Call(
                "bid", int(match.group(1)), _TYPE_SPELLINGS[match.group(2).strip()]
            )
    raise PydanticCustomError(
        "bad_call",
        "'{token}' is not a call (write e.g. 4 hearts, 3S, 2 canasta, 5 twos, "
        "pass or double)",
        {"token": value},
    )


CallField = Annotated[
    Call,
    BeforeValidator(_to_call),
    PlainSerializer(lambda c: c.text, return_type=str),
    WithJsonSchema(
        {
            "type": "string",
            "description": "A bid '<level> <type>' (types: clubs, diamonds, hearts, "
            "spades, canasta, twos; or C, D, H, S, N, T), 'pass' or 'double'.",
            "examples": ["4 hearts", "2S", "3 canasta", "5 twos", "pass", "double"],
        }
    ),
]


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid made in the auction, with who made it and where it was entered."""

    level: int
    type: str
    seat: int
    index: int  # position in ``auction``

    @property
    def points(self) -> int:
        return 1000 * self.level

    @property
    def text(self) -> str:
        return f"{self.level} {self.type}"


@dataclass(frozen=True, slots=True)
class Auction:
    bids: tuple[Bid, ...]  # in the order made, so ascending
    doubled: bool


def check_auction(
    calls: Sequence[Call], first_seat: int, errors: list[RuleError]
) -> Auction:
    """Check a recorded auction (§31.2); the bids it holds and whether doubled."""
    bids: list[Bid] = []
    passes = 0
    doubled = False
    ended = False
    for i, call in enumerate(calls):
        path = f"auction.{i}"
        seat = (first_seat + i) % SEATS
        if ended:
            errors.append(
                RuleError(
                    path,
                    "call_after_auction_end",
                    "the auction had already ended (a double, three passes after a "
                    "bid, or four passes without one)",
                )
            )
            break
        if call.kind == "pass":
            passes += 1
            ended = passes == (3 if bids else 4)
        elif call.kind == "double":
            if not bids:
                errors.append(
                    RuleError(path, "double_without_bid", "there is no bid to double")
                )
            elif bids[-1].seat % 2 == seat % 2:
                errors.append(
                    RuleError(
                        path,
                        "double_own_side",
                        f"seat {seat} can only double a bid of the opponents; the "
                        f"highest bid ({bids[-1].text}) is their own side's",
                    )
                )
            doubled = True
            ended = True
        else:
            if call.level < 1:
                errors.append(
                    RuleError(path, "bid_below_one", "a bid is at least 1 (thousand)")
                )
            elif bids and call.rank <= (bids[-1].level, BID_TYPES.index(bids[-1].type)):
                errors.append(
                    RuleError(
                        path,
                        "bid_not_higher",
                        f"{call.text} is not higher than {bids[-1].text}: bid a "
                        "higher number, or the same number and a higher type",
                    )
                )
            bids.append(Bid(call.level, call.type, seat, i))
            passes = 0
    if not ended:
        errors.append(
            RuleError(
                "auction",
                "auction_incomplete",
                "the auction ends with three passes after a bid, four passes without "
                "one, or a double",
            )
        )
    return Auction(tuple(bids), doubled)


# -- the game -----------------------------------------------------------------------

CONTRACT_SAMBA_RULES = FamilyRules(
    deck=TRIPLE_54,
    melds=MeldRules(
        max_wilds=2,
        one_meld_per_rank=False,
        black_threes_out=(3, None),
        sequence_ranks=CYCLIC_SEQUENCE_RANKS,
        sequence_wraps=True,
        sequence_max=7,
        melds_of_twos=True,
        twos_max_jokers=2,
        closed_natural_canastas=True,
    ),
    bonuses=CanastaBonuses(
        natural=500,
        mixed=300,
        samba=1500,
        by_rank=MappingProxyType({"A": (1000, 500), "2": (3000, 2000)}),
    ),
    # 31.8: a melded red three is -300, whatever the side has; not read by the
    # scoring below, which charges RED_THREE_MELDED directly.
    red_threes=RedThreeRule(each=300, all_count=None, all_value=None),
    going_out=GoingOutRule(min_complete=2, min_natural=1, min_sambas=1),
    zones=CONTRACT_SAMBA_ZONES,
    going_out_bonus=200,
    concealed_bonus=100,
    hand_points=hand_points_table(black_three=100, red_three=500),
    target=TARGET,
)
RED_THREE_MELDED = -300


class ContractSambaOptions(FrozenModel):
    """Variants clubs choose; the defaults are the book's."""

    target: int = Field(TARGET, gt=0, description="Points that win the game (31.11).")
    auction_starts: Literal["left_of_dealer", "dealer"] = Field(
        "left_of_dealer",
        description="Who makes the first call of the auction. The book does not say; "
        "play starts left of the dealer, and so does the auction by default.",
    )
    passed_down_double: bool = Field(
        False,
        description="When a doubled declarer cannot open, whether the double "
        "carries over to the next-highest bid. By default only the bid that was "
        "doubled is doubled.",
    )
    concealed_bonus: int = Field(
        100,
        ge=0,
        description="Extra for opening and going out in the same turn: Canasta's "
        "100 (28.6.2; §31 does not change it) or 0 as in Samba (30.5).",
    )


class ContractSambaCards(CardsDeal):
    """Card entry: the auction, then Canasta's entry of melds, red threes, hands."""

    auction: tuple[CallField, ...] = Field(
        description="Every call in order, from the first bidder (by default the "
        "player left of the dealer): '4 hearts', 'pass', 'double' …"
    )
    failed_openings: int = Field(
        0,
        ge=0,
        description="How many declarers, from the highest bid down, could not open "
        "(each costs their side 1000 and passes the contract to the next bid).",
    )
    discard_pile: CardList = Field(
        (), description="Optional: the discard pile, checked against the decks."
    )


_mode = deal_mode


ContractSambaDeal = Annotated[
    Annotated[ContractSambaCards, Tag("cards")] | Annotated[TotalsDeal, Tag("totals")],
    Discriminator(_mode),
]


@dataclass(frozen=True, slots=True)
class Contract:
    """The contract that stood after the failed openings."""

    bid: Bid
    doubled: bool

    @property
    def side(self) -> int:
        return self.bid.seat % 2

    @property
    def text(self) -> str:
        return self.bid.text + (" doubled" if self.doubled else "")


TYPE_OPENINGS = {
    "clubs": "three consecutive clubs",
    "diamonds": "three consecutive diamonds",
    "hearts": "three consecutive hearts",
    "spades": "three consecutive spades",
    "canasta": "four cards of one rank",
    "twos": "four twos",
}


def opens_by_type(meld: Meld, bid_type: str) -> bool:
    """A combination that opens by the contract's type (31.3, level 4 and up)."""
    if bid_type in SUIT_OF_TYPE:
        return meld.kind == SEQUENCE and meld.suit == Suit(SUIT_OF_TYPE[bid_type])
    if meld.kind != RANK_MELD or meld.naturals < 4:
        return False
    # "four cards of the same rank (but not with threes)": any rank one can make a
    # canasta meld of, twos included; Canasta of twos asks for twos.
    return bid_type == "canasta" or meld.rank == "2"


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
    deal_input = ContractSambaDeal
    cards_deal: ClassVar[type[CardsDeal]] = ContractSambaCards
    deck = TRIPLE_54
    rules = CONTRACT_SAMBA_RULES

    def rules_for(self, options: Any) -> FamilyRules:
        bonus = getattr(options, "concealed_bonus", 100)
        if bonus == CONTRACT_SAMBA_RULES.concealed_bonus:
            return CONTRACT_SAMBA_RULES
        return replace(CONTRACT_SAMBA_RULES, concealed_bonus=bonus)

    def first_bidder(self, state: MatchState) -> int:
        options = state.options
        if getattr(options, "auction_starts", "left_of_dealer") == "dealer":
            return state.dealer
        return state.table.next_seat(state.dealer)

    def extra_piles(self, deal: CardsDeal) -> list[tuple[str, Iterable[Card]]]:
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
                f"the auction starts with seat {first}; every player may bid, also "
                "after passing",
            ),
        )

    # -- one deal -----------------------------------------------------------------

    def score_cards(self, state: MatchState, deal: ContractSambaCards) -> DealScore:
        rules = self.rules_for(state.options)
        errors: list[RuleError] = []
        facts: list[Fact] = []
        contract, failed = self._contract(state, deal, errors)
        errors.extend(self._check_deck(rules, deal))
        went_side = None if deal.went_out is None else deal.went_out % 2

        sides: list[dict[str, Any]] = []
        melds_of: list[tuple[Meld, ...]] = []
        for s, entry in enumerate(deal.teams):
            melds, item, errs, side_facts = self._score_side(
                state, deal, s, entry, rules, contract, went_side == s
            )
            errors.extend(errs)
            facts.extend(side_facts)
            sides.append(item)
            melds_of.append(melds)

        for bid in failed:
            s = bid.seat % 2
            sides[s]["penalties"] -= FAILED_OPENING_PENALTY
            facts.append(
                Fact(
                    "failed_opening",
                    f"seat {bid.seat} could not open {bid.text}: "
                    f"-{FAILED_OPENING_PENALTY}",
                    s,
                    -FAILED_OPENING_PENALTY,
                )
            )
        if errors:
            raise DealRejected(errors)

        detail: dict[str, Any] = {
            "auction": [c.text for c in deal.auction],
            "failed_openings": [b.text for b in failed],
            "contract": None,
        }
        if contract is None:
            facts.append(Fact("no_contract", "no contract this deal"))
        else:
            detail["contract"] = self._settle(contract, deal, sides, melds_of, facts)
        for item in sides:
            item["total"] = sum(v for k, v in item.items() if k in _ITEMS)
        detail["sides"] = sides
        return DealScore(
            points=tuple(item["total"] for item in sides),
            facts=tuple(facts),
            detail=detail,
        )

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
                    f"{count} failed openings, but the auction has {len(bids)} bid(s)",
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

    def _score_side(
        self,
        state: MatchState,
        deal: ContractSambaCards,
        s: int,
        entry: SideCards,
        rules: FamilyRules,
        contract: Contract | None,
        went_out: bool,
    ) -> tuple[tuple[Meld, ...], dict[str, Any], list[RuleError], list[Fact]]:
        base = f"teams.{s}"
        errors: list[RuleError] = []
        facts: list[Fact] = []
        melds, errs = check_side_melds(
            entry.melds,
            rules.melds,
            path=f"{base}.melds",
            may_meld_black_threes=went_out,
        )
        errors.extend(errs)
        valid = len(melds) == len(entry.melds)

        bonuses = 0
        for meld in melds:
            bonus = canasta_bonus(meld, rules.bonuses)
            if bonus:
                bonuses += bonus
                code = (
                    "samba"
                    if meld.is_samba
                    else ("natural_canasta" if meld.is_natural else "mixed_canasta")
                )
                facts.append(Fact(code, f"{meld.label}: {bonus}", s, bonus))

        for i, card in enumerate(entry.red_threes):
            if not is_red_three(card):
                errors.append(
                    RuleError(
                        f"{base}.red_threes.{i}",
                        "not_a_red_three",
                        f"{card.code} is not a red three",
                    )
                )
        red = RED_THREE_MELDED * len(entry.red_threes)
        if red:
            facts.append(
                Fact(
                    "red_threes", f"{len(entry.red_threes)} red three(s): {red}", s, red
                )
            )

        hands = 0
        for i, hand in enumerate(entry.hands):
            seat = state.table.seats_of(s)[i]
            path = f"{base}.hands.{i}"
            error = hand_error(path, seat, deal.went_out, hand)
            if error is not None:
                errors.append(error)
            hands -= hand_points(hand, rules.hand_points)

        declarer_side = contract is not None and contract.side == s
        going_out = 0
        if went_out:
            if valid:
                errors.extend(
                    self._check_going_out(melds, entry, contract, declarer_side, base)
                )
            going_out = rules.going_out_bonus
            facts.append(Fact("went_out", f"went out: {going_out}", s, going_out))
            if deal.concealed and rules.concealed_bonus:
                going_out += rules.concealed_bonus
                facts.append(
                    Fact(
                        "concealed",
                        f"opened and went out in one turn: {rules.concealed_bonus}",
                        s,
                        rules.concealed_bonus,
                    )
                )

        opening = None
        if declarer_side and not entry.melds:
            errors.append(
                RuleError(
                    f"{base}.melds",
                    "declarer_did_not_open",
                    f"the declarer of {contract.text} opens right after the auction; "
                    "if they could not, count them in failed_openings",
                )
            )
        elif valid and entry.melds:
            opening, errs, opening_facts = self._check_opening(
                state, deal, s, entry, melds, rules, contract if declarer_side else None
            )
            errors.extend(errs)
            facts.extend(opening_facts)
        elif entry.opening and not entry.melds:
            errors.append(
                RuleError(
                    f"{base}.opening",
                    "opening_without_melds",
                    "the side has no melds, so it made no opening meld",
                )
            )

        penalties = -MAY_I_GO_OUT_PENALTY * entry.may_i_go_out_penalties
        if penalties:
            facts.append(
                Fact(
                    "may_i_go_out",
                    f"“May I go out?” penalty: {penalties}",
                    s,
                    penalties,
                )
            )
        item = {
            "melds": sum(m.points for m in melds),
            "bonuses": bonuses,
            "red_threes": red,
            "going_out": going_out,
            "hands": hands,
            "penalties": penalties,
            "contract": 0,
            "opening": opening,
        }
        return melds, item, errors, facts

    def _check_opening(
        self,
        state: MatchState,
        deal: ContractSambaCards,
        s: int,
        entry: SideCards,
        melds: tuple[Meld, ...],
        rules: FamilyRules,
        contract: Contract | None,
    ) -> tuple[int | None, list[RuleError], list[Fact]]:
        """31.3 for the declarer (``contract`` given), 31.5 for anyone else."""
        base = f"teams.{s}"
        path = f"{base}.opening"
        parts, errors = self._opening_parts(
            entry, melds, rules, base, deal.went_out is not None, deal
        )
        if parts is None:
            return None, errors, []
        _, errs, _ = check_opening(parts, melds, 0, path=path, side=s)
        errors.extend(errs)
        points = sum(p.points for p in parts)
        need = self.requirement(state, s, entry.insufficient_openings)
        who = "the declarer" if contract is not None else "the side"
        if any(p.is_canasta for p in parts):
            fact = Fact("opening_canasta", f"{who} opened with a canasta", s, points)
            return points, errors, [fact]
        by_type = contract is not None and contract.bid.level >= 4
        if by_type and any(opens_by_type(p, contract.bid.type) for p in parts):
            kind = TYPE_OPENINGS[contract.bid.type]
            fact = Fact("opening_by_type", f"{who} opened with {kind}", s, points)
            return points, errors, [fact]
        if points < need:
            also = (
                f", {TYPE_OPENINGS[contract.bid.type]}"
                if contract is not None and contract.bid.level >= 4
                else ""
            )
            errors.append(
                RuleError(
                    path,
                    "opening_requirement_not_met",
                    f"the opening counts {points}; {who} opens with {need}{also} "
                    "or a complete canasta",
                )
            )
            return points, errors, []
        if contract is None:
            for i, part in enumerate(parts):
                if part.kind == RANK_MELD and part.rank == "2" and part.naturals < 5:
                    errors.append(
                        RuleError(
                            f"{path}.{i}",
                            "twos_opening_needs_five",
                            "a meld of twos in an opening needs at least five twos "
                            f"({part.naturals} entered)",
                        )
                    )
        fact = Fact("opening_met", f"opening requirement {need} met with {points}", s)
        return points, errors, [fact]

    def _check_going_out(
        self,
        melds: tuple[Meld, ...],
        entry: SideCards,
        contract: Contract | None,
        declarer_side: bool,
        base: str,
    ) -> list[RuleError]:
        if not declarer_side:
            return check_going_out(melds, self.rules.going_out, path=f"{base}.melds")
        bid = contract.bid
        # What lay on the table when the player went out (31.9 read with 31.10):
        # bonuses and melded red threes, and from level five the card points.
        reached = sum(canasta_bonus(m, self.rules.bonuses) for m in melds)
        reached += RED_THREE_MELDED * len(entry.red_threes)
        if bid.level >= 5:
            reached += sum(m.points for m in melds)
        if reached >= bid.points:
            return []
        return [
            RuleError(
                "went_out",
                "contract_not_reached",
                f"the declarer side goes out once it has its {bid.points}; it had "
                f"{reached} on the table",
            )
        ]

    def _settle(
        self,
        contract: Contract,
        deal: ContractSambaCards,
        sides: list[dict[str, Any]],
        melds_of: list[tuple[Meld, ...]],
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
                Fact("contract_void", f"the stock ran out: {contract.text} is void", s)
            )
        elif made:
            bonus = factor * bid.points // 2
            item["contract"] = bonus
            facts.append(
                Fact(
                    "contract_made",
                    f"{contract.text} made with {count}: {bonus}",
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
                    f"{contract.text} set with {count} of {bid.points}: {bonus} to "
                    "the opponents",
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
