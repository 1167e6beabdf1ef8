"""Sleazy's colours: which side is red, the colour card, colour sets (terms: the
package docstring)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import Card
from games.engine.errors import RuleError
from games.engine.text import Side, msg
from games.rules.sleazy.inputs import (
    SleazyCards,
    SleazyOptions,
    SleazyState,
)
from games.rules.sleazy.inputs import (
    number_name as _name,
)


def red_side(
    state: SleazyState, deal: SleazyCards, errors: list[RuleError]
) -> int | None:
    """The side whose colour is red, from the entry or the colour card."""
    options: SleazyOptions = state.options
    card = deal.colour_card
    non_dealer = 1 - state.table.side_of(state.dealer)
    derived = None
    if card is not None and not card.is_joker and not options.magic_hat:
        derived = non_dealer if card.colour.value == "red" else 1 - non_dealer
    if card is not None and card.is_joker:
        errors.append(
            RuleError(
                "colour_card",
                "joker_as_colour_card",
                "the joker is put behind the deck before the colour card is drawn",
            )
        )
    if deal.red is not None:
        if derived is not None and deal.red != derived:
            errors.append(
                RuleError(
                    "red",
                    "colours_contradict_colour_card",
                    msg(
                        "the colour card {card} lies on the non-dealer's side "
                        "({non_dealer}), so {red} is red",
                        card=card.code,
                        non_dealer=Side(non_dealer),
                        red=Side(derived),
                    ),
                )
            )
        return deal.red
    if derived is None and has_pure_pair(deal):
        if options.magic_hat:
            why = msg(
                "enter which side is red to score the pure pairs (with the Magic "
                "Hat the colours may have been swapped)"
            )
        else:
            why = msg(
                "enter which side is red to score the pure pairs (no colour card "
                "was entered)"
            )
        errors.append(RuleError("red", "colours_required", why))
    return derived


def has_pure_pair(deal: SleazyCards) -> bool:
    return any(
        len(p) == 2
        and not p[0].is_joker
        and not p[1].is_joker
        and p[0].rank == p[1].rank
        and p[0].colour is p[1].colour
        for p in deal.pairs
    )


def colour_card_used(path: str) -> RuleError:
    return RuleError(
        path,
        "colour_card_used",
        "the colour card is excluded from the recipes (only a colour set takes "
        "it, in the Colour Set extension)",
    )


def check_colour_set(
    path: str,
    options: SleazyOptions,
    colour_card: Card | None,
    holds_colour_card: bool,
    rank: str | None,
    errors: list[RuleError],
) -> bool:
    """Whether a colour set may score (errors reported otherwise)."""
    if not options.colour_set:
        errors.append(
            RuleError(
                f"{path}.kind",
                "colour_set_not_played",
                "colour sets belong to the Colour Set extension (option colour_set)",
            )
        )
        return False
    if colour_card is None:
        errors.append(
            RuleError(
                "colour_card",
                "colour_card_required",
                "enter the colour card to check the colour set",
            )
        )
        return False
    if not holds_colour_card:
        errors.append(
            RuleError(
                f"{path}.cards",
                "colour_set_without_colour_card",
                msg(
                    "a colour set takes the colour card {card}",
                    card=colour_card.code,
                ),
            )
        )
        return False
    return rank is not None


def check_broken_colour_set(
    options: SleazyOptions,
    cards: Sequence[Card],
    colour_card: Card | None,
    holds_colour_card: bool,
    errors: list[RuleError],
) -> None:
    path = "broken_colour_set"
    if not options.colour_set:
        errors.append(
            RuleError(
                path,
                "colour_set_not_played",
                "broken colour sets belong to the Colour Set extension",
            )
        )
        return
    if len(cards) != 3 or any(c.is_joker for c in cards):
        errors.append(
            RuleError(
                path,
                "broken_colour_set_cards",
                "a broken colour set is the three cards left when its joker leaves",
            )
        )
        return
    if colour_card is None:
        errors.append(
            RuleError(
                "colour_card",
                "colour_card_required",
                "enter the colour card to check the broken colour set",
            )
        )
    elif colour_card.is_joker:
        return  # reported as joker_as_colour_card; it names no number
    elif not holds_colour_card or len({c.rank for c in cards}) != 1:
        errors.append(
            RuleError(
                path,
                "colour_set_without_colour_card",
                msg(
                    "a broken colour set is three {numbers} with the colour card "
                    "{card}",
                    numbers=_name(colour_card.rank),
                    card=colour_card.code,
                ),
            )
        )
