"""Games of ends end to end, with no code outside ``games/`` naming them: a curling
match through the API to its winner (the hammer on the sheet, a bad end refused
with its path) settled per point between the two teams (book §1.2); a Contract
Petanque game of three settled by the average method; a Swiss tournament of
Tuomas's Petanque (petanque is often played Swiss) and a curling round robin
through the tournament API to standings."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from rest_framework.test import APIClient

from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, match_create, play_evening
from tests.scoring.round_robin import play_round_robin
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db

# Eight ends: A 2, blank, B 1, A 3, B 2, blank, A 1, B 1 → A 6, B 4.
CURLING = [
    {"side": 0, "points": 2},
    {},
    {"side": 1, "points": 1},
    {"side": 0, "points": 3},
    {"side": 1, "points": 2},
    {},
    {"side": 0, "points": 1},
    {"side": 1, "points": 1},
]


@pytest.fixture
def people(db):
    club = ClubFactory(name="Kortti", slug="kortti")
    scorer = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, n) for n in ("Olli", "Cia")]
    return club, scorer, others


def _settled(match: Match) -> dict[str, int]:
    settled = balances_settle(match)
    return {k: v for k, v in settled.items() if v}


def test_a_curling_match_to_its_winner_settled_per_point(people):
    club, sami, (olli, _cia) = people
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = match_create(
        client,
        club,
        {
            "game": "curling",
            "seats": [{"player": sami.pk, "side": 0}, {"player": olli.pk, "side": 1}],
            "first_dealer": 1,
            "point_value": "0.50",
            "currency": "EUR",
        },
    )
    bad = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": {"side": 0, "points": 9}},
        format="json",
    )
    assert bad.status_code == 400
    assert [e["path"] for e in bad.json()["errors"]] == ["points"]
    for number, end in enumerate(CURLING, start=1):
        response = client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": end},
            format="json",
        )
        assert response.status_code == 201, response.json()
        if number == 2:
            # After A scored the first end and a blank one, B keeps the hammer.
            context = {
                r["code"]: r["value"]
                for r in response.json()["match"]["next_deal"]["context"]
            }
            assert context == {"end": "3 of 8", "first": 0, "hammer": 1}
    body = response.json()["match"]
    assert body["totals"] == [6, 4]
    assert body["finished"] is True and body["winners"] == [0]
    refused = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 9, "input": {}},
        format="json",
    )
    assert refused.status_code in (400, 409)
    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=sami.user
    )
    # Two teams: the losers pay the difference × the value of a point (§1.2).
    assert _settled(match) == {f"p{sami.pk}": 100, f"p{olli.pk}": -100}


def test_a_petanque_match_of_two_pairs_settled_per_point(people):
    """Teams of two (up to six balls a team, l.3694), to 13: 13–8; each partner
    of the losing team pays a partner of the winning one 5 × 0.20 = 1.00 (§1.2,
    two teams; the club's default team mode)."""
    club, sami, (olli, cia) = people
    dan = member(club, Role.MEMBER, "Dan")
    client = APIClient()
    client.force_authenticate(sami.user)
    seats = [(sami, 0), (olli, 1), (cia, 0), (dan, 1)]
    match_id = match_create(
        client,
        club,
        {
            "game": "tuomas-petanque",
            "seats": [{"player": p.pk, "side": s} for p, s in seats],
            "point_value": "0.20",
            "currency": "EUR",
        },
    )
    bad = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": {"side": 0, "points": 7}},
        format="json",
    )
    assert bad.status_code == 400
    assert [e["path"] for e in bad.json()["errors"]] == ["points"]
    rounds = [(1, 6), (0, 5), None, (0, 6), (1, 2), (0, 2)]
    for number, end in enumerate(rounds, start=1):
        response = client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {
                "number": number,
                "input": {} if end is None else {"side": end[0], "points": end[1]},
            },
            format="json",
        )
        assert response.status_code == 201, response.json()
    body = response.json()["match"]
    assert body["totals"] == [13, 8] and body["winners"] == [0]
    finished = client.post(
        reverse("api:match-finish", kwargs={"match_id": match_id}), format="json"
    )
    assert finished.status_code == 200, finished.json()
    sheet = client.post(_api("match-settlement", match_id=match_id))
    assert sheet.status_code == 200, sheet.json()
    assert sorted(
        (t["payer_name"], t["payee_name"], t["amount_display"])
        for t in sheet.json()["transfers"]
    ) == [("Dan", "Cia", "1.00 EUR"), ("Olli", "Sami", "1.00 EUR")]


CONTRACTS = [
    {"declarer": 0, "bid": 3, "ball_points": 4},  # +3
    {"declarer": 1, "bid": 2, "contract": "doubled", "ball_points": 1},  # −4
    {"declarer": 2, "bid": 4, "contract": "doubled", "fled": 0, "ball_points": 5},
    {"declarer": 0, "bid": 1, "ball_points": 0},  # −1
    {"declarer": 1, "bid": 5, "contract": "redoubled", "ball_points": 5},  # +20
    {"declarer": 2, "bid": 2, "ball_points": 3},  # +2
    {"declarer": 0, "bid": 2, "ball_points": 3},  # +2
    {"declarer": 1, "bid": 1, "ball_points": 1},  # +1
    {"declarer": 2, "bid": 3, "ball_points": 2},  # −3
    {"declarer": 0, "bid": 4, "ball_points": 5},  # +4
]
CONTRACT_TOTALS = [3 + 8 - 1 + 2 + 4, -4 + 20 + 1, 8 + 2 - 3]


def test_a_contract_petanque_game_of_three_settled_by_the_average(people):
    club, sami, others = people
    client = APIClient()
    client.force_authenticate(sami.user)
    players = [sami, *others]
    match_id = match_create(
        client,
        club,
        {
            "game": "contract-petanque",
            "seats": [{"player": p.pk, "side": s} for s, p in enumerate(players)],
            "point_value": "0.03",
            "currency": "EUR",
        },
    )
    bad = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": {"declarer": 0, "bid": 3, "fled": 1, "ball_points": 4}},
        format="json",
    )
    assert bad.status_code == 400
    assert [(e["path"], e["code"]) for e in bad.json()["errors"]] == [
        ("fled", "flee_needs_double")
    ]
    body = deals_enter(client, match_id, CONTRACTS)
    assert body["totals"] == CONTRACT_TOTALS == [16, 17, 7]
    assert body["finished"] is True and body["winners"] == [1]
    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=sami.user
    )
    average = Fraction(sum(CONTRACT_TOTALS), 3)  # 40/3
    cents = [int((t - average) * 3) for t in CONTRACT_TOTALS]  # 0.03 a point
    assert cents == [8, 11, -19]
    assert _settled(match) == {
        f"p{p.pk}": c for p, c in zip(players, cents, strict=True)
    }


@pytest.fixture
def club_director(db):
    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    return club, director


def _api(name: str, **kwargs) -> str:
    return reverse(f"api:{name}", kwargs=kwargs)


def test_a_swiss_of_petanque_through_the_tournament_api(api_client, club_director):
    """Four players, two Swiss rounds of matches to 13; the stronger player of
    each table wins 13–5 (a blank round on the way); Aino, who wins both, leads
    and Dora, who loses both, is last."""
    club, director = club_director
    names = ["Aino", "Bert", "Cai", "Dora"]
    strength = {name: i for i, name in enumerate(names)}
    wins = dict.fromkeys(names, 0)

    def play_table(table):
        seats = {s.side: s.entry.name for s in table.sides.all()}
        better = min((0, 1), key=lambda s: strength[seats[s]])
        wins[seats[better]] += 1
        rounds = [
            {"side": 1 - better, "points": 3},
            {},
            {"side": better, "points": 4},
            {"side": 1 - better, "points": 2},
            {"side": better, "points": 4},
            {"side": better, "points": 4},
            {"side": better, "points": 1},
        ]
        deals_enter(api_client, table.match.pk, rounds)
        table.match.refresh_from_db()
        assert table.match.finished and table.match.winners == [better]
        totals = table.match.totals
        assert (totals[better], totals[1 - better]) == (13, 5)
        scoring_services.match_finish(match=table.match, by=director)

    rows = play_evening(
        api_client,
        club,
        director,
        game="tuomas-petanque",
        name="Boules",
        names=names,
        format="swiss",
        play_table=play_table,
    )
    assert wins["Aino"] == 2 and wins["Dora"] == 0
    assert rows[0]["name"] == "Aino" and rows[-1]["name"] == "Dora"


def test_a_curling_round_robin_through_the_tournament_api(api_client, club_director):
    """Each table's eight ends are won by the stronger team, 5–2."""
    club, director = club_director
    ends = [{"side": 0, "points": 2}, {"side": 1, "points": 2}, {}, {}, {}, {}]
    ends += [{"side": 0, "points": 3}, {}]

    def deals_for(better: int) -> list[dict]:
        """The ends above, seen from the stronger team (side 0 above)."""
        return [
            {"side": e["side"] ^ better, "points": e["points"]} if e else {}
            for e in ends
        ]

    play_round_robin(api_client, club, director, game="curling", deals_for=deals_for)
