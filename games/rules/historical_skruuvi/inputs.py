"""Historical Skruuvi's options, deal input, match state and the book's constants
(§17.1–17.4); see the package docstring."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from games.engine.inputs import (
    COUNT,
    PER_SIDE,
    FrozenModel,
    SideField,
    applies_when,
    derived_pair,
)
from games.engine.skruuvi.contracts import Scale
from games.engine.skruuvi.deal import (
    TRICKS,
    SkruuviDeal,
    TrickCount,
)
from games.engine.skruuvi.family import SkruuviState
from games.engine.tricks import (
    AcesInHand,
    MatchOfGames,
    Rubber,
    TopSequence,
)

SECTION = "§17.4.2"
LOWEST = 4  # 17.3: a bid below four is raised to four
FOUR_PLAYED_AS = (10, 3)  # 17.3: the declarers' and the opponents' tricks
VALUE_UNITS = {"trump": 9, "no_trump": 4}  # 4 aces (+1 trump ace) + trumps 10–K

HISTORICAL = Scale(
    made={4: 1000, 5: 2000, 6: 3000, 7: 4500},
    made_misere={4: 1000, 5: 2000, 6: 3000, 7: 4500},
    made_no_trump={4: 1000, 5: 2000, 6: 3000, 7: 4500},
    first_missing={4: 400, 5: 500, 6: 1100, 7: 1700},
    later_missing={4: 400, 5: 500, 6: 600, 7: 700},
    aces_when_failed=True,  # 17.4.3: made or not
)
GAMES_TO_WIN = 2  # a rubber is two games won (17.2)
OVERTRICK = 200  # 17.4.1, not in a contract of four
ACE_FACTOR = 100  # 17.4.3, 17.4.6: Modern Skruuvi's score × 100


class HistoricalSkruuviOptions(FrozenModel):
    """Variants clubs choose; the defaults are the book's."""

    game_target: int = Field(60, ge=1, le=1000, description="Trick points a game.")
    kotkas: int = Field(4, ge=0, le=20, description="Kotkas after the rubber (17.2).")
    game_bonus: int = Field(
        200,
        ge=0,
        le=10_000,
        description="A side's first game is worth this, its second twice it … "
        "(17.4.5: 200, 400, 600).",
    )
    replay_close: bool = Field(
        True,
        description="A match that ends less than 10 apart is replayed at double "
        "scores (17.5). Off: it ends there.",
    )
    pass_misere_in_kotka: bool = Field(
        True,
        description="A kotka where everyone passes is played as a pass misere "
        "(Modern Skruuvi 15.9). Off: redealt and not entered.",
    )


Side = Annotated[SideField, Field(le=1)]
Units = Annotated[int, Field(ge=0, le=9, json_schema_extra={COUNT: "buttons"})]
# The honours held count only in the trump and no trump contracts (17.4.2).
HOLDING = applies_when("contract", "spades", "clubs", "diamonds", "hearts", "no_trump")


class HistoricalSkruuviDeal(SkruuviDeal):
    """Modern Skruuvi's deal, the tricks optional for an unknocked four (17.3), and
    the honours held after the exchange."""

    tricks: tuple[TrickCount, ...] = Field(
        (),
        description="Tricks taken per side [side 0, side 1] or per seat "
        "[seat 0, 1, 2, 3]; leave out for an unknocked four (not played: 10 + 3).",
        json_schema_extra=derived_pair(TRICKS),
    )
    value_cards: Annotated[tuple[Units, Units], PER_SIDE] | None = Field(
        None,
        description="Trump and no trump contracts: value cards held per side — in "
        "trumps the aces and trumps 10–A, the trump ace counting twice (9 in all); "
        "in no trump the aces (4).",
        json_schema_extra=HOLDING,
    )
    aces_in_hand: tuple[AcesInHand, ...] = Field(
        (),
        description="A hand that held three or four aces.",
        json_schema_extra={"maxItems": 1, **HOLDING},
    )
    sequences: tuple[TopSequence, ...] = Field(
        (),
        description="Top sequences held (A K Q or longer): in trumps the trump "
        "suit's, in no trump every suit's.",
        json_schema_extra={"maxItems": 4, **HOLDING},
    )
    first_to_game: Side | None = Field(
        None,
        description="When both sides reach 60 in this deal: the side whose tricks "
        "got there first (17.2).",
    )


@dataclass(frozen=True, kw_only=True)
class HistoricalSkruuviState(SkruuviState):
    """The match as plain numbers: the rubber (``toward``, ``games``), the kotkas
    played and the games won in them, the stake (doubled per replay)."""

    toward: tuple[int, ...] = (0, 0)
    games: tuple[int, ...] = ()
    kotkas_played: int = 0
    kotka_games: tuple[int, ...] = ()
    stake: int = 1
    replays: int = 0

    @property
    def in_kotkas(self) -> bool:
        """Whether the rubber is won (two games), so the deals are kotkas (17.2)."""
        games = self.games
        return len(games) >= GAMES_TO_WIN and (
            games.count(0) >= GAMES_TO_WIN or games.count(1) >= GAMES_TO_WIN
        )

    @property
    def match(self) -> MatchOfGames:
        options: HistoricalSkruuviOptions = self.options
        return MatchOfGames(
            rubber=Rubber(
                game_target=options.game_target,
                games_to_win=GAMES_TO_WIN,
                toward=self.toward,
                games=self.games,
            ),
            extra_deals=options.kotkas,
            extra_played=self.kotkas_played,
            extra_games=self.kotka_games,
        )
