"""Moving the money models from ``scoring`` to ``money`` keeps every row.

On PostgreSQL: migrate the test database back to the schema before the move
(``scoring.0004``, no ``money`` app), fill it through the historical models with
matches, deals, sessions, match terms, ledger entries (a reversal among them),
settlement records and prize terms, migrate forward, and read every row back
through the new models with the same amounts. A fresh database has just been
migrated from zero by the test run itself.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

BEFORE = [("scoring", "0004_ratings"), ("money", None)]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    executor.loader.build_graph()
    # The state at those nodes (an app migrated to zero is no node: left out).
    return executor.loader.project_state([t for t in targets if t[1]]).apps


def _latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def _fill(apps) -> dict:
    """Rows of every money model, written as the previous schema's app held them."""
    Catalogue = apps.get_model("games", "CatalogueEntry")
    Club = apps.get_model("scoring", "Club")
    Player = apps.get_model("scoring", "Player")
    Match = apps.get_model("scoring", "Match")
    Seat = apps.get_model("scoring", "Seat")
    Deal = apps.get_model("scoring", "Deal")
    Session = apps.get_model("scoring", "Session")
    SessionMatch = apps.get_model("scoring", "SessionMatch")
    MatchTerms = apps.get_model("scoring", "MatchTerms")
    LedgerEntry = apps.get_model("scoring", "LedgerEntry")
    SettlementRecord = apps.get_model("scoring", "SettlementRecord")
    PrizeTerms = apps.get_model("scoring", "PrizeTerms")

    game, _ = Catalogue.objects.get_or_create(
        slug="migration-test", defaults={"name": "Test", "synced_at": timezone.now()}
    )
    club = Club.objects.create(name="Kortti", slug="kortti-migration")
    anna = Player.objects.create(display_name="Anna")
    ben = Player.objects.create(display_name="Ben")
    session = Session.objects.create(
        club=club,
        name="Friday",
        currency="EUR",
        point_value=Decimal("0.05"),
        team_mode="split",
    )
    matches = []
    for i in range(3):
        match = Match.objects.create(
            club=club,
            game=game,
            point_value=Decimal("0.0125"),
            currency="EUR",
            status="finished",
            totals=[520 + i, 385],
        )
        Seat.objects.create(match=match, position=0, side=0, player=anna)
        Seat.objects.create(match=match, position=1, side=1, player=ben)
        for number in (1, 2):
            Deal.objects.create(match=match, number=number, input={"points": number})
        matches.append(match)
    SessionMatch.objects.create(session=session, match=matches[0])
    MatchTerms.objects.create(
        match=matches[1], team_mode="per_member", flat_stake=Decimal("2.50")
    )
    first = LedgerEntry.objects.create(
        club=club,
        source_kind="match",
        source_id=matches[2].pk,
        match=matches[2],
        deal=matches[2].deals.first(),
        kind="settlement",
        line=f"m{matches[2].pk}:p{ben.pk}",
        debit_kind="player",
        debit_player=ben,
        credit_kind="pot",
        amount=169,
        currency="EUR",
        memo="first",
    )
    LedgerEntry.objects.create(
        club=club,
        source_kind="match",
        source_id=matches[2].pk,
        match=matches[2],
        kind="settlement",
        line=first.line,
        debit_kind="pot",
        credit_kind="player",
        credit_player=ben,
        amount=169,
        currency="EUR",
        memo="reversal",
        reverses=first,
    )
    LedgerEntry.objects.create(
        club=club,
        source_kind="session",
        source_id=session.pk,
        session=session,
        match=matches[0],
        kind="settlement",
        line=f"m{matches[0].pk}:p{anna.pk}",
        debit_kind="pot",
        credit_kind="player",
        credit_player=anna,
        amount=675,
        currency="EUR",
    )
    LedgerEntry.objects.create(
        club=club,
        source_kind="tournament",
        source_id=77,
        kind="prize",
        line=f"prize:e1:p{anna.pk}",
        debit_kind="prize_pool",
        credit_kind="player",
        credit_player=anna,
        amount=2400,
        currency="EUR",
    )
    SettlementRecord.objects.create(
        club=club,
        source_kind="session",
        source_id=session.pk,
        currency="EUR",
        status="settled",
        trail=[{"match": matches[0].pk, "lines": ["Anna +6.75"]}],
        generation=3,
    )
    SettlementRecord.objects.create(
        club=club,
        source_kind="match",
        source_id=matches[2].pk,
        currency="EUR",
        status="refused",
        errors=[{"path": "point_value", "code": "x", "message": "m"}],
    )
    PrizeTerms.objects.create(
        tournament_id=77,
        club=club,
        structure={"kind": "percentages", "percentages": ["60", "40"]},
        house_fee={"percent": "10"},
    )
    rows = {
        name: sorted(apps.get_model("scoring", name).objects.values_list(*fields))
        for name, fields in FIELDS.items()
    }
    return {"rows": rows, "session": session.pk, "first": first.pk}


FIELDS = {
    "Session": ("id", "club_id", "name", "currency", "point_value", "team_mode"),
    "SessionMatch": ("id", "session_id", "match_id"),
    "MatchTerms": ("id", "match_id", "team_mode", "flat_stake"),
    "LedgerEntry": (
        "id",
        "club_id",
        "source_kind",
        "source_id",
        "session_id",
        "match_id",
        "deal_id",
        "kind",
        "line",
        "debit_kind",
        "debit_player_id",
        "credit_kind",
        "credit_player_id",
        "amount",
        "currency",
        "memo",
        "reverses_id",
    ),
    "SettlementRecord": (
        "id",
        "club_id",
        "source_kind",
        "source_id",
        "currency",
        "status",
        "trail",
        "errors",
        "generation",
    ),
    "PrizeTerms": ("id", "tournament_id", "club_id", "structure", "house_fee"),
}


def test_moving_the_money_models_keeps_every_row_and_amount():
    latest = _latest()
    old = _migrate(BEFORE)
    assert "money" not in old.app_configs
    before = _fill(old)
    assert len(before["rows"]["LedgerEntry"]) == 4

    _migrate(latest)

    from money import models as money_models
    from money.selectors import balances_compute

    after = {
        name: sorted(getattr(money_models, name).objects.values_list(*fields))
        for name, fields in FIELDS.items()
    }
    assert after == before["rows"]
    assert [row[13] for row in after["LedgerEntry"]] == [169, 169, 675, 2400]
    # The new models read the rows as objects, relations and all.
    first = money_models.LedgerEntry.objects.get(pk=before["first"])
    assert first.reversed_by.amount == first.amount == 169
    session = money_models.Session.objects.get(pk=before["session"])
    assert session.point_value == Decimal("0.0500")
    assert [link.match_id for link in session.links.all()] == [
        before["rows"]["SessionMatch"][0][2]
    ]
    settled, _paid = balances_compute(
        money_models.LedgerEntry.objects.filter(source_kind="session")
    )
    assert settled["pot"] == -675
    assert sorted(settled.values()) == [-675, 675]  # Anna's 6.75 out of the pot
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM scoring_ledgerentry")
        assert cursor.fetchone()[0] == 4  # the same table, not a copy
    # Admin history and permissions follow the models to their app.
    from django.contrib.contenttypes.models import ContentType

    assert (
        ContentType.objects.filter(app_label="scoring", model="ledgerentry").count()
        == 0
    )
