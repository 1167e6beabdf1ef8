"""Individual totals of a partner rotation, through the services: a Klubiskruuvi
match of three games between four players (book §16.1: everyone partners everyone
once) ends in each player's bolsu points + 2 × their teams' scores (§16.6), ranked
by the ``individual_total`` metric that the game's declaration puts first."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments import selectors, services
from tournaments.models import Standings

from .conftest import play_round, side_entries

pytestmark = pytest.mark.django_db


def team(kind, level, declarer, tricks, **extra) -> dict:
    raw = {"contract": kind, "declarer": declarer, "tricks": tricks, **extra}
    if level is not None:
        raw["level"] = level
    if declarer is None:
        del raw["declarer"]
    return raw


def bolsu(declarer, tricks, kind="misere", **extra) -> dict:
    return {
        "bolsu": True,
        "contract": kind,
        "declarer": declarer,
        "tricks": tricks,
        **extra,
    }


def aces(*places) -> list[dict]:
    return [{"card": c, "trick": t, "seat": s} for c, t, s in places]


def won_by(*seats) -> list[dict]:
    """A♠ A♥ A♦ A♣ in tricks 1–4, won by ``seats``."""
    cards = ("AS", "AH", "AD", "AC")
    return aces(
        *((c, i + 1, s) for i, (c, s) in enumerate(zip(cards, seats, strict=True)))
    )


# Three Klubiskruuvi games; seats 0 and 2 are side 0. Per deal: the main book's
# points (side 0, side 1) or a bolsu's points per seat, worked out by hand.
KLUBI_MATCH = [
    [
        team("hearts", 6, 0, [12, 1]),  # (36, 0)
        bolsu(1, [4, 0, 5, 4], aces=won_by(0, 2, 3, 0)),  # made: -21 - 10 each
        # seats (-31, 93, -31, -31)
        team("spades", 5, 3, [1, 12]),  # 25 + bonus 5: (0, 30)
        team(
            "misere",
            5,
            2,
            [2, 11],
            aces=aces(("AS", 1, 1), ("AH", 5, 3), ("AD", 8, 1), ("AC", 12, 0)),
        ),  # made 10 + aces 1 + 5 + 8; side 1 aces 12: (24, 12)
        team("clubs", 6, 1, [2, 11]),  # (0, -11)
        team("no_trump", 7, 0, [13, 0]),  # kotka: (49, 0)
        bolsu(3, [12, 1], "hearts"),  # Mussolini, one trick lost: 17 each
        # seats (17, 17, 17, -51)
        team("hearts", 6, 3, [3, 10], knocks=[{"by": 0}]),  # -(11 + 6) × 2: (0, -34)
        team("diamonds", 7, 2, [12, 1]),  # (-17, 0)
        team("spades", 6, 1, [0, 13]),  # 36 + bonus 6: (0, 42)
        bolsu(
            0,
            [1, 4, 4, 4],
            knocks=[{"by": 1}],
            aces=aces(("AS", 13, 0), ("AH", 1, 1), ("AD", 2, 2), ("AC", 3, 3)),
        ),  # 17 + aces 13 - 6; seat 1 knocked: 34 + 7
        # seats (-89, 41, 24, 24)
        bolsu(2, [0, 13], aces=won_by(1, 3, 0, 1)),  # seats (-31, -31, 93, -31)
    ],
    [
        bolsu(2, [13, 0], "no_trump"),  # Mussolini made: seats (-21, -21, 63, -21)
        team("hearts", 5, 1, [2, 11]),  # (0, 25)
        team("pass_misere", None, None, [7, 6], aces=won_by(0, 1, 2, 3)),
        # side 0: 6 + 2 + 4, side 1: 7 + 1 + 3: (12, 11)
        team("spades", 7, 0, [13, 0]),  # (49, 0)
        team(
            "misere",
            6,
            3,
            [10, 3],
            aces=aces(("AS", 2, 1), ("AH", 6, 3), ("AD", 7, 0), ("AC", 9, 2)),
        ),  # failed -17, but aces: side 1 7 + 9, side 0 2 + 6: (8, -1)
        bolsu(
            0,
            [2, 3, 4, 4],
            aces=aces(("AS", 10, 0), ("AH", 1, 1), ("AD", 2, 2), ("AC", 3, 3)),
        ),  # 17 + 7, aces 10 - 6: seats (-84, 28, 28, 28)
        team("clubs", 6, 2, [12, 1]),  # kotka: (36, 0)
        team("no_trump", 6, 3, [0, 13]),  # 36 + bonus 6: (0, 42)
        team("hearts", 7, 1, [2, 11], knocks=[{"by": 2}]),  # -(17 + 7) × 2: (0, -48)
        team("diamonds", 6, 0, [12, 1]),  # (36, 0)
        bolsu(
            1, [4, 0, 5, 4], knocks=[{"by": 0, "kontra_by": 1}], aces=won_by(0, 2, 3, 0)
        ),
        # made, -31 each, seat 0 × 4: seats (-124, 186, -31, -31)
        bolsu(3, [1, 1, 1, 10], "spades"),  # opponents took 3: 17 + 14 each
        # seats (31, 31, 31, -93)
    ],
    [
        team("hearts", 5, 1, [2, 11]),  # (0, 25)
        team("no_trump", 5, 0, [13, 0]),  # 25 + bonus 10: (35, 0)
        team("spades", 6, 3, [1, 12]),  # (0, 36)
        team("clubs", 5, 2, [10, 3]),  # (-5, 0)
        team("hearts", 6, 1, [1, 12]),  # kotka: (0, 36)
        team("misere", 7, 0, [0, 13], knocks=[{"by": 1}], aces=won_by(1, 3, 1, 3)),
        # made 30 × 2 + aces 10 × 2: (80, 0)
        team("spades", 7, 3, [1, 12]),  # (0, -17)
        team("diamonds", 6, 2, [12, 1]),  # (36, 0)
        # The teams' eight deals are played: the four bolsus remain.
        bolsu(0, [0, 5, 4, 4], aces=won_by(1, 2, 3, 1)),  # seats (93, -31, -31, -31)
        bolsu(1, [13, 0], "hearts"),  # seats (-21, 63, -21, -21)
        bolsu(2, [4, 4, 1, 4], aces=won_by(0, 1, 3, 0)),  # 17 - 10: (7, 7, -21, 7)
        bolsu(3, [5, 4, 4, 0], knocks=[{"by": 2}], aces=won_by(0, 1, 2, 0)),
        # made, -31 each, seat 2 × 2: seats (-31, -31, -62, 124)
    ],
]
# Per game: the main book (side 0, side 1) and the bolsu points per seat.
MAIN_BOOK = [(92, 39), (141, 29), (146, 80)]
BOLSU_SEATS = [(-134, 120, 103, -89), (-198, 224, 91, -117), (48, 8, -135, 79)]


def klubi_match(club, director, capture, tiebreaks=None):
    tournament = services.tournament_create(
        club=club,
        name="Klubiskruuvi match",
        game="klubiskruuvi",
        format="partner_rotation",
        tiebreaks=tiebreaks,
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament, names="Aino\nBertta\nCeci\nDora", by=director
    )
    name = {e.pk: e.name for e in entries}
    stage = tournament.stages.get()
    seating = []
    with capture(execute=True):
        for game in range(3):
            round_ = services.round_generate(stage=stage, by=director)

            def deals(table, game=game):
                seating.append([[name[e] for e in s] for s in side_entries(table)])
                return KLUBI_MATCH[game]

            play_round(round_, director, deals)
            match = round_.tables.get().match
            assert not match.needs_attention and match.deals.count() == 12
            assert tuple(match.totals) == MAIN_BOOK[game]
            assert tuple(match.state["seat_totals"]) == BOLSU_SEATS[game]
    return tournament, name, seating


def test_klubiskruuvi_match_ends_in_the_books_individual_totals(
    club, director, django_capture_on_commit_callbacks
):
    """Seats: game 1 Aino 0, Ceci 1, Bertta 2, Dora 3; game 2 Aino 0, Bertta 1,
    Dora 2, Ceci 3; game 3 Aino 0, Bertta 1, Ceci 2, Dora 3. By hand:

    ======  ======================  ========================  ====================
    player  bolsu points            team scores               total (bolsu + 2 ×)
    ======  ======================  ========================  ====================
    Bertta  103 + 224 + 8 = 335     92 + 29 + 80 = 201        335 + 402 = 737
    Dora    -89 + 91 + 79 = 81      39 + 141 + 80 = 260       81 + 520 = 601
    Aino    -134 - 198 + 48 = -284  92 + 141 + 146 = 379      -284 + 758 = 474
    Ceci    120 - 117 - 135 = -132  39 + 29 + 146 = 214       -132 + 428 = 296
    ======  ======================  ========================  ====================

    Aino's side won the main book of all three games (6 match points), yet ranks
    third: the individual total comes first."""
    tournament, name, seating = klubi_match(
        club, director, django_capture_on_commit_callbacks
    )
    assert seating == [
        [["Aino", "Bertta"], ["Ceci", "Dora"]],
        [["Aino", "Dora"], ["Bertta", "Ceci"]],
        [["Aino", "Ceci"], ["Bertta", "Dora"]],
    ]
    (stage,) = Standings.objects.get(tournament=tournament).stages
    assert [m["key"] for m in stage["metrics"]] == [
        "individual_total",
        "match_points",
        "head_to_head",
        "point_difference",
    ]
    assert stage["metrics"][0]["name"] == "Individual total"
    assert [
        (
            r["rank"],
            name[r["entry"]],
            r["values"]["individual_total"],
            r["values"]["match_points"],
        )
        for r in stage["rows"]
    ] == [
        (1, "Bertta", 737, 2),
        (2, "Dora", 601, 2),
        (3, "Aino", 474, 6),
        (4, "Ceci", 296, 2),
    ]
    assert Standings.objects.get(tournament=tournament).stages == (
        selectors.standings_data_get(tournament)
    )


def test_a_director_may_place_the_individual_total_elsewhere(
    club, director, django_capture_on_commit_callbacks
):
    """Listed by the director, the metric keeps its place: here match points first."""
    tournament, name, _ = klubi_match(
        club,
        director,
        django_capture_on_commit_callbacks,
        tiebreaks=["match_points", "individual_total"],
    )
    stage = selectors.standings_data_get(tournament)[0]
    assert [m["key"] for m in stage["metrics"]] == ["match_points", "individual_total"]
    assert [(name[r["entry"]], r["rank"]) for r in stage["rows"]] == [
        ("Aino", 1),
        ("Bertta", 2),
        ("Dora", 3),
        ("Ceci", 4),
    ]


def skruuvi_night(club, director, tiebreaks):
    """One round of a Modern Skruuvi partner rotation: side 0 takes eight sixes."""
    tournament = services.tournament_create(
        club=club,
        name="Skruuvi",
        game="skruuvi",
        format="partner_rotation",
        tiebreaks=tiebreaks,
        by=director,
    )
    services.entries_add(
        tournament=tournament, names="Aino\nBertta\nCeci\nDora", by=director
    )
    stage = tournament.stages.get()
    round_ = services.round_generate(stage=stage, by=director)
    six = {"contract": "hearts", "level": 6, "declarer": 0, "tricks": [12, 1]}
    play_round(round_, director, lambda table: [six] * 8)
    return tournament


def test_games_without_individual_scoring_load_no_seat_points_unless_asked(
    club, director
):
    """Modern Skruuvi declares no individual scoring: its rotation is ranked by the
    director's metrics and the standings read no seats. Asked for, the individual
    total is the sum of the team scores (multiplier 1, no own points)."""
    tournament = skruuvi_night(club, director, ["game_points_for"])
    with CaptureQueriesContext(connection) as queries:
        data = selectors.standings_data_get(tournament)
    assert [m["key"] for m in data[0]["metrics"]] == ["game_points_for"]
    assert not any("scoring_seat" in q["sql"] for q in queries.captured_queries)

    tournament = skruuvi_night(club, director, ["individual_total", "game_points_for"])
    with CaptureQueriesContext(connection) as queries:
        data = selectors.standings_data_get(tournament)
    assert any("scoring_seat" in q["sql"] for q in queries.captured_queries)
    rows = data[0]["rows"]
    assert sorted(r["values"]["individual_total"] for r in rows) == [0, 0, 288, 288]
    assert all(
        r["values"]["individual_total"] == r["values"]["game_points_for"] for r in rows
    )
