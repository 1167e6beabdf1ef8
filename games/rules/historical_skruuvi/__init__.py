"""Historical Skruuvi (the 1940s): trick points to both sides, games of 60 in a
rubber, then four kotkas; contracts of four to seven, honours, misere aces × 100.

Source: ``001_b57793035adc3f64.txt §17`` ("how the game differs from Modern
Skruuvi", §15): 17.1 trick points, 17.2 match structure, 17.3 contract of four,
17.4 scoring (17.4.1 basic, 17.4.2 cards in hand, 17.4.3 aces in misere, 17.4.4
knocking, 17.4.5 games, 17.4.6 pass misere), 17.5 end of match.

Terms (Modern Skruuvi's are in :mod:`games.engine.skruuvi.family`; honours as
entered in :mod:`games.engine.tricks.honours`):

* **trick points** — after every deal with a contract, each side gets its tricks
  won (in misere: avoided, 13 − taken) × the contract's level (17.1). They count
  toward the **game** (60) and as ordinary points; a pass misere gives none.
* **rubber** — basic deals until a side has won two games; then four **kotkas**,
  where a side wins a game only with 60 trick points in the one deal (17.2).
* **contract of four** — a bid of four or less is raised to four (not five): ten
  tricks. Unknocked and not misere it is not played: scored as ten tricks to the
  declarers and three to the opponents (17.3); the scorer may leave the tricks out.
* **value cards** (17.4.2) — in a trump contract the aces and the trumps 10–A, the
  ace of trumps counting twice (nine units in the deck); in no trump the aces.
* **stake** — 1, doubled for each replay of a match that ended less than 10 apart
  (17.5).
* **main book** — the match's difference ÷ 100, 50 rounding up (17.5).

Scoring (every amount but the trick points × 2 knocked, × 4 kontra-knocked, and
× the stake): made 1000 / 2000 / 3000 / 4500 for four to seven, + 200 an overtrick
above four; failed: the first missing trick 400 / 500 / 1100 / 1700, each later one
400 / 500 / 600 / 700, minus to the declarers; honours; misere aces (Modern
Skruuvi's × 100, made or not); pass misere (Modern Skruuvi's × 100); a side's first
game 200, second 400, third 600 …

Readings (``docs/games/historical-skruuvi.md``): missing tricks are minus to the
declarers; knocks do not double trick points (§17.4.4 doubles "the above", §17.4);
in misere both sides count avoided tricks; the value-card score goes to the
opponents when the declarers took fewer tricks, the hands of aces and sequences
stay with their holders; a replayed match's deals count double on the same sheet.

Invariants: tricks add up to 13; value-card units add up to 9 (trump) or 4 (no
trump); the aces are placed once each; the points of a deal are the sum of its
facts; the match ends after the rubber and the kotkas, unless it is replayed.
"""

from games.rules.historical_skruuvi.facts import main_book
from games.rules.historical_skruuvi.game import HistoricalSkruuvi

__all__ = ["HistoricalSkruuvi", "main_book"]
