"""What Sleazy, Sneaky Pete and Sakaali declare for the pages, tournaments and money:
context rows before the next deal, the match goal, deal winners, duplicate boards."""

from __future__ import annotations

import pytest

from games.engine import DealRejected, MatchGoal, get_game

SLEAZY = get_game("sleazy")
SNEAKY_PETE = get_game("sneaky-pete")
SAKAALI = get_game("sakaali")


def rows(folded) -> dict[str, tuple[str, str, object]]:
    return {r.code: (r.label, r.kind, r.value) for r in folded.next_deal.context}


def sleazy_round(a: int, b: int) -> dict:
    return {"mode": "totals", "points": [a, b]}


def test_sleazy_context_before_the_next_round():
    """The round, who is ahead and by how much, as the score sheet shows them."""
    assert rows(SLEAZY.fold([])) == {
        "round": ("Round", "text", "1 of 4"),
        "ahead": ("Ahead", "side", None),
        "cumulative_difference": ("Cumulative difference", "number", 0),
    }
    folded = SLEAZY.fold([sleazy_round(100, 25), sleazy_round(50, 200)])
    assert rows(folded) == {
        "round": ("Round", "text", "3 of 4"),
        "ahead": ("Ahead", "side", 1),
        "cumulative_difference": ("Cumulative difference", "number", 75),
    }
    short = SLEAZY.fold([sleazy_round(150, 25)], {"rounds": 2})
    assert rows(short)["round"][2] == "2 of 2"
    assert rows(short)["ahead"][2] == 0


def test_sleazy_goal_and_deal_winners():
    assert SLEAZY.match_goal(SLEAZY.parse_options({})) == MatchGoal(deals=4)
    assert SLEAZY.match_goal(SLEAZY.parse_options({"rounds": 2})) == MatchGoal(deals=2)
    assert SLEAZY.deal_winners((100, 25)) == (0,)
    assert SLEAZY.deal_winners((50, 50)) == ()
    assert SLEAZY.duplicate_boards is False


def test_sleazy_joker_colour_card_with_a_broken_colour_set_is_rejected():
    """A joker entered as the colour card is an error to fix, not a crash."""
    with pytest.raises(DealRejected) as rejected:
        SLEAZY.score(
            SLEAZY.start({"colour_set": True}),
            {"colour_card": "Jo", "broken_colour_set": "7H 7D 7C"},
        )
    assert {e.code for e in rejected.value.errors} == {"joker_as_colour_card"}


def sneaky_hand(out: int) -> dict:
    points = [10, 25, 5, 40]
    points[out] = 0
    return {"mode": "totals", "went_out": out, "points": points}


def test_sneaky_pete_context_is_the_next_hands_requirement():
    """Each hand's requirement, the seventh with no discard."""
    assert rows(SNEAKY_PETE.fold([])) == {
        "hand": ("Hand", "text", "1 of 7"),
        "requirement": ("To meld", "text", "1 set and 1 run"),
    }
    second = SNEAKY_PETE.fold([sneaky_hand(0)])
    assert rows(second)["requirement"][2] == "2 sets"
    last = SNEAKY_PETE.fold([sneaky_hand(i % 4) for i in range(6)])
    assert rows(last) == {
        "hand": ("Hand", "text", "7 of 7"),
        "requirement": ("To meld", "text", "3 runs, no discard"),
    }
    assert SNEAKY_PETE.fold([sneaky_hand(0)] * 7).next_deal is None


def test_sneaky_pete_goal_and_deal_winners():
    """Seven hands; the deal is won by the player who went out (0 points)."""
    assert SNEAKY_PETE.match_goal(SNEAKY_PETE.parse_options({})) == MatchGoal(deals=7)
    assert SNEAKY_PETE.deal_winners((10, 0, 25, 5)) == (1,)
    assert SNEAKY_PETE.lower_totals_win is True
    assert SNEAKY_PETE.duplicate_boards is False


def test_sakaali_declares_duplicate_boards():
    """Book §39.7: Sakaali for eight replays boards at two tables."""
    assert SAKAALI.duplicate_boards is True
    assert SAKAALI.match_goal(SAKAALI.parse_options({})) == MatchGoal(target=100)
    stanza = SAKAALI.parse_options({"boards": ["D1", "D2", "D3", "D4"]})
    assert SAKAALI.match_goal(stanza) == MatchGoal(deals=4)
    assert SAKAALI.deal_winners((0, 45)) == (1,)
    assert SAKAALI.deal_winners((0, 0)) == ()
