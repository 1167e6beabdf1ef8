"""The Canasta family: Canasta, Samba, Contract Samba, Hand and Foot (book §28–§32).

One module per concern, and one per game:

* :mod:`.values` — card values (§28.1) and what cards in hand cost;
* :mod:`.melds` — rank melds (books, :mod:`games.engine.melds.books`), sequences,
  black threes, canasta and samba bonuses;
* :mod:`.red_threes` — red threes laid out or melded;
* :mod:`.openings` — the opening meld and the zones of its requirement;
* :mod:`.going_out` — going out, hands, "May I go out?";
* :mod:`.deal_input` — the deal as entered (models, and the reader of the common
  card entry);
* :mod:`.tables` — a game's rules (:class:`~.tables.FamilyRules`) and what is
  derived from them once;
* :mod:`.side` — the one scorer of a card-entry deal and of each side;
* :mod:`.family` — :class:`~.family.CanastaFamilyGame`, the base of the games;
* :mod:`.canasta`, :mod:`.samba`, :mod:`.contract_samba` (with :mod:`.auction`),
  :mod:`.hand_and_foot`, :mod:`.triple_play` — the games.

Importing the package registers the four games.
"""

from games.rules.canasta import (
    canasta,
    contract_samba,
    hand_and_foot,
    samba,
    triple_play,
)

__all__ = ["canasta", "contract_samba", "hand_and_foot", "samba", "triple_play"]
