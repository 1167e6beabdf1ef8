"""The poker games on a phone, in Debian's Chromium driven by Playwright.

Against the live server on a 390 × 844 viewport, each game started through the
pages and played for three deals or more, the sheet's totals checked: Indian Poker
(book ch 25: betting turns and cards tapped into the picker, a hand whose betting
has not ended refused, a pot-only hand), Strip Poker (ch 26: two bettings, hands
tapped in, a pot-only deal with a split checkbox, garments on the sheet), Chinese
Poker (ch 24: places, a repeated place refused), Kiertopokeri (ch 23: doubts checked
against the cards, a game to the last player) and Fireplace Poker (ch 22: melds
tapped in, a meld below a pair of jacks refused, a robbery by number).
"""

from __future__ import annotations

import pytest

from scoring.models import Match
from tests.scoring import browser as phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def enter_hand(page, actions: str, cards: list[str]) -> None:
    page.click("#enter-deal")
    page.fill("input[name=actions]", actions)
    page.click("[data-path='cards'] .cp-open")
    for code in cards:
        page.click(f".cp-grid button[data-code='{code}']")
    assert page.input_value("input[name=cards]") == " ".join(cards)
    phone.no_sideways_scroll(page)
    phone.post_form(page)


def test_indian_poker_three_hands(page, table):
    club, _sami, _others = table
    page.click(f"a[href='/clubs/{club.pk}/']")
    page.click("text=New match")
    page.click("text=Indian Poker")
    page.click("text=4 seats")
    for seat, name in enumerate(["Sami", "Olli", "Cia", "Dan"]):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    phone.no_sideways_scroll(page)
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")
    assert Match.objects.get().game_id == "indian-poker"
    assert phone.totals(page) == [100, 100, 100, 100]

    # Sami deals; Olli checks, Cia bets 2, Dan folds, Sami calls, Olli raises 1,
    # Cia and Sami call: 4 / 4 / 4 / 1 in the pot, Cia's A♦ takes 13.
    enter_hand(page, "C R2 F C R1 C C", ["KS", "2H", "AD", "AC"])
    page.wait_for_selector("#sheet")
    phone.shot(page, "indian-poker-sheet")
    assert phone.totals(page) == [96, 96, 109, 99]

    # The betting has not ended (Sami has not called Dan's bet): refused at the
    # turns' field, the cards kept.
    enter_hand(page, "C C R1", ["KH", "QH", "JH", "10H"])
    assert "betting has not ended" in page.inner_text("[data-path=actions]")
    phone.expected_refusal(page)
    page.fill("input[name=actions]", "C C R1 C C C")
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    # Olli deals; Cia and Dan check, Sami bets 1, everyone calls: Sami's K♥ wins 8.
    assert phone.totals(page) == [102, 94, 107, 97]

    # The pot only: Dan paid 5 and won; the others 5, 2, 1.
    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    for seat, paid in enumerate([5, 2, 1, 5]):
        page.fill(f"input[name='paid.{seat}']", str(paid))
    page.check("input[name=winner][value='3']")
    phone.no_sideways_scroll(page)
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [97, 92, 106, 105]
    # The next-deal box shows the chips in hand (no IOUs written: the same).
    assert (
        page.inner_text("[data-context=chips]")
        == "Sami 97 · Olli 92 · Cia 106 · Dan 105"
    )


def tap(page, path: str, cards: str) -> None:
    page.click(f"[data-path='{path}'] .cp-open")
    for code in cards.split():
        page.click(f".cp-grid button[data-code='{code}']")


def tap_hand(page, seat: int, cards: str) -> None:
    tap(page, f"hands.{seat}", cards)


def test_strip_poker_three_deals(page, table):
    """Three players; two deals entered as bettings and hands tapped into the card
    picker, one as the pot only (a checkbox for the winner); the sheet's totals are
    the worths and the next-deal box the garments left."""
    club, _sami, _others = table
    page.click(f"a[href='/clubs/{club.pk}/']")
    page.click("text=New match")
    page.click("text=Strip Poker")
    page.click("text=3 seats")
    for seat, name in enumerate(["Sami", "Olli", "Cia"]):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [20, 20, 20]

    # Sami deals. Olli bets 3, Cia folds, Sami calls; Olli bets 2, Sami raises 5,
    # Olli calls: 11 / 11 / 1 in the pot. Sami's two pair beats Olli's queens.
    page.click("#enter-deal")
    page.fill("input[name=first_betting]", "R3 F C")
    page.fill("input[name=second_betting]", "R2 R5 C")
    tap_hand(page, 0, "AH AD KC KD 9S")
    tap_hand(page, 1, "QH QD 2C 3C 4H")
    phone.no_sideways_scroll(page)
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [28, 5, 15]

    # Olli deals; everyone checks twice; Cia's straight takes the pot of 3. Olli
    # (5 chips, pays 5) is not short.
    page.click("#enter-deal")
    page.fill("input[name=first_betting]", "C C C")
    page.fill("input[name=second_betting]", "C C C")
    tap_hand(page, 0, "AH AD KC KD 9S")
    tap_hand(page, 1, "QH QD 2C 3C 4H")
    tap_hand(page, 2, "2S 3H 4D 5C 6S")
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [23, 0, 13]

    # The pot only: Olli, out of chips, paid 4 + 4 and won 9; Sami paid 4, Cia 1.
    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    for seat, paid in enumerate([4, 4, 1]):
        page.fill(f"input[name='paid.{seat}']", str(paid))
    page.check("input[type=checkbox][name='won.1']")
    phone.no_sideways_scroll(page)
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    phone.shot(page, "strip-poker-sheet")
    assert phone.totals(page) == [15, 1, 8]
    assert page.inner_text("[data-context=garments]") == "Sami 4 · Olli 4 · Cia 4"


def test_chinese_poker_three_hands_by_places(page, table):
    """Three hands of a session scored by places, each entered as the players'
    places; a place given twice is refused at its field."""
    club, _sami, _others = table
    page.click(f"a[href='/clubs/{club.pk}/']")
    page.click("text=New match")
    page.click("text=Chinese Poker")
    page.click("text=4 seats")
    for seat, name in enumerate(["Sami", "Olli", "Cia", "Dan"]):
        page.select_option(f"select[name=seat_{seat}]", label=name)
    page.fill("input[name='options.hands']", "3")
    page.check("input[name='options.scoring'][value=places]")
    page.click("text=Start the match")
    page.wait_for_selector("#sheet")

    def hand(places: list[int]) -> None:
        page.click("#enter-deal")
        for seat, place in enumerate(places):
            page.fill(f"input[name='places.{seat}']", str(place))
        phone.no_sideways_scroll(page)
        phone.post_form(page)

    hand([2, 2, 1, 4])
    assert "the places are 1" in page.inner_text("[data-path='places.1']")
    phone.expected_refusal(page)
    page.fill("input[name='places.1']", "3")
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [2, 1, 3, 0]
    hand([1, 2, 3, 4])
    page.wait_for_selector("#sheet")
    hand([4, 1, 3, 2])
    page.wait_for_selector("#sheet")
    phone.shot(page, "chinese-poker-sheet")
    assert phone.totals(page) == [2 + 3 + 0, 1 + 2 + 3, 3 + 1 + 1, 0 + 0 + 2]


def test_kiertopokeri_a_game_to_the_last_player(page, table):
    """Three drops at four: a doubted true pair, a drop entered as who went out, a
    doubted false straight; the last one left has won."""
    club, _sami, _others = table
    phone.match_start(page, club, "Kiertopokeri", 4, ["Sami", "Olli", "Cia", "Dan"])

    page.click("#enter-deal")
    page.check("input[name=announcer][value='0']")  # Sami
    page.check("input[name=doubter][value='1']")  # Olli
    page.fill("input[name=announced]", "pair Q J")
    tap(page, "shown", "QS QH JD 7C 3S")
    phone.no_sideways_scroll(page)
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [1, 0, 1, 1]  # true: Olli, who doubted, is out

    page.click("#enter-deal")
    page.check("input[name=mode][value=totals]")
    page.check("input[name=out][value='3']")  # Dan
    phone.post_form(page)
    page.wait_for_selector("#sheet")

    page.click("#enter-deal")
    page.check("input[name=announcer][value='2']")  # Cia
    page.check("input[name=doubter][value='0']")  # Sami
    page.fill("input[name=announced]", "straight 10")
    tap(page, "shown", "9S 8H 7D 6C 5S")
    phone.post_form(page)
    page.wait_for_selector("#sheet")
    phone.shot(page, "kiertopokeri-sheet")
    # False (the straight is to the nine): Cia is out, Sami is the last one left.
    assert phone.totals(page) == [3, 0, 2, 1]
    assert Match.objects.get().winners == [0]


def test_fireplace_poker_three_turns(page, table):
    """Two players; melds tapped into the card picker (five decks), a robbery by
    the meld's number on the sheet, a meld below a pair of jacks refused."""
    club, _sami, _others = table
    phone.match_start(page, club, "Fireplace Poker", 2, ["Sami", "Olli"])
    assert phone.totals(page) == [31, 31]

    def turn(cards: str, robbed: str = "") -> None:
        page.click("#enter-deal")
        tap(page, "meld", cards)
        if robbed:
            page.fill("input[name=robbed]", robbed)
        phone.no_sideways_scroll(page)
        phone.post_form(page)

    turn("JS JH 4D 3C 2S")  # Sami: 1 meld to 0, a chip off
    page.wait_for_selector("#sheet")
    turn("10S 10H AD KC QS")  # Olli: a pair of tens is too low
    assert "pair of jacks" in page.inner_text("[data-path=meld]")
    phone.expected_refusal(page)
    page.goto(page.url.split("/deals/")[0] + "/")
    page.wait_for_selector("#sheet")
    turn("KS KH KD 7C 7S")  # Olli: 1 to 1
    page.wait_for_selector("#sheet")
    assert "1: JS JH 4D 3C 2S" in page.inner_text("[data-context=table]")
    turn("QS QH 2D 3C 5S")  # Sami: 2 to 1
    page.wait_for_selector("#sheet")
    assert phone.totals(page) == [29, 31]
    # Olli steals the 2♠ from Sami's meld 1 (the jacks) into a pair of aces: the
    # jacks are discarded, 2 melds to 1, a chip off.
    turn("AS AH 2S 6D 8C", robbed="1")
    page.wait_for_selector("#sheet")
    phone.shot(page, "fireplace-poker-sheet")
    assert phone.totals(page) == [29, 30]
    assert "JS JH" not in page.inner_text("[data-context=table]")
