"""Money on pages of the layers below: ``{% player_balances player season as b %}``.

The score book's player page shows the player's money without the score book
importing money: its template loads this library (templates are the top of the
stack, like the URLs), the view passes only the player and the season.
"""

from __future__ import annotations

from typing import Any

from django import template

from money.selectors.players import player_balances_get as _player_balances
from scoring.models import Player

register = template.Library()


@register.simple_tag(takes_context=True)
def player_balances(
    context: Any, player: Player, season: int | None = None
) -> list[dict[str, Any]]:
    return _player_balances(context.get("user"), player, season=season)
