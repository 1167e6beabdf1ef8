"""The event games on a phone, in Debian's Chromium driven by Playwright.

Against the live server on a 390 × 844 viewport, each game started through the
pages: a Bleep Game of three entered one tap per shout (the player's button saves
the entry; a van is "Other" then the player), the tally rows on the sheet, ended
by the organiser's end entry, which finishes the match by itself; Believe or
Doubt, whose "Answers next" row follows the right doubter; Jäkis, goals tapped
and a goal past the stock refused at its field; Rymypallo, whose "Kick-off" row
follows the goals.
"""

from __future__ import annotations

import pytest

from scoring.models import Match, MatchStatus
from tests.scoring import browser as phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap_player(page, seat: int) -> None:
    """One tap: the player's button saves the entry."""
    page.click("#enter-deal")
    phone.no_sideways_scroll(page)
    page.click(f"button.df-tap-button[name=by][value='{seat}']")
    page.wait_for_selector("#sheet")


def end_game(page) -> None:
    page.click("#enter-deal")
    page.check("input[type=checkbox][name=end]")
    phone.post_form(page)
    page.wait_for_selector("#sheet")


def test_the_bleep_game_one_tap_per_shout_until_the_organiser_ends_it(page, table):
    club, _sami, _others = table
    phone.match_start(page, club, "The Bleep Game", 3, ["Sami", "Olli", "Cia"])
    tap_player(page, 1)  # Olli: a car
    assert phone.totals(page) == [0, 1, 0]
    tap_player(page, 0)  # Sami: a car
    page.click("#enter-deal")  # Cia: a van, two taps
    page.check("input[name=event][value=other]")
    page.click("button.df-tap-button[name=by][value='2']")
    page.wait_for_selector("#sheet")
    tap_player(page, 1)
    assert phone.totals(page) == [1, 2, -1]
    assert page.inner_text("[data-context=leader]") == "Olli"
    assert page.inner_text("[data-context=car]") == "Sami 1 · Olli 2 · Cia 0"
    assert page.inner_text("[data-context=other]") == "Sami 0 · Olli 0 · Cia 1"
    phone.shot(page, "bleep-game-sheet")
    assert Match.objects.get().finished is False
    end_game(page)
    match = Match.objects.get()
    assert match.finished and match.winners == [1]
    # The organiser's end entry decides the game: the match finished by itself.
    assert match.status == MatchStatus.FINISHED
    assert "Finished by the rules after deal 5" in page.inner_text("#match-history")
    assert page.locator("summary:has-text('Close the match')").count() == 0


def test_believe_or_doubt_the_right_doubter_answers_next(page, table):
    club, _sami, _others = table
    phone.match_start(page, club, "Believe or Doubt", 3, ["Sami", "Olli", "Cia"])
    assert "Sami" in page.inner_text("[data-context=answerer]")
    page.click("#enter-deal")  # everyone believed Sami
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [1, 0, 0]
    page.click("#enter-deal")  # Cia doubts, and Sami was wrong
    page.check("input[name=doubter][value='2']")
    page.check("input[name=answer][value=wrong]")
    phone.no_sideways_scroll(page)
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [1, 0, 0]
    assert "Cia" in page.inner_text("[data-context=answerer]")
    page.click("#enter-deal")  # Cia answers, Olli doubts a right answer
    page.check("input[name=doubter][value='1']")
    page.check("input[name=answer][value=right]")
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    phone.shot(page, "believe-or-doubt-sheet")
    assert phone.totals(page) == [1, -1, 1]
    assert "Cia" in page.inner_text("[data-context=answerer]")


def test_jakis_goals_tapped_and_one_past_the_stock_refused(page, table):
    club, _sami, _others = table
    phone.match_start(page, club, "Jäkis", 2, ["Sami", "Olli"])
    for _ in range(6):
        tap_player(page, 0)
    assert phone.totals(page) == [6, 0]
    page.click("#enter-deal")
    phone.post_form(page, "button.df-tap-button[name=by][value='1']")
    assert "stock" in page.inner_text("[data-path=by]")
    phone.expected_refusal(page)
    page.check("input[type=checkbox][name=end]")
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    assert Match.objects.get().winners == [0]


def test_rymypallo_goals_tapped_and_the_kick_off_follows(page, table):
    """Each team seated as one player; after a goal the other team kicks off."""
    club, _sami, _others = table
    phone.match_start(page, club, "Rymypallo", 2, ["Sami", "Olli"])
    assert "Sami" in page.inner_text("[data-context=ball]")
    tap_player(page, 0)
    assert "Olli" in page.inner_text("[data-context=ball]")
    tap_player(page, 1)
    tap_player(page, 1)
    assert phone.totals(page) == [1, 2]
    assert "Sami" in page.inner_text("[data-context=ball]")
    phone.shot(page, "rymypallo-sheet")
    end_game(page)
    assert Match.objects.get().winners == [1]
