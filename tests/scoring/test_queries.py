"""Reads that could grow N+1: query counts do not depend on deals or matches."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from scoring import services
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db


def count(client, url):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_sheet_deals_and_match_list_queries_do_not_grow(club, people, match):
    client = APIClient()
    client.force_authenticate(people.member.user)
    by = people.scorer.user
    services.deal_submit(match=match, number=1, input={"points": [1, 0]}, by=by)
    urls = [
        f"/api/v1/matches/{match.pk}/sheet",
        f"/api/v1/matches/{match.pk}/deals/",
        "/api/v1/matches/",
    ]
    before = [count(client, url) for url in urls]
    for number in range(2, 7):
        services.deal_submit(
            match=match, number=number, input={"points": [1, 0]}, by=by
        )
    race_match(club, by, [people.scorer, people.opponent])
    race_match(club, by, [people.member, people.opponent])
    assert [count(client, url) for url in urls] == before
