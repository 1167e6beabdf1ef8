"""Vazhushal on a phone, in Chromium at 390 × 844: three games (a match is one game,
so three matches of one deal each) entered through the form the game's declaration
renders — a stock-out count typed in, a stock-out count with a K-A-2 refused next
to the meld then corrected and a card tapped through the picker, and a game won by
going out — each checked on the sheet's totals and its winner."""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.browser import (
    expected_refusal,
    no_sideways_scroll,
    post_form,
    save,
    shot,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _game(club, seats, by):
    return services.match_start(club=club, game="vazhushal", seats=seats, by=by)


def test_three_games_of_vazhushal(page, table, live_server):
    club, sami, (olli, cia, _dan) = table

    # Game 1, two players (54 cards), stock-out, the A♠ the negative joker: Sami
    # melds 5♦-6♦-7♦ (18) and Q♦-K♦-A♥ (the A♥ wild: 30) and holds 2♣ (2): 46;
    # Olli melds 8♠-9♠-10♠ (27) and holds K♠ 3♥ (13): 14. Sami wins.
    first = _game(club, [(sami, 0), (olli, 1)], sami.user)
    page.goto(f"{live_server.url}/matches/{first.pk}/")
    page.click("#enter-deal")
    page.fill("input[name='negative_joker']", "AS")
    page.fill("input[name='players.0.melds.0']", "5D 6D 7D")
    page.fill("input[name='players.0.melds.1']", "QD KD AH")
    page.fill("input[name='players.0.hand']", "2C")
    page.fill("input[name='players.1.melds.0']", "8S 9S 10S")
    page.fill("input[name='players.1.hand']", "KS 3H")
    shot(page, "vazhushal-entry")
    save(page)
    assert totals(page) == [46, 14]
    first.refresh_from_db()
    assert first.finished and first.winners == [0]

    # Game 2, three players (108 cards), the 4♣ negative (the red fours wild):
    # Cia's K♦-A♦-2♦ is refused (not K-A-2, 004 l.53); corrected to Q♦-K♦-A♦
    # and her hand 9♣ tapped in: Sami 5♥-6♥-7♥ (18) and 9♠-9♣ with the 4♦ as a
    # nine (27): 45; Olli − J♠ = −10; Cia 30 − 9 = 21.
    second = _game(club, [(sami, 0), (olli, 1), (cia, 2)], sami.user)
    page.goto(f"{live_server.url}/matches/{second.pk}/")
    page.click("#enter-deal")
    page.fill("input[name='negative_joker']", "4C")
    page.fill("input[name='players.0.melds.0']", "5H 6H 7H")
    page.fill("input[name='players.0.melds.1']", "9S 9C 4D")
    page.fill("input[name='players.1.hand']", "JS")
    page.fill("input[name='players.2.melds.0']", "KD AD 2D")
    no_sideways_scroll(page)
    post_form(page)
    assert "K-A-2" in page.inner_text("[data-path='players.2.melds.0']")
    expected_refusal(page)
    page.fill("input[name='players.2.melds.0']", "QD KD AD")
    page.click("[data-path='players.2.hand'] .cp-open")
    page.click(".cp-grid button[data-code='9C']")
    assert page.input_value("input[name='players.2.hand']") == "9C"
    save(page)
    assert totals(page) == [45, -10, 21]
    second.refresh_from_db()
    assert second.finished and second.winners == [0]

    # Game 3, three players: Cia goes out and wins; nothing is counted.
    third = _game(club, [(sami, 0), (olli, 1), (cia, 2)], sami.user)
    page.goto(f"{live_server.url}/matches/{third.pk}/")
    page.click("#enter-deal")
    page.check("input[name=mode][value=out]")
    page.check("[data-branch=out] input[name=went_out][value='2']")
    save(page)
    assert totals(page) == [0, 0, 0]
    third.refresh_from_db()
    assert third.finished and third.winners == [2]
