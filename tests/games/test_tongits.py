"""Tong-Its (web pages 004, l.350–418): every number of the payouts, the tie rules of
a challenged draw and of a stock-out, the pot that waits for two wins in a row, and
the entry's checks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game
from games.engine.cards import parse_cards
from games.engine.chips import chip_points
from games.rules.tongits import SOLVER
from tests.games.strategies.tongits import deals

GAME = get_game("tongits")
TABLE = Table((0, 1, 2))


def _fold(raws, **options):
    return GAME.fold(raws, options, TABLE)


def _codes(rejected: pytest.ExceptionInfo) -> set[str]:
    return {e.code for e in rejected.value.errors}


def test_the_declaration():
    assert GAME.name == "Tong-Its"
    assert GAME.chips_are_money
    assert GAME.start({}, TABLE).totals == (0, 0, 0)
    assert "l.350" in GAME.source


# -- deadwood: aces one, faces ten, others their pips (l.394); aces low (l.378) -----


@pytest.mark.parametrize(
    ("hand", "deadwood"),
    [
        ("AS KD", 11),  # ace 1, king 10
        ("QH JC TD", 30),  # faces 10, the ten its pips
        ("AS 2S 3S", 0),  # a run with the ace low
        ("QS KS AS", 21),  # Q-K-A is no run (l.378)
        ("7C 7D 7H 7S 5D", 5),  # a four of a kind melds
        ("4H 5H 6H 7H 9C", 9),
    ],
)
def test_deadwood_counts_ace_one_and_faces_ten(hand, deadwood):
    assert SOLVER.partition(parse_cards(hand)).deadwood == deadwood


# -- payouts (l.404–412) ------------------------------------------------------------


def _hand(how, **fields):
    return {"mode": "totals", "how": how, **fields}


def test_a_tongit_is_three_chips_from_each_loser():
    folded = _fold([_hand("tongit", winner=1)])
    assert folded.deals[0].score.points == (-3, 6, -3)


def test_a_challenged_draw_is_three_whoever_wins_it():
    # The caller wins (l.408: "whether or not they were the caller or the challenger").
    caller_wins = _hand(
        "challenged", caller=0, challenged=[False, True, False], deadwood=[4, 9, 30]
    )
    assert _fold([caller_wins]).deals[0].score.points == (6, -3, -3)
    challenger_wins = _hand(
        "challenged", caller=0, challenged=[False, True, False], deadwood=[9, 4, 30]
    )
    assert _fold([challenger_wins]).deals[0].score.points == (-3, 6, -3)


def test_an_unchallenged_draw_and_a_stock_out_are_one_chip():
    assert _fold([_hand("draw", caller=2)]).deals[0].score.points == (-1, -1, 2)
    stock = _hand("stock", last_drawer=0, deadwood=[12, 8, 20])
    assert _fold([stock]).deals[0].score.points == (-1, 2, -1)


def test_each_concealed_four_is_three_more():
    folded = _fold([_hand("tongit", winner=0, concealed_fours=2)])
    assert folded.deals[0].score.points == (18, -9, -9)  # 3 + 2 × 3 each


def test_a_loser_who_never_opened_pays_one_more():
    folded = _fold([_hand("draw", caller=0, never_opened=[False, True, False])])
    assert folded.deals[0].score.points == (3, -2, -1)


def test_each_ace_of_the_winner_is_one_more():
    folded = _fold([_hand("tongit", winner=2, aces=3)])
    assert folded.deals[0].score.points == (-6, -6, 12)


def test_everything_together():
    # Tongit 3 + one concealed four 3 + two aces 2, and 1 from the player who never
    # opened: 8 and 9.
    deal = _hand(
        "tongit", winner=0, concealed_fours=1, aces=2, never_opened=[False, False, True]
    )
    assert _fold([deal]).deals[0].score.points == (17, -8, -9)


# -- who wins on deadwood (l.394, l.400) -----------------------------------------------


def _winner(deal):
    return _fold([deal]).deals[0].score.detail["winner"]


def test_a_tie_with_the_caller_goes_to_the_challenger():
    deal = _hand(
        "challenged", caller=1, challenged=[False, False, True], deadwood=[50, 7, 7]
    )
    assert _winner(deal) == 2


def test_a_tie_between_challengers_goes_to_the_one_left_of_the_caller():
    both = [True, False, True]
    assert (
        _winner(_hand("challenged", caller=1, challenged=both, deadwood=[5, 9, 5])) == 2
    )
    other = [False, True, True]
    assert (
        _winner(_hand("challenged", caller=0, challenged=other, deadwood=[9, 5, 5]))
        == 1
    )


def test_at_a_stock_out_a_tie_goes_to_the_last_drawer():
    assert _winner(_hand("stock", last_drawer=2, deadwood=[6, 10, 6])) == 2


def test_at_a_stock_out_a_tie_of_the_other_two_goes_left_of_the_last_drawer():
    assert _winner(_hand("stock", last_drawer=0, deadwood=[20, 6, 6])) == 1
    assert _winner(_hand("stock", last_drawer=1, deadwood=[6, 20, 6])) == 2


def test_at_a_stock_out_only_opened_players_compare():
    deal = _hand(
        "stock", last_drawer=0, deadwood=[20, 1, 6], never_opened=[False, True, False]
    )
    folded = _fold([deal])
    assert folded.deals[0].score.detail["winner"] == 2
    assert folded.deals[0].score.points == (-1, -2, 3)


def test_cards_entry_finds_the_deadwood():
    deal = {
        "mode": "cards",
        "how": "stock",
        "last_drawer": 0,
        "hands": ["AS 2S 3S KD", "5H 5D 5C 9S 2C", "QH JH TH 4C"],
    }
    score = _fold([deal]).deals[0].score
    assert score.detail["deadwood"] == [10, 11, 4]
    assert score.detail["winner"] == 2
    assert score.verified


def test_an_entered_winner_must_agree_with_the_deadwood():
    deal = _hand("stock", last_drawer=0, deadwood=[20, 6, 9], winner=2)
    assert _fold([{"how": "tongit", "winner": 1}]).deals[0].score.points == (-3, 6, -3)
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, TABLE), deal)
    assert _codes(rejected) == {"winner_not_lowest"}


# -- the pot (l.362, l.416–417) --------------------------------------------------------


def test_the_pot_waits_for_two_wins_in_a_row():
    folded = _fold(
        [_hand("draw", caller=0), _hand("draw", caller=1), _hand("draw", caller=1)]
    )
    # Antes 2 each per hand: 6, then 12, then the second win in a row takes 18.
    assert [d.score.detail["pot_out"] for d in folded.deals] == [6, 12, 0]
    assert folded.deals[2].score.detail["takes_pot"]
    # Hand 3: 1 from each, and 6 of the others' antes each (their 3 hands × 2).
    assert folded.deals[2].score.points == (-7, 14, -7)
    assert folded.state.ledger.balances == (-6, 15, -9)
    assert folded.totals == (-6, 15, -9)
    assert chip_points(folded.state.ledger) == (-6, 15, -9)


def test_a_third_win_in_a_row_takes_the_new_pot_unless_the_streak_restarts():
    three = [_hand("tongit", winner=0)] * 3
    assert [d.score.detail["takes_pot"] for d in _fold(three).deals] == [
        False,
        True,
        True,
    ]
    restart = _fold(three, pot_streak="restart")
    assert [d.score.detail["takes_pot"] for d in restart.deals] == [False, True, False]


def test_the_points_count_each_players_antes_in_the_pot_as_theirs():
    folded = _fold([_hand("tongit", winner=0)])
    assert folded.state.ledger.balances == (4, -5, -5)  # 6 on the table
    assert folded.totals == (6, -3, -3)
    (pot, to) = folded.next_deal.context[:2]
    assert (pot.code, pot.value) == ("pot", 6)
    assert (to.code, to.kind, to.value) == ("pot_to", "seat", 0)


def test_the_winner_deals_next():
    folded = _fold([_hand("tongit", winner=2)])
    assert folded.next_deal.dealer == 2


# -- checks -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "codes"),
    [
        (_hand("tongit"), {"winner_required"}),
        (_hand("draw"), {"caller_required"}),
        (
            _hand("draw", caller=0, never_opened=[True, False, False]),
            {"caller_not_opened"},
        ),
        (_hand("draw", caller=0, winner=1), {"winner_not_caller"}),
        (_hand("challenged", caller=0), {"no_challenger"}),
        (
            _hand(
                "challenged",
                caller=0,
                challenged=[True, False, True],
                never_opened=[False, False, True],
            ),
            {"caller_challenges", "challenger_not_opened"},
        ),
        (
            _hand("tongit", winner=0, challenged=[False, True, False]),
            {"challenge_without_draw"},
        ),
        (_hand("stock", deadwood=[1, 2, 3]), {"last_drawer_required"}),
        (_hand("stock", last_drawer=0), {"winner_required"}),
        (
            _hand("stock", last_drawer=0, winner=1, never_opened=[False, True, False]),
            {"winner_not_compared"},
        ),
        (
            _hand("challenged", caller=0, challenged=[False, True, False], winner=2),
            {"winner_not_compared"},
        ),
        (
            {
                "mode": "cards",
                "how": "stock",
                "last_drawer": 0,
                "hands": ["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH", "2H", "3H"],
            },
            {"too_many_cards"},  # 13 at most: the dealer's twelve and one (l.362)
        ),
        (
            {"how": "tongit", "winner": 1, "hands": ["", "KS", "QD"]},
            {"cards_after_tongit"},
        ),
        (
            {"mode": "cards", "how": "tongit", "winner": 0, "hands": ["", "AS", "AS"]},
            {"too_many_copies"},
        ),
    ],
)
def test_bad_entries_are_rejected_with_their_codes(deal, codes):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start({}, TABLE), deal)
    assert _codes(rejected) == codes


# -- properties -----------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.lists(deals(), min_size=1, max_size=10), st.sampled_from([0, 2, 5]))
def test_points_sum_to_zero_and_chips_are_conserved(raws, ante):
    folded = _fold(raws, ante=ante)
    for d in folded.deals:
        assert sum(d.score.points) == 0
    ledger = folded.state.ledger
    assert ledger.chips == 0
    assert ledger.table % 3 == 0
    assert folded.totals == tuple(b + ledger.table // 3 for b in ledger.balances)


def test_the_worked_example_of_the_docs_page():
    folded = _fold(
        [
            {"how": "draw", "caller": 0},
            {
                "how": "stock",
                "last_drawer": 1,
                "never_opened": [False, False, True],
                "aces": 1,
                "hands": ["AS 2S 3S KD", "5H 5D 5C 9S 2C", "QH JH TH 4C"],
            },
        ]
    )
    assert folded.deals[1].score.detail["deadwood"] == [10, 11, 4]
    assert folded.deals[1].score.points == (13, -6, -7)
    assert folded.totals == (15, -7, -8)
    assert folded.state.ledger.table == 0


def test_if_nobody_opened_at_a_stock_out_everyone_compares():
    deal = _hand(
        "stock", last_drawer=0, deadwood=[20, 4, 6], never_opened=[True, True, True]
    )
    folded = _fold([deal])
    assert folded.deals[0].score.detail["winner"] == 1
    assert folded.deals[0].score.points == (-2, 4, -2)  # 1 + 1 not opened each
