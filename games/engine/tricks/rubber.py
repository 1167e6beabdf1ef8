"""Games within a rubber, and the games of a match after its rubber.

See :mod:`games.engine.tricks` for the terms and invariants.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

# -- games and rubbers ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rubber:
    """Games within a rubber: ``toward`` holds each side's points toward the
    current game; a side that reaches ``game_target`` wins the game, and both start
    again from zero. ``games`` lists the winner of every game in order; the rubber
    is won by the first side with ``games_to_win`` games (two: §17.2, §18.3)."""

    game_target: int
    games_to_win: int = 2
    sides: int = 2
    toward: tuple[int, ...] = ()
    games: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.toward:
            object.__setattr__(self, "toward", (0,) * self.sides)

    def games_won(self, side: int) -> int:
        return self.games.count(side)

    @property
    def winner(self) -> int | None:
        for side in range(self.sides):
            if self.games_won(side) >= self.games_to_win:
                return side
        return None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def score(
        self, points: Sequence[int], *, first: int | None = None
    ) -> tuple[Rubber, int | None]:
        """Add a deal's trick points; return the rubber after it and the side that
        won a game in it (``None`` if none did). When both sides reach the target in
        one deal, ``first`` names the side that got there first (§17.2)."""
        if self.finished:
            raise ValueError("the rubber is already won")
        toward = tuple(t + p for t, p in zip(self.toward, points, strict=True))
        game = game_winner(toward, self.game_target, first)
        if game is None:
            return replace(self, toward=toward), None
        return (
            replace(self, toward=(0,) * self.sides, games=(*self.games, game)),
            game,
        )


def game_winner(
    reached: Sequence[int], target: int, first: int | None = None
) -> int | None:
    """The side that wins a game with ``reached`` points: the one at ``target`` or
    over; of several, ``first`` if it is one of them (it got there first), else the
    one furthest past (the lower side on a tie)."""
    over = [s for s, p in enumerate(reached) if p >= target]
    if not over:
        return None
    if first in over:
        return first
    return max(over, key=lambda s: (reached[s], -s))


@dataclass(frozen=True, slots=True)
class MatchOfGames:
    """The games within a match after its rubber: a :class:`Rubber`, then
    ``extra_deals`` deals more (Historical Skruuvi's four kotkas, §17.2)."""

    rubber: Rubber
    extra_deals: int = 0
    extra_played: int = 0
    extra_games: tuple[int, ...] = ()

    @property
    def finished(self) -> bool:
        return self.rubber.finished and self.extra_played >= self.extra_deals

    @property
    def in_extra_deals(self) -> bool:
        return self.rubber.finished

    def score(
        self, points: Sequence[int], *, first: int | None = None
    ) -> tuple[MatchOfGames, int | None]:
        """Add a deal: to the rubber until it is won, then as an extra deal (a game
        only for ``game_target`` points in the one deal)."""
        if self.finished:
            raise ValueError("the match is already finished")
        if not self.rubber.finished:
            rubber, game = self.rubber.score(points, first=first)
            return replace(self, rubber=rubber), game
        game = game_winner(points, self.rubber.game_target, first)
        return (
            replace(
                self,
                extra_played=self.extra_played + 1,
                extra_games=self.extra_games
                if game is None
                else (*self.extra_games, game),
            ),
            game,
        )

    def games_won(self, side: int) -> int:
        """All games a side won in the match: the rubber's and the extra deals'."""
        return self.rubber.games_won(side) + self.extra_games.count(side)
