"""Sneaky Pete (003_9dd84d89b2055bb7.txt): every number in the text, each branch."""

from __future__ import annotations

import pytest

from games.engine import DealRejected, SetupRejected, Table, get_game
from games.engine.cards import RANKS, parse_card
from games.engine.errors import OptionsRejected
from games.engine.serialize import folded_to_json
from games.rules.sneaky_pete import (
    CARD_POINTS,
    REQUIREMENTS,
    SneakyPete,
    hand_points,
    requirement,
)

GAME = SneakyPete()
TWELVE = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"  # a full, unmelded hand: 5 × 7 + 10 × 5


def start(players: int = 4, **options):
    return GAME.start(options, Table(tuple(range(players))))


def at_hand(number: int, players: int = 4, **options):
    """The state before hand ``number`` (earlier hands: seat 0 out, 5 each)."""
    state = start(players, **options)
    for _ in range(number - 1):
        raw = {"mode": "totals", "went_out": 0, "points": [0] + [5] * (players - 1)}
        state = GAME.advance(state, GAME.score(state, raw))
    return state


def score(raw: dict, state=None, **options):
    return GAME.score(state or start(**options), raw)


def errors(raw: dict, state=None, **options) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, state, **options)
    return {e.code: e.path for e in rejected.value.errors}


def hands(*cards: str, out: int = 0) -> dict:
    """A cards-mode hand: ``cards`` per seat, the seat ``out`` empty."""
    return {"went_out": out, "players": [{"hand": c} for c in cards]}


def run(cards: str) -> dict:
    return {"kind": "run", "cards": cards}


def set_(cards: str) -> dict:
    return {"kind": "set", "cards": cards}


def with_melds(number: int, melds: list[dict], **options) -> dict[str, str] | None:
    """Score hand ``number`` where seat 0 went out with ``melds``; the errors or
    ``None``."""
    raw = {
        "went_out": 0,
        "players": [{"melds": melds}, {"hand": "5H"}, {"hand": "6H"}, {"hand": "7H"}],
    }
    try:
        score(raw, at_hand(number, **options))
    except DealRejected as rejected:
        return {e.code: e.path for e in rejected.errors}
    return None


# -- Points -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        ("Jo", 50),  # Joker = 50
        ("A", 20),  # Ace = 20
        *((r, 10) for r in ("9", "10", "J", "Q", "K")),  # 9-K = 10
        *((r, 5) for r in ("2", "3", "4", "5", "6", "7", "8")),  # 2-8 = 5
    ],
)
def test_card_points(rank, points):
    """Points: joker 50, ace 20, 9 to king 10, 2 to 8 five."""
    assert CARD_POINTS[rank] == points
    card = parse_card("Jo" if rank == "Jo" else f"{rank}S")
    assert hand_points([card]) == points


def test_every_rank_has_a_value():
    assert set(CARD_POINTS) == {*RANKS, "Jo"}


# -- the seven hands ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "sets", "runs"),
    [(1, 1, 1), (2, 2, 0), (3, 0, 2), (4, 2, 1), (5, 1, 2), (6, 3, 0), (7, 0, 3)],
)
def test_requirement_for_each_hand(hand, sets, runs):
    """ "Requirement to meld for each hand": 1 set 1 run … 7: 3 runs."""
    need = requirement(hand)
    assert (need.sets, need.runs) == (sets, runs)
    assert len(REQUIREMENTS) == 7


def test_seven_hands_are_played_and_the_most_points_lose():
    """ "Seven hands are played"; "the player with the most points loses"."""
    state = start()
    per_hand = [[0, 35, 10, 5], [20, 0, 15, 5], [10, 10, 0, 5]] + [[0, 5, 5, 5]] * 4
    for i, points in enumerate(per_hand, 1):
        assert not state.finished
        out = points.index(0)
        state = GAME.advance(
            state,
            GAME.score(state, {"mode": "totals", "went_out": out, "points": points}),
        )
        assert state.deal_number == i + 1
    assert state.finished
    assert state.totals == (30, 65, 45, 35)
    assert state.winners == (0,)
    with pytest.raises(DealRejected):
        GAME.score(state, {"mode": "totals", "went_out": 0, "points": [0, 5, 5, 5]})


def test_players_level_on_fewest_points_share_the_win():
    """Nothing in the text breaks a tie for the fewest points: they share the win."""

    def hand(out: int, points: list[int]) -> dict:
        return {"mode": "totals", "went_out": out, "points": points}

    level = GAME.fold(
        [hand(0, [0, 10, 10]), hand(1, [10, 0, 10])]
        + [hand(0, [0, 5, 5]), hand(1, [5, 0, 5])] * 2
        + [hand(2, [5, 5, 0])],
        {},
        Table((0, 1, 2)),
    )
    assert level.totals == (25, 25, 40)
    assert level.finished
    assert level.winners == (0, 1)
    one = GAME.fold(
        [
            hand(0, [0, 10, 10]),
            hand(1, [10, 0, 10]),
            hand(2, [10, 10, 0]),
            hand(0, [0, 5, 5]),
            hand(1, [5, 0, 5]),
            hand(2, [5, 5, 0]),
            hand(0, [0, 20, 20]),
        ],
        {},
        Table((0, 1, 2)),
    )
    assert one.totals == (30, 50, 50)
    assert one.winners == (0,)


def test_leaders_are_the_lowest_totals():
    folded = GAME.fold([{"mode": "totals", "went_out": 2, "points": [35, 20, 0, 20]}])
    assert folded.leaders == (2,)
    assert GAME.fold([]).leaders == ()


def test_next_deal_names_the_hand_and_its_requirement():
    folded = GAME.fold([])
    assert folded.next_deal.number == 1
    assert folded.next_deal.notes[0] == "Hand 1 of 7: meld 1 set and 1 run."
    assert folded.state.requirement == requirement(1)
    later = GAME.fold([{"mode": "totals", "went_out": 0, "points": [0, 5, 5, 5]}] * 6)
    assert later.next_deal.notes[0] == "Hand 7 of 7: meld 3 runs."
    assert any("No discard" in n for n in later.next_deal.notes)
    assert later.state.requirement == requirement(7)
    assert folded_to_json(later)["state"]["requirement"] == {"sets": 0, "runs": 3}
    done = GAME.fold([{"mode": "totals", "went_out": 0, "points": [0, 5, 5, 5]}] * 7)
    assert done.next_deal is None
    assert done.state.requirement is None


def test_the_deal_passes_to_the_left():
    """The text names no dealer: the deal passes clockwise, the player on the
    dealer's left plays first."""
    folded = GAME.fold(
        [{"mode": "totals", "went_out": 0, "points": [0, 5, 5]}] * 4,
        {},
        Table((0, 1, 2), first_dealer=1),
    )
    assert folded.next_deal.dealer == (1 + 4) % 3
    assert folded.next_deal.starting_seat == (1 + 5) % 3


# -- scoring a hand from the cards --------------------------------------------------


def test_hand_scored_from_the_cards_left():
    """ "The points for the cards still held by other players are totaled"."""
    result = score(hands("", "AH 9C 4D", "Jo 2S", "KS KD QH 3C", out=0))
    # 20 + 10 + 5 = 35; 50 + 5 = 55; 10 + 10 + 10 + 5 = 35
    assert result.points == (0, 35, 55, 35)
    assert result.verified
    assert [f.code for f in result.facts] == [
        "went_out",
        "cards_left",
        "cards_left",
        "cards_left",
    ]
    assert result.facts[2].text == "player 3: 2 cards left, 55"
    assert result.detail["went_out"] == 0
    assert result.detail["requirement"] == {"sets": 1, "runs": 1}


def test_hand_of_twelve_unmelded_cards():
    result = score(
        {
            "went_out": 1,
            "players": [{"hand": TWELVE, "melds": []}, {}, {"hand": "2H"}],
        },
        start(3),
    )
    assert result.points == (85, 0, 5)
    assert [f.code for f in result.facts if f.side == 0] == ["cards_left", "not_melded"]


def test_totals_entry_is_not_verified():
    result = score({"mode": "totals", "went_out": 3, "points": [35, 10, 120, 0]})
    assert result.points == (35, 10, 120, 0)
    assert not result.verified


@pytest.mark.parametrize(
    ("points", "out", "expected"),
    [
        ([5, 5, 10, 5], 0, {"points_for_going_out": "points.0"}),
        ([0, 0, 10, 5], 0, {"no_cards_left": "points.1"}),
        ([0, 12, 10, 5], 0, {"not_a_multiple_of_5": "points.1"}),
        ([0, 5, 5], 0, {"wrong_player_count": "points"}),
        ([0, 5, 5, 5], 4, {"bad_seat": "went_out"}),
        ([0, -5, 5, 5], 0, {"greater_than_equal": "points.1"}),
    ],
)
def test_totals_entry_is_checked(points, out, expected):
    raw = {"mode": "totals", "went_out": out, "points": points}
    assert errors(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (hands("", "", "2C", "3C", out=0), {"hand_required": "players.1.hand"}),
        (
            hands("", "AH", "2C", "3C", out=1),
            {
                "cards_after_going_out": "players.1.hand",
                "hand_required": "players.0.hand",
            },
        ),
        (hands("", "AH", "2C", out=0), {"wrong_player_count": "players"}),
        (hands("", "AH", "2C", "3C", out=5), {"bad_seat": "went_out"}),
        (hands("", "AH", "2C", "XX", out=0), {"bad_card": "players.3.hand.0"}),
        (hands("", "AH", "2C", "3C") | {"mode": "bid"}, {"bad_mode": "mode"}),
        (
            hands("", "AH AH AH", "2C", "3C", out=0),
            {"too_many_copies": "players.1.hand"},
        ),
    ],
)
def test_impossible_hands_are_rejected(raw, expected):
    assert errors(raw) == expected


def test_the_deck_is_two_packs_with_jokers_by_default():
    """ "2 decks"; jokers optional: two copies of each card, four jokers."""
    assert GAME.deck_for(GAME.parse_options({})).size == 108
    five_jokers = hands("", "Jo Jo Jo", "Jo Jo", "2C", out=0)
    assert errors(five_jokers) == {"too_many_copies": "players.2.hand"}
    assert errors(hands("", "Jo", "2C", "3C"), jokers_per_deck=0) == {
        "card_not_in_deck": "players.1.hand"
    }
    assert score(hands("", "Jo Jo", "2C", "3C"), jokers_per_deck=1).points[1] == 100


def test_three_decks_hold_a_third_copy():
    """ "Can use 3 decks if more people"."""
    raw = hands("", "AH AH", "AH", "2C", out=0)
    assert errors(raw) == {"too_many_copies": "players.2.hand"}
    assert score(raw, decks=3).points == (0, 40, 20, 5)
    assert GAME.deck_for(GAME.parse_options({"decks": 3})).size == 162


@pytest.mark.parametrize(
    "options", [{"decks": 4}, {"jokers_per_deck": 3}, {"round_the_corner": "x"}]
)
def test_options_are_checked(options):
    with pytest.raises(OptionsRejected):
        GAME.start(options)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_three_to_eight_players_each_for_themselves(players):
    state = GAME.start({}, Table(tuple(range(players))))
    assert state.totals == (0,) * players


@pytest.mark.parametrize("seats", [(0, 1), tuple(range(9)), (0, 1, 0, 1)])
def test_other_tables_are_refused(seats):
    with pytest.raises(SetupRejected):
        GAME.start({}, Table(seats))


# -- melds (optional card entry) ----------------------------------------------------


def test_set_and_run_examples_of_the_text():
    """ "Set = three of a kind (e.g., three eights). Run = four in a row, same suit
    (e.g., 4-5-6-7 of hearts)"; hand 1 asks for one of each."""
    assert with_melds(1, [set_("8S 8D 8C"), run("4D 5D 6D 7D")]) is None


def test_run_with_a_break_and_a_set_with_the_eight_of_hearts():
    """Runs: "4-5-6-7 of hearts as a run plus 9-10-J-Q of hearts" (hand 3, two
    runs); Melding restriction: a set may hold the eight of hearts next to a
    4-5-6-7♥ run (hand 5: one set, two runs)."""
    assert with_melds(3, [run("4D 5D 6D 7D"), run("9D 10D JD QD")]) is None
    assert (
        with_melds(5, [run("4D 5D 6D 7D"), run("9D 10D JD QD"), set_("8D 8S 8C")])
        is None
    )


def test_seventh_hand_two_runs_of_four_and_one_of_five():
    """Hand 7: "3 runs—no discard—basically, 2 runs of four cards and 1 run of five
    cards": thirteen cards melded."""
    melds = [run("2S 3S 4S 5S"), run("9D 10D JD QD"), run("6C 7C 8C 9C 10C")]
    assert with_melds(7, melds) is None
    assert sum(len(m["cards"].split()) for m in melds) == 13


def test_melds_grow_with_cards_others_added():
    assert with_melds(1, [set_("8S 8D 8C 8S Jo"), run("2D 3D 4D 5D 6D 7D 8D")]) is None


@pytest.mark.parametrize(
    "cards",
    ["AD 2D 3D 4D", "JD QD KD AD", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"],
)
def test_aces_are_high_low_or_both(cards):
    """ "Aces are high/low/both"."""
    assert with_melds(3, [run(cards), run("5S 6S 7S 8S")]) is None


@pytest.mark.parametrize(
    "cards", ["4D Jo 6D 7D", "Jo Jo 6D 7D", "4D 5D 6D Jo", "Jo 3D 4D 5D", "Jo QD KD AD"]
)
def test_jokers_are_wild_in_runs(cards):
    """ "Jokers may be used in order to meld"."""
    assert with_melds(3, [run(cards), run("5S 6S 7S 8S")]) is None


def test_round_the_corner_is_an_option():
    melds = [run("QD KD AD 2D"), run("5S 6S 7S 8S")]
    assert with_melds(3, melds) == {"not_in_a_row": "players.0.melds.0.cards"}
    assert with_melds(3, melds, round_the_corner=True) is None
    corner_joker = [run("KD Jo 2D 3D"), run("5S 6S 7S 8S")]
    assert with_melds(3, corner_joker, round_the_corner=True) is None
    gap = [run("KD 2D 4D 5D"), run("5S 6S 7S 8S")]
    assert with_melds(3, gap, round_the_corner=True) == {
        "not_in_a_row": "players.0.melds.0.cards"
    }


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        (set_("8S 8D"), "set_too_short"),
        (set_("8S 8D 9C"), "mixed_ranks"),
        (set_("Jo Jo Jo"), "no_natural_card"),
        (run("4D 5D 6D"), "run_too_short"),
        (run("4D 5D 6S 7D"), "mixed_suits"),
        (run("4D 5D 5D 6D"), "repeated_rank"),
        (run("4D 5D 7D 9D"), "not_in_a_row"),
        (run("KD AD 2D 3D"), "not_in_a_row"),
        (run("4D Jo 7D 8D"), "not_in_a_row"),
    ],
)
def test_bad_melds_are_rejected(meld, code):
    other = run("9S 10S JS QS") if meld["kind"] == "set" else set_("9S 9H 9C")
    assert with_melds(1, [meld, other]) == {code: "players.0.melds.0.cards"}


@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        (1, [set_("8S 8D 8C"), set_("9S 9D 9C")]),
        (2, [set_("8S 8D 8C")]),
        (
            4,
            [
                set_("8S 8D 8C"),
                set_("9S 9D 9C"),
                set_("10S 10D 10C"),
                run("2C 3C 4C 5C"),
            ],
        ),
        (7, [run("2S 3S 4S 5S"), run("9D 10D JD QD")]),
    ],
)
def test_melds_are_the_requirement_exactly(hand, melds):
    """ "Can only meld when have entire requirement"; "cannot put down any additional
    runs or sets"."""
    assert with_melds(hand, melds) == {"requirement_not_met": "players.0.melds"}


def test_going_out_needs_melding():
    assert with_melds(1, []) == {"out_without_melding": "players.0.melds"}


def test_melded_cards_count_against_the_deck():
    melds = [set_("8S 8S 8S"), run("4D 5D 6D 7D")]
    assert with_melds(1, melds) == {"too_many_copies": "players.0.melds.0.cards"}


def test_a_player_who_has_not_melded_holds_twelve_cards_or_more():
    short = {
        "went_out": 0,
        "players": [{}, {"hand": "2C 3C", "melds": []}, {"hand": "4H"}, {"hand": "5H"}],
    }
    assert errors(short) == {"too_few_cards_unmelded": "players.1.hand"}
    # With penalty cards (boinging) a hand holds more than twelve.
    long = {
        "went_out": 0,
        "players": [
            {},
            {"hand": TWELVE + " AS AS", "melds": []},
            {"hand": "4H"},
            {"hand": "5H"},
        ],
    }
    assert score(long).points == (0, 125, 5, 5)


def test_every_error_is_reported():
    raw = {
        "went_out": 0,
        "players": [
            {"hand": "2C", "melds": [set_("8S 8D")]},
            {},
            {"hand": "XX"},
            {"hand": "3C"},
        ],
    }
    with pytest.raises(DealRejected) as rejected:
        score(raw)
    assert {e.code for e in rejected.value.errors} == {"bad_card"}
    raw["players"][2] = {"hand": "4C"}
    with pytest.raises(DealRejected) as rejected:
        score(raw)
    assert {(e.code, e.path) for e in rejected.value.errors} == {
        ("cards_after_going_out", "players.0.hand"),
        ("set_too_short", "players.0.melds.0.cards"),
        ("requirement_not_met", "players.0.melds"),
        ("hand_required", "players.1.hand"),
    }


# -- the interface ------------------------------------------------------------------


def test_registered_and_schemas_export():
    assert get_game("sneaky-pete") is not None
    assert get_game("sneaky-pete").lower_totals_win
    schema = GAME.deal_schema()
    assert "cards" in str(schema) and "totals" in str(schema)
    options = GAME.options_schema()["properties"]
    assert options["decks"]["default"] == 2
    assert options["jokers_per_deck"]["default"] == 2
    assert options["round_the_corner"]["default"] is False


def test_the_documented_example():
    """docs/games/sneaky-pete.md: hand 4 at a table of four."""
    state = at_hand(4)
    raw = {
        "went_out": 2,
        "players": [
            {"hand": "AH 9C 4D"},
            {"hand": "Jo 2S"},
            {
                "melds": [
                    {"kind": "set", "cards": "8H 8S 8C"},
                    {"kind": "set", "cards": "KD KC Jo"},
                    {"kind": "run", "cards": "4H 5H 6H 7H 8H"},
                ]
            },
            {"hand": TWELVE, "melds": []},
        ],
    }
    result = GAME.score(state, raw)
    assert result.points == (35, 55, 0, 85)
    assert state.totals == (0, 15, 15, 15)
