"""The query-count harness: one request, one route, one bound at two sizes.

Every module here names its routes and their bounds in ``BOUNDS`` (route name and
HTTP method → the most queries the request may take) and builds its world at two
sizes through the ``size`` fixture it defines. ``probe`` sends a request through
the URL resolver (``reverse``), so the tests survive code moving between modules,
and asserts the module's bound with ``django_assert_max_num_queries`` — the same
bound at either size, which is what "does not grow" means here. The counts it saw
are printed at the end of the run (``-rA`` not needed) so the table in
``docs/performance.md`` can be checked against a run.
"""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.models import Role
from tests.scoring.factories import ClubFactory, UserFactory, member

#: (route, method) → {size id: queries}, filled by ``probe`` for the summary.
SEEN: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)


@pytest.fixture
def club(db):
    return ClubFactory(name="Kortti", slug="kortti")


@pytest.fixture
def people(club):
    """``admin``, ``scorer``, ``member``, ``opponent`` of ``club``; ``outsider``."""
    return SimpleNamespace(
        admin=member(club, Role.ADMIN, "Aino"),
        scorer=member(club, Role.SCORER, "Sami"),
        member=member(club, Role.MEMBER, "Mervi"),
        opponent=member(club, Role.MEMBER, "Olli"),
        outsider=UserFactory(username="outsider"),
    )


def as_user(user) -> APIClient:
    """A client logged in as ``user`` for both the pages (session) and the API."""
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def probe(request, django_assert_max_num_queries):
    """``probe(client, route, kwargs, method=..., data=..., status=...)``: the
    response, after asserting the route's bound from the module's ``BOUNDS``."""
    bounds = request.module.BOUNDS
    callspec = getattr(request.node, "callspec", None)
    value = callspec.params.get("size", callspec.id) if callspec else "-"
    size = "x".join(map(str, value)) if isinstance(value, tuple) else str(value)

    def run(
        client: APIClient,
        name: str,
        kwargs: dict[str, Any] | None = None,
        *,
        method: str = "get",
        data: Any = None,
        status: int = 200,
        query: str = "",
        **extra: Any,
    ):
        key = (name, method.upper())
        url = reverse(name, kwargs=kwargs) + (f"?{query}" if query else "")
        send = getattr(client, method)
        with django_assert_max_num_queries(bounds[key]) as captured:
            response = send(url, data, **extra) if data is not None else send(url)
        # The most any probe of the route took at this size (a route may be
        # probed more than once, e.g. a sheet of a session and of a match).
        SEEN[key][size] = max(len(captured), SEEN[key].get(size, 0))
        body = getattr(response, "content", b"")[:800]
        assert response.status_code == status, body
        return response

    return run


def pytest_terminal_summary(terminalreporter):
    if not SEEN:
        return
    terminalreporter.section("queries per request (route, method: size=count)")
    for (name, method), counts in sorted(SEEN.items()):
        sizes = "  ".join(f"{size}={n}" for size, n in sorted(counts.items()))
        terminalreporter.write_line(f"{name:40} {method:6} {sizes}")


def pytest_collection_modifyitems(config, items):
    # A query-count test builds its world (up to 256 members, 64 matches, 200 deals
    # or a Swiss of 64 entries over 9 rounds) for every case: 3-45 s each on this
    # shared machine, so they are `slow` (make quick leaves them out, make test
    # starts them early).
    slow = pytest.mark.slow(reason="builds a club's world at two sizes per case")
    for item in items:
        if item.nodeid.startswith("tests/queries/") and "size" in item.fixturenames:
            item.add_marker(slow)
