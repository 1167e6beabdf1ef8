"""A director corrects a table's result: the service, the API and the page.

``POST /api/v1/tournaments/{id}/tables/{table}/corrections/`` and the director's
correction page call :func:`tournaments.services.table_deal_correct`, which goes
through the score book's correction — also when the table's match is finished (the
tournament's directors oversee its tables' matches). A locked round refuses (409),
another tournament's table is not found (404), bad input is a 400 naming the field,
and nothing is stored on a refusal. The standings follow the corrected result.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring import services as scoring_services
from scoring.models import DealRevision, MatchStatus, Role
from tournaments import selectors, services

from .conftest import play_round

pytestmark = pytest.mark.django_db

User = get_user_model()


def sleazy(table):
    return [{"mode": "totals", "points": [100, 25]}] * 4


@pytest.fixture
def played(club, director, django_capture_on_commit_callbacks):
    """A Sleazy Swiss of four; round 1 played and finished (not locked), the
    standings computed through the result-changed notifications."""
    tournament = services.tournament_create(
        club=club,
        name="Open",
        game="sleazy",
        format="swiss",
        tiebreaks=["match_points", "point_difference"],
        by=director,
    )
    services.entries_add(tournament=tournament, names="Ann\nBob\nCid\nDee", by=director)
    stage = tournament.stages.get()
    with django_capture_on_commit_callbacks(execute=True):
        round_ = play_round(
            services.round_generate(stage=stage, by=director),
            director,
            sleazy,
            lock=False,
        )
    return tournament, round_


def url(tournament, table):
    return reverse(
        "api:tournament-table-corrections",
        kwargs={"tournament_id": tournament.pk, "table_id": table.pk},
    )


def body(points=(25, 100), *, number=1, base_version=1, reason="sides swapped"):
    return {
        "number": number,
        "input": {"mode": "totals", "points": list(points)},
        "base_version": base_version,
        "reason": reason,
    }


def differences(tournament) -> dict[int, int]:
    rows = selectors.standings_view_get(tournament)["stages"][0]["rows"]
    return {row["entry"]: row["values"]["point_difference"] for row in rows}


def first_table(round_):
    return round_.tables.select_related("match").order_by("number").first()


def side_entries(table):
    return [s.entry_id for s in table.sides.order_by("side", "slot")]


def unchanged(table) -> tuple:
    """What a refused correction must leave as it was."""
    deal = table.match.deals.get(number=1)
    return (
        deal.version,
        deal.input,
        DealRevision.objects.filter(deal__match=table.match).count(),
    )


def test_director_corrects_a_finished_table_and_the_standings_follow(
    api_client, played, director, django_capture_on_commit_callbacks
):
    """Table 1 was 4 × (100–25): +300 for side A. Deal 1 corrected to 25–100 makes
    it 325–175: +150; the match stays finished and the standings follow."""
    tournament, round_ = played
    table = first_table(round_)
    a, b = side_entries(table)
    assert differences(tournament)[a] == 300
    api_client.force_authenticate(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(url(tournament, table), body(), format="json")
    assert response.status_code == 200, response.json()
    answer = response.json()
    assert answer["deal"]["number"] == 1 and answer["deal"]["version"] == 2
    assert answer["match"]["status"] == MatchStatus.FINISHED
    assert answer["match"]["totals"] == [325, 175]
    assert differences(tournament)[a] == 150
    assert differences(tournament)[b] == -150
    assert selectors.standings_view_get(tournament)["pending"] is False
    revision = DealRevision.objects.filter(deal__match=table.match).latest("id")
    assert (revision.reason, revision.by) == ("sides swapped", director)


@pytest.mark.parametrize("voiding", [False, True], ids=["correct", "void"])
def test_a_locked_round_refuses_with_409_and_stores_nothing(
    api_client, played, director, voiding
):
    """A correction and a void alike."""
    tournament, round_ = played
    services.round_lock(round=round_, by=director)
    table = first_table(round_)
    before = unchanged(table)
    api_client.force_authenticate(director)
    payload = void() if voiding else body()
    response = api_client.post(url(tournament, table), payload, format="json")
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "round_locked"
    assert unchanged(table) == before


def test_a_table_of_another_tournament_is_not_found(api_client, played, club, director):
    """The table id must belong to the tournament in the path (404 otherwise)."""
    tournament, _round = played
    other = services.tournament_create(
        club=club, name="Other", game="sleazy", format="swiss", by=director
    )
    services.entries_add(tournament=other, names="Eve\nFay", by=director)
    other_round = services.round_start(
        round=services.round_generate(stage=other.stages.get(), by=director),
        by=director,
    )
    foreign = first_table(other_round)
    api_client.force_authenticate(director)
    response = api_client.post(url(tournament, foreign), body(), format="json")
    assert response.status_code == 404
    missing = reverse(
        "api:tournament-table-corrections",
        kwargs={"tournament_id": tournament.pk, "table_id": 10**6},
    )
    assert api_client.post(missing, body(), format="json").status_code == 404


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({**body(), "reason": ""}, "reason"),
        ({**body(), "reason": "   "}, "reason"),
        ({k: v for k, v in body().items() if k != "input"}, "input"),
        ({**body(), "number": 0}, "number"),
        ({**body(), "number": 9}, "number"),
        ({**body(), "base_version": "one"}, "base_version"),
        (body(points=(25,)), "points"),
        ({**body(), "void": True}, "input"),  # a voided deal takes no input
        ({**body(), "void": "maybe"}, "void"),
        (
            {k: v for k, v in body().items() if k not in ("input", "reason")}
            | {"void": True},
            "reason",
        ),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_stores_nothing(
    api_client, played, director, payload, path
):
    """Missing or malformed fields, a deal the table does not have, a deal the
    rules reject (paths into ``input``, as in the score book's API)."""
    tournament, round_ = played
    table = first_table(round_)
    before = unchanged(table)
    api_client.force_authenticate(director)
    response = api_client.post(url(tournament, table), payload, format="json")
    assert response.status_code == 400, response.json()
    paths = [e["path"] for e in response.json()["errors"]]
    assert any(p == path or p.startswith(f"{path}.") for p in paths), paths
    assert unchanged(table) == before


def void(*, number=1, base_version=1, reason="dealt with a short deck"):
    return {
        "number": number,
        "void": True,
        "base_version": base_version,
        "reason": reason,
    }


def test_director_voids_a_deal_and_the_standings_follow(
    api_client, played, director, django_capture_on_commit_callbacks
):
    """Table 1 was four rounds of 100–25. Voiding deal 1 leaves three counted
    rounds: the deal stays on the sheet, voided, with the reason in its history;
    a four-round Sleazy match is no longer decided, so it is open again and its
    result leaves the standings until the table plays the missing round."""
    tournament, round_ = played
    table = first_table(round_)
    a, b = side_entries(table)
    api_client.force_authenticate(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(url(tournament, table), void(), format="json")
    assert response.status_code == 200, response.json()
    answer = response.json()
    assert answer["deal"]["status"] == "voided" and answer["deal"]["version"] == 2
    assert answer["match"]["totals"] == [300, 75]
    assert answer["match"]["status"] == MatchStatus.IN_PROGRESS
    assert differences(tournament)[a] == 0 and differences(tournament)[b] == 0
    assert selectors.standings_view_get(tournament)["pending"] is False
    revision = DealRevision.objects.filter(deal__match=table.match).latest("id")
    assert (revision.kind, revision.reason) == ("voided", "dealt with a short deck")
    again = api_client.post(url(tournament, table), void(base_version=2), format="json")
    assert again.status_code == 409
    assert again.json()["errors"][0]["code"] == "deal_voided"


def test_a_stale_version_is_a_409_with_the_current_match(api_client, played, director):
    tournament, round_ = played
    table = first_table(round_)
    api_client.force_authenticate(director)
    first = api_client.post(url(tournament, table), body(), format="json")
    assert first.status_code == 200
    again = api_client.post(url(tournament, table), body((50, 50)), format="json")
    assert again.status_code == 409
    assert again.json()["errors"][0]["code"] == "stale_version"
    assert again.json()["match"]["totals"] == [325, 175]


def test_only_directors_correct(api_client, played, club):
    """Anonymous: 401/403. A club member who does not direct: 403. A user outside
    the club: 404 for a draft tournament. Nothing is stored."""
    tournament, round_ = played
    table = first_table(round_)
    before = unchanged(table)
    target = url(tournament, table)
    assert api_client.post(target, body(), format="json").status_code in (401, 403)
    member = User.objects.create_user("member")
    scoring_services.player_create(
        club=club, display_name="Mervi", user=member, by=club_admin(club)
    )
    api_client.force_authenticate(member)
    assert api_client.post(target, body(), format="json").status_code == 403
    stranger = User.objects.create_user("stranger")
    api_client.force_authenticate(stranger)
    assert api_client.post(target, body(), format="json").status_code == 404
    assert unchanged(table) == before


def club_admin(club):
    return club.memberships.get(role=Role.ADMIN).player.user


def test_a_co_director_corrects_a_table_the_other_director_started(
    api_client, played, club
):
    """Directors oversee every table of their tournament, also ones they did not
    start (the score book asks the overseer the tournaments registered)."""
    tournament, round_ = played
    co = User.objects.create_user("co")
    scoring_services.player_create(
        club=club, display_name="Co", user=co, role=Role.SCORER, by=club_admin(club)
    )
    services.director_add(tournament=tournament, user=co, by=club_admin(club))
    table = first_table(round_)
    api_client.force_authenticate(co)
    response = api_client.post(url(tournament, table), body(), format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["match"]["totals"] == [325, 175]


def test_seated_players_may_not_change_their_finished_table(api_client, played, club):
    """The players score their table while it plays; once finished, only the
    director (or a club admin) changes it: 409 match_closed in the score book."""
    tournament, round_ = played
    table = first_table(round_)
    seat = table.match.seats.select_related("player").first()
    user = User.objects.create_user("seated")
    seat.player.user = user
    seat.player.save(update_fields=["user"])
    api_client.force_authenticate(user)
    response = api_client.post(
        reverse(
            "api:match-deal-correct",
            kwargs={"match_id": table.match_id, "number": 1},
        ),
        {k: v for k, v in body().items() if k != "number"},
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "match_closed"
    # Nor through the tournament: they do not direct it.
    assert (
        api_client.post(url(tournament, table), body(), format="json").status_code
        == 403
    )


def test_in_the_score_book_too_a_locked_round_must_be_unlocked_first(
    api_client, played, club, director
):
    """A co-director (not a club admin) correcting through the score book's own
    API: refused while the round is locked (409 match_closed), allowed once the
    round is unlocked."""
    tournament, round_ = played
    co = User.objects.create_user("co")
    scoring_services.player_create(
        club=club, display_name="Co", user=co, role=Role.SCORER, by=club_admin(club)
    )
    services.director_add(tournament=tournament, user=co, by=club_admin(club))
    table = first_table(round_)
    target = reverse(
        "api:match-deal-correct", kwargs={"match_id": table.match_id, "number": 1}
    )
    payload = {k: v for k, v in body().items() if k != "number"}
    services.round_lock(round=round_, by=director)
    api_client.force_authenticate(co)
    refused = api_client.post(target, payload, format="json")
    assert refused.status_code == 403  # not a scorer, and no longer an overseer
    assert unchanged(table)[0] == 1
    services.round_unlock(round=round_, by=director)
    done = api_client.post(target, payload, format="json")
    assert done.status_code == 200, done.json()
    assert done.json()["match"]["totals"] == [325, 175]


# -- the director's page -------------------------------------------------------------


def page(tournament, table):
    return reverse(
        "tournaments:table-correct",
        kwargs={"tournament_id": tournament.pk, "table_id": table.pk},
    )


def test_director_page_links_each_table_to_its_correction_form(
    client, played, director
):
    tournament, round_ = played
    client.force_login(director)
    html = client.get(reverse("tournaments:manage", args=[tournament.pk])).content
    for table in round_.tables.all():
        assert page(tournament, table).encode() in html
    table = first_table(round_)
    chooser = client.get(page(tournament, table)).content.decode()
    assert 'aria-label="Correct deal 1"' in chooser
    assert 'id="deal-form"' not in chooser
    form = client.get(page(tournament, table) + "?deal=2").content.decode()
    assert 'id="deal-form"' in form
    assert 'name="reason"' in form and 'name="base_version" value="1"' in form
    assert 'name="points.0"' in form  # generated from Sleazy's deal schema
    assert 'name="viewport"' in form  # the phone layout of every page


def test_director_page_corrects_and_the_standings_follow(
    client, played, director, django_capture_on_commit_callbacks
):
    tournament, round_ = played
    table = first_table(round_)
    a, _b = side_entries(table)
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            page(tournament, table),
            {
                "number": 1,
                "base_version": 1,
                "mode": "totals",
                "points.0": "25",
                "points.1": "100",
                "reason": "sides swapped",
            },
        )
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:manage", args=[tournament.pk])
    assert differences(tournament)[a] == 150


def test_director_page_voids_a_deal(
    client, played, director, django_capture_on_commit_callbacks
):
    tournament, round_ = played
    table = first_table(round_)
    a, _b = side_entries(table)
    client.force_login(director)
    form = client.get(page(tournament, table) + "?deal=1").content.decode()
    assert 'id="void-deal"' in form
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            page(tournament, table),
            {"number": 1, "base_version": 1, "void": "1", "reason": "misdeal"},
        )
    assert response.status_code == 302
    assert table.match.deals.get(number=1).status == "voided"
    assert differences(tournament)[a] == 0  # open again: three rounds counted
    # Without a reason nothing is voided and the page says why.
    refused = client.post(
        page(tournament, table),
        {"number": 2, "base_version": 1, "void": "1", "reason": ""},
    )
    assert refused.status_code == 400
    assert table.match.deals.get(number=2).status != "voided"


def test_director_page_shows_errors_and_stores_nothing(client, played, director):
    """No reason: 400 with the reason's error on the form; locked round: the page
    says to unlock and offers no form; a POST anyway is a 409."""
    tournament, round_ = played
    table = first_table(round_)
    before = unchanged(table)
    client.force_login(director)
    post = {
        "number": 1,
        "base_version": 1,
        "mode": "totals",
        "points.0": "25",
        "points.1": "100",
        "reason": "",
    }
    response = client.post(page(tournament, table), post)
    assert response.status_code == 400
    assert "say why" in response.content.decode()
    services.round_lock(round=round_, by=director)
    html = client.get(page(tournament, table) + "?deal=1").content.decode()
    assert 'id="round-locked"' in html and 'id="deal-form"' not in html
    assert (
        client.post(page(tournament, table), {**post, "reason": "x"}).status_code == 409
    )
    assert unchanged(table) == before


def test_director_page_is_for_directors_only(client, played, club):
    tournament, round_ = played
    table = first_table(round_)
    anonymous = client.get(page(tournament, table))
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    member = User.objects.create_user("member")
    scoring_services.player_create(
        club=club, display_name="Mervi", user=member, by=club_admin(club)
    )
    client.force_login(member)
    assert client.get(page(tournament, table)).status_code == 404
    assert client.post(page(tournament, table), {"number": 1}).status_code == 404
