"""Withdrawing an entry during a knockout, through the services, the API and the
director's page: its next (or current, unplayed) bracket match is a walkover for
its opponent, recorded on the round and shown on the bracket; a game in progress is
abandoned through the score book; in a double elimination it leaves both
brackets; only a director may withdraw."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring import services as scoring_services
from scoring.models import MatchStatus
from tests.tournaments.conftest import play_round, side_entries
from tournaments import selectors, services
from tournaments.models import Round, RoundStatus, TableSide

pytestmark = pytest.mark.django_db


def knockout(club, director, n=8, **settings):
    tournament = services.tournament_create(
        club=club,
        name="Cup",
        game="sleazy",
        options={"rounds": 2},
        format="knockout",
        stage_settings=settings,
        visibility="published",
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament, names=[f"Seed {i}" for i in range(1, n + 1)], by=director
    )
    return tournament, tournament.stages.get(), {e.seed: e for e in entries}


def better_seed_wins(table):
    (a,), (b,) = side_entries(table)
    seed = dict(
        TableSide.objects.filter(table=table).values_list("entry_id", "entry__seed")
    )
    points = [150, 100] if seed[a] < seed[b] else [100, 150]
    return [{"mode": "totals", "points": points}] * 2


def bracket(tournament, stage, client=None):
    from rest_framework.test import APIClient

    response = (client or APIClient()).get(
        reverse(
            "api:tournament-stage-bracket",
            kwargs={"tournament_id": tournament.pk, "stage_id": stage.pk},
        )
    )
    assert response.status_code == 200, response.content
    body = response.json()
    return body, {m["id"]: m for m in body["matches"]}


def entries_at(round_):
    return set(
        TableSide.objects.filter(table__round=round_).values_list("entry_id", flat=True)
    )


def test_withdrawn_before_its_round_starts(club, director):
    """Seed 3 withdraws while round 1 is only generated: its table goes, the round
    notes the walkover (6 advances without a game), the bracket shows it, and in
    round 2 seed 6 meets seed 2 with a reason saying how it got there."""
    tournament, stage, seeds = knockout(club, director)
    round1 = services.round_generate(stage=stage, by=director)
    assert round1.tables.count() == 4
    services.entry_withdraw(entry=seeds[3], reason="ill", by=director)
    round1.refresh_from_db()
    assert round1.tables.count() == 3 and seeds[3].pk not in entries_at(round1)
    (walkover,) = round1.explanation["walkovers"]
    assert walkover["match"] == "W1-4" and walkover["advanced"] == seeds[6].pk
    assert walkover["withdrawn"] == seeds[3].pk and walkover["abandoned_match"] is None
    assert "Seed 3 withdrew (ill)" in walkover["text"]
    assert "Seed 6 advances without a game" in walkover["text"]
    assert walkover["text"] in round1.explanation["messages"]
    assert walkover["text"] in round1.explanation["text"]

    _body, matches = bracket(tournament, stage)
    assert matches["W1-4"]["walkover"] and matches["W1-4"]["withdrawn"] == [seeds[3].pk]
    assert matches["W1-4"]["winner"] == seeds[6].pk

    play_round(round1, director, better_seed_wins)
    round2 = services.round_generate(stage=stage, by=director)
    table = next(
        t
        for t in round2.tables.all()
        if seeds[6].pk in {s.entry_id for s in t.sides.all()}
    )
    assert table.reasons[0]["data"]["match"] == "W2-2"
    (reason,) = [r for r in table.reasons if r["code"] == "walkover"]
    assert reason["data"] == {
        "match": "W1-4",
        "advanced": seeds[6].pk,
        "withdrawn": [seeds[3].pk],
    }


def test_withdrawn_during_its_game_the_match_is_abandoned(club, director):
    """Seed 8 withdraws mid-game: its score-book match is abandoned (not finished,
    so it counts nothing), the round can be locked, seed 1 advances by walkover and
    seed 8 is placed with the quarter-final losers."""
    _tournament, stage, seeds = knockout(club, director)
    round1 = services.round_start(
        round=services.round_generate(stage=stage, by=director), by=director
    )
    table = next(
        t
        for t in round1.tables.all()
        if seeds[8].pk in {s.entry_id for s in t.sides.all()}
    )
    scoring_services.deal_submit(
        match=table.match,
        number=1,
        input={"mode": "totals", "points": [100, 50]},
        by=director,
    )
    services.entry_withdraw(entry=seeds[8], reason="", by=director)
    table.refresh_from_db()
    table.match.refresh_from_db()
    assert table.match.status == MatchStatus.ABANDONED
    assert table.reasons[-1]["code"] == "walkover"
    round1.refresh_from_db()
    (walkover,) = round1.explanation["walkovers"]
    assert walkover["abandoned_match"] == table.match_id
    assert "Seed 1 advances without a game" in walkover["text"]
    for other in round1.tables.exclude(pk=table.pk).select_related("match"):
        for deal in better_seed_wins(other):
            other.match.refresh_from_db()
            if other.match.finished:
                break
            scoring_services.deal_submit(
                match=other.match,
                number=other.match.next_deal["number"],
                input=deal,
                by=director,
            )
        scoring_services.match_finish(match=other.match, by=director)
    services.round_lock(round=round1, by=director)
    stage.refresh_from_db()  # its field was fixed by round 1
    _bracket, state = selectors.stage_bracket_get(stage)
    assert (
        state.matches["W1-1"].winner == seeds[1].pk and state.matches["W1-1"].walkover
    )
    standings = selectors.stage_standings_get(stage)
    assert standings.rank_of(seeds[8].pk) == 5


def test_withdrawn_while_waiting_its_next_match_is_a_walkover(club, director):
    """Four entries; seed 1 wins its semi-final and withdraws while the other semi
    is being played: the round says whoever meets it advances without a game; once
    seed 2 wins, it is champion without a final and seed 1 is second."""
    tournament, stage, seeds = knockout(club, director, n=4)
    round1 = services.round_start(
        round=services.round_generate(stage=stage, by=director), by=director
    )
    tables = {
        frozenset(s.entry_id for s in t.sides.all()): t
        for t in round1.tables.select_related("match")
    }
    first = tables[frozenset({seeds[1].pk, seeds[4].pk})]
    for deal in better_seed_wins(first):
        scoring_services.deal_submit(
            match=first.match,
            number=first.match.next_deal["number"],
            input=deal,
            by=director,
        )
        first.match.refresh_from_db()
    scoring_services.match_finish(match=first.match, by=director)
    services.entry_withdraw(entry=seeds[1], reason="flight", by=director)
    round1.refresh_from_db()
    (walkover,) = round1.explanation["walkovers"]
    assert walkover["match"] == "W2-1" and walkover["advanced"] is None
    assert "whoever meets them there advances without a game" in walkover["text"]
    other = tables[frozenset({seeds[2].pk, seeds[3].pk})]
    for deal in better_seed_wins(other):
        scoring_services.deal_submit(
            match=other.match,
            number=other.match.next_deal["number"],
            input=deal,
            by=director,
        )
        other.match.refresh_from_db()
    scoring_services.match_finish(match=other.match, by=director)
    services.round_lock(round=round1, by=director)
    with pytest.raises(Exception) as info:
        services.round_generate(stage=stage, by=director)
    assert getattr(info.value, "code", "") == "bracket_complete"
    body, matches = bracket(tournament, stage)
    assert body["champion"] == seeds[2].pk and matches["W2-1"]["walkover"]
    stage.refresh_from_db()  # its field was fixed by round 1
    ranks = {r.entry: r.rank for r in selectors.stage_standings_get(stage).rows}
    assert ranks[seeds[2].pk] == 1 and ranks[seeds[1].pk] == 2


def test_double_elimination_the_withdrawn_entry_leaves_both_brackets(club, director):
    """Seed 2 loses its first match, then withdraws: it is never seated in the
    losers' bracket (its match there is a walkover), the bracket still reaches a
    champion, and seed 2 is placed where it forfeited."""
    tournament, stage, seeds = knockout(club, director, kind="double")

    def seed2_loses(table):
        (a,), (b,) = side_entries(table)
        if seeds[2].pk in (a, b):
            points = [100, 150] if a == seeds[2].pk else [150, 100]
            return [{"mode": "totals", "points": points}] * 2
        return better_seed_wins(table)

    play_round(services.round_generate(stage=stage, by=director), director, seed2_loses)
    services.entry_withdraw(entry=seeds[2], reason="", by=director)
    seated_after = set()
    for _ in range(20):
        try:
            round_ = services.round_generate(stage=stage, by=director)
        except Exception as error:
            assert getattr(error, "code", "") == "bracket_complete", error
            break
        seated_after |= entries_at(round_)
        play_round(round_, director, better_seed_wins)
    assert seeds[2].pk not in seated_after
    body, matches = bracket(tournament, stage)
    forfeits = [m for m in matches.values() if seeds[2].pk in m["withdrawn"]]
    assert [m["section"] for m in forfeits] == ["losers"]
    assert body["champion"] == seeds[1].pk
    placing = {p["entry"]: p for p in body["placings"]}
    assert placing[seeds[2].pk]["stage"].startswith("losers' round")
    assert placing[seeds[2].pk]["final"]


def test_best_of_three_withdrawn_mid_series(club, director):
    """Best of 3: seed 5 wins game 1 against seed 4, then withdraws before game 2
    (generated, not started): game 2's table goes, seed 4 takes the match by
    walkover and the bracket keeps the game played (series 0–1)."""
    tournament, stage, seeds = knockout(club, director, best_of=3)

    def seed5_wins(table):
        (a,), (b,) = side_entries(table)
        if seeds[5].pk in (a, b):
            points = [150, 100] if a == seeds[5].pk else [100, 150]
            return [{"mode": "totals", "points": points}] * 2
        return better_seed_wins(table)

    play_round(services.round_generate(stage=stage, by=director), director, seed5_wins)
    round2 = services.round_generate(stage=stage, by=director)
    assert seeds[5].pk in entries_at(round2)
    services.entry_withdraw(entry=seeds[5], reason="", by=director)
    assert seeds[5].pk not in entries_at(round2)
    _body, matches = bracket(tournament, stage)
    w12 = matches["W1-2"]
    assert w12["winner"] == seeds[4].pk and w12["walkover"]
    assert w12["entrants"] == [seeds[4].pk, seeds[5].pk] and w12["series"] == [0, 1]


def test_the_only_table_of_a_generated_round_goes_with_its_round(club, director):
    """Two entries, round 1 generated: when one withdraws, the round would be
    empty, so it is removed; the other is champion without a game."""
    tournament, stage, seeds = knockout(club, director, n=2)
    round1 = services.round_generate(stage=stage, by=director)
    services.entry_withdraw(entry=seeds[1], reason="", by=director)
    assert not Round.objects.filter(pk=round1.pk).exists()
    body, _matches = bracket(tournament, stage)
    assert body["champion"] == seeds[2].pk


def test_only_a_director_withdraws(api_client, club, director):
    """Anonymous and a stranger are refused and nothing changes; the director's
    withdrawal through the API makes the walkover; the public page shows it."""
    tournament, stage, seeds = knockout(club, director)
    round1 = services.round_generate(stage=stage, by=director)
    url = reverse(
        "api:tournament-entry-withdraw",
        kwargs={"tournament_id": tournament.pk, "entry_id": seeds[7].pk},
    )
    assert api_client.post(url, {}, format="json").status_code in (401, 403)
    stranger = get_user_model().objects.create_user("stranger")
    api_client.force_authenticate(stranger)
    assert api_client.post(url, {}, format="json").status_code == 403
    seeds[7].refresh_from_db()
    assert seeds[7].withdrawn_at is None and round1.tables.count() == 4
    api_client.force_authenticate(director)
    response = api_client.post(url, {"reason": "late"}, format="json")
    assert response.status_code == 200 and response.json()["withdrawn_at"]
    assert round1.tables.count() == 3
    page = api_client.get(reverse("tournaments:public", args=[tournament.pk]))
    assert page.status_code == 200
    assert "W1-3 \u00b7 walkover" in page.content.decode()
    assert "Seed 7 withdrew (late)" in page.content.decode()


def test_the_directors_page_withdraws(client, club, director):
    """The withdraw action of the manage page works the same way."""
    tournament, stage, seeds = knockout(club, director, n=4)
    round1 = services.round_generate(stage=stage, by=director)
    client.force_login(director)
    response = client.post(
        reverse("tournaments:act", args=[tournament.pk]),
        {"action": "withdraw", "entry": seeds[4].pk, "reason": "ill"},
    )
    assert response.status_code == 302
    assert round1.tables.count() == 1
    round1.refresh_from_db()
    assert round1.status == RoundStatus.GENERATED
    assert "Seed 4 withdrew (ill)" in round1.explanation["messages"][-1]
