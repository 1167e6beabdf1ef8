"""Going out (§28.5, §30.5, §31.9, §32.5), the hands left, "May I go out?" (§28.6.4).

Terms: **going out** — a player gets rid of the last card; the side needs enough
complete melds on the table first (:class:`GoingOutRule`); **concealed** — the side
opened and went out in the same turn (§28.6.2: +100 in Canasta, nothing in Samba).
Whoever did not go out holds at least one card; the player who went out holds none.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.engine.errors import RuleError
from games.engine.game import Fact
from games.engine.melds import HandWording
from games.engine.text import msg
from games.rules.canasta.melds import Meld, count_complete

MAY_I_GO_OUT_PENALTY = 300  # §28.6.4


@dataclass(frozen=True, slots=True)
class GoingOutRule:
    """What a side needs on the table before one of its players may go out.

    Canasta: one canasta. Samba: two canastas or sambas (``sambas_count``). Hand and
    Foot: five canastas, two natural. Contract Samba's defenders: two canastas (one
    natural) and a samba (``min_sambas``, sambas not counted as canastas).
    """

    min_complete: int = 1
    min_natural: int = 0
    min_sambas: int = 0
    sambas_count: bool = False


def check_going_out(
    melds: Iterable[Meld], rule: GoingOutRule, *, path: str
) -> list[RuleError]:
    return going_out_errors(count_complete(melds), rule, path)


def going_out_errors(
    counts: tuple[int, int, int], rule: GoingOutRule, path: str
) -> list[RuleError]:
    """:func:`check_going_out` from :func:`count_complete`'s counts."""
    canastas, naturals, sambas = counts
    complete = canastas + (sambas if rule.sambas_count else 0)
    if (
        complete >= rule.min_complete
        and naturals >= rule.min_natural
        and sambas >= rule.min_sambas
    ):
        return []
    errors = []
    if complete < rule.min_complete:
        if rule.sambas_count:
            message = msg(
                "a side goes out only with at least {least} canastas or sambas "
                "on the table (it has {has})",
                least=rule.min_complete,
                has=complete,
            )
        else:
            message = msg(
                "a side goes out only with at least {least} canastas "
                "on the table (it has {has})",
                least=rule.min_complete,
                has=complete,
            )
        errors.append(RuleError(path, "going_out_needs_canasta", message))
    if naturals < rule.min_natural:
        errors.append(
            RuleError(
                path,
                "going_out_needs_natural_canasta",
                msg(
                    "a side goes out only with at least {least} natural "
                    "canastas (it has {has})",
                    least=rule.min_natural,
                    has=naturals,
                ),
            )
        )
    if sambas < rule.min_sambas:
        errors.append(
            RuleError(
                path,
                "going_out_needs_samba",
                msg(
                    "a side goes out only with at least {least} sambas (it has {has})",
                    least=rule.min_sambas,
                    has=sambas,
                ),
            )
        )
    return errors


# The family's words for a hand at the end of a deal (the engine checks it:
# games.engine.melds.going_out_error).
HAND_WORDING = HandWording(
    holds_cards=(
        "hand_not_empty",
        lambda seat, went_out: msg(
            "{seat} went out, so their hand is empty", seat=seat
        ),
    ),
    empty=(
        "empty_hand",
        lambda seat, went_out: msg(
            "{seat} did not go out, so they hold at least one card", seat=seat
        ),
    ),
)


def went_out_fact(points: int, side: int) -> Fact:
    return Fact("went_out", msg("went out: {points}", points=points), side, points)


def concealed_fact(points: int, side: int) -> Fact:
    return Fact(
        "concealed",
        msg("opened and went out in one turn: {points}", points=points),
        side,
        points,
    )


def may_i_go_out_fact(penalties: int, side: int) -> Fact:
    return Fact(
        "may_i_go_out",
        msg("“May I go out?” penalty: {points}", points=penalties),
        side,
        penalties,
    )
