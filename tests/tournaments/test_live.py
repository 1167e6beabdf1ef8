"""Live pages: an unchanged page is a 304 for its poller, any change is a new page
with a new ETag; the round's clock; the room screen's content and visibility."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from scoring import services as scoring_services
from scoring.errors import Conflict, DomainError, NotAllowed
from tests.tournaments.live_world import DEAL, live_world
from tournaments import services
from tournaments.models import Round, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _enter(world, table=0, deals=1, finish=False):
    match = world.tables[table].match
    for _ in range(deals):
        match.refresh_from_db()
        scoring_services.deal_submit(
            match=match,
            number=match.next_deal["number"],
            input=DEAL,
            by=world.director,
        )
    if finish:
        match.refresh_from_db()
        scoring_services.match_finish(match=match, by=world.director)


@pytest.fixture
def world(db):
    return live_world()


def _pages(world):
    t = world.event.pk
    return [
        f"/tournaments/{t}/",
        f"/tournaments/{t}/standings/",
        f"/tournaments/{t}/room/",
        f"/matches/{world.tables[0].match_id}/",
    ]


@pytest.mark.parametrize(
    "index", range(4), ids=["public", "standings", "room", "sheet"]
)
def test_unchanged_is_a_304_and_a_result_is_a_new_page(world, index):
    url = _pages(world)[index]
    client = _as(world.director)
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert "private" in first["Cache-Control"] and "no-cache" in first["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag
    assert client.get(url, HTTP_IF_NONE_MATCH='"other"').status_code == 200
    _enter(world)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.content


def test_each_viewer_has_their_own_tag(world):
    url = f"/tournaments/{world.event.pk}/"
    director = _as(world.director).get(url)
    visitor = Client().get(url)
    assert director["ETag"] != visitor["ETag"]
    assert Client().get(url, HTTP_IF_NONE_MATCH=director["ETag"]).status_code == 200


def test_every_change_the_pages_show_changes_the_tag(world):
    url = f"/tournaments/{world.event.pk}/room/"
    client = _as(world.director)
    tags = [client.get(url)["ETag"]]

    def changed(step) -> None:
        step()
        tags.append(client.get(url)["ETag"])
        assert tags[-1] != tags[-2], step

    changed(lambda: _enter(world, table=1))
    changed(lambda: _enter(world, table=1, deals=3, finish=True))
    changed(
        lambda: services.round_clock_set(
            round=world.round, minutes=30, by=world.director
        )
    )
    changed(
        lambda: services.round_clock_set(
            round=world.round, minutes=30, restart=True, by=world.director
        )
    )
    entry = world.event.entries.order_by("seed").last()
    changed(lambda: services.entry_withdraw(entry=entry, by=world.director))
    changed(
        lambda: services.tournament_unpublish(tournament=world.event, by=world.director)
    )


def test_the_round_clock(world):
    before = timezone.now()
    round_ = services.round_clock_set(round=world.round, minutes=45, by=world.director)
    assert round_.time_limit_minutes == 45 and round_.clock_started_at is None
    html = Client().get(f"/tournaments/{world.event.pk}/room/").content.decode()
    shown = datetime.fromisoformat(html.split('data-deadline="')[1].split('"')[0])
    assert shown == world.round.started_at + timedelta(minutes=45)  # from the start
    round_ = services.round_clock_set(
        round=world.round, minutes=20, restart=True, by=world.director
    )
    assert round_.clock_started_at >= before
    assert Round.objects.get(pk=world.round.pk).time_limit_minutes == 20
    services.round_clock_set(round=world.round, minutes=None, by=world.director)
    assert Round.objects.get(pk=world.round.pk).time_limit_minutes is None
    for bad in (0, 24 * 60 + 1):
        with pytest.raises(DomainError) as error:
            services.round_clock_set(round=world.round, minutes=bad, by=world.director)
        assert error.value.path == "time_limit_minutes"
        assert error.value.code == "invalid_time_limit"
    stranger = get_user_model().objects.create_user("stranger", password="pw")
    with pytest.raises(NotAllowed):
        services.round_clock_set(round=world.round, minutes=10, by=stranger)
    # A closed tournament's clock stands still (closing needs every round played:
    # the state is set directly here).
    Tournament.objects.filter(pk=world.event.pk).update(status=TournamentStatus.CLOSED)
    with pytest.raises(Conflict):
        services.round_clock_set(round=world.round, minutes=10, by=world.director)


def test_the_director_sets_the_clock_from_the_manage_page(world):
    client = _as(world.director)
    act = f"/tournaments/{world.event.pk}/manage/act/"
    page = client.get(f"/tournaments/{world.event.pk}/manage/").content.decode()
    assert 'id="round-clock"' in page
    data = {"action": "clock", "round": world.round.pk, "time_limit_minutes": "40"}
    answer = client.post(act, data, follow=True)
    assert "Round 1: 40 minutes" in answer.content.decode()
    assert Round.objects.get(pk=world.round.pk).time_limit_minutes == 40
    answer = client.post(act, {**data, "time_limit_minutes": "0"}, follow=True)
    assert "1 to 1440 minutes" in answer.content.decode()
    answer = client.post(act, {**data, "time_limit_minutes": ""}, follow=True)
    assert "Round 1 has no time limit" in answer.content.decode()


def test_the_room_screen_shows_the_round_standings_and_latest_results(
    world, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        _enter(world, table=0, deals=4, finish=True)
    html = Client().get(f"/tournaments/{world.event.pk}/room/").content.decode()
    pairings = html.split('id="panel-pairings"')[1].split("</section>")[0]
    for table in world.tables:
        for side in table.sides.select_related("entry"):
            assert side.entry.name in pairings
    assert "400 – 100" in pairings and "final" in pairings
    standings = html.split('id="panel-standings"')[1].split("</section>")[0]
    winner = world.tables[0].sides.get(side=0).entry.name
    first_row = standings.split("<tbody>")[1].split("</tr>")[0]
    assert winner in first_row
    latest = html.split('class="room-latest"')[1].split("</aside>")[0]
    assert latest.count("<li>") == 1 and "400 – 100" in latest
    assert (
        'id="clock"' in html and "data-start=" in html and "data-deadline" not in html
    )


def test_the_room_screen_is_as_visible_as_the_public_page(world):
    url = f"/tournaments/{world.event.pk}/room/"
    assert Client().get(url).status_code == 200
    services.tournament_unpublish(tournament=world.event, by=world.director)
    assert Client().get(url).status_code == 404
    stranger = get_user_model().objects.create_user("stranger", password="pw")
    assert _as(stranger).get(url).status_code == 404
    assert _as(world.director).get(url).status_code == 200


def test_the_room_screen_rotation_is_bounded(world):
    url = f"/tournaments/{world.event.pk}/room/"
    for given, used in (("1", 5), ("30", 30), ("999", 120), ("x", 15)):
        html = Client().get(url, {"rotate": given}).content.decode()
        assert f'data-rotate="{used}"' in html


def test_a_poll_leaves_the_messages_for_the_page_opened_next(world):
    client = _as(world.director)
    manage = f"/tournaments/{world.event.pk}/manage/"
    data = {"action": "clock", "round": world.round.pk, "time_limit_minutes": "40"}
    client.post(f"/tournaments/{world.event.pk}/manage/act/", data)
    polled = client.get(manage, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH='"old"')
    assert polled.status_code == 200 and 'id="live-manage"' in polled.content.decode()
    assert "Round 1: 40 minutes" in client.get(manage).content.decode()
    assert "Round 1: 40 minutes" not in client.get(manage).content.decode()


def test_a_swap_before_the_round_starts_changes_the_tag(db):
    """A director's swap in a generated round moves entries between tables (or
    to the bye) without any result: the pages' tag still changes."""
    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    event = services.tournament_create(
        club=club,
        name="Swap Open",
        game="sleazy",
        format="swiss",
        stage_settings={"rounds": 3},
        by=director,
    )
    services.entries_add(tournament=event, names="A\nB\nC\nD\nE", by=director)
    services.tournament_publish(tournament=event, by=director)
    round_ = services.round_generate(stage=event.stages.get(), by=director)
    url = f"/tournaments/{event.pk}/"
    tags = [Client().get(url)["ETag"]]
    seated = list(
        round_.tables.order_by("number").values_list("sides__entry_id", flat=True)
    )
    resting = round_.explanation["byes"][0]["entry"]
    for swap in ((seated[0], seated[2]), (seated[1], resting)):
        services.round_adjust(round=round_, swaps=[swap], by=director)
        page = Client().get(url)
        assert page["ETag"] not in tags, swap
        tags.append(page["ETag"])


def test_the_stamp_reads_no_explanation_and_groups_nothing(world):
    """An unchanged poll's stamp reads neither a round's explanation (tens of
    kilobytes at a championship's size) nor groups rows (issue 32)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = f"/tournaments/{world.event.pk}/"
    etag = Client().get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    sql = " ".join(q["sql"].lower() for q in queries.captured_queries)
    assert "tournaments_round" in sql
    assert "explanation" not in sql and "group by" not in sql
