"""The money side's writers, by noun: sessions, settlements posted to the ledger,
transfers marked paid, tournament prize payouts.

Every function is keyword-only and one transaction; ``by`` is the acting user
(``None`` for the system: Celery tasks). The arithmetic is the pure core
:mod:`money.settlement` (book §1.2); this module only loads stored data, calls it, and
posts the result.

Invariants

* **Recompute, compare, post the difference.** A settlement is computed from scratch
  from the stored data (a match's folded totals and seats, its counted deals for chip
  games, a tournament's final standings) into *postings* — one per person per match
  (or per deal for chip games), each between the person and the club's pot, keyed by
  a stable ``line``. The live entries of the source (neither a reversal nor reversed)
  are compared line by line: an entry that no longer matches is reversed, a missing
  posting is posted. Running it twice, or late, posts nothing the second time; after
  a correction exactly the changed lines appear as reversal + new entry.
* **Nothing changes on bad input.** A stake the book refuses (zero or negative point
  value, unknown currency, a per-point stake on a win/loss-only game, a session
  mixing currencies, a payout structure not summing to 100 %) raises
  :class:`~config.api.DomainError` naming the field (400) and the transaction stores
  nothing. Tasks record the refusal on the :class:`SettlementRecord` instead (the
  sheet shows it) and leave the ledger as it was.
* **Serialised per source.** A recompute locks its :class:`SettlementRecord` row
  (``select_for_update``), so two workers settling one session run one after the
  other and the second finds nothing to post.
* **Which matches settle.** Points games settle when the match is *finished* (the
  stored totals of the fold); an in-progress or abandoned match posts nothing. Chip
  games (an engine game with ``chips_are_money = True``: each counted deal's
  ``points`` are the chips each single-player side won or lost in it, summing to zero)
  post per deal as the deals are entered. A match in a session settles with its
  session (odd cents shared fairly across the session's matches, in the order played).

Accounts: ``player`` (``p<id>`` in transfer plans), ``pot``, ``house``,
``prize_pool``. Amounts are integer minor units of the currency.

Modules: :mod:`.ledger` (accounts, postings, posting the difference), :mod:`.stakes`
(stake checks, match terms), :mod:`.settlements` (matches and sessions, the
reconcile), :mod:`.sessions`, :mod:`.payments` (transfers marked paid),
:mod:`.prizes` (tournament payouts). Callers import from this package.
"""

from money.services.ledger import Account, Posting
from money.services.payments import transfer_mark_paid, transfer_unmark_paid
from money.services.prizes import (
    PrizeInput,
    PrizeStanding,
    house_fee_parse,
    prize_terms_set,
    structure_parse,
    tournament_payouts_settle,
    tournament_prize_terms_set,
    tournament_prizes_settle,
)
from money.services.sessions import (
    session_add_day_matches,
    session_add_match,
    session_create,
)
from money.services.settlements import (
    match_settle,
    session_settle,
    settlements_reconcile,
    source_settle,
)
from money.services.stakes import match_terms_set, stake_check

__all__ = [
    "Account",
    "Posting",
    "PrizeInput",
    "PrizeStanding",
    "house_fee_parse",
    "match_settle",
    "match_terms_set",
    "prize_terms_set",
    "session_add_day_matches",
    "session_add_match",
    "session_create",
    "session_settle",
    "settlements_reconcile",
    "source_settle",
    "stake_check",
    "structure_parse",
    "tournament_payouts_settle",
    "tournament_prize_terms_set",
    "tournament_prizes_settle",
    "transfer_mark_paid",
    "transfer_unmark_paid",
]
