"""The treasurer's evening: the day's stake matches collected, the pages from the
club page, and the links from a sheet to its settlement."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.test import Client
from django.utils import timezone

from money import selectors, services
from money.models import Session, SessionMatch
from scoring import services as scoring_services
from scoring.errors import NotAllowed
from scoring.localtime import local
from scoring.models import Match, Role
from tests.money_service.conftest import play
from tests.scoring.factories import ClubFactory, member

pytestmark = pytest.mark.django_db


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _evening(club, by, **extra) -> Session:
    return services.session_create(
        club=club, name="Friday", currency="EUR", by=by, **extra
    )


@pytest.fixture
def day(club, people):
    """Today's matches: two at 0.05 EUR, one in SEK, one without a stake, one
    abandoned; one at 0.05 EUR two days ago; one of today already in an evening."""
    by = people.admin.user
    m = SimpleNamespace()
    m.first = play(club, by, [people.anna, people.cai], [520, 385])
    m.second = play(club, by, [people.ben, people.cai], [400, 300])
    m.kronor = play(club, by, [people.anna, people.dan], [10, 5], currency="SEK")
    m.free = play(club, by, [people.ben, people.dan], [7, 3], point_value=None)
    Match.objects.filter(pk=m.free.pk).update(currency="")
    m.abandoned = play(club, by, [people.anna, people.ben], [1, 2], finish=False)
    scoring_services.match_abandon(match=m.abandoned, reason="rain", by=by)
    m.older = play(club, by, [people.cai, people.dan], [300, 200])
    Match.objects.filter(pk=m.older.pk).update(
        started_at=timezone.now() - timedelta(days=2)
    )
    m.taken = play(club, by, [people.cai, people.ben], [50, 40])
    other = services.session_create(club=club, name="Other", currency="EUR", by=by)
    services.session_add_match(session=other, match=m.taken, by=by)
    return m


def test_the_day_brings_exactly_its_stake_matches_in_the_currency(club, people, day):
    session = _evening(club, people.admin.user)
    added = services.session_add_day_matches(session=session, by=people.admin.user)
    assert [link.match_id for link in added] == [day.first.pk, day.second.pk]
    sheet = selectors.session_sheet_get(people.admin.user, session.pk)
    pays = {(t["payer_name"], t["payee_name"], t["amount"]) for t in sheet["transfers"]}
    assert pays == {("Cai", "Anna", 675), ("Cai", "Ben", 500)}
    # Again: nothing left to take, nothing changes.
    assert services.session_add_day_matches(session=session, by=people.admin.user) == []
    assert SessionMatch.objects.filter(session=session).count() == 2


def test_an_evening_of_another_day_takes_that_days_matches(club, people, day):
    session = _evening(club, people.admin.user)
    two_days_ago = local(timezone.now() - timedelta(days=2), club).date()
    added = services.session_add_day_matches(
        session=session, day=two_days_ago, by=people.admin.user
    )
    assert [link.match_id for link in added] == [day.older.pk]


def test_only_a_club_admin_collects_the_day(club, people, day):
    session = _evening(club, people.admin.user)
    with pytest.raises(NotAllowed):
        services.session_add_day_matches(session=session, by=people.member.user)
    assert not SessionMatch.objects.filter(session=session).exists()


def test_the_evening_offers_what_it_can_take(club, people, day):
    plain = _evening(club, people.admin.user)
    offered = {m.pk for m in selectors.session_candidate_match_list(plain)}
    assert offered == {day.first.pk, day.second.pk, day.older.pk}
    # With a value of its own, an evening also takes matches played without one
    # (but "the day" still brings only stake matches).
    valued = services.session_create(
        club=club,
        name="Valued",
        currency="EUR",
        point_value="0.10",
        by=people.admin.user,
    )
    offered = {m.pk for m in selectors.session_candidate_match_list(valued)}
    assert offered == {day.first.pk, day.second.pk, day.older.pk, day.free.pk}
    added = services.session_add_day_matches(session=valued, by=people.admin.user)
    assert {link.match_id for link in added} == {day.first.pk, day.second.pk}


def test_the_club_page_leads_the_treasurer_to_the_evenings(club, people):
    page = _as(people.admin.user).get(f"/clubs/{club.pk}/").content.decode()
    assert f'href="/clubs/{club.pk}/evenings/"' in page
    page = _as(people.member.user).get(f"/clubs/{club.pk}/").content.decode()
    assert "/evenings/" not in page


def test_the_evenings_page(club, people):
    admin, member = _as(people.admin.user), _as(people.member.user)
    url = f"/clubs/{club.pk}/evenings/"
    _evening(club, people.admin.user)
    page = admin.get(url).content.decode()
    assert 'id="new-evening"' in page and "Friday" in page
    # A member sees the evenings, not the form, and may not post it.
    page = member.get(url).content.decode()
    assert "Friday" in page and 'id="new-evening"' not in page
    data = {"name": "Mine", "currency": "EUR", "team_mode": "per_member"}
    assert member.post(url, data).status_code == 403
    assert _as(people.outsider).get(url).status_code == 404
    # Bad input: 400, the field named, nothing stored.
    answer = admin.post(url, {**data, "currency": "XYZ"})
    assert answer.status_code == 400
    assert "Currency: " in answer.content.decode()
    answer = admin.post(url, {**data, "point_value": "-1"})
    assert answer.status_code == 400
    assert "Value of a point: " in answer.content.decode()
    assert Session.objects.filter(club=club).count() == 1
    answer = admin.post(url, data)
    assert answer.status_code == 302
    created = Session.objects.get(name="Mine")
    assert answer["Location"] == f"/settlements/session/{created.pk}/"


def test_adding_matches_by_hand(club, people, day):
    session = _evening(club, people.admin.user)
    url = f"/evenings/{session.pk}/matches/"
    admin = _as(people.admin.user)
    answer = admin.post(url, {"match": [day.second.pk, day.first.pk]}, follow=True)
    assert "2 matches added to Friday" in answer.content.decode()
    linked = SessionMatch.objects.filter(session=session)
    assert set(linked.values_list("match_id", flat=True)) == {
        day.first.pk,
        day.second.pk,
    }
    # Another club's match, a made-up id, a bad day: a message, nothing added.
    elsewhere = ClubFactory(name="Muu", slug="muu")
    players = [member(elsewhere, Role.ADMIN, name) for name in ("Eeva", "Fanni")]
    stranger = play(elsewhere, players[0].user, players, [1, 2])
    for ids in ([stranger.pk], [999999], ["x"], [day.first.pk, stranger.pk]):
        page = admin.post(url, {"match": ids}, follow=True).content.decode()
        assert "no such match in this club" in page and "match: " not in page, ids
    assert linked.count() == 2
    page = admin.post(url, {"day": "2020-13-01"}, follow=True).content.decode()
    assert "Day: a date as YYYY-MM-DD" in page
    assert linked.count() == 2
    assert _as(people.member.user).post(url, {"day": "2026-01-01"}).status_code == 403


def test_the_evenings_sheet_lists_its_matches_and_offers_the_rest(club, people, day):
    session = _evening(club, people.admin.user)
    services.session_add_match(session=session, match=day.first, by=people.admin.user)
    page = _as(people.admin.user).get(f"/settlements/session/{session.pk}/")
    html = page.content.decode()
    listed = html.split('id="evening-matches"')[1].split("</ul>")[0]
    assert "Anna v Cai" in listed and "Ben v Cai" not in listed
    assert f'value="{day.second.pk}"' in html and f'value="{day.first.pk}"' not in html
    member = _as(people.member.user).get(f"/settlements/session/{session.pk}/")
    assert 'id="evening-add"' not in member.content.decode()


def test_a_stake_match_links_to_its_settlement(club, people, day):
    admin = _as(people.admin.user)
    html = admin.get(f"/matches/{day.first.pk}/").content.decode()
    assert f'id="settlement-link" href="/settlements/match/{day.first.pk}/"' in html
    html = admin.get(f"/matches/{day.free.pk}/").content.decode()
    assert 'id="settlement-link"' not in html
    # A public match read by a visitor: the settlement is the club's.
    Match.objects.filter(pk=day.first.pk).update(is_public=True)
    html = Client().get(f"/matches/{day.first.pk}/").content.decode()
    assert "Anna" in html and 'id="settlement-link"' not in html


def test_a_tournament_with_settled_prizes_links_to_them(
    club, people, django_capture_on_commit_callbacks
):
    from tests.queries.worlds import tournament
    from tournaments import services as t_services

    director = people.admin.user
    with django_capture_on_commit_callbacks(execute=True):
        event = tournament(club, director, entries=4, rounds=3)
    url = f"/tournaments/{event.pk}/"
    assert 'id="settlement-link"' not in _as(director).get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        t_services.tournament_close(tournament=event, by=director)
    link = f'href="/settlements/tournament/{event.pk}/" id="settlement-link"'
    # The public page is live: a new tag, the link on it.
    assert link in _as(people.member.user).get(url).content.decode()
    assert (
        _as(people.member.user).get(f"/settlements/tournament/{event.pk}/").status_code
        == 200
    )
    assert 'id="settlement-link"' not in Client().get(url).content.decode()
