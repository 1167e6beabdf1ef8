"""One rich club for the page fuzz: players of every role, matches of a few games
(one counted, one by double entry with a deal pending, one finished with money on
it), a published Swiss tournament with a round under way, a money evening, an
open invitation, and a table link — so that every URL reaches its view's work and
not only its 404."""

from __future__ import annotations

from types import SimpleNamespace

from django.db import connection
from django.db.models import Sum
from django.urls import reverse

import tests.money_service.testgames  # noqa: F401  (registers the test games)
from money import services as money_services
from scoring import selectors
from scoring import services as scoring_services
from scoring.models import Deal, Role
from tests.scoring.factories import ClubFactory, UserFactory, member, race_match
from tournaments import services as tournament_services


def world_build() -> SimpleNamespace:
    club = ClubFactory(name="Fuzz", slug="fuzz")
    admin = member(club, Role.ADMIN, "Aino")
    scorer = member(club, Role.SCORER, "Sami")
    plain = member(club, Role.MEMBER, "Mervi")
    opponent = member(club, Role.MEMBER, "Olli")
    by = admin.user

    counted = race_match(club, by, [admin, opponent], is_public=True)
    for number, points in enumerate(([10, 0], [0, 20], [5, 5]), start=1):
        scoring_services.deal_submit(
            match=counted, number=number, input={"points": points}, by=by
        )
    double = race_match(
        club, scorer.user, [scorer, opponent, plain, admin], double_entry=True
    )
    scoring_services.deal_submit(
        match=double, number=1, input={"points": [20, 0]}, by=scorer.user
    )
    staked = race_match(
        club,
        by,
        [admin, plain],
        options={"target": 10},
        point_value="0.05",
        currency="EUR",
    )
    scoring_services.deal_submit(
        match=staked, number=1, input={"points": [12, 3]}, by=by
    )
    staked.refresh_from_db()
    if staked.status != "finished":
        scoring_services.match_finish(match=staked, by=by)
    evening = money_services.session_create(
        club=club, name="Friday", currency="EUR", point_value="0.05", by=by
    )
    money_services.session_add_match(session=evening, match=staked, by=by)

    tournament = tournament_services.tournament_create(
        club=club,
        name="Fuzz Open",
        game="sleazy",
        format="swiss",
        visibility="published",
        by=by,
    )
    entries = tournament_services.entries_add(
        tournament=tournament, names=["Ann", "Bob", "Cid", "Dee"], by=by
    )
    stage = tournament.stages.get()
    round_ = tournament_services.round_start(
        round=tournament_services.round_generate(stage=stage, by=by), by=by
    )
    table = round_.tables.select_related("match").order_by("number").first()
    scoring_services.deal_submit(
        match=table.match,
        number=1,
        input={"mode": "totals", "points": [100, 25]},
        by=by,
    )
    invitation = scoring_services.invitation_create(club=club, max_uses=3, by=by)
    token = selectors.table_link_get(counted)
    double_token = selectors.table_link_get(double)
    ids = {
        "club_id": club.pk,
        "player_id": opponent.pk,
        "match_id": counted.pk,
        "number": 1,
        "membership_id": club.memberships.first().pk,
        "invitation_id": invitation.pk,
        "invitation_token": invitation.token,
        "table_token": double_token,
        "reset_token": "set-password",
        "uidb64": "MQ",
        "session_id": evening.pk,
        "tournament_id": tournament.pk,
        "entry_id": entries[0].pk,
        "stage_id": stage.pk,
        "round_id": round_.pk,
        "table_id": table.pk,
        "kind": "session",
        "source_id": evening.pk,
        "game": "race-test",
    }
    return SimpleNamespace(
        ids={key: str(value) for key, value in ids.items()},
        # Other real ids a route may take, each walked too.
        alternatives={
            "match_id": [str(double.pk), str(staked.pk), str(table.match.pk)],
            "kind": ["match", "tournament"],
            "source_id": [str(staked.pk), str(tournament.pk)],
            "table_token": [token],
        },
        club=club,
        users={"member": plain.user, "admin": admin.user, "scorer": scorer.user},
        outsider=UserFactory(username="outsider"),
        table_url=reverse("scoring:table", kwargs={"token": double_token}),
    )


def _tables() -> list[str]:
    from django.apps import apps

    return sorted(
        model._meta.db_table
        for label in ("scoring", "tournaments", "money")
        for model in apps.get_app_config(label).get_models()
        if model._meta.managed and not model._meta.proxy
    )


def snapshot() -> tuple:
    """The row count of every table of the score book, tournaments and money, and
    the sum of the deals' versions (a correction bumps it) — one query."""
    names = _tables()
    counts = ", ".join(
        f"(SELECT COUNT(*) FROM {connection.ops.quote_name(n)})" for n in names
    )
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {counts}")
        row = cursor.fetchone()
    versions = Deal.objects.aggregate(total=Sum("version"))["total"]
    return (*zip(names, row, strict=True), ("deal versions", versions))
