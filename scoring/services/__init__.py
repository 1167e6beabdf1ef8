"""The score book's writers. Every write of clubs, players, matches and deals is here.

Each function is keyword-only, typed, one transaction, and takes the acting user as
``by`` (permissions are checked here too, so that pages, the API, the admin and tasks
cannot differ). Invariants:

* **Totals are never typed in.** The match's fold cache is the engine's fold of the
  ``counted``/``flagged`` deals in number order, stored with the per-deal results,
  flags and running totals in the same transaction as every change. A **new deal**
  is folded onto the state stored after the previous one (``match.state``, restored
  by :func:`~games.engine.serialize.state_from_stored`; a state of another engine
  version is folded from the deals instead), so a submit costs the same bounded
  queries and engine work at deal 5 and deal 500. A change of deal *k* (correction,
  void, confirmation) folds once from the state before *k*
  (:func:`._fold._state_before`) and re-scores deals *k…n*; a later deal the rules
  reject in the corrected context is kept, marked ``flagged`` with the engine's
  errors, and the match ``needs_attention``.
* **Verify before storing.** A deal is scored by the engine in the context of the
  deals before it (``game.score(state, input)``); if the rules reject it the engine's
  :class:`~games.engine.DealRejected` propagates (400 with its errors) and nothing is
  stored.
* **Concurrency.** Writers lock the match row (``select_for_update``). A new deal
  carries the number the scorer expects (``number``); the database allows one deal
  per (match, number) — a lost race is a :class:`~config.api.Conflict` (409) whose body
  holds the current match state (``"match": selectors.match_state_get(...)``).
  Corrections, voids and confirmations carry ``base_version`` (the deal's ``version``
  the user saw); a stale one is a 409 too (``stale_version``).
* **History.** Every entry, correction, void, confirmation and conflicting entry adds a
  :class:`~scoring.models.DealRevision` (who, when, why, input). Nothing is deleted:
  a voided deal stays on the sheet with its number.
* **Double entry** (``match.double_entry``): a new deal is ``pending`` until a second
  person — not the enterer, seated on another side than the enterer — confirms it
  (:func:`deal_confirm`) or enters the same deal again (:func:`deal_submit` with the
  same number; equal inputs after the engine's parsing). A different second entry
  makes the deal a ``conflict``: both entries are kept (``input``, ``rival_input``),
  it does not count, and the next deal cannot be entered until a correction resolves
  it (the correction is again ``pending``, to be confirmed). A correction of a deal
  that already counts stays counted (the corrector is on record in the revision).
* **Finished by the rules.** A write that leaves an open match decided by its fold,
  clean and with no deal waiting finishes it in the same transaction (with double
  entry: the confirmation of the deciding deal), with a
  :class:`~scoring.models.MatchEvent` saying so (:mod:`._ends`). A game with no
  fixed end (``MatchGoal.open_ended``) is finished by hand, by its scorers, the
  director or a table link's phone with a seat, its totals being the result. A
  club admin or the director may reopen a closed match (:func:`match_reopen`).
* **Closed matches.** Finishing or abandoning closes the book for the table's
  scorers. A club admin or an overseer (a tournament's director;
  :func:`scoring.permissions.may_correct_closed`) may still correct or void a deal
  of a closed match: the correction is a revision like any other, the match is
  re-folded and stays closed with the corrected result — unless a finished match is
  no longer decided or a later deal is flagged, when it is open again
  (:func:`._ends._reopen_if_undecided`; not a game with no fixed end that the table
  finished: its corrected totals stay the result). Either way the result-changed
  tasks follow.
* **Follow-up work.** After a commit that changed a result, the tasks named in
  ``settings.KIRJURI_RESULT_CHANGED_TASKS`` get the match id
  (:func:`scoring.tasks.result_change_notify`); scoring imports no consumer.

Errors: :mod:`scoring.errors` (``NotAllowed`` 403, ``NotFound`` 404, ``Conflict``
409, ``DomainError`` 400) and the engine's ``InputRejected`` family (400).

Layout, by noun: :mod:`.clubs` (clubs, memberships, the club's time zone),
:mod:`.players` (players: add, rename, retire, merge, share between clubs),
:mod:`.matches` (start, publish, finish, abandon, reopen, re-fold),
:mod:`.deals` (enter, correct, void, confirm), :mod:`.ratings` (the stored
ratings); the package-private :mod:`._fold` (the fold cache), :mod:`._ends`
(finishing by the rules, reopening, the match's history) and :mod:`._common`
(lock, checks, revisions, notification). ``from scoring import services`` and
``services.<name>`` reach every public service through the re-exports below.

Names are ``<noun>_<verb>`` (``match_start``, ``deal_submit``; the rule is written in
``tests/test_naming.py``). Every service takes the acting user as ``by`` typed
:data:`scoring.permissions.User`.
"""

from scoring.services.clubs import (
    club_create,
    club_set_language,
    club_set_time_zone,
    club_update,
    membership_add,
    membership_set_role,
)
from scoring.services.deals import deal_confirm, deal_correct, deal_submit, deal_void
from scoring.services.invitations import (
    invitation_accept,
    invitation_create,
    invitation_decline,
    invitation_revoke,
    invitation_send,
)
from scoring.services.matches import (
    NewMatch,
    match_abandon,
    match_bump,
    match_finish,
    match_refold,
    match_reopen,
    match_start,
    match_update,
    matches_start,
)
from scoring.services.players import (
    player_add,
    player_create,
    player_find_similar,
    player_merge,
    player_merge_check,
    player_rename,
    player_retire,
    player_update,
)
from scoring.services.ratings import ratings_recompute, ratings_update_for_match
from scoring.services.table_links import table_link_revoke
from scoring.services.table_queues import table_queue_record

__all__ = [
    "NewMatch",
    "club_create",
    "club_set_language",
    "club_set_time_zone",
    "club_update",
    "deal_confirm",
    "deal_correct",
    "deal_submit",
    "deal_void",
    "invitation_accept",
    "invitation_create",
    "invitation_decline",
    "invitation_revoke",
    "invitation_send",
    "match_abandon",
    "match_bump",
    "match_finish",
    "match_refold",
    "match_reopen",
    "match_start",
    "match_update",
    "matches_start",
    "membership_add",
    "membership_set_role",
    "player_add",
    "player_create",
    "player_find_similar",
    "player_merge",
    "player_merge_check",
    "player_rename",
    "player_retire",
    "player_update",
    "ratings_recompute",
    "ratings_update_for_match",
    "table_link_revoke",
    "table_queue_record",
]
