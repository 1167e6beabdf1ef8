"""Issue 33 item 6: the engine's English is grammatical — the words follow the
count ("1 red three", "2 red threes"), a seat reads as people count them (the
engine's seat 0 is "player 1", side 0 "side 1"), and the texts the issue quotes
("own sector sector", "the game is side 1 wins", "1 more melds: 1 chips off")
read as sentences. Scores are unchanged."""

from __future__ import annotations

import pytest

from games.engine.melds.contracts import _counted
from games.engine.outcome import outcome_score
from games.engine.text import (
    Seat,
    Side,
    Text,
    i18n_of,
    msg,
    msgn,
    params_from_json,
    render,
)
from games.rules.canasta.red_threes import RedThreeRule, red_threes_fact
from games.rules.darts.killeri import draw_errors


@pytest.mark.parametrize(
    "count, english",
    [(0, "0 red threes: 0"), (1, "1 red three: 100"), (2, "2 red threes: 200")],
)
def test_red_threes_agree_with_their_count(count, english):
    fact = red_threes_fact(count, 100 * count, 0, RedThreeRule())
    assert fact.text == english
    assert fact.points == 100 * count


@pytest.mark.parametrize(
    "count, word, english",
    [
        (1, "trio", "1 trio"),
        (2, "trio", "2 trios"),
        (1, "run", "1 run"),
        (3, "set", "3 sets"),
    ],
)
def test_a_contract_s_melds_agree_with_their_count(count, word, english):
    assert _counted(count, word) == english


def test_a_plural_text_keeps_both_templates_for_the_boundary():
    text = msgn("{count} chip", "{count} chips", count=1)
    assert text == "1 chip" and text.plural == "{count} chips"
    stored = i18n_of(msg("{n}: {chips} off", n=2, chips=text))
    restored = params_from_json(stored["params"])["chips"]
    assert isinstance(restored, Text) and restored.plural == "{count} chips"
    assert render(stored["template"], params_from_json(stored["params"])) == (
        "2: 1 chip off"
    )


@pytest.mark.parametrize(
    "value, english",
    [(Seat(0), "player 1"), (Seat(3), "player 4"), (Side(0), "side 1")],
)
def test_a_seat_reads_as_people_count_it(value, english):
    assert msg("{x} deals", x=value) == f"{english} deals"
    assert msg("{x:C} deals", x=value) == f"{english.capitalize()} deals"


def test_a_won_game_says_who_won_it():
    score = outcome_score(0, draws_possible=True, first=0)
    assert score.facts[-1].text == "Side 1 wins the game"
    assert outcome_score(None, draws_possible=True, first=0).facts[-1].text == (
        "the game is drawn"
    )


def test_killeri_s_taken_sector_is_said_once_and_names_the_player():
    (taken,) = draw_errors([20, 20, 3], 3)
    assert taken.message == (
        "sector 20 is already the own sector of player 1: throw again (§61.1)"
    )
    (next_to,) = draw_errors([20, 1, 10], 3)
    assert next_to.message == (
        "sector 1 is next to the own sector of player 1 (20): throw again (§61.1)"
    )
