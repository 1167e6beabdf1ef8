"""Schemathesis over the tournament endpoints of the live OpenAPI schema (slow).

Every ``/api/v1/tournaments…`` operation is generated (valid and invalid inputs) and
sent through the WSGI application, once as the tournament's director (token header)
and once anonymously, with all of schemathesis's checks: no 5xx, every response
conforms to the schema (status code, content type, headers, body), invalid input is
refused, valid input is not, and nothing that needs a user succeeds without one.
All under production's settings (tests/production.py: ``DEBUG`` off, HTTPS behind
the proxy).

Path ids are drawn either as generated or as the ids of a real published tournament
(its stage, round, table and entry), and a body's club (with a real game) or deal
number either as generated or as the real ones, so that the operations reach their
services and not only their 404s. Writes change that world as the examples run (a
round is locked, the tournament closed …); each answer must still be as documented.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from scoring import services as scoring_services
from tests.production import PROXIED_HTTPS, production_settings
from tournaments import services

MAX_EXAMPLES = 8
DIRECTOR_TOKEN = "d1a3c70a0000000000000000000000000d1a3c70"
TOURNAMENT_PATHS = r"^/api/v1/tournaments/"

# The ids of the fuzz world, filled in by the fixture, read while generating.
WORLD: dict[str, int] = {}


def _valid_id(value: Any) -> bool:
    return type(value) is int and 1 <= value <= 2**31 - 1


def _load():
    # Loaded at collection (schema generation needs no database); see
    # tests/scoring/test_api_fuzz.py for the same choices.
    loaded = schemathesis.openapi.from_wsgi(
        "/api/schema/", get_wsgi_application()
    ).include(path_regex=TOURNAMENT_PATHS)
    loaded.config.generation.update(max_examples=MAX_EXAMPLES)
    loaded.config.checks.update(included_check_names=["all"])
    # A schema-valid body can still break the rules: a game slug, a deal's input,
    # a stage's settings are judged by the game and the formats, which no JSON
    # Schema expresses. Such a body is refused with a structured 400.
    acceptance = loaded.config.checks.positive_data_acceptance
    acceptance.expected_statuses = [*acceptance.expected_statuses, "400"]

    @loaded.hook("flatmap_path_parameters")
    def real_ids(ctx, parameters: dict[str, Any] | None):
        """Either the generated ids or the real world's (when it exists)."""
        if not parameters:
            return st.just(parameters)
        real = {
            key: WORLD[key]
            for key in parameters
            if key in WORLD and isinstance(parameters[key], int)
        }
        if not real:
            return st.just(parameters)
        # The real ids first: hypothesis leans towards the first choice.
        return st.sampled_from([{**parameters, **real}, parameters])

    @loaded.hook("flatmap_body")
    def real_references(ctx, body: Any):
        """Bodies that name a club, or a deal of the finished table, sometimes name
        the real ones (the rest of the body stays as generated)."""
        if not isinstance(body, dict) or not WORLD:
            return st.just(body)
        real = {}
        # Only where the generated value is itself valid: replacing an invalid one
        # would turn a negative example (which must be refused) into a valid body.
        if _valid_id(body.get("club")):
            real["club"] = WORLD["club"]
            game = body.get("game")
            if isinstance(game, str) and 0 < len(game) <= 64:
                real["game"] = "sleazy"
        if _valid_id(body.get("base_version")) and _valid_id(body.get("number")):
            real.update(number=1, base_version=WORLD["deal_version"])
        if not real:
            return st.just(body)
        return st.sampled_from([{**body, **real}, body])

    return loaded


as_director = _load()
anonymous = _load()


@as_director.auth()
class DirectorToken:
    def get(self, case, ctx):
        return DIRECTOR_TOKEN

    def set(self, case, data, ctx):
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}


@pytest.fixture
def fuzz_world(db, settings):
    """A published Sleazy Swiss of four: round 1 started, table 1 finished;
    production's settings (``DEBUG`` off, HTTPS only behind the proxy)."""
    for name, value in production_settings().items():
        setattr(settings, name, value)
    cache.clear()  # throttling counters of earlier operations
    director = get_user_model().objects.create_user("director")
    club = scoring_services.club_create(name="Fuzz club", by=director)
    tournament = services.tournament_create(
        club=club,
        name="Fuzz Open",
        game="sleazy",
        format="swiss",
        visibility="published",
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament, names=["Ann", "Bob", "Cid", "Dee"], by=director
    )
    stage = tournament.stages.get()
    round_ = services.round_start(
        round=services.round_generate(stage=stage, by=director), by=director
    )
    table = round_.tables.select_related("match").order_by("number").first()
    for number in range(1, 5):
        scoring_services.deal_submit(
            match=table.match,
            number=number,
            input={"mode": "totals", "points": [100, 25]},
            by=director,
        )
    scoring_services.match_finish(match=table.match, by=director)
    Token.objects.create(user=director, key=DIRECTOR_TOKEN)
    WORLD.update(
        club=club.pk,
        deal_version=table.match.deals.get(number=1).version,
        tournament_id=tournament.pk,
        stage_id=stage.pk,
        round_id=round_.pk,
        table_id=table.pk,
        entry_id=entries[0].pk,
    )
    # As Django's test client does: a finished request must not close the test's
    # database connection (its transaction holds the fixtures; PostgreSQL).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield tournament
    finally:
        WORLD.clear()
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
@as_director.parametrize()
@_settings
def test_tournament_api_as_the_director(case, fuzz_world):
    """The director's token: no 5xx, every response as documented."""
    case.headers = {**(case.headers or {}), **PROXIED_HTTPS}
    case.call_and_validate()


@pytest.mark.slow
@pytest.mark.django_db
@anonymous.parametrize()
@_settings
def test_tournament_api_anonymously(case, fuzz_world):
    """No credentials: no 5xx, and nothing that needs a user succeeds."""
    case.headers = {**(case.headers or {}), **PROXIED_HTTPS}
    case.call_and_validate()
