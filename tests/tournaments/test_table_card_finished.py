"""A table card whose link is not open (the table has played, or its round has not
started) says why, and no half sentence about a link that closes "until ." — in
English and in Finnish."""

from __future__ import annotations

import html as html_module
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.models import Round, RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A Finnish request leaves Finnish active in the thread; the next test reads
    English."""
    yield
    translation.deactivate()


SLEAZY = {"mode": "totals", "points": [100, 25]}


@pytest.fixture
def finished(club, director):
    """A swiss round of four whose tables have played and whose round is locked."""
    tournament = services.tournament_create(
        club=club, name="Syysturnaus", game="sleazy", format="swiss", by=director
    )
    services.entries_add(tournament=tournament, names="Ann\nBob\nCid\nDee", by=director)
    round_ = services.round_generate(stage=tournament.stages.get(), by=director)
    round_ = services.round_start(round=round_, by=director)
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.LOCKED)
    return tournament, round_


def cards(client, director, tournament, round_, language: str) -> str:
    client.force_login(director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse(
        "tournaments:table-cards",
        kwargs={"tournament_id": tournament.pk, "round_id": round_.pk},
    )
    html = client.get(url).content.decode()
    return html_module.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.parametrize(
    ("language", "said", "broken"),
    [
        ("en", "This table's link is not open: its play is over.", "until ."),
        ("fi", "Tämän pöydän linkki ei ole auki: sen peli on ohi.", "kunnes ."),
    ],
)
def test_a_played_tables_card_reads_as_whole_sentences(
    client, director, finished, language, said, broken
):
    text = cards(client, director, *finished, language)
    assert text.count(said) == 2
    assert broken not in text and "until  ." not in text
    assert "Scan to score" not in text and "Skannaa koodi" not in text
