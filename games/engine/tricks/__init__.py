"""What trick-taking games share: tricks, contracts, card points, announcements,
where the aces fell, honours, and games within a rubber.

Source: the trick games of ``001_b57793035adc3f64.txt`` — Marjapussi §7, Tuppi §9,
Tuomas's Minibridge §11, Huutopussi §12, Modern Skruuvi §15, Klubiskruuvi §16,
Historical Skruuvi §17, Vint §18, Screw Misere §19. A game module keeps only what
is its own (its contracts' points, its deal input); everything here is shared.

The package's modules — ``counting`` (tricks, contracts), ``points`` (card points,
announcements), ``aces`` (ace places, honours), ``rubber`` (games, rubbers) — are
read through this one: ``from games.engine.tricks import side_tricks``.

Terms:

* **trick** — one card from each player; the **deal's tricks** are the deck's size ÷
  the players (:func:`deal_tricks`): 13 with 52 cards at four, 9 with 36.
* **side tricks** — the tricks a side won. A scorer enters them per side (one number
  a side) or per seat (one a seat); :func:`tricks_per_side` reads either. They must
  add up to the deal's tricks; :func:`side_tricks` (entry → sides, checked) and
  :func:`check_tricks_add_up` (counts already per side) say so with the one error
  :func:`tricks_error`: code ``tricks_not_<n>`` — ``tricks_not_13`` for every
  52-card game (the code the API has always given), ``tricks_not_9`` for 36 cards
  at four — and the message "tricks add up to X, not n".
* **seat role** — a deal input's seat integers carry ``x-role: seat`` and their role
  (``x-seat-role``: declarer, soloist, knocker …) in the JSON Schema:
  :func:`seat_role`.
* **contract** — a **level** (the number part), a **strain** (a suit, no trump,
  misere …) and a **doubling** (0 none, 1 doubled — a knock —, 2 redoubled — a
  kontra-knock): :class:`Contract`. Level *n* promises *n* + the book's tricks.
  A :class:`ContractTable` gives a contract's points, in columns that may depend on
  the deal number (Minibridge §11.5: deals 1–5, then later).
* **card points** — points for the cards in the tricks a side won, by a per-game
  value table, plus a bonus for the last trick: :class:`CardValues`
  (:data:`MARJAPUSSI_PIPS` §7.3, :data:`HUUTOPUSSI_CARD_POINTS` §12.5);
  :func:`check_won_cards` checks the cards of the tricks each side won against
  the deck (whole tricks, each card once, all of them).
* **announcement** — a king and queen of one suit (a *marriage*) shown after
  winning a trick: a trump announcement, or in Marjapussi a *little one* once trumps
  are set (§7.2). Each suit is announced at most once a deal (§7.2, §12.4):
  :func:`check_announcements`, :func:`announcement_points`.
* **ace place** — where an ace fell: the trick number and the seat that won the
  trick (Skruuvi's misere aces §15.8, Screw Misere §19.3): :class:`AcePlace`,
  :func:`check_aces`, :class:`Aces`.
* **honours** — cards held after the exchange: aces in one hand, value cards per
  side, a top sequence in a suit (Historical Skruuvi §17.4.2, Vint §18.3):
  :func:`aces_in_hand`, :func:`value_cards`, :func:`top_sequence`.
* **game** and **rubber** — trick points collected toward a game target (60, 500);
  the first side to win two games wins the rubber (Historical Skruuvi §17.2, Vint
  §18.3, Multimulta §6): :class:`Rubber`.

Invariants:

* tricks per side add up to the deal's tricks, or the deal gets exactly one
  ``tricks_not_<n>`` error at the tricks' path;
* the card points of the whole deck, split among the sides in any way, add up to the
  deck's total plus the last-trick bonus (Marjapussi 120 pips, Huutopussi
  140 + 20 = 160);
* each suit is announced at most once a deal;
* each ace is placed once, a trick has one winner, nobody won more ace tricks than
  tricks;
* a rubber's games: the winner of every game is recorded in order, the points
  toward a game start again from zero after it, and the rubber ends the moment a
  side has won ``games_to_win`` games (so after at most 2 × games_to_win − 1 games).

Everything is pure and immutable: frozen dataclasses in, frozen dataclasses out;
checks append :class:`RuleError` to the caller's list so a deal reports every error.
"""

from __future__ import annotations

from games.engine.inputs import seat_role
from games.engine.tricks.aces import (
    ACES,
    AcePlace,
    Aces,
    aces_in_hand,
    check_aces,
    check_deal_aces,
    misere_minus,
    top_sequence,
    value_cards,
)
from games.engine.tricks.counting import (
    BOOK_TRICKS,
    BRIDGE_STRAINS,
    PARTNERS,
    SEAT_ROLE,
    Contract,
    ContractTable,
    check_tricks_add_up,
    deal_tricks,
    doubling_multiplier,
    outranks,
    side_tricks,
    tricks_error,
    tricks_per_side,
)
from games.engine.tricks.points import (
    HUUTOPUSSI_CARD_POINTS,
    HUUTOPUSSI_TRUMPS,
    MARJAPUSSI_LITTLE_ONE,
    MARJAPUSSI_PIPS,
    MARJAPUSSI_TRUMPS,
    Announcement,
    CardValues,
    announcement_points,
    check_announcements,
    check_card_points,
    check_won_cards,
)
from games.engine.tricks.rubber import (
    MatchOfGames,
    Rubber,
    game_winner,
)

__all__ = [
    "ACES",
    "BOOK_TRICKS",
    "BRIDGE_STRAINS",
    "HUUTOPUSSI_CARD_POINTS",
    "HUUTOPUSSI_TRUMPS",
    "MARJAPUSSI_LITTLE_ONE",
    "MARJAPUSSI_PIPS",
    "MARJAPUSSI_TRUMPS",
    "PARTNERS",
    "SEAT_ROLE",
    "AcePlace",
    "Aces",
    "Announcement",
    "CardValues",
    "Contract",
    "ContractTable",
    "MatchOfGames",
    "Rubber",
    "aces_in_hand",
    "announcement_points",
    "check_aces",
    "check_announcements",
    "check_card_points",
    "check_deal_aces",
    "check_tricks_add_up",
    "check_won_cards",
    "deal_tricks",
    "doubling_multiplier",
    "game_winner",
    "misere_minus",
    "outranks",
    "seat_role",
    "side_tricks",
    "top_sequence",
    "tricks_error",
    "tricks_per_side",
    "value_cards",
]

# Honours as entered (held counts per side, hands of aces, top sequences) and their
# checks: Historical Skruuvi §17.4.2 and Vint §18.3.2.
from games.engine.tricks.honours import (
    SUITS,
    AcesInHand,
    TopSequence,
    aces_shown,
    check_holdings,
    check_split,
    game_bonus,
    majority,
)

__all__ += [
    "SUITS",
    "AcesInHand",
    "TopSequence",
    "aces_shown",
    "check_holdings",
    "check_split",
    "game_bonus",
    "majority",
]
