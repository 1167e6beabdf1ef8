"""Tuomas's Mah Jong: a winning hand entered as its sets, scored in two categories,
paid in chips with east paying and receiving double.

Source: book ``001_b57793035adc3f64.txt`` chapter 42 (l.2774–2941): tiles §42.1,
duration §42.2, chips §42.3, winds §42.4, combinations §42.6, the winning hand
§42.7, claims §42.8, kongs §42.9, the void deal §42.10, flowers §42.11, scoring
§42.12 (Category I §42.12.1, Category II §42.12.2, the procedure §42.12.3, the
example §42.12.4, l.2926–2940: 184 points). Four players, 144 tiles
(``games.engine.tiles``), poker chips (1000 each in a short game, 2000 in a long
one), played for money (``chips_are_money``).

Terms: **east** deals (and is the sheet's dealer); the winds sit as the mirror image
of a compass, south on east's right (§42.4), so with Kirjuri's seats numbered
clockwise (to the left) the seat ``east - k`` has the *k*-th wind. The **round
wind** is east for the first four deals and south for the last four of a long game
(§42.2). A **combination** is a chow, pung or kong (``games.engine.tile_hands``);
**concealed** means not melded (a kong melded face down too). A hand's **value** is
its base points times its doubles (§42.12.1: "× 2 the combination" doubles the
item, "× 2 the entire hand" the whole).

Scoring (§42.12.3): the winner's value is Category I + Category II; each loser pays
it to the winner; each pair of losers settles the difference of their Category I
values, the smaller paying the bigger; every payment to or from east is doubled.

Readings (``docs/games/mahjong.md``):

* a player's sets are entered as melded (face up), kongs melded face down, and the
  tiles still in the hand; the engine finds the combinations in those tiles and, if
  they split more than one way, scores the split worth most (the winner's choice);
* a set the winning discard completed is melded (§42.8: "the claimer melds the
  combination where he uses the discarded tile"), so it is entered as melded;
* a loser's hand scores its pungs, kongs and at most one pair (a winning hand has
  one), arranged to score most; a loser holds 13 tiles and one more per kong;
* a replacement tile is taken from the wall (§42.9, §42.11), so winning on one
  scores 10 and the 2 for the wall (option ``replacement_is_from_wall``);
* east passes to the right (south becomes east) after every deal, as the winds
  rotate so that "each player plays all winds" (§42.4);
* a void deal is one of the four (eight) deals and the winds rotate (option
  ``void_deal_counts``: off, the deal is played again with the same winds);
* the chips are a tally: a player may go below 0 (the book says nothing of running
  out); the most chips after the last deal win, tied players all win.

Invariants: every deal's payments sum to zero (the chips are conserved); every
value is a multiple of 2 (§42.3); a hand's value does not depend on the order its
sets were entered.
"""

from games.rules.mahjong.game import Mahjong, MahjongState, deal_payments
from games.rules.mahjong.inputs import MahjongHand, MahjongOptions, MahjongTiles
from games.rules.mahjong.values import Valuation, round_wind, seat_wind, value_hand

__all__ = [
    "Mahjong",
    "MahjongHand",
    "MahjongOptions",
    "MahjongState",
    "MahjongTiles",
    "Valuation",
    "deal_payments",
    "round_wind",
    "seat_wind",
    "value_hand",
]
