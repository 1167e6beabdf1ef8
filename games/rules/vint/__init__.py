"""Vint: trick points × level × 10 to both sides, games of 500, a rubber, honours.

Source: ``001_b57793035adc3f64.txt §18`` (18.1 how it differs from Historical
Skruuvi, 18.2 trick points, 18.3 scoring: 18.3.1 basic, 18.3.2 cards in hands,
18.3.3 games and all-pass deals).

Terms (the shared ones are in :mod:`games.engine.tricks`):

* **seat** 0–3 clockwise; partners sit opposite, so the side of a seat is
  ``seat % 2``.
* **contract** — level 1–7 and a strain (a suit or no trump); level *n* promises
  6 + *n* tricks (18.1: no raise, no misere, no knocks).
* **trick points** — each side's tricks × level × 10 (18.2), whether or not the
  contract was made; they count toward the **game** (500) and as ordinary points.
* **all-pass deal** — everyone passed: the cards are redealt (18.1) and the deal is
  entered only to be counted: the rubber's winner gets 500 for each (18.3.3).
* **honours** (18.3.2) — held after the deal: top sequences (A K Q 500, A K Q J or
  longer 1000, doubled in trumps), a hand of three or four aces (500 / 1000), the
  trump majority (more of the trumps 10–A: 100 × level × count) and the ace
  majority (100, in no trump 250, × level × aces; 2–2 goes to the side with more
  tricks).

Readings (``docs/games/vint.md``): a missing trick is minus to the declarers (as
Modern Skruuvi §15.8 says, §18.3.1 does not); the 12- and 13-trick bonuses go to
whichever side took them; §18.3.1 replaces Historical Skruuvi's contract table and
overtrick bonus; honours stay with the side that held them; the match (one rubber)
is won by the side with more points.

Invariants: the tricks add up to 13; trumps 10–A add up to five and aces to four,
and a side holds at least the aces and trumps its hands show; the points of a deal
are the sum of its facts; the rubber ends when a side has won two games, and then
the match is finished.
"""

from games.rules.vint.game import Vint, VintDeal, VintOptions, VintState

__all__ = ["Vint", "VintDeal", "VintOptions", "VintState"]
