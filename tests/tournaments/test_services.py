"""Tournament services: generations, adjustments, withdrawals, permissions."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from scoring import services as scoring_services
from scoring.errors import NotAllowed
from scoring.models import Club
from tournaments import selectors, services, tasks
from tournaments.models import Standings

from .conftest import play_round, side_entries

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(club, director):
    tournament = services.tournament_create(
        club=club, name="Night", game="sleazy", format="swiss", by=director
    )
    services.entries_add(
        tournament=tournament, names="Ann\nBob\nCid\nDee\nEve", by=director
    )
    return tournament


def sleazy(table):
    return [{"mode": "totals", "points": [100, 25]}] * 4


def test_a_stale_recompute_never_overwrites_a_newer_one(swiss, director):
    """Generation 2 written first; the late generation-1 run is refused."""
    stage = swiss.stages.get()
    play_round(services.round_generate(stage=stage, by=director), director, sleazy)
    first = services.standings_bump(tournament_id=swiss.pk)
    second = services.standings_bump(tournament_id=swiss.pk)
    assert services.standings_recompute(tournament_id=swiss.pk, generation=second)
    assert not services.standings_recompute(tournament_id=swiss.pk, generation=first)
    snapshot = Standings.objects.get(tournament=swiss)
    assert snapshot.generation == second
    # Idempotent: the same generation twice writes once, with the same values.
    assert not services.standings_recompute(tournament_id=swiss.pk, generation=second)
    assert snapshot.stages == selectors.standings_data_get(swiss)


def test_reconcile_recomputes_only_stale_tournaments(swiss, director):
    """Results entered without any notification (no commit hooks ran) are caught
    by the reconcile; a second reconcile finds nothing to do."""
    stage = swiss.stages.get()
    play_round(services.round_generate(stage=stage, by=director), director, sleazy)
    assert selectors.standings_view_get(swiss)["pending"] is True
    assert tasks.standings_reconcile() == [swiss.pk]
    assert selectors.standings_view_get(swiss)["pending"] is False
    assert tasks.standings_reconcile() == []


def test_result_hook_ignores_matches_outside_tournaments(club, director):
    player = scoring_services.player_create(club=club, display_name="X", by=director)
    other = scoring_services.player_create(club=club, display_name="Y", by=director)
    match = scoring_services.match_start(
        club=club, game="sleazy", seats=[(player, 0), (other, 1)], by=director
    )
    assert tasks.match_result_notify(match.pk) is None


def lineups(round_):
    """Per table: its stored line-up and its TableSides (which must agree)."""
    return [(t.lineup, side_entries(t)) for t in round_.tables.all()]


def test_swap_seats_and_bye_before_the_round_starts(swiss, director):
    stage = swiss.stages.get()
    round_ = services.round_generate(stage=stage, by=director)
    assert all(lineup == sides for lineup, sides in lineups(round_))
    (bye,) = round_.explanation["byes"]
    table = round_.tables.get(number=1)
    (a,), (b,) = side_entries(table)
    round_ = services.round_adjust(round=round_, swaps=[(a, b)], by=director)
    table.refresh_from_db()
    assert side_entries(table) == [[b], [a]] == table.lineup
    round_ = services.round_adjust(round=round_, swaps=[(a, bye["entry"])], by=director)
    assert round_.explanation["byes"][0]["entry"] == a
    assert [bye["entry"]] in side_entries(table)
    assert all(lineup == sides for lineup, sides in lineups(round_))
    assert table.reasons[-1]["code"] == "director_swap"
    services.round_start(round=round_, by=director)
    with pytest.raises(Exception, match="generated round"):
        services.round_adjust(round=round_, swaps=[(a, b)], by=director)


def test_withdrawn_entry_is_not_paired_and_keeps_its_results(swiss, director):
    stage = swiss.stages.get()
    play_round(services.round_generate(stage=stage, by=director), director, sleazy)
    gone = swiss.entries.get(name="Ann")
    services.entry_withdraw(entry=gone, reason="flight", by=director)
    round_ = services.round_generate(stage=stage, by=director)
    seated = {e for t in round_.tables.all() for s in side_entries(t) for e in s}
    assert gone.pk not in seated and len(seated) == 4
    tasks.standings_reconcile()
    rows = Standings.objects.get(tournament=swiss).stages[0]["rows"]
    ann = next(r for r in rows if r["entry"] == gone.pk)
    assert ann["withdrawn"] and ann["values"]["match_points"] == 2  # won or bye


def test_only_directors_manage(swiss, club: Club):
    stranger = get_user_model().objects.create_user("stranger")
    with pytest.raises(NotAllowed):
        services.entries_add(tournament=swiss, names="Zed", by=stranger)
    with pytest.raises(NotAllowed):
        services.round_generate(stage=swiss.stages.get(), by=stranger)


def test_bad_tiebreak_is_a_director_error(club, director):
    with pytest.raises(Exception, match="no standings metric"):
        services.tournament_create(
            club=club, name="X", game="sleazy", tiebreaks=["luck"], by=director
        )


@pytest.mark.parametrize(
    "settings",
    [{"rounds": "nine"}, {"rounds": 10_000}, {"luck": 1}, {"rounds": True}],
)
def test_stage_settings_are_checked(club, director, settings):
    with pytest.raises(Exception, match=r"rounds|choose from|whole number"):
        services.tournament_create(
            club=club,
            name="X",
            game="sleazy",
            format="swiss",
            stage_settings=settings,
            by=director,
        )
