"""Multi-player-table stages over the API and on the pages: who may do what, bad
settings answered with a 400 naming the field, N-sided tables shown sensibly."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from config.api import DomainError
from tournaments import services

from .conftest import play_round, side_entries

pytestmark = pytest.mark.django_db

NAMES = ["Aino", "Bert", "Cai", "Dora", "Eero", "Fanni", "Gun", "Heli"]


def api(name, **kwargs):
    return reverse(f"api:{name}", kwargs=kwargs)


def create(api_client, club, **body):
    return api_client.post(
        api("tournament-list"),
        {
            "club": club.pk,
            "name": "Sneaky Pete night",
            "game": "sneaky-pete",
            "format": "multi_table",
            **body,
        },
        format="json",
    )


@pytest.fixture
def event(club, director):
    tournament = services.tournament_create(
        club=club,
        name="Sneaky Pete night",
        game="sneaky-pete",
        format="multi_table",
        stage_settings={"rounds": 2},
        points={"placement": [4, 2, 1, 0]},
        by=director,
    )
    services.entries_add(tournament=tournament, names=NAMES, by=director)
    return tournament


def test_director_creates_and_seats_through_the_api(api_client, club, director):
    """Create with table size and placement points, add eight players, generate:
    two tables of four players, one side each, with their reasons."""
    api_client.force_authenticate(director)
    created = create(
        api_client,
        club,
        stage_settings={"rounds": 3, "table_size": 4, "seed": 7},
        points={"placement": [4, 2, 1, 0]},
        tiebreaks=["match_points", "wins"],
    )
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["points"] == {"placement": [4, 2, 1, 0]}
    assert body["stages"][0]["settings"] == {"rounds": 3, "table_size": 4, "seed": 7}
    tid, stage = body["id"], body["stages"][0]["id"]
    api_client.post(
        api("tournament-entry-list", tournament_id=tid), {"names": NAMES}, format="json"
    )
    generated = api_client.post(
        api("tournament-round-generate", tournament_id=tid, stage_id=stage)
    )
    assert generated.status_code == 201, generated.json()
    round_ = generated.json()
    assert [len(t["sides"]) for t in round_["tables"]] == [4, 4]
    assert all(len(side) == 1 for t in round_["tables"] for side in t["sides"])
    codes = {r["code"] for t in round_["tables"] for r in t["reasons"]}
    assert codes == {"schedule", "side_balance"}
    assert "Table 1: " in round_["explanation"]["text"]
    assert "8 players at tables of 4 + 4." in round_["explanation"]["messages"]
    started = api_client.post(
        api("tournament-round-start", tournament_id=tid, round_id=round_["id"])
    )
    assert started.status_code == 200
    assert all(t["match"] for t in started.json()["tables"])


@pytest.mark.parametrize(
    ("settings", "code", "path"),
    [
        ({"table_size": "four"}, "invalid", "stage_settings.table_size"),
        ({"table_size": 13}, "invalid", "stage_settings.table_size"),
        ({"table_size": 2}, "table_size_not_played", "stage_settings.table_size"),
        (
            {"table_size": 8, "max_table_size": 9},
            "table_size_not_played",
            "stage_settings.max_table_size",
        ),
        (
            {"table_size": 4, "min_table_size": 2},
            "table_size_not_played",
            "stage_settings.min_table_size",
        ),
        (
            {"table_size": 4, "min_table_size": 5},
            "invalid",
            "stage_settings.table_size",
        ),
        ({"rounds": 0}, "invalid", "stage_settings.rounds"),
        ({"seed": -1}, "invalid", "stage_settings.seed"),
        ({"tables": 3}, "unknown_setting", "stage_settings.tables"),
    ],
)
def test_bad_settings_are_a_400_naming_the_field(
    api_client, club, director, settings, code, path
):
    api_client.force_authenticate(director)
    response = create(api_client, club, stage_settings=settings)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == code
    assert response.json()["errors"][0]["path"] == path


@pytest.mark.parametrize(
    ("points", "path"),
    [
        ({"placement": "4 2 1 0"}, "points.placement"),
        ({"placement": [4, "two"]}, "points.placement"),
        ({"placement": {}}, "points.placement"),
        ({"placement": {"three": [3, 1, 0]}}, "points.placement.three"),
        ({"placement": {"1": [1]}}, "points.placement.1"),
        ({"placement": {"4": [4, 2, 1, 0], "3": "3 1 0"}}, "points.placement.3"),
        ({"placement": [4, True]}, "points.placement"),
        ({"lower_wins": "yes"}, "points.lower_wins"),
    ],
)
def test_bad_placement_points_are_a_400(api_client, club, director, points, path):
    api_client.force_authenticate(director)
    response = create(api_client, club, points=points)
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == path


def test_a_game_not_played_by_individuals_at_a_table_is_refused(
    api_client, club, director
):
    """Tuppi is two partnerships: four players each for themselves is no Tuppi."""
    api_client.force_authenticate(director)
    response = create(api_client, club, game="tuppi")
    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "path": "stage_settings.min_table_size",
        "code": "table_size_not_played",
        "message": "Tuppi is not played by 3 players each for themselves",
    }


def test_too_few_players_or_teams_cannot_be_seated(club, director):
    tournament = services.tournament_create(
        club=club, name="Small", game="sneaky-pete", format="multi_table", by=director
    )
    services.entries_add(tournament=tournament, names=["Aino", "Bert"], by=director)
    stage = tournament.stages.get()
    with pytest.raises(DomainError) as few:
        services.round_generate(stage=stage, by=director)
    assert (few.value.code, few.value.path) == ("no_table_split", "players")
    services.entries_add(tournament=tournament, names=["Cai & Dora"], by=director)
    with pytest.raises(DomainError) as teams:
        services.round_generate(stage=stage, by=director)
    assert (teams.value.code, teams.value.path) == ("team_entries", "entries")


def test_only_directors_generate_and_start(api_client, event, director):
    stage = event.stages.get()
    url = api("tournament-round-generate", tournament_id=event.pk, stage_id=stage.pk)
    assert api_client.post(url).status_code in (401, 403)
    stranger = get_user_model().objects.create_user("stranger")
    api_client.force_authenticate(stranger)
    assert api_client.post(url).status_code in (403, 404)
    api_client.force_authenticate(director)
    round_ = api_client.post(url).json()
    api_client.force_authenticate(stranger)
    start = api("tournament-round-start", tournament_id=event.pk, round_id=round_["id"])
    assert api_client.post(start).status_code in (403, 404)
    update = api("tournament-detail", tournament_id=event.pk)
    patched = api_client.patch(update, {"points": {"placement": [9]}}, format="json")
    assert patched.status_code in (403, 404)


def test_table_players_score_only_their_own_table(api_client, event, director):
    """Each of the four players at a table may enter its hands; a player of the
    other table may not."""
    users = {}
    for entry in event.entries.all():
        player = entry.members.get()
        user = get_user_model().objects.create_user(player.display_name)
        player.user = user
        player.save(update_fields=["user"])
        users[entry.pk] = user
    round_ = services.round_start(
        round=services.round_generate(stage=event.stages.get(), by=director),
        by=director,
    )
    mine, other = round_.tables.order_by("number")
    hand = {"mode": "totals", "went_out": 0, "points": [0, 35, 10, 5]}
    for number, (entry,) in enumerate(side_entries(mine), start=1):
        api_client.force_authenticate(users[entry])
        ok = api_client.post(
            reverse("api:match-deal-list", kwargs={"match_id": mine.match_id}),
            {"number": number, "input": hand},
            format="json",
        )
        assert ok.status_code == 201, ok.json()
    refused = api_client.post(
        reverse("api:match-deal-list", kwargs={"match_id": other.match_id}),
        {"number": 1, "input": hand},
        format="json",
    )
    assert refused.status_code in (403, 404)
    wrong = api_client.post(
        reverse("api:match-deal-list", kwargs={"match_id": mine.match_id}),
        {"number": 5, "input": {"mode": "totals", "went_out": 0, "points": [0, 5, 5]}},
        format="json",
    )
    assert wrong.status_code == 400
    assert wrong.json()["errors"][0]["path"] == "points"


def test_pages_show_each_seat_with_its_score_and_place(client, event, director):
    """The public page lists a table's players in seat order with their totals and,
    once finished, their places; an entry's history says "place 1 of 4"."""
    services.tournament_publish(tournament=event, by=director)
    round_ = services.round_generate(stage=event.stages.get(), by=director)
    names = {e.pk: e.name for e in event.entries.all()}

    def hands(table):
        seated = [names[e] for (e,) in side_entries(table)]
        return [
            {
                "mode": "totals",
                "went_out": 0,
                "points": [0, 10, 20, 20][: len(seated)],
            }
        ] * 7

    play_round(round_, director, hands)
    html = client.get(reverse("tournaments:public", args=[event.pk])).content.decode()
    table = round_.tables.get(number=1)
    seated = [names[e] for (e,) in side_entries(table)]
    block = html.split('<ol class="seats">', 1)[1].split("</ol>", 1)[0]
    positions = [block.index(n) for n in seated]
    assert positions == sorted(positions)
    assert '<li value="1">' in block and '<li value="4">' in block
    assert "140" in block and "1.</span>" in block and "3.</span>" in block
    first = event.entries.get(name=seated[0])
    history = client.get(reverse("tournaments:entry", args=[event.pk, first.pk]))
    assert "place 1 of 4" in history.content.decode()
    client.force_login(director)
    manage = client.get(reverse("tournaments:manage", args=[event.pk]))
    assert manage.status_code == 200
    assert "takes seat 1" in manage.content.decode()


def test_new_tournament_page_sets_table_size_and_placement(client, club, director):
    client.force_login(director)
    response = client.post(
        reverse("tournaments:new"),
        {
            "club": club.pk,
            "name": "Page night",
            "game": "sneaky-pete",
            "format": "multi_table",
            "rounds": "3",
            "table_size": "5",
            "placement": "5, 3, 2, 1, 0",
        },
    )
    assert response.status_code == 302
    tournament = club.tournaments.get(name="Page night")
    assert tournament.stages.get().settings == {"rounds": 3, "table_size": 5}
    assert tournament.points == {"placement": [5, 3, 2, 1, 0]}


def test_new_tournament_page_takes_placement_by_table_size(client, club, director):
    """ "4: 4, 2, 1, 0; 3: 3, 1, 0" gives each table size its own points."""
    client.force_login(director)
    response = client.post(
        reverse("tournaments:new"),
        {
            "club": club.pk,
            "name": "Mixed tables",
            "game": "sneaky-pete",
            "format": "multi_table",
            "rounds": "3",
            "placement": "4: 4, 2, 1, 0; 3: 3, 1, 0",
        },
    )
    assert response.status_code == 302
    tournament = club.tournaments.get(name="Mixed tables")
    assert tournament.points == {"placement": {"4": [4, 2, 1, 0], "3": [3, 1, 0]}}


@pytest.mark.parametrize(
    "typed", ["4, two, 1", "4: 4, 2; three: 3, 1", "4: 4, x", ": 1, 0"]
)
def test_new_tournament_page_refuses_bad_placement(client, club, director, typed):
    """A typing slip is said on the page; nothing is created."""
    client.force_login(director)
    response = client.post(
        reverse("tournaments:new"),
        {
            "club": club.pk,
            "name": "Slip",
            "game": "sneaky-pete",
            "format": "multi_table",
            "rounds": "3",
            "placement": typed,
        },
        follow=True,
    )
    assert response.status_code == 200
    assert "placement" in response.content.decode().lower()
    assert not club.tournaments.filter(name="Slip").exists()
