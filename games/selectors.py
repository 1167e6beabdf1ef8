"""Reads of the catalogue: the registry's games as plain dicts for pages and the API."""

from __future__ import annotations

from typing import Any

from games.engine import Game, InputRejected, all_games, get_game
from games.engine.sources import source_title


def game_declarations(game: Game) -> dict[str, Any]:
    """What the game declares for the layers that read it (pages, tournaments,
    money): see ``docs/engine.md``, "What a game declares, and who reads it". The
    match goal is that of the default options."""
    try:
        goal = game.match_goal(game.parse_options(None))
    except InputRejected:
        goal = None  # options without defaults: no goal to show before a choice
    individual = game.individual_scoring
    return {
        "lower_totals_win": game.lower_totals_win,
        "stakes_per_point": game.stakes_per_point,
        "chips_are_money": game.chips_are_money,
        "duplicate_boards": game.duplicate_boards,
        "sheet_difference": game.sheet_difference,
        "team_multiplier": individual.team_multiplier if individual else None,
        "match_goal": None
        if goal is None
        else {"target": goal.target, "deals": goal.deals},
    }


def game_summary(game: Game) -> dict[str, Any]:
    return {
        "slug": game.slug,
        "name": game.name,
        "source": game.source,
        "source_title": source_title(game.source),
        "summary": game.summary,
        "deck": game.deck.name if game.deck else None,
        "tables": [list(t) for t in game.tables],
        "declares": game_declarations(game),
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
