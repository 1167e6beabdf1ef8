"""Killeri (book §61): the draw of own sectors, the exact five, the offers, killers,
the drops (with the first-turn exception), the last one left, bad input and the
game's invariants as properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game

GAME = get_game("killeri")
FOUR = Table((0, 1, 2, 3))
THREE = Table((0, 1, 2))


def draw(*sectors: int) -> dict:
    return {"mode": "draw", "own_sectors": list(sectors)}


def turn(darts: str, *declined: int) -> dict:
    return {"darts": darts, "declined": list(declined)}


def test_a_killer_in_his_first_turn_spares_those_without_a_turn():
    """l.3650: someone becomes a killer in his first turn; the others still have
    their turns and drop out only if they stay at zero; a killer's hits take 1/2/3
    off (l.3652); the last one left wins (l.3656)."""
    folded = GAME.fold(
        [
            draw(20, 3, 11, 6),
            turn("T20 D20 M"),  # seat 0: 3, 5: a killer
            turn("3 M M"),  # seat 1: 1
            turn("M M M"),  # seat 2: still 0 after his first turn: out
            turn("D6 M M"),  # seat 3: 2
            turn("T3 M D6"),  # seat 0 takes 3 off seat 1 and 2 off seat 3
        ],
        table=FOUR,
    )
    assert [d.flagged for d in folded.deals] == [False] * 6
    assert folded.state.out == (2, 1, 3)
    assert folded.finished and folded.winners == (0,)
    assert folded.totals == (3, 1, 0, 2)  # 0 + 1 + 2 + 3: by place
    assert [d.score.points for d in folded.deals][3] == (1, 1, 0, 1)


def test_exact_five_killers_offers_and_a_killers_own_sector():
    """l.3646: six drops to four; l.3650: zero players out when someone becomes a
    killer; l.3648: the owner of the sector may decline the points; l.3654: a
    killer below five is ordinary, a killer's own sector takes points off him."""
    deals = [
        draw(20, 3, 11),
        turn("T20 T20 M"),  # seat 0: 3, then 6 → 4
        turn("M M M"),  # seat 1: 0
        turn("D11 D11 11"),  # seat 2: 2, 4, 5 — a killer: seat 1 (0) drops out
    ]
    folded = GAME.fold(deals, table=THREE)
    assert folded.state.scores[:1] == (4,) and folded.state.scores[2] == 5
    assert folded.state.out == (1,)
    assert folded.next_deal.context[0].value == 0  # seat 1 is skipped
    points = {r.code: r.value for r in folded.next_deal.context}["points"]
    assert points == ("4", "out", "5 killer")
    deals += [
        turn("20 M M"),  # seat 0: 5, a killer too
        turn("20 M M"),  # seat 2 takes one off seat 0: 4, ordinary again
        turn("11 M M", 1),  # seat 0 hits seat 2's sector; seat 2 declines
    ]
    folded = GAME.fold(deals, table=THREE)
    assert folded.state.scores[0] == 4 and folded.state.scores[2] == 5
    accepted = GAME.fold([*deals[:-1], turn("11 M M")], table=THREE)
    assert accepted.state.scores[2] == 4  # 6 → 4
    deals.append(turn("11 M M"))  # seat 2, a killer, hits his own sector
    folded = GAME.fold(deals, table=THREE)
    assert folded.state.scores[2] == 4 and not folded.finished


def test_an_ordinary_players_hit_on_another_sector_gives_that_player_points():
    folded = GAME.fold([draw(20, 3, 11), turn("D3 M M")], table=THREE)
    assert folded.state.scores == (0, 2, 0)


def test_hits_on_the_sector_of_a_player_out_count_for_nobody():
    # seat 1 drops at the end of his first turn (zero, a killer about); seat 2's
    # 3 counts for nobody, his 11 for himself
    deals = [draw(20, 3, 11), turn("T20 D20 M"), turn("M M M"), turn("3 11 M")]
    folded = GAME.fold(deals, table=THREE)
    assert folded.state.out == (1,) and folded.state.scores == (5, 0, 1)
    # without the 11 seat 2 stays at zero too, and seat 0 is left alone
    alone = GAME.fold([*deals[:-1], turn("3 M M")], table=THREE)
    assert alone.state.out == (1, 2) and alone.winners == (0,)


def test_the_turn_that_leaves_one_player_ends_there():
    deals = [draw(20, 3, 11), turn("T20 D20 M"), turn("3 M M"), turn("11 M M")]
    state = GAME.fold(deals, table=THREE).state
    with pytest.raises(DealRejected) as caught:
        GAME.score(state, turn("3 11 M"))
    assert (caught.value.errors[0].path, caught.value.errors[0].code) == (
        "darts.2",
        "after_the_end",
    )
    done = GAME.fold([*deals, turn("3 11")], table=THREE)
    assert done.finished and done.winners == (0,) and done.next_deal is None


@pytest.mark.parametrize(
    ("sectors", "path", "code"),
    [
        ((20, 1, 11), "own_sectors.1", "next_to"),
        ((20, 3, 20), "own_sectors.2", "taken"),
        ((5, 3, 20), "own_sectors.2", "next_to"),
        ((20, 3), "own_sectors", "too_short"),
        ((20, 3, 11, 6), "own_sectors", "wrong_player_count"),
        ((20, 3, 21), "own_sectors.2", "less_than_equal"),
    ],
)
def test_the_draw_refuses_sectors_the_same_or_side_by_side(sectors, path, code):
    """§61.1 (l.3640): two players cannot have the same sector or sectors next to
    each other."""
    with pytest.raises(DealRejected) as caught:
        GAME.score(GAME.start(table=THREE), draw(*sectors))
    assert (caught.value.errors[0].path, caught.value.errors[0].code) == (path, code)


@pytest.mark.parametrize(
    ("deals", "deal", "path", "code"),
    [
        ([], turn("1 2 3"), "mode", "draw_first"),
        ([draw(20, 3, 11)], draw(20, 3, 11), "mode", "drawn"),
        ([draw(20, 3, 11)], turn("20 M M", 1), "declined.0", "not_an_offer"),
        ([draw(20, 3, 11)], turn("20 M"), "darts", "short_turn"),
        ([draw(20, 3, 11)], {"mode": "throw", "darts": "1"}, "mode", "bad_mode"),
    ],
)
def test_bad_input_names_the_field(deals, deal, path, code):
    state = GAME.fold(deals, table=THREE).state
    with pytest.raises(DealRejected) as caught:
        GAME.score(state, deal)
    assert (caught.value.errors[0].path, caught.value.errors[0].code) == (path, code)


def test_the_sheet_before_the_draw_asks_for_it():
    nxt = GAME.fold([], table=THREE).next_deal
    assert [r.code for r in nxt.context] == ["throws"] and "Draw" in nxt.notes[0]


SECTORS = [20, 3, 11, 6, 16]
aimed = st.builds(
    lambda s, m: f"{m}{s}",
    st.sampled_from(SECTORS),
    st.sampled_from(["", "", "D", "T"]),
)
dart = st.one_of(aimed, aimed, st.sampled_from(["M", "OB", "7"]))


@settings(max_examples=150)
@given(
    st.integers(3, 5),
    st.lists(
        st.tuples(st.lists(dart, min_size=3, max_size=3), st.sampled_from([[], [1]])),
        max_size=40,
    ),
)
def test_invariants_of_a_game(players, turns):
    """Points 1–5 (0 before a first turn or without a killer) while in; once there
    is a killer everyone in who has had a turn has a point; the thrower is in; the
    elimination points add up by place."""
    table = Table(tuple(range(players)))
    state = GAME.fold([draw(*SECTORS[:players])], table=table).state
    for darts, declined in turns:
        if state.finished:
            break
        try:
            score = GAME.score(state, turn(" ".join(darts), *declined))
        except DealRejected:
            continue
        state = GAME.advance(state, score)
        live = [s for s in range(players) if s not in state.out]
        assert all(0 <= state.scores[s] <= 5 for s in live)
        if any(state.scores[s] == 5 for s in live):
            assert all(state.scores[s] > 0 for s in live if state.turns[s] > 0)
        assert state.thrower in live
        n_out = len(state.out)
        assert sum(state.totals) <= sum(range(players)) and n_out < players
    if state.finished:
        assert len(state.winners) == 1
        assert state.totals[state.winners[0]] == players - 1
