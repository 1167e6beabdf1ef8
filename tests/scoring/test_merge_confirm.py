"""Merging two players asks first: the list's *Merge* shows what would move (the
merged player's matches, their deals, the ratings recomputed) with a confirm
button, and only that button merges. A merge the service would refuse is refused
before the confirmation page, naming the field."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from scoring import services
from scoring.models import Membership, Player, PlayerMerge, Rating
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A Finnish request leaves Finnish active in the thread; the next test reads
    English."""
    yield
    translation.deactivate()


@pytest.fixture
def twin(club, people):
    """Olli entered twice: the twin played one match of two deals and is rated."""
    twin = Player.objects.create(display_name="Olli twin")
    Membership.objects.create(club=club, player=twin)
    match = race_match(club, people.scorer.user, [people.scorer, twin])
    for number, points in ((1, [3, 1]), (2, [0, 2])):
        services.deal_submit(
            match=match, number=number, input={"points": points}, by=people.scorer.user
        )
    Rating.objects.create(club=club, game="race-test", player=twin, mu=25, sigma=8)
    return twin, match


def ask(client, club, keep, merge, action="merge"):
    return client.post(
        reverse("scoring:players", args=[club.pk]),
        {"action": action, "merge-keep": keep.pk, "merge-merge": merge.pk},
    )


def test_merge_shows_what_moves_and_merges_nothing(client, club, people, twin):
    twin, match = twin
    client.force_login(people.admin.user)
    page = ask(client, club, people.opponent, twin)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Merge Olli twin into Olli?" in html
    assert "1 match moves to Olli" in html and f"#{match.pk}" in html
    assert "2 deals in those matches" in html
    assert "Ratings recomputed:" in html and "Kortti" in html
    assert 'name="action" value="merge_confirm"' in html
    assert Player.objects.filter(pk=twin.pk).exists()
    assert not PlayerMerge.objects.exists()


def test_only_the_confirm_button_merges(client, club, people, twin):
    twin, match = twin
    client.force_login(people.admin.user)
    done = ask(client, club, people.opponent, twin, action="merge_confirm")
    assert done.status_code == 302
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert match.seats.filter(player=people.opponent).exists()
    assert PlayerMerge.objects.get().merged_name == "Olli twin"


def test_a_merge_that_cannot_be_done_is_refused_before_asking(
    client, club, people, twin
):
    """The scorer and the twin sat in one match: not one person."""
    twin, match = twin
    client.force_login(people.admin.user)
    page = ask(client, club, people.scorer, twin)
    html = page.content.decode()
    assert "merge_confirm" not in html
    assert f"they sat in one match (#{match.pk})" in html
    assert Player.objects.filter(pk=twin.pk).exists()


def test_the_confirmation_page_in_finnish(client, club, people, twin):
    twin, _match = twin
    client.force_login(people.admin.user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fi"
    html = ask(client, club, people.opponent, twin).content.decode()
    assert "Yhdistetäänkö Olli twin pelaajaan Olli?" in html
    assert "1 ottelu siirtyy pelaajalle Olli" in html
    assert "2 jakoa näissä otteluissa" in html
