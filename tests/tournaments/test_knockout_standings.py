"""A knockout stage's standings rank by bracket placing, through the services: the
worker's snapshot, the prize payout of a closed knockout (the losing semi-finalists
share third place and its money exactly), entries still in ahead of those out,
the stage's own tie-breaks after the bracket place, and bad settings as a 400
naming the field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from money import selectors as money_selectors
from money import services as money_services
from tests.tournaments.conftest import play_round, side_entries
from tournaments import prizes, selectors, services
from tournaments.models import Standings

pytestmark = pytest.mark.django_db

NAMES = [f"Seed {i}" for i in range(1, 9)]


def knockout(club, director, *, settings=None, fee=None, names=NAMES):
    tournament = services.tournament_create(
        club=club,
        name="Cup",
        game="sleazy",
        options={"rounds": 2},
        format="knockout",
        stage_settings=settings or {},
        tiebreaks=["match_points", "point_difference"],
        entry_fee=fee,
        entry_fee_currency="EUR" if fee else "",
        visibility="published",
        by=director,
    )
    entries = services.entries_add(tournament=tournament, names=names, by=director)
    return tournament, {e.pk: e.seed for e in entries}


def better_seed_wins(seed, margin=None):
    """Deals in which the better seed wins; ``margin(a, b)`` sets how much by."""

    def deals(table):
        (a,), (b,) = side_entries(table)
        win = (margin or (lambda _a, _b: 50))(a, b)  # Sleazy scores in 25s
        points = [100 + win, 100] if seed[a] < seed[b] else [100, 100 + win]
        return [{"mode": "totals", "points": points}] * 2

    return deals


def play_rounds(tournament, director, deals, *, rounds=99):
    stage = tournament.stages.get()
    for _ in range(rounds):
        try:
            round_ = services.round_generate(stage=stage, by=director)
        except Exception as error:
            assert getattr(error, "code", "") == "bracket_complete", error
            return stage
        play_round(round_, director, deals)
    return stage


def snapshot(tournament):
    return Standings.objects.get(tournament=tournament).stages[0]


def by_seed(rows, seed):
    return {seed[row["entry"]]: row for row in rows}


def test_a_closed_knockout_ranks_by_bracket_place_and_shares_third_prize(
    club, director, django_capture_on_commit_callbacks
):
    """Eight entries, better seed always wins: 1, 2, =3, =3, =5 ×4 in the worker's
    snapshot (the bracket place its only metric), in the final standings the money
    side reads, and in the payout: 50 / 30 / 20 % of 80.00 pays 40.00, 24.00, and
    the two losing semi-finalists share third place's 16.00 with fourth's nothing:
    8.00 each."""
    tournament, seed = knockout(club, director, fee="10.00")
    money_services.prize_terms_set(
        tournament_id=tournament.pk,
        club=club,
        currency="EUR",
        structure={"kind": "percentages", "percentages": ["50", "30", "20"]},
        entry_fee="10.00",
        entries=8,
        by=director,
    )
    with django_capture_on_commit_callbacks(execute=True):
        play_rounds(tournament, director, better_seed_wins(seed))
        services.tournament_close(tournament=tournament, by=director)
    stage = snapshot(tournament)
    assert [m["key"] for m in stage["metrics"]] == ["bracket_place"]
    rows = by_seed(stage["rows"], seed)
    assert {s: r["rank"] for s, r in rows.items()} == {
        1: 1,
        2: 2,
        3: 3,
        4: 3,
        5: 5,
        6: 5,
        7: 5,
        8: 5,
    }
    assert rows[3]["shared"] and rows[4]["shared"] and not rows[1]["shared"]
    assert rows[4]["values"] == {"bracket_place": 3}

    final = prizes.final_standings_get(tournament_id=tournament.pk)
    assert [s.rank for s in final.standings] == [1, 2, 3, 3, 5, 5, 5, 5]
    sheet = money_selectors.tournament_sheet_get(director, tournament.pk)
    paid = {b["name"]: int(b["settled"]) for b in sheet["balances"]}
    assert paid["Seed 1"] == 4000 - 1000
    assert paid["Seed 2"] == 2400 - 1000
    assert paid["Seed 3"] == paid["Seed 4"] == 800 - 1000
    assert paid["Seed 8"] == -1000 and sum(paid.values()) == 0


def test_a_third_place_match_makes_third_and_fourth(club, director):
    """With a third-place match, third and fourth are separate places; the match is
    played in the same round as the final."""
    tournament, seed = knockout(club, director, settings={"third_place": True})
    stage = play_rounds(tournament, director, better_seed_wins(seed))
    assert stage.rounds.count() == 3
    standings = selectors.stage_standings(stage)
    assert [(seed[r.entry], r.rank) for r in standings.rows][:5] == [
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
    ]


def test_while_the_bracket_runs_entries_still_in_stand_first(
    club, director, django_capture_on_commit_callbacks
):
    """After the quarter-finals four entries are still in: they share rank 1 with
    bracket place 1 (the best still possible); the four quarter-final losers have
    their final place 5 and rank 5."""
    tournament, seed = knockout(club, director)
    with django_capture_on_commit_callbacks(execute=True):
        play_rounds(tournament, director, better_seed_wins(seed), rounds=1)
    rows = by_seed(snapshot(tournament)["rows"], seed)
    assert {s: (r["rank"], r["values"]["bracket_place"]) for s, r in rows.items()} == {
        **{s: (1, 1) for s in (1, 2, 3, 4)},
        **{s: (5, 5) for s in (5, 6, 7, 8)},
    }


def test_the_directors_tie_breaks_after_the_bracket_place(club, director):
    """Stage tie-breaks ``bracket_place, point_difference``: the semi-final losers
    are split by their point difference (seed 4 won its quarter-final by more), the
    bracket still decides everything else."""

    def margin(a, b):
        return 100 if {seed[a], seed[b]} == {4, 5} else 25

    tournament, seed = knockout(
        club, director, settings={"tiebreaks": ["bracket_place", "point_difference"]}
    )
    stage = play_rounds(tournament, director, better_seed_wins(seed, margin))
    standings = selectors.stage_standings(stage)
    assert [m.key for m in standings.metrics] == ["bracket_place", "point_difference"]
    ranks = {seed[r.entry]: r.rank for r in standings.rows}
    assert ranks[1] == 1 and ranks[2] == 2
    assert (ranks[4], ranks[3]) == (3, 4)
    assert sorted(ranks[s] for s in (5, 6, 7, 8)) == [5, 5, 5, 8]
    assert ranks[5] == 8  # lost by 200, the others by 50


@pytest.mark.parametrize(
    ("settings", "path", "code"),
    [
        ({"tiebreaks": ["bracket_place", "elo"]}, "stage_settings.tiebreaks.1", None),
        ({"tiebreaks": []}, "stage_settings.tiebreaks", "required"),
        ({"tiebreaks": "bracket_place"}, "stage_settings.tiebreaks", "invalid"),
        (
            {"tiebreaks": ["wins", "wins"]},
            "stage_settings.tiebreaks",
            "duplicate_metric",
        ),
    ],
)
def test_bad_stage_tie_breaks_are_a_400_naming_the_field(
    api_client, club, director, settings, path, code
):
    api_client.force_authenticate(director)
    body = {
        "club": club.pk,
        "name": "Cup",
        "game": "sleazy",
        "format": "knockout",
        "stage_settings": settings,
    }
    response = api_client.post(reverse("api:tournament-list"), body, format="json")
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["path"] == path
    assert code is None or error["code"] == code
    assert not club.tournaments.exists()


def test_bracket_place_is_refused_as_a_tournament_tie_break(api_client, club, director):
    """It ranks a knockout stage only: as a tournament-wide tie-break (which the
    other stages use) it is a 400 naming it, and nothing changes."""
    tournament, _seed = knockout(club, director)
    api_client.force_authenticate(director)
    response = api_client.patch(
        reverse("api:tournament-detail", kwargs={"tournament_id": tournament.pk}),
        {"tiebreaks": ["match_points", "bracket_place"]},
        format="json",
    )
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["path"], error["code"]) == ("tiebreaks.1", "knockout_only")
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["match_points", "point_difference"]


def test_the_bracket_api_gives_every_placing(api_client, club, director):
    """Anyone reads a published bracket's placings: place, final or still in, and
    the round each went out in."""
    tournament, seed = knockout(club, director)
    stage = play_rounds(tournament, director, better_seed_wins(seed), rounds=2)
    response = api_client.get(
        reverse(
            "api:tournament-stage-bracket",
            kwargs={"tournament_id": tournament.pk, "stage_id": stage.pk},
        )
    )
    assert response.status_code == 200
    placings = {seed[p["entry"]]: p for p in response.json()["placings"]}
    assert placings[1] == {
        "entry": placings[1]["entry"],
        "place": 1,
        "final": False,
        "stage": "still in",
    }
    assert (placings[3]["place"], placings[3]["final"]) == (3, True)
    assert placings[3]["stage"] == "semi-final"
    assert placings[8]["stage"] == "quarter-final"


def test_the_pages_set_a_knockouts_tie_breaks_and_show_its_places(
    client, club, director
):
    """The new-tournament form takes the knockout's standings metrics (a bad one is
    shown and nothing is stored); the public page's standings show the bracket
    place column."""
    client.force_login(director)
    form = {
        "club": club.pk,
        "name": "Page cup",
        "game": "sleazy",
        "format": "knockout",
        "stage_tiebreaks": "bracket_place, nonsense",
    }
    refused = client.post(reverse("tournaments:new"), form, follow=True)
    assert "nonsense" in refused.content.decode()
    assert not club.tournaments.exists()
    form["stage_tiebreaks"] = "bracket_place, point_difference"
    assert client.post(reverse("tournaments:new"), form).status_code == 302
    tournament = club.tournaments.get()
    stage = tournament.stages.get()
    assert stage.settings == {"tiebreaks": ["bracket_place", "point_difference"]}
    services.entries_add(tournament=tournament, names=NAMES[:4], by=director)
    services.standings_recompute(
        tournament_id=tournament.pk,
        generation=services.standings_bump(tournament_id=tournament.pk),
    )
    page = client.get(reverse("tournaments:public", args=[tournament.pk]))
    assert '<th title="Bracket place">KO</th>' in page.content.decode()
