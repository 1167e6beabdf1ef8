"""A treasurer's evening from the club page, in Chromium on a phone-sized screen.

Aino, the club's admin, has two matches of today played for 0.05 EUR a point
(Anna 520 – Cai 385 and Ben 400 – Cai 300), an older one and one in SEK. From the
club page she opens an evening (its name and currency filled in), adds every stake
match of the day with one tap and sees who pays whom: Cai pays Anna 6.75 EUR and Ben
5.00 EUR (book §1.2: the difference × the value of a point; two transfers, proven
minimal). She marks one paid and downloads the CSV. The older match and the SEK one
stay out.

Screenshot (``KIRJURI_SCREENSHOTS=docs/screenshots``): ``evening-sheet.png``.
"""

from __future__ import annotations

import os
import re
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from money.models import SessionMatch
from scoring.models import Match
from tests.money_service.conftest import play
from tests.scoring.browser import PHONE, shot, watch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def test_a_treasurer_makes_an_evening_of_two_stake_matches(
    browser, live_server, club, people
):
    by = people.admin.user
    kronor = play(club, by, [people.anna, people.dan], [10, 5], currency="SEK")
    older = play(club, by, [people.ben, people.dan], [300, 200])
    Match.objects.filter(pk=older.pk).update(
        started_at=timezone.now() - timedelta(days=2)
    )
    first = play(club, by, [people.anna, people.cai], [520, 385])
    second = play(club, by, [people.ben, people.cai], [400, 300])

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.problems = watch(page)
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club.pk}/")
    page.fill("input[name=username]", by.username)
    page.fill("input[name=password]", "pw")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(rf"/clubs/{club.pk}/$"))

    taps = 0
    page.tap("#club-evenings")
    taps += 1
    assert page.input_value("#evening-currency") == "EUR"
    assert page.input_value("#evening-name").startswith("Evening ")
    page.tap("#new-evening button[type=submit]")
    taps += 1
    page.wait_for_url(re.compile(r"/settlements/session/\d+/$"))
    assert "No match yet." in page.inner_text("#evening-matches")
    with page.expect_navigation():
        page.tap("#collect-day")
    taps += 1
    assert taps <= 3  # club page → the evening's transfers

    added = set(SessionMatch.objects.values_list("match_id", flat=True))
    assert added == {first.pk, second.pk}, (added, kronor.pk, older.pk)
    listed = page.inner_text("#evening-matches")
    assert "Anna v Cai" in listed and "Ben v Cai" in listed
    transfers = [
        " ".join(page.locator("#transfers tr").nth(i).inner_text().split())
        for i in range(page.locator("#transfers tr").count())
    ]
    assert len(transfers) == 2, transfers
    assert any(re.search(r"Cai pays Anna 6\.75", t) for t in transfers), transfers
    assert any(re.search(r"Cai pays Ben 5\.00", t) for t in transfers), transfers
    assert page.locator("#proven-minimal").is_visible()
    shot(page, "evening-sheet")

    with page.expect_navigation():
        page.locator("#transfers tr", has_text="Anna").get_by_role("button").tap()
    assert "Cai paid Anna" in page.inner_text("#payments")
    assert page.locator("#transfers tr").count() == 1
    with page.expect_download() as download:
        page.click("text=CSV")
    with open(download.value.path(), encoding="utf-8") as file:
        csv = file.read()
    assert "Cai,Ben,5.00" in csv, csv
    context.close()
    connections.close_all()
    assert page.problems == []
