"""A match's money terms and its live sheet: the sheet polls by ETag (scoring.live),
and the terms live in money, which the score book cannot read — so setting them
tells the score book the match changed (``scoring.services.match_bump``). A
polling sheet answers 304 before the change and 200, with the settlement link,
after; terms set again unchanged leave the poll at 304; no deal's version moves."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from money import services as money_services
from scoring import services
from scoring.models import Match
from tests.money_service.conftest import play

pytestmark = pytest.mark.django_db


def _poll(client: Client, match: Match, etag: str):
    return client.get(
        reverse("scoring:sheet", kwargs={"match_id": match.pk}),
        HTTP_IF_NONE_MATCH=etag,
        HTTP_X_LIVE="1",
    )


def test_a_polling_sheet_reads_the_new_money_terms(club, people):
    # Played for a flat stake per match won: no stake per point, so the sheet has
    # no settlement link until the terms say what the match is played for.
    match = play(
        club, people.admin.user, [people.anna, people.ben], [3, 1], point_value=None
    )
    client = Client()
    client.force_login(people.admin.user)
    first = _poll(client, match, '"none"')
    assert first.status_code == 200 and b'id="settlement-link"' not in first.content
    etag = first["ETag"]
    assert _poll(client, match, etag).status_code == 304
    version = Match.objects.get(pk=match.pk).version

    treasurer = APIClient()
    treasurer.force_authenticate(people.admin.user)
    url = reverse("api:match-money-terms", kwargs={"match_id": match.pk})
    terms = {"team_mode": "per_member", "flat_stake": "2.00"}
    assert treasurer.put(url, terms, format="json").status_code == 200

    after = _poll(client, match, etag)
    assert after.status_code == 200
    assert b'id="settlement-link"' in after.content
    assert after["ETag"] != etag
    assert Match.objects.get(pk=match.pk).version == version
    # The same terms again change nothing the sheet shows: still a 304.
    assert treasurer.put(url, terms, format="json").status_code == 200
    assert _poll(client, match, after["ETag"]).status_code == 304


def test_changed_terms_move_the_match_not_its_version(club, people):
    match = play(
        club, people.admin.user, [people.anna, people.ben], [3, 1], point_value=None
    )
    match.refresh_from_db()
    before = (match.version, match.updated_at)
    money_services.match_terms_set(
        match=match, team_mode="per_member", flat_stake="1.00", by=people.admin.user
    )
    touched = Match.objects.get(pk=match.pk)
    assert touched.version == before[0] and touched.updated_at > before[1]
    money_services.match_terms_set(
        match=match, team_mode="split", flat_stake="1.00", by=people.admin.user
    )
    assert Match.objects.get(pk=match.pk).updated_at > touched.updated_at


def test_match_bump_moves_updated_at_only(club, people):
    match = play(
        club, people.admin.user, [people.anna, people.ben], [3, 1], finish=False
    )
    match.refresh_from_db()
    services.match_bump(match=match)
    touched = Match.objects.get(pk=match.pk)
    assert touched.updated_at > match.updated_at
    assert (touched.version, touched.status) == (match.version, match.status)
