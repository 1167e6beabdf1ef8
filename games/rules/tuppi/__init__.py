"""Tuppi: rami, nolo and sooli; only the side that is *nousussa* holds points.

Source: ``001_b57793035adc3f64.txt §9`` (9.1 setup, 9.2 auction, 9.3 play, 9.4
scoring, 9.5 variation without sooli).

Terms:

* **seat** 0–3 clockwise; sides alternate (table ``(0, 1, 0, 1)``), so the side of a
  seat is ``seat % 2``.
* **rami** — someone bid a red card; the first rami bidder is the **declarer**. The
  declarer's side scores 4 per trick over 6, otherwise the opponents score 8 per
  trick over 6.
* **nolo** — nobody bid rami; the side with fewer tricks scores 4 per trick short
  of 7.
* **sooli** — after a rami bid, an opponent of the declarer (the **soloist**) plays
  alone to take no tricks; the soloist's partner sits out. 24 to the soloist's side
  for no tricks, else 24 to the opponents.
* **nousussa** (rising) — the one side that holds points. When the other side scores,
  the game goes back to 0–0 (option ``when_opponents_score``). 52 wins, so the
  winning points come in consecutive deals.
* **conceded** — the rising side gave up a deal it was obviously losing; no trick
  count is entered, the other side scores (at least the least its contract pays).

Invariants:

* every deal gives points to exactly one side (13 tricks cannot split evenly, and
  sooli always pays someone);
* tricks entered add up to 13 (per side, or per seat with the soloist's partner on
  0 in sooli); a conceded deal has no trick count;
* a recorded bidding is exposed clockwise from the player left of the dealer and
  stops at the first red card; the declarer is that bidder;
* in the state, at most one side has non-zero points: the ``rising`` side.
"""

from games.rules.tuppi.game import Tuppi
from games.rules.tuppi.inputs import (
    TuppiDeal,
    TuppiOptions,
    TuppiState,
)

__all__ = [
    "Tuppi",
    "TuppiDeal",
    "TuppiOptions",
    "TuppiState",
]
