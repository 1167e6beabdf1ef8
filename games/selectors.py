"""Reads of the catalogue: the registry's games as plain dicts for pages and the API."""

from __future__ import annotations

from typing import Any

from games.engine import Game, all_games, get_game


def game_summary(game: Game) -> dict[str, Any]:
    return {
        "slug": game.slug,
        "name": game.name,
        "source": game.source,
        "summary": game.summary,
        "deck": game.deck.name if game.deck else None,
        "tables": [list(t) for t in game.tables],
    }


def game_detail(game: Game) -> dict[str, Any]:
    return {
        **game_summary(game),
        "options_schema": game.options_schema(),
        "deal_schema": game.deal_schema(),
    }


def catalogue(*, with_schemas: bool = True) -> list[dict[str, Any]]:
    """Every registered game (the API and the home page read this)."""
    build = game_detail if with_schemas else game_summary
    return [build(g) for g in all_games()]


def game_by_slug(slug: str) -> Game:
    return get_game(slug)
