"""The money side's writers: sessions, settlements posted to the ledger, transfers
marked paid, tournament prize payouts.

Every function is keyword-only and one transaction; ``by`` is the acting user
(``None`` for the system: Celery tasks). The arithmetic is the pure core
:mod:`scoring.money` (book §1.2); this module only loads stored data, calls it, and
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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.db.models import F, Max, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.module_loading import import_string

from games.engine import UnknownGame, get_game
from scoring import permissions
from scoring.errors import Conflict, DomainError, NotAllowed, NotFound
from scoring.ledger_models import (
    AccountKind,
    EntryKind,
    LedgerEntry,
    MatchTerms,
    PrizeTerms,
    Session,
    SessionMatch,
    SettlementRecord,
    SettlementStatus,
    SourceKind,
    TeamModeChoice,
)
from scoring.models import Club, Deal, DealStatus, Match, MatchStatus, Player, Seat
from scoring.money import (
    FieldSizeBracket,
    FieldSizeTable,
    FixedHouseFee,
    FixedStructure,
    FlatStake,
    Money,
    MoneyError,
    OddUnitLedger,
    PercentageStructure,
    PercentHouseFee,
    PointStake,
    Side,
    Standing,
    TeamMode,
    allocate_equally,
    compute_payouts,
    get_currency,
    settle_chip_nets,
    settle_flat,
    settle_scores,
)
from scoring.money.currency import format_minor

# -- accounts and postings ------------------------------------------------------------


@dataclass(frozen=True)
class Account:
    """A ledger account: ``kind`` and, for a person, the player's id."""

    kind: str
    player_id: int | None = None

    @property
    def key(self) -> str:
        """``p<id>`` for a person, else the kind (``pot``, ``house``…)."""
        return f"p{self.player_id}" if self.kind == AccountKind.PLAYER else self.kind

    @classmethod
    def parse(cls, key: str, *, field: str) -> Account:
        if key in (AccountKind.POT, AccountKind.HOUSE, AccountKind.PRIZE_POOL):
            return cls(key)
        if isinstance(key, str) and key[:1] == "p" and key[1:].isdigit():
            return cls(AccountKind.PLAYER, int(key[1:]))
        raise DomainError(
            "invalid_account",
            "an account is p<player id>, pot, house or prize_pool",
            field,
        )


POT = Account(AccountKind.POT)
HOUSE = Account(AccountKind.HOUSE)
PRIZE_POOL = Account(AccountKind.PRIZE_POOL)


def person(player_id: int) -> Account:
    return Account(AccountKind.PLAYER, player_id)


@dataclass(frozen=True)
class Posting:
    """One entry that should be live in the ledger (see the module docstring)."""

    line: str
    kind: str
    debit: Account
    credit: Account
    amount: int
    match_id: int | None = None
    deal_id: int | None = None
    memo: str = ""

    def signature(self) -> tuple:
        return (
            self.kind,
            self.debit,
            self.credit,
            self.amount,
            self.match_id,
            self.deal_id,
        )


def _signature(entry: LedgerEntry) -> tuple:
    return (
        entry.kind,
        Account(entry.debit_kind, entry.debit_player_id),
        Account(entry.credit_kind, entry.credit_player_id),
        entry.amount,
        entry.match_id,
        entry.deal_id,
    )


def _net_posting(
    line: str, player_id: int, net: int, *, match_id: int, deal_id=None, memo=""
) -> Posting | None:
    """A person's net of a settlement, against the pot (nothing when zero)."""
    if net == 0:
        return None
    if net > 0:
        debit, credit = POT, person(player_id)
    else:
        debit, credit = person(player_id), POT
    return Posting(
        line,
        EntryKind.SETTLEMENT,
        debit,
        credit,
        abs(net),
        match_id=match_id,
        deal_id=deal_id,
        memo=memo,
    )


# -- errors and validation ------------------------------------------------------------

_STAKE_PATHS = {
    "stake": "point_value",
    "stake.value": "point_value",
    "stake.currency": "currency",
}


def _domain(err: MoneyError, prefix: str = "") -> DomainError:
    path = _STAKE_PATHS.get(err.field, err.field)
    return DomainError(err.code, err.message, f"{prefix}{path}" if prefix else path)


def _require_manager(by: Any, club_id: int) -> None:
    if by is not None and not permissions.may_manage_club(by, club_id):
        raise NotAllowed("permission_denied", "only a club admin manages money")


def _decimal(value: Any, field: str) -> Decimal:
    if isinstance(value, (float, bool)):
        raise DomainError(
            "invalid_amount", "give the amount as a decimal string", field
        )
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise DomainError(
            "invalid_amount", f"{value!r} is not a number", field
        ) from None
    if not number.is_finite():
        raise DomainError("invalid_amount", f"{value!r} is not a number", field)
    return number


def stake_check(
    *, game: str, point_value: Any, currency: str, field_prefix: str = ""
) -> PointStake | None:
    """The match's per-point stake, or ``None`` without one; refuses what §1.2 does.

    Zero or negative values (``non_positive_point_value``), unknown currencies
    (``unknown_currency``) and per-point stakes on win/loss-only games
    (``stake_on_win_loss_game``) are 400s naming the field.
    """
    if point_value in (None, ""):
        if currency:
            _currency(currency, f"{field_prefix}currency")
        return None
    value = _decimal(point_value, f"{field_prefix}point_value")
    try:
        return PointStake(value, currency, game=game)
    except MoneyError as err:
        raise _domain(err, field_prefix) from None


def _currency(code: str, field: str = "currency"):
    try:
        return get_currency(code, field=field)
    except MoneyError as err:
        raise _domain(err) from None


# -- sessions and match terms --------------------------------------------------------


@transaction.atomic
def session_create(
    *,
    club: Club,
    name: str,
    currency: str,
    point_value: Any = None,
    team_mode: str = TeamModeChoice.PER_MEMBER,
    by: Any,
) -> Session:
    """A new session of ``club`` in ``currency`` (a club admin)."""
    _require_manager(by, club.pk)
    name = (name or "").strip()
    if not name:
        raise DomainError("required", "a session needs a name", "name")
    _currency(currency)
    if point_value not in (None, ""):
        stake_check(game="", point_value=point_value, currency=currency)
    else:
        point_value = None
    if team_mode not in TeamModeChoice.values:
        raise DomainError("invalid_team_mode", "per_member or split", "team_mode")
    return Session.objects.create(
        club=club,
        name=name[:120],
        currency=currency,
        point_value=point_value,
        team_mode=team_mode,
        created_by=by if by is not None and by.is_authenticated else None,
    )


@transaction.atomic
def session_add_match(*, session: Session, match: Match, by: Any) -> SessionMatch:
    """Put ``match`` into ``session`` and re-settle the session.

    The match must be of the session's club and carry no other currency
    (``mixed_currencies``); its stake must be valid. Whatever it had posted on its
    own is reversed and re-posted as part of the session.
    """
    _require_manager(by, session.club_id)
    session = Session.objects.select_for_update().get(pk=session.pk)
    if match.club_id != session.club_id:
        raise NotFound("not_found", "no such match in this club", "match")
    if SessionMatch.objects.filter(match=match).exists():
        raise DomainError(
            "already_in_session", "the match already belongs to a session", "match"
        )
    if match.currency and match.currency != session.currency:
        raise DomainError(
            "mixed_currencies",
            f"the match is played in {match.currency}, the session in "
            f"{session.currency}; a session has one currency",
            "match",
        )
    _match_stakes(match, session, _terms(match))
    link = SessionMatch.objects.create(session=session, match=match)
    record = _lock_record(SourceKind.MATCH, match.pk, match.club_id)
    _reconcile(record, [], session=None, by=by)
    record.trail = [{"match": match.pk, "lines": [f"Settled in {session.name}."]}]
    record.computed_at = timezone.now()
    record.save(update_fields=["trail", "computed_at"])
    _settle_session(session, by=by)
    return link


@transaction.atomic
def match_terms_set(
    *, match: Match, team_mode: str, flat_stake: Any = None, by: Any
) -> MatchTerms:
    """Set how a match settles: team mode, and a flat stake per match won."""
    _require_manager(by, match.club_id)
    if team_mode not in TeamModeChoice.values:
        raise DomainError("invalid_team_mode", "per_member or split", "team_mode")
    if flat_stake in (None, ""):
        flat_stake = None
    else:
        flat = _decimal(flat_stake, "flat_stake")
        cur = match.currency or _session_currency(match)
        if not cur:
            raise DomainError(
                "required", "a flat stake needs the match's currency", "flat_stake"
            )
        try:
            FlatStake(Money.of(flat, cur, field="flat_stake"), game=match.game_id)
        except MoneyError as err:
            raise DomainError(err.code, err.message, "flat_stake") from None
        flat_stake = flat
    terms, _ = MatchTerms.objects.update_or_create(
        match=match, defaults={"team_mode": team_mode, "flat_stake": flat_stake}
    )
    return terms


def _session_currency(match: Match) -> str:
    link = SessionMatch.objects.filter(match=match).select_related("session").first()
    return link.session.currency if link else ""


def _terms(match: Match) -> MatchTerms | None:
    return MatchTerms.objects.filter(match=match).first()


# -- computing a match's settlement -------------------------------------------------


@dataclass
class _Computed:
    postings: list[Posting]
    trail: dict[str, Any]
    ledger: OddUnitLedger


def _names(players: Sequence[Player]) -> dict[int, str]:
    """Display names, made unique with the id where two players share one."""
    count: dict[str, int] = {}
    for p in players:
        count[p.display_name] = count.get(p.display_name, 0) + 1
    return {
        p.pk: p.display_name
        if count[p.display_name] == 1
        else f"{p.display_name} #{p.pk}"
        for p in players
    }


def _sides(match: Match) -> list[list[Player]]:
    return _sides_of([match])[match.pk]


def _sides_of(matches: Sequence[Match]) -> dict[int, list[list[Player]]]:
    """Each match's sides (its players in seat order), in one query."""
    sides: dict[int, dict[int, list[Player]]] = {m.pk: {} for m in matches}
    seats = Seat.objects.filter(match__in=[m.pk for m in matches])
    for seat in seats.select_related("player").order_by("match_id", "position"):
        sides[seat.match_id].setdefault(seat.side, []).append(seat.player)
    return {pk: [by[s] for s in sorted(by)] for pk, by in sides.items()}


def _match_stakes(match: Match, session: Session | None, terms: MatchTerms | None):
    """(point stake or None, flat stake or None, team mode) of a match in context."""
    currency = match.currency or (session.currency if session else "")
    point_value = match.point_value
    if point_value is None and session is not None:
        point_value = session.point_value
    team_mode = (
        terms.team_mode
        if terms is not None
        else (session.team_mode if session else TeamModeChoice.PER_MEMBER)
    )
    flat = None
    if terms is not None and terms.flat_stake is not None:
        try:
            flat = FlatStake(
                Money.of(terms.flat_stake.normalize(), currency, field="flat_stake"),
                game=match.game_id,
            )
        except MoneyError as err:
            raise DomainError(err.code, err.message, "flat_stake") from None
        return None, flat, team_mode
    stake = stake_check(game=match.game_id, point_value=point_value, currency=currency)
    return stake, None, team_mode


def _is_chip_game(slug: str) -> bool:
    try:
        return get_game(slug).chips_are_money
    except UnknownGame:
        return False


def _lower_totals_win(slug: str) -> bool:
    """Whether the most points lose in this game (its points count against)."""
    try:
        return get_game(slug).lower_totals_win
    except UnknownGame:
        return False


def _compute_match(
    match: Match,
    *,
    session: Session | None,
    names: Mapping[int, str],
    ledger: OddUnitLedger,
    loaded: tuple[MatchTerms | None, list[list[Player]]] | None = None,
) -> _Computed:
    """``loaded``: the match's terms and sides, read with its session's others."""
    terms, sides = loaded if loaded is not None else (_terms(match), _sides(match))
    stake, flat, team_mode = _match_stakes(match, session, terms)
    trail: dict[str, Any] = {
        "match": match.pk,
        "game": match.game_id,
        "status": match.status,
        "sides": [
            {
                "players": [names[p.pk] for p in side],
                "score": match.totals[i] if i < len(match.totals) else None,
            }
            for i, side in enumerate(sides)
        ],
        "method": None,
        "lines": [],
        "deals": [],
        "nets": {},
    }
    by_key = {names[p.pk]: p.pk for side in sides for p in side}
    if stake is None and flat is None:
        trail["lines"].append("No stake: nothing to settle.")
        return _Computed([], trail, ledger)
    try:
        if stake is not None and _is_chip_game(match.game_id):
            return _compute_chips(match, sides, names, by_key, stake, trail, ledger)
        if match.status != MatchStatus.FINISHED:
            trail["lines"].append(
                "Not finished: a points game settles when the match is finished."
            )
            return _Computed([], trail, ledger)
        if flat is not None:
            won = set(match.winners or ())
            if not won or len(won) == len(sides):
                trail["lines"].append("No winner: a flat stake settles nothing.")
                return _Computed([], trail, ledger)
            settlement = settle_flat(
                [names[p.pk] for i, s in enumerate(sides) if i in won for p in s],
                [names[p.pk] for i, s in enumerate(sides) if i not in won for p in s],
                flat,
                team_mode=TeamMode(team_mode),
                ledger=ledger,
            )
        else:
            # Where the most points lose (Sneaky Pete's penalty points) a player's
            # points count against them: settle on the negated totals.
            sign = -1 if _lower_totals_win(match.game_id) else 1
            scored = [
                Side(
                    tuple(names[p.pk] for p in side),
                    sign * match.totals[i],
                    " & ".join(names[p.pk] for p in side),
                )
                for i, side in enumerate(sides)
            ]
            settlement = settle_scores(
                scored, stake, team_mode=TeamMode(team_mode), ledger=ledger
            )
    except MoneyError as err:
        raise _domain(err, f"matches.{match.pk}.") from None
    trail["method"] = settlement.method
    trail["lines"] = list(settlement.explanation)
    if stake is not None and flat is None and _lower_totals_win(match.game_id):
        trail["lines"].insert(
            0, "The most points lose: each player's points count as minus points."
        )
    trail["nets"] = dict(settlement.nets)
    postings = [
        _net_posting(
            f"m{match.pk}:p{by_key[key]}",
            by_key[key],
            net,
            match_id=match.pk,
            memo=f"{match.game_id} #{match.pk}",
        )
        for key, net in settlement.nets
    ]
    return _Computed([p for p in postings if p], trail, settlement.ledger)


def _compute_chips(match, sides, names, by_key, stake, trail, ledger) -> _Computed:
    if any(len(side) != 1 for side in sides):
        raise MoneyError(
            "seats", "chip_sides_individual", "In a chip game everyone plays alone."
        )
    people = [names[side[0].pk] for side in sides]
    postings: list[Posting] = []
    trail["method"] = "chips"
    totals = dict.fromkeys(people, 0)
    deals = Deal.objects.filter(match=match, status=DealStatus.COUNTED).order_by(
        "number"
    )
    for deal in deals:
        points = (deal.result or {}).get("points") or []
        chips = {
            people[i]: int(points[i]) for i in range(min(len(points), len(people)))
        }
        try:
            settlement = settle_chip_nets([chips], stake, players=people, ledger=ledger)
        except MoneyError as err:
            raise MoneyError(
                f"deals.{deal.number}", err.code, f"Deal {deal.number}: {err.message}"
            ) from None
        ledger = settlement.ledger
        trail["deals"].append(
            {"number": deal.number, "lines": list(settlement.explanation)}
        )
        for key, net in settlement.nets:
            totals[key] += net
            posting = _net_posting(
                f"d{deal.pk}:p{by_key[key]}",
                by_key[key],
                net,
                match_id=match.pk,
                deal_id=deal.pk,
                memo=f"{match.game_id} #{match.pk} deal {deal.number}",
            )
            if posting:
                postings.append(posting)
    trail["nets"] = totals
    trail["lines"] = [
        f"Value of a chip: {stake.describe()}; paid deal by deal "
        f"({len(trail['deals'])} deal(s))."
    ]
    return _Computed(postings, trail, ledger)


# -- posting: compare and post the difference ----------------------------------------


def _lock_record(kind: str, source_id: int, club_id: int) -> SettlementRecord:
    SettlementRecord.objects.get_or_create(
        source_kind=kind, source_id=source_id, defaults={"club_id": club_id}
    )
    return SettlementRecord.objects.select_for_update().get(
        source_kind=kind, source_id=source_id
    )


_MANAGED = (
    EntryKind.SETTLEMENT,
    EntryKind.ENTRY_FEE,
    EntryKind.HOUSE_FEE,
    EntryKind.PRIZE,
)


def _reconcile(
    record: SettlementRecord,
    desired: Sequence[Posting],
    *,
    session: Session | None,
    currency: str = "",
    by: Any = None,
) -> tuple[int, int]:
    """Make the live computed entries of ``record``'s source equal ``desired``.

    Returns (reversals posted, new entries posted). Payments are never touched.
    """
    live = LedgerEntry.objects.filter(
        source_kind=record.source_kind,
        source_id=record.source_id,
        kind__in=_MANAGED,
        reverses__isnull=True,
        reversed_by__isnull=True,
    ).order_by("id")
    want = {p.line: p for p in desired}
    if len(want) != len(desired):
        raise RuntimeError("two postings share a line")  # a bug, never user input
    kept: set[str] = set()
    user = by if by is not None and getattr(by, "is_authenticated", False) else None
    new: list[LedgerEntry] = []
    for entry in live:
        p = want.get(entry.line)
        if (
            p is not None
            and entry.line not in kept
            and p.signature() == _signature(entry)
            and entry.currency == currency
        ):
            kept.add(entry.line)
            continue
        new.append(
            LedgerEntry(
                club_id=record.club_id,
                source_kind=entry.source_kind,
                source_id=entry.source_id,
                session_id=entry.session_id,
                match_id=entry.match_id,
                deal_id=entry.deal_id,
                kind=entry.kind,
                line=entry.line,
                debit_kind=entry.credit_kind,
                debit_player_id=entry.credit_player_id,
                credit_kind=entry.debit_kind,
                credit_player_id=entry.debit_player_id,
                amount=entry.amount,
                currency=entry.currency,
                memo=f"reversal of #{entry.pk}",
                reverses=entry,
                created_by=user,
            )
        )
    reversals = len(new)
    for line, p in want.items():
        if line in kept:
            continue
        new.append(
            LedgerEntry(
                club_id=record.club_id,
                source_kind=record.source_kind,
                source_id=record.source_id,
                session=session,
                match_id=p.match_id,
                deal_id=p.deal_id,
                kind=p.kind,
                line=p.line,
                debit_kind=p.debit.kind,
                debit_player_id=p.debit.player_id,
                credit_kind=p.credit.kind,
                credit_player_id=p.credit.player_id,
                amount=p.amount,
                currency=currency,
                memo=p.memo[:255],
                created_by=user,
            )
        )
    LedgerEntry.objects.bulk_create(new)
    return reversals, len(new) - reversals


def _store(record: SettlementRecord, *, currency: str, trail: list, **extra) -> None:
    record.currency = currency
    record.status = SettlementStatus.SETTLED
    record.errors = []
    record.trail = trail
    record.computed_at = timezone.now()
    for key, value in extra.items():
        setattr(record, key, value)
    record.save()


# -- settling matches and sessions ----------------------------------------------------


def match_settle(*, match: Match, by: Any = None) -> SettlementRecord:
    """Settle ``match`` (with its session if it has one) from the stored data.

    Idempotent; posts only what changed (see the module docstring).
    """
    link = SessionMatch.objects.filter(match=match).select_related("session").first()
    if link is not None:
        return session_settle(session=link.session, by=by)
    return _settle_match(match, by=by)


@transaction.atomic
def _settle_match(match: Match, *, by: Any) -> SettlementRecord:
    _require_manager(by, match.club_id)
    record = _lock_record(SourceKind.MATCH, match.pk, match.club_id)
    match = Match.objects.get(pk=match.pk)
    if SessionMatch.objects.filter(match=match).exists():
        return record  # joined a session meanwhile: the session settles it
    players = [p for side in _sides(match) for p in side]
    computed = _compute_match(
        match, session=None, names=_names(players), ledger=OddUnitLedger()
    )
    currency = match.currency
    _reconcile(record, computed.postings, session=None, currency=currency, by=by)
    _store(record, currency=currency, trail=[computed.trail])
    return record


@transaction.atomic
def session_settle(*, session: Session, by: Any = None) -> SettlementRecord:
    """Settle every match of ``session`` in the order played. Idempotent."""
    _require_manager(by, session.club_id)
    return _settle_session(session, by=by)


def _settle_session(session: Session, *, by: Any) -> SettlementRecord:
    record = _lock_record(SourceKind.SESSION, session.pk, session.club_id)
    session = Session.objects.get(pk=session.pk)
    matches = list(
        Match.objects.filter(money_session_link__session=session).order_by(
            "started_at", "id"
        )
    )
    players = list(
        Player.objects.filter(seats__match__in=matches).distinct().order_by("id")
    )
    names = _names(players)
    # Every match's terms and sides in two queries, not two per match.
    terms = {t.match_id: t for t in MatchTerms.objects.filter(match__in=matches)}
    sides = _sides_of(matches)
    ledger = OddUnitLedger()
    postings: list[Posting] = []
    trail = []
    for match in matches:
        if match.currency and match.currency != session.currency:
            raise DomainError(
                "mixed_currencies",
                f"match {match.pk} is in {match.currency}, the session in "
                f"{session.currency}",
                f"matches.{match.pk}.currency",
            )
        computed = _compute_match(
            match,
            session=session,
            names=names,
            ledger=ledger,
            loaded=(terms.get(match.pk), sides[match.pk]),
        )
        ledger = computed.ledger
        postings += computed.postings
        trail.append(computed.trail)
    _reconcile(record, postings, session=session, currency=session.currency, by=by)
    _store(record, currency=session.currency, trail=trail)
    return record


def settle_quietly(kind: str, source_id: int) -> str:
    """For tasks: settle, and record a refusal on the record instead of raising."""
    try:
        if kind == SourceKind.MATCH:
            match = Match.objects.filter(pk=source_id).first()
            if match is None:
                return "missing"
            if _nothing_at_stake(match):
                return "no stake"
            match_settle(match=match)
        else:
            session = Session.objects.filter(pk=source_id).first()
            if session is None:
                return "missing"
            session_settle(session=session)
    except DomainError as err:
        _record_refusal(kind, source_id, err)
        return "refused"
    return "settled"


def settlements_reconcile() -> list[tuple[str, int]]:
    """Settle every match and session whose settlement is older than its result.

    The catch-up for a "result changed" notification that never ran (the broker was
    down, a worker was killed): a match (outside a session) whose ``updated_at`` is
    after its record's ``computed_at``, or that has a stake (a point value or money
    terms) and no record; a session with such a match. A match played for nothing
    and never settled would post nothing: it is left alone. Settling is idempotent,
    so a source settled twice posts nothing new. Returns the ``(kind, id)`` settled.
    """

    def settled_at(kind: str) -> Subquery:
        return Subquery(
            SettlementRecord.objects.filter(
                source_kind=kind, source_id=OuterRef("pk")
            ).values("computed_at")[:1]
        )

    stale = Q(settled_at__isnull=True) | Q(changed_at__gt=F("settled_at"))
    at_stake = (
        Q(point_value__isnull=False)
        | Q(money_terms__isnull=False)
        | Q(settled_at__isnull=False)
    )
    matches = (
        Match.objects.filter(money_session_link__isnull=True)
        .annotate(settled_at=settled_at(SourceKind.MATCH), changed_at=F("updated_at"))
        .filter(at_stake)
        .filter(stale)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    sessions = (
        Session.objects.annotate(
            settled_at=settled_at(SourceKind.SESSION),
            changed_at=Max("links__match__updated_at"),
        )
        .filter(changed_at__isnull=False)
        .filter(stale)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    done = [(SourceKind.MATCH.value, pk) for pk in matches]
    done += [(SourceKind.SESSION.value, pk) for pk in sessions]
    for kind, pk in done:
        settle_quietly(kind, pk)
    return done


def _nothing_at_stake(match: Match) -> bool:
    """Is ``match`` played for nothing — no stake of its own, no flat-stake terms,
    in no session — and was it never settled? Then a run would post nothing and
    only write a "No stake" record: the task skips it (reads only, no write), so a
    club night without money costs no settlement work per deal. Terms or a session
    set later are read by the next run (finishing the match sends one)."""
    return (
        match.point_value is None
        and not MatchTerms.objects.filter(match=match).exists()
        and not SessionMatch.objects.filter(match=match).exists()
        and not SettlementRecord.objects.filter(
            source_kind=SourceKind.MATCH, source_id=match.pk
        ).exists()
    )


def _record_refusal(kind: str, source_id: int, err: DomainError) -> None:
    if kind == SourceKind.MATCH:
        link = SessionMatch.objects.filter(match_id=source_id).first()
        if link is not None:
            kind, source_id = SourceKind.SESSION, link.session_id
    owner = (
        Match.objects.filter(pk=source_id).values_list("club_id", flat=True).first()
        if kind == SourceKind.MATCH
        else Session.objects.filter(pk=source_id)
        .values_list("club_id", flat=True)
        .first()
    )
    if owner is None:
        return
    with transaction.atomic():
        record = _lock_record(kind, source_id, owner)
        record.status = SettlementStatus.REFUSED
        record.errors = [{"path": err.path, "code": err.code, "message": err.message}]
        record.computed_at = timezone.now()
        record.save(update_fields=["status", "errors", "computed_at"])


# -- transfers marked paid ------------------------------------------------------------


@transaction.atomic
def transfer_mark_paid(
    *, record: SettlementRecord, payer: str, payee: str, amount: int, by: Any
) -> LedgerEntry:
    """Record that ``payer`` paid ``payee`` ``amount`` (one open transfer of the sheet).

    Posts a ``payment`` entry (the payee's claim goes down, the payer's debt too),
    with who marked it and when. The transfer must be one of the sheet's open
    transfers (409 ``not_an_open_transfer`` with the open ones otherwise).
    """
    from scoring import money_selectors

    if by is None or not permissions.may_manage_club(by, record.club_id):
        raise NotAllowed("permission_denied", "only a club admin marks transfers paid")
    record = SettlementRecord.objects.select_for_update().get(pk=record.pk)
    if (
        record.source_kind == SourceKind.MATCH
        and SessionMatch.objects.filter(match_id=record.source_id).exists()
    ):
        raise Conflict(
            "settled_in_session", "this match is paid on its session's sheet"
        )
    payer_account = Account.parse(payer, field="payer")
    payee_account = Account.parse(payee, field="payee")
    open_transfers = money_selectors.open_transfers(record)
    if not any(
        t["payer"] == payer_account.key
        and t["payee"] == payee_account.key
        and t["amount"] == amount
        for t in open_transfers
    ):
        raise Conflict(
            "not_an_open_transfer",
            "that transfer is not open on the sheet (it may have changed)",
            extra={"open_transfers": open_transfers},
        )
    session_id = record.source_id if record.source_kind == SourceKind.SESSION else None
    return LedgerEntry.objects.create(
        club_id=record.club_id,
        source_kind=record.source_kind,
        source_id=record.source_id,
        session_id=session_id,
        kind=EntryKind.PAYMENT,
        line=f"paid:{payer_account.key}:{payee_account.key}",
        debit_kind=payee_account.kind,
        debit_player_id=payee_account.player_id,
        credit_kind=payer_account.kind,
        credit_player_id=payer_account.player_id,
        amount=amount,
        currency=record.currency,
        memo=f"{payer_account.key} paid {payee_account.key} "
        f"{format_minor(amount, get_currency(record.currency))}",
        created_by=by,
    )


@transaction.atomic
def transfer_unmark_paid(*, entry: LedgerEntry, by: Any) -> LedgerEntry:
    """Undo a payment marked by mistake: a reversal entry (nothing is deleted)."""
    if by is None or not permissions.may_manage_club(by, entry.club_id):
        raise NotAllowed("permission_denied", "only a club admin marks transfers paid")
    entry = LedgerEntry.objects.select_for_update().get(pk=entry.pk)
    if entry.kind != EntryKind.PAYMENT or entry.reverses_id is not None:
        raise DomainError("not_a_payment", "only a marked payment can be undone")
    if LedgerEntry.objects.filter(reverses=entry).exists():
        raise Conflict("already_undone", "this payment was already undone")
    return LedgerEntry.objects.create(
        club_id=entry.club_id,
        source_kind=entry.source_kind,
        source_id=entry.source_id,
        session_id=entry.session_id,
        kind=entry.kind,
        line=entry.line,
        debit_kind=entry.credit_kind,
        debit_player_id=entry.credit_player_id,
        credit_kind=entry.debit_kind,
        credit_player_id=entry.debit_player_id,
        amount=entry.amount,
        currency=entry.currency,
        memo=f"undo of payment #{entry.pk}",
        reverses=entry,
        created_by=by,
    )


# -- tournament prize payouts ---------------------------------------------------------


@dataclass(frozen=True)
class PrizeStanding:
    """One entry of a tournament's final standings (competition rank)."""

    entry_id: int
    name: str
    rank: int
    player_ids: tuple[int, ...]


@dataclass(frozen=True)
class PrizeInput:
    """What a tournament gives the money side once its standings are final.

    ``standings`` in tie-break order; ``generation`` the standings' generation (a
    newer one supersedes, an older one is ignored).
    """

    tournament_id: int
    club_id: int
    name: str
    entry_fee: Decimal
    currency: str
    standings: tuple[PrizeStanding, ...]
    generation: int


def parse_structure(data: Any, currency: str):
    """The pure core's payout structure from its JSON form (see PrizeTerms)."""
    if not isinstance(data, Mapping):
        raise DomainError("invalid_structure", "a JSON object", "structure")
    kind = data.get("kind")
    try:
        if kind == "percentages":
            return PercentageStructure(
                tuple(
                    _decimal(v, f"structure.percentages.{i}")
                    for i, v in enumerate(_list(data, "percentages"))
                )
            )
        if kind == "fixed":
            return FixedStructure(
                tuple(
                    Money.of(
                        _decimal(v, f"structure.amounts.{i}"),
                        currency,
                        field=f"structure.amounts.{i}",
                    )
                    for i, v in enumerate(_list(data, "amounts"))
                )
            )
        if kind == "field_size":
            brackets = []
            for i, b in enumerate(_list(data, "brackets")):
                if not isinstance(b, Mapping):
                    raise DomainError(
                        "invalid_structure",
                        "a bracket object",
                        f"structure.brackets.{i}",
                    )
                brackets.append(
                    FieldSizeBracket(
                        int(b.get("min_entries", 1)),
                        None if b.get("max_entries") is None else int(b["max_entries"]),
                        PercentageStructure(
                            tuple(
                                _decimal(v, f"structure.brackets.{i}.percentages")
                                for v in _list(b, "percentages")
                            )
                        ),
                    )
                )
            return FieldSizeTable(tuple(brackets))
    except MoneyError as err:
        raise DomainError(err.code, err.message, err.field) from None
    except (TypeError, ValueError):
        raise DomainError(
            "invalid_structure", "malformed payout structure", "structure"
        ) from None
    raise DomainError(
        "invalid_structure",
        "kind is percentages, fixed or field_size",
        "structure.kind",
    )


def _list(data: Mapping, key: str) -> list:
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise DomainError("invalid_structure", f"{key} is a non-empty list", key)
    return value


def parse_house_fee(data: Any, currency: str):
    if data in (None, {}):
        return None
    if isinstance(data, Mapping) and "percent" in data:
        return PercentHouseFee(_decimal(data["percent"], "house_fee.percent"))
    if isinstance(data, Mapping) and "amount" in data:
        try:
            return FixedHouseFee(
                Money.of(
                    _decimal(data["amount"], "house_fee.amount"),
                    currency,
                    field="house_fee.amount",
                )
            )
        except MoneyError as err:
            raise DomainError(err.code, err.message, err.field) from None
    raise DomainError("invalid_house_fee", "give {percent} or {amount}", "house_fee")


@transaction.atomic
def prize_terms_set(
    *,
    tournament_id: int,
    club: Club,
    structure: Any,
    house_fee: Any = None,
    currency: str,
    entry_fee: Any = None,
    entries: int | None = None,
    by: Any,
) -> PrizeTerms:
    """Store a tournament's payout structure after checking it (400 when wrong).

    Checked against the field when ``entries`` and ``entry_fee`` are known (not more
    places than entries, fixed prizes within the pool), else on its own (percentages
    sum to exactly 100, positive prizes).
    """
    _require_manager(by, club.pk)
    _currency(currency)
    parsed = parse_structure(structure, currency)
    fee = parse_house_fee(house_fee, currency)
    if entries and entry_fee not in (None, ""):
        field = entries
        money = _money(entry_fee, currency, "entry_fee")
    else:
        field = _places(parsed)
        money = Money(10**9, get_currency(currency))
        fee = None
    try:
        compute_payouts(
            standings=[Standing(f"e{i}", i + 1) for i in range(field)],
            entry_fee=money,
            structure=parsed,
            house_fee=fee,
        )
    except MoneyError as err:
        raise DomainError(err.code, err.message, err.field) from None
    terms, _ = PrizeTerms.objects.update_or_create(
        tournament_id=tournament_id,
        defaults={
            "club": club,
            "structure": structure,
            "house_fee": house_fee,
            "updated_by": by if by is not None and by.is_authenticated else None,
        },
    )
    return terms


def _places(structure) -> int:
    if isinstance(structure, PercentageStructure):
        return len(structure.percentages)
    if isinstance(structure, FixedStructure):
        return len(structure.amounts)
    return max(
        max(b.min_entries, len(b.structure.percentages)) for b in structure.brackets
    )


def _money(value: Any, currency: str, field: str) -> Money:
    try:
        return Money.of(_decimal(value, field), currency, field=field)
    except MoneyError as err:
        raise DomainError(err.code, err.message, err.field) from None


@transaction.atomic
def tournament_payouts_settle(*, prize: PrizeInput, by: Any = None) -> SettlementRecord:
    """Post a tournament's entry fees, house fee and prizes from its final standings.

    Idempotent by ``prize.generation``: an older generation than the one already
    settled changes nothing; the same or a newer one posts only the difference
    (reversal + new entries when a late correction moved a prize).
    """
    _require_manager(by, prize.club_id)
    record = _lock_record(SourceKind.TOURNAMENT, prize.tournament_id, prize.club_id)
    if record.computed_at is not None and prize.generation < record.generation:
        return record
    terms = PrizeTerms.objects.filter(tournament_id=prize.tournament_id).first()
    if terms is None:
        raise DomainError(
            "no_prize_terms", "the tournament has no payout structure", "structure"
        )
    fee = _money(prize.entry_fee, prize.currency, "entry_fee")
    structure = parse_structure(terms.structure, prize.currency)
    house = parse_house_fee(terms.house_fee, prize.currency)
    try:
        sheet = compute_payouts(
            standings=[Standing(f"e{s.entry_id}", s.rank) for s in prize.standings],
            entry_fee=fee,
            structure=structure,
            house_fee=house,
        )
    except MoneyError as err:
        raise DomainError(err.code, err.message, err.field) from None
    postings: list[Posting] = []
    trail_entries = []
    for s in prize.standings:
        members = list(s.player_ids)
        if not members:
            raise DomainError(
                "entry_without_players", f"{s.name} has no players", "standings"
            )
        for pid, share in zip(
            members, allocate_equally(fee.minor, len(members)), strict=True
        ):
            if share:
                postings.append(
                    Posting(
                        f"fee:e{s.entry_id}:p{pid}",
                        EntryKind.ENTRY_FEE,
                        person(pid),
                        PRIZE_POOL,
                        share,
                        memo=f"entry fee of {s.name}"[:255],
                    )
                )
        won = sheet.amount_for(f"e{s.entry_id}")
        for pid, share in zip(
            members, allocate_equally(won, len(members)), strict=True
        ):
            if share:
                postings.append(
                    Posting(
                        f"prize:e{s.entry_id}:p{pid}",
                        EntryKind.PRIZE,
                        PRIZE_POOL,
                        person(pid),
                        share,
                        memo=f"prize of {s.name} (rank {s.rank})"[:255],
                    )
                )
        trail_entries.append(
            {"entry": s.entry_id, "name": s.name, "rank": s.rank, "prize": won}
        )
    if sheet.house_fee:
        postings.append(
            Posting("house", EntryKind.HOUSE_FEE, PRIZE_POOL, HOUSE, sheet.house_fee)
        )
    _reconcile(record, postings, session=None, currency=prize.currency, by=by)
    _store(
        record,
        currency=prize.currency,
        trail=[
            {
                "tournament": prize.tournament_id,
                "name": prize.name,
                "generation": prize.generation,
                "lines": list(sheet.explanation),
                "entries": trail_entries,
                "undistributed": sheet.undistributed,
            }
        ],
        generation=prize.generation,
    )
    return record


def tournament_payouts_from_provider(tournament_id: int) -> str:
    """For the task: ask ``settings.KIRJURI_PRIZE_STANDINGS_PROVIDER`` (a dotted path
    to ``f(tournament_id) -> PrizeInput | None``; ``None`` while the standings are not
    final) and settle. Scoring does not import tournaments; they plug in here."""
    from django.conf import settings

    path = getattr(settings, "KIRJURI_PRIZE_STANDINGS_PROVIDER", "")
    if not path:
        return "no_provider"
    prize = import_string(path)(tournament_id)
    if prize is None:
        return "not_final"
    try:
        tournament_payouts_settle(prize=prize)
    except DomainError as err:
        with transaction.atomic():
            record = _lock_record(
                SourceKind.TOURNAMENT, prize.tournament_id, prize.club_id
            )
            record.status = SettlementStatus.REFUSED
            record.errors = [
                {"path": err.path, "code": err.code, "message": err.message}
            ]
            record.computed_at = timezone.now()
            record.save(update_fields=["status", "errors", "computed_at"])
        return "refused"
    return "settled"
