"""Adding stages and reading brackets: who may, and bad input as a 400 that names
the field and stores nothing (API, services and the director's page)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.engine import all_games
from scoring import services as scoring_services
from scoring.errors import DomainError
from tournaments import services
from tournaments.models import Stage

from .conftest import play_round

pytestmark = pytest.mark.django_db


def api(name, **kwargs):
    return reverse(f"api:{name}", kwargs=kwargs)


@pytest.fixture
def groups_event(club, director):
    """Ten entries in three groups (4, 3, 3), published."""
    tournament = services.tournament_create(
        club=club,
        name="Groups",
        game="sleazy",
        options={"rounds": 2},
        format="groups",
        stage_settings={"groups": 3},
        visibility="published",
        by=director,
    )
    services.entries_add(
        tournament=tournament, names=[f"E{i:02}" for i in range(1, 11)], by=director
    )
    return tournament


def stage_body(groups_event, **extra):
    return {
        "format": "knockout",
        "settings": {"best_of": 3},
        "source_stage": groups_event.stages.get().pk,
        "source_top_n": 2,
        **extra,
    }


def test_only_a_director_adds_a_stage(api_client, groups_event, director, club):
    """Anonymous and strangers are refused (403), a club member who is not a
    director too; the director gets 201 and the stage reads back."""
    url = api("tournament-stage-list", tournament_id=groups_event.pk)
    body = stage_body(groups_event)
    assert api_client.post(url, body, format="json").status_code == 403
    stranger = get_user_model().objects.create_user("stranger")
    api_client.force_authenticate(stranger)
    assert api_client.post(url, body, format="json").status_code == 403
    member_user = get_user_model().objects.create_user("member")
    player = scoring_services.player_create(
        club=club, display_name="Member", by=director
    )
    player.user = member_user
    player.save(update_fields=["user"])
    api_client.force_authenticate(member_user)
    assert api_client.post(url, body, format="json").status_code == 403
    assert groups_event.stages.count() == 1
    api_client.force_authenticate(director)
    created = api_client.post(url, body, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["source_top_n"] == 2
    listed = api_client.get(url)
    assert [s["format"] for s in listed.json()] == ["groups", "knockout"]


def test_the_stage_list_and_bracket_of_a_draft_are_hidden(api_client, club, director):
    tournament = services.tournament_create(
        club=club, name="Draft", game="sleazy", format="knockout", by=director
    )
    services.entries_add(tournament=tournament, names="A\nB\nC", by=director)
    stage = tournament.stages.get()
    urls = [
        api("tournament-stage-list", tournament_id=tournament.pk),
        api("tournament-stage-bracket", tournament_id=tournament.pk, stage_id=stage.pk),
    ]
    for url in urls:
        assert api_client.get(url).status_code == 404
    services.tournament_publish(tournament=tournament, by=director)
    for url in urls:
        assert api_client.get(url).status_code == 200
    bracket = api_client.get(urls[1]).json()
    first = bracket["matches"][0]
    assert first["id"] == "W1-1" and first["entrants"][1] == "bye"
    assert first["walkover"] and first["winner"] == first["entrants"][0]


def test_the_playoff_bracket_is_drawn_when_it_starts(
    api_client, groups_event, director, client
):
    """Before its first round, a play-off seeded from the groups has no bracket:
    the API says so (409) and the public page draws none."""
    playoff = services.stage_add(
        tournament=groups_event,
        format="knockout",
        source_stage=groups_event.stages.get(),
        source_top_n=1,
        by=director,
    )
    response = api_client.get(
        api(
            "tournament-stage-bracket",
            tournament_id=groups_event.pk,
            stage_id=playoff.pk,
        )
    )
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "not_seeded"
    page = client.get(reverse("tournaments:public", args=[groups_event.pk]))
    assert page.status_code == 200 and b"<svg" not in page.content


def test_a_groups_stage_has_no_bracket(api_client, groups_event):
    stage = groups_event.stages.get()
    response = api_client.get(
        api(
            "tournament-stage-bracket",
            tournament_id=groups_event.pk,
            stage_id=stage.pk,
        )
    )
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        ({"settings": {"best_of": 4}}, "invalid", "stage_settings.best_of"),
        ({"settings": {"best_of": 2}}, "invalid", "stage_settings.best_of"),
        ({"source_top_n": 4}, "bad_advance", "source_top_n"),
        ({"source_top_n": 0}, "min_value", "source_top_n"),
        (
            {"settings": {"next_best": 3}},
            "invalid",
            "stage_settings.next_best",
        ),
        (
            {"settings": {"next_best": 1}},
            "unequal_groups",
            "stage_settings.next_best",
        ),
        (
            {"settings": {"next_best": 1}, "source_top_n": 3},
            "bad_advance",
            "source_top_n",
        ),
        ({"settings": {"luck": 1}}, "unknown_setting", "stage_settings.luck"),
        ({"source_stage": 999_999}, "not_found", "source_stage"),
        ({"source_top_n": None}, "invalid", "source_top_n"),
        ({"format": "chess"}, "invalid_choice", "format"),
    ],
)
def test_bad_stage_input_is_a_400_naming_the_field(
    api_client, groups_event, director, change, code, path
):
    """Smallest group is 3: top 4 is too many, and with next-best entries the top
    3 leaves nobody below the cut; groups of 4, 3, 3 cannot compare next-best."""
    api_client.force_authenticate(director)
    response = api_client.post(
        api("tournament-stage-list", tournament_id=groups_event.pk),
        stage_body(groups_event, **change),
        format="json",
    )
    assert response.status_code == 400, response.json()
    (error,) = response.json()["errors"]
    assert (error["code"], error["path"]) == (code, path)
    assert groups_event.stages.count() == 1


@pytest.mark.parametrize(
    ("settings", "code", "path"),
    [
        ({}, "required", "stage_settings.groups"),
        ({"groups": 0}, "invalid", "stage_settings.groups"),
        ({"groups": 65}, "invalid", "stage_settings.groups"),
        ({"groups": "3"}, "invalid", "stage_settings.groups"),
        ({"groups": 3, "double": "yes"}, "invalid", "stage_settings.double"),
        ({"groups": 3, "best_of": 3}, "unknown_setting", "stage_settings.best_of"),
    ],
)
def test_bad_groups_settings_on_create(
    api_client, club, director, settings, code, path
):
    api_client.force_authenticate(director)
    response = api_client.post(
        api("tournament-list"),
        {
            "club": club.pk,
            "name": "Cup",
            "game": "sleazy",
            "format": "groups",
            "stage_settings": settings,
        },
        format="json",
    )
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["code"], error["path"]) == (code, path)


def test_knockout_best_of_four_is_refused_on_create(api_client, club, director):
    api_client.force_authenticate(director)
    response = api_client.post(
        api("tournament-list"),
        {
            "club": club.pk,
            "name": "Cup",
            "game": "sleazy",
            "format": "knockout",
            "stage_settings": {"best_of": 4},
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "stage_settings.best_of"


def test_too_many_groups_for_the_field_is_a_400_when_generating(club, director):
    tournament = services.tournament_create(
        club=club,
        name="G",
        game="sleazy",
        format="groups",
        stage_settings={"groups": 4},
        by=director,
    )
    services.entries_add(tournament=tournament, names="A\nB\nC\nD\nE", by=director)
    with pytest.raises(DomainError) as info:
        services.round_generate(stage=tournament.stages.get(), by=director)
    assert (info.value.code, info.value.path) == ("bad_group_count", "groups")
    assert not tournament.stages.get().rounds.exists()


def test_the_playoff_waits_for_the_groups(groups_event, director):
    """Generating the play-off before every group round is locked is refused."""
    groups = groups_event.stages.get()
    playoff = services.stage_add(
        tournament=groups_event,
        format="knockout",
        source_stage=groups,
        source_top_n=1,
        by=director,
    )
    services.round_generate(stage=groups, by=director)
    with pytest.raises(DomainError) as info:
        services.round_generate(stage=playoff, by=director)
    assert (info.value.code, info.value.path) == ("source_unfinished", "source_stage")
    assert (
        not playoff.rounds.exists() and Stage.objects.get(pk=playoff.pk).entry_ids == []
    )


def test_unequal_groups_and_next_best_are_refused_when_the_field_changed(
    club, director
):
    """The field was 9 (3 × 3) when the play-off with a next-best was added; one
    more entry made the groups 4, 3, 3, so generating the play-off refuses to compare
    thirds across unequal groups."""
    tournament = services.tournament_create(
        club=club,
        name="G",
        game="sleazy",
        options={"rounds": 2},
        format="groups",
        stage_settings={"groups": 3},
        by=director,
    )
    services.entries_add(
        tournament=tournament, names=[f"E{i}" for i in range(9)], by=director
    )
    groups = tournament.stages.get()
    playoff = services.stage_add(
        tournament=tournament,
        format="knockout",
        settings={"next_best": 1},
        source_stage=groups,
        source_top_n=1,
        by=director,
    )
    services.entries_add(tournament=tournament, names=["Late"], by=director)

    def deals(table):
        return [{"mode": "totals", "points": [150, 100]}] * 2

    for _ in range(3):
        play_round(services.round_generate(stage=groups, by=director), director, deals)
    with pytest.raises(DomainError) as info:
        services.round_generate(stage=playoff, by=director)
    assert (info.value.code, info.value.path) == (
        "unequal_groups",
        "stage_settings.next_best",
    )


def test_the_director_page_adds_a_stage_and_shows_groups(
    client, groups_event, director
):
    """The manage page's stage form adds the play-off; others cannot reach it."""
    url = reverse("tournaments:act", args=[groups_event.pk])
    form = {
        "action": "stage",
        "name": "Play-offs",
        "format": "knockout",
        "source_stage": groups_event.stages.get().pk,
        "source_top_n": "2",
        "best_of": "3",
        "kind": "single",
        "next_best": "",
        "groups": "",
        "rounds": "",
    }
    stranger = get_user_model().objects.create_user("stranger")
    client.force_login(stranger)
    assert client.post(url, form).status_code == 404
    assert groups_event.stages.count() == 1
    client.force_login(director)
    response = client.post(url, form, follow=True)
    assert response.status_code == 200
    playoff = groups_event.stages.get(order=2)
    assert playoff.settings == {"best_of": 3, "kind": "single"}
    assert playoff.source_top_n == 2
    bad = client.post(url, {**form, "best_of": "4"}, follow=True)
    assert "one of [1, 3, 5, 7]" in bad.content.decode()
    assert groups_event.stages.count() == 2
    services.round_generate(stage=groups_event.stages.get(order=1), by=director)
    page = client.get(reverse("tournaments:manage", args=[groups_event.pk]))
    html = page.content.decode()
    assert "Add a stage" in html and "Group A" in html


def test_the_new_tournament_page_creates_a_groups_event(client, club, director):
    client.force_login(director)
    response = client.post(
        reverse("tournaments:new"),
        {
            "club": club.pk,
            "name": "Spring groups",
            "game": "sleazy",
            "format": "groups",
            "groups": "2",
            "rounds": "",
            "best_of": "",
        },
    )
    assert response.status_code == 302
    stage = club.tournaments.get(name="Spring groups").stages.get()
    assert (stage.format, stage.settings) == ("groups", {"groups": 2})


def test_the_new_tournament_page_offers_the_registered_games(client, director):
    """The game is chosen from the registry (by name), not typed as a slug."""
    client.force_login(director)
    html = client.get(reverse("tournaments:new")).content.decode()
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', html)
    # Names are HTML-escaped on the page ("Tuomas&#x27;s Mah Jong").
    offered = {slug: unescape(name) for slug, name in options}
    for game in all_games():
        assert unescape(offered[game.slug]) == game.name
