"""A round's reasons name the players, not their entry ids or seeds: the formats
(pure) keep entries by id inside a reason's text, and the pages write the entries'
names in their place, in both languages."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tournaments import selectors, services

from .duplicate_evening import TEAM_A, TEAM_B

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A Finnish request leaves Finnish active in the thread; the next test reads
    English."""
    yield
    translation.deactivate()


def shown_reasons(tournament) -> list[str]:
    """Every reason the director's page shows, tables' and byes' alike, in the
    active language (English unless a test says otherwise): each round of each
    stage as the page shows it when picked, all its tables on one page."""
    texts = []
    for stage in selectors.tournament_page_get(tournament, director=True)["stages"]:
        for listed in stage["rounds"]:
            round_ = selectors.tournament_page_get(
                tournament,
                director=True,
                stage_id=stage["stage"].pk,
                round_number=listed.number,
                per_page=1000,
            )["round"]
            for row in round_["tables"].items:
                texts += [r["text"] for r in row["table"].reasons]
            for bye in round_["byes"]:
                texts += [r["text"] for r in bye.get("reasons") or ()]
    return texts


def first_round(club, director, game, format, names):
    tournament = services.tournament_create(
        club=club, name="Ilta", game=game, format=format, by=director
    )
    entries = services.entries_add(tournament=tournament, names=names, by=director)
    services.round_generate(stage=tournament.stages.get(), by=director)
    return tournament, entries


def no_ids(texts, entries) -> bool:
    ids = "|".join(str(e.pk) for e in entries)
    return not any(re.search(rf"(?<![\w–-])({ids})(?![\w–])", t) for t in texts)


def test_swiss_names_the_bye_and_who_plays_first(club, director):
    tournament, entries = first_round(
        club, director, "sleazy", "swiss", "Aino\nBertta\nCeci\nDora\nEero"
    )
    with translation.override("en"):
        texts = shown_reasons(tournament)
    assert any(t.startswith("Eero has the bye") for t in texts), texts
    assert any(" plays first " in t for t in texts)
    assert no_ids(texts, entries), texts
    with translation.override("fi"):
        finnish = shown_reasons(tournament)
    assert any(t.startswith("Eero") for t in finnish) and no_ids(finnish, entries)


def test_partner_rotation_names_the_partners(club, director):
    tournament, entries = first_round(
        club, director, "skruuvi", "partner_rotation", "Aino\nBertta\nCeci\nDora"
    )
    with translation.override("en"):
        texts = shown_reasons(tournament)
    (rotation,) = [t for t in texts if t.startswith("Partner rotation: ")]
    assert re.fullmatch(r"Partner rotation: \w+ & \w+ v \w+ & \w+", rotation)
    assert set(re.findall(r"\w+", rotation)) >= {"Aino", "Bertta", "Ceci", "Dora"}
    assert no_ids(texts, entries), texts


def test_a_round_robin_schedule_names_the_players_not_their_seeds(club, director):
    tournament, entries = first_round(
        club, director, "sleazy", "round_robin", "Aino\nBertta\nCeci\nDora"
    )
    with translation.override("en"):
        texts = shown_reasons(tournament)
    assert "Round-robin schedule: Dora v Aino" in texts, texts
    assert not any("seed" in t for t in texts) and no_ids(texts, entries)


def test_duplicate_names_the_teams(club, director):
    tournament, _teams = first_round(
        club, director, "sakaali", "duplicate", [TEAM_A, TEAM_B]
    )
    with translation.override("en"):
        texts = shown_reasons(tournament)
    assert [t[: t.index(" North-South")] for t in texts] == [
        "Stanza 1: team Team A's players 1 & 2",
        "Stanza 1: team Team B's players 3 & 4",
    ]
    assert all("team Team A" in t and "team Team B" in t for t in texts)
