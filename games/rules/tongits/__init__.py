"""Tong-Its: Philippine rummy for three, played for chips with a pot that waits.

Source: web pages ``004_b5230d226dbeb56f.txt`` (Tong-Its, l.350–418): the ante
(l.362), melds (l.374–380), ending the hand (l.384–402), payouts (l.404–417). Three
players, one 52-card deck, chips (``chips_are_money``).

Terms: a *meld* is three or four of a rank or three or more in a row of a suit,
aces low only (A-2-3, never Q-K-A); concealed melds in the hand count. *Deadwood*
is the cards in a hand outside its melds: ace 1, faces 10, the others their pips
(l.394). A player has *opened* once they exposed a meld (or put a concealed four
face down, l.380).

The hand ends by a *tongit* (a player ran out of cards), a *draw* (a player who
opened called it and both others folded), a *challenged* draw (one or both opened
opponents challenged: lowest deadwood wins, a tie goes to a challenger, between
challengers to the one left of the caller, l.394), or the *stock* running out (the
opened players compare deadwood; a tie goes to whoever drew the last card, between
the other two to the one left of them, l.400).

Payouts (l.404–417): each loser pays the winner 3 for a tongit or a challenged draw,
1 for any other win; 3 per concealed four in the winner's hand; 1 if the loser never
opened; 1 per ace the winner held. Every player antes 2 to the pot each hand; the
pot goes only to a player who wins two hands in a row.

Readings (also ``docs/games/tongits.md``):

* the points of a deal are each player's chips as money sees them: a player's
  antes still on the table count as theirs until someone takes the pot (each put
  in the same), so a deal's points always sum to zero and a session ends with what
  is left in the pot given back to those who put it in;
* "two hands in a row": the winner of the hand before wins again (option
  ``pot_streak``: ``continue`` — a third win in a row takes the pot again, the
  literal text; ``restart`` — after the pot is taken a new pair is needed);
* if nobody has opened when the stock runs out, every player compares deadwood;
* the chips are a tally (a player may go below the start).

Invariants: chips are conserved (players' chips + the pot = start × 3); every
deal's points sum to zero.
"""

from games.rules.tongits.game import Tongits
from games.rules.tongits.inputs import (
    SOLVER,
    TongitsCards,
    TongitsOptions,
    TongitsState,
    TongitsTotals,
)
from games.rules.tongits.payments import (
    deal_step,
    hand_payments,
    winner_of,
    worth_points,
)

__all__ = [
    "SOLVER",
    "Tongits",
    "TongitsCards",
    "TongitsOptions",
    "TongitsState",
    "TongitsTotals",
    "deal_step",
    "hand_payments",
    "winner_of",
    "worth_points",
]
