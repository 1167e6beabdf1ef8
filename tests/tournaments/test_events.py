"""Real events, start to finish through the services (and the score book's).

Every table is a score-book match; results are entered deal by deal with
``scoring.services.deal_submit`` and the matches finished with ``match_finish``. The
standings are the snapshot written by the Celery task that the score book's
"result changed" notification runs (eagerly here, on commit), compared with the
standings computed independently in the test.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tournaments import selectors, services, tasks
from tournaments.models import Standings

from .conftest import play_round, side_entries

pytestmark = pytest.mark.django_db

# Sleazy World Championships 2023 (000_eb7d6ae73acb1182.txt, WORLD CHAMPIONSHIPS).
SLEAZY_2023 = [
    "Emilia Granroth",
    "Sampo Jaakkola",
    "Emmi Viitala",
    "Rosanna Viitala",
    "Johannes Aho",
    "Mikael Saurén",
    "Ville Viitala",
]


def snapshot_rows(tournament, stage_index=0):
    snapshot = Standings.objects.get(tournament=tournament)
    return snapshot.stages[stage_index]["rows"]


def test_sleazy_world_championship_2023_round_robin(
    club, director, django_capture_on_commit_callbacks
):
    """Seven players, a round robin of four-round Sleazy matches, ranked by the
    cumulative point difference: every pair meets once, everyone sits out once, and
    the worker's standings equal the differences summed by hand."""
    tournament = services.tournament_create(
        club=club,
        name="Sleazy World Championships 2023",
        game="sleazy",
        options={"rounds": 4},
        format="round_robin",
        tiebreaks=["point_difference", "wins"],
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament, names="\n".join(SLEAZY_2023), by=director
    )
    assert [e.name for e in entries] == SLEAZY_2023
    stage = tournament.stages.get()
    seed = {e.pk: i for i, e in enumerate(entries)}
    difference: Counter[int] = Counter()
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()

    def deals(table):
        (a,), (b,) = side_entries(table)
        met[frozenset((a, b))] += 1
        rows = []
        for r in range(4):
            pa = 25 * ((seed[a] * 3 + seed[b] + r) % 5)
            pb = 25 * ((seed[b] * 2 + seed[a] * 5 + 2 * r) % 4)
            difference[a] += pa - pb
            difference[b] += pb - pa
            rows.append({"mode": "totals", "points": [pa, pb]})
        return rows

    with django_capture_on_commit_callbacks(execute=True):
        for number in range(1, 8):
            round_ = services.round_generate(stage=stage, by=director)
            assert round_.number == number
            assert round_.tables.count() == 3
            (bye,) = round_.explanation["byes"]
            byes[bye["entry"]] += 1
            assert bye["reasons"][0]["code"] == "bye"
            play_round(round_, director, deals)
        with pytest.raises(Exception, match="7 rounds"):
            services.round_generate(stage=stage, by=director)
        services.tournament_close(tournament=tournament, by=director)

    assert set(met.values()) == {1} and len(met) == 21
    assert set(byes.values()) == {1} and len(byes) == 7
    rows = snapshot_rows(tournament)
    assert {r["entry"]: r["values"]["point_difference"] for r in rows} == dict(
        difference
    )
    assert all(r["played"] == 6 for r in rows)
    ordered = [r["values"]["point_difference"] for r in rows]
    assert ordered == sorted(ordered, reverse=True)
    # The snapshot is what a from-scratch computation gives, and it is current.
    assert Standings.objects.get(tournament=tournament).stages == (
        selectors.standings_data_get(tournament)
    )
    assert selectors.standings_view_get(tournament)["pending"] is False


def tuppi_win(side: int) -> dict:
    """A rami deal that side ``side`` declares and takes all 13 tricks of."""
    return {
        "contract": "rami",
        "declarer": side,
        "tricks": [13, 0] if side == 0 else [0, 13],
    }


@pytest.mark.slow
def test_tuppi_swiss_64_teams_6_rounds(club, director):
    """64 fixed partnerships, six Swiss rounds of Tuppi to 52: no rematches, winners
    meet winners, every team plays six games, and the standings task's snapshot ranks
    them by match points and Buchholz exactly as a from-scratch computation."""
    tournament = services.tournament_create(
        club=club,
        name="Tuppi Swiss",
        game="tuppi",
        format="swiss",
        stage_settings={"rounds": 6},
        tiebreaks=["match_points", "buchholz", "point_difference"],
        by=director,
    )
    lines = [f"Team {i}: North {i} & South {i}" for i in range(1, 65)]
    entries = services.entries_add(tournament=tournament, names=lines, by=director)
    assert len(entries) == 64
    assert [m.display_name for m in entries[0].members.all()] == [
        "North 1",
        "South 1",
    ]
    strength = {e.pk: (e.seed * 37) % 64 for e in entries}
    stage = tournament.stages.get()
    opponents: dict[int, set[int]] = {e.pk: set() for e in entries}
    wins: Counter[int] = Counter()

    def deals(table):
        (a,), (b,) = side_entries(table)
        assert b not in opponents[a], "rematch"
        opponents[a].add(b)
        opponents[b].add(a)
        winner = 0 if strength[a] < strength[b] else 1
        wins[(a, b)[winner]] += 1
        return [tuppi_win(winner)] * 3

    for number in range(1, 7):
        round_ = services.round_generate(stage=stage, by=director)
        assert round_.tables.count() == 32 and not round_.explanation["byes"]
        if number == 2:
            # 32 winners and 32 losers: every table is inside one score group.
            for table in round_.tables.all():
                a, b = (s[0] for s in side_entries(table))
                assert wins[a] == wins[b]
                assert any(r["code"] == "score_group" for r in table.reasons)
        play_round(round_, director, deals)
    assert all(len(o) == 6 for o in opponents.values())

    tasks.standings_reconcile()
    rows = snapshot_rows(tournament)
    assert {r["entry"]: r["values"]["match_points"] for r in rows} == {
        e.pk: 2 * wins[e.pk] for e in entries
    }
    assert rows[0]["values"]["match_points"] == 12  # one team won all six
    assert Standings.objects.get(tournament=tournament).stages == (
        selectors.standings_data_get(tournament)
    )
    assert selectors.standings_view_get(tournament)["pending"] is False


def canasta_deal(table, strong: dict[int, int]) -> list[dict]:
    """One totals-only deal that decides a Canasta game to 5000."""
    (a1, a2), (b1, b2) = side_entries(table)
    first = strong[a1] + strong[a2] >= strong[b1] + strong[b2]
    points = [5000 + 10 * strong[a1], 1200] if first else [900, 5000 + 10 * strong[b1]]
    return [{"mode": "totals", "points": points}]


def skruuvi(kind, level, declarer, tricks, **extra) -> dict:
    return {
        "contract": kind,
        "level": level,
        "declarer": declarer,
        "tricks": tricks,
        **extra,
    }


def aces(*places: tuple[str, int, int]) -> list[dict]:
    """Where the aces fell: (ace, trick number, seat that won the trick)."""
    return [{"card": c, "trick": t, "seat": s} for c, t, s in places]


# Three games of Modern Skruuvi (book §15), eight deals each: four basic deals, then
# four kotkas. Seats 0 and 2 are side 0. Each deal's points (side 0, side 1) and
# the running totals are worked out by hand beside it.
SKRUUVI_NIGHT = [
    [
        skruuvi("hearts", 5, 1, [2, 11]),  # (0, 25)
        skruuvi("spades", 6, 0, [11, 2], knocks=[{"by": 3}]),  # -11 × 2: (-22, 25)
        {  # pass misere: side 0 7 + aces 6 + 12, side 1 6 + aces 3 + 9
            "contract": "pass_misere",
            "tricks": [6, 7],
            "aces": aces(("AS", 3, 0), ("AH", 6, 1), ("AD", 9, 2), ("AC", 12, 3)),
        },  # (25, 18): (3, 43)
        skruuvi(
            "misere",
            5,
            2,
            [0, 6, 1, 6],
            aces=aces(("AS", 1, 1), ("AH", 2, 3), ("AD", 7, 1), ("AC", 11, 3)),
        ),  # made 13 + aces 1 + 2 + 7 + 11: (34, 0): (37, 43)
        skruuvi("no_trump", 6, 3, [1, 12]),  # kotka: 48: (37, 91)
        skruuvi("hearts", 7, 0, [13, 0]),  # 49: (86, 91)
        skruuvi("clubs", 6, 1, [3, 10], knocks=[{"by": 2, "kontra_by": 3}]),
        # (11 + 6) × 4 = -68: (86, 23)
        skruuvi("diamonds", 6, 2, [12, 1]),  # 36: (122, 23)
    ],
    [
        skruuvi("diamonds", 6, 3, [1, 12]),  # (0, 36)
        skruuvi("clubs", 5, 0, [9, 4]),  # -(11 + 5): (-16, 36)
        skruuvi("no_trump", 5, 1, [2, 11]),  # 25 + 12: (-16, 73)
        {  # pass misere, knocked: tricks and aces doubled
            "contract": "pass_misere",
            "tricks": [5, 8],
            "knocks": [{"by": 1}],
            "aces": aces(("AS", 2, 3), ("AH", 4, 0), ("AD", 9, 1), ("AC", 13, 2)),
        },  # side 0 (8 + 2 + 9) × 2 = 38, side 1 (5 + 4 + 13) × 2 = 44: (22, 117)
        skruuvi("spades", 7, 1, [0, 13]),  # 49: (22, 166)
        skruuvi("hearts", 6, 2, [12, 1], knocks=[{"by": 3}]),  # 72: (94, 166)
        skruuvi("misere", 6, 3, [11, 2]),  # failed, no aces: -11: (94, 155)
        skruuvi("no_trump", 6, 0, [12, 1]),  # 48: (142, 155)
    ],
    [
        skruuvi("spades", 5, 1, [1, 12]),  # (0, 25)
        skruuvi("no_trump", 7, 0, [12, 1]),  # -17: (-17, 25)
        skruuvi(
            "misere",
            5,
            3,
            [5, 1, 6, 1],
            knocks=[{"by": 0}],
            aces=aces(("AH", 1, 0), ("AS", 4, 1), ("AD", 8, 2), ("AC", 13, 2)),
        ),  # 13 × 2 + aces 1 + 8 + 13 to side 1, 4 to side 0: (-13, 73)
        skruuvi("hearts", 6, 3, [1, 12]),  # 36: (-13, 109)
        skruuvi("spades", 7, 2, [11, 2], knocks=[{"by": 1}]),  # -(17 + 7) × 2
        # (-61, 109)
        skruuvi(
            "misere",
            6,
            1,
            [13, 0],
            aces=aces(("AS", 2, 0), ("AH", 3, 2), ("AD", 5, 0), ("AC", 7, 2)),
        ),  # 24 + aces 2 + 3 + 5 + 7: (-61, 150)
        skruuvi("hearts", 6, 0, [12, 1]),  # 36: (-25, 150)
        skruuvi("no_trump", 7, 3, [0, 13]),  # 49 + 12: (-25, 211)
    ],
]
SKRUUVI_NIGHT_TOTALS = [(122, 23), (142, 155), (-25, 211)]


def test_four_player_skruuvi_night_of_three_partner_rotation_games(
    club, director, django_capture_on_commit_callbacks
):
    """A Skruuvi night: four players, three games of Modern Skruuvi so that everyone
    partners everyone once (book §17.2), every deal entered through the score book.
    Each player's night is their teams' results: the point difference (what they
    win or pay at a point value, book §1.2), their teams' points, match points.

    Game 1: Aino & Bertta 122 v Ceci & Dora 23; game 2: Aino & Dora 142 v Bertta &
    Ceci 155; game 3: Aino & Ceci -25 v Bertta & Dora 211. By hand:

    ========  =========================  ======================  ===
    player    difference                 points                  MP
    ========  =========================  ======================  ===
    Bertta    99 + 13 + 236 = 348        122 + 155 + 211 = 488   6
    Dora      -99 - 13 + 236 = 124       23 + 142 + 211 = 376    2
    Aino      99 - 13 - 236 = -150       122 + 142 - 25 = 239    2
    Ceci      -99 + 13 - 236 = -322      23 + 155 - 25 = 153     2
    ========  =========================  ======================  ===
    """
    tournament = services.tournament_create(
        club=club,
        name="Skruuvi night",
        game="skruuvi",
        format="partner_rotation",
        tiebreaks=["point_difference", "game_points_for", "match_points"],
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament, names="Aino\nBertta\nCeci\nDora", by=director
    )
    name = {e.pk: e.name for e in entries}
    stage = tournament.stages.get()
    partners: Counter[frozenset[str]] = Counter()
    seating = []
    with django_capture_on_commit_callbacks(execute=True):
        for game in range(3):
            round_ = services.round_generate(stage=stage, by=director)
            assert round_.tables.count() == 1

            def deals(table, game=game):
                sides = [[name[e] for e in side] for side in side_entries(table)]
                seating.append(sides)
                for side in sides:
                    partners[frozenset(side)] += 1
                return SKRUUVI_NIGHT[game]

            play_round(round_, director, deals)
            match = round_.tables.get().match
            assert match.deals.count() == 8 and not match.needs_attention
            assert tuple(match.totals) == SKRUUVI_NIGHT_TOTALS[game]
        with pytest.raises(Exception, match="3 rounds"):
            services.round_generate(stage=stage, by=director)
    # The rotation's seating (deterministic for the stage's seed); everyone
    # partners everyone exactly once.
    assert seating == [
        [["Aino", "Bertta"], ["Ceci", "Dora"]],
        [["Aino", "Dora"], ["Bertta", "Ceci"]],
        [["Aino", "Ceci"], ["Bertta", "Dora"]],
    ]
    assert len(partners) == 6 and set(partners.values()) == {1}
    rows = snapshot_rows(tournament)
    assert [
        (
            r["rank"],
            name[r["entry"]],
            r["values"]["point_difference"],
            r["values"]["game_points_for"],
            r["values"]["match_points"],
            r["played"],
        )
        for r in rows
    ] == [
        (1, "Bertta", 348, 488, 6, 3),
        (2, "Dora", 124, 376, 2, 3),
        (3, "Aino", -150, 239, 2, 3),
        (4, "Ceci", -322, 153, 2, 3),
    ]
    assert Standings.objects.get(tournament=tournament).stages == (
        selectors.standings_data_get(tournament)
    )


@pytest.mark.slow
def test_canasta_partner_rotation_club_night_16_players(club, director):
    """Sixteen members, four tables a round, five rounds of Canasta: nobody partners
    anyone twice, and the final standings table ranks all sixteen by match points
    and then their team points."""
    tournament = services.tournament_create(
        club=club,
        name="Canasta club night",
        game="canasta",
        format="partner_rotation",
        stage_settings={"rounds": 5},
        tiebreaks=["match_points", "game_points_for"],
        by=director,
    )
    names = [f"Member {i:02}" for i in range(1, 17)]
    entries = services.entries_add(tournament=tournament, names=names, by=director)
    strong = {e.pk: (i * 7) % 16 for i, e in enumerate(entries)}
    stage = tournament.stages.get()
    partners: Counter[frozenset[int]] = Counter()
    for _ in range(5):
        round_ = services.round_generate(stage=stage, by=director)
        assert round_.tables.count() == 4 and not round_.explanation["byes"]

        def deals(table):
            for side in side_entries(table):
                partners[frozenset(side)] += 1
            return canasta_deal(table, strong)

        play_round(round_, director, deals)
    services.tournament_close(tournament=tournament, by=director)
    assert set(partners.values()) == {1} and len(partners) == 40
    tasks.standings_reconcile()
    rows = snapshot_rows(tournament)
    assert len(rows) == 16 and all(r["played"] == 5 for r in rows)
    keys = [(r["values"]["match_points"], r["values"]["game_points_for"]) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert rows == selectors.standings_data_get(tournament)[0]["rows"]


@pytest.mark.slow
def test_double_elimination_bracket_of_32(club, director):
    """32 entries, double elimination: rounds are generated from the bracket until
    the champion is known; the losers'-bracket champion wins the first grand final,
    so the reset is played: 2n - 1 = 63 games, everyone but the champion out after
    exactly two losses, and the public picture of the bracket is an inline SVG."""
    tournament = services.tournament_create(
        club=club,
        name="Sleazy knockout",
        game="sleazy",
        format="knockout",
        stage_settings={"kind": "double"},
        tiebreaks=["wins", "point_difference"],
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament,
        names=[f"Seed {i:02}" for i in range(1, 33)],
        by=director,
    )
    seed = {e.pk: e.seed for e in entries}
    stage = tournament.stages.get()
    losses: Counter[int] = Counter()
    games = []

    def deals(table):
        (a,), (b,) = side_entries(table)
        match_id = table.reasons[0]["data"]["match"]
        games.append(match_id)
        # The better seed wins, except the first grand final (an upset).
        first_wins = (seed[a] < seed[b]) != (match_id == "GF")
        losses[b if first_wins else a] += 1
        points = [100, 25] if first_wins else [25, 100]
        return [{"mode": "totals", "points": points}] * 4

    for _ in range(40):
        try:
            round_ = services.round_generate(stage=stage, by=director)
        except Exception as error:
            assert "champion" in str(error)
            break
        play_round(round_, director, deals)
    assert len(games) == 63 and games[-2:] == ["GF", "GF2"]
    champion = next(e for e in entries if e.seed == 1)
    assert losses[champion.pk] == 1
    assert all(losses[e.pk] == 2 for e in entries if e.pk != champion.pk)
    _bracket, state = selectors.stage_bracket_get(stage)
    assert state.champion == champion.pk
    assert selectors.stage_bracket_svg_get(stage).lstrip().startswith("<svg")
