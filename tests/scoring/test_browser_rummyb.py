"""The rummies of issue #15 on a phone, in Chromium at 390 × 844: one Sinkki deal
tapped card by card through the picker (the issue's done-when), and three hands of
Pay Me through the entry form its declaration renders, with the sheet's totals and
the context rows that tell the table the next hand's size and wilds."""

from __future__ import annotations

import pytest

from scoring import services
from tests.scoring.browser import (
    expected_refusal,
    no_sideways_scroll,
    post_form,
    save,
    shot,
    tap_into,
    totals,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sinkki_deal_tapped_through_the_card_picker(page, table, live_server):
    """§43.5: Olli's seven cards are a clean game (9♠ 9♦ 9♣ and 5♥–8♥), so everyone
    pays him four units: 100 chips each become 96, 112, 96, 96."""
    club, sami, (olli, cia, dan) = table
    match = services.match_start(
        club=club,
        game="sinkki",
        seats=[(sami, 0), (olli, 1), (cia, 2), (dan, 3)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/new/")
    page.wait_for_selector(".cp-pile")
    tap_into(page, "hands.0", "AS", "2S", "3S", "4H", "4D", "4C", "KD")
    tap_into(page, "hands.1", "5H", "6H", "7H", "8H", "9C", "9D", "9S")
    tap_into(page, "hands.2", "2C", "3C", "5C", "7C", "JD", "QD", "KH")
    tap_into(page, "hands.3", "2D", "3D", "6D", "10S", "10H", "JC", "QH")
    assert page.input_value("input[name='hands.3']") == "2D 3D 6D 10S 10H JC QH"
    # One deck: the ace of spades is used up.
    ace = page.locator(".cp-grid button[data-code='AS']")
    assert ace.get_attribute("aria-disabled") == "true"
    shot(page, "sinkki-picker")
    save(page)
    assert totals(page) == [96, 112, 96, 96]
    deal = match.deals.get()
    assert deal.input["hands"][1] == "5H 6H 7H 8H 9C 9D 9S"


def test_pay_me_three_hands(page, table, live_server):
    """Hand 1 (3 cards, 3s wild): Sami goes out; Olli holds K♠ and a wild 3 (25),
    Cia a 7 (5). Hand 2 by values: Olli out, Sami 20, Cia 15. Hand 3 (5 cards, 5s
    wild): Cia out with a run; Sami holds a wild 5 and an ace (20), Olli a king
    (10). Lowest is best: 40, 35, 20."""
    club, sami, (olli, cia, _dan) = table
    match = services.match_start(
        club=club, game="pay-me", seats=[(sami, 0), (olli, 1), (cia, 2)], by=sami.user
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    assert page.inner_text("[data-context=hand]") == "1 of 11"
    assert page.inner_text("[data-context=wild_rank]") == "jokers, 2s, 3s"

    page.click("#enter-deal")
    page.check("[data-branch=cards] input[name=went_out][value='0']")
    page.fill("input[name='players.0.melds.0']", "7H 7D Jo")
    page.fill("input[name='players.1.deadwood']", "KS 3C")
    page.fill("input[name='players.2.deadwood']", "7H")
    shot(page, "pay-me-entry")
    save(page)
    assert totals(page) == [0, 25, 5]
    assert page.inner_text("[data-context=cards_dealt]") == "4"

    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    page.check("[data-branch=totals] input[name=went_out][value='1']")
    page.fill("input[name='deadwood.0']", "20")
    page.fill("input[name='deadwood.1']", "0")
    page.fill("input[name='deadwood.2']", "15")
    save(page)
    assert totals(page) == [20, 25, 20]

    page.click("#enter-deal")
    page.check("[data-branch=cards] input[name=went_out][value='2']")
    tap_into(page, "players.0.deadwood", "5C", "AS")
    tap_into(page, "players.1.deadwood", "KD")
    page.fill("input[name='players.2.melds.0']", "9C 10C JC")
    save(page)
    assert totals(page) == [40, 35, 20]
    assert page.inner_text("[data-context=wild_rank]") == "jokers, 2s, 6s"
    assert page.inner_text("[data-context=hand]") == "4 of 11"


def test_carioca_three_hands(page, table, live_server):
    """Hand 1 (two trios): Sami goes out; Olli holds A, joker, 10, Q, 5 (95), Cia a
    2. Hand 2 by values: Olli out, Sami 10, Cia 19. Hand 3 tapped: Cia out; Sami
    holds a joker and a king (60), Olli a 3. Lowest is best: 70, 98, 21."""
    club, sami, (olli, cia, _dan) = table
    match = services.match_start(
        club=club, game="carioca", seats=[(sami, 0), (olli, 1), (cia, 2)], by=sami.user
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    assert page.inner_text("[data-context=contract]") == "2 trios"

    page.click("#enter-deal")
    page.check("[data-branch=cards] input[name=went_out][value='0']")
    page.fill("input[name='players.1.hand']", "AS Jo 10H QD 5C")
    page.fill("input[name='players.2.hand']", "2C")
    shot(page, "carioca-entry")
    save(page)
    assert totals(page) == [0, 95, 2]
    assert page.inner_text("[data-context=contract]") == "1 trio and 1 escalera"

    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    page.check("[data-branch=totals] input[name=went_out][value='1']")
    page.fill("input[name='deadwood.0']", "10")
    page.fill("input[name='deadwood.1']", "0")
    page.fill("input[name='deadwood.2']", "19")
    save(page)
    assert totals(page) == [10, 95, 21]

    page.click("#enter-deal")
    page.check("[data-branch=cards] input[name=went_out][value='2']")
    tap_into(page, "players.0.hand", "Jo", "KH")
    tap_into(page, "players.1.hand", "3D")
    save(page)
    assert totals(page) == [70, 98, 21]
    assert page.inner_text("[data-context=hand]") == "4 of 7"
    assert page.inner_text("[data-context=contract]") == "3 trios"


def test_slords_three_rounds(page, table, live_server):
    """Round 1 by sets: Sami ♦9 ♦10 ♦J (4) and ♥Q joker ♥A (4), Olli 7s with the
    ♥7 (1). Round 2 by values: 10, 5, 0. Round 3 tapped: Cia ♥4 ♥5 ♥6 (3). The most
    points lead: 18, 6, 3."""
    club, sami, (olli, cia, _dan) = table
    match = services.match_start(
        club=club, game="slords", seats=[(sami, 0), (olli, 1), (cia, 2)], by=sami.user
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    assert page.inner_text("[data-context=target]") == "50"

    page.click("#enter-deal")
    page.fill("input[name='players.0.sets.0']", "9D 10D JD")
    page.fill("input[name='players.0.sets.1']", "QH Jo AH")
    page.fill("input[name='players.1.sets.0']", "7S 7C 7H")
    shot(page, "slords-entry")
    save(page)
    assert totals(page) == [8, 1, 0]

    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    page.fill("input[name='points.0']", "10")
    page.fill("input[name='points.1']", "5")
    page.fill("input[name='points.2']", "0")
    save(page)
    assert totals(page) == [18, 6, 0]

    page.click("#enter-deal")
    page.wait_for_selector(".cp-pile")
    tap_into(page, "players.2.sets.0", "4H", "5H", "6H")
    # The picker offers the Slords deck: black kings, no red ones.
    assert page.locator(".cp-grid button[data-code='KS']").count() == 1
    assert page.locator(".cp-grid button[data-code='KH']").count() == 0
    save(page)
    assert totals(page) == [18, 6, 3]


def test_machiavelli_game_with_its_final_table(page, table, live_server):
    """One game: a table with K-A-2 is refused next to the meld; corrected to
    Q-K-A, Olli's win is the sheet's 1 and the match is over."""
    club, sami, (olli, cia, _dan) = table
    match = services.match_start(
        club=club,
        game="machiavelli",
        seats=[(sami, 0), (olli, 1), (cia, 2)],
        by=sami.user,
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.click("#enter-deal")
    page.check("input[name=winner][value='1']")
    page.fill("input[name='table.0']", "7H 7D 7C")
    page.fill("input[name='table.1']", "KS AS 2S")
    no_sideways_scroll(page)
    post_form(page)
    assert "K-A-2" in page.inner_text("[data-path='table.1']")
    expected_refusal(page)
    page.fill("input[name='table.1']", "QS KS AS")
    save(page)
    assert totals(page) == [0, 1, 0]
    assert page.locator("#enter-deal").count() == 0


def test_umtali_three_hands(page, table, live_server):
    """Hand 1 by melds: Sami a sequence, a marriage (20) and a jack (28); Olli
    an ace (1). Hand 2 by values 20–30. Hand 3 tapped: Sami's 2♣ (1), Olli's 10♠ (5)."""
    club, sami, (olli, _cia, _dan) = table
    match = services.match_start(
        club=club, game="umtali", seats=[(sami, 0), (olli, 1)], by=sami.user
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    assert page.inner_text("[data-context=hand]") == "1 of 4"

    page.click("#enter-deal")
    page.fill("input[name='sides.0.melds.0']", "5H 6H 7H")
    page.fill("input[name='sides.0.melds.1']", "KC QC")
    page.fill("input[name='sides.0.melds.2']", "JD")
    page.fill("input[name='sides.1.melds.0']", "AH")
    save(page)
    assert totals(page) == [28, 1]

    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    page.fill("input[name=points]", "20 30")
    save(page)
    assert totals(page) == [48, 31]

    page.click("#enter-deal")
    page.check("input[name=mode][value=cards]")
    page.wait_for_selector(".cp-pile")
    tap_into(page, "sides.0.melds.0", "2C")
    tap_into(page, "sides.1.melds.0", "10S")
    save(page)
    assert totals(page) == [49, 36]
    assert page.inner_text("[data-context=hand]") == "4 of 4"
