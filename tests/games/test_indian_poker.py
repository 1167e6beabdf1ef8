"""Indian Poker (book ch 25, l.1779–1819): the ante, the betting and its end, the
showdown with suits breaking ties, IOUs, and chips conserved over whole sessions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game
from games.engine.betting import play_betting
from games.engine.chips import chip_points
from tests.games.strategies.indian_poker import deals

GAME = get_game("indian-poker")
FOUR = Table((0, 1, 2, 3))


def _start(options: dict | None = None, table: Table = FOUR):
    return GAME.start(options or {}, table)


def score(deal: dict, options: dict | None = None, table: Table = FOUR):
    return GAME.score(_start(options, table), deal)


def rejected_codes(deal: dict, table: Table = FOUR) -> set[str]:
    with pytest.raises(DealRejected) as rejected:
        score(deal, table=table)
    return {e.code for e in rejected.value.errors}


def test_declaration():
    """100 units each (§25), 3–10 players, played for chips that are money."""
    assert GAME.source.startswith("001_b57793035adc3f64.txt §25")
    assert _start().totals == (100,) * 4
    assert GAME.chips_are_money
    assert {len(t) for t in GAME.tables} == set(range(3, 11))


def test_everyone_checks_the_ante_goes_to_the_highest_card():
    """§25.1: everyone puts one unit in; with no bet the pot is the four antes and
    the highest card takes it (seat 2's king)."""
    result = score({"actions": "C C C C", "cards": ["7S", "QH", "KD", "2C"]})
    assert result.points == (-1, -1, 3, -1)
    assert result.detail == {"paid": [1, 1, 1, 1], "winner": 2}


def test_suits_break_a_tie_of_ranks():
    """§25.3: spades, hearts, diamonds, clubs from the highest."""
    cards = ["AC", "AH", "AD", "AS"]
    assert score({"actions": "C C C C", "cards": cards}).detail["winner"] == 3
    cards = ["AC", "AH", "AD", "2S"]
    assert score({"actions": "C C C C", "cards": cards}).detail["winner"] == 1


def test_a_call_pays_every_raise_since_the_players_last_turn():
    """§25.2: dealer 0, so seat 1 bets first. Seat 1 checks, seat 2 bets 2, seat 3
    folds (losing its ante), seat 0 calls 2, seat 1 raises 1 (pays 2 + 1), seat 2
    calls the 1, seat 0 calls the 1; seat 1 had the last raise: the betting ends.
    Pot 1 + 4 + 4 + 4 = 13 to seat 2's ace of diamonds."""
    result = score({"actions": "C R2 F C R1 C C", "cards": ["KS", "2H", "AD", "AC"]})
    assert result.detail == {"paid": [4, 4, 4, 1], "winner": 2}
    assert result.points == (-4, -4, 9, -1)
    assert sum(result.points) == 0


def test_a_folded_card_cannot_win():
    """§25.2: after folding the player has no chance to win the pot."""
    result = score({"actions": "R1 C C F", "cards": ["AS", "2H", "3D", "4C"]})
    assert result.detail["winner"] == 3  # 4C beats 3D and 2H; the ace folded
    assert result.points == (-1, -2, -2, 5)


def test_all_but_one_fold_the_last_takes_the_pot():
    """Kirjuri's reading: with one player left the betting is over."""
    result = score({"actions": "R3 F F F", "cards": ["2S", "AH", "KD", "QC"]})
    assert result.detail == {"paid": [1, 4, 1, 1], "winner": 1}
    assert result.points == (-1, 3, -1, -1)


@pytest.mark.parametrize(
    ("turns", "ended_after"),
    [
        ("C C C C", 4),  # a round of checks
        ("R1 C C C", 4),  # the bettor is not asked again
        ("C R1 C C C", 5),  # the first checker calls the bet, then it is over
        ("R5 R5 C C C", 5),  # seat 1 calls seat 2's raise; nobody raised after
        ("R1 R1 R1 R1 R1 C C C", 8),
    ],
)
def test_the_end_of_betting(turns, ended_after):
    """§25.3: a turn that would come to a player who has had a turn, with no bet or
    raise since it, ends the betting; so nobody raises twice in a row, and at the
    end everyone still in has paid the same."""
    words = turns.split()
    betting, errors = play_betting(words, order=(0, 1, 2, 3), paid=(1,) * 4)
    assert errors == []
    assert len({betting.paid[p] for p in betting.live}) == 1
    _, errors = play_betting(
        [*words[:ended_after], "R1"], order=(0, 1, 2, 3), paid=(1,) * 4
    )
    assert [e.code for e in errors] == ["betting_over"]


def test_raises_are_one_to_five():
    """§25.2: a raise is 1–5 units."""
    assert "string_pattern_mismatch" in rejected_codes(
        {"actions": "R6 C C C", "cards": ["2S", "AH", "KD", "QC"]}
    )
    assert "string_pattern_mismatch" in rejected_codes(
        {"actions": "R0 C C C", "cards": ["2S", "AH", "KD", "QC"]}
    )


def test_a_hand_with_every_error():
    """Too few turns, a card twice, a card missing: all named, each at its field."""
    with pytest.raises(DealRejected) as rejected:
        score({"actions": "C C", "cards": ["AS", "AS", "KD"]})
    by_code = {e.code: e.path for e in rejected.value.errors}
    assert by_code == {
        "wrong_player_count": "cards",
        "too_many_copies": "cards.1",
        "betting_unfinished": "actions",
    }
    assert rejected_codes({"actions": "C C C C C", "cards": ["AS", "2D", "KD", "3C"]})


def test_totals_entry():
    """What each paid and who won; the winner must have paid the most and everyone
    the ante."""
    result = score({"mode": "totals", "paid": [6, 6, 2, 1], "winner": 1})
    assert result.points == (-6, 9, -2, -1)
    assert not result.verified
    assert rejected_codes({"mode": "totals", "paid": [6, 3, 2, 1], "winner": 1}) == {
        "winner_paid_less"
    }
    assert rejected_codes({"mode": "totals", "paid": [6, 6, 0, 1], "winner": 1}) == {
        "no_ante"
    }
    assert rejected_codes({"mode": "totals", "paid": [1, 1, 1], "winner": 0}) == {
        "wrong_player_count"
    }


def test_an_iou_when_a_player_runs_out():
    """l.1789: a player out of chips borrows from the player with most chips and
    writes an IOU; at the end it counts for the holder and against the writer."""
    options = {"start": 3}
    # Seat 0 deals, seat 1 bets first: everyone pays 3, seat 1's ace takes 12.
    first = {"actions": "R2 C C C", "cards": ["2S", "AH", "KD", "QC"]}
    # Seat 1 deals: everyone pays 3 again, seat 3's ace takes 12. Seats 0 and 2
    # have nothing left to pay with: seat 0 borrows 3 from seat 1 (9 chips, tied
    # with seat 3; the earlier seat lends), then seat 2 from seat 3 (now most).
    second = {"actions": "R2 C C C", "cards": ["2S", "3H", "4D", "AC"]}
    folded = GAME.fold([first, second], options, FOUR)
    assert not folded.needs_attention
    ledger = folded.state.ledger
    assert [(i.debtor, i.creditor, i.chips) for i in ledger.ious] == [
        (0, 1, 3),
        (2, 3, 3),
    ]
    assert ledger.balances == (0, 6, 0, 6)
    # The totals are the worth: chips held, plus IOUs held, less IOUs written.
    assert folded.totals == (-3, 9, -3, 9)
    assert folded.totals == tuple(ledger.worth(p) for p in range(4))
    assert chip_points(ledger) == (-6, 6, -6, 6)
    assert [f.text for f in folded.deals[1].score.facts if f.code == "iou"] == [
        "player 1 writes player 2 an IOU for 3",
        "player 3 writes player 4 an IOU for 3",
    ]
    rows = {r.code: r.value for r in folded.next_deal.context}
    assert rows["ious"] == "player 1 owes player 2 3; player 3 owes player 4 3"


def test_the_session_ends_after_the_hands_set_and_most_chips_win():
    hand = {"actions": "C C C C", "cards": ["7S", "QH", "KD", "2C"]}
    folded = GAME.fold([hand, hand], {"hands": 2}, FOUR)
    assert folded.finished and folded.winners == (2,)
    assert GAME.match_goal(GAME.parse_options({"hands": 2})).deals == 2
    assert not GAME.fold([hand], {}, FOUR).finished


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 10).flatmap(lambda n: st.lists(deals(n), max_size=10)))
def test_chips_are_conserved_in_every_hand_and_session(hands):
    """Every hand's payments net to zero; the chips held always add up to the
    starting chips; the totals are each player's worth."""
    players = len(hands[0]["cards" if "cards" in hands[0] else "paid"]) if hands else 3
    table = Table(tuple(range(players)))
    folded = GAME.fold(hands, {"start": 10}, table)
    assert not folded.needs_attention
    for record in folded.deals:
        assert sum(record.score.points) == 0
    ledger = folded.state.ledger
    assert sum(ledger.balances) == 10 * players
    assert min(ledger.balances) >= 0
    assert folded.totals == tuple(ledger.worth(p) for p in range(players))
    assert sum(chip_points(ledger)) == 0
