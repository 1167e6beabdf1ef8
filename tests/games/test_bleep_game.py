"""The Bleep Game (book §37, l.2556–2573): +1 for the first "Bleep!" at a passenger
car, −1 at another vehicle; 2–5 players; no end unless the organiser ends it."""

from __future__ import annotations

import pytest

from games.engine import DealRejected, SetupRejected, Table, get_game

GAME = get_game("bleep-game")
THREE = Table((0, 1, 2))


def test_a_car_is_a_point_and_another_vehicle_a_point_off():
    """§37.1 (l.2566–2568): a point to whoever shouts first at a passenger car;
    "for some other type of a vehicle … the player loses a point"."""
    car = GAME.score(GAME.start(table=THREE), {"by": 1, "event": "car"})
    van = GAME.score(GAME.start(table=THREE), {"by": 2, "event": "other"})
    assert car.points == (0, 1, 0)
    assert van.points == (0, 0, -1)


def test_a_shout_is_at_a_car_unless_said_otherwise():
    """One tap: the entry's event defaults to a car."""
    assert GAME.score(GAME.start(table=THREE), {"by": 0}).points == (1, 0, 0)


def test_a_drive_the_leader_and_the_tally():
    """Scores can go negative; the sheet shows the leader and each kind's tally."""
    deals = [
        {"by": 0},
        {"by": 1},
        {"by": 1, "event": "other"},
        {"by": 2, "event": "other"},
        {"by": 0},
    ]
    folded = GAME.fold(deals, table=THREE)
    assert folded.totals == (2, 0, -1)
    assert folded.leaders == (0,)
    assert not folded.finished
    rows = {r.code: r.value for r in folded.next_deal.context}
    assert rows == {"leader": 0, "car": (2, 1, 0), "other": (0, 1, 1)}


def test_the_sheet_names_the_leader_alone_or_nobody():
    """§37.1 (l.2572): "it is more important to be leading in points"."""

    def leader(deals):
        return {r.code: r.value for r in GAME.fold(deals).next_deal.context}["leader"]

    assert leader([]) is None
    assert leader([{"by": 2}]) == 2
    assert leader([{"by": 2}, {"by": 0}]) is None
    assert leader([{"by": 2}, {"by": 0}, {"by": 2, "event": "other"}]) == 0


def test_the_organiser_ends_the_game_with_an_entry_of_its_own():
    """No definitive end (l.2572): an entry with only end decides the match."""
    folded = GAME.fold([{"by": 0}, {"by": 1}, {"by": 0}, {"end": True}], table=THREE)
    assert folded.finished and folded.winners == (0,)
    assert folded.next_deal is None


def test_the_last_shout_can_carry_the_end_and_a_tie_is_shared():
    folded = GAME.fold([{"by": 0}, {"by": 1, "end": True}], table=THREE)
    assert folded.finished and folded.winners == (0, 1)


def test_a_target_set_by_the_club_ends_the_match():
    folded = GAME.fold([{"by": 2}, {"by": 2}, {"by": 2}], {"target": 3}, table=THREE)
    assert folded.finished and folded.winners == (2,)
    with pytest.raises(DealRejected) as rejected:
        GAME.score(folded.state, {"by": 1})
    assert rejected.value.errors[0].code == "match_finished"


@pytest.mark.parametrize(
    ("deal", "path", "code"),
    [
        ({}, "by", "no_player"),
        ({"event": "other"}, "by", "no_player"),
        ({"by": 3}, "by", "bad_seat"),
        ({"by": 5}, "by", "less_than_equal"),
        ({"by": 0, "event": "bus"}, "event", "literal_error"),
        ({"by": True}, "by", "int_type"),
        ({"by": 0, "honk": 1}, "honk", "extra_forbidden"),
    ],
)
def test_bad_entries_name_the_field_and_the_reason(deal, path, code):
    with pytest.raises(DealRejected) as rejected:
        GAME.score(GAME.start(table=THREE), deal)
    assert (path, code) in [(e.path, e.code) for e in rejected.value.errors]


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players):
    """§37 (l.2564): the game suits 2–5 players."""
    with pytest.raises(SetupRejected):
        GAME.start(table=Table(tuple(range(players))))


def test_a_target_must_be_positive():
    from games.engine import OptionsRejected

    with pytest.raises(OptionsRejected) as rejected:
        GAME.start({"target": 0})
    assert rejected.value.errors[0].path == "options.target"
