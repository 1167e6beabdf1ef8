"""The director's page's actions: one service each, found by the posted name."""

from __future__ import annotations

import re

import pytest

from tournaments import actions, services
from tournaments.models import RoundStatus, Visibility

pytestmark = pytest.mark.django_db

NOUN_VERB = re.compile(r"^[a-z]+(_[a-z]+)*$")


def test_every_action_is_named_after_the_service_it_calls():
    """Each action is ``<noun>_<verb>`` and the service of that name exists."""
    for name, action in actions.ACTIONS.items():
        assert NOUN_VERB.match(action.__name__), name
        service = getattr(services, action.__name__, None)
        if action.__name__ == "entries_seed_by_rating":
            from tournaments import seeding

            service = seeding.entries_seed_by_rating
        assert callable(service), action.__name__


@pytest.fixture
def manage(client, club, director):
    tournament = services.tournament_create(
        club=club, name="Night", game="sleazy", format="round_robin", by=director
    )
    client.force_login(director)
    url = f"/tournaments/{tournament.pk}/manage/act/"
    return tournament, lambda **form: client.post(url, form, follow=True)


def test_a_round_goes_through_its_life_cycle_from_the_page(
    manage, django_capture_on_commit_callbacks
):
    tournament, post = manage
    post(action="entries", names="Ann\nBob")
    stage = tournament.stages.get()
    # The generation job runs in-process (no Redis) once its request commits.
    with django_capture_on_commit_callbacks(execute=True):
        post(action="generate", stage=stage.pk)
    round_ = stage.rounds.get()
    post(action="start", round=round_.pk)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.STARTED
    post(action="publish")
    tournament.refresh_from_db()
    assert tournament.visibility == Visibility.PUBLISHED
    post(action="unpublish")
    tournament.refresh_from_db()
    assert tournament.visibility == Visibility.DRAFT


def test_an_unknown_action_or_a_missing_round_says_so(manage):
    _tournament, post = manage
    assert b"unknown action" in post(action="juggle").content
    assert post(action="start", round=999999).status_code == 404
    assert b"the form was incomplete" in post(action="start").content  # no round
