"""Contract Samba's deal: the rules it plays the family by, the options, the sides'
cards and the contract bid (the game is in games.rules.canasta.contract_samba)."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field

from games.engine.cards import Suit
from games.engine.decks import TRIPLE_54
from games.engine.inputs import PER_SIDE, CardList, CardShortcuts, FrozenModel
from games.engine.text import Text, msg
from games.rules.canasta.auction import (
    SUIT_OF_TYPE,
    Bid,
    CallField,
)
from games.rules.canasta.deal_input import (
    NATURAL_RANKS,
    CardsDeal,
    SideCards,
    natural_canasta,
)
from games.rules.canasta.going_out import GoingOutRule
from games.rules.canasta.melds import (
    CYCLIC_SEQUENCE_RANKS,
    RANK_MELD,
    SEQUENCE,
    CanastaBonuses,
    Meld,
    MeldRules,
)
from games.rules.canasta.openings import (
    CONTRACT_SAMBA_ZONES,
)
from games.rules.canasta.red_threes import RedThreeRule
from games.rules.canasta.tables import FamilyRules
from games.rules.canasta.values import hand_points_table

TARGET = 20000


FAILED_OPENING_PENALTY = 1000


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
    # 31.8: a melded red three is -300, whatever the side has.
    red_threes=RedThreeRule(each=300, all_count=None, all_value=None, melded=True),
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


TwosOrRankMeld = Annotated[
    CardList, CardShortcuts(natural_canasta(("2", *NATURAL_RANKS)))
]


# Canasta's side, whose natural canasta may also be of twos (§31.6: a canasta meld
# of twos, jokers its only wild cards). The docstring is the form's help: Canasta's.
class ContractSambaSide(SideCards):
    """One side's cards at the end of a deal (card entry)."""

    melds: tuple[TwosOrRankMeld, ...] = Field(
        (), description="Every meld of the side, as it lies at the end of the deal."
    )


class ContractSambaCards(CardsDeal):
    """Card entry: the auction, then Canasta's entry of melds, red threes, hands."""

    teams: Annotated[tuple[ContractSambaSide, ContractSambaSide], PER_SIDE]

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


@dataclass(frozen=True, slots=True)
class Contract:
    """The contract that stood after the failed openings."""

    bid: Bid
    doubled: bool

    @property
    def side(self) -> int:
        return self.bid.seat % 2

    @property
    def text(self) -> Text:
        """The contract inside a sentence: ``5 clubs doubled``."""
        if self.doubled:
            return msg("{bid} doubled", bid=self.bid.words)
        return self.bid.words


TYPE_OPENINGS = {
    "clubs": msg("three consecutive clubs"),
    "diamonds": msg("three consecutive diamonds"),
    "hearts": msg("three consecutive hearts"),
    "spades": msg("three consecutive spades"),
    "canasta": msg("four cards of one rank"),
    "twos": msg("four twos"),
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
