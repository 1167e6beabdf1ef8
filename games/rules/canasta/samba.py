"""Samba: Canasta with sequences (sambas), three decks, zones to 7000+, 10000 wins.

Source: ``001_b57793035adc3f64.txt §30`` (30.1 setup, 30.2 melds, 30.5 going out,
30.6 red threes, 30.7 scores) on top of §28 (Canasta) for everything §30 does not
change: card values, canasta bonuses 500/300, cards in hand against the side, the
opening meld and its +10 per insufficient attempt, "May I go out?" 300.

Terms (see :mod:`games.rules.canasta`): a **canasta meld** is naturals of
one rank with at most two wilds, several per rank allowed; a **samba meld** is 3–7
consecutive naturals of one suit from 4 to A (no wilds, no threes); a **samba** is a
complete samba meld of seven cards (1500).

Invariants:

* 3 × 54 cards; a side goes out only with two canastas or sambas;
* red threes are 100 each (no bonus for all of them), positive only for a side with
  at least two canastas or sambas, negative otherwise;
* going out is 200; opening and going out in one turn earns nothing extra;
* opening zones: below 0 → 0, 0 → 50, 1500 → 90, 3000 → 120, 7000 → 150;
* the higher side at 10000 or more wins; level totals play another deal.
"""

from __future__ import annotations

from pydantic import Field

from games.engine.decks import TRIPLE_54
from games.engine.inputs import FrozenModel
from games.engine.registry import register
from games.rules.canasta.family import CanastaFamilyGame
from games.rules.canasta.going_out import GoingOutRule
from games.rules.canasta.melds import SAMBA_SEQUENCE_RANKS, CanastaBonuses, MeldRules
from games.rules.canasta.openings import SAMBA_ZONES
from games.rules.canasta.red_threes import RedThreeRule
from games.rules.canasta.tables import FamilyRules

SAMBA_RULES = FamilyRules(
    deck=TRIPLE_54,
    melds=MeldRules(
        max_wilds=2,
        one_meld_per_rank=False,
        black_threes_out=(3, None),
        sequence_ranks=SAMBA_SEQUENCE_RANKS,
        sequence_max=7,
    ),
    bonuses=CanastaBonuses(natural=500, mixed=300, samba=1500),
    red_threes=RedThreeRule(
        each=100, all_count=None, all_value=None, positive_needs_complete=2
    ),
    going_out=GoingOutRule(min_complete=2, sambas_count=True),
    zones=SAMBA_ZONES,
    going_out_bonus=200,
    concealed_bonus=0,
    target=10000,
)


class SambaOptions(FrozenModel):
    target: int = Field(10000, gt=0, description="Points that win the game (§30.7).")


@register
class Samba(CanastaFamilyGame):
    slug = "samba"
    name = "Samba"
    source = "001_b57793035adc3f64.txt §30"
    summary = (
        "Canasta with sequences (sambas 1500), 3 × 54 cards, two canastas to go "
        "out; 10000 wins."
    )
    Options = SambaOptions
    deck = TRIPLE_54
    rules = SAMBA_RULES

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = (
        "samba",
        "natural_canasta",
        "mixed_canasta",
        "red_threes",
        "went_out",
        "not_opened",
    )
