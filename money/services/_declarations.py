"""What a game declares that money reads, for the services of this package: an
unknown game (a slug no longer registered) declares nothing."""

from __future__ import annotations

from games.engine import UnknownGame, get_game


def is_chip_game(slug: str) -> bool:
    try:
        return get_game(slug).chips_are_money
    except UnknownGame:
        return False


def lower_totals_win(slug: str) -> bool:
    """Whether the most points lose in this game (its points count against)."""
    try:
        return get_game(slug).lower_totals_win
    except UnknownGame:
        return False
