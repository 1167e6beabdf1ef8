"""The Canasta family's fast paths give exactly what the full checks give.

Card entry is scored through fast paths (``games/rules/_canasta_family.py``): the
parse without pydantic, the plain-meld checks and the plain-deal scorer. Each
stands in for a full check on the inputs it recognises and hands everything else
to the full check. These tests switch the fast paths off (``_fast_paths``) to get
the full checks' answer and compare: the same points, facts and detail for a legal
deal, the same errors (path, code, message) for an illegal one.
"""

from __future__ import annotations

import copy
import random
from contextlib import contextmanager
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games.rules._canasta_family as family
from bench.cases.canasta import legal_deal
from games.engine.cards import JOKER, STANDARD_CARDS, parse_cards
from games.engine.decks import DOUBLE_54
from games.engine.errors import DealRejected
from games.engine.serialize import to_jsonable
from games.rules._canasta_family import (
    CanastaBonuses,
    CanastaFamilyGame,
    MeldRules,
    OpeningZones,
    _fast_deal_fields,
    _plain_other_meld,
    _plain_rank_meld,
    check_meld,
)
from games.rules.canasta import CANASTA_RULES, Canasta, CanastaOptions
from games.rules.contract_samba import CONTRACT_SAMBA_RULES, ContractSamba
from games.rules.hand_and_foot import HandAndFoot
from games.rules.samba import SAMBA_RULES, Samba

CANASTA = Canasta()
SAMBA = Samba()
GAMES = [
    pytest.param(CANASTA, {}, id="canasta"),
    pytest.param(CANASTA, {"four_red_threes": 400}, id="canasta-finnish"),
    pytest.param(SAMBA, {}, id="samba"),
]
TOTALS = st.sampled_from([(0, 0), (-120, 1500), (3000, 2995), (1495, -5), (7000, 0)])
CARDS = [*STANDARD_CARDS, JOKER]
ODD_TOKENS = ["XX", "kh", "♥Q", "T♠", " 10d ", "Jo", "3H", "3S", "2C", ""]
ODD_MELDS = [
    "3S 3C 3S",
    "3S 3C 3S 3C",
    "3H 3D 3H",
    "5H 6H 7H",
    "8S 9S 10S JS QS KS AS",
    "2C 2D 2H",
    "Jo 7H 7D",
    "7H Jo 7D 2S 2C",
    "KH KH KH KH KH KH KH KH",
    "QH QS",
]


def outcome(game, state, raw):
    """What scoring ``raw`` gives: the score as JSON, or the errors."""
    try:
        score = game.score(state, copy.deepcopy(raw))
    except DealRejected as rejected:
        return ("rejected", [(e.path, e.code, e.message) for e in rejected.errors])
    return ("scored", to_jsonable(score))


@contextmanager
def fast_paths_off():
    family._fast_paths = False
    try:
        yield
    finally:
        family._fast_paths = True


def full_outcome(game, state, raw):
    """:func:`outcome` through the full checks only."""
    with fast_paths_off():
        return outcome(game, state, raw)


def mutate(rnd: random.Random, raw: dict) -> dict:
    """A copy of ``raw`` with one random change, legal or (usually) not."""
    raw = copy.deepcopy(raw)
    team = rnd.choice(raw["teams"])
    change = rnd.randrange(11)
    if change < 4:
        key = rnd.choice(["melds", "hands"] if team["melds"] else ["hands"])
        i = rnd.randrange(len(team[key]))
        value = team[key][i]
        tokens = list(value) if isinstance(value, list) else value.split()
        if change == 0 and tokens:
            tokens.pop(rnd.randrange(len(tokens)))
        elif change == 1:
            token = rnd.choice([rnd.choice(CARDS).code, *ODD_TOKENS])
            tokens.insert(rnd.randrange(len(tokens) + 1), token)
        elif change == 2:
            tokens = [t.lower() for t in tokens]
        else:
            rnd.shuffle(tokens)
        team[key][i] = rnd.choice([" ".join(tokens), tokens, ", ".join(tokens)])
    elif change == 4:
        raw["went_out"] = rnd.choice([None, 0, 1, 2, 3])
    elif change == 5:
        raw["concealed"] = rnd.choice([True, False])
    elif change == 6:
        team["opening"] = rnd.choice(
            [None, [], [0], [0, 0], [1, 0], [7], [-1], ["KH KD KS"], [0, "7H 7D 7S"]]
        )
    elif change == 7:
        key = rnd.choice(["insufficient_openings", "may_i_go_out_penalties"])
        team[key] = rnd.choice([0, 1, 2])
    elif change == 8 and team["melds"]:
        i = rnd.randrange(len(team["melds"]))
        team["melds"][i] = rnd.choice(ODD_MELDS)
    elif change == 9:
        team["red_threes"] = rnd.choice([[], ["3H"], ["3H", "3D", "3H", "3D"], ["3S"]])
    else:
        h = rnd.randrange(2)
        team["hands"][h] = rnd.choice(["", "3H", "KH", "QS 3D"])
    return raw


@pytest.mark.parametrize(("game", "options"), GAMES)
@settings(max_examples=30, deadline=None)
@given(rnd=st.randoms(use_true_random=False), totals=TOTALS)
def test_legal_deals_score_the_same_on_both_paths(game, options, rnd, totals):
    """A random legal deal scores the same points, facts and detail either way."""
    state = replace(game.start(options), totals=totals)
    raw = legal_deal(rnd, game, totals)
    fast = outcome(game, state, raw)
    assert fast[0] == "scored"
    assert fast == full_outcome(game, state, raw)


@pytest.mark.parametrize(("game", "options"), GAMES)
@settings(max_examples=80, deadline=None)
@given(
    rnd=st.randoms(use_true_random=False),
    totals=TOTALS,
    changes=st.integers(1, 3),
)
def test_changed_deals_give_the_same_result_on_both_paths(
    game, options, rnd, totals, changes
):
    """A legal deal with random changes (most make it illegal) gives the same
    score, or the same errors with the same paths and messages, either way."""
    state = replace(game.start(options), totals=totals)
    raw = legal_deal(rnd, game, totals)
    for _ in range(changes):
        raw = mutate(rnd, raw)
    assert outcome(game, state, raw) == full_outcome(game, state, raw)


def test_a_plain_deal_takes_the_fast_path():
    """A plain legal deal is scored by the plain-deal path (not handed on), and
    the result is the full check's."""
    raw = {
        "teams": [
            {
                "melds": ["7H 7D 7S 7C 7H 7D 2C", "KH KD Jo"],
                "red_threes": ["3H"],
                "hands": ["", "4C 5D"],
                "opening": [1],
            },
            {"melds": [], "hands": ["QS", "8D 9C"]},
        ],
        "went_out": 0,
    }
    state = CANASTA.start()
    fast = CANASTA._score_plain(state, _fast_deal_fields(raw))
    assert fast is not None
    assert fast == CANASTA.score_cards(state, CANASTA.parse_deal(raw))
    assert [f.code for f in fast.facts] == [
        "mixed_canasta",
        "red_threes",
        "went_out",
        "opening_met",
    ]


def test_only_games_that_score_like_the_core_take_the_plain_path():
    """Canasta and Samba take the plain-deal path; Contract Samba and Hand and
    Foot, which score deals their own way, never do."""
    assert CANASTA._plain_deals and SAMBA._plain_deals
    assert not ContractSamba()._plain_deals
    assert not HandAndFoot()._plain_deals


MELD_RULES = [
    pytest.param(MeldRules(), id="canasta"),
    pytest.param(SAMBA_RULES.melds, id="samba"),
    pytest.param(CONTRACT_SAMBA_RULES.melds, id="contract-samba"),
    pytest.param(
        MeldRules(one_meld_per_rank=False, max_cards=7, black_threes_out=None),
        id="hand-and-foot",
    ),
]
RANK_HEAVY = st.sampled_from([c for c in CARDS if c.rank in ("3", "7", "K", "2", "Jo")])


@pytest.mark.parametrize("rules", MELD_RULES)
@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from(CARDS) | RANK_HEAVY, min_size=0, max_size=9),
    may_meld_black_threes=st.booleans(),
)
def test_plain_melds_are_the_melds_check_meld_finds(
    rules, cards, may_meld_black_threes
):
    """Whatever the plain-meld checks accept, check_meld accepts as the same meld;
    what they do not accept is left to check_meld."""
    full, errors = check_meld(
        cards, rules, path="m", may_meld_black_threes=may_meld_black_threes
    )
    for plain in (
        _plain_rank_meld(cards, rules),
        _plain_other_meld(cards, rules, may_meld_black_threes),
    ):
        if plain is not None:
            assert not errors
            assert plain == full


@pytest.mark.parametrize(
    "text",
    ["7H 7D 7S", "7H 7D Jo", "KS KS KH KD 2C 2D", "8S 9S 10S JS QS KS AS", "3S 3C 3C"],
)
def test_common_melds_are_plain(text):
    """The melds scorers usually enter are recognised by the plain-meld checks
    (so the fast path is not an empty promise)."""
    cards = parse_cards(text)
    found = _plain_rank_meld(cards, SAMBA_RULES.melds) or _plain_other_meld(
        cards, SAMBA_RULES.melds, True
    )
    assert found is not None


class NoNaturalBonusCanasta(CanastaFamilyGame):
    """A made-up variant whose natural canastas earn nothing (not registered)."""

    slug = "test-no-natural-bonus"
    name = "Canasta without natural bonus"
    source = "test"
    Options = CanastaOptions
    deck = DOUBLE_54
    rules = replace(CANASTA_RULES, bonuses=CanastaBonuses(natural=0, mixed=300))


def test_a_canasta_without_bonus_has_no_fact_on_either_path():
    """A canasta whose bonus is 0 earns no fact, with or without the fast paths."""
    game = NoNaturalBonusCanasta()
    raw = {
        "teams": [
            {"melds": ["KH KD KS KC KH KD KS"], "hands": ["", "4C"], "opening": [0]},
            {"melds": [], "hands": ["QS", "8D"]},
        ],
        "went_out": 0,
    }
    state = game.start()
    fast = outcome(game, state, raw)
    assert fast == full_outcome(game, state, raw)
    assert fast[0] == "scored"
    assert [f["code"] for f in fast[1]["facts"]] == ["went_out", "opening_met"]


@pytest.mark.parametrize("size", [7, 999, 1000, 1001, 1400])
@pytest.mark.parametrize("wild", ["Jo", "2C"])
def test_long_melds_are_the_melds_check_meld_finds(size, wild):
    """The plain rank-meld check sums points and wild cards in one number; a meld
    too long for that is left to check_meld, and what it accepts is check_meld's
    meld."""
    cards = parse_cards(["KH"] * (size - 3) + [wild] * 3)
    full, errors = check_meld(cards, MeldRules(), path="m")
    assert not errors
    plain = _plain_rank_meld(cards, MeldRules())
    assert plain == full if size <= 1000 else plain is None


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


@settings(max_examples=30, deadline=None)
@given(rnd=st.randoms(use_true_random=False), totals=TOTALS)
def test_rules_built_per_deal_score_the_same_on_both_paths(rnd, totals):
    """The plain path's tables are found by the rules' identity: rules built anew
    for every deal get their own, and zones out of order are read as the zones
    read them."""
    game = FreshRulesCanasta()
    state = replace(game.start(), totals=totals)
    raw = legal_deal(rnd, game, totals)
    assert outcome(game, state, raw) == full_outcome(game, state, raw)


def test_the_plain_tables_stay_bounded():
    """Rules built anew for every deal do not fill the plain path's tables."""
    for _ in range(200):
        rules = replace(CANASTA_RULES)
        assert family._plain_tables(rules).rules is rules
        assert len(family._PLAIN_TABLES) <= 64


def test_a_red_three_in_hand_is_reported_on_either_path():
    raw = {
        "teams": [
            {"melds": ["AH AD AS"], "hands": ["3D 4C", "5D"], "opening": [0]},
            {"melds": [], "hands": ["QS", "8D"]},
        ],
    }
    state = CANASTA.start()
    fast = outcome(CANASTA, state, raw)
    assert fast == full_outcome(CANASTA, state, raw)
    assert fast[0] == "rejected"
    assert [(path, code) for path, code, _ in fast[1]] == [
        ("teams.0.hands.0.0", "red_three_in_hand")
    ]
