"""Ratings per game and club (openskill Weng-Lin): after each finished match, and
recomputed from scratch with exactly the same result."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

import tests.money_service.testgames  # noqa: F401  (registers the tally test game)
from scoring import ratings, selectors, services
from scoring.models import Match, Membership, Player, RatedMatch, Rating
from tests.money_service.conftest import play

pytestmark = pytest.mark.django_db


def snapshot(club):
    return sorted(
        (r.game, r.player_id, r.mu, r.sigma, r.matches)
        for r in Rating.objects.filter(club=club)
    )


@pytest.fixture
def finished(django_capture_on_commit_callbacks):
    """``finished(...)``: ``play`` with the after-commit work run, as in production."""

    def run(*args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return play(*args, point_value=None, currency="", **kwargs)

    return run


def test_outcome_ranks_winners_then_totals_and_draws(club, people):
    a, b, c = people.scorer, people.opponent, people.member
    match = play(club, people.admin.user, [a, b, c], [10, 30, 20])
    assert ratings.outcome_of(match) == {
        "teams": [[a.pk], [b.pk], [c.pk]],
        "ranks": [3, 1, 2],
    }
    draw = play(club, people.admin.user, [a, b], [5, 5])
    assert ratings.outcome_of(draw)["ranks"] == [1, 1]
    unfinished = play(club, people.admin.user, [a, b], [5, 0], finish=False)
    assert ratings.outcome_of(unfinished) is None


def test_fewest_points_rank_first_where_the_game_says_so(club, people, monkeypatch):
    a, b, c = people.scorer, people.opponent, people.member
    match = play(club, people.admin.user, [a, b, c], [10, 30, 20])
    Match.objects.filter(pk=match.pk).update(winners=[0])
    match.refresh_from_db()
    monkeypatch.setattr(ratings, "_lower_totals_win", lambda slug: True)
    assert ratings.outcome_of(match)["ranks"] == [1, 3, 2]


def test_a_finished_match_moves_the_ratings_like_openskill(club, people, finished):
    """Heads-up: Sami beats Olli; the stored ratings are openskill's own update."""
    sami, olli = people.scorer, people.opponent
    finished(club, people.admin.user, [sami, olli], [30, 10])
    expected = PlackettLuce().rate(
        [[PlackettLuce().rating()], [PlackettLuce().rating()]], ranks=[1, 2]
    )
    won = Rating.objects.get(player=sami)
    lost = Rating.objects.get(player=olli)
    assert (won.mu, won.sigma) == (expected[0][0].mu, expected[0][0].sigma)
    assert (lost.mu, lost.sigma) == (expected[1][0].mu, expected[1][0].sigma)
    assert won.mu > 25 > lost.mu and won.matches == lost.matches == 1
    later = play(club, people.admin.user, [sami, olli], [1, 2], point_value=None)
    assert services.ratings_update_for_match(match_id=later.pk) == "applied"
    assert services.ratings_update_for_match(match_id=later.pk) == "unchanged"
    assert Rating.objects.get(player=sami).matches == 2


def test_incremental_updates_equal_a_recompute_from_scratch(
    club, people, finished, django_capture_on_commit_callbacks
):
    """Heads-up, partnerships and a three-handed finishing order, then a correction
    of an early match: the stored ratings equal a from-scratch recompute."""
    p = people
    admin = p.admin.user
    finished(club, admin, [p.scorer, p.opponent], [30, 10])
    finished(
        club,
        admin,
        [p.scorer, p.opponent, p.member, p.admin],
        [5, 9],
        sides=(0, 1, 0, 1),
    )
    three = finished(club, admin, [p.scorer, p.opponent, p.member], [7, 3, 11])
    finished(club, admin, [p.member, p.opponent], [1, 1])
    assert RatedMatch.objects.count() == 4
    incremental = snapshot(club)
    assert services.ratings_recompute(club=club, game="tally-test") == 4
    assert snapshot(club) == incremental
    # A correction of an earlier finished match: the ratings follow, as a recompute.
    deal = three.deals.get()
    with django_capture_on_commit_callbacks(execute=True):
        services.deal_correct(
            match=three,
            number=deal.number,
            input={"points": [12, 3, 11]},
            reason="typo",
            base_version=deal.version,
            by=admin,
        )
    three.refresh_from_db()
    assert three.winners == [0]
    corrected = snapshot(club)
    assert corrected != incremental
    services.ratings_recompute(club=club, game="tally-test")
    assert snapshot(club) == corrected
    # Delivered twice: nothing changes.
    assert services.ratings_update_for_match(match_id=three.pk) == "unchanged"
    assert snapshot(club) == corrected


def test_the_command_recomputes_every_club_and_game(club, people, finished):
    finished(club, people.admin.user, [people.scorer, people.opponent], [3, 1])
    before = snapshot(club)
    Rating.objects.all().delete()
    call_command("ratings_recompute")
    assert snapshot(club) == before


def test_merge_keeps_ratings_whole(club, people, finished):
    """Olli and his duplicate both rated: after the merge one Olli counts both."""
    twin = Player.objects.create(display_name="Olli 2")
    Membership.objects.create(club=club, player=twin)
    finished(club, people.admin.user, [people.scorer, people.opponent], [3, 1])
    finished(club, people.admin.user, [people.member, twin], [1, 3])
    services.player_merge(
        club=club, keep=people.opponent, merge=twin, by=people.admin.user
    )
    assert Rating.objects.get(player=people.opponent).matches == 2
    merged = snapshot(club)
    services.ratings_recompute(club=club, game="tally-test")
    assert snapshot(club) == merged


def test_ranking_list_and_player_page(client, club, people, finished):
    admin = people.admin.user
    for _ in range(3):
        finished(club, admin, [people.scorer, people.opponent], [3, 1])
    finished(club, admin, [people.opponent, people.member], [3, 1])
    client.force_login(people.member.user)
    page = client.get(f"/clubs/{club.pk}/ratings/").content.decode()
    table = page[page.index('id="ranking"') :]
    order = [table.index(n) for n in ("Sami", "Olli", "Mervi")]
    assert order == sorted(order)
    assert selectors.club_rated_game_list(club) == [
        "tally-test"
    ]  # once, however many rows
    assert "game-tabs" not in page  # one game: no tabs
    rows = selectors.ranking_get(club, "tally-test")
    assert [r.ordinal for r in rows] == sorted((r.ordinal for r in rows), reverse=True)
    me = client.get(f"/players/{people.scorer.pk}/").content.decode()
    assert 'id="ratings"' in me and "1 / 3" in me
    assert client.get(f"/clubs/{club.pk}/ratings/?game=nope").status_code == 404


def test_a_season_rates_that_years_matches_alone(client, club, people, finished):
    """A 2025 match is left out of the 2026 list, whose ratings equal a fold of the
    2026 matches alone; the whole list counts both years."""
    from datetime import UTC, datetime

    admin = people.admin.user
    old = finished(club, admin, [people.opponent, people.scorer], [9, 1])
    Match.objects.filter(pk=old.pk).update(ended_at=datetime(2025, 6, 1, tzinfo=UTC))
    services.ratings_recompute(club=club, game="tally-test")
    new = finished(club, admin, [people.scorer, people.opponent], [9, 1])
    Match.objects.filter(pk=new.pk).update(ended_at=datetime(2026, 6, 1, tzinfo=UTC))
    services.ratings_recompute(club=club, game="tally-test")
    assert selectors.ranking_season_list(club, "tally-test") == [2026, 2025]
    season = selectors.ranking_get(club, "tally-test", season=2026)
    assert [r.player.display_name for r in season] == ["Sami", "Olli"]
    assert all(r.matches == 1 for r in season)
    book = {}
    ratings.rate(book, ratings.outcome_of(Match.objects.get(pk=new.pk)))
    assert {p: (r.mu, r.sigma) for p, r in book.items()} == {
        r.player_id: (r.mu, r.sigma) for r in season
    }
    assert all(r.matches == 2 for r in selectors.ranking_get(club, "tally-test"))
    client.force_login(people.member.user)
    page = client.get(f"/clubs/{club.pk}/ratings/?season=2025").content.decode()
    table = page[page.index('id="ranking"') :]
    assert table.index("Olli") < table.index("Sami")


def test_ranking_api(client, club, people, finished):
    finished(club, people.admin.user, [people.scorer, people.opponent], [3, 1])
    client.force_login(people.member.user)
    body = client.get(f"/api/v1/clubs/{club.pk}/ratings/tally-test/").json()
    assert [r["display_name"] for r in body] == ["Sami", "Olli"]
    assert body[0]["rating"] > body[1]["rating"] and body[0]["matches"] == 1
    bad = client.get(f"/api/v1/clubs/{club.pk}/ratings/tally-test/?season=x")
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "season"
    client.force_login(people.outsider)
    assert client.get(f"/api/v1/clubs/{club.pk}/ratings/tally-test/").status_code == 404
