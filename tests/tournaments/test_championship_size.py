"""A championship's size on the embedded default (issue 32): a Swiss of 1,000
entries — one round played, the next started — is read by every live page and the
rounds API. Django's ``prefetch_related("sides__entry")`` listed the entries as
``id = 1 OR id = 2 OR …``, which SQLite refuses from 999 terms ("Expression tree
is too large"): those pages answered 503 for good. No query may grow with the
number of entries, tables or rounds: each is checked for its length and its
parameters here, at this size."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.championship_world import championship_build

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.slow(reason="builds a Swiss of 1,000 entries (about 5 s on SQLite)"),
]

#: The longest SQL any of these requests may send (as run, its values written in):
#: a query that lists the entries or tables runs to tens of thousands of characters.
LONGEST_SQL = 4000


def test_a_thousand_entries_are_read_with_queries_of_a_fixed_size(db):
    world = championship_build(entries=1000, played=1)
    t = world.event.pk
    director = Client()
    director.force_login(world.director)
    pages = [
        (Client(), f"/tournaments/{t}/"),
        (Client(), f"/tournaments/{t}/standings/"),
        (Client(), f"/tournaments/{t}/room/"),
        (director, f"/tournaments/{t}/manage/"),
        (Client(), f"/api/v1/tournaments/{t}/rounds/"),
    ]
    for client, url in pages:
        with CaptureQueriesContext(connection) as queries:
            answer = client.get(url)
        assert answer.status_code == 200, (url, answer.content[:300])
        for query in queries.captured_queries:
            sql = query["sql"]
            assert len(sql) < LONGEST_SQL, (url, sql[:300])
            assert sql.count(" OR ") < 10, (url, sql[:300])
    # The last entry is found on the public page (its tables come a page at a time).
    page = Client().get(f"/tournaments/{t}/", {"q": "Player 1000"}).content.decode()
    assert "Player 1000" in page
    # The rounds API lists the rounds; each round's tables come a page at a time.
    rounds = Client().get(f"/api/v1/tournaments/{t}/rounds/").json()["results"]
    assert [r["table_count"] for r in rounds] == [500, 500]
    for listed in rounds:
        seated, offset = set(), 0
        while offset is not None:
            tables = (
                Client()
                .get(
                    f"/api/v1/tournaments/{t}/rounds/{listed['id']}/tables/",
                    {"limit": 100, "offset": offset},
                )
                .json()
            )
            sides = [side for table in tables["results"] for side in table["sides"]]
            seated |= {entry for side in sides for entry in side}
            offset = offset + 100 if tables["next"] else None
        assert len(seated) == 1000  # every entry seated once a round
