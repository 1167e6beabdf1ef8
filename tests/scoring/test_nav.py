"""A way around: header navigation, /tournaments/, /matches/, a club's search,
the money index and breadcrumbs."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.scoring.factories import ClubFactory, member, race_match
from tournaments import services as t_services
from tournaments.models import Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


def test_the_header_offers_money_only_to_club_admins(client, people):
    client.force_login(people.member.user)
    page = client.get("/clubs/").content.decode()
    assert 'href="/matches/"' in page and 'href="/tournaments/"' in page
    assert 'href="/money/"' not in page
    client.force_login(people.admin.user)
    assert 'href="/money/"' in client.get("/clubs/").content.decode()


def test_tournaments_list_per_club_and_status(client, club, people):
    admin = people.admin.user
    names = {}
    for status in TournamentStatus:
        t = t_services.tournament_create(
            club=club, name=f"T {status.label}", game="sleazy", format="swiss", by=admin
        )
        Tournament.objects.filter(pk=t.pk).update(status=status)
        names[status] = t.name
    other = ClubFactory(name="Pata", slug="pata")
    boss = member(other, "admin", "Pekka")
    hidden = t_services.tournament_create(
        club=other, name="Pata draft", game="sleazy", format="swiss", by=boss.user
    )
    client.force_login(people.member.user)
    page = client.get("/tournaments/").content.decode()
    upcoming, running, finished = (
        page.index(w) for w in ("Upcoming", "Running", "Finished")
    )
    assert upcoming < page.index(names[TournamentStatus.OPEN]) < running
    assert running < page.index(names[TournamentStatus.RUNNING]) < finished
    assert finished < page.index(names[TournamentStatus.CLOSED])
    assert hidden.name not in page
    club_page = client.get(reverse("scoring:club", args=[club.pk])).content.decode()
    assert f"/tournaments/?club={club.pk}" in club_page
    assert (
        client.get(f"/tournaments/?club={other.pk}").content.decode().count("T ") == 0
    )
    public = client.get(f"/tournaments/{hidden.pk}/")
    assert public.status_code == 404


def test_club_search_ignores_accents_and_finds_their_matches(client, club, people):
    race_match(club, people.scorer.user, [people.scorer, people.opponent])
    client.force_login(people.member.user)
    page = client.get(reverse("scoring:search", args=[club.pk]), {"q": "ÖLL"})
    text = page.content.decode()
    found = text[text.index('id="found-players"') :]
    assert "Olli" in found and "Mervi" not in found
    assert "/matches/" in text[text.index('id="found-matches"') :]
    client.force_login(people.outsider)
    assert client.get(reverse("scoring:search", args=[club.pk])).status_code == 404


def test_my_matches_and_breadcrumbs(client, club, people, match):
    client.force_login(people.member.user)
    page = client.get("/matches/").content.decode()
    assert f"/matches/{match.pk}/" in page
    sheet = client.get(f"/matches/{match.pk}/").content.decode()
    crumbs = sheet[
        sheet.index('class="crumbs"') : sheet.index(
            "</nav>", sheet.index('class="crumbs"')
        )
    ]
    assert "/clubs/" in crumbs and f"/clubs/{club.pk}/" in crumbs
    client.force_login(people.scorer.user)
    form = client.get(f"/matches/{match.pk}/deals/new/").content.decode()
    assert f'href="/matches/{match.pk}/"' in form[form.index('class="crumbs"') :]


def test_money_index_lists_the_managed_clubs_settlements(client, club, people):
    client.force_login(people.member.user)
    assert client.get("/money/").status_code == 200
    client.force_login(people.admin.user)
    assert "Nothing settled yet" in client.get("/money/").content.decode()
