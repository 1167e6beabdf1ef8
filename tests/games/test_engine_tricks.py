"""The trick-taking family's machinery (games/engine/tricks.py).

Book references are to ``001_b57793035adc3f64.txt``: Marjapussi §7.3, Minibridge
§11.5, Huutopussi §12.2/§12.5, Historical Skruuvi §17.2/§17.4.2, Vint §18.3.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import Card, Suit, parse_cards
from games.engine.decks import PIQUET_36, STANDARD_52
from games.engine.tricks import (
    ACES,
    HUUTOPUSSI_CARD_POINTS,
    HUUTOPUSSI_TRUMPS,
    MARJAPUSSI_LITTLE_ONE,
    MARJAPUSSI_PIPS,
    MARJAPUSSI_TRUMPS,
    PARTNERS,
    AcePlace,
    Announcement,
    Contract,
    ContractTable,
    MatchOfGames,
    Rubber,
    aces_in_hand,
    announcement_points,
    check_aces,
    check_announcements,
    check_card_points,
    check_tricks_add_up,
    deal_tricks,
    outranks,
    seat_role,
    side_tricks,
    top_sequence,
    tricks_per_side,
    value_cards,
)

# -- tricks -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck_size", "players", "tricks"), [(52, 4, 13), (36, 4, 9), (36, 3, 12)]
)
def test_deal_tricks_is_the_deck_divided_among_the_players(deck_size, players, tricks):
    assert deal_tricks(deck_size, players) == tricks


def test_a_deck_that_does_not_deal_evenly_is_a_bug_not_a_rule_error():
    with pytest.raises(ValueError, match="do not deal evenly"):
        deal_tricks(50, 4)


def test_tricks_per_side_reads_an_entry_per_side_or_per_seat():
    errors: list = []
    assert tricks_per_side([6, 7], errors) == (6, 7)
    assert tricks_per_side([3, 4, 3, 3], errors) == (6, 7)
    assert tricks_per_side([1, 2, 3], errors, sides=(0, 1, 2, 0)) == (1, 2, 3)
    assert tricks_per_side([1, 2, 3, 4], errors, sides=(0, 1, 2, 0)) == (5, 2, 3)
    assert errors == []


def test_an_entry_of_another_length_is_one_bad_tricks_length_error():
    errors: list = []
    assert tricks_per_side([13, 0, 0], errors) is None
    assert [(e.path, e.code, e.message) for e in errors] == [
        (
            "tricks",
            "bad_tricks_length",
            "enter tricks per side (2 numbers) or per seat (4 numbers)",
        )
    ]


@pytest.mark.parametrize(
    ("counts", "tricks", "code", "message"),
    [
        ([6, 6], 13, "tricks_not_13", "tricks add up to 12, not 13"),
        ([5, 5], 9, "tricks_not_9", "tricks add up to 10, not 9"),
    ],
)
def test_tricks_that_do_not_add_up_are_one_error(counts, tricks, code, message):
    errors: list = []
    assert not check_tricks_add_up(counts, errors, tricks=tricks, path="deal.tricks")
    assert [(e.path, e.code, e.message) for e in errors] == [
        ("deal.tricks", code, message)
    ]


@given(
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
    st.sampled_from([9, 13]),
)
def test_side_tricks_are_returned_exactly_when_they_add_up(per_seat, tricks):
    """Per seat or per side, the sides' tricks are the seats' tricks regrouped; they
    are accepted iff they add up to the deal's tricks, else one error says so."""
    errors: list = []
    per_side = side_tricks(per_seat, errors, tricks=tricks)
    if sum(per_seat) == tricks:
        assert per_side == (per_seat[0] + per_seat[2], per_seat[1] + per_seat[3])
        assert sum(per_side) == tricks
        assert errors == []
    else:
        assert per_side is None
        assert [e.code for e in errors] == [f"tricks_not_{tricks}"]


# -- contracts --------------------------------------------------------------------


def test_a_contract_promises_level_plus_six_and_doubling_multiplies():
    contract = Contract(5, "hearts", doubling=2)
    assert contract.promised == 11
    assert contract.multiplier == 4
    assert Contract(7, "no_trump").multiplier == 1
    assert Contract(6, "spades", doubling=1).multiplier == 2
    assert contract.made(11) and not contract.made(10)
    assert contract.missing(8) == 3 and contract.missing(12) == 0
    assert contract.overtricks(13) == 2 and contract.overtricks(10) == 0


def test_bids_outrank_by_level_then_strain():
    assert outranks(Contract(1, "no_trump"), Contract(1, "spades"))
    assert outranks(Contract(2, "clubs"), Contract(1, "no_trump"))
    assert not outranks(Contract(3, "clubs"), Contract(3, "diamonds"))


MINIBRIDGE = ContractTable(
    (
        (1, {7: 10, 9: 40, 10: 40, 11: 40, 12: 100}),
        (6, {7: 10, 9: 60, 10: 60, 11: 60, 12: 150}),
    )
)


@pytest.mark.parametrize(
    ("promised", "deal", "points"),
    [(7, 1, 10), (9, 5, 40), (9, 6, 60), (11, 10, 60), (12, 3, 100), (12, 7, 150)],
)
def test_a_contract_table_reads_its_column_by_deal_number(promised, deal, points):
    """Minibridge §11.5: "in the beginning" for deals 1–5, "in the end" later."""
    assert MINIBRIDGE.value(promised, deal) == points
    assert promised in MINIBRIDGE and 8 not in MINIBRIDGE


def test_the_minibridge_example_of_a_missed_contract():
    """§11.5: promise 9, outcome 7: the declarer loses (9 − 7) × 5 in deals 1–5."""
    contract = Contract(9, "hearts", book=0)
    assert contract.missing(7) * 5 == 10


def test_the_vint_example_of_a_made_seven():
    """§18.3.1: a made seven scores 10000 + 1000 (12 tricks) + 1000 (13 tricks)."""
    contract = Contract(7, "spades")
    assert contract.promised == 13 and contract.made(13)
    bonuses = ContractTable(((1, {6: 5000, 7: 10000}),))
    assert bonuses.value(7) + 1000 + 1000 == 12000


@pytest.mark.parametrize(
    "columns", [(), ((2, {}),), ((1, {}), (1, {})), ((1, {}), (0, {}))]
)
def test_a_contract_table_starts_at_deal_one_in_order(columns):
    with pytest.raises(ValueError, match="start at deal 1"):
        ContractTable(columns)


# -- card points ------------------------------------------------------------------


def test_marjapussi_pips_of_the_36_card_deck_are_120():
    """§7.3: ace 11, ten 10, king 4, queen 3, jack 2; others none."""
    assert MARJAPUSSI_PIPS.of(parse_cards("AS 10S KS QS JS 9S 8S 7S 6S")) == 30
    assert MARJAPUSSI_PIPS.deck_total(PIQUET_36) == 120
    assert MARJAPUSSI_PIPS.deal_total(PIQUET_36) == 120  # the last trick is no pips


def test_huutopussi_card_points_are_140_and_the_last_trick_20():
    """§12.5: ace and ten 10, king, queen, jack 5; the last trick 20 more."""
    assert HUUTOPUSSI_CARD_POINTS.of(parse_cards("AH 10H KH QH JH 9H")) == 35
    assert HUUTOPUSSI_CARD_POINTS.deck_total(PIQUET_36) == 140
    assert HUUTOPUSSI_CARD_POINTS.deal_total(PIQUET_36) == 160


def test_the_highest_huutopussi_bid_is_every_card_point_and_every_announcement():
    """§12.2: the highest bid is 440 = 160 card points + 40 + 60 + 80 + 100."""
    every_suit = [Announcement(suit, 0) for suit in Suit]
    announced = announcement_points(every_suit, HUUTOPUSSI_TRUMPS)
    assert HUUTOPUSSI_CARD_POINTS.deal_total(PIQUET_36) + announced[0] == 440


@given(
    st.lists(st.integers(0, 1), min_size=36, max_size=36),
    st.sampled_from([MARJAPUSSI_PIPS, HUUTOPUSSI_CARD_POINTS]),
    st.integers(0, 1),
)
def test_card_points_of_the_whole_deck_are_conserved_across_sides(owner, values, last):
    """However the 36 cards fall between the sides, their card points and the last
    trick's bonus add up to the deal's total (Marjapussi 120, Huutopussi 160)."""
    deck = sorted(PIQUET_36.copies, key=lambda c: c.code)
    won = [
        [c for c, side in zip(deck, owner, strict=True) if side == s] for s in (0, 1)
    ]
    points = values.sides(won, last)
    assert sum(points) == values.deal_total(PIQUET_36)
    errors: list = []
    assert check_card_points(points, values, PIQUET_36, errors)
    assert errors == []


def test_card_points_that_do_not_add_up_are_an_error():
    errors: list = []
    assert not check_card_points([70, 80], HUUTOPUSSI_CARD_POINTS, PIQUET_36, errors)
    assert [(e.path, e.code) for e in errors] == [
        ("card_points", "card_points_do_not_add_up")
    ]
    assert "150, not 160" in errors[0].message


def test_no_tricks_means_no_last_trick_bonus():
    assert HUUTOPUSSI_CARD_POINTS.sides([[], []], None) == (0, 0)


# -- announcements ----------------------------------------------------------------


def test_marjapussi_announcements_score_two_for_trumps_one_per_little_one():
    """§7.3: trumps 2, each little one 1 — at most 2 + 3 = 5 for announcing."""
    made = [
        Announcement(Suit.HEARTS, 0),
        Announcement(Suit.SPADES, 1, trumps=False),
        Announcement(Suit.CLUBS, 0, trumps=False),
        Announcement(Suit.DIAMONDS, 0, trumps=False),
    ]
    errors: list = []
    check_announcements(made, errors, one_trump=True, side_tricks=(5, 4))
    assert errors == []
    points = announcement_points(
        made, MARJAPUSSI_TRUMPS, little_one=MARJAPUSSI_LITTLE_ONE
    )
    assert points == (4, 1)


def test_announcement_errors_name_every_wrong_announcement():
    made = [
        Announcement(Suit.HEARTS, 0, trumps=False),
        Announcement(Suit.SPADES, 1),
        Announcement(Suit.CLUBS, 1),
        Announcement(Suit.SPADES, 1, trumps=False),
    ]
    errors: list = []
    check_announcements(made, errors, one_trump=True, side_tricks=(9, 0))
    assert [(e.path, e.code) for e in errors] == [
        ("announcements.0", "little_one_before_trumps"),
        ("announcements.1", "announcement_without_trick"),
        ("announcements.2", "second_trump_announcement"),
        ("announcements.2", "announcement_without_trick"),
        ("announcements.3", "suit_announced_twice"),
        ("announcements.3", "announcement_without_trick"),
    ]


@given(st.lists(st.tuples(st.sampled_from(list(Suit)), st.integers(0, 1)), max_size=8))
def test_each_suit_is_announced_at_most_once(made):
    """One ``suit_announced_twice`` error per repeat of a suit, none otherwise."""
    announcements = [Announcement(suit, side) for suit, side in made]
    errors: list = []
    check_announcements(announcements, errors)
    repeats = len(made) - len({suit for suit, _ in made})
    assert [e.code for e in errors] == ["suit_announced_twice"] * repeats


# -- aces -------------------------------------------------------------------------


def _aces(*places: tuple[str, int, int]) -> list[AcePlace]:
    return [AcePlace(card=c, trick=t, seat=s) for c, t, s in places]


def test_four_aces_placed_once_sum_their_trick_numbers_by_side():
    errors: list = []
    aces = check_aces(
        _aces(("AS", 1, 0), ("AH", 5, 1), ("AD", 5, 1), ("AC", 13, 2)),
        errors,
        group_of=PARTNERS,
        group_tricks={0: 6, 1: 7},
        group_name={0: "side 0", 1: "side 1"},
    )
    assert errors == []
    assert aces.won_by(PARTNERS, 0) == 14
    assert aces.won_by(PARTNERS, 1) == 10
    assert len(ACES) == 4


def test_ace_errors_are_all_reported_at_their_paths():
    errors: list = []
    aces = check_aces(
        _aces(("AS", 1, 0), ("AS", 2, 1), ("KH", 2, 3)),
        errors,
        group_of=PARTNERS,
        group_tricks={0: 6, 1: 7},
        group_name={0: "side 0", 1: "side 1"},
    )
    assert aces is None
    assert [(e.path, e.code) for e in errors] == [
        ("aces", "four_aces"),
        ("aces.1.card", "ace_twice"),
        ("aces.2.card", "not_an_ace"),
        ("aces.2.seat", "trick_two_winners"),
    ]


def test_nobody_wins_more_ace_tricks_than_tricks():
    errors: list = []
    check_aces(
        _aces(("AS", 1, 0), ("AH", 2, 0), ("AD", 3, 1), ("AC", 4, 1)),
        errors,
        group_of=PARTNERS,
        group_tricks={0: 1, 1: 12},
        group_name={0: "side 0", 1: "side 1"},
    )
    assert [(e.code, e.message) for e in errors] == [
        (
            "more_ace_tricks_than_tricks",
            "side 0 won 1 trick but aces fell in 2 tricks won there",
        )
    ]


def test_a_seat_field_is_marked_as_a_seat_in_the_json_schema():
    schema = AcePlace.model_json_schema()
    assert schema["properties"]["seat"]["x-role"] == "seat"
    assert schema["properties"]["seat"]["x-seat-role"] == "trick_winner"
    assert seat_role("declarer").json_schema_extra == {
        "x-role": "seat",
        "x-seat-role": "declarer",
    }


# -- honours ----------------------------------------------------------------------


def test_historical_skruuvi_value_cards_count_the_trump_ace_twice():
    """§17.4.2: aces and trumps 10–A are value cards, the trump ace two of them;
    in no trump only aces count."""
    cards = parse_cards("AH KH 10H 9H AS QS")
    assert value_cards(cards, Suit.HEARTS) == 2 + 1 + 1 + 1
    assert value_cards(cards, Suit.SPADES) == 1 + 2 + 1
    assert value_cards(cards, None) == 2


def test_every_deck_holds_the_same_value_cards_per_trump_suit():
    """A whole deck: 4 aces + 1 more for the trump ace + trumps 10–K = 9 units."""
    deck = list(STANDARD_52.copies)
    assert {value_cards(deck, suit) for suit in Suit} == {9}
    assert value_cards(deck, None) == 4


def test_sequences_and_aces_in_one_hand():
    """Vint §18.3.2: AKQ is a sequence (500), AKQJ a longer one (1000); three or
    four aces in one hand score."""
    hand = parse_cards("AS KS QS JS 9S AH QH AD AC")
    assert top_sequence(hand, Suit.SPADES) == 4
    assert top_sequence(hand, Suit.HEARTS) == 1
    assert top_sequence(hand, Suit.CLUBS) == 1
    assert top_sequence(parse_cards("KD QD JD"), Suit.DIAMONDS) == 0
    assert aces_in_hand(hand) == 4


# -- games and rubbers ------------------------------------------------------------


def test_a_game_is_won_at_the_target_and_points_start_again():
    rubber = Rubber(game_target=60)
    rubber, game = rubber.score((40, 12))
    assert game is None and rubber.toward == (40, 12)
    rubber, game = rubber.score((24, 30))
    assert game == 0 and rubber.toward == (0, 0) and rubber.games == (0,)
    assert not rubber.finished


def test_when_both_reach_the_target_the_first_to_get_there_wins_the_game():
    """§17.2: both teams reach 60 in one deal: the first to get there wins."""
    rubber = Rubber(game_target=60, toward=(50, 55))
    _, game = rubber.score((20, 10), first=1)
    assert game == 1
    _, game = rubber.score((20, 10))
    assert game == 0  # without who was first: the side further past


def test_the_rubber_is_two_games_won():
    rubber = Rubber(game_target=500)
    for points in [(500, 0), (0, 600), (510, 0)]:
        rubber, _ = rubber.score(points)
    assert rubber.games == (0, 1, 0)
    assert rubber.finished and rubber.winner == 0
    assert rubber.games_won(0) == 2 and rubber.games_won(1) == 1
    with pytest.raises(ValueError, match="already won"):
        rubber.score((10, 10))


@given(st.lists(st.tuples(st.integers(0, 130), st.integers(0, 130)), max_size=60))
def test_a_rubber_ends_the_moment_a_side_has_won_two_games(deals):
    """Every game has one winner, points toward a game are below the target, and the
    rubber is over after two wins by a side (so after two or three games)."""
    rubber = Rubber(game_target=60)
    for points in deals:
        if rubber.finished:
            break
        before = len(rubber.games)
        rubber, game = rubber.score(points)
        assert (game is None) == (len(rubber.games) == before)
        assert all(t < 60 for t in rubber.toward)
    assert len(rubber.games) <= 3
    if rubber.finished:
        assert rubber.games_won(rubber.winner) == 2
        assert rubber.games[-1] == rubber.winner
    else:
        assert all(rubber.games_won(s) < 2 for s in (0, 1))


def test_the_kotkas_after_the_rubber_win_a_game_only_in_one_deal():
    """§17.2: after the rubber, four kotkas; a game only for 60 in one deal."""
    match = MatchOfGames(Rubber(60, games=(0, 0)), extra_deals=4)
    assert match.in_extra_deals and not match.finished
    match, game = match.score((50, 10))
    assert game is None
    match, game = match.score((20, 70))
    assert game == 1
    match, _ = match.score((60, 60), first=0)
    match, _ = match.score((0, 0))
    assert match.finished
    assert match.games_won(0) == 3 and match.games_won(1) == 1
    with pytest.raises(ValueError, match="already finished"):
        match.score((0, 0))


def test_a_match_of_games_starts_with_its_rubber():
    match = MatchOfGames(Rubber(60), extra_deals=4)
    match, game = match.score((60, 0))
    assert game == 0 and match.rubber.games == (0,) and match.extra_played == 0


def test_card_is_interned_so_aces_compare_by_identity():
    assert Card("A", Suit.SPADES) in ACES


def test_deal_aces_are_checked_against_the_tricks_as_entered():
    """check_deal_aces: per seat when the tricks are per seat, per side
    otherwise; misere_minus is a side's tricks plus its aces' trick numbers."""
    from games.engine.tricks import AcePlace, check_deal_aces, misere_minus

    places = [
        AcePlace(card=Card("A", suit), trick=t, seat=s)
        for suit, (t, s) in zip(Suit, [(1, 0), (2, 2), (3, 1), (13, 3)], strict=True)
    ]
    errors: list = []
    aces = check_deal_aces(places, errors, entry=(6, 7), per_side=(6, 7))
    assert errors == [] and misere_minus((6, 7), aces) == (6 + 1 + 2, 7 + 3 + 13)
    aces = check_deal_aces(places, errors, entry=(3, 4, 0, 6), per_side=(3, 10))
    assert aces is None
    assert [(e.code, "player 3" in e.message) for e in errors] == [
        ("more_ace_tricks_than_tricks", True)
    ]


def test_the_cards_won_are_whole_tricks_of_the_whole_deck():
    from games.engine.tricks import check_won_cards

    deck = sorted(PIQUET_36.copies, key=lambda c: c.code)
    errors: list = []
    assert check_won_cards([deck[:20], deck[20:]], PIQUET_36, errors)
    assert check_won_cards([deck, []], PIQUET_36, errors) and errors == []
    assert not check_won_cards(
        [deck[:19], [*deck[19:], deck[0]]], PIQUET_36, errors, section="§12.1"
    )
    assert [(e.path, e.code) for e in errors] == [
        ("cards.0", "cards_not_whole_tricks"),
        ("cards.1", "cards_not_whole_tricks"),
        ("cards.1", "too_many_copies"),
        ("cards", "cards_not_36"),
    ]
    assert errors[-1].message.endswith("(§12.1)")
