"""Marjapussi (book §7.3): trumps 2, little ones 1, last trick 1, more pips 1;
exactly 12 wins, over 12 drops to 7, a side without tricks goes to Porvoo."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DealRejected, MatchGoal, get_game
from games.engine.decks import PIQUET_36
from games.engine.tricks import MARJAPUSSI_PIPS

GAME = get_game("marjapussi")
DECK = sorted(PIQUET_36.copies, key=lambda c: (c.suit, c.rank))


def deal(last=0, pips=(60, 60), trumps=None, by=None, little=((), ()), **more):
    raw = {"last_trick": last, "little_ones": [*map(list, little)]}
    if pips is not None:
        raw["pips"] = list(pips)
    if trumps:
        raw |= {"trumps": trumps, "trumps_by": by}
    return raw | more


def score(raw, **options):
    return GAME.score(GAME.start(options), raw)


def rejected(raw):
    with pytest.raises(DealRejected) as caught:
        score(raw)
    return {(e.path, e.code) for e in caught.value.errors}


def test_the_pips_of_the_book_add_up_to_120():
    """§7.3: ace 11, ten 10, king 4, queen 3, jack 2, other cards nothing."""
    assert dict(MARJAPUSSI_PIPS.by_rank) == {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
    assert 4 * (11 + 10 + 4 + 3 + 2) == MARJAPUSSI_PIPS.deck_total(PIQUET_36) == 120
    assert PIQUET_36.size == 36 and GAME.match_goal(GAME.parse_options({})) == (
        MatchGoal(target=12)
    )


@pytest.mark.parametrize(
    ("raw", "points"),
    [
        # 2 for trumps, 1 for the last trick, 1 for more pips (§7.3)
        (deal(0, (70, 50), "H", 0), (4, 0)),
        (deal(1, (70, 50), "H", 0), (3, 1)),
        # each little one 1, to the side that announced it
        (deal(1, (40, 80), "S", 1, (("H",), ("C", "D"))), (1, 6)),
        # the most a deal pays: trumps, three little ones, last trick, more pips
        (deal(0, (119 - 1, 2), "S", 0, (("H", "C", "D"), ())), (7, 0)),
        # 60–60: neither has more pips (reading); no announcements
        (deal(0, (60, 60)), (1, 0)),
    ],
)
def test_a_deal_scores_as_section_7_3_says(raw, points):
    assert score(raw).points == points


def test_more_pips_point_is_a_fact_with_the_pips():
    facts = {f.code: (f.side, f.points) for f in score(deal(1, (58, 62))).facts}
    assert facts == {"last_trick": (1, 1), "more_pips": (1, 1)}


def test_exactly_twelve_wins_and_more_drops_to_seven():
    """§7.3: "To win, a team must get exactly twelve points. If the team gets
    more, they go down to seven points." """
    big = deal(0, (80, 40), "H", 0, (("S", "C"), ()))  # 2 + 2 + 1 + 1 = 6
    folded = GAME.fold([big, big])
    assert folded.totals == (12, 0) and folded.finished and folded.winners == (0,)
    over = GAME.fold([big, deal(0, (80, 40), "H", 0), big])  # 6 + 4 = 10, +6 = 16 → 7
    assert over.totals == (7, 0) and not over.finished
    assert over.next_deal.context[0].value == (5, 12)


def test_a_side_without_tricks_goes_to_porvoo():
    """§7.3: "If a team got no tricks in a hand, the team goes to Porvoo, loses
    all their points from the previous hands." The other side scores its deal."""
    first = deal(1, (40, 80), "H", 1)  # side 1: 2 + 1 + 1 = 4
    sweep = deal(0, (120, 0), "S", 0, no_tricks=1)  # side 0: 2 + 1 + 1
    folded = GAME.fold([first, first, sweep])
    assert folded.totals == (4, 0)
    assert folded.deals[-1].score.points == (4, 0)
    assert ("porvoo", 1) in {(f.code, f.side) for f in folded.deals[-1].score.facts}


@pytest.mark.parametrize(
    ("option", "finished", "winners"),
    [("draw", True, (0, 1)), ("last_trick", True, (1,)), ("play_on", False, ())],
)
def test_both_sides_at_twelve_after_one_deal(option, finished, winners):
    deals = [
        deal(0, (80, 40), "H", 0, (("S", "C"), ())),  # 6–0
        deal(1, (40, 80), "H", 1, (("S",), ("C",))),  # 1–5: 7–5
        deal(0, (50, 70), "H", 0, ((), ("S",))),  # 3–2: 10–7
        deal(1, (40, 80), "H", 1, (("D", "C"), ("S",))),  # 2–5: 12–12
    ]
    folded = GAME.fold(deals, {"both_twelve": option})
    assert folded.totals == (12, 12)
    assert (folded.finished, folded.winners) == (finished, winners)


def test_the_cards_won_give_the_pips_and_show_a_side_without_tricks():
    won = ["AH", "10H", "KH", "JH", "9H", "8H", "7H", "6H"]  # 11 + 10 + 4 + 2
    rest = [c.code for c in DECK if c.code not in won]
    result = score(deal(1, None, cards=[won, rest]))
    assert result.detail["pips"] == [27, 93] and result.points == (0, 2)
    sweep = score({"last_trick": 0, "cards": [[c.code for c in DECK], []]})
    assert sweep.detail["no_tricks"] == 1 and sweep.points == (2, 0)


@pytest.mark.parametrize(
    ("raw", "errors"),
    [
        (deal(0, (70, 40)), {("pips", "card_points_do_not_add_up")}),
        ({"last_trick": 0}, {("pips", "pips_required")}),
        (deal(0, (60, 60), "H"), {("trumps_by", "trumps_incomplete")}),
        (
            deal(0, (60, 60), "H", 0, (("H",), ("S",))),
            {("little_ones.0.0", "suit_announced_twice")},
        ),
        (
            deal(0, (60, 60), little=(("H",), ())),
            {("little_ones.0.0", "little_one_before_trumps")},
        ),
        (
            deal(1, (0, 120), "H", 1, no_tricks=1),
            {
                ("trumps", "announcement_without_trick"),
                ("last_trick", "last_trick_without_tricks"),
                ("pips.1", "pips_without_tricks"),
            },
        ),
    ],
)
def test_a_deal_against_the_rules_gets_every_error_at_its_field(raw, errors):
    assert rejected(raw) == errors


def test_the_cards_are_checked_against_the_36_card_deck():
    codes = [c.code for c in DECK]
    assert rejected(
        {"last_trick": 0, "cards": [codes[:17], [*codes[17:35], "AS"]]}
    ) == {
        ("cards.0", "cards_not_whole_tricks"),
        ("cards.1", "cards_not_whole_tricks"),
        ("cards.1", "too_many_copies"),
    }
    assert rejected(
        {"last_trick": 0, "cards": [codes[:16], [*codes[16:32], "2H"]]}
    ) == {
        ("cards.1", "cards_not_whole_tricks"),
        ("cards.1", "card_not_in_deck"),
        ("cards", "cards_not_36"),
    }
    real = MARJAPUSSI_PIPS.of(DECK[:16])
    raw = {"last_trick": 0, "cards": [codes[:16], codes[16:]]}
    assert rejected(raw | {"pips": [real + 2, 118 - real]}) == {
        ("pips", "pips_do_not_match_cards")
    }
    assert rejected(raw | {"no_tricks": 1}) == {
        ("no_tricks", "no_tricks_does_not_match_cards")
    }


@given(st.permutations(range(36)), st.integers(0, 9), st.integers(0, 1))
def test_any_split_of_the_deck_in_tricks_has_120_pips_and_pays_at_most_7(
    order, side_0_tricks, last
):
    cards = [DECK[i].code for i in order]
    split = [cards[: 4 * side_0_tricks], cards[4 * side_0_tricks :]]
    last = 0 if not split[1] else 1 if not split[0] else last
    result = score({"last_trick": last, "cards": split})
    assert sum(result.detail["pips"]) == 120
    assert 1 <= sum(result.points) <= 2


@st.composite
def deals(draw) -> dict:
    """A legal deal; now and then a sweep (side 1 to Porvoo)."""
    if draw(st.booleans()):
        raw = deal(0, (120, 0), no_tricks=1)
        by = draw(st.none() | st.just(0))
    else:
        pips = draw(st.integers(0, 120))
        raw = deal(draw(st.integers(0, 1)), (pips, 120 - pips))
        by = draw(st.none() | st.integers(0, 1))
    return raw if by is None else raw | {"trumps": "H", "trumps_by": by}


@given(
    st.lists(deals(), max_size=30), st.sampled_from(["draw", "last_trick", "play_on"])
)
def test_totals_stay_within_twelve_and_the_winner_stands_at_twelve(raws, option):
    state = GAME.start({"both_twelve": option})
    for raw in raws:
        if state.finished:
            break
        result = GAME.score(state, raw)
        assert 0 < sum(result.points) <= 7
        state = GAME.advance(state, result)
        assert all(0 <= t <= 12 for t in state.totals)
        if raw.get("no_tricks") is not None:
            assert state.totals[raw["no_tricks"]] == 0
    assert all(state.totals[w] == 12 for w in state.winners)
    assert state.finished == bool(state.winners)


def test_the_worked_example_of_the_doc_scores_as_the_doc_says():
    doc = (Path(__file__).parents[2] / "docs/games/marjapussi.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    assert score(json.loads(example)).points == (4, 1)


def test_card_boxes_left_empty_are_pips_entry():
    """The entry page sends every card box: no card in any of them means the
    scorer entered pips (found by the trick games' browser test)."""
    raw = deal(0, (80, 40), "H", 0, cards=[[], []])
    assert score(raw).points == score(deal(0, (80, 40), "H", 0)).points == (4, 0)


def test_going_over_twelve_is_told_on_the_deal_that_went_over():
    """Issue 33: the sheet says why a total fell from 16 to 7 (§7.3); the deal's
    points are what they were."""
    big = deal(0, (80, 40), "H", 0, (("S", "C"), ()))
    folded = GAME.fold([big, deal(0, (80, 40), "H", 0), big])
    over = folded.deals[2].score
    assert over.points == folded.deals[0].score.points
    (told,) = [f for f in over.facts if f.code == "over_twelve"]
    assert told.text == "side 1 went over 12 (16): down to 7 (§7.3)"
    assert told.side == 0 and told.points is None
    assert not any(
        f.code == "over_twelve" for d in folded.deals[:2] for f in d.score.facts
    )
