"""The room screen's standings say what their abbreviated columns stand for: each
head is an ``<abbr>`` with its name as title, and a legend line under the table
spells them out, in the reader's language."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from scoring import services as scoring_services
from tests.tournaments.live_world import DEAL, live_world


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A Finnish request leaves Finnish active in the thread; the next test reads
    English."""
    yield
    translation.deactivate()


@pytest.fixture
def world(db, django_capture_on_commit_callbacks):
    """The live world with table 1's match played out (standings to show)."""
    world = live_world()
    match = world.tables[0].match
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(4):
            match.refresh_from_db()
            scoring_services.deal_submit(
                match=match,
                number=match.next_deal["number"],
                input=DEAL,
                by=world.director,
            )
        match.refresh_from_db()
        scoring_services.match_finish(match=match, by=world.director)
    return world


def standings(world, language: str) -> str:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get(f"/tournaments/{world.event.pk}/room/").content.decode()
    return html.split('id="panel-standings"')[1].split("</section>")[0]


def legend(panel: str) -> str:
    line = panel.split('id="room-legend">')[1].split("</p>")[0]
    return re.sub(r"<[^>]+>", "", line)


def test_the_columns_are_abbreviations_with_a_legend_in_english(world):
    panel = standings(world, "en")
    heads = panel.split("<thead>")[1].split("</thead>")[0]
    assert '<abbr title="Match points">MP</abbr>' in heads
    assert '<abbr title="matches played">Pl</abbr>' in heads
    assert legend(panel).startswith("Pl = matches played · MP = Match points")


def test_the_legend_in_finnish(world):
    panel = standings(world, "fi")
    heads = panel.split("<thead>")[1].split("</thead>")[0]
    assert '<abbr title="Ottelupisteet">OP</abbr>' in heads
    assert legend(panel).startswith("Pel = pelatut ottelut · OP = Ottelupisteet")
