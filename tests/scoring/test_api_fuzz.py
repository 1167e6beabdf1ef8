"""Schemathesis against the live OpenAPI schema of the whole API (slow).

Every operation of ``/api/schema/`` is generated (valid and invalid inputs) and sent
through the WSGI application, once as a scorer (token header, given to schemathesis
as the API's authentication) and once anonymously, with all of schemathesis's checks:
no 5xx, every response conforms to the schema (status code, content type, headers,
body), invalid input is refused, valid input is not, and no request without valid
authentication succeeds where the schema requires it (``ignored_auth``). All under
production's settings (tests/production.py: ``DEBUG`` off, HTTPS behind the proxy).
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from scoring import services
from tests.production import PROXIED_HTTPS, production_settings
from tests.scoring.factories import race_match

MAX_EXAMPLES = 6
SCORER_TOKEN = "f0220000000000000000000000000000000f0220"


def _load():
    # Loaded at collection (schema generation needs no database); schemathesis's
    # lazy ``from_fixture`` loader does not work with pytest 9 yet.
    loaded = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
    loaded.config.generation.update(max_examples=MAX_EXAMPLES)
    loaded.config.checks.update(included_check_names=["all"])
    # A body can be schema-valid and still break the rules of the game: a deal's
    # input, a table's seats, a game slug are judged by the rules engine against the
    # match so far, which no JSON Schema can express. Such a body is refused with a
    # structured 400, which is right; every other check stays as strict as shipped.
    acceptance = loaded.config.checks.positive_data_acceptance
    acceptance.expected_statuses = [*acceptance.expected_statuses, "400"]
    return loaded


as_scorer = _load()
anonymous = _load()


@as_scorer.auth()
class ScorerToken:
    def get(self, case, ctx):
        return SCORER_TOKEN

    def set(self, case, data, ctx):
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}


@pytest.fixture
def fuzz_world(club, people, settings):
    """A club with a public match of three deals, and the scorer's API token;
    production's settings (``DEBUG`` off, HTTPS only behind the proxy)."""
    for name, value in production_settings().items():
        setattr(settings, name, value)
    cache.clear()  # throttling counters of earlier operations
    match = race_match(
        club, people.scorer.user, [people.scorer, people.opponent], is_public=True
    )
    for number, points in enumerate(([10, 0], [0, 20], [5, 5]), start=1):
        services.deal_submit(
            match=match, number=number, input={"points": points}, by=people.scorer.user
        )
    Token.objects.create(user=people.scorer.user, key=SCORER_TOKEN)
    # As Django's test client does: a finished request must not close the test's
    # database connection (its transaction holds the fixtures; PostgreSQL).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield people
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


_settings = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)


@pytest.mark.slow
@pytest.mark.django_db
@as_scorer.parametrize()
@_settings
def test_api_as_a_scorer(case, fuzz_world):
    """A scorer's token: no 5xx, every response as documented."""
    case.headers = {**(case.headers or {}), **PROXIED_HTTPS}
    case.call_and_validate()


@pytest.mark.slow
@pytest.mark.django_db
@anonymous.parametrize()
@_settings
def test_api_anonymously(case, fuzz_world):
    """No credentials: no 5xx, and nothing that needs a user succeeds. (Django's
    debug pages under ``DEBUG`` are kept out of the API by
    tests/scoring/test_bad_input.py.)"""
    case.headers = {**(case.headers or {}), **PROXIED_HTTPS}
    case.call_and_validate()


STATEFUL = settings(_settings, stateful_step_count=8)


@pytest.mark.slow
@pytest.mark.django_db
def test_api_stateful_as_a_scorer(fuzz_world):
    """Sequences of calls along the schema's links (schemathesis infers them from
    the operations' dependencies: a created club is then read, patched, its players
    listed …), every check on every step."""
    answered: list[tuple[str, int]] = []

    class Scorer(as_scorer.as_state_machine()):
        def before_call(self, case):
            case.headers = {**(case.headers or {}), **PROXIED_HTTPS}

        def after_call(self, response, case):
            super().after_call(response, case)
            answered.append((case.method, response.status_code))

    links = sum(
        len(response.get("links", {}))
        for operations in as_scorer.raw_schema["paths"].values()
        for operation in operations.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
    )
    assert links > 0
    Scorer.run(settings=STATEFUL)
    # Scenarios ran, as the scorer (the token was sent: never a 401).
    assert len(answered) >= MAX_EXAMPLES
    assert 401 not in {status for _, status in answered}


@pytest.mark.django_db
def test_the_fuzz_world_answers_as_production_does(fuzz_world, client):
    """The runs above are under production's settings: plain HTTP is redirected to
    HTTPS, and a request the proxy marks as HTTPS is answered (with HSTS)."""
    from django.conf import settings as live

    assert live.DEBUG is False
    assert client.get("/api/v1/games/").status_code == 301
    answer = client.get("/api/v1/games/", headers=PROXIED_HTTPS)
    assert answer.status_code == 200
    assert "Strict-Transport-Security" in answer.headers
