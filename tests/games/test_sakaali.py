"""Sakaali (001_b57793035adc3f64.txt §39): every number of 39.4 and each branch."""

from __future__ import annotations

import pytest

from games.engine import DealRejected, OptionsRejected, SetupRejected, Table
from games.engine.serialize import folded_to_json
from games.rules.sakaali import REACHABLE_CARD_POINTS, Sakaali, team_hand

GAME = Sakaali()

# Ten cards that lose nothing (three 3s, three 4s, four 5s) and ten of side 1's that
# do not clash with them.
ALL_SETS = ["3S 3H 3D 4S 4H", "4D 5S 5H 5D 5C"]


def score(raw: dict, state=None, **options):
    return GAME.score(state or GAME.start(options), raw)


def errors(raw: dict, state=None, **options) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, state, **options)
    return {e.code: e.path for e in rejected.value.errors}


def cards_deal(side_0: list[str] | str, side_1: list[str] | str, **extra) -> dict:
    def team(cards):
        return {"cards": cards} if isinstance(cards, str) else {"hands": cards}

    return {"teams": [team(side_0), team(side_1)], **extra}


def totals(a: int, b: int, **extra) -> dict:
    return {"mode": "totals", "card_points": [a, b], **extra}


# -- 39.4 card points, the book's own numbers ---------------------------------------


@pytest.mark.parametrize(
    ("cards", "lost"),
    [
        # "Cards in a four of a kind or a three of the kind give no minus card points."
        ("7S 7H 7D 7C 8S 8H 8D 9S 9H 9D", 0),
        # "Each pair gives 25 minus card points."
        ("7S 7H 7D 7C 8S 8H 8D 9S 9H 10D", 25 + 10 + 20),
        ("7S 7H 7D 8S 8H 8D 9S 9H 10S 10H", 25 + 25),
        # "Each single card … gives the value of the card (ace=1, two=2, …,
        # king=13) plus 20"
        ("7S 7H 7D 8S 8H 8D 9S 9H 9D AS", 1 + 20),
        ("7S 7H 7D 8S 8H 8D 9S 9H 9D 2S", 2 + 20),
        ("7S 7H 7D 8S 8H 8D 9S 9H 9D JS", 11 + 20),
        ("7S 7H 7D 8S 8H 8D 9S 9H 9D QS", 12 + 20),
        ("7S 7H 7D 8S 8H 8D 9S 9H 9D KS", 13 + 20),
        # Ten singles: 1 + 2 + … + 10 + 10 × 20.
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", 55 + 200),
    ],
)
def test_card_points_of_a_ten_card_hand(cards, lost):
    """39.4: sets 0, a pair 25, a single its value (ace 1 … king 13) + 20."""
    result = score(cards_deal(cards, "2H 2D 2C 3H 3D 3C 4H 4D 4C 5D"))
    assert result.detail["card_points"][0] == lost


def test_facts_name_every_group():
    hand = team_hand(
        GAME.parse_deal(cards_deal("7S 7H 7D 7C KS KH AS 2S 2H QD", ALL_SETS))
        .teams[0]
        .cards,
        0,
    )
    assert [f.text for f in hand.facts] == [
        "single ace: 21",
        "pair of 2s: 25",
        "four 7s: 0",
        "single queen: 32",
        "pair of kings: 25",
    ]
    assert hand.card_points == 21 + 25 + 32 + 25


# -- 39.4 game points ---------------------------------------------------------------


def test_winner_gets_the_difference_plus_20():
    """39.4: 'The team with fewer minus card points wins as game points the
    difference of minus card points, plus 20 game points … The other team gets no
    game points.'"""
    # Side 0: pair of 7s (25) + single king (33) = 58; side 1: single ace (21).
    result = score(
        cards_deal(
            ["7S 7H 8S 8H 8D", "9S 9H 9D 9C KS"],
            ["AS 2H 2D 2C 3S", "3H 3D 4S 4H 4D"],
        )
    )
    assert result.detail["card_points"] == [58, 21]
    assert result.points == (0, 58 - 21 + 20)
    assert (
        result.facts[-1].text == "side 2 wins the deal: 58 − 21 = 37, + 20 bonus = 57"
    )


def test_all_in_sets_adds_30():
    """39.4: 'If the winning team got all their cards in three of a kinds and four
    of a kinds, the team gets additional 30 game points.'"""
    result = score(cards_deal(ALL_SETS, "7S 7H 8S 8H 8D 9S 9H 9D 9C KS"))
    assert result.points == (58 + 20 + 30, 0)
    assert [f.code for f in result.facts[-2:]] == ["deal_won", "all_in_sets"]
    assert result.detail["all_in_sets"] is True


def test_a_tie_carries_the_bonus_and_so_on():
    """39.4: 'If a deal is a tie, the 20 game point bonus for winning the deal goes
    to the next deal, so the bonus is there 40 game points and so on.'"""
    folded = GAME.fold([totals(25, 25), totals(46, 46), totals(21, 25)])
    assert [d.score.points for d in folded.deals] == [(0, 0), (0, 0), (4 + 60, 0)]
    assert folded.deals[0].score.facts[-1].text == (
        "tie at 25: no points; the winner of the next deal gets 40 bonus"
    )
    assert folded.deals[1].score.facts[-1].text.endswith("gets 60 bonus")
    assert folded.deals[2].score.detail["bonus"] == 60
    assert folded.state.bonus == 20


def test_the_bonus_is_40_after_one_tie():
    folded = GAME.fold([totals(0, 0), totals(21, 25)])
    assert folded.totals == (4 + 40, 0)


def test_tie_bonus_can_be_scored_deal_by_deal():
    """Option tie_bonus_carries false: every deal's winner gets 20."""
    folded = GAME.fold([totals(25, 25), totals(21, 25)], {"tie_bonus_carries": False})
    assert folded.totals == (24, 0)
    assert folded.deals[0].score.facts[-1].text == "tie at 25: no points"


def test_100_wins_the_game():
    """39.4: 'The team wins the game who first collects 100 game points.'"""
    folded = GAME.fold([totals(21, 46)] * 2 + [totals(0, 25)])
    # 45, 90, then 25 + 20 + 30 = 75.
    assert [d.totals for d in folded.deals] == [(45, 0), (90, 0), (165, 0)]
    assert folded.finished and folded.winners == (0,)
    assert folded.next_deal is None


def test_99_does_not_win_and_a_deal_after_the_win_is_rejected():
    folded = GAME.fold([totals(21, 79), totals(21, 62)])  # 78, then 61: 139
    assert folded.winners == (0,)
    short = GAME.fold([totals(21, 79), totals(21, 22)])  # 78 + 21 = 99
    assert short.totals == (99, 0) and not short.finished
    late = GAME.fold([totals(21, 79), totals(21, 62), totals(21, 22)])
    assert late.deals[2].errors[0].code == "match_finished"


def test_best_of_three_plays_games_to_two():
    """39.4: 'If a longer game is desired, play a best-of-three match of such
    games.' The deal that wins a game keeps its score; the next starts at 0–0."""
    win_0 = totals(0, 79)  # 79 + 20 + 30 = 129 to side 0
    win_1 = totals(79, 0)
    folded = GAME.fold([win_0, win_1, totals(21, 22), win_0], {"best_of": 3})
    assert [d.totals for d in folded.deals] == [
        (129, 0),
        (0, 129),
        (21, 0),
        (150, 0),
    ]
    assert folded.state.games_won == (2, 1)
    assert folded.finished and folded.winners == (0,)
    after_one = GAME.fold([win_0], {"best_of": 3})
    assert not after_one.finished and after_one.leaders == (0,)
    assert "Game 2 of best of 3; games 1–0." in after_one.next_deal.notes
    assert "A new game starts at 0–0." in after_one.next_deal.notes
    level = GAME.fold([win_0, win_1], {"best_of": 3})
    assert level.leaders == ()


def test_target_is_an_option():
    folded = GAME.fold([totals(21, 46)], {"target": 40})
    assert folded.winners == (0,)


# -- what is checked -----------------------------------------------------------------


def test_a_hand_is_five_cards():
    assert errors(cards_deal(["7S 7H 8S 8H", "9S 9H 9D 9C KS"], ALL_SETS[::-1])) == {
        "hand_size": "teams.0.hands.0"
    }


def test_a_team_is_ten_cards():
    assert errors(cards_deal("7S 7H 8S 8H 9S 9H 9D 9C KS", ALL_SETS)) == {
        "team_hand_size": "teams.0.cards"
    }


def test_a_card_is_entered_once_across_both_teams():
    found = errors(cards_deal(["7S 7H 8S 8H 8D", "9S 9H 9D 9C 3S"], ALL_SETS))
    assert found == {"too_many_copies": "teams.1.hands.0"}


def test_the_joker_is_not_in_the_deck():
    found = errors(cards_deal(["7S 7H 8S 8H 8D", "9S 9H 9D 9C Jo"], ALL_SETS))
    assert found == {"card_not_in_deck": "teams.0.hands.1"}


def test_hands_or_cards_but_not_both_nor_neither():
    both = {"hands": ALL_SETS, "cards": " ".join(ALL_SETS)}
    assert errors({"teams": [both, {"cards": "7S 7H 8S 8H 8D 9S 9H 9D 9C KS"}]}) == {
        "hands_and_cards": "teams.0"
    }
    assert errors({"teams": [{}, {"hands": ALL_SETS}]}) == {
        "team_cards_required": "teams.0"
    }


def test_a_bad_card_token_names_its_place():
    found = errors(cards_deal(["7S 7H 8S 8H XX", "9S 9H 9D 9C KS"], ALL_SETS))
    assert found == {"bad_card": "teams.0.hands.0.4"}


@pytest.mark.parametrize("value", [1, 20, 34, 42, 286, 1000])
def test_totals_that_no_ten_cards_lose_are_rejected(value):
    """No hand loses 1–20 (a single is worth 21 at least), nor 34–42 (two singles
    43 at least, a single and a pair 46), nor more than ten singles' 285."""
    assert errors(totals(value, 0)) == {"unreachable_card_points": "card_points.0"}


def test_reachable_card_points_by_hand():
    assert {0, 21, 25, 33, 43, 46, 50, 285} <= REACHABLE_CARD_POINTS
    assert not set(range(1, 21)) & REACHABLE_CARD_POINTS
    assert max(REACHABLE_CARD_POINTS) == 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 200


def test_totals_entry_is_unverified_and_cards_entry_verified():
    assert score(totals(21, 25)).verified is False
    assert score(cards_deal(ALL_SETS, "7S 7H 8S 8H 8D 9S 9H 9D 9C KS")).verified


def test_bad_mode_and_unknown_fields():
    assert errors({"mode": "guess"}) == {"bad_mode": "mode"}
    assert "extra_forbidden" in errors({**totals(0, 25), "tricks": [1, 2]})


# -- boards (duplicate play, 39.7) ---------------------------------------------------


BOARDS = {"boards": ["D5", "D6", "D7", "D8"]}


def test_boards_make_the_match_exactly_those_deals():
    """39.7.1: each table plays four deals, each with a different deck; a stanza
    is decided by its game points, not by 100."""
    deals = [totals(21, 46), totals(46, 21), totals(0, 25), totals(25, 25)]
    folded = GAME.fold(deals, BOARDS)
    assert [d.score.detail["board"] for d in folded.deals] == ["D5", "D6", "D7", "D8"]
    assert folded.totals == (45 + 75, 45)
    assert folded.finished and folded.winners == (0,)
    assert folded.deals[3].score.facts[-1].text == (
        "tie at 25: no points; no board follows, the bonus lapses"
    )


def test_a_stanza_can_end_level():
    folded = GAME.fold([totals(21, 46), totals(46, 21)], {"boards": ["D1", "D2"]})
    assert folded.totals == (45, 45) and folded.winners == (0, 1)


def test_a_stanza_goes_past_100_without_ending():
    folded = GAME.fold([totals(0, 285)] * 2, {"boards": ["D1", "D2"]})
    assert folded.totals == (2 * 335, 0)
    assert not folded.needs_attention


def test_the_board_entered_is_checked():
    folded = GAME.fold([totals(21, 46, board="D5")], BOARDS)
    assert not folded.needs_attention
    state = GAME.start(BOARDS)
    assert errors(totals(21, 46, board="D6"), state) == {"wrong_board": "board"}


def test_the_next_deal_names_its_board():
    folded = GAME.fold([totals(21, 46)], BOARDS)
    assert folded.next_deal.notes[0].startswith("Board D6 (deal 2 of 4)")
    assert folded.next_deal.dealer == 1 and folded.next_deal.starting_seat == 2


def test_boards_are_distinct_ids():
    with pytest.raises(OptionsRejected) as rejected:
        GAME.start({"boards": ["D1", "D1"]})
    assert rejected.value.errors[0].code == "duplicate_board"
    assert rejected.value.errors[0].path == "options.boards"
    with pytest.raises(OptionsRejected):
        GAME.start({"boards": ["bad id"]})


# -- the table ------------------------------------------------------------------------


def test_partners_sit_opposite():
    """39.2: 'everyone sits between two opponents'."""
    GAME.start({}, Table((0, 1, 0, 1)))
    with pytest.raises(SetupRejected):
        GAME.start({}, Table((0, 0, 1, 1)))


def test_the_deal_passes_clockwise():
    folded = GAME.fold([totals(21, 46)] * 2)
    assert folded.next_deal.dealer == 2 and folded.next_deal.starting_seat == 3
    assert folded.next_deal.notes[0] == "100 wins: side 1 needs 10, side 2 100."


def test_folded_match_serialises():
    folded = GAME.fold([cards_deal(ALL_SETS, "7S 7H 8S 8H 8D 9S 9H 9D 9C KS")])
    data = folded_to_json(folded)
    assert data["totals"] == [108, 0]
    assert data["state"]["bonus"] == 20
    assert data["deals"][0]["score"]["facts"][0]["text"] == "three 3s: 0"
