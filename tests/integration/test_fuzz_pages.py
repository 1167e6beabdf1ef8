"""No input breaks a club (issue 29): every URL, every query parameter, every form,
as every kind of visitor, answers without a 500.

Schemathesis walks the API's schema; this walks what a schema does not describe.
Over one rich world (tests/integration/fuzz_world.py) and every URL pattern of the
project (tests/integration/fuzz_harness.py: read from the resolver, so a new page is
covered without a change here), as an anonymous visitor, a club member, the club's
admin (the tournament's director too) and a table-link holder (anonymous, with the
link's seat remembered):

* every URL with its path parameters from the world, then with an id that does not
  exist, a non-ASCII digit and a huge number in each;
* every known query parameter at once, with hostile values (non-ASCII digits, NUL,
  10**30, -1, "", 10 kB, 1e308, NaN) in rotated rounds; as the admin (the holder on
  the link's routes) also every parameter the view reads alone, with the values
  that break an ``int()`` or a database binding and a sample of the others;
* every ``<form method=post>`` of every page that answers: one field hostile at a
  time, all at once, and a crafted extra field name.

No answer is a 500, and a refused POST (any 4xx) changes no row. Runs on the
suite's database (SQLite, or PostgreSQL with ``TEST_DATABASE_URL``; CI runs both).
``KIRJURI_FUZZ_ROUNDS`` (default 2) sets the rounds of the all-at-once queries and
bodies and the sampled values per form field; raise it locally for a longer run.
"""

from __future__ import annotations

import os
from urllib.parse import urlencode, urlsplit

import pytest
from django.core.cache import cache
from django.test import Client

from tests.integration.fuzz_harness import (
    HOSTILE_IDS,
    forms_of,
    hostile_posts,
    hostile_queries,
    path_params,
    query_params,
    routes,
    single_queries,
)
from tests.integration.fuzz_harness import fill as fill_route
from tests.integration.fuzz_world import snapshot, world_build

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

ROUNDS = int(os.environ.get("KIRJURI_FUZZ_ROUNDS", "2"))
ROLES = ["anonymous", "member", "admin", "holder"]


def _short(value) -> str:
    text = repr(value)
    return text if len(text) < 120 else text[:117] + "…"


class Walk:
    """A client of one role, counting its requests and keeping every 500."""

    def __init__(self, world, role: str) -> None:
        self.world, self.role = world, role
        self.client = Client(raise_request_exception=False)
        self.requests = 0
        self.failures: list[str] = []
        self.login()

    def login(self) -> None:
        user = self.world.users.get(self.role)
        if user is not None and "_auth_user_id" not in self.client.session:
            self.client.force_login(user)
        if self.role == "holder":
            # The holder's phone: the link's sheet with a seat, remembered.
            self.client.get(self.world.table_url, {"seat": "1"})

    def request(self, method: str, url: str, data: dict | None = None):
        self.requests += 1
        if method == "get":
            response = self.client.get(url, data or {})
        else:
            response = self.client.post(url, data or {})
        if response.status_code >= 500:
            self.failures.append(
                f"{self.role} {method.upper()} {_short(url)} "
                f"{_short(data)} -> {response.status_code}"
            )
        return response

    def report(self) -> None:
        found = len(self.failures)
        print(f"\n{self.role}: {self.requests} requests, {found} 500s or changed rows")
        assert not self.failures, "\n".join(self.failures[:40])


@pytest.fixture
def world(db):
    cache.clear()  # throttle counters of earlier tests
    return world_build()


def urls_of(world, route: str) -> list[str]:
    """The route with the world's ids, and with each real alternative."""
    urls = [fill_route(route, world.ids)]
    for name in path_params(route):
        key = "table_token" if name == "token" else name
        for other in world.alternatives.get(key, []):
            urls.append(fill_route(route, world.ids, **{name: other}))
    return [url for url in dict.fromkeys(urls) if url]


#: What each role walks, to keep the run to minutes: everyone meets the hostile
#: ids (a missing one, a non-ASCII digit, a huge one) and the rotated rounds of
#: every known parameter; the admin, who passes every permission check, meets the
#: hostile values of every parameter the view reads one at a time, and so does the
#: holder on the table link's own routes.
ONE_AT_A_TIME_FOR = {"admin"}
HOLDER_ROUTES = ("t/", "api/v1/table/")


@pytest.mark.parametrize("role", ROLES)
def test_every_url_and_query_parameter_answers_without_a_500(world, role):
    walk = Walk(world, role)
    known = query_params()
    for route, params in routes().items():
        urls = urls_of(world, route)
        for url in urls:
            walk.request("get", url)
        if not urls:
            continue
        url = urls[0]
        if not route.startswith("accounts/reset/"):
            for name in path_params(route):
                for value in HOSTILE_IDS:
                    walk.request("get", fill_route(route, world.ids, **{name: value}))
        if role in ONE_AT_A_TIME_FOR or (
            role == "holder" and route.startswith(HOLDER_ROUTES)
        ):
            for query in single_queries(params, ROUNDS, seed=route):
                walk.request("get", url, query)
        for query in hostile_queries(known, ROUNDS, seed=route + role):
            walk.request("get", url + "?" + urlencode(query))
        walk.login()  # a GET that signs out (none should) does not end the walk
    walk.report()


@pytest.mark.parametrize("role", ROLES)
def test_every_form_posted_with_hostile_values_answers_without_a_500(world, role):
    walk = Walk(world, role)
    posted = 0
    seen = set()  # the header's forms (language, sign out) are on every page
    for route in routes():
        for url in urls_of(world, route):
            page = walk.request("get", url)
            if page.status_code != 200 or "html" not in page.get("Content-Type", ""):
                continue
            for form in forms_of(page.content.decode()):
                if form.method != "post":
                    continue
                action = form.action or url
                key = (action, tuple(sorted(form.fields)))
                if urlsplit(action).netloc or key in seen:
                    continue
                seen.add(key)
                for body in hostile_posts(form, ROUNDS, seed=action + role):
                    before = snapshot()
                    answer = walk.request("post", action, body)
                    posted += 1
                    if 400 <= answer.status_code < 500:
                        after = snapshot()
                        changed = [
                            (a, b) for a, b in zip(before, after, strict=True) if a != b
                        ]
                        if changed:
                            walk.failures.append(
                                f"{role} POST {action} {_short(body)} -> "
                                f"{answer.status_code} but changed {changed}"
                            )
                    walk.login()
    print(f"\n{role}: {posted} form posts")
    assert posted > 0
    walk.report()
