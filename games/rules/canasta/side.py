"""The one scorer of a card-entry deal of the Canasta family, and of each side.

Every game of the family scores a card-entry deal here, through the same steps:
the game's own checks of the deal (:meth:`~.family.CanastaFamilyGame.check_deal`:
Contract Samba's auction), the deck, each side (:func:`score_side`: melds, canasta
and samba bonuses, red threes, hands, going out, the opening, penalties), then the
game's own items (:meth:`~.family.CanastaFamilyGame.finish_deal`: Hand and Foot's
feet, Contract Samba's contract). Games differ by their tables
(:class:`~.tables.FamilyRules`) and a few hooks, never by a second copy of a step.

Invariants:

* every error of a deal is reported, each at the path of the field as entered
  (``teams.1.melds.2``), in the order of the steps above;
* the common case is also the fast one: each check is a cheap test that holds for a
  legal deal, and the error's path and message are built only when it fails; what
  depends only on the rules (facts of canastas, red threes, going out; hand
  values) comes from :func:`~.tables.tables_for`;
* a side's score is the sum of its items, and the deal's detail lists them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple

from games.engine.cards import Card
from games.engine.decks import check_deck, deck_overfull
from games.engine.errors import DealRejected, RuleError
from games.engine.game import DealScore, Fact, MatchState, Table
from games.engine.melds import going_out_error
from games.engine.text import Text, msg
from games.engine.wording import all_of
from games.rules.canasta.going_out import (
    HAND_WORDING,
    MAY_I_GO_OUT_PENALTY,
    may_i_go_out_fact,
)
from games.rules.canasta.melds import RANK_MELD, SEQUENCE, Meld, check_side_melds
from games.rules.canasta.red_threes import red_three_points, red_threes_fact
from games.rules.canasta.tables import FamilyRules, ScoringTables, tables_for
from games.rules.canasta.values import RED_THREES, sum_of

if TYPE_CHECKING:
    from games.rules.canasta.family import CanastaFamilyGame


@dataclass(slots=True, eq=False)
class DealScoring:
    """One card-entry deal being scored: what it is scored against, and the errors
    and facts found so far, in order."""

    game: CanastaFamilyGame
    state: MatchState
    deal: Any  # the game's card entry (a model, or the reader's record)
    rules: FamilyRules
    tables: ScoringTables
    errors: list[RuleError]
    facts: list[Fact]
    found: Any = None  # what the game's check_deal found (Contract Samba: contract)


class SideTurn(NamedTuple):
    """One side as its hooks see it (going out, the opening)."""

    index: int
    path: str  # teams.<index>
    melds_path: str  # teams.<index>.melds
    entry: Any  # the side's cards as entered (a model, or the reader's record)
    melds: tuple[Meld, ...]  # its legal melds
    valid: bool  # every meld entered is legal
    went_out: bool  # a player of the side went out
    counts: tuple[int, int, int]  # (canastas, natural canastas, sambas)


# A named tuple built without its Python-level __new__ (as its ``_make`` does).
_tuple_new = tuple.__new__


def score_cards(game: CanastaFamilyGame, state: MatchState, deal: Any) -> DealScore:
    """Verify and score a card-entry deal; :class:`DealRejected` lists every error."""
    rules = game.rules_for(state.options)
    scoring = DealScoring(game, state, deal, rules, tables_for(rules), [], [])
    game.check_deal(scoring)
    scoring.errors.extend(deck_errors(rules, deal, game.extra_piles(deal)))
    went_out = deal.went_out
    seats = state.table.seats
    if went_out is not None and went_out >= len(seats):
        # The input allows the seats of the largest table; this match's may be
        # smaller (Canasta for two, ch 27).
        scoring.errors.append(
            RuleError(
                "went_out",
                "no_such_seat",
                msg(
                    "went_out names seat {seat}, but this table has seats 0–{last} "
                    "(§28.5)",
                    seat=went_out,
                    last=len(seats) - 1,
                ),
            )
        )
        went_out = None
    went_side = None if went_out is None else seats[went_out]
    partners = _partners(state.table)
    sides = [
        score_side(scoring, side, entry, partners[side], went_side == side)
        for side, entry in enumerate(deal.teams)
    ]
    detail = game.finish_deal(scoring, sides)
    if scoring.errors:
        raise DealRejected(scoring.errors)
    points = tuple(side["total"] for side in detail["sides"])
    return DealScore(points, tuple(scoring.facts), True, detail)


def deck_errors(
    rules: FamilyRules, deal: Any, extra: Sequence[tuple[str, Iterable[Card]]]
) -> list[RuleError]:
    """Every card entered more often than the deck holds: melds, red threes and
    hands of both sides, then the game's other piles (feet, discard pile)."""
    a, b = deal.teams
    cards = chain(
        *a.melds,
        a.red_threes,
        *a.hands,
        *b.melds,
        b.red_threes,
        *b.hands,
        *(pile for _, pile in extra),
    )
    if not deck_overfull(rules.deck, cards):
        return []
    piles: list[tuple[str, Iterable[Card]]] = []
    for s, entry in enumerate(deal.teams):
        for i, meld in enumerate(entry.melds):
            piles.append((f"teams.{s}.melds.{i}", meld))
        piles.append((f"teams.{s}.red_threes", entry.red_threes))
        for i, hand in enumerate(entry.hands):
            piles.append((f"teams.{s}.hands.{i}", hand))
    piles.extend(extra)
    return check_deck(rules.deck, piles)


_PARTNERS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def _partners(table: Table) -> tuple[tuple[int, ...], ...]:
    """The seats of each side, remembered per seating (there are a handful)."""
    partners = _PARTNERS.get(table.seats)
    if partners is None:
        partners = tuple(map(table.seats_of, range(table.side_count)))
        _PARTNERS[table.seats] = partners
    return partners


# Each side's path and the path of its melds (built once, not for every deal).
_PATHS = tuple((f"teams.{s}", f"teams.{s}.melds") for s in range(2))


def score_side(
    scoring: DealScoring,
    side: int,
    entry: Any,
    seats: tuple[int, ...],
    went_out_here: bool,
) -> dict[str, Any]:
    """Verify and score one side: its items (the deal's detail), errors and facts
    appended to ``scoring``."""
    rules, tables, deal = scoring.rules, scoring.tables, scoring.deal
    errors, facts = scoring.errors, scoring.facts
    base, melds_path = _PATHS[side]
    melds, errs = check_side_melds(
        entry.melds, rules.melds, path=melds_path, may_meld_black_threes=went_out_here
    )
    if errs:
        errors.extend(errs)
    opened = bool(entry.melds)
    valid = len(melds) == len(entry.melds)

    # Card points, and the bonuses of canastas and sambas (in meld order).
    meld_points = bonuses = canastas = naturals = sambas = 0
    for meld in melds:
        meld_points += meld.points
        if len(meld.cards) < 7:
            continue
        if meld.kind == RANK_MELD:
            canastas += 1
            naturals += not meld.wilds
            bonus, by_side = tables.canastas[meld.rank, not meld.wilds]
            if bonus:
                bonuses += bonus
                facts.append(by_side[side])
        elif meld.kind == SEQUENCE:
            sambas += 1
            bonus = rules.bonuses.samba
            if bonus:
                bonuses += bonus
                facts.append(Fact("samba", _sequence_text(meld, bonus), side, bonus))

    red_points = 0
    if entry.red_threes:
        complete = canastas + sambas
        red_points = _red_threes(
            scoring, side, entry.red_threes, base, opened, complete
        )

    # Hands: one pass sums them all (a red three that must not be held is missing
    # from the values); any doubt, and the hands are gone through for the errors.
    hands = entry.hands
    went_out = deal.went_out
    if len(hands) != len(seats):
        hand_total = 0
        errors.append(_hands_count_error(base, len(hands), seats))
    else:
        try:
            if len(seats) == 2:
                first, second = seats
                hand, other = hands
                hand_total = sum_of(tables.hand_values, (*hand, *other))
                held_right = (went_out == first) != bool(hand) and (
                    went_out == second
                ) != bool(other)
            else:
                hand_total = sum_of(tables.hand_values, tuple(chain(*hands)))
                held_right = all(
                    (went_out == seat) != bool(hand)
                    for seat, hand in zip(seats, hands, strict=True)
                )
        except KeyError:
            held_right = False
        if not held_right:
            hand_total = _hand_errors(scoring, base, hands, seats)

    counts = (canastas, naturals, sambas)
    turn = _tuple_new(
        SideTurn, (side, base, melds_path, entry, melds, valid, went_out_here, counts)
    )
    going_out = 0
    if went_out_here:
        if valid:
            errors.extend(scoring.game.going_out_errors(scoring, turn))
        going_out = rules.going_out_bonus
        facts.append(tables.went_out[side])
        if deal.concealed and rules.concealed_bonus:
            going_out += rules.concealed_bonus
            facts.append(tables.concealed[side])

    opening = scoring.game.score_opening(scoring, turn)
    laid_out = rules.red_threes is not None and not rules.red_threes.melded
    if not opened and red_points < 0 and laid_out:
        facts.append(tables.not_opened[side])

    penalties = -MAY_I_GO_OUT_PENALTY * entry.may_i_go_out_penalties
    if penalties:
        facts.append(may_i_go_out_fact(penalties, side))
    return {
        "melds": meld_points,
        "bonuses": bonuses,
        "red_threes": red_points,
        "going_out": going_out,
        "hands": -hand_total,
        "penalties": penalties,
        "opening": opening,
        "total": meld_points
        + bonuses
        + red_points
        + going_out
        - hand_total
        + penalties,
    }


def _red_threes(
    scoring: DealScoring,
    side: int,
    reds: Sequence[Card],
    base: str,
    opened: bool,
    complete: int,
) -> int:
    """What a side's red threes count (§28.6.3): laid out, never held or melded with
    other cards (Contract Samba: melded, always against the side)."""
    errors = scoring.errors
    if not RED_THREES.issuperset(reds):
        for i, card in enumerate(reds):
            if card not in RED_THREES:
                errors.append(
                    RuleError(
                        f"{base}.red_threes.{i}",
                        "not_a_red_three",
                        msg("{card} is not a red three", card=card.code),
                    )
                )
    rule = scoring.rules.red_threes
    if rule is None:
        errors.append(
            RuleError(
                f"{base}.red_threes",
                "red_threes_not_laid_out",
                "in this game red threes are not laid out",
            )
        )
        return 0
    positive = rule.positive(opened, complete)
    found = scoring.tables.red_threes.get((len(reds), positive))
    if found is None:  # more than the deck holds (the deck check says so)
        points = red_three_points(len(reds), rule, positive=positive)
        scoring.facts.append(red_threes_fact(len(reds), points, side, rule))
        return points
    points, by_side = found
    scoring.facts.append(by_side[side])
    return points


def _sequence_text(meld: Meld, bonus: int) -> Text:
    """``samba 8♥–A♥: 1500``."""
    low = f"{meld.ranks[0]}{meld.suit.symbol}"
    high = meld.ranks[-1]
    if meld.is_samba:
        return msg("samba {low}–{high}: {bonus}", low=low, high=high, bonus=bonus)
    return msg("sequence {low}–{high}: {bonus}", low=low, high=high, bonus=bonus)


def _hands_count_error(base: str, count: int, seats: tuple[int, ...]) -> RuleError:
    players = len(seats)
    if players > 1:
        wrong = msg(
            "hands holds one hand per player of the side: {players} "
            "(seats {seats}), not {count} (§28.5)",
            players=players,
            seats=all_of(seats),
            count=count,
        )
    else:
        wrong = msg(
            "hands holds one hand per player of the side: {players} "
            "(seat {seats}), not {count} (§28.5)",
            players=players,
            seats=all_of(seats),
            count=count,
        )
    return RuleError(f"{base}.hands", "hands_per_player", wrong)


def _hand_errors(
    scoring: DealScoring,
    base: str,
    hands: Sequence[Sequence[Card]],
    seats: tuple[int, ...],
) -> int:
    """The errors of a side's hands, partner by partner; their cost."""
    rule = scoring.rules.red_threes
    laid_out = rule is not None and not rule.melded
    values = scoring.rules.hand_points
    went_out = scoring.deal.went_out
    total = 0
    for i, hand in enumerate(hands):
        if laid_out and not RED_THREES.isdisjoint(hand):
            for k, card in enumerate(hand):
                if card in RED_THREES:
                    scoring.errors.append(
                        RuleError(
                            f"{base}.hands.{i}.{k}",
                            "red_three_in_hand",
                            "a red three is laid out at once, never kept in hand",
                        )
                    )
        error = going_out_error(
            f"{base}.hands.{i}", seats[i], hand, went_out, HAND_WORDING
        )
        if error is not None:
            scoring.errors.append(error)
        total += sum(values.get(card, 0) for card in hand)
    return total
