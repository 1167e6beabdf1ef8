"""Burraco (web page 004, l.533–618): every number of the page, the meld rules and
the closing checks, and properties of the score."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game
from games.engine.cards import parse_cards
from games.engine.melds import MeldKind
from games.rules.burraco import read_burraco_meld

GAME = get_game("burraco")
FOUR = Table((0, 1, 0, 1))


def _start(options=None, table=FOUR):
    return GAME.start(options or {}, table)


def _side(melds=(), hands=("", ""), pozzetto=True):
    return {"melds": list(melds), "hands": list(hands), "pozzetto": pozzetto}


def _deal(a, b, closed=None):
    return {"teams": [a, b], "closed": closed}


def _codes(raw: dict, state=None) -> set[str]:
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state or _start(), raw)
    return {e.code for e in rejected.value.errors}


def _meld(text: str):
    return read_burraco_meld(parse_cards(text))


# -- l.604–608: card values ---------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [("Jo", 30), ("2S", 20), ("AS", 15), ("KS", 10), ("8S", 10), ("7S", 5), ("3S", 5)],
)
def test_a_card_left_in_hand_costs_its_value(card, value):
    # l.602: the side subtracts the cards left in its hands.
    score = GAME.score(_start(), _deal(_side(hands=(card, "")), _side()))
    assert score.points == (-value, 0)


def test_melds_count_their_cards_values():
    # Three kings 30, 3-4-5♥ 15, A-K-Q♠ 35, joker + 2 sets: 7 7 Jo = 40, 9 9 2 = 40.
    melds = ["KS KH KD", "3H 4H 5H", "AS KS QS", "7C 7D Jo", "9C 9D 2C"]
    score = GAME.score(_start(), _deal(_side(melds), _side()))
    assert score.points == (30 + 15 + 35 + 40 + 40, 0)


# -- l.612–616: burrachi, closing, the pozzetto ---------------------------------------


def test_a_clean_burraco_is_200_and_a_dirty_one_100():
    clean = "5S 5H 5D 5C 5S 5H 5D"  # 35 in cards
    dirty = "6S 6H 6D 6C 6S 6H Jo"  # 30 + 30 in cards
    score = GAME.score(_start(), _deal(_side([clean]), _side([dirty])))
    assert score.points == (35 + 200, 60 + 100)


def test_closing_is_100_and_a_pozzetto_not_taken_is_minus_100():
    clean = "5S 5H 5D 5C 5S 5H 5D"
    raw = _deal(_side([clean], ("", "4C")), _side(hands=("KD", "")), closed=0)
    raw["teams"][1]["pozzetto"] = False
    score = GAME.score(_start(), raw)
    assert score.points == (35 + 200 + 100 - 5, -10 - 100)
    assert score.detail["sides"][0]["closing"] == 100
    assert score.detail["sides"][1]["pozzetto"] == -100


def test_no_closing_bonus_when_the_stock_ran_down():
    clean = "5S 5H 5D 5C 5S 5H 5D"
    score = GAME.score(_start(), _deal(_side([clean], ("QS", "QH")), _side()))
    assert score.points == (35 + 200 - 20, 0)


# -- l.559–573: melds and wild cards ------------------------------------------------


def test_2_3_4_hearts_and_a_joker_holds_one_wild():
    meld, faults = _meld("2H 3H 4H Jo")
    assert faults == () and meld.kind == MeldKind.RUN and meld.wilds == 1


def test_a_2_can_be_pressed_into_service_as_the_wild():
    # l.569: 3-4-2-6♥, the 2 standing for the 5♥.
    meld, _ = _meld("3H 4H 2H 6H")
    assert meld is not None and meld.wilds == 1


@pytest.mark.parametrize(
    "text", ["7S Jo 9S", "Jo 7S 8S", "7S 8S Jo 10S", "Jo 7S 8S 9S 10S"]
)
def test_the_pages_runs_with_a_joker_are_melds_with_one_wild(text):
    meld, faults = _meld(text)
    assert faults == () and meld.wilds == 1


def test_a_meld_holds_only_one_wild():
    assert _meld("7S Jo 9S 2C")[1] == ("too_many_wilds",)
    assert _meld("7S 7H Jo 2C")[1] == ("too_many_wilds",)


def test_there_is_no_set_of_jokers_or_2s():
    assert _meld("Jo Jo Jo")[0] is None
    assert _meld("2C 2D 2S")[0] is None


def test_an_ace_is_high_or_low_but_not_at_both_ends():
    assert _meld("AS 2S 3S")[0] is not None
    assert _meld("QS KS AS")[0] is not None
    assert _meld("KS AS 2S 3S")[0] is None
    assert _meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")[0] is None


def test_a_clean_run_of_seven_with_a_natural_2_is_a_clean_burraco():
    clean = "2H 3H 4H 5H 6H 7H 8H"
    score = GAME.score(_start(), _deal(_side([clean]), _side()))
    assert score.points == (20 + 5 * 5 + 10 + 200, 0)


def test_a_side_has_one_set_per_rank():
    raw = _deal(_side(["KS KH KD", "KC KS KH"]), _side())
    assert _codes(raw) == {"one_set_per_rank"}


def test_a_bad_meld_is_named_by_its_path():
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(), _deal(_side(), _side(["3H 5S 9D"])))
    assert [e.path for e in rejected.value.errors] == ["teams.1.melds.0"]


# -- l.589–594: closing -------------------------------------------------------------


def test_closing_needs_the_pozzetto_a_burraco_and_an_empty_hand():
    raw = _deal(_side(["5S 5H 5D"], ("3C", "")), _side(), closed=0)
    raw["teams"][0]["pozzetto"] = False
    assert _codes(raw) == {
        "closed_without_pozzetto",
        "closed_without_burraco",
        "cards_after_closing",
    }


# -- l.545–549: 108 cards, 11 each and two pozzetti of 11 ---------------------------


def test_no_card_is_entered_more_often_than_the_108_hold():
    raw = _deal(_side(["5S 5S 5S"]), _side())
    assert _codes(raw) == {"too_many_copies"}


def test_the_whole_deck_can_be_entered():
    # Two packs of 54: 2 × 52 cards and four jokers; 4 × 11 dealt + 2 × 11 pozzetti.
    assert GAME.deck.size == 108 and 4 * 11 + 2 * 11 < 108
    assert GAME.deck.holds(parse_cards("Jo")[0]) == 4


# -- l.618: to 2000, the higher wins ------------------------------------------------


def test_the_match_ends_when_a_side_exceeds_2000_and_the_higher_wins():
    state = _start()
    big = {"mode": "totals", "points": [1000, 500]}
    state = GAME.advance(state, GAME.score(state, big))
    state = GAME.advance(state, GAME.score(state, big))
    assert state.totals == (2000, 1000) and not state.finished  # not yet over 2000
    state = GAME.advance(state, GAME.score(state, {"mode": "totals", "points": [5, 0]}))
    assert state.finished and state.winners == (0,)


def test_level_totals_over_the_target_play_on():
    state = _start({"target": 100})
    state = GAME.advance(
        state, GAME.score(state, {"mode": "totals", "points": [150, 150]})
    )
    assert not state.finished


def test_totals_are_multiples_of_5():
    assert _codes({"mode": "totals", "points": [12, 0]}) == {"not_multiple_of_5"}


def test_two_players_enter_one_hand_each():
    state = _start(table=Table((0, 1)))
    score = GAME.score(state, _deal(_side(hands=("KS",)), _side(hands=("",))))
    assert score.points == (-10, 0)
    assert _codes(_deal(_side(), _side(hands=("",))), state) == {"hands_per_player"}


# -- properties ---------------------------------------------------------------------

SUITS = "SHDC"
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@st.composite
def _legal_deals(draw):
    """Runs of distinct suits and sets of distinct ranks, the rest in hand."""
    sides = []
    used_ranks = draw(st.permutations(RANKS))
    for s in range(2):
        melds = []
        for k in range(draw(st.integers(0, 3))):
            rank = used_ranks[3 * s + k]
            size = draw(st.integers(3, 8))
            cards = [f"{rank}{SUITS[i % 4]}" for i in range(size)]
            if draw(st.booleans()):
                cards[-1] = ("Jo", "2C", "2D")[k]
            melds.append(" ".join(cards))
        hand_rank = used_ranks[10 + s]
        hands = [
            " ".join([f"{hand_rank}{suit}"] * draw(st.integers(0, 2))) for suit in "HD"
        ]
        sides.append(_side(melds, hands, draw(st.booleans())))
    return _deal(*sides)


@settings(max_examples=100, deadline=None)
@given(_legal_deals())
def test_a_sides_score_is_the_sum_of_its_items(raw):
    score = GAME.score(_start(), raw)
    for side, points in zip(score.detail["sides"], score.points, strict=True):
        items = ("melds", "burrachi", "closing", "hands", "pozzetto")
        assert sum(side[i] for i in items) == points == side["total"]
        assert points % 5 == 0


CARDS = [c for c in GAME.deck.copies]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=3, max_size=9))
def test_the_fast_reading_of_natural_melds_agrees_with_the_engines(cards):
    from games.engine.melds import read_meld
    from games.engine.melds.natural_wilds import read_run_with_natural
    from games.rules.burraco import RUN_RULE, SET_RULE, _natural_meld

    fast = _natural_meld(cards)
    if fast is None:
        return
    slow = (
        read_meld(cards, SET_RULE).meld or read_run_with_natural(cards, RUN_RULE).meld
    )
    assert slow == fast


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["S", "H"]), st.integers(3, 10), st.integers(3, 7))
def test_natural_runs_and_sets_are_read_as_the_engine_reads_them(suit, low, size):
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    run = parse_cards(" ".join(f"{r}{suit}" for r in ranks[low - 3 : low - 3 + size]))
    if len(run) < 3:
        return
    meld, faults = read_burraco_meld(run)
    assert faults == () and meld.kind == MeldKind.RUN and meld.wilds == 0


@settings(max_examples=100, deadline=None)
@given(_legal_deals(), st.booleans())
def test_the_fast_reader_scores_as_pydantic_parses(raw, as_lists):
    from games.engine import Game
    from games.rules.burraco import read_cards_entry

    if as_lists:
        for side in raw["teams"]:
            side["melds"] = [m.split() for m in side["melds"]]
    assert read_cards_entry(raw) is not None
    model = Game.parse_deal(GAME, raw)
    state = _start()
    assert GAME.verify_and_score(state, model) == GAME.score(state, raw)


def test_an_unusual_entry_goes_to_pydantic_with_its_path():
    raw = _deal(_side(["KS KH XX"]), _side())
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(), raw)
    assert [e.path for e in rejected.value.errors] == ["teams.0.melds.0.2"]


def test_the_docs_worked_example():
    raw = _deal(
        _side(["2H 3H 4H Jo", "5S 5H 5D 5C 5S 5H 5D"], ("", "KS")),
        _side(["3H 4H 2H 6H"], ("AS", "Jo"), pozzetto=False),
        closed=0,
    )
    assert GAME.score(_start(), raw).points == (385, -110)


def test_a_wild_at_the_high_end_is_accepted_as_a_reading():
    # l.571: 7-8♠-★ "should be corrected to ★-7-8♠" — the same cards, the same
    # score; where the wild lies is not checked (docs: Readings).
    meld, faults = _meld("7S 8S Jo")
    assert faults == () and meld.wilds == 1


def test_closed_names_a_seat_of_the_table():
    state = _start(table=Table((0, 1)))
    raw = _deal(_side(hands=("",)), _side(hands=("",)), closed=3)
    assert _codes(raw, state) == {"no_such_seat"}


# The page's lines each message cites (004_b5230d226dbeb56f.txt): l.559 "the set,
# which is three or more cards of the same rank ... the run", l.561 "a meld cannot
# have more than one ace", l.563 "You cannot have a set of jokers or 2s", l.567
# "Each meld can only contain one wild card", l.591 "has already picked up their
# pozzetto", l.592 "at least one burraco", l.593 "end their final turn with a
# discard", l.618 "until one partnership exceeds a score of 2,000 points".
CITED_LINES = [
    (["5S 5H"], "too_short", "l.559"),
    (["5S 6H 7H"], "mixed_suits", "l.559"),
    (["5S 6S 9S"], "not_in_a_row", "l.559"),
    (["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"], "too_long", "l.561"),
    (["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"], "repeated_rank", "l.561"),
    (["Jo Jo 2H"], "no_natural", "l.563"),
    (["5S 5H Jo 2C"], "too_many_wilds", "l.567"),
    (["5S 5H 5D", "5C 5H 5D"], "one_set_per_rank", "l.563"),
]


def _messages(raw: dict) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        GAME.score(_start(), raw)
    return {e.code: e.message for e in rejected.value.errors}


@pytest.mark.parametrize(("melds", "code", "line"), CITED_LINES)
def test_each_meld_message_cites_the_line_of_its_rule(melds, code, line):
    messages = _messages(_deal(_side(melds), _side()))
    assert f"({line})" in messages[code]


def test_the_closing_messages_cite_the_lines_of_their_conditions():
    raw = _deal(_side(["5S 5H 5D"], ("3C", "")), _side(), closed=0)
    raw["teams"][0]["pozzetto"] = False
    messages = _messages(raw)
    assert "(l.591)" in messages["closed_without_pozzetto"]
    assert "(l.592)" in messages["closed_without_burraco"]
    assert "(l.593)" in messages["cards_after_closing"]
    assert "l.533–618" in GAME.source and "l.600–618" in GAME.source
