"""The rules engine: cards, decks, the game interface, the registry. Pure Python."""

from games.engine.errors import (
    DealRejected,
    InputRejected,
    OptionsRejected,
    RuleError,
    SetupRejected,
    UnknownGame,
)
from games.engine.game import (
    ContextRow,
    DealRecord,
    DealScore,
    Fact,
    FoldedMatch,
    Game,
    IndividualScoring,
    MatchGoal,
    MatchState,
    NextDeal,
    Table,
)
from games.engine.registry import all_games, get_game, register
from games.engine.text import Seat, Side, Text, msg

__all__ = [
    "ContextRow",
    "DealRecord",
    "DealRejected",
    "DealScore",
    "Fact",
    "FoldedMatch",
    "Game",
    "IndividualScoring",
    "InputRejected",
    "MatchGoal",
    "MatchState",
    "NextDeal",
    "OptionsRejected",
    "RuleError",
    "Seat",
    "SetupRejected",
    "Side",
    "Table",
    "Text",
    "UnknownGame",
    "all_games",
    "get_game",
    "msg",
    "register",
]
