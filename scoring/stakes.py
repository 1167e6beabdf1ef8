"""What the score book allows a match to carry as its stake (book §1.2).

A match stores its stake (``point_value`` per point in ``currency``); the money app
settles it. The book's refusals at the moment a match is started are the score
book's own check, so that ``match_start`` needs nothing from the layer above:

* a currency must be an ISO 4217 code (``unknown_currency`` on ``currency``);
* a per-point stake on a game that declares win/loss only (``stakes_per_point =
  False``) is refused (``stake_on_win_loss_game`` on ``point_value``): its margin
  makes no difference, it is played for a flat stake per match won (set on the
  money side).

The money core (:class:`money.settlement.PointStake`) checks the same when it
settles, for a stake stored before a game's declaration changed.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext

from games.engine import Game
from scoring.currencies import CURRENCIES
from scoring.errors import DomainError


def match_stake_check(
    *, game: Game, point_value: Decimal | None, currency: str
) -> None:
    """Refuse what §1.2 refuses of a new match's stake (400 naming the field).

    ``point_value`` and ``currency`` are already in shape (a positive decimal, three
    upper-case letters: :func:`scoring.services._stake`).
    """
    if currency and currency not in CURRENCIES:
        raise DomainError(
            "unknown_currency",
            gettext("Unknown currency code %(currency)r.") % {"currency": currency},
            "currency",
        )
    if point_value is not None and not game.stakes_per_point:
        raise DomainError(
            "stake_on_win_loss_game",
            gettext(
                "%(name)s is played for win/loss only (book §1.2): the "
                "margin makes no difference, so it cannot be played for a "
                "value per point. Use a flat stake per match won."
            )
            % {"name": gettext(game.name)},
            "point_value",
        )
