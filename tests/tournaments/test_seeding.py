"""Seeding a tournament by the club's ratings, before the first round."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from scoring.errors import Conflict, NotAllowed
from scoring.models import Player, Rating
from tournaments import seeding, services

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, director):
    tournament = services.tournament_create(
        club=club, name="Night", game="sleazy", format="swiss", by=director
    )
    services.entries_add(
        tournament=tournament, names="Ann\nBob\nCid & Dee\nEve", by=director
    )
    rate = {
        "Bob": (30.0, 2.0),
        "Cid": (28.0, 3.0),
        "Dee": (20.0, 3.0),
        "Ann": (25.0, 8.0),
    }
    for name, (mu, sigma) in rate.items():
        Rating.objects.create(
            club=club,
            game="sleazy",
            player=Player.objects.get(display_name=name),
            mu=mu,
            sigma=sigma,
        )
    return tournament


def test_entries_are_seeded_strongest_first_unrated_last(night, director):
    """Bob 24, Cid & Dee (19 + 11) / 2 = 15, Ann 1, Eve unrated."""
    ordered = seeding.entries_seed_by_rating(tournament=night, by=director)
    assert [e.name for e in ordered] == ["Bob", "Cid & Dee", "Ann", "Eve"]
    seeds = dict(night.entries.values_list("name", "seed"))
    assert seeds == {"Bob": 1, "Cid & Dee": 2, "Ann": 3, "Eve": 4}
    strengths = seeding.entry_strengths(night)
    assert sorted(v for v in strengths.values() if v is not None) == [1.0, 15.0, 24.0]


def test_only_a_director_and_only_before_the_first_round(night, director):
    stranger = get_user_model().objects.create_user("stranger", password="pw")
    with pytest.raises(NotAllowed):
        seeding.entries_seed_by_rating(tournament=night, by=stranger)
    services.round_generate(stage=night.stages.get(), by=director)
    with pytest.raises(Conflict) as err:
        seeding.entries_seed_by_rating(tournament=night, by=director)
    assert err.value.code == "rounds_exist"


def test_the_manage_page_offers_it(client, night, director):
    client.force_login(director)
    page = client.get(f"/tournaments/{night.pk}/manage/").content.decode()
    assert 'value="seed_by_rating"' in page
    client.post(f"/tournaments/{night.pk}/manage/act/", {"action": "seed_by_rating"})
    assert night.entries.get(seed=1).name == "Bob"
