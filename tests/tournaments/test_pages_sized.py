"""Pages sized for the reader (issue 32): the public, director's and room pages show
one round (the one in play unless another is picked), a page of its tables, the
standings and the entries a page at a time, and find a name or a table's number;
the tournament's API lists come a page at a time and the rounds filter by number.

The world: a published Swiss of 12 entries (six tables a round), rounds 1 and 2
played and locked, round 3 generated. The page sizes are made small here
(``monkeypatch``) so that a dozen entries fill several pages.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import Match
from tournaments import selectors, services, tasks
from tournaments.models import Round
from tournaments.selectors import live as live_selectors

from .conftest import play_round

pytestmark = pytest.mark.django_db

DEAL = {"mode": "totals", "points": [100, 25]}
NAMES = [f"Player {chr(ord('A') + i)}{chr(ord('a') + i)}" for i in range(12)]


@pytest.fixture
def world(club, director):
    event = services.tournament_create(
        club=club,
        name="Big Open",
        game="sleazy",
        format="swiss",
        stage_settings={"rounds": 4},
        by=director,
    )
    services.entries_add(tournament=event, names="\n".join(NAMES), by=director)
    services.tournament_publish(tournament=event, by=director)
    stage = event.stages.get()
    for _ in range(2):
        round_ = services.round_generate(stage=stage, by=director)
        play_round(round_, director, lambda table: [DEAL] * 4)
    services.round_generate(stage=stage, by=director)
    tasks.standings_reconcile()
    return event


def _public(event, **params) -> str:
    response = Client().get(f"/tournaments/{event.pk}/", params)
    assert response.status_code == 200, response.content[:300]
    return response.content.decode()


def _shown_round(html: str) -> str:
    return re.search(r'<h3 id="round-shown">(.*?)<span', html, re.S).group(1).strip()


def _rows(html: str, table_class: str = "sheet") -> list[str]:
    """The body rows of the page's first table of ``table_class`` (tags dropped)."""
    body = html.split(f'<table class="{table_class}">', 1)[1].split("</tbody>")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>")[1], re.S)
    return [re.sub(r"<[^>]+>", " ", row) for row in rows]


def test_the_public_page_shows_the_round_in_play_and_earlier_ones_a_tap_away(world):
    first = Round.objects.get(stage__tournament=world, number=1)
    sheet = f"/matches/{first.tables.order_by('number').first().match_id}/"
    html = _public(world)
    assert _shown_round(html) == "Round 3"
    assert sheet not in html  # round 1's tables are not on the page
    stage = world.stages.get().pk
    for number in (1, 2, 3):
        assert f"?stage={stage}&amp;round={number}" in html
    earlier = _public(world, stage=stage, round=1)
    assert _shown_round(earlier) == "Round 1"
    assert sheet in earlier
    # A round number alone picks it in the stage being played.
    assert _shown_round(_public(world, round=2)) == "Round 2"


def test_a_name_finds_ones_table_and_standing(world):
    name = NAMES[7]
    html = _public(world, q=name.lower())
    assert "1 table found for" in html
    (row,) = _rows(html)
    assert name in row
    standings = html.split('id="standings"', 1)[1]
    assert name in standings
    assert not any(other in standings for other in NAMES if other != name)
    # Two names at once: both tables (or one, if they meet).
    both = _public(world, q=f"{NAMES[0]}, {NAMES[11]}")
    assert all(n in " ".join(_rows(both)) for n in (NAMES[0], NAMES[11]))
    # A table's number finds that table.
    (row,) = _rows(_public(world, q="4"))
    assert row.split()[0] == "4"


def test_tables_standings_and_entries_come_a_page_at_a_time(world, monkeypatch):
    monkeypatch.setattr(selectors, "TABLES_PER_PAGE", 2)
    monkeypatch.setattr(selectors, "STANDINGS_PER_PAGE", 5)
    monkeypatch.setattr(selectors, "ENTRIES_PER_PAGE", 5)
    html = _public(world, tables=2, standings=2, entries=3)
    assert [row.split()[0] for row in _rows(html)] == ["3", "4"]
    assert "3–4 of 6" in html
    assert f'rel="next" href="/tournaments/{world.pk}/?tables=3' in html
    standings = html.split('id="standings"', 1)[1].split("</table>")[0]
    shown = re.findall(r'<a href="/tournaments/\d+/entries/\d+/">(.*?)</a>', standings)
    (stage,) = selectors.standings_view_get(world)["stages"]
    assert shown == [row["name"] for row in stage["rows"][5:10]]
    assert "6–10 of 12" in html
    entries = html.split("<h2>Entries</h2>", 1)[1]
    assert NAMES[10] in entries and NAMES[11] in entries and NAMES[0] not in entries
    # Past the last page: the last page.
    assert [row.split()[0] for row in _rows(_public(world, tables=99))] == ["5", "6"]


@pytest.mark.parametrize(
    "params, field",
    [
        ({"tables": "abc"}, "tables"),
        ({"round": "0"}, "round"),
        ({"standings": "-1"}, "standings"),
        ({"entries": "1.5"}, "entries"),
        ({"stage": "x"}, "stage"),
        ({"q": "x" * 201}, "q"),
    ],
)
def test_a_malformed_parameter_is_a_400_naming_it(world, params, field):
    for path in ("", "standings/", "room/"):
        if path == "room/" and field != "tables" and field != "q":
            continue  # the room reads only its page (and ignores the rest)
        response = Client().get(f"/tournaments/{world.pk}/{path}", params)
        assert response.status_code == 400, (path, params)
        assert response.content.decode().startswith(f"{field}: "), path


def test_a_parameter_twice_is_a_400_and_an_unknown_round_a_404(world):
    client = Client()
    twice = client.get(f"/tournaments/{world.pk}/?round=1&round=2")
    assert twice.status_code == 400 and twice.content.decode().startswith("round: ")
    assert client.get(f"/tournaments/{world.pk}/", {"round": 9}).status_code == 404
    assert client.get(f"/tournaments/{world.pk}/", {"stage": 99999}).status_code == 404


def test_each_page_of_the_public_page_has_its_own_tag(world):
    client = Client()
    one = client.get(f"/tournaments/{world.pk}/")["ETag"]
    two = client.get(f"/tournaments/{world.pk}/", {"tables": 2})["ETag"]
    found = client.get(f"/tournaments/{world.pk}/", {"q": NAMES[0]})["ETag"]
    assert len({one, two, found}) == 3
    # The poll of a page with parameters keeps them.
    html = _public(world, q=NAMES[0])
    assert f'data-live-url="/tournaments/{world.pk}/?q=' in html


def test_the_directors_page_puts_the_tables_needing_attention_first(
    world, director, monkeypatch
):
    round_ = Round.objects.get(stage__tournament=world, number=3)
    services.round_start(round=round_, by=director)
    table = round_.tables.get(number=5)
    Match.objects.filter(pk=table.match_id).update(needs_attention=True)
    monkeypatch.setattr(selectors, "TABLES_PER_PAGE", 2)
    client = Client()
    client.force_login(director)
    html = client.get(f"/tournaments/{world.pk}/manage/").content.decode()
    rows = _rows(html.split('id="live-manage"', 1)[1])
    assert [row.split()[0] for row in rows] == ["5", "1"]
    assert "needs attention" in rows[0]
    assert "1–2 of 6" in html
    # A search by table number finds it among the pages.
    found = client.get(f"/tournaments/{world.pk}/manage/", {"q": "6"}).content
    rows = _rows(found.decode().split('id="live-manage"', 1)[1])
    assert [row.split()[0] for row in rows] == ["6"]
    # An earlier round picked comes with its own controls (round 1 is locked).
    earlier = client.get(f"/tournaments/{world.pk}/manage/", {"round": 1}).content
    assert "Unlock round" in earlier.decode()


def test_the_swap_offers_the_entries_at_the_tables_found(world, director):
    client = Client()
    client.force_login(director)
    html = client.get(
        f"/tournaments/{world.pk}/manage/", {"q": f"{NAMES[2]}, {NAMES[9]}"}
    ).content.decode()
    swap = html.split('<select name="a">', 1)[1].split("</select>")[0]
    offered = re.findall(r"<option[^>]*>(.*?)</option>", swap)
    assert NAMES[2] in offered and NAMES[9] in offered
    assert len(offered) in (2, 4)  # their tables' entries: both, and opponents


def test_the_room_screen_shows_a_screenful_of_tables(world, director, monkeypatch):
    monkeypatch.setattr(live_selectors, "ROOM_TABLES_PER_PAGE", 4)
    client = Client()
    first = client.get(f"/tournaments/{world.pk}/room/").content.decode()
    assert "Tables 1–4 of 6" in first
    second = client.get(f"/tournaments/{world.pk}/room/", {"tables": 2})
    assert "Tables 5–6 of 6" in second.content.decode()
    assert (
        first.count('class="room-num"')
        - second.content.decode().count('class="room-num"')
        == 2
    )


def test_the_api_lists_come_a_page_at_a_time(world):
    api = APIClient()
    base = f"/api/v1/tournaments/{world.pk}"
    rounds = api.get(f"{base}/rounds/").json()
    assert rounds["count"] == 3
    assert [r["number"] for r in rounds["results"]] == [1, 2, 3]
    assert [r["table_count"] for r in rounds["results"]] == [6, 6, 6]
    assert "text" not in rounds["results"][0]["explanation"]
    (second,) = api.get(f"{base}/rounds/", {"number": 2}).json()["results"]
    assert second["number"] == 2
    stage = world.stages.get().pk
    assert api.get(f"{base}/rounds/", {"stage": stage}).json()["count"] == 3
    bad = api.get(f"{base}/rounds/", {"number": "two"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "number"
    tables = api.get(
        f"{base}/rounds/{second['id']}/tables/", {"limit": 2, "offset": 2}
    ).json()
    assert tables["count"] == 6
    assert [t["number"] for t in tables["results"]] == [3, 4]
    assert "offset=4" in tables["next"]
    assert all(len(t["sides"]) == 2 for t in tables["results"])
    assert (
        api.get(f"{base}/rounds/{second['id']}/tables/", {"limit": "x"}).status_code
        == 400
    )
    other = services.tournament_create(
        club=world.club, name="Other", game="sleazy", by=world.created_by
    )
    assert (
        api.get(
            f"/api/v1/tournaments/{other.pk}/rounds/{second['id']}/tables/"
        ).status_code
        == 404
    )
    standings = api.get(f"{base}/standings/", {"limit": 3, "offset": 3}).json()
    (rows,) = [stage["rows"] for stage in standings["stages"]]
    assert len(rows) == 3 and standings["count"] == 12
    assert standings["stages"][0]["count"] == 12
    assert standings["next"].endswith("?limit=3&offset=6")
    assert standings["previous"].endswith("?limit=3")
    whole = api.get(f"{base}/standings/").json()["stages"][0]["rows"]
    assert rows == whole[3:6]
    entries = api.get(f"{base}/entries/", {"limit": 5, "offset": 10}).json()
    assert entries["count"] == 12
    assert [e["name"] for e in entries["results"]] == NAMES[10:]


def test_an_entrys_page_shows_their_latest_table_and_standing_first(world):
    entry = world.entries.get(name=NAMES[4])
    html = Client().get(f"/tournaments/{world.pk}/entries/{entry.pk}/").content
    html = html.decode()
    latest = html.split('id="latest-table"', 1)[1].split("</p>")[0]
    table = (
        Round.objects.get(stage__tournament=world, number=3)
        .tables.get(sides__entry=entry)
        .number
    )
    assert f"Latest table: round 3, table {table}" in latest
    (stage,) = selectors.standings_view_get(world)["stages"]
    row = next(r for r in stage["rows"] if r["entry"] == entry.pk)
    mine = html.split('id="my-standing"', 1)[1]
    assert f"Place {row['rank']} of 12 in {stage['name']}" in mine
    top = re.findall(r'<a href="/tournaments/\d+/entries/\d+/">(.*?)</a>', mine)
    assert top == [r["name"] for r in stage["rows"][:10]]


def test_the_director_comes_back_to_the_round_and_search_they_acted_from(
    world, director
):
    client = Client()
    client.force_login(director)
    manage = f"/tournaments/{world.pk}/manage/"
    html = client.get(manage, {"round": 1, "q": NAMES[3]}).content.decode()
    act = re.search(r'action="(/tournaments/\d+/manage/act/[^"]*)"', html).group(1)
    act = act.replace("&amp;", "&")
    assert act.startswith(f"/tournaments/{world.pk}/manage/act/?")
    entry = world.entries.get(name=NAMES[3])
    done = client.post(act, {"action": "withdraw", "entry": entry.pk, "reason": "ill"})
    assert done.status_code == 302
    assert done.url.startswith(manage + "?") and "round=1" in done.url
    assert NAMES[3].replace(" ", "+") in done.url
    entry.refresh_from_db()
    assert entry.withdrawn_at is not None
    # Making something new shows it: the page as it opens.
    made = client.post(act, {"action": "entries", "names": "Late Comer"})
    assert made.status_code == 302 and made.url == manage
    # A malformed parameter on the form's address: back to the page as it opens.
    odd = client.post(
        f"/tournaments/{world.pk}/manage/act/?tables=x",
        {"action": "unpublish"},
    )
    assert odd.status_code == 302 and odd.url == manage
