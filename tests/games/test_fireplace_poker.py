"""Fireplace Poker (book ch 22, l.1596–1699): melds are poker hands of a pair of jacks
or better, robbing needs a higher meld, chips come off by the meld surplus, the first
side without chips wins; passes when the deck is out; the team game (§22.7)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game
from tests.games.strategies.fireplace_poker import turns

GAME = get_game("fireplace-poker")
TWO = Table((0, 1))
TEAMS = Table((0, 1, 0, 1))

JACKS = "JS JH 4D 3C 2S"  # the lowest legal meld
KINGS_FULL = "KS KH KD 7C 7S"
ACES_FULL = "AS AH AD 9C 9S"


def fold(turns_, options=None, table=TWO):
    return GAME.fold(turns_, options or {}, table)


def codes_after(earlier, turn, table=TWO) -> set[tuple[str, str]]:
    state = fold(earlier, table=table).state
    with pytest.raises(DealRejected) as rejected:
        GAME.score(state, turn)
    return {(e.path, e.code) for e in rejected.value.errors}


def test_declaration():
    """31 chips a side (§22.3), two players or two teams (§22.7), fewer chips win."""
    assert fold([]).totals == (31, 31)
    assert GAME.tables == ((0, 1), (0, 1, 0, 1))
    assert GAME.lower_totals_win
    assert GAME.deck.holds(next(iter(GAME.deck.copies))) == 5


def test_a_meld_more_than_the_opponent_sheds_a_chip():
    """§22.4.4: one chip off for each meld more than the opponent, only on your own
    turn."""
    folded = fold([{"meld": JACKS}, {"meld": KINGS_FULL}, {"meld": ACES_FULL}])
    assert [d.score.points for d in folded.deals] == [(-1, 0), (0, 0), (-1, 0)]
    assert folded.totals == (29, 31)
    assert folded.state.counts == (2, 1)


def test_robbing_needs_a_higher_meld_and_discards_the_robbed():
    """§22.4.1–22.4.3: seat 1 steals the 3♣ from seat 0's pair of jacks into a pair of
    queens; the jacks are discarded; seat 1 now has 2 melds to 1 and sheds a chip."""
    earlier = [{"meld": JACKS}, {"meld": KINGS_FULL}, {"meld": ACES_FULL}]
    folded = fold([*earlier, {"meld": "QS QH 2D 3C 5S", "robbed": [1]}])
    assert not folded.needs_attention
    assert folded.state.melds == (
        (ACES_FULL,),
        (KINGS_FULL, "QS QH 2D 3C 5S"),
    )
    assert folded.totals == (29, 30)


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        # Below a pair of jacks (§22.4.2).
        ({"meld": "10S 10H AD KC QS"}, {("meld", "below_jacks")}),
        # Two identical cards (§22.4.2).
        ({"meld": "JS JS 4D 3C 2S"}, {("meld", "identical_cards")}),
        ({"meld": "JS JH 4D 3C"}, {("meld", "not_five_cards")}),
        # Not higher than the meld robbed (the aces full house).
        (
            {"meld": "KS KH KD 9C 9D", "robbed": [2]},
            {("robbed.0", "not_higher")},
        ),
        # No card of the robbed meld in the new one.
        ({"meld": "QS QH QD QC 4D", "robbed": [2]}, {("robbed", "not_stolen")}),
        ({"meld": "QS QH QD QC 9S", "robbed": [3]}, {("robbed.0", "no_such_meld")}),
        ({"meld": "QS QH QD QC 9S", "robbed": [2, 2]}, {("robbed", "robbed_twice")}),
        ({"meld": "", "robbed": [1]}, {("robbed", "robbed_without_meld")}),
    ],
)
def test_illegal_turns_are_refused(turn, expected):
    earlier = [{"meld": JACKS}, {"meld": KINGS_FULL}, {"meld": ACES_FULL}]
    assert codes_after(earlier, turn) == expected


def test_an_assisted_meld_may_break_the_jacks_and_identical_rules():
    """§22.6.1: the opponent decides the meld and is not bound by the identical-cards
    and pair-of-jacks rules."""
    result = GAME.score(fold([]).state, {"meld": "2S 2S 4D 7C 9H", "assisted": True})
    assert result.points == (-1, 0)


def test_more_than_five_copies_on_the_table_is_refused():
    """Five decks: a sixth A♠ on the table cannot be."""
    aces = [{"meld": f"AS AH {r}D {r}C {r}S"} for r in ("2", "3", "4", "5", "6")]
    folded = fold([*aces[:5]], {"chips": 10})
    assert not folded.needs_attention
    with pytest.raises(DealRejected) as rejected:
        GAME.score(folded.state, {"meld": "AS AD 7D 7C 7S"})
    assert {e.code for e in rejected.value.errors} == {"too_many_copies"}


def test_the_first_side_without_chips_wins():
    """§22.5: the game ends at once when a side has no chips left."""
    folded = fold([{"meld": JACKS}, {"meld": ""}, {"meld": KINGS_FULL}], {"chips": 3})
    assert folded.totals == (0, 3)
    assert folded.finished and folded.winners == (0,)


def test_passes_end_the_game_fewer_chips_then_more_melds_win():
    """§22.6.2: when both pass in a row the game ends; fewer chips win, and on equal
    chips more melds."""
    folded = fold([{"meld": JACKS}, {"meld": ""}, {"meld": ""}])
    assert folded.finished and folded.winners == (0,)
    level = fold([{"meld": JACKS}, {"meld": KINGS_FULL}, {"meld": ""}, {"meld": ""}])
    assert level.totals == (30, 31) and level.winners == (0,)


def test_the_team_game_shares_melds_and_chips_and_needs_four_passes():
    """§22.7: the melds and chips of a team are common; four passes in a row end it."""
    folded = fold([{"meld": JACKS}, {"meld": ""}, {"meld": KINGS_FULL}], table=TEAMS)
    # Seats 0 and 2 are one team: 2 melds to 0 after seat 2's meld, 2 chips off.
    assert folded.totals == (31 - 1 - 2, 31)
    passes = fold([{"meld": JACKS}, *[{"meld": ""}] * 3], table=TEAMS)
    assert not passes.finished
    assert fold([{"meld": JACKS}, *[{"meld": ""}] * 4], table=TEAMS).finished


def test_turns_by_counts():
    """Only the melds each side has after the turn: the chips follow; the counts
    must be possible (one meld a turn, robbing only with a meld)."""
    folded = fold(
        [{"mode": "totals", "melds": [1, 0]}, {"mode": "totals", "melds": [0, 1]}]
    )
    # Seat 1 melded and robbed seat 0's only meld: 1 to 0, a chip off.
    assert folded.totals == (30, 30)
    assert folded.state.melds is None
    assert codes_after(
        [{"mode": "totals", "melds": [1, 0]}], {"mode": "totals", "melds": [0, 2]}
    ) == {("melds.1", "bad_meld_count")}
    assert ("robbed", "melds_unknown") in codes_after(
        [{"mode": "totals", "melds": [1, 0]}], {"meld": KINGS_FULL, "robbed": [1]}
    )


@settings(max_examples=80, deadline=None)
@given(st.lists(turns(), max_size=14), st.sampled_from([TWO, TEAMS]))
def test_chips_only_go_down_by_the_surplus(turns_, table):
    folded = fold(turns_, {"chips": 5}, table)
    chips = (5, 5)
    for record in folded.deals:
        if record.score is None:
            continue
        assert sum(1 for p in record.score.points if p) <= 1
        assert all(p <= 0 for p in record.score.points)
        chips = tuple(c + p for c, p in zip(chips, record.score.points, strict=True))
        assert min(chips) >= 0
    assert folded.totals == chips
    if folded.state.melds is not None:
        assert folded.state.counts == tuple(len(m) for m in folded.state.melds)
