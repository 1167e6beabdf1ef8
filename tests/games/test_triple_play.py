"""Triple Play (004_b5230d226dbeb56f.txt l.135–251): every number of the page, and
a hand-computed deal per branch."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, get_game
from games.rules.canasta.triple_play import (
    FOOT_SIZE,
    HAND_SIZE,
    KNEE_SIZE,
    SIX_54,
    TriplePlay,
)

GAME = TriplePlay()

FOOT_1 = ["4C", "4D", "4S", "5C", "6D", "6H", "8C", "9C", "JC", "QC", "KC"]  # 80
FOOT_2 = ["9D", "9S", "9H", "JD", "JS", "JH", "KD", "KS", "KH", "AC", "AD"]  # 130
KNEE_1 = [
    *("4C", "4D", "4S", "4H", "6C", "6D", "6S"),
    *("8D", "8S", "8H", "QD", "QS", "QH"),
]  # 7 × 5 + 6 × 10 = 95

# Side 0 goes out (seat 0) with the basic book:
#   5s natural 35 + 3000, 7s natural 35 + 5000, wilds 200 + 2500,
#   kings natural 70 + 500, aces mixed 170 + 300, 9s 30   → melds 540, bonuses 11300
#   red threes 2 × 100 = 200, going out 200; seat 2 holds 4H 3S: -5 - 100 = -105
#                                                          → 12135
# Side 1: 10s mixed canasta 80 + 300, J J Jo 70; seat 1 holds 3H 6C Jo: -555 and
#   never reached the foot (-80); seat 3 has an empty hand and never reached the
#   knee (-95) nor the foot (-130)                          → -410
BASE = {
    "mode": "cards",
    "teams": [
        {
            "melds": [
                "5H 5D 5S 5C 5H 5D 5S",
                "7H 7D 7S 7C 7H 7D 7S",
                "Jo Jo 2C 2D 2H 2S 2C",
                "KH KD KS KC KH KD KS",
                "AH AD AS AC AH 2D Jo",
                "9H 9D 9S",
            ],
            "opening": [["KH", "KD", "KS"], ["9H", "9D", "9S"]],  # 60
            "red_threes": ["3H", "3D"],
            "hands": [[], ["4H", "3S"]],
        },
        {
            "melds": ["10H 10D 10S 10C 10H 10D 2H", "JH JD Jo"],
            "opening": [1],  # 70
            "hands": [["3H", "6C", "Jo"], []],
            "knees": [None, KNEE_1],
            "feet": [FOOT_1, FOOT_2],
        },
    ],
    "went_out": 0,
}


def deal(**changes) -> dict:
    raw = copy.deepcopy(BASE)
    raw.update(changes)
    return raw


def state_at(deal_number: int):
    """The state before deal ``deal_number`` (earlier deals entered as totals)."""
    totals = [{"mode": "totals", "points": [0, 0]}] * (deal_number - 1)
    return GAME.fold(totals).state


def score(raw: dict, state=None):
    return GAME.score(state or GAME.start(), raw)


def errors(raw: dict, state=None) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, state)
    return {e.code: e.path for e in rejected.value.errors}


def side1_no_melds_variant() -> dict:
    """BASE with side 0 not going out and holding a card (for what is not going out)."""
    raw = deal(went_out=None)
    raw["teams"][0]["hands"][0] = ["8C"]
    return raw


# -- the game and its deck -------------------------------------------------------


def test_registered_by_slug():
    """The game is found by its slug and cites the page."""
    game = get_game("triple-play")
    assert game.name == "Triple Play (Hand, Knee and Foot)"
    assert "004_b5230d226dbeb56f" in game.source


def test_six_decks_and_twelve_jokers():
    """l.153: six standard decks plus twelve jokers, 324 cards in all."""
    assert SIX_54.size == 324
    assert SIX_54.holds(GAME.parse_deal(BASE).teams[0].melds[2][0]) == 12


def test_hand_knee_foot_sizes():
    """l.157: a hand of fifteen, a knee of thirteen, a foot of eleven."""
    assert (HAND_SIZE, KNEE_SIZE, FOOT_SIZE) == (15, 13, 11)


def test_base_deal_hand_computed():
    """The deal in BASE, computed by hand in the comment above it."""
    result = score(deal())
    assert result.points == (12135, -410)
    sides = result.detail["sides"]
    assert sides[0] == {
        "melds": 540,
        "bonuses": 11300,
        "red_threes": 200,
        "going_out": 200,
        "held": -105,
        "penalties": 0,
        "opening": 60,
        "total": 12135,
    }
    assert sides[1]["held"] == -555 - 80 - 95 - 130
    codes = [f.code for f in result.facts]
    assert codes.count("sevens_canasta") == 1
    assert codes.count("fives_canasta") == 1
    assert codes.count("wild_canasta") == 1
    assert codes.count("natural_canasta") == 1
    assert codes.count("mixed_canasta") == 2


# -- l.163–169: card values ----------------------------------------


@pytest.mark.parametrize(
    ("meld", "points"),
    [
        ("Jo Jo Jo", 150),  # jokers 50
        ("2C 2D 2H", 60),  # twos 20
        ("AH AD AS", 60),  # aces 20
        ("KH KD KS", 30),  # K–8 10
        ("8H 8D 8S", 30),
        ("7H 7D 7S", 15),  # 7–4 5
        ("4H 4D 4S", 15),
        ("QH QD 2S", 40),
    ],
)
def test_card_values_on_the_table(meld, points):
    """l.163–169: joker 50, 2 20, A 20, K–8 10, 7–4 5."""
    raw = side1_no_melds_variant()
    raw["teams"][1]["melds"] = [meld]
    raw["teams"][1]["opening"] = None
    assert score(raw).detail["sides"][1]["melds"] == points


@pytest.mark.parametrize(
    ("card", "cost"),
    [("3H", 500), ("3D", 500), ("3S", 100), ("3C", 100), ("Jo", 50), ("KC", 10)],
)
def test_cards_held_count_against(card, cost):
    """l.232: cards held are deducted; an unplayed red 3 -500, a black 3 -100."""
    raw = deal()
    raw["teams"][0]["hands"][1] = [card]
    assert score(raw).detail["sides"][0]["held"] == -cost


# -- l.236–244: bonuses ----------------------------------------


@pytest.mark.parametrize(
    ("canasta", "bonus"),
    [
        ("7H 7D 7S 7C 7H 7D 7S", 5000),
        ("5H 5D 5S 5C 5H 5D 5S", 3000),
        ("Jo 2C 2D 2H 2S 2C 2D", 2500),
        ("QH QD QS QC QH QD QS", 500),
        ("QH QD QS QC QH QD 2S", 300),
        ("QH QD QS QC QH Jo 2S", 300),
    ],
)
def test_canasta_bonuses(canasta, bonus):
    """l.236–240: 7s 5000, 5s 3000, wilds 2500, natural 500, mixed 300 a canasta."""
    raw = side1_no_melds_variant()
    raw["teams"][1]["melds"] = [canasta]
    raw["teams"][1]["opening"] = None
    assert score(raw).detail["sides"][1]["bonuses"] == bonus


@pytest.mark.parametrize(
    ("count", "points"), [(1, 100), (2, 200), (6, 600), (7, 1000), (8, 1100)]
)
def test_red_threes(count, points):
    """l.242–243: red 3s 100 each; seven or more another 300."""
    raw = deal()
    raw["teams"][1]["red_threes"] = ["3H", "3D"] * 4
    raw["teams"][1]["red_threes"] = raw["teams"][1]["red_threes"][:count]
    assert score(raw).detail["sides"][1]["red_threes"] == points


def test_going_out_200():
    """l.244: going out 200."""
    assert score(deal()).detail["sides"][0]["going_out"] == 200
    assert score(side1_no_melds_variant()).detail["sides"][0]["going_out"] == 0


def test_reminder_penalty_1000():
    """l.208: reminding a partner to pick up the knee costs 1,000."""
    raw = deal()
    raw["teams"][1]["reminder_penalties"] = 2
    result = score(raw)
    assert result.detail["sides"][1]["penalties"] == -2000
    assert result.points[1] == -410 - 2000


# -- l.189–199: melds ----------------------------------------


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ("QH QD 2S 2C", "too_many_wilds"),  # 3–5 cards: one wild
        ("QH QD QS QC 2S Jo", None),  # 6–7 cards: two
        ("QH QD QS QC 2S Jo 2C", "too_many_wilds"),
        ("5H 5D 2S", "wild_in_fives_or_sevens"),
        ("7H 7D 7S 7C 7H 7D Jo", "wild_in_fives_or_sevens"),
        ("QH QD", "meld_size"),
        ("QH QD QS QC QH QD QS QC", "meld_size"),
        ("QH QD KS", "mixed_ranks"),
        ("3S 3C 3S", "threes_not_melded"),
        ("Jo Jo 2C", None),  # all wild
    ],
)
def test_meld_limits(meld, code):
    """l.189: 3–7 cards; one wild in 3–5, two in 6–7; none in 5s and 7s; all-wild
    melds allowed; black 3s never melded."""
    raw = side1_no_melds_variant()
    raw["teams"][1]["melds"] = [meld]
    raw["teams"][1]["opening"] = None
    if code is None:
        score(raw)
    else:
        assert errors(raw) == {code: "teams.1.melds.0"}


def test_one_unfinished_meld_per_rank():
    """l.197: no two melds of a rank with fewer than seven cards; after a canasta a
    new meld of the rank may start."""
    raw = side1_no_melds_variant()
    raw["teams"][1]["melds"] = ["QH QD QS", "QC QH QD"]
    raw["teams"][1]["opening"] = None
    assert errors(raw) == {"second_unfinished_meld": "teams.1.melds.1"}
    raw["teams"][1]["melds"] = ["QH QD QS QC QH QD QS", "QC QH QD"]
    score(raw)


# -- l.191–196: opening by deal ----------------------------------------


@pytest.mark.parametrize(("number", "need"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_opening_by_deal(number, need):
    """l.191–196: 50, 90, 120, 150 in the four deals."""
    state = state_at(number)
    assert GAME.next_deal(state).opening_requirement == (need, need)
    raw = deal()
    # Side 0 opened with 60, side 1 with J J Jo (70): enough only in the first deal.
    if need > 70:
        with pytest.raises(DealRejected) as rejected:
            score(raw, state)
        assert {(e.code, e.path) for e in rejected.value.errors} == {
            ("opening_requirement_not_met", "teams.0.opening"),
            ("opening_requirement_not_met", "teams.1.opening"),
        }
    else:
        score(raw, state)


# -- l.216–224: going out with the basic book ----------------------------------------


@pytest.mark.parametrize(
    ("drop", "missing"),
    [
        (0, "5s"),
        (1, "7s"),
        (2, "wild"),
        (3, "another natural"),
        (4, "a mixed"),
    ],
)
def test_basic_book(drop, missing):
    """l.216–224: a side goes out only with its basic book."""
    raw = deal()
    del raw["teams"][0]["melds"][drop]
    raw["teams"][0]["opening"] = None
    with pytest.raises(DealRejected) as rejected:
        score(raw)
    (error,) = rejected.value.errors
    assert error.code == "basic_book_incomplete"
    assert error.path == "teams.0.melds"
    assert missing in error.message


@pytest.mark.parametrize(("drop", "missing"), [(0, "5s"), (1, "7s")])
def test_basic_book_lists_one_canasta_where_one_completes_it(drop, missing):
    """l.216–224: a book short of only its 5s (or 7s) canasta lacks one canasta:
    that one is also a further natural one, so "another natural canasta" is not
    listed beside it."""
    raw = deal()
    del raw["teams"][0]["melds"][drop]
    raw["teams"][0]["opening"] = None
    with pytest.raises(DealRejected) as rejected:
        score(raw)
    (error,) = rejected.value.errors
    assert missing in error.message
    assert "another natural" not in error.message
    assert "," not in error.message.split("missing:")[1]


def test_going_out_player_holds_nothing():
    """The player who went out has no hand, knee nor foot left."""
    raw = deal()
    raw["teams"][0]["feet"] = [FOOT_1, None]
    assert "went_out_holds_cards" in errors(raw)


def test_pile_sizes_and_order():
    """An unplayed knee has 13 cards, a foot 11; the foot comes after the knee."""
    raw = deal()
    raw["teams"][1]["knees"] = [None, KNEE_1[:12]]
    assert errors(raw) == {"knee_size": "teams.1.hands.1.knees"}
    raw = deal()
    raw["teams"][1]["knees"] = [KNEE_1, KNEE_1]
    raw["teams"][1]["feet"] = [None, FOOT_2]
    assert "foot_before_knee" in errors(raw)


def test_player_without_cards_must_have_gone_out():
    raw = deal()
    raw["teams"][1]["feet"] = [None, FOOT_2]
    raw["teams"][1]["hands"][0] = []
    assert errors(raw) == {"no_cards_left": "teams.1.hands.0"}


def test_deck_is_checked():
    """Seven queens of hearts are more than six decks hold."""
    raw = side1_no_melds_variant()
    raw["teams"][1]["melds"] = ["QH QH QH QH QH QH QH"]
    raw["teams"][1]["opening"] = None
    raw["discard_pile"] = ["QH"]
    assert set(errors(raw)) == {"too_many_copies"}


def test_match_is_four_deals():
    """l.244: four hands; the higher total wins."""
    totals = [{"mode": "totals", "points": [p, 0]} for p in (100, -50, 0, 5)]
    state = GAME.fold(totals).state
    assert state.finished
    assert state.winners == (0,)


@given(st.integers(0, 9), st.integers(0, 3))
def test_totals_add_up(reds, reminders):
    """A side's total is the sum of its items, whatever is laid out or owed."""
    raw = deal()
    # The deck holds 12 red threes; three are elsewhere in BASE.
    raw["teams"][1]["red_threes"] = (["3D", "3H"] * 5)[:reds]
    raw["teams"][1]["reminder_penalties"] = reminders
    result = score(raw)
    for side in result.detail["sides"]:
        items = [v for k, v in side.items() if k not in ("total", "opening")]
        assert sum(items) == side["total"]
    assert result.points[1] == -410 + 100 * reds + 300 * (reds >= 7) - 1000 * reminders


def test_an_empty_pile_was_picked_up():
    """An empty knee or foot (what the entry form posts for an empty field) reads as
    picked up: a pile never picked up holds 13 or 11 cards."""
    raw = deal()
    raw["teams"][0]["knees"] = [[], []]
    raw["teams"][0]["feet"] = [[], []]
    assert score(raw).points == (12135, -410)


@given(st.randoms(use_true_random=False))
def test_random_legal_deals_score_as_counted(rng):
    """Random legal deals (the bench's generator) are accepted; each side's total is
    its items' sum, its melds are their cards' points, and what it holds is the
    cards' values (red 3 500, black 3 100)."""
    from bench.cases.triple_play import legal_deal
    from games.engine.cards import parse_cards
    from games.rules.canasta.triple_play_melds import HELD_POINTS, MELD_POINTS

    raw = legal_deal(rng)
    state = state_at(rng.randint(1, 4))
    result = GAME.score(state, raw)
    for s, side in enumerate(result.detail["sides"]):
        items = [v for k, v in side.items() if k not in ("total", "opening")]
        assert sum(items) == side["total"] == result.points[s]
        team = raw["teams"][s]
        melds = [parse_cards(m) for m in team["melds"]]
        assert side["melds"] == sum(MELD_POINTS[c] for m in melds for c in m)
        held = [
            *team["hands"],
            *(p for p in team["knees"] if p),
            *(p for p in team["feet"] if p),
        ]
        assert side["held"] == -sum(
            HELD_POINTS[c] for p in held for c in parse_cards(p)
        )


def test_every_rejection_cites_the_page():
    """Each error names its field and the page's lines (deck, melds, opening, book)."""
    raw = deal()
    raw["teams"][0]["melds"][0] = "5H 5D 5S 5C 5H 5D Jo"  # a wild among 5s
    raw["teams"][1]["opening"] = [7]  # no such meld
    raw["discard_pile"] = ["Jo"] * 8  # 13 jokers
    with pytest.raises(DealRejected) as rejected:
        score(raw)
    found = {e.code: e for e in rejected.value.errors}
    assert set(found) >= {"too_many_copies", "wild_in_fives_or_sevens", "no_such_meld"}
    assert all("(l." in e.message for e in rejected.value.errors)
