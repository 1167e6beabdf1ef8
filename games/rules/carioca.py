"""Carioca (Loba): seven hands of contract rummy on 108 cards; deadwood counts, the
lowest score wins.

Source: web page file ``004_b5230d226dbeb56f.txt`` (Carioca, lines 473–532; the
contracts l.493–507, jokers l.509–513, the end of a hand and the scoring l.515–526).
Two to five players, each for themselves; two 52-card decks with their jokers (108).

Terms:

* **hand** — one deal: eleven cards each, twelve in the seventh; its **contract**
  (l.497–503): two trios; a trio and an escalera; two escaleras; three trios; two
  trios and an escalera; a trio and two escaleras; three escaleras.
* **trio** — three (or more, once extended) cards of a rank; **escalera** — four (or
  more) in sequence in one suit, the ace high or low "but not both at the same time".
* **initial meld** — the contract, all at once, "only one joker … per meld"; after
  it a player only extends melds, with as many jokers as they like.
* **deadwood** — the cards left when a player runs out of cards: jokers 50, aces 20,
  face cards 10, others their face value. The player who ran out scores 0.

Entry: who went out and, per player, the cards left in hand (``cards``: checked
against the 108 cards, at most the cards dealt) and optionally the melds the player
laid down (their contract, extended), each a trio or an escalera; or each player's
deadwood value (``totals``).

Readings (``docs/games/carioca.md``): a meld seen at the end of a hand holds at most
one joker more than its naturals allow at the initial meld — a trio at least two
naturals, an escalera at least three (naturals are never taken back; a joker
replaced by its natural card stays in the meld); the melds in front of a player are
the contract exactly (the page lets a player extend, not lay new melds).

Invariants: the player who went out scores 0, every other player at least 2 (a card
counts at least 2); no card is entered more often than the 108 cards hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from games.engine import (
    DealRejected,
    DealScore,
    Game,
    MatchState,
    RuleError,
    Table,
    register,
)
from games.engine.cards import Card
from games.engine.decks import DOUBLE_54
from games.engine.game import ContextRow, Fact, MatchGoal, NextDeal
from games.engine.inputs import PER_SIDE, CardList, FrozenModel, SeatField
from games.engine.melds import (
    CardValues,
    Fault,
    RunRule,
    SetRule,
    Wilds,
    Wording,
    deck_errors,
    fault_errors,
    going_out_error,
    meld_faults,
)
from games.engine.melds.contracts import Contract, contract_error
from games.engine.table_entry import table_entry_errors
from games.engine.text import Seat as SeatRef
from games.engine.text import msg

HANDS = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 5
SECTION = "004 Carioca"
# l.521–524: jokers 50, aces 20, face cards 10, all other cards face value.
CARD_VALUES = CardValues(
    "Carioca",
    {
        **{str(n): n for n in range(2, 11)},
        "J": 10,
        "Q": 10,
        "K": 10,
        "A": 20,
        "Jo": 50,
    },
)


def cards_dealt(hand: int) -> int:
    """l.487: eleven cards, twelve on the seventh and final hand."""
    return 12 if hand == HANDS else 11


def _contract(trios: int, escaleras: int) -> Contract:
    return Contract(trios, escaleras, "trio", "escalera")


# l.497–503, hands 1 to 7.
CONTRACTS = (
    _contract(2, 0),
    _contract(1, 1),
    _contract(0, 2),
    _contract(3, 0),
    _contract(2, 1),
    _contract(1, 2),
    _contract(0, 3),
)
# Naturals are never taken off a meld, and the initial meld holds one joker at most.
TRIO = SetRule(min_length=3, wilds=Wilds(min_naturals=2))
ESCALERA = RunRule(min_length=4, ace_both_ends=False, wilds=Wilds(min_naturals=3))
# The texts name their source (SECTION) as a literal, so the catalogue extracts them.
WORDING: Wording = {
    Fault.TOO_SHORT: (
        "meld_too_short",
        lambda length: msg(
            "a trio is three cards of a rank, an escalera four in a suit, not "
            "{length} (004 Carioca, l.493)",
            length=length,
        ),
    ),
    Fault.TOO_LONG: (
        "not_in_a_row",
        msg("too long for an escalera (004 Carioca, l.493)"),
    ),
    Fault.TOO_FEW_NATURALS: (
        "too_many_jokers",
        msg(
            "one joker per meld at the initial meld: a trio keeps at least two "
            "natural cards, an escalera three (004 Carioca, l.511)"
        ),
    ),
    Fault.MIXED_RANKS: ("mixed_ranks", msg("a trio is one rank (004 Carioca, l.493)")),
    Fault.MIXED_SUITS: (
        "mixed_suits",
        msg("an escalera is one suit (004 Carioca, l.493)"),
    ),
    Fault.REPEATED_RANK: (
        "repeated_rank",
        msg(
            "an escalera holds each rank once, the ace high or low (004 Carioca, l.493)"
        ),
    ),
    Fault.NOT_IN_A_ROW: (
        "not_in_a_row",
        msg("not in sequence, the ace high or low but not both (004 Carioca, l.493)"),
    ),
}

Seat = Annotated[SeatField, Field(le=MAX_PLAYERS - 1)]


class CariocaOptions(FrozenModel):
    pass


class CariocaMeld(FrozenModel):
    kind: Literal["trio", "escalera"] = Field(
        description="trio (three or more of a rank) or escalera (four or more in a "
        "row of one suit)."
    )
    cards: CardList = Field(description="Its cards, with those added to it later.")


class CariocaPlayer(FrozenModel):
    hand: CardList = Field(
        (), description="The cards left in hand (none for the player who went out)."
    )
    melds: tuple[CariocaMeld, ...] | None = Field(
        None,
        description="Optional: the melds this player laid down (the contract, "
        "extended); an empty list: the player did not meld.",
    )


class CariocaCards(FrozenModel):
    mode: Literal["cards"] = "cards"
    went_out: Seat = Field(description="The seat of the player who ran out of cards.")
    players: Annotated[tuple[CariocaPlayer, ...], PER_SIDE] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Every player in seat order: the cards left (and the melds).",
    )


class CariocaTotals(FrozenModel):
    mode: Literal["totals"]
    went_out: Seat = Field(description="The seat of the player who ran out of cards.")
    deadwood: Annotated[
        tuple[Annotated[int, Field(ge=0, le=12 * 50)], ...], PER_SIDE
    ] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Each player's deadwood value (0 for the player who went out).",
    )


@register
class Carioca(Game):
    slug = "carioca"
    name = "Carioca (Loba)"
    source = "004_b5230d226dbeb56f.txt (Carioca, l.473–532; scoring l.515–526)"
    summary = (
        "Seven hands of contract rummy (trios and escaleras) on 108 cards; deadwood "
        "counts (jokers 50, aces 20, faces 10); the lowest score wins."
    )
    Options = CariocaOptions
    deck = DOUBLE_54
    tables = tuple(tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    lower_totals_win = True
    deal_modes = {"cards": CariocaCards, "totals": CariocaTotals}

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("went_out",)

    def default_table(self, options: CariocaOptions) -> Table:
        return Table(tuple(range(4)))

    def verify_and_score(
        self, state: MatchState, deal: CariocaCards | CariocaTotals
    ) -> DealScore:
        seats = len(state.table.seats)
        cards = isinstance(deal, CariocaCards)
        field = "players" if cards else "deadwood"
        entries = deal.players if cards else deal.deadwood
        errors = table_entry_errors(
            seats, field, len(entries), {"went_out": deal.went_out}
        )
        if errors:
            raise DealRejected(errors)
        hand = state.deal_number
        values = self._check_cards(deal, hand) if cards else self._check_totals(deal)
        facts = [
            Fact(
                "went_out",
                msg("{seat} went out: 0", seat=SeatRef(deal.went_out)),
                deal.went_out,
            )
        ]
        facts += [
            Fact(
                "deadwood",
                msg("{seat}: deadwood {points}", seat=SeatRef(s), points=v),
                s,
                v,
            )
            for s, v in enumerate(values)
            if s != deal.went_out
        ]
        return DealScore(
            points=values,
            facts=tuple(facts),
            verified=cards,
            detail={"went_out": deal.went_out, "hand": hand},
        )

    @staticmethod
    def _check_cards(deal: CariocaCards, hand: int) -> tuple[int, ...]:
        need = CONTRACTS[hand - 1]
        dealt = cards_dealt(hand)
        errors: list[RuleError] = []
        placed: list[tuple[str, Sequence[Card]]] = []
        for seat, player in enumerate(deal.players):
            at = f"players.{seat}"
            error = going_out_error(f"{at}.hand", seat, player.hand, deal.went_out)
            if error:
                errors.append(error)
            if len(player.hand) > dealt:
                errors.append(
                    RuleError(
                        f"{at}.hand",
                        "too_many_cards",
                        msg(
                            "{count} cards: a hand holds at most the {dealt} "
                            "dealt (004 Carioca, l.487)",
                            count=len(player.hand),
                            dealt=dealt,
                        ),
                    )
                )
            placed.append((f"{at}.hand", player.hand))
            if player.melds is None:
                continue
            for m, meld in enumerate(player.melds):
                rule = TRIO if meld.kind == "trio" else ESCALERA
                faults = meld_faults(meld.cards, rule)
                errors += fault_errors(
                    f"{at}.melds.{m}.cards",
                    faults,
                    WORDING,
                    length=len(meld.cards),
                    first_only=True,
                )
                placed.append((f"{at}.melds.{m}.cards", meld.cards))
            if player.melds or seat == deal.went_out:
                kinds = ["set" if m.kind == "trio" else "run" for m in player.melds]
                error = contract_error(
                    f"{at}.melds", kinds, need, f"{SECTION}, l.495–503"
                )
                if error:
                    errors.append(error)
        errors += deck_errors(DOUBLE_54, placed)
        if errors:
            raise DealRejected(errors)
        return tuple(CARD_VALUES.total(p.hand) for p in deal.players)

    @staticmethod
    def _check_totals(deal: CariocaTotals) -> tuple[int, ...]:
        errors = []
        for seat, value in enumerate(deal.deadwood):
            at = f"deadwood.{seat}"
            if seat == deal.went_out and value:
                errors.append(
                    RuleError(
                        at,
                        "points_for_going_out",
                        "the player who ran out of cards scores 0 (004 Carioca, l.517)",
                    )
                )
            elif seat != deal.went_out and value < 2:
                errors.append(
                    RuleError(
                        at,
                        "no_cards_left",
                        "only the player who went out is out of cards; a card left "
                        "counts at least 2 (004 Carioca, l.521–524)",
                    )
                )
        if errors:
            raise DealRejected(errors)
        return deal.deadwood

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        number = state.deal_number
        need = CONTRACTS[number - 1]
        return NextDeal(
            number=number,
            dealer=state.dealer,
            # l.491: "The player to the right of the dealer goes first."
            starting_seat=state.table.next_seat(state.dealer),
            notes=(
                msg(
                    "Deal {count} cards each; turn the top card up.",
                    count=cards_dealt(number),
                ),
                msg(
                    "Contract: {contract}; one joker per meld in the initial meld.",
                    contract=need.text,
                ),
            ),
            context=(
                ContextRow(
                    "hand",
                    "Hand",
                    "text",
                    msg("{number} of {deals}", number=number, deals=HANDS),
                ),
                ContextRow("contract", "Contract", "text", need.text),
            ),
        )

    def match_goal(self, options: CariocaOptions) -> MatchGoal:
        return MatchGoal(deals=HANDS)
