"""Canasta: two sides of two, 2 × 54 cards, melds, canastas, red threes, 5000 wins.

Source: ``001_b57793035adc3f64.txt §28`` (28.1 card values, 28.2 melds, 28.5 end of a
deal and scoring, 28.6.2 opening meld and zones, 28.6.3 red threes, 28.6.4 "May I
go out?", 28.6.5 penalties) and §29.8 (the strategy chapter's figures about zones
and red threes).

Terms and the shared machinery are in :mod:`games.rules.canasta`. Canasta is
the family's base: rank melds of 3+ cards with 2+ naturals and at most 3 wilds, one
meld per rank per side, canastas of 7+ (natural 500, mixed 300), red threes 100 each
and 800 for all four (Finnish club rule: 400, option ``four_red_threes``), negative
for a side without an opening meld, going out 100 (+100 when opening in the same
turn), cards left in hand against the side, 300 per wrongly asked "May I go out?".

Invariants:

* a side's score for a deal is the sum of its items (melds, bonuses, red threes,
  going out, hands, penalties); the detail of the score lists them;
* the opening requirement of a side is read from its score before the deal (zones
  15 / 50 / 90 / 120 at below 0 / 0 / 1500 / 3000) plus 10 per insufficient
  attempt in that deal; it is in the state for the next deal;
* a side reaching the target (5000) with a total higher than the other's wins; level
  totals over the target play another deal;
* at the table of two (ch 27 l.1899: ``(0, 1)``, each side one player) a side goes
  out only with two canastas; drawing two from the stock changes no score, so
  nothing else differs (the same zones, bonuses and target).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from games.engine.decks import DOUBLE_54
from games.engine.errors import RuleError
from games.engine.inputs import FrozenModel
from games.engine.registry import register
from games.engine.text import msg
from games.rules.canasta.family import CanastaFamilyGame
from games.rules.canasta.going_out import GoingOutRule, going_out_errors
from games.rules.canasta.melds import CanastaBonuses, MeldRules
from games.rules.canasta.openings import CANASTA_ZONES
from games.rules.canasta.red_threes import RedThreeRule
from games.rules.canasta.side import DealScoring, SideTurn
from games.rules.canasta.tables import FamilyRules

FOUR_PLAYERS = (0, 1, 0, 1)
TWO_PLAYERS = (0, 1)  # ch 27 l.1899: two sides of one player
# ch 27 l.1899: "the player needs to have at least two canastas to go out".
TWO_PLAYER_GOING_OUT = GoingOutRule(min_complete=2)

CANASTA_RULES = FamilyRules(
    deck=DOUBLE_54,
    melds=MeldRules(),
    bonuses=CanastaBonuses(natural=500, mixed=300),
    red_threes=RedThreeRule(each=100, all_count=4, all_value=800),
    going_out=GoingOutRule(min_complete=1),
    zones=CANASTA_ZONES,
    going_out_bonus=100,
    concealed_bonus=100,
    target=5000,
)
FINNISH_CLUB_RULES = FamilyRules(
    deck=CANASTA_RULES.deck,
    melds=CANASTA_RULES.melds,
    bonuses=CANASTA_RULES.bonuses,
    red_threes=RedThreeRule(each=100, all_count=4, all_value=400),
    going_out=CANASTA_RULES.going_out,
    zones=CANASTA_RULES.zones,
    going_out_bonus=CANASTA_RULES.going_out_bonus,
    concealed_bonus=CANASTA_RULES.concealed_bonus,
    target=CANASTA_RULES.target,
)


class CanastaOptions(FrozenModel):
    four_red_threes: Literal[800, 400] = Field(
        800,
        description="What all four red threes of one side are worth: 800 (§28.6.3) "
        "or 400 (modern Finnish club rules).",
    )
    target: int = Field(5000, gt=0, description="Points that win the game (§28.5).")


@register
class Canasta(CanastaFamilyGame):
    slug = "canasta"
    name = "Canasta"
    source = "001_b57793035adc3f64.txt §28"
    summary = (
        "Two sides of two with 2 × 54 cards: melds, canastas, red threes, opening "
        "zones by score; 5000 wins."
    )
    Options = CanastaOptions
    deck = DOUBLE_54
    rules = CANASTA_RULES
    tables = (FOUR_PLAYERS, TWO_PLAYERS)

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = (
        "natural_canasta",
        "mixed_canasta",
        "red_threes",
        "went_out",
        "not_opened",
    )

    def going_out_errors(self, scoring: DealScoring, side: SideTurn) -> list[RuleError]:
        if len(scoring.state.table.seats) == len(TWO_PLAYERS):
            errors = going_out_errors(
                side.counts, TWO_PLAYER_GOING_OUT, side.melds_path
            )
            # Only the count of canastas can fall short of the two-player rule.
            return [
                RuleError(
                    e.path,
                    e.code,
                    msg(
                        "a side goes out only with at least {least} canastas "
                        "on the table (it has {has}) (ch 27, two players)",
                        least=TWO_PLAYER_GOING_OUT.min_complete,
                        has=side.counts[0],
                    ),
                )
                for e in errors
            ]
        return super().going_out_errors(scoring, side)

    def rules_for(self, options: Any) -> FamilyRules:
        if getattr(options, "four_red_threes", 800) == 400:
            return FINNISH_CLUB_RULES
        return CANASTA_RULES
