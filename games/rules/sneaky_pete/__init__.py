"""Sneaky Pete: seven hands of contract rummy, penalty points for cards left in hand.

Source: ``003_9dd84d89b2055bb7.txt`` (the whole text: the deal, the seven hands'
meld requirements, Set / Run, Melding, Melding restriction, Runs, Jokers, Scoring,
Points, Winning).

Terms:

* **hand** — one deal of the game; a game is seven hands, each with its own
  **requirement**: 1 set + 1 run, 2 sets, 2 runs, 2 sets + 1 run, 1 set + 2 runs,
  3 sets, 3 runs (no discard). In the engine a hand is a deal.
* **set** — three (or more, after others add to it) cards of one rank; **run** —
  four (or more) cards in a row of one suit; the ace is low (A-2-3-4), high
  (J-Q-K-A) or both at once (A-2-…-K-A). The joker is wild.
* **melding** — laying down the hand's whole requirement at once; after that a player
  only adds cards to melds on the table.
* **going out** — getting rid of every card; the hand ends at once and every other
  player scores the **penalty points** of the cards still in their hand: joker 50,
  ace 20, 9 to king 10, 2 to 8 5.
* Every player is their own side (seats as sides ``(0, 1, 2, …)``); the most points
  after seven hands loses, so the fewest points win.

Invariants:

* exactly one player went out and holds no cards; every other player holds at least
  one card, so scores at least 5; every score is a multiple of 5;
* every card entered (hands and melds) fits in the decks the options give;
* a player's melds, when entered, are the hand's requirement exactly (or none at
  all: the player did not meld); the player who went out has melded;
* ``totals`` are penalty points; ``winners`` are the players with the lowest total.
"""

from games.rules.sneaky_pete.game import SneakyPete
from games.rules.sneaky_pete.inputs import (
    CARD_POINTS,
    REQUIREMENTS,
    SneakyPeteCards,
    SneakyPeteOptions,
    SneakyPeteState,
    SneakyPeteTotals,
    hand_points,
    requirement,
)

__all__ = [
    "CARD_POINTS",
    "REQUIREMENTS",
    "SneakyPete",
    "SneakyPeteCards",
    "SneakyPeteOptions",
    "SneakyPeteState",
    "SneakyPeteTotals",
    "hand_points",
    "requirement",
]
