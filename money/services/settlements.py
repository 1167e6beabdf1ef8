"""Settling matches and sessions from the stored results; the catch-up reconcile.

Recompute, compare, post the difference (see :mod:`money.services`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F, Max, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from config.translation import localized
from games.engine.text import msg
from money.actors import User
from money.models import (
    LedgerEntry,
    MatchTerms,
    Session,
    SessionMatch,
    SettlementRecord,
    SettlementStatus,
    SourceKind,
)
from money.services._declarations import is_chip_game, lower_totals_win
from money.services.ledger import (
    Posting,
    ledger_net_posting_build,
    ledger_postings_reconcile,
    settlement_record_lock,
    settlement_record_update,
)
from money.services.stakes import (
    club_money_manager_check,
    match_stakes_get,
    match_terms_get,
    stake_error_build,
)
from money.settlement import (
    MoneyError,
    OddUnitLedger,
    Side,
    TeamMode,
    settle_chip_nets,
    settle_flat,
    settle_scores,
)
from scoring.errors import DomainError
from scoring.models import Deal, DealStatus, Match, MatchStatus, Player, Seat

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


def _compute_match(
    match: Match,
    *,
    session: Session | None,
    names: Mapping[int, str],
    ledger: OddUnitLedger,
    loaded: tuple[MatchTerms | None, list[list[Player]]] | None = None,
) -> _Computed:
    """``loaded``: the match's terms and sides, read with its session's others."""
    terms, sides = (
        loaded if loaded is not None else (match_terms_get(match), _sides(match))
    )
    stake, flat, team_mode = match_stakes_get(match, session, terms)
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
        trail["lines"].append(msg("No stake: nothing to settle."))
        return _Computed([], trail, ledger)
    try:
        if stake is not None and is_chip_game(match.game_id):
            return _compute_chips(match, sides, names, by_key, stake, trail, ledger)
        if match.status != MatchStatus.FINISHED:
            trail["lines"].append(
                msg("Not finished: a points game settles when the match is finished.")
            )
            return _Computed([], trail, ledger)
        if flat is not None:
            won = set(match.winners or ())
            if not won or len(won) == len(sides):
                trail["lines"].append(msg("No winner: a flat stake settles nothing."))
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
            sign = -1 if lower_totals_win(match.game_id) else 1
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
        raise stake_error_build(err, f"matches.{match.pk}.") from None
    trail["method"] = settlement.method
    trail["lines"] = list(settlement.explanation)
    if stake is not None and flat is None and lower_totals_win(match.game_id):
        trail["lines"].insert(
            0,
            msg("The most points lose: each player's points count as minus points."),
        )
    trail["nets"] = dict(settlement.nets)
    postings = [
        ledger_net_posting_build(
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
            "seats",
            "chip_sides_individual",
            msg("In a chip game everyone plays alone."),
        )
    people = [names[side[0].pk] for side in sides]
    postings: list[Posting] = []
    trail["method"] = "chips"
    totals = dict.fromkeys(people, 0)
    deals = Deal.objects.filter(match=match, status=DealStatus.COUNTED).order_by(
        "number"
    )
    # Chips a deal leaves on the table (Sinkki's split remainder, a pot carried to
    # a later winner) are settled with the deal that takes them: deals are settled
    # in runs that cancel out, a run of one deal in the usual case.
    pending: dict[str, int] = {}
    first = None
    for deal in deals:
        points = (deal.result or {}).get("points") or []
        for i in range(min(len(points), len(people))):
            pending[people[i]] = pending.get(people[i], 0) + int(points[i])
        first = first or deal
        if sum(pending.values()):
            continue
        try:
            settlement = settle_chip_nets(
                [pending], stake, players=people, ledger=ledger
            )
        except MoneyError as err:
            raise MoneyError(
                f"deals.{deal.number}",
                err.code,
                msg(
                    "Deal {number}: {message}",
                    number=deal.number,
                    message=localized(err.message),
                ),
            ) from None
        ledger = settlement.ledger
        numbers = (
            f"deal {deal.number}"
            if first is deal
            else f"deals {first.number}–{deal.number}"
        )
        trail["deals"].append(
            {
                "number": deal.number,
                "from": first.number,
                "lines": list(settlement.explanation),
            }
        )
        for key, net in settlement.nets:
            totals[key] += net
            posting = ledger_net_posting_build(
                f"d{deal.pk}:p{by_key[key]}",
                by_key[key],
                net,
                match_id=match.pk,
                deal_id=deal.pk,
                memo=f"{match.game_id} #{match.pk} {numbers}",
            )
            if posting:
                postings.append(posting)
        pending, first = {}, None
    trail["nets"] = totals
    trail["lines"] = [
        msg(
            "Value of a chip: {value}; paid deal by deal ({count} deal(s)).",
            value=stake.describe(),
            count=len(trail["deals"]),
        )
    ]
    if first is not None:
        trail["lines"].append(
            msg(
                "{chips} chip(s) on the table since deal {deal}, settled with the "
                "deal that takes them.",
                chips=-sum(pending.values()),
                deal=first.number,
            )
        )
    return _Computed(postings, trail, ledger)


# -- settling matches and sessions ----------------------------------------------------


def match_settle(*, match: Match, by: User | None = None) -> SettlementRecord:
    """Settle ``match`` (with its session if it has one) from the stored data.

    Idempotent; posts only what changed (see the module docstring).
    """
    link = SessionMatch.objects.filter(match=match).select_related("session").first()
    if link is not None:
        return session_settle(session=link.session, by=by)
    return _settle_match(match, by=by)


@transaction.atomic
def _settle_match(match: Match, *, by: User | None) -> SettlementRecord:
    club_money_manager_check(by, match.club_id)
    record = settlement_record_lock(SourceKind.MATCH, match.pk, match.club_id)
    match = Match.objects.get(pk=match.pk)
    if SessionMatch.objects.filter(match=match).exists():
        return record  # joined a session meanwhile: the session settles it
    players = [p for side in _sides(match) for p in side]
    computed = _compute_match(
        match, session=None, names=_names(players), ledger=OddUnitLedger()
    )
    currency = match.currency
    ledger_postings_reconcile(
        record, computed.postings, session=None, currency=currency, by=by
    )
    settlement_record_update(record, currency=currency, trail=[computed.trail])
    return record


@transaction.atomic
def session_settle(*, session: Session, by: User | None = None) -> SettlementRecord:
    """Settle every match of ``session`` in the order played. Idempotent."""
    club_money_manager_check(by, session.club_id)
    return session_settle_in_transaction(session, by=by)


def session_settle_in_transaction(
    session: Session, *, by: User | None
) -> SettlementRecord:
    record = settlement_record_lock(SourceKind.SESSION, session.pk, session.club_id)
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
                gettext(
                    "match %(match_pk)s is in %(currency)s, the session in "
                    "%(currency2)s"
                )
                % {
                    "match_pk": match.pk,
                    "currency": match.currency,
                    "currency2": session.currency,
                },
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
    ledger_postings_reconcile(
        record, postings, session=session, currency=session.currency, by=by
    )
    settlement_record_update(record, currency=session.currency, trail=trail)
    return record


def source_settle(*, kind: str, source_id: int) -> str:
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
        source_settle(kind=kind, source_id=pk)
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
        record = settlement_record_lock(kind, source_id, owner)
        record.status = SettlementStatus.REFUSED
        record.errors = [{"path": err.path, "code": err.code, "message": err.message}]
        record.computed_at = timezone.now()
        record.save(update_fields=["status", "errors", "computed_at"])


def _renamed(line: str, old: int, new: int) -> str:
    return re.sub(rf":p{old}(?=$|:)", f":p{new}", line)


def ledger_player_merge(*, keep_id: int, merge_id: int) -> list[tuple[str, int]]:
    """Rename the postings of a merged player (``m12:p7`` → ``m12:p3``) and settle
    their matches and sessions again; the caller's transaction holds. Returns the
    ``(kind, id)`` settled again."""
    sources: set[tuple[str, int]] = set()
    # One update for every line that names the merged player (one per match they
    # played), not one each.
    lines = list(LedgerEntry.objects.filter(line__regex=rf":p{merge_id}(:|$)"))
    for entry in lines:
        entry.line = _renamed(entry.line, merge_id, keep_id)
        if entry.source_kind in (SourceKind.MATCH, SourceKind.SESSION):
            sources.add((entry.source_kind, entry.source_id))
    LedgerEntry.objects.bulk_update(lines, ["line"])
    for kind, source_id in sorted(sources):  # the trails name the kept player
        source_settle(kind=kind, source_id=source_id)
    return sorted(sources)
