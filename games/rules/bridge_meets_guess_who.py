"""Bridge Meets Guess Who: two humans, two androids, poker chips; who cannot pay
loses.

Source: ``001_b57793035adc3f64.txt §10`` (book lines 842–921): 10.1 the chips
(55 units each), 10.2 the rake (lines 862–866), 10.2.1 the auction, 10.2.2 the
androids' commands and error messages, 10.2.3 the scoring and the bank's loans
(lines 898–911), 10.3 the questions (lines 912–916).

A chip game on :mod:`games.engine.chips` and a contract game on
:mod:`games.engine.tricks`: each deal is two **steps** of payments on a
:class:`~games.engine.chips.ChipLedger` whose shortfall rule is
:attr:`~games.engine.chips.OnShortfall.LOSES` — the rake (each human pays 5 to the
bank) and the rest of the deal (questions, error messages, the contract). The bank
lends inside a deal and is repaid at its end (10.2.3), so only the second step's
net must be payable; what a player cannot pay the bank covers and that player has
lost. The contract is a :class:`~games.engine.tricks.Contract` (level 7–13 as
bid, promising that many tricks; strains clubs < diamonds < hearts < spades < no
trump), its tricks checked by :func:`~games.engine.tricks.side_tricks`.

Terms:

* **player** 0 and 1, the humans; each is a side of their own with the android
  they cannot see (seats as sides ``(0, 1)``).
* **rake** — 5 units each human pays the bank at the start of every deal (10.2).
* **contract** — the highest bid: a number 7–13 (the tricks promised) and a
  strain; **doubled** doubles every contract payment (10.2.3).
* **made** — the declarer's team took at least the promised tricks: the opponent
  pays 5 × (promised − 6) + (tricks taken − 6). **Failed** — the declarer pays 5
  per missing trick.
* **all pass** — no bid: scored as if the side with more tricks had bid seven no
  trump (10.2.3).
* **question** and **error message** — each costs the player who asked (or whose
  android partner answered a command with an error message) 1 unit to the human
  opponent (10.2.2, 10.3).

Readings (also in ``docs/games/bridge-meets-guess-who.md``):

* Points are the chips won from the opponent (the deal's player-to-player net,
  summing to zero); the rake goes to the bank and is kept in the ledger, shown on
  the sheet as each player's chips. For money (``chips_are_money``) the two agree:
  both players pay the same rake, so §1.2's average method on the chips held and
  the player-to-player nets give the same transfers.
* "Cannot afford to make a required payment" (10.2.3) is read at the end of a deal
  (the bank lends during it): a player whose chips do not cover the deal's net has
  lost. So has a player left with fewer chips than the next deal's rake — the
  next deal cannot start. If both cannot, the one with more chips wins; equal,
  both share the win.
* The scorer enters the count of questions and error messages per player, not
  each one; questions are never refused (the player could always borrow).

Invariants: every deal's payments move chips only (player to player, players to
the bank), so the chips of the players, the bank's rake and its loans always add
up to 2 × 55; the points of a deal sum to zero; a made contract pays at least 6
(5 + 1) and at most 2 × (35 + 7); the match ends exactly when a player has lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, field_validator

from games.engine import (
    ContextRow,
    DealRejected,
    DealScore,
    Fact,
    Game,
    MatchState,
    NextDeal,
    RuleError,
    register,
)
from games.engine.chips import (
    BANK,
    ChipLedger,
    ChipRules,
    OnShortfall,
    Payments,
    Transfer,
    each_pays,
)
from games.engine.decks import STANDARD_52
from games.engine.game import Table
from games.engine.inputs import (
    COUNT,
    PER_SIDE,
    FrozenModel,
    SeatField,
    applies_when,
    contract_grid,
    derived_pair,
)
from games.engine.text import msg, msgn
from games.engine.tricks import (
    BOOK_TRICKS,
    Contract,
    deal_tricks,
    seat_role,
    side_tricks,
)
from games.engine.tricks.strains import STRAIN_WORDS

PLAYERS = 2
TRICKS = deal_tricks(52, 4)  # 10.2: four hands of 13
START = 55  # 10.1: "Both human players are given 55 units"
RAKE = 5  # 10.2: "both human players pay a 5 unit rake to the bank"
PER_LEVEL = 5  # 10.2.3: "Five units for seven tricks, ten units for eight …"
PER_MISSING = 5  # 10.2.3: "five units … for each trick missing"
PER_QUESTION = 1  # 10.3; and 10.2.2, per error message
ALL_PASS = Contract(
    7 - BOOK_TRICKS, "no_trump"
)  # 10.2.3: "as if … had bid seven no trump"

Strain = Literal["clubs", "diamonds", "hearts", "spades", "no_trump"]
# A count the scorer may leave empty (none asked); read as 0.
Count = Annotated[int, Field(ge=0, le=1000)] | None
# The contract's fields apply only when a human bid (the declarer is entered).
BID = applies_when("declarer", *range(PLAYERS))


class BridgeMeetsGuessWhoOptions(FrozenModel):
    """The book's chips; clubs that play longer or shorter games set them."""

    start: int = Field(
        START, ge=RAKE, le=100_000, description="Chips each human starts with (10.1)."
    )
    rake: int = Field(
        RAKE, ge=0, le=1000, description="Units each human pays the bank a deal (10.2)."
    )


class BridgeMeetsGuessWhoDeal(FrozenModel):
    """One deal as entered: the contract (or none), the tricks, and what each
    player paid along the way."""

    # A form asks for the level and the strain with one tap on a grid.
    model_config = ConfigDict(json_schema_extra=contract_grid())

    declarer: Annotated[SeatField, Field(le=1), seat_role("declarer")] | None = Field(
        None, description="The human who bid the contract; empty if both passed."
    )
    level: Annotated[int, Field(ge=7, le=13)] | None = Field(
        None,
        description="Tricks promised, 7–13; empty if both passed.",
        json_schema_extra={COUNT: "buttons", **BID},
    )
    strain: Strain | None = Field(
        None,
        description="Trumps, or no trump; empty if both passed.",
        json_schema_extra=BID,
    )
    doubled: bool = Field(
        False,
        description="The contract was doubled (10.2.1).",
        json_schema_extra=BID,
    )
    tricks: tuple[
        Annotated[int, Field(ge=0, le=TRICKS)], Annotated[int, Field(ge=0, le=TRICKS)]
    ] = Field(
        description="Tricks per team [player 1 + android, player 2 + android].",
        # A form asks for player 1's team's tricks; the other took the rest.
        json_schema_extra=derived_pair(TRICKS),
    )
    questions: Annotated[tuple[Count, Count], PER_SIDE] = Field(
        (0, 0), description="Questions each player asked, 1 unit each (10.3)."
    )
    error_messages: Annotated[tuple[Count, Count], PER_SIDE] = Field(
        (0, 0),
        description="Error messages of each player's android partner, 1 unit each "
        "(10.2.2).",
    )

    @field_validator("questions", "error_messages")
    @classmethod
    def _empty_is_none(cls, counts: tuple[int | None, ...]) -> tuple[int, ...]:
        return tuple(n or 0 for n in counts)


@dataclass(frozen=True, kw_only=True)
class BridgeMeetsGuessWhoState(MatchState):
    """``ledger``: each human's chips, the bank's rake and its loans."""

    ledger: ChipLedger


def rake_payments(rake: int) -> Payments:
    """10.2: both humans pay the rake to the bank (a step of its own)."""
    return each_pays(PLAYERS, BANK, rake, payers=range(PLAYERS), reason="rake")


def deal_payments(detail: dict[str, Any]) -> Payments:
    """The deal's second step from its scored ``detail``: questions and error
    messages, then the contract (10.2.2, 10.2.3, 10.3)."""
    transfers = []
    for player in range(PLAYERS):
        opponent = 1 - player
        for what in ("questions", "error_messages"):
            paid = detail[what][player] * PER_QUESTION
            if paid:
                transfers.append(Transfer(player, opponent, paid, what))
    declarer = detail["declarer"]
    amount = detail["contract_chips"]
    if amount > 0:
        transfers.append(Transfer(1 - declarer, declarer, amount, "contract made"))
    elif amount < 0:
        transfers.append(Transfer(declarer, 1 - declarer, -amount, "contract failed"))
    return Payments(PLAYERS, tuple(transfers))


def contract_chips(contract: Contract, taken: int) -> int:
    """What the opponent pays the declarer (negative: what the declarer pays)."""
    if contract.made(taken):
        paid = PER_LEVEL * (contract.promised - BOOK_TRICKS) + (taken - BOOK_TRICKS)
        return paid * contract.multiplier
    return -PER_MISSING * contract.missing(taken) * contract.multiplier


@register
class BridgeMeetsGuessWho(Game):
    slug = "bridge-meets-guess-who"
    name = "Bridge Meets Guess Who"
    source = "001_b57793035adc3f64.txt §10"
    summary = (
        "Bridge for two with androids, for poker chips: a 5-unit rake, contracts "
        "paid in chips, 1 unit a question; who cannot pay loses."
    )
    Options = BridgeMeetsGuessWhoOptions
    deal_input = BridgeMeetsGuessWhoDeal
    State = BridgeMeetsGuessWhoState
    deck = STANDARD_52
    tables = (tuple(range(PLAYERS)),)
    chips_are_money = True

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = ("contract_made", "contract_failed", "all_pass")

    def initial_fields(
        self, options: BridgeMeetsGuessWhoOptions, table: Table
    ) -> dict[str, Any]:
        rules = ChipRules(start=options.start, on_shortfall=OnShortfall.LOSES)
        return {"ledger": ChipLedger.start(PLAYERS, rules)}

    def verify_and_score(
        self, state: BridgeMeetsGuessWhoState, deal: BridgeMeetsGuessWhoDeal
    ) -> DealScore:
        errors: list[RuleError] = []
        per_side = side_tricks(deal.tricks, errors, sides=(0, 1), tricks=TRICKS)
        fields = {"declarer": deal.declarer, "level": deal.level, "strain": deal.strain}
        given = [name for name, value in fields.items() if value is not None]
        if given and len(given) < len(fields):
            missing = {
                "declarer": msg(
                    "enter the contract's declarer too, or leave the contract empty "
                    "if both passed (§10.2.1)"
                ),
                "level": msg(
                    "enter the contract's level too, or leave the contract empty if "
                    "both passed (§10.2.1)"
                ),
                "strain": msg(
                    "enter the contract's strain too, or leave the contract empty if "
                    "both passed (§10.2.1)"
                ),
            }
            for name, value in fields.items():
                if value is None:
                    errors.append(RuleError(name, "contract_incomplete", missing[name]))
        if deal.doubled and not given:
            errors.append(
                RuleError(
                    "doubled",
                    "double_without_bid",
                    "a double requires that the opponent has made a bid (§10.2.1)",
                )
            )
        if errors or per_side is None:
            raise DealRejected(errors)
        facts = []
        if given:
            declarer = deal.declarer
            contract = Contract(
                deal.level - BOOK_TRICKS, deal.strain, int(deal.doubled)
            )
        else:
            declarer = 0 if per_side[0] > per_side[1] else 1
            contract = ALL_PASS
            facts.append(
                Fact(
                    "all_pass",
                    # "player N" counted from 1: the two players are no seats of
                    # a side, so no Seat (which a sheet would name).
                    msg(
                        "both passed: player {declarer} took more tricks and scores "
                        "as if seven no trump had been bid",
                        declarer=declarer + 1,
                    ),
                    declarer,
                )
            )
        taken = per_side[declarer]
        chips = contract_chips(contract, taken)
        detail = {
            "declarer": declarer,
            "level": contract.promised,
            "strain": contract.strain,
            "doubled": bool(contract.doubling),
            "tricks": list(per_side),
            "questions": list(deal.questions),
            "error_messages": list(deal.error_messages),
            "contract_chips": chips,
        }
        params = {"declarer": declarer + 1, "promised": contract.promised}
        if chips > 0:
            params.update(
                strain=STRAIN_WORDS[contract.strain], tricks=taken, chips=chips
            )
            text = (
                msg(
                    "player {declarer} made {promised} {strain} doubled with "
                    "{tricks} tricks: the opponent pays {chips}",
                    **params,
                )
                if contract.doubling
                else msg(
                    "player {declarer} made {promised} {strain} with {tricks} "
                    "tricks: the opponent pays {chips}",
                    **params,
                )
            )
            facts.append(Fact("contract_made", text, declarer, chips))
        else:
            params.update(missing=contract.missing(taken), chips=-chips)
            text = (
                msg(
                    "player {declarer} was {missing} short of {promised} doubled: "
                    "pays {chips}",
                    **params,
                )
                if contract.doubling
                else msg(
                    "player {declarer} was {missing} short of {promised}: pays {chips}",
                    **params,
                )
            )
            facts.append(Fact("contract_failed", text, declarer, chips))
        for player, n in enumerate(detail["questions"]):
            if n:
                facts.append(
                    Fact(
                        "questions",
                        msgn(
                            "player {player}: {count} question",
                            "player {player}: {count} questions",
                            player=player + 1,
                            count=n,
                        ),
                        player,
                        -n,
                    )
                )
        for player, n in enumerate(detail["error_messages"]):
            if n:
                facts.append(
                    Fact(
                        "error_messages",
                        msgn(
                            "player {player}: {count} error",
                            "player {player}: {count} errors",
                            player=player + 1,
                            count=n,
                        ),
                        player,
                        -n,
                    )
                )
        return DealScore(
            points=deal_payments(detail).net(), facts=tuple(facts), detail=detail
        )

    def carry(
        self,
        state: BridgeMeetsGuessWhoState,
        score: DealScore,
        totals: tuple[int, ...],
        finished: bool,
    ) -> dict[str, Any]:
        """The rake and the deal's payments settled, loans repaid; a player out,
        or short of the next rake, ends the match: the other wins, or, both
        losing, the richer."""
        options: BridgeMeetsGuessWhoOptions = state.options
        ledger = (
            state.ledger.settle(rake_payments(options.rake))
            .settle(deal_payments(dict(score.detail)))
            .repay_loans()
        )
        losers = set(ledger.out) or {
            p for p in range(PLAYERS) if ledger.balances[p] < options.rake
        }
        winners: tuple[int, ...] = ()
        if losers:
            if len(losers) == 1:
                winners = tuple(p for p in range(PLAYERS) if p not in losers)
            else:
                best = max(ledger.worth(p) for p in range(PLAYERS))
                winners = tuple(p for p in range(PLAYERS) if ledger.worth(p) == best)
        return {"ledger": ledger, "finished": bool(losers), "winners": winners}

    def leaders(self, state: BridgeMeetsGuessWhoState) -> tuple[int, ...]:
        worth = [state.ledger.worth(p) for p in range(PLAYERS)]
        if worth[0] == worth[1]:
            return ()
        return (0,) if worth[0] > worth[1] else (1,)

    def next_deal(self, state: BridgeMeetsGuessWhoState) -> NextDeal | None:
        if state.finished:
            return None
        ledger = state.ledger
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            context=(
                ContextRow(
                    "chips",
                    "Chips held",
                    "per_side",
                    tuple(ledger.worth(p) for p in range(PLAYERS)),
                ),
                ContextRow(
                    "rake",
                    "Rake to the bank",
                    "text",
                    msg(
                        "{rake} each, before the deal (§10.2)",
                        rake=state.options.rake,
                    ),
                ),
            ),
        )
