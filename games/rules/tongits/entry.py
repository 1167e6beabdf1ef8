"""Tong-Its: the checks of a hand as entered (the players' lists, the winner, the
cards) and the winner it names."""

from __future__ import annotations

from games.engine import (
    DealRejected,
    RuleError,
)
from games.engine.cards import Card
from games.engine.decks import STANDARD_52
from games.engine.melds import (
    deck_errors,
)
from games.engine.text import Seat as SeatRef
from games.engine.text import msg
from games.rules.tongits.inputs import (
    HAND,
    PLAYERS,
    TongitsCards,
    TongitsTotals,
)


def entry_errors(deal: TongitsTotals | TongitsCards) -> list[RuleError]:
    errors: list[RuleError] = []
    for name in ("challenged", "never_opened"):
        if len(getattr(deal, name)) != PLAYERS:
            errors.append(
                RuleError(
                    name,
                    "wrong_player_count",
                    msg("one entry per player ({players})", players=PLAYERS),
                )
            )
    if isinstance(deal, TongitsCards) and deal.hands is not None:
        if len(deal.hands) != PLAYERS:
            errors.append(
                RuleError(
                    "hands",
                    "wrong_player_count",
                    msg("enter {players} hands", players=PLAYERS),
                )
            )
        errors += hand_errors(deal.hands)
    elif (
        isinstance(deal, TongitsTotals)
        and deal.deadwood is not None
        and len(deal.deadwood) != PLAYERS
    ):
        errors.append(
            RuleError(
                "deadwood",
                "wrong_player_count",
                msg("enter {players} totals", players=PLAYERS),
            )
        )
    if errors:
        return errors
    how = deal.how
    challengers = [s for s, c in enumerate(deal.challenged) if c]
    if how in ("draw", "challenged"):
        if deal.caller is None:
            errors.append(
                RuleError("caller", "caller_required", "who called draw? (l.390)")
            )
        elif not deal.opened[deal.caller]:
            errors.append(
                RuleError(
                    f"never_opened.{deal.caller}",
                    "caller_not_opened",
                    "only a player who has opened may call draw (Tong-Its, Draw, "
                    "l.388)",
                )
            )
    if how == "challenged":
        if not challengers:
            errors.append(
                RuleError(
                    "challenged",
                    "no_challenger",
                    "a challenged draw needs a challenger",
                )
            )
        for s in challengers:
            if s == deal.caller:
                errors.append(
                    RuleError(
                        f"challenged.{s}",
                        "caller_challenges",
                        "the caller cannot challenge their own draw (l.392)",
                    )
                )
            elif not deal.opened[s]:
                errors.append(
                    RuleError(
                        f"never_opened.{s}",
                        "challenger_not_opened",
                        "only a player who has opened may challenge (Tong-Its, Draw, "
                        "l.392)",
                    )
                )
    elif challengers:
        errors.append(
            RuleError(
                "challenged",
                "challenge_without_draw",
                "only a draw is challenged (Tong-Its, Draw, l.392)",
            )
        )
    if how == "stock" and deal.last_drawer is None:
        errors.append(
            RuleError(
                "last_drawer",
                "last_drawer_required",
                "who drew the last card? (Exhausting the stock, l.400)",
            )
        )
    if how == "draw" and deal.winner is not None and deal.winner != deal.caller:
        errors.append(
            RuleError(
                "winner",
                "winner_not_caller",
                "when both fold, the caller wins (Tong-Its, Draw, l.392)",
            )
        )
    if (
        deal.winner is not None
        and how == "challenged"
        and challengers
        and deal.winner != deal.caller
        and deal.winner not in challengers
    ):
        errors.append(
            RuleError(
                "winner",
                "winner_not_compared",
                "after a challenged draw the caller or a challenger wins "
                "(Tong-Its, Draw, l.394)",
            )
        )
    if (
        deal.winner is not None
        and how == "stock"
        and any(deal.opened)
        and not deal.opened[deal.winner]
    ):
        errors.append(
            RuleError(
                "winner",
                "winner_not_compared",
                "at a stock-out only players who opened compare (Exhausting the "
                "stock, l.400)",
            )
        )
    if (
        how == "tongit"
        and deal.winner is not None
        and isinstance(deal, TongitsCards)
        and deal.hands is not None
        and deal.hands[deal.winner]
    ):
        errors.append(
            RuleError(
                f"hands.{deal.winner}",
                "cards_after_tongit",
                "a tongit is called with no cards left in hand (Tongit, l.386)",
            )
        )
    if how == "tongit" and deal.winner is None:
        errors.append(
            RuleError("winner", "winner_required", "who called tongit? (l.386)")
        )
    return errors


def hand_winner(deal: TongitsTotals | TongitsCards, found: int | None) -> int:
    if deal.how == "draw":
        assert deal.caller is not None
        return deal.caller
    if found is None:
        if deal.winner is None:
            raise DealRejected(
                [
                    RuleError(
                        "winner",
                        "winner_required",
                        "enter the winner, or every compared player's deadwood "
                        "(Tong-Its, Draw l.394, Exhausting the stock l.400)",
                    )
                ]
            )
        return deal.winner
    if deal.winner is not None and deal.winner != found:
        raise DealRejected(
            [
                RuleError(
                    "winner",
                    "winner_not_lowest",
                    msg(
                        "{found} wins on deadwood, not {entered} (l.394, l.400)",
                        found=SeatRef(found),
                        entered=SeatRef(deal.winner),
                    ),
                )
            ]
        )
    return found


def hand_errors(hands: tuple[tuple[Card, ...], ...]) -> list[RuleError]:
    errors = [
        RuleError(
            f"hands.{s}",
            "too_many_cards",
            msg(
                "{count} cards: a Tong-Its hand holds at most {most} (l.362)",
                count=len(hand),
                most=HAND,
            ),
        )
        for s, hand in enumerate(hands)
        if len(hand) > HAND
    ]
    return errors + deck_errors(
        STANDARD_52, [(f"hands.{s}", hand) for s, hand in enumerate(hands)]
    )
