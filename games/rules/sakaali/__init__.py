"""Sakaali: each team's final ten cards, scored for sets, pairs and singles.

Source: ``001_b57793035adc3f64.txt §39`` (39.2 setup, 39.3 the game, 39.4 scoring,
39.7 Sakaali for eight players).

Terms:

* **seat** 0–3 clockwise; partners sit opposite (table ``(0, 1, 0, 1)``), so the
  side (team) of a seat is ``seat % 2``.
* **hand** — the five cards a player keeps after discarding eight; a team's two hands
  make its **ten-card hand** (39.4).
* **card points** (minus card points) — what a ten-card hand loses: cards in a
  **set** (three or four of a kind) 0, a **pair** 25, a **single** its value
  (ace 1, two 2 … king 13) + 20.
* **bonus** — what the deal's winner gets on top of the difference: 20, plus 20 for
  every tied deal just before (a tie carries the bonus on: 40, 60 …; option
  ``tie_bonus_carries``). A winner with all ten cards in sets gets 30 more.
* **game** — to 100 game points (option ``target``); ``best_of: 3`` plays a match of
  such games, first to two.
* **board** — duplicate play (39.7): a deal whose hands are kept and replayed at the
  other table. With option ``boards`` (the board ids, in order) the match is exactly
  those deals — one stanza of Sakaali for eight — and each deal's result names its
  board, so the same board can be compared across tables.

Invariants:

* a deal gives points to at most one side: the winner gets the difference of card
  points + the bonus (+ 30); a tie gives nobody anything;
* card entry: every card is one of the 52, entered once over both teams; a hand is 5
  cards, a team 10 (two hands of five, or the ten together);
* totals entry (``card_points`` per team, unverified) accepts only values some ten
  cards can lose (1–20 cannot be lost, for instance);
* ``bonus`` in the state is the bonus of the next deal; it is 20 after any deal with
  a winner;
* in best of three the totals are the current game's: the deal that wins a game keeps
  the final score, the next deal starts the new game from 0–0.
"""

from games.rules.sakaali.game import Sakaali
from games.rules.sakaali.inputs import (
    REACHABLE_CARD_POINTS,
    SakaaliCards,
    SakaaliOptions,
    SakaaliState,
    SakaaliTotals,
    team_hand,
)

__all__ = [
    "REACHABLE_CARD_POINTS",
    "Sakaali",
    "SakaaliCards",
    "SakaaliOptions",
    "SakaaliState",
    "SakaaliTotals",
    "team_hand",
]
