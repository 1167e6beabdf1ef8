"""Multi-player-table stages through the services: a Sneaky Pete evening of twelve at
tables of four, every hand entered in the score book, standings by placement points
with shared places; fourteen players at 4 + 4 + 3 + 3; the settings checked."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from config.api import DomainError
from tournaments import selectors, services, tasks
from tournaments.models import Standings

from .conftest import play_round, side_entries

pytestmark = pytest.mark.django_db

# Each player's cards left in hand, the same every hand: their penalty per hand.
HANDS = {
    "Aino": "2H",  # 5
    "Bert": "3H",  # 5
    "Cai": "9H",  # 10
    "Dora": "10H",  # 10
    "Eero": "JH",  # 10
    "Fanni": "QH 2S",  # 15
    "Gun": "KH 3S",  # 15
    "Heli": "AH",  # 20
    "Ilkka": "AS",  # 20
    "Jaana": "KS QS 4S",  # 25
    "Kalle": "Jo",  # 50
    "Leena": "AD 9D 10D",  # 40
}
PENALTY = {
    "Aino": 5,
    "Bert": 5,
    "Cai": 10,
    "Dora": 10,
    "Eero": 10,
    "Fanni": 15,
    "Gun": 15,
    "Heli": 20,
    "Ilkka": 20,
    "Jaana": 25,
    "Kalle": 50,
    "Leena": 40,
}


def evening(club, director, names, placement=(4, 2, 1, 0), **settings):
    tournament = services.tournament_create(
        club=club,
        name="Sneaky Pete evening",
        game="sneaky-pete",
        format="multi_table",
        stage_settings=settings,
        points={
            "placement": placement if isinstance(placement, dict) else list(placement)
        },
        tiebreaks=["match_points", "wins"],
        by=director,
    )
    entries = services.entries_add(tournament=tournament, names=names, by=director)
    return tournament, {e.pk: e.name for e in entries}


def seven_hands(table, names):
    """At every hand the player with the smallest penalty goes out (the first
    seat of them on a tie); the others hold their usual cards."""
    seated = [names[entry] for (entry,) in side_entries(table)]
    penalties = [PENALTY[n] for n in seated]
    out = penalties.index(min(penalties))
    hand = {
        "went_out": out,
        "players": [
            {} if seat == out else {"hand": HANDS[name]}
            for seat, name in enumerate(seated)
        ],
    }
    return [hand] * 7


def seating(round_, names):
    return [
        [names[entry] for (entry,) in side_entries(t)]
        for t in round_.tables.order_by("number")
    ]


def meetings(rounds, names):
    met = Counter()
    for tables in rounds:
        for table in tables:
            met.update(frozenset(p) for p in combinations(table, 2))
    return met


def fewest_repeats(players, earlier):
    """The least repeated meetings any seating of twelve at three tables of four
    can have after ``earlier`` (all 5775 seatings tried)."""
    met = meetings(earlier, None)

    def seatings(rest):
        if not rest:
            yield []
            return
        first, others = rest[0], rest[1:]
        for mates in combinations(others, 3):
            table = (first, *mates)
            left = [p for p in others if p not in mates]
            for more in seatings(left):
                yield [table, *more]

    return min(
        sum(met[frozenset(p)] for t in tables for p in combinations(t, 2))
        for tables in seatings(list(players))
    )


def test_sneaky_pete_evening_of_twelve_at_tables_of_four(club, director):
    """Three rounds at three tables of four; each table plays seven hands through
    the score book. Placement points 4, 2, 1, 0, the fewest penalty points placing
    first; players level at a table share the points of their places; the final
    standings (match points, then outright table wins) share ranks."""
    tournament, names = evening(club, director, list(HANDS), rounds=3)
    stage = tournament.stages.get()
    rounds = []
    for _ in range(3):
        round_ = services.round_generate(stage=stage, by=director)
        rounds.append(seating(round_, names))
        play_round(round_, director, lambda table: seven_hands(table, names))
    # The seating this field and seed give; seat 1 (first dealer) is listed first.
    assert rounds == [
        [
            ["Aino", "Heli", "Ilkka", "Leena"],
            ["Dora", "Fanni", "Gun", "Kalle"],
            ["Bert", "Cai", "Eero", "Jaana"],
        ],
        [
            ["Eero", "Jaana", "Leena", "Dora"],
            ["Cai", "Gun", "Heli", "Ilkka"],
            ["Fanni", "Kalle", "Aino", "Bert"],
        ],
        [
            ["Heli", "Aino", "Dora", "Eero"],
            ["Gun", "Leena", "Bert", "Fanni"],
            ["Ilkka", "Jaana", "Kalle", "Cai"],
        ],
    ]
    # Round 2 cannot avoid a repeat at each table (four players from three earlier
    # tables); rounds 2 and 3 have the fewest repeats of any seating.
    assert sum(c - 1 for c in meetings(rounds[:2], names).values()) == 3
    assert fewest_repeats(HANDS, rounds[:1]) == 3
    assert sum(c - 1 for c in meetings(rounds, names).values()) == 3 + 6
    assert fewest_repeats(HANDS, rounds[:2]) == 6
    # Everyone has seat 1 at most once.
    firsts = Counter(table[0] for tables in rounds for table in tables)
    assert max(firsts.values()) == 1

    # Hand by hand: the one who goes out scores 0, the others 7 × their penalty.
    # Round 1: Aino 0, Heli 140 = Ilkka 140, Leena 280 → 4, 1½, 1½, 0
    #          Dora 0, Fanni 105 = Gun 105, Kalle 350 → 4, 1½, 1½, 0
    #          Bert 0, Cai 70 = Eero 70, Jaana 175    → 4, 1½, 1½, 0
    # Round 2: Eero 0, Dora 70, Jaana 175, Leena 280 → 4, 2, 1, 0
    #          Cai 0, Gun 105, Heli 140 = Ilkka 140   → 4, 2, ½, ½
    #          Aino 0, Bert 35, Fanni 105, Kalle 350  → 4, 2, 1, 0
    # Round 3: Aino 0, Dora 70 = Eero 70, Heli 140    → 4, 1½, 1½, 0
    #          Bert 0, Gun 105 = Fanni 105, Leena 280 → 4, 1½, 1½, 0
    #          Cai 0, Ilkka 140, Jaana 175, Kalle 350 → 4, 2, 1, 0
    table = round_tables = list(stage.rounds.get(number=1).tables.order_by("number"))
    first = round_tables[0].match
    assert first.totals == [0, 140, 140, 280] and first.winners == [0]
    assert table[2].match.totals == [0, 70, 70, 175]

    services.tournament_close(tournament=tournament, by=director)
    tasks.standings_reconcile()
    rows = Standings.objects.get(tournament=tournament).stages[0]["rows"]
    got = [
        (
            r["rank"],
            r["name"],
            Fraction(r["values"]["match_points"]),
            r["values"]["wins"],
        )
        for r in rows
    ]
    assert got == [
        (1, "Aino", 12, 3),
        (2, "Bert", 10, 2),
        (3, "Cai", Fraction(19, 2), 2),
        (4, "Dora", Fraction(15, 2), 1),
        (5, "Eero", 7, 1),
        (6, "Gun", 5, 0),
        (7, "Fanni", 4, 0),
        (7, "Ilkka", 4, 0),
        (9, "Heli", 2, 0),
        (9, "Jaana", 2, 0),
        (11, "Kalle", 0, 0),
        (11, "Leena", 0, 0),
    ]
    assert [r["shared"] for r in rows] == [False] * 6 + [True] * 6
    assert all(r["played"] == 3 for r in rows)
    assert rows == selectors.standings_data_get(tournament)[0]["rows"]


def test_fewer_penalty_points_break_ties_the_other_way_round(club, director):
    """Game points for (penalty points) rank the fewest first in Sneaky Pete,
    without the director saying so: the game declares that the most points lose."""
    tournament, names = evening(club, director, list(HANDS)[:4], rounds=1)
    tournament = services.tournament_update(
        tournament=tournament,
        tiebreaks=["game_points_for", "match_points", "deals_won"],
        by=director,
    )
    round_ = services.round_generate(stage=tournament.stages.get(), by=director)
    play_round(round_, director, lambda table: seven_hands(table, names))
    data = selectors.standings_data_get(tournament)[0]
    assert [r["name"] for r in data["rows"]] == ["Aino", "Bert", "Cai", "Dora"]
    assert [r["values"]["game_points_for"] for r in data["rows"]] == [0, 35, 70, 70]
    assert [r["rank"] for r in data["rows"]] == [1, 2, 3, 3]
    assert data["metrics"][0]["higher_is_better"] is False
    # A hand is won by going out (the sole lowest score of the hand).
    assert [r["values"]["deals_won"] for r in data["rows"]] == [7, 0, 0, 0]
    # The director may still say otherwise.
    tournament = services.tournament_update(
        tournament=tournament,
        points={"placement": [4, 2, 1, 0], "lower_wins": False},
        by=director,
    )
    flipped = selectors.standings_data_get(tournament)[0]["rows"]
    assert [r["name"] for r in flipped][:2] == ["Cai", "Dora"]


@pytest.mark.parametrize(
    ("placement", "per_size"),
    [
        # One list: at a table of three the last place's 0 is simply not used.
        ((4, 2, 1, 0), {4: 7, 3: 7}),
        # Lists by table size: a table of three has its own 3, 1, 0.
        ({"4": [4, 2, 1, 0], "3": [3, 1, 0]}, {4: 7, 3: 4}),
    ],
)
def test_fourteen_players_sit_at_four_four_three_three(
    club, director, placement, per_size
):
    """Fourteen at tables of four: 4 + 4 + 3 + 3; at a table of three the places
    are worth the first three placement points, or the table size's own list."""
    names = [*HANDS, "Mikko", "Nea"]
    tournament, by_id = evening(club, director, names, placement, rounds=2)
    stage = tournament.stages.get()
    round_ = services.round_generate(stage=stage, by=director)
    sizes = [len(t) for t in seating(round_, by_id)]
    assert sizes == [4, 4, 3, 3]
    assert "14 players at tables of 4 + 4 + 3 + 3." in round_.explanation["messages"]
    extra = {"Mikko": "5C", "Nea": "6C"}
    HANDS.update(extra)
    PENALTY.update({"Mikko": 5, "Nea": 5})
    try:
        play_round(round_, director, lambda table: seven_hands(table, by_id))
    finally:
        for name in extra:
            HANDS.pop(name)
            PENALTY.pop(name)
    rows = {r["name"]: r for r in selectors.standings_data_get(tournament)[0]["rows"]}
    for table in seating(round_, by_id):
        points = [Fraction(rows[n]["values"]["match_points"]) for n in table]
        assert sum(points) == per_size[len(table)]
        if len(table) == 3 and not isinstance(placement, dict):
            assert min(points) >= 1  # the 0 of fourth place is never given
    second = services.round_generate(stage=stage, by=director)
    assert [len(t) for t in seating(second, by_id)] == [4, 4, 3, 3]


def test_withdrawn_players_are_not_seated_again(club, director):
    tournament, names = evening(club, director, list(HANDS)[:7], rounds=2)
    stage = tournament.stages.get()
    round_ = services.round_generate(stage=stage, by=director)
    assert sorted(len(t) for t in seating(round_, names)) == [3, 4]
    play_round(round_, director, lambda table: seven_hands(table, names))
    gone = tournament.entries.get(name="Gun")
    services.entry_withdraw(entry=gone, by=director)
    later = services.round_generate(stage=stage, by=director)
    assert [len(t) for t in seating(later, names)] == [3, 3]
    assert "Gun" not in {n for t in seating(later, names) for n in t}
    play_round(later, director, lambda table: seven_hands(table, names))
    with pytest.raises(DomainError) as over:
        services.round_generate(stage=stage, by=director)
    assert over.value.code == "all_rounds_played"


def test_explained_seating_names_the_players(club, director):
    tournament, names = evening(club, director, list(HANDS), rounds=2)
    stage = tournament.stages.get()
    first = services.round_generate(stage=stage, by=director)
    play_round(first, director, lambda table: seven_hands(table, names))
    second = services.round_generate(stage=stage, by=director)
    text = second.explanation["text"]
    assert "Table 1: " in text and " v " in text
    assert "have shared a table 1× before" in text
    assert "takes seat 1" in text
    reasons = [r for t in second.tables.all() for r in t.reasons]
    repeated = [r for r in reasons if r["code"] == "repeated_table_mate"]
    assert len(repeated) == 3
    assert all(len(r["entries"]) == 2 for r in repeated)
    assert all(r["data"]["times_before"] == 1 for r in repeated)
