"""Card-entry Canasta and Samba score what a slow reference count gives.

The family has one scoring path (``games/rules/canasta/side.py``), fast on the
common entry. These tests hold it to an independent count written here from the
book (§28.1 card values, §28.5 bonuses, §28.6.3 red threes, §30 Samba), card by
card from the text as entered, on random legal deals; and check that the reader
of the common entry and pydantic's parse (any other spelling) score alike.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.cases.canasta import legal_deal
from games.engine.cards import parse_cards
from games.engine.decks import DOUBLE_54
from games.engine.errors import DealRejected
from games.engine.serialize import to_jsonable
from games.rules.canasta import tables
from games.rules.canasta.canasta import CANASTA_RULES, Canasta, CanastaOptions
from games.rules.canasta.deal_input import read_cards_entry
from games.rules.canasta.family import CanastaFamilyGame
from games.rules.canasta.melds import CanastaBonuses, MeldRules, check_meld
from games.rules.canasta.openings import OpeningZones
from games.rules.canasta.samba import Samba

CANASTA = Canasta()
SAMBA = Samba()
TOTALS = st.sampled_from([(0, 0), (-120, 1500), (3000, 2995), (1495, -5), (7000, 0)])
WILD = {"2", "Jo"}


def rank(code: str) -> str:
    return "Jo" if code == "Jo" else code[:-1]


def suit(code: str) -> str:
    return "" if code == "Jo" else code[-1]


def value(code: str) -> int:
    """§28.1, for a card in a meld or in hand (a three in a meld counts 5)."""
    r = rank(code)
    if r == "Jo":
        return 50
    if r in ("A", "2"):
        return 20
    if r in ("4", "5", "6", "7", "3"):
        return 5
    return 10


def reference_points(game, options: dict, raw: dict) -> list[int]:
    """Each side's points, counted from the text of a legal deal."""
    rules = game.rules_for(game.parse_options(options))
    samba = rules.melds.sequence_ranks is not None
    went_out = raw.get("went_out")
    points = []
    for s, team in enumerate(raw["teams"]):
        melds = [m.split() for m in team["melds"]]
        total = sum(value(c) for m in melds for c in m)
        complete = 0
        for m in melds:
            naturals = {rank(c) for c in m if rank(c) not in WILD}
            if len(m) < 7 or naturals == {"3"}:
                continue
            complete += 1
            if len(naturals) > 1 or (len({suit(c) for c in m}) == 1 and samba):
                total += 1500  # a samba: seven in suit, all ranks distinct
            elif any(rank(c) in WILD for c in m):
                total += 300
            else:
                total += 500
        reds = len(team.get("red_threes", []))
        if reds:
            if samba:
                red = 100 * reds if complete >= 2 else -100 * reds
            else:
                each = rules.red_threes.all_value if reds == 4 else 100 * reds
                red = each if melds else -each
            total += red
        if went_out in (s, s + 2):
            total += 200 if samba else 100
        total -= sum(value(c) for h in team["hands"] for c in h.split())
        points.append(total)
    return points


GAMES = [
    pytest.param(CANASTA, {}, id="canasta"),
    pytest.param(CANASTA, {"four_red_threes": 400}, id="canasta-finnish"),
    pytest.param(SAMBA, {}, id="samba"),
]


@pytest.mark.parametrize(("game", "options"), GAMES)
@settings(max_examples=60, deadline=None)
@given(rnd=st.randoms(use_true_random=False), totals=TOTALS)
def test_legal_deals_score_as_the_reference_counts(game, options, rnd, totals):
    """A random legal deal scores, side by side, what the reference counts."""
    state = replace(game.start(options), totals=totals)
    raw = legal_deal(rnd, game, totals)
    score = game.score(state, raw)
    assert list(score.points) == reference_points(game, options, raw)
    for s, side in enumerate(score.detail["sides"]):
        items = ("melds", "bonuses", "red_threes", "going_out", "hands", "penalties")
        assert side["total"] == sum(side[k] for k in items) == score.points[s]


def outcome(game, state, raw):
    """What scoring ``raw`` gives: the score as JSON, or the errors."""
    try:
        score = game.score(state, copy.deepcopy(raw))
    except DealRejected as rejected:
        return ("rejected", [(e.path, e.code, e.message) for e in rejected.errors])
    return ("scored", to_jsonable(score))


SPELLINGS = [
    lambda c: c.lower(),
    lambda c: c if c == "Jo" else suit(c) + rank(c),
    lambda c: f" {c} ",
    lambda c: (
        "★"
        if c == "Jo"
        else rank(c) + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit(c)]
    ),
]


@pytest.mark.parametrize(("game", "options"), GAMES)
@settings(max_examples=40, deadline=None)
@given(
    rnd=st.randoms(use_true_random=False),
    totals=TOTALS,
    spelling=st.sampled_from(SPELLINGS),
    as_list=st.booleans(),
    break_one=st.booleans(),
)
def test_any_spelling_scores_as_the_common_entry(
    game, options, rnd, totals, spelling, as_list, break_one
):
    """A deal typed in other spellings (parsed by pydantic, not the reader of the
    common entry) scores the same, or gives the same errors."""
    state = replace(game.start(options), totals=totals)
    raw = legal_deal(rnd, game, totals)
    if break_one:  # a card too many: the same errors on both
        raw["teams"][0]["hands"][0] += " Jo Jo Jo Jo Jo"
    odd = copy.deepcopy(raw)
    for team in odd["teams"]:
        for key in ("melds", "hands"):
            lists = [[spelling(c) for c in text.split()] for text in team[key]]
            team[key] = lists if as_list else [", ".join(cards) for cards in lists]
    assert read_cards_entry(raw) is not None
    assert outcome(game, state, odd) == outcome(game, state, raw)


class NoNaturalBonusCanasta(CanastaFamilyGame):
    """A made-up variant whose natural canastas earn nothing (not registered)."""

    slug = "test-no-natural-bonus"
    name = "Canasta without natural bonus"
    source = "test"
    Options = CanastaOptions
    deck = DOUBLE_54
    rules = replace(CANASTA_RULES, bonuses=CanastaBonuses(natural=0, mixed=300))


def test_a_canasta_without_bonus_has_no_fact():
    """A canasta whose bonus is 0 earns no fact."""
    game = NoNaturalBonusCanasta()
    raw = {
        "teams": [
            {"melds": ["KH KD KS KC KH KD KS"], "hands": ["", "4C"], "opening": [0]},
            {"melds": [], "hands": ["QS", "8D"]},
        ],
        "went_out": 0,
    }
    result = outcome(game, game.start(), raw)
    assert result[0] == "scored"
    assert [f["code"] for f in result[1]["facts"]] == ["went_out", "opening_met"]


@pytest.mark.parametrize("size", [7, 999, 1000, 1001, 1400])
@pytest.mark.parametrize("wild", ["Jo", "2C"])
def test_long_melds_are_classified_alike(size, wild):
    """A rank meld is recognised by one sum of points and wild cards; a meld too
    long for that sum is classified card by card, to the same meld."""
    cards = parse_cards(["KH"] * (size - 3) + [wild] * 3)
    found, errors = check_meld(cards, MeldRules(), path="m")
    assert not errors
    assert (found.rank, found.wilds) == ("K", 3)
    assert found.points == 10 * (size - 3) + 3 * (50 if wild == "Jo" else 20)
    reordered, _ = check_meld(cards[::-1], MeldRules(), path="m")
    assert reordered.points == found.points and reordered.wilds == 3


class FreshRulesCanasta(CanastaFamilyGame):
    """A made-up variant whose rules_for builds new rules for every deal, with
    opening zones given out of order (not registered)."""

    slug = "test-fresh-rules"
    name = "Canasta with rules built per deal"
    source = "test"
    Options = CanastaOptions
    deck = DOUBLE_54
    rules = CANASTA_RULES

    def rules_for(self, options):
        # Bands out of order: the last band reached wins, so 2000 asks for 50.
        zones = OpeningZones(((-(10**9), 15), (1500, 90), (0, 50)))
        return replace(CANASTA_RULES, zones=zones)


def test_zones_out_of_order_are_read_in_order():
    assert (
        FreshRulesCanasta().requirement(
            replace(FreshRulesCanasta().start(), totals=(2000, -5)), 0
        )
        == 50
    )
    assert (
        FreshRulesCanasta().requirement(
            replace(FreshRulesCanasta().start(), totals=(2000, -5)), 1, 2
        )
        == 35
    )


@settings(max_examples=20, deadline=None)
@given(rnd=st.randoms(use_true_random=False))
def test_rules_built_per_deal_score_like_the_game(rnd):
    """Tables derived from rules are found by the rules' identity: rules built
    anew for every deal get their own and score as Canasta does."""
    game = FreshRulesCanasta()
    state = replace(game.start(), totals=(0, 0))
    raw = legal_deal(rnd, game, (0, 0))
    assert outcome(game, state, raw) == outcome(CANASTA, CANASTA.start(), raw)


def test_the_scoring_tables_stay_bounded():
    """Rules built anew for every deal do not fill the derived tables."""
    for _ in range(200):
        rules = replace(CANASTA_RULES)
        assert tables.tables_for(rules).rules is rules
        assert len(tables._TABLES) <= 64


def test_a_red_three_in_hand_is_reported():
    raw = {
        "teams": [
            {"melds": ["AH AD AS"], "hands": ["3D 4C", "5D"], "opening": [0]},
            {"melds": [], "hands": ["QS", "8D"]},
        ],
    }
    result = outcome(CANASTA, CANASTA.start(), raw)
    assert result[0] == "rejected"
    assert [(path, code) for path, code, _ in result[1]] == [
        ("teams.0.hands.0.0", "red_three_in_hand")
    ]


def test_several_errors_of_a_deal_are_all_listed():
    """Errors of several steps (deck, melds, red threes, hands, opening) come
    together, each at its own path."""
    raw = {
        "teams": [
            {
                "melds": ["AH AD", "KH KD Jo Jo 2C 2D", "7H 7D 7S"],
                "red_threes": ["3S"],
                "hands": ["3D 4C", ""],
                "opening": [2],
            },
            {"melds": [], "hands": ["Jo Jo Jo", "8D"], "opening": [0]},
        ],
    }
    result = outcome(CANASTA, CANASTA.start(), raw)
    assert result[0] == "rejected"
    assert [(path, code) for path, code, _ in result[1]] == [
        ("teams.1.hands.0", "too_many_copies"),
        ("teams.0.melds.0", "meld_too_short"),
        ("teams.0.melds.1", "too_many_wilds"),
        ("teams.0.red_threes.0", "not_a_red_three"),
        ("teams.0.hands.0.0", "red_three_in_hand"),
        ("teams.0.hands.1", "empty_hand"),
        ("teams.1.opening", "opening_without_melds"),
    ]


def test_random_legal_deals_are_rarely_empty():
    """The generator the properties use makes melds and canastas (so the
    properties above are not vacuous)."""
    rnd = random.Random(7)
    canastas = 0
    for _ in range(50):
        raw = legal_deal(rnd, CANASTA, (0, 0))
        canastas += sum(len(m.split()) >= 7 for t in raw["teams"] for m in t["melds"])
    assert canastas >= 20
