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
  void, confirmation) folds once from the state before *k* (:func:`_state_before`)
  and re-scores deals *k…n*; a later deal the rules reject in the corrected context
  is kept, marked ``flagged`` with the engine's errors, and the match
  ``needs_attention``.
* **Verify before storing.** A deal is scored by the engine in the context of the
  deals before it (``game.score(state, input)``); if the rules reject it the engine's
  :class:`~games.engine.DealRejected` propagates (400 with its errors) and nothing is
  stored.
* **Concurrency.** Writers lock the match row (``select_for_update``). A new deal
  carries the number the scorer expects (``number``); the database allows one deal
  per (match, number) — a lost race is a :class:`~config.api.Conflict` (409) whose body
  holds the current match state (``"match": selectors.match_state(...)``).
  Corrections, voids and confirmations carry ``base_version`` (the deal's ``version``
  the user saw); a stale one is a 409 too (``stale_version``).
* **History.** Every entry, correction, void, confirmation and conflicting entry adds a
  :class:`~scoring.models.DealRevision` (who, when, why, input). Nothing is deleted:
  a voided deal stays on the sheet with its number.
* **Double entry** (``match.double_entry``): a new deal is ``pending`` until a second
  person — not the enterer, seated on another side than the enterer — confirms it
  (:func:`confirm_deal`) or enters the same deal again (:func:`submit_deal` with the
  same number; equal inputs after the engine's parsing). A different second entry
  makes the deal a ``conflict``: both entries are kept (``input``, ``rival_input``),
  it does not count, and the next deal cannot be entered until a correction resolves
  it (the correction is again ``pending``, to be confirmed). A correction of a deal
  that already counts stays counted (the corrector is on record in the revision).
* **Closed matches.** Finishing or abandoning closes the book for the table's
  scorers. A club admin or an overseer (a tournament's director;
  :func:`scoring.permissions.may_correct_closed`) may still correct or void a deal
  of a closed match: the correction is a revision like any other, the match is
  re-folded and stays closed with the corrected result — unless a finished match is
  no longer decided or a later deal is flagged, when it is open again
  (:func:`_reopen_if_undecided`). Either way the result-changed tasks follow.
* **Follow-up work.** After a commit that changed a result, the tasks named in
  ``settings.KIRJURI_RESULT_CHANGED_TASKS`` get the match id
  (:func:`scoring.tasks.notify_result_changed`); scoring imports no consumer.

Errors: :mod:`scoring.errors` (``NotAllowed`` 403, ``NotFound`` 404, ``Conflict``
409, ``DomainError`` 400) and the engine's ``InputRejected`` family (400).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

from games.engine import (
    DealRejected,
    Game,
    MatchState,
    Table,
    UnknownGame,
    get_game,
)
from games.engine.serialize import state_from_stored, state_to_stored, to_jsonable
from games.models import CatalogueEntry
from scoring import money_services, permissions, selectors, tasks
from scoring.errors import Conflict, DomainError, NotAllowed, NotFound
from scoring.models import (
    FOLDED_STATUSES,
    UNSETTLED_STATUSES,
    Club,
    Deal,
    DealRevision,
    DealStatus,
    Match,
    MatchStatus,
    Membership,
    Player,
    RevisionKind,
    Role,
    Seat,
)
from scoring.players import player_add

_CURRENCY = re.compile(r"^[A-Z]{3}$")


# -- clubs, players, memberships --------------------------------------------------


@transaction.atomic
def club_create(*, name: str, slug: str = "", by: Any) -> Club:
    """A new club; ``by`` becomes its admin (a player is made for them if needed)."""
    if not by.is_authenticated:
        raise NotAllowed("not_authenticated", "sign in to create a club")
    name = name.strip()
    if not name:
        raise DomainError("required", "a club needs a name", "name")
    slug = slugify(slug or name)[:64] or "club"
    if Club.objects.filter(slug=slug).exists():
        raise Conflict("slug_taken", f"a club called {slug!r} exists", "slug")
    club = Club.objects.create(name=name, slug=slug)
    player = permissions.player_of(by)
    if player is None:
        player = Player.objects.create(
            display_name=(by.get_full_name() or by.get_username())[:80], user=by
        )
    Membership.objects.create(club=club, player=player, role=Role.ADMIN)
    return club


@transaction.atomic
def club_update(*, club: Club, name: str, by: Any) -> Club:
    _require(permissions.may_manage_club(by, club), "only a club admin may do this")
    name = name.strip()
    if not name:
        raise DomainError("required", "a club needs a name", "name")
    club.name = name
    club.save(update_fields=["name"])
    return club


@transaction.atomic
def player_create(
    *,
    club: Club,
    display_name: str,
    user: Any | None = None,
    username: str = "",
    role: str = Role.MEMBER,
    allow_duplicate: bool = True,
    by: Any,
) -> Player:
    """A new player, member of ``club`` with ``role`` (club admins only).

    The one way a player is made is :func:`scoring.players.player_add` (``username``
    links an account without telling whether it exists; a near-duplicate name is
    refused unless ``allow_duplicate``); this name stays for the callers that add
    players in bulk (a tournament's pasted entries), where a repeated name is
    intended.
    """
    return player_add(
        club=club,
        display_name=display_name,
        user=user,
        username=username,
        role=role,
        allow_duplicate=allow_duplicate,
        by=by,
    )


@transaction.atomic
def player_update(*, club: Club, player: Player, display_name: str, by: Any) -> Player:
    _require(permissions.may_manage_club(by, club), "only a club admin edits players")
    if not player.memberships.filter(club=club).exists():
        raise NotFound("not_found", "no such player in this club")
    display_name = display_name.strip()
    if not display_name:
        raise DomainError("required", "a player needs a name", "display_name")
    player.display_name = display_name[:80]
    player.save(update_fields=["display_name"])
    return player


@transaction.atomic
def membership_add(*, club: Club, player: Player, role: str, by: Any) -> Membership:
    """Add an existing player to ``club`` (club admins only)."""
    _require(permissions.may_manage_club(by, club), "only a club admin adds members")
    if Membership.objects.filter(club=club, player=player).exists():
        raise DomainError("already_member", "the player is already a member", "player")
    return Membership.objects.create(club=club, player=player, role=Role(role))


@transaction.atomic
def membership_set_role(*, membership: Membership, role: str, by: Any) -> Membership:
    """Change a member's role; a club always keeps at least one admin."""
    club = membership.club
    _require(permissions.may_manage_club(by, club), "only a club admin sets roles")
    role = Role(role)
    if (
        membership.role == Role.ADMIN
        and role != Role.ADMIN
        and not club.memberships.filter(role=Role.ADMIN)
        .exclude(pk=membership.pk)
        .exists()
    ):
        raise DomainError("last_admin", "a club needs at least one admin", "role")
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


# -- matches ------------------------------------------------------------------------


@transaction.atomic
def start_match(
    *,
    club: Club,
    game: str,
    seats: Sequence[tuple[Player, int]],
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    point_value: Decimal | str | None = None,
    currency: str = "",
    is_public: bool = False,
    double_entry: bool = False,
    scorers: Iterable[Player] = (),
    by: Any,
) -> Match:
    """Start a match of ``game`` (a registry slug) in ``club``.

    ``seats`` are ``(player, side)`` in clockwise table order. The engine checks the
    options and the table (``OptionsRejected`` / ``SetupRejected``, 400). Every seated
    player and scorer must be a member of the club. ``by`` (a club admin or scorer)
    becomes a scorer of the match when they are a player of the club.
    """
    _require(
        permissions.may_start_match(by, club),
        "only a club admin or scorer starts matches",
    )
    engine = _game_for_new_match(game)
    members = set(club.memberships.values_list("player_id", flat=True))
    seen: set[int] = set()
    for i, (player, _side) in enumerate(seats):
        if player.pk not in members:
            raise DomainError(
                "not_a_member", "the player is not in this club", f"seats.{i}.player"
            )
        if player.pk in seen:
            raise DomainError(
                "seated_twice", "a player sits at one seat", f"seats.{i}.player"
            )
        seen.add(player.pk)
    if not seats:
        raise DomainError("required", "a match needs seats", "seats")
    table = Table(tuple(int(side) for _p, side in seats), int(first_dealer))
    state = engine.start(options or {}, table)
    point_value, currency = _stake(point_value, currency)
    # Book §1.2: known currency, positive value, no per-point stake on a win/loss game.
    money_services.stake_check(
        game=engine.slug, point_value=point_value, currency=currency
    )
    scorer_list = list(scorers)
    for i, player in enumerate(scorer_list):
        if player.pk not in members:
            raise DomainError(
                "not_a_member", "the scorer is not in this club", f"scorers.{i}"
            )
    match = Match.objects.create(
        club=club,
        game_id=engine.slug,
        options=state.options.model_dump(mode="json"),
        first_dealer=table.first_dealer,
        point_value=point_value,
        currency=currency,
        is_public=is_public,
        double_entry=double_entry,
        started_by=by,
    )
    Seat.objects.bulk_create(
        Seat(match=match, position=i, side=int(side), player=player)
        for i, (player, side) in enumerate(seats)
    )
    own = permissions.player_of(by)
    if own is not None and own.pk in members:
        scorer_list.append(own)
    match.scorers.set(scorer_list)
    _refold(match, engine, bump=False)
    return match


@transaction.atomic
def match_update(*, match: Match, is_public: bool, by: Any) -> Match:
    """Publish or unpublish a match (its scorers and the club admins)."""
    match = _lock(match)
    _require(permissions.may_score(by, match), "you do not score this match")
    if match.is_public != is_public:
        match.is_public = is_public
        match.version += 1
        match.save(update_fields=["is_public", "version", "updated_at"])
    return match


@transaction.atomic
def finish_match(*, match: Match, by: Any) -> Match:
    """Close the book of a decided match: no more entries or corrections."""
    match = _lock(match)
    _require_open(match)
    _require(permissions.may_score(by, match), "you do not score this match")
    if match.deals.filter(status__in=UNSETTLED_STATUSES).exists():
        raise Conflict(
            "deal_unsettled",
            "a deal waits for confirmation or has conflicting entries",
            extra=_current(match),
        )
    if match.needs_attention:
        raise Conflict(
            "needs_attention", "a flagged deal must be corrected or voided first"
        )
    if not match.finished:
        raise Conflict(
            "not_decided",
            "the match is not decided yet; abandon it to stop early",
            extra=_current(match),
        )
    match.status = MatchStatus.FINISHED
    match.ended_at = timezone.now()
    match.version += 1
    match.save(update_fields=["status", "ended_at", "version", "updated_at"])
    _notify(match)
    return match


@transaction.atomic
def abandon_match(*, match: Match, reason: str = "", by: Any) -> Match:
    """Stop a match before it is decided; its deals stay as they are."""
    match = _lock(match)
    _require_open(match)
    _require(permissions.may_score(by, match), "you do not score this match")
    match.status = MatchStatus.ABANDONED
    match.ended_at = timezone.now()
    match.end_reason = reason.strip()
    match.version += 1
    match.save(
        update_fields=["status", "ended_at", "end_reason", "version", "updated_at"]
    )
    _notify(match)
    return match


@transaction.atomic
def refold_match(*, match: Match) -> Match:
    """Re-fold a match from its stored deals (after an engine fix, say). Idempotent."""
    match = _lock(match)
    _refold(match, get_game(match.game_id), bump=False)
    _notify(match)
    return match


# -- deals --------------------------------------------------------------------------


def submit_deal(*, match: Match, number: int, input: Any, by: Any) -> Deal:
    """Enter deal ``number`` (the next deal of the sheet) exactly as ``input``.

    409 ``deal_exists`` / ``wrong_deal_number`` if the sheet has moved on (the body
    holds the current state). In a double-entry match the deal is ``pending``; a
    second submission of a pending deal by the other side confirms it (equal input)
    or marks a conflict (different input).
    """
    try:
        with transaction.atomic():
            return _submit(match, number, input, by)
    except IntegrityError:
        # The constraint caught a race the lock did not (e.g. SQLite, no row locks).
        match.refresh_from_db()
        raise Conflict(
            "deal_exists",
            f"deal {number} has just been entered by someone else",
            "number",
            extra=_current(match),
        ) from None


def _submit(match: Match, number: int, input: Any, by: Any) -> Deal:
    match = _lock(match)
    _require_open(match)
    # One row tells the next number and, in the common case, whether deal
    # ``number`` exists (an earlier number is looked up only to answer the 409).
    last = match.deals.order_by("-number").first()
    last_number = last.number if last is not None else 0
    if number == last_number:
        existing = last
    elif number < last_number:
        existing = match.deals.filter(number=number).first()
    else:
        existing = None
    if (
        existing is not None
        and match.double_entry
        and existing.status == DealStatus.PENDING
    ):
        return _second_entry(match, existing, input, by)
    _require(permissions.may_score(by, match), "you do not score this match")
    if existing is not None:
        raise Conflict(
            "deal_exists",
            f"deal {number} has already been entered",
            "number",
            extra=_current(match),
        )
    expected = last_number + 1
    if number != expected:
        raise Conflict(
            "wrong_deal_number",
            f"the next deal is deal {expected}",
            "number",
            extra=_current(match),
        )
    if (
        match.double_entry
        and match.deals.filter(status__in=UNSETTLED_STATUSES).exists()
    ):
        raise Conflict(
            "deal_unsettled",
            "the previous deal waits for confirmation or has conflicting entries",
            "number",
            extra=_current(match),
        )
    game = get_game(match.game_id)
    before = _state_before(match, game, number, last=True)
    score = game.score(before.state, input)
    pending = match.double_entry
    state = before.state if pending else game.advance(before.state, score)
    deal = Deal.objects.create(
        match=match,
        number=number,
        input=input,
        status=DealStatus.PENDING if pending else DealStatus.COUNTED,
        entered_by=by,
        result=None if pending else to_jsonable(score),
        totals=[] if pending else list(state.totals),
    )
    _revise(deal, RevisionKind.ENTERED, by, input)
    _store_fold(
        match,
        game,
        state,
        needs_attention=before.flagged,
        next_number=number + 1,
    )
    if not pending:
        _notify(match)
    return deal


@transaction.atomic
def correct_deal(
    *,
    match: Match,
    number: int,
    input: Any,
    base_version: int,
    reason: str,
    by: Any,
) -> Deal:
    """Replace deal ``number``'s input (based on its ``base_version``) and re-fold.

    The corrected deal is verified in the context of the deals before it; later deals
    the correction makes invalid are flagged, not dropped. A closed match may be
    corrected too (:func:`scoring.permissions.may_correct_closed`): it stays closed
    and its result follows, unless a finished match is no longer decided or needs
    attention, in which case it is open again (see :func:`_reopen_if_undecided`).
    """
    match = _lock(match)
    _require_correctable(match, by)
    deal = _deal(match, number)
    _require_version(match, deal, base_version)
    if deal.status == DealStatus.VOIDED:
        raise Conflict("deal_voided", "a voided deal cannot be corrected")
    reason = _reason(reason)
    game = get_game(match.game_id)
    before = _state_before(match, game, number)
    game.score(before.state, input)
    deal.input = input
    deal.version += 1
    fields = ["input", "version", "updated_at"]
    if deal.status == DealStatus.CONFLICT:
        deal.status = DealStatus.PENDING
        deal.rival_input = None
        deal.rival_entered_by = None
        fields += ["status", "rival_input", "rival_entered_by"]
    if deal.status == DealStatus.PENDING:
        deal.entered_by = by
        fields.append("entered_by")
    deal.save(update_fields=fields)
    _revise(deal, RevisionKind.CORRECTED, by, input, reason)
    _refold_from(match, game, before)
    _reopen_if_undecided(match)
    _notify(match)
    deal.refresh_from_db()
    return deal


@transaction.atomic
def void_deal(
    *, match: Match, number: int, base_version: int, reason: str, by: Any
) -> Deal:
    """Strike deal ``number`` from the count; it stays on the sheet as voided.

    Closed matches as in :func:`correct_deal`.
    """
    match = _lock(match)
    _require_correctable(match, by)
    deal = _deal(match, number)
    _require_version(match, deal, base_version)
    if deal.status == DealStatus.VOIDED:
        raise Conflict("deal_voided", "the deal is already voided")
    reason = _reason(reason)
    game = get_game(match.game_id)
    before = _state_before(match, game, number)
    deal.status = DealStatus.VOIDED
    deal.version += 1
    deal.save(update_fields=["status", "version", "updated_at"])
    _revise(deal, RevisionKind.VOIDED, by, None, reason)
    _refold_from(match, game, before)
    _reopen_if_undecided(match)
    _notify(match)
    deal.refresh_from_db()
    return deal


@transaction.atomic
def confirm_deal(*, match: Match, number: int, base_version: int, by: Any) -> Deal:
    """Double entry: a second person from another side confirms a pending deal."""
    match = _lock(match)
    _require_open(match)
    deal = _deal(match, number)
    _require_version(match, deal, base_version)
    if deal.status != DealStatus.PENDING:
        raise Conflict(
            "not_pending", "only a deal waiting for confirmation can be confirmed"
        )
    _require_confirmer(match, deal, by)
    game = get_game(match.game_id)
    before = _state_before(match, game, number)
    deal.status = DealStatus.COUNTED
    deal.confirmed_by = by
    deal.confirmed_at = timezone.now()
    deal.version += 1
    deal.save(
        update_fields=[
            "status",
            "confirmed_by",
            "confirmed_at",
            "version",
            "updated_at",
        ]
    )
    _revise(deal, RevisionKind.CONFIRMED, by, deal.input)
    _refold_from(match, game, before)
    _notify(match)
    deal.refresh_from_db()
    return deal


def _second_entry(match: Match, deal: Deal, input: Any, by: Any) -> Deal:
    if deal.entered_by_id == by.pk:
        raise Conflict(
            "awaiting_confirmation",
            f"deal {deal.number} waits for someone from the other side",
            "number",
            extra=_current(match),
        )
    _require_confirmer(match, deal, by)
    game = get_game(match.game_id)
    before = _state_before(match, game, deal.number)
    game.score(before.state, input)
    if _canonical(game, input) == _canonical(game, deal.input):
        deal.status = DealStatus.COUNTED
        deal.confirmed_by = by
        deal.confirmed_at = timezone.now()
        kind = RevisionKind.CONFIRMED
    else:
        deal.status = DealStatus.CONFLICT
        deal.rival_input = input
        deal.rival_entered_by = by
        kind = RevisionKind.CONFLICTED
    deal.version += 1
    deal.save()
    _revise(deal, kind, by, input)
    _refold_from(match, game, before)
    if deal.status == DealStatus.COUNTED:
        _notify(match)
    deal.refresh_from_db()
    return deal


# -- the fold -----------------------------------------------------------------------
#
# A new deal is folded onto the state stored after the previous one (restored by
# ``state_from_stored``), so entering deal 500 costs what entering deal 5 costs. A
# change of deal k (correction, void, confirmation) folds from the state before k:
# the stored state when no folded deal comes at or after k, else the fold of the
# deals before k, and re-scores k…n once. A stored state of another engine version
# is not restored: the deals are folded instead.


@dataclass(frozen=True)
class _Before:
    """The engine's state before deal ``number``; ``flagged``: is a folded deal
    before it flagged (the match needs attention whatever follows)?"""

    number: int
    state: MatchState
    flagged: bool


def _state_before(
    match: Match, game: Game, number: int, *, last: bool = False
) -> _Before:
    """The state before deal ``number`` (folded deals only). ``last``: the caller
    knows that no deal comes at or after ``number`` (a new deal)."""
    options = game.parse_options(match.options)
    table = _table(match)
    if (
        last
        or not match.deals.filter(
            status__in=FOLDED_STATUSES, number__gte=number
        ).exists()
    ):
        state = state_from_stored(game, match.state, options=options, table=table)
        if state is not None:
            return _Before(number, state, match.needs_attention)
    # ``match_id`` too: the related manager reads it on every row to attach the
    # match, and a deferred field would cost one query per deal.
    deals = list(
        match.deals.filter(status__in=FOLDED_STATUSES, number__lt=number)
        .order_by("number")
        .only("match_id", "number", "input")
    )
    folded = game.fold(
        [d.input for d in deals], options, table, numbers=[d.number for d in deals]
    )
    return _Before(number, folded.state, folded.needs_attention)


def _refold(match: Match, game: Game, *, bump: bool = True) -> None:
    """Re-fold ``match`` from its first deal and store results and the cache."""
    start = game.start(game.parse_options(match.options), _table(match))
    _refold_from(match, game, _Before(0, start, False), bump=bump)


def _refold_from(
    match: Match, game: Game, before: _Before, *, bump: bool = True
) -> None:
    """Fold the folded deals from ``before.number`` on onto ``before.state``; store
    each deal's changed result, flags and totals, and the match's fold cache."""
    deals = list(
        match.deals.filter(
            status__in=FOLDED_STATUSES, number__gte=before.number
        ).order_by("number")
    )
    folded = game.fold_from(
        before.state, [d.input for d in deals], numbers=[d.number for d in deals]
    )
    now = timezone.now()
    changed = []
    for deal, record in zip(deals, folded.deals, strict=True):
        values = {
            "status": DealStatus.FLAGGED if record.flagged else DealStatus.COUNTED,
            "result": to_jsonable(record.score),
            "errors": [e.as_dict() for e in record.errors],
            "totals": list(record.totals),
        }
        if any(getattr(deal, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(deal, k, v)
            deal.updated_at = now
            changed.append(deal)
    if changed:
        Deal.objects.bulk_update(
            changed, ["status", "result", "errors", "totals", "updated_at"]
        )
    _store_fold(
        match,
        game,
        folded.state,
        needs_attention=before.flagged or folded.needs_attention,
        next_number=None,
        bump=bump,
    )


def _store_fold(
    match: Match,
    game: Game,
    state: MatchState,
    *,
    needs_attention: bool,
    next_number: int | None,
    bump: bool = True,
) -> None:
    """Store the fold cache of ``match`` whose folded deals leave ``state``.

    ``next_number``: the sheet's next deal number (``None``: look it up)."""
    next_deal = to_jsonable(game.next_deal(state))
    if next_deal is not None:
        # The sheet's number (voided deals keep theirs); the engine's count stays.
        next_deal["engine_number"] = next_deal["number"]
        next_deal["number"] = (
            next_number if next_number is not None else _next_number(match)
        )
    match.totals = list(state.totals)
    match.leaders = list(game.leaders(state))
    match.winners = list(state.winners)
    match.finished = state.finished
    match.needs_attention = needs_attention
    match.next_deal = next_deal
    match.state = state_to_stored(game, state)
    if bump:
        match.version += 1
    match.save(
        update_fields=[
            "totals",
            "leaders",
            "winners",
            "finished",
            "needs_attention",
            "next_deal",
            "state",
            "version",
            "updated_at",
        ]
    )


def _table(match: Match) -> Table:
    sides = match.seats.order_by("position").values_list("side", flat=True)
    return Table(tuple(sides), match.first_dealer)


def _next_number(match: Match) -> int:
    return (match.deals.aggregate(n=Max("number"))["n"] or 0) + 1


def _canonical(game: Game, raw: Any) -> Any:
    try:
        return to_jsonable(game.parse_deal(raw))
    except DealRejected:
        return raw


# -- helpers ------------------------------------------------------------------------


def _lock(match: Match) -> Match:
    """The match row, locked for the rest of the transaction (fresh from the db)."""
    try:
        return Match.objects.select_for_update().get(pk=match.pk)
    except Match.DoesNotExist:
        raise NotFound("not_found", "no such match") from None


def _deal(match: Match, number: int) -> Deal:
    if not 0 < number <= selectors.MAX_ID:
        raise NotFound("not_found", f"no deal {number} in this match")
    try:
        return match.deals.get(number=number)
    except Deal.DoesNotExist:
        raise NotFound("not_found", f"no deal {number} in this match") from None


def _require(allowed: bool, message: str) -> None:
    if not allowed:
        raise NotAllowed("permission_denied", message)


def _require_open(match: Match) -> None:
    if not match.is_open:
        raise Conflict(
            "match_closed",
            f"the match is {match.get_status_display()}",
            extra=_current(match),
        )


def _require_correctable(match: Match, by: Any) -> None:
    """An open match: its scorers. A closed one: see ``may_correct_closed``."""
    if match.is_open:
        _require(permissions.may_score(by, match), "you do not score this match")
    elif not permissions.may_correct_closed(by, match):
        if not permissions.may_score(by, match):
            raise NotAllowed("permission_denied", "you do not score this match")
        raise Conflict(
            "match_closed",
            f"the match is {match.get_status_display()}: only a club admin "
            "may correct it now",
            extra=_current(match),
        )


def _reopen_if_undecided(match: Match) -> None:
    """A finished match whose corrected sheet no longer stands is open again.

    "Finished" means decided and clean (see :func:`finish_match`). When a correction
    leaves the fold undecided, or flags a later deal, the book cannot stay closed on
    a result that does not exist: the match is in progress again, so that the table
    plays on or fixes the flagged deal and finishes it anew. The correction's
    revision says who and why; the result-changed tasks hear of it (a points game's
    settlement is taken back until the match is finished again).
    """
    if match.status != MatchStatus.FINISHED:
        return
    if match.finished and not match.needs_attention:
        return
    match.status = MatchStatus.IN_PROGRESS
    match.ended_at = None
    match.save(update_fields=["status", "ended_at", "updated_at"])


def _require_version(match: Match, deal: Deal, base_version: int) -> None:
    if deal.version != base_version:
        raise Conflict(
            "stale_version",
            f"deal {deal.number} has changed since you saw it "
            f"(version {deal.version}, yours {base_version})",
            "base_version",
            extra=_current(match),
        )


def _require_confirmer(match: Match, deal: Deal, by: Any) -> None:
    """Double entry: the second person is not the enterer and sits on another side."""
    if not by.is_authenticated or deal.entered_by_id == by.pk:
        raise NotAllowed(
            "same_person", "someone other than who entered the deal must confirm it"
        )
    seats = list(match.seats.select_related("player"))
    mine = {s.side for s in seats if s.player.user_id == by.pk}
    theirs = {s.side for s in seats if s.player.user_id == deal.entered_by_id}
    if not mine:
        raise NotAllowed("not_seated", "only a player at the table may confirm a deal")
    if mine & theirs:
        raise NotAllowed(
            "same_side",
            "the deal must be confirmed by a player of another side",
        )
    if permissions.role_in(by, match.club_id) is None:
        raise NotAllowed("permission_denied", "you are not a member of this club")


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise DomainError("required", "say why the deal changes", "reason")
    return reason


def _revise(
    deal: Deal, kind: str, by: Any, input: Any, reason: str = ""
) -> DealRevision:
    return DealRevision.objects.create(
        deal=deal,
        kind=kind,
        deal_version=deal.version,
        input=input,
        reason=reason,
        by=by if by is not None and by.is_authenticated else None,
    )


def _current(match: Match) -> dict[str, Any]:
    return {"match": selectors.match_state(match)}


def _notify(match: Match) -> None:
    """Tell the result-changed tasks after the commit (each service calls it once)."""
    transaction.on_commit(partial(tasks.notify_result_changed, match.pk))


def _game_for_new_match(slug: str) -> Game:
    try:
        engine = get_game(slug)
    except UnknownGame:
        raise DomainError("unknown_game", f"no game {slug!r}", "game") from None
    entry = CatalogueEntry.objects.filter(slug=engine.slug).first()
    if entry is None:
        CatalogueEntry.objects.create(
            slug=engine.slug,
            name=engine.name,
            source=engine.source,
            summary=engine.summary,
            synced_at=timezone.now(),
        )
    elif not entry.enabled or entry.retired:
        raise DomainError(
            "game_unavailable", f"{entry.name} is not offered here", "game"
        )
    return engine


def _stake(
    point_value: Decimal | str | None, currency: str
) -> tuple[Decimal | None, str]:
    currency = (currency or "").strip().upper()
    if point_value in (None, ""):
        # A currency alone is allowed: the match is then played for a flat stake
        # per match won (set with the money terms), e.g. a win/loss-only game.
        if currency and not _CURRENCY.match(currency):
            raise DomainError("invalid", "a three-letter currency code", "currency")
        return None, currency
    try:
        value = Decimal(str(point_value))
    except InvalidOperation:
        raise DomainError("invalid", "not a number", "point_value") from None
    if (
        not value.is_finite()
        or value <= 0
        or value != value.quantize(Decimal("0.0001"))
    ):
        raise DomainError(
            "invalid", "a positive amount, at most 4 decimals", "point_value"
        )
    if value >= Decimal("1e8"):
        raise DomainError("invalid", "too large", "point_value")
    if not _CURRENCY.match(currency):
        raise DomainError("invalid", "a three-letter currency code", "currency")
    return value, currency
