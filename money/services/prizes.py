"""Tournament prize payouts: the payout structure and the posting of fees and prizes
from the final standings (read through :func:`tournaments.prizes.final_standings_get`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.translation import localized
from money.actors import User
from money.models import (
    EntryKind,
    PrizeTerms,
    SettlementRecord,
    SettlementStatus,
    SourceKind,
)
from money.services.ledger import (
    HOUSE,
    PRIZE_POOL,
    Posting,
    ledger_postings_reconcile,
    player_account_get,
    settlement_record_lock,
    settlement_record_update,
)
from money.services.stakes import (
    club_money_manager_check,
    stake_amount_parse,
    stake_currency_get,
)
from money.settlement import (
    FieldSizeBracket,
    FieldSizeTable,
    FixedHouseFee,
    FixedStructure,
    Money,
    MoneyError,
    PercentageStructure,
    PercentHouseFee,
    Standing,
    allocate_equally,
    compute_payouts,
    get_currency,
)
from scoring.errors import DomainError
from scoring.models import Club
from tournaments.models import Tournament
from tournaments.prizes import FinalStanding, FinalStandings, final_standings_get

# -- tournament prize payouts ---------------------------------------------------------


# What the tournaments app gives once its standings are final: its own types, read
# through its selector (money is the layer above and imports it).
PrizeStanding = FinalStanding
PrizeInput = FinalStandings


def structure_parse(data: Any, currency: str):
    """The pure core's payout structure from its JSON form (see PrizeTerms)."""
    if not isinstance(data, Mapping):
        raise DomainError("invalid_structure", gettext("a JSON object"), "structure")
    kind = data.get("kind")
    try:
        if kind == "percentages":
            return PercentageStructure(
                tuple(
                    stake_amount_parse(v, f"structure.percentages.{i}")
                    for i, v in enumerate(_list(data, "percentages"))
                )
            )
        if kind == "fixed":
            return FixedStructure(
                tuple(
                    Money.of(
                        stake_amount_parse(v, f"structure.amounts.{i}"),
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
                        gettext("a bracket object"),
                        f"structure.brackets.{i}",
                    )
                brackets.append(
                    FieldSizeBracket(
                        int(b.get("min_entries", 1)),
                        None if b.get("max_entries") is None else int(b["max_entries"]),
                        PercentageStructure(
                            tuple(
                                stake_amount_parse(
                                    v, f"structure.brackets.{i}.percentages"
                                )
                                for v in _list(b, "percentages")
                            )
                        ),
                    )
                )
            return FieldSizeTable(tuple(brackets))
    except MoneyError as err:
        raise DomainError(err.code, localized(err.message), err.field) from None
    except (TypeError, ValueError):
        raise DomainError(
            "invalid_structure", gettext("malformed payout structure"), "structure"
        ) from None
    raise DomainError(
        "invalid_structure",
        gettext("kind is percentages, fixed or field_size"),
        "structure.kind",
    )


def _list(data: Mapping, key: str) -> list:
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise DomainError(
            "invalid_structure",
            gettext("%(key)s is a non-empty list") % {"key": key},
            key,
        )
    return value


def house_fee_parse(data: Any, currency: str):
    if data in (None, {}):
        return None
    if isinstance(data, Mapping) and "percent" in data:
        return PercentHouseFee(stake_amount_parse(data["percent"], "house_fee.percent"))
    if isinstance(data, Mapping) and "amount" in data:
        try:
            return FixedHouseFee(
                Money.of(
                    stake_amount_parse(data["amount"], "house_fee.amount"),
                    currency,
                    field="house_fee.amount",
                )
            )
        except MoneyError as err:
            raise DomainError(err.code, localized(err.message), err.field) from None
    raise DomainError(
        "invalid_house_fee", gettext("give {percent} or {amount}"), "house_fee"
    )


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
    by: User | None,
) -> PrizeTerms:
    """Store a tournament's payout structure after checking it (400 when wrong).

    Checked against the field when ``entries`` and ``entry_fee`` are known (not more
    places than entries, fixed prizes within the pool), else on its own (percentages
    sum to exactly 100, positive prizes).
    """
    club_money_manager_check(by, club.pk)
    stake_currency_get(currency)
    parsed = structure_parse(structure, currency)
    fee = house_fee_parse(house_fee, currency)
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
        raise DomainError(err.code, localized(err.message), err.field) from None
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
        return Money.of(stake_amount_parse(value, field), currency, field=field)
    except MoneyError as err:
        raise DomainError(err.code, localized(err.message), err.field) from None


@transaction.atomic
def tournament_payouts_settle(
    *, prize: PrizeInput, by: User | None = None
) -> SettlementRecord:
    """Post a tournament's entry fees, house fee and prizes from its final standings.

    Idempotent by ``prize.generation``: an older generation than the one already
    settled changes nothing; the same or a newer one posts only the difference
    (reversal + new entries when a late correction moved a prize).
    """
    club_money_manager_check(by, prize.club_id)
    record = settlement_record_lock(
        SourceKind.TOURNAMENT, prize.tournament_id, prize.club_id
    )
    if record.computed_at is not None and prize.generation < record.generation:
        return record
    terms = PrizeTerms.objects.filter(tournament_id=prize.tournament_id).first()
    if terms is None:
        raise DomainError(
            "no_prize_terms",
            gettext("the tournament has no payout structure"),
            "structure",
        )
    fee = _money(prize.entry_fee, prize.currency, "entry_fee")
    structure = structure_parse(terms.structure, prize.currency)
    house = house_fee_parse(terms.house_fee, prize.currency)
    try:
        sheet = compute_payouts(
            standings=[Standing(f"e{s.entry_id}", s.rank) for s in prize.standings],
            entry_fee=fee,
            structure=structure,
            house_fee=house,
        )
    except MoneyError as err:
        raise DomainError(err.code, localized(err.message), err.field) from None
    postings: list[Posting] = []
    trail_entries = []
    for s in prize.standings:
        members = list(s.player_ids)
        if not members:
            raise DomainError(
                "entry_without_players",
                gettext("%(name)s has no players") % {"name": s.name},
                "standings",
            )
        for pid, share in zip(
            members, allocate_equally(fee.minor, len(members)), strict=True
        ):
            if share:
                postings.append(
                    Posting(
                        f"fee:e{s.entry_id}:p{pid}",
                        EntryKind.ENTRY_FEE,
                        player_account_get(pid),
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
                        player_account_get(pid),
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
    ledger_postings_reconcile(
        record, postings, session=None, currency=prize.currency, by=by
    )
    settlement_record_update(
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


def tournament_prizes_settle(*, tournament_id: int) -> str:
    """For the task: read the closed tournament's final standings
    (:func:`tournaments.prizes.final_standings_get`; ``None`` while they are not
    final) and settle; a refusal is recorded on the sheet, not raised."""
    prize = final_standings_get(tournament_id=tournament_id)
    if prize is None:
        return "not_final"
    try:
        tournament_payouts_settle(prize=prize)
    except DomainError as err:
        with transaction.atomic():
            record = settlement_record_lock(
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


@transaction.atomic
def tournament_prize_terms_set(
    *,
    tournament: Tournament,
    structure: Mapping[str, Any],
    house_fee: Mapping[str, Any] | None = None,
    by: AbstractBaseUser,
) -> PrizeTerms:
    """The tournament's payout structure, checked against its field and entry fee.

    The money rules validate it (percentages sum to 100, not more places than
    entries, fixed prizes within the pool; 400 naming the field); a club admin sets
    it, as for every money matter of the club.
    """
    if not tournament.entry_fee or not tournament.entry_fee_currency:
        raise DomainError(
            "no_entry_fee",
            gettext("set the entry fee and its currency first"),
            "entry_fee",
        )
    return prize_terms_set(
        tournament_id=tournament.pk,
        club=tournament.club,
        structure=structure,
        house_fee=house_fee,
        currency=tournament.entry_fee_currency,
        entry_fee=tournament.entry_fee,
        entries=tournament.entries.filter(withdrawn_at__isnull=True).count(),
        by=by,
    )
