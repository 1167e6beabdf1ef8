"""A club with a bit of everything, and its picture without database ids.

``club_of_everything`` builds: a finished Tuppi match with a corrected deal, a
double-entry match with a confirmed and a pending deal, a Swiss tournament with a
played round and its standings, and a money evening of two stake matches, settled,
with one transfer marked paid. ``picture(club)`` is what a member sees of it —
standings, match totals (and the from-scratch refold of each), deal histories,
ledger balances — named by people's names, never by ids, so that an imported copy
can be compared with the original.
"""

from __future__ import annotations

from types import SimpleNamespace

import tests.money_service.testgames
import tests.scoring.racegame  # noqa: F401  (registers the race test game)
from money import selectors as money_selectors
from money import services as money_services
from money.models import LedgerEntry, SettlementRecord
from money.selectors.sheets import balances_compute
from scoring import services
from scoring.models import DealRevision, Match, Player, Role
from tests.scoring.factories import UserFactory, member
from tests.tournaments.conftest import play_round
from tournaments import services as tournament_services
from tournaments.models import Tournament

TUPPI_DEAL = {"contract": "rami", "declarer": 1, "tricks": [5, 8]}


def club_of_everything():
    admin_user = UserFactory(username="aino")
    club = services.club_create(name="Kortti", by=admin_user)
    admin = Player.objects.get(user=admin_user)
    p = SimpleNamespace(
        admin=admin,
        anna=member(club, Role.SCORER, "Anna"),
        ben=member(club, Role.MEMBER, "Ben"),
        cai=member(club, Role.MEMBER, "Cai"),
        dan=member(club, Role.MEMBER, "Dan"),
    )
    by = admin_user

    tuppi = services.match_start(
        club=club,
        game="tuppi",
        seats=[(p.anna, 0), (p.ben, 1), (p.cai, 0), (p.dan, 1)],
        by=by,
    )
    for number in (1, 2, 3):
        services.deal_submit(match=tuppi, number=number, input=TUPPI_DEAL, by=by)
    deal = tuppi.deals.get(number=2)
    services.deal_correct(
        match=tuppi,
        number=2,
        input={"contract": "rami", "declarer": 0, "tricks": [9, 4]},
        base_version=deal.version,
        reason="väärä pelinviejä",
        by=by,
    )
    tuppi.refresh_from_db()
    while not tuppi.finished:  # the same deal until the match is decided
        services.deal_submit(
            match=tuppi, number=tuppi.next_deal["number"], input=TUPPI_DEAL, by=by
        )
        tuppi.refresh_from_db()
    services.match_finish(match=tuppi, by=by)

    double = services.match_start(
        club=club,
        game="race-test",
        seats=[(p.anna, 0), (p.ben, 1)],
        double_entry=True,
        by=p.anna.user,
    )
    services.deal_submit(
        match=double, number=1, input={"points": [20, 5]}, by=p.anna.user
    )
    services.deal_submit(
        match=double, number=1, input={"points": [20, 5]}, by=p.ben.user
    )
    services.deal_submit(
        match=double, number=2, input={"points": [3, 30]}, by=p.anna.user
    )

    swiss = tournament_services.tournament_create(
        club=club, name="Syysturnaus", game="sleazy", format="swiss", by=by
    )
    tournament_services.entries_add(
        tournament=swiss, names="Ann\nBob\nCid\nDee\nEve", by=by
    )
    stage = swiss.stages.get()
    play_round(
        tournament_services.round_generate(stage=stage, by=by),
        by,
        lambda table: [{"mode": "totals", "points": [100, 25]}] * 4,
    )
    gen = tournament_services.standings_bump(tournament_id=swiss.pk)
    tournament_services.standings_recompute(tournament_id=swiss.pk, generation=gen)

    evening = money_services.session_create(
        club=club, name="Perjantai", currency="EUR", point_value="0.05", by=by
    )
    for scores in ([120, 95, 80, 65], [60, 90, 75, 100]):
        match = services.match_start(
            club=club,
            game="tally-test",
            seats=[(p.anna, 0), (p.ben, 1), (p.cai, 2), (p.dan, 3)],
            options={"deals": 1},
            point_value="0.05",
            currency="EUR",
            by=by,
        )
        services.deal_submit(match=match, number=1, input={"points": scores}, by=by)
        match.refresh_from_db()
        services.match_finish(match=match, by=by)
        money_services.session_add_match(session=evening, match=match, by=by)
    record = money_services.session_settle(session=evening, by=by)
    sheet = money_selectors.session_sheet_get(by, evening.pk)
    first = sheet["transfers"][0]
    money_services.transfer_mark_paid(
        record=record,
        payer=first["payer"],
        payee=first["payee"],
        amount=first["amount"],
        by=by,
    )
    return club


def _names(club) -> dict[str, str]:
    players = Player.objects.filter(memberships__club=club)
    return {f"p{pl.pk}": pl.display_name for pl in players}


def _standings(club) -> list:
    """Every stage's rows: the entry's name and every other value, ids left out."""
    out = []
    for t in Tournament.objects.filter(club=club).order_by("created_at"):
        for stage in t.standings.stages:
            rows = [
                {k: v for k, v in row.items() if k != "entry"} for row in stage["rows"]
            ]
            out.append((t.name, stage["name"], rows))
    return out


def _matches(club) -> list:
    out = []
    for match in Match.objects.filter(club=club).order_by("started_at", "pk"):
        seats = [
            (s.position, s.side, s.player.display_name)
            for s in match.seats.order_by("position")
        ]
        stored = (match.game_id, match.status, match.totals, match.winners)
        refolded = services.match_refold(match=match)
        history = [
            (
                r.deal.number,
                r.kind,
                r.deal_version,
                r.input,
                r.reason,
                r.by.get_username() if r.by else None,
                r.via,
                r.seat,
            )
            for r in DealRevision.objects.filter(deal__match=match)
            .select_related("deal", "by")
            .order_by("deal__number", "at", "pk")
        ]
        deals = [
            (d.number, d.status, d.input, d.result, d.totals, d.rival_input)
            for d in match.deals.order_by("number")
        ]
        out.append((stored, (refolded.totals, refolded.winners), seats, deals, history))
    return out


def _ledger(club) -> tuple:
    names = _names(club)
    settled, paid = balances_compute(LedgerEntry.objects.filter(club=club))
    rename = lambda book: sorted((names.get(k, k), v) for k, v in book.items())  # noqa: E731
    lines = sorted(
        (e.kind, e.amount, e.currency, e.memo)
        for e in LedgerEntry.objects.filter(club=club)
    )
    records = sorted(
        (r.source_kind, r.status, r.currency)
        for r in SettlementRecord.objects.filter(club=club)
    )
    return rename(settled), rename(paid), lines, records


def picture(club) -> dict:
    club.refresh_from_db()
    return {
        "club": (club.name, club.time_zone, club.language),
        "members": sorted(
            (m.player.display_name, m.role, m.is_guest, m.retired_at)
            for m in club.memberships.select_related("player")
        ),
        "standings": _standings(club),
        "matches": _matches(club),
        "ledger": _ledger(club),
    }
