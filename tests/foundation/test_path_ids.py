"""An id in a path past what the database holds is a 404, as a missing id, on
SQLite as on PostgreSQL (config.paths) — never an ``OverflowError``."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver
from django.urls.converters import IntConverter

from config.paths import MAX_ID, IdConverter

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        f"/clubs/{10**30}/",
        f"/api/v1/clubs/{10**30}/sessions/",
        f"/api/v1/matches/1/deals/{MAX_ID + 1}/",
        "/players/" + "9" * 10_000 + "/",
    ],
)
def test_an_id_past_the_database_is_a_404(admin_client, url):
    response = Client(raise_request_exception=False).get(url)
    assert response.status_code == 404
    assert admin_client.get(url).status_code == 404


def test_the_largest_id_is_still_read():
    assert IdConverter().to_python(str(MAX_ID)) == MAX_ID
    with pytest.raises(ValueError):
        IdConverter().to_python(str(MAX_ID + 1))


def test_every_int_in_every_route_is_bounded():
    def converters(patterns):
        for pattern in patterns:
            yield from getattr(pattern.pattern, "converters", {}).values()
            if isinstance(pattern, URLResolver):
                yield from converters(pattern.url_patterns)

    found = list(converters(get_resolver().url_patterns))
    assert any(isinstance(c, IdConverter) for c in found)
    assert not [c for c in found if type(c) is IntConverter]
