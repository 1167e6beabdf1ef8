"""Finishing and reopening from the pages and the API (issue 33 item 3): the table
link's "finish" of a game with no fixed end, the director's "reopen"."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring import selectors, services
from scoring.models import MatchEvent, MatchEventKind, MatchStatus
from scoring.table_links import TableGuest

pytestmark = pytest.mark.django_db

HAND = {"mode": "totals", "paid": [5, 2, 1, 5], "winner": 3}


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def poker(club, people):
    """Indian Poker with no number of hands: it ends when the table stops."""
    players = [people.scorer, people.opponent, people.member, people.admin]
    match = services.match_start(
        club=club,
        game="indian-poker",
        seats=[(p, i) for i, p in enumerate(players)],
        point_value="0.10",
        currency="EUR",
        by=people.scorer.user,
    )
    services.deal_submit(match=match, number=1, input=HAND, by=people.scorer.user)
    return match


def test_a_table_link_phone_with_a_seat_finishes_from_the_sheet(poker):
    token = selectors.table_link_get(poker)
    sheet = reverse("scoring:table", kwargs={"token": token})
    anonymous = Client().get(sheet).content.decode()
    assert 'id="table-finish"' in anonymous
    assert 'id="table-finish-confirm"' not in anonymous  # say the seat first
    seated = Client().get(f"{sheet}?seat=1").content.decode()
    assert 'id="table-finish-confirm"' in seated
    finish = reverse("scoring:table-finish", kwargs={"token": token})
    answer = Client().post(f"{finish}?seat=1")
    assert answer.status_code == 302 and answer["Location"] == f"{sheet}?seat=1"
    poker.refresh_from_db()
    assert poker.status == MatchStatus.FINISHED and poker.winners == [3]
    final = Client().get(answer["Location"]).content.decode()
    assert 'data-event="finished"' in final and 'id="table-finish"' not in final


def test_the_scorer_finishes_a_game_with_no_fixed_end_from_the_sheet(people, poker):
    client = _as(people.scorer.user)
    page = client.get(reverse("scoring:sheet", args=[poker.pk])).content.decode()
    assert 'id="finish-open-ended"' in page
    client.post(reverse("scoring:match-finish", args=[poker.pk]))
    poker.refresh_from_db()
    assert poker.status == MatchStatus.FINISHED


def test_the_admin_reopens_from_the_sheet_a_scorer_cannot(people, match):
    services.deal_submit(
        match=match, number=1, input={"points": [100, 0]}, by=people.scorer.user
    )
    url = reverse("scoring:sheet", args=[match.pk])
    assert 'id="reopen"' not in _as(people.scorer.user).get(url).content.decode()
    assert 'id="reopen"' in _as(people.admin.user).get(url).content.decode()
    reopen = reverse("scoring:match-reopen", args=[match.pk])
    _as(people.scorer.user).post(reopen, {"reason": "oma virhe"})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    _as(people.admin.user).post(reopen, {"reason": "jako 1 väärin"})
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS
    event = MatchEvent.objects.filter(match=match).last()
    assert (event.kind, event.reason, event.by) == (
        MatchEventKind.REOPENED,
        "jako 1 väärin",
        people.admin.user,
    )


def test_the_api_reopens_and_the_table_link_api_finishes(
    api_client, club, people, match, poker
):
    services.deal_submit(
        match=match, number=1, input={"points": [100, 0]}, by=people.scorer.user
    )
    reopen = reverse("api:match-reopen", kwargs={"match_id": match.pk})
    api_client.force_authenticate(people.scorer.user)
    refused = api_client.post(reopen, {"reason": "x"}, format="json")
    assert refused.status_code == 403
    api_client.force_authenticate(people.admin.user)
    answer = api_client.post(reopen, {"reason": "väärä jako"}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == "in_progress"
    again = api_client.post(reopen, {}, format="json")
    assert again.status_code == 409
    assert again.json()["errors"][0]["code"] == "match_open"
    too_long = api_client.post(reopen, {"reason": "x" * 501}, format="json")
    assert too_long.status_code == 400
    assert too_long.json()["errors"][0]["path"] == "reason"

    api_client.force_authenticate(None)
    token = selectors.table_link_get(poker)
    finish = reverse("api:table-finish", kwargs={"token": token})
    read = api_client.get(reverse("api:table-match", kwargs={"token": token}))
    assert read.json()["open_ended"] is True
    no_seat = api_client.post(finish)
    assert no_seat.status_code == 403
    assert no_seat.json()["errors"][0]["code"] == "seat_required"
    done = api_client.post(f"{finish}?seat=2")
    assert done.status_code == 200, done.content
    assert done.json()["status"] == "finished" and done.json()["winners"] == [3]
    assert MatchEvent.objects.get(match=poker).seat == 2


def test_a_finished_match_is_not_finished_again_by_a_table_link(people, poker):
    services.match_finish(match=poker, by=TableGuest(match_id=poker.pk, seat=0))
    token = selectors.table_link_get(poker)
    finish = reverse("scoring:table-finish", kwargs={"token": token})
    assert Client().post(f"{finish}?seat=1").status_code == 410
    assert MatchEvent.objects.filter(match=poker).count() == 1
