"""The settlement sheet's CSV is read in a spreadsheet in the reader's language:
headers in that language, amounts with its decimal separator, ``;`` between cells
where that is a comma (Finnish Excel), UTF-8 with a byte order mark, and times in
the club's time zone."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.utils import translation

from money import services as money_services
from money.models import EntryKind, LedgerEntry
from tests.money_service.conftest import play

NOON_UTC = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A Finnish request leaves Finnish active in the thread; the next test reads
    English."""
    yield
    translation.deactivate()


@pytest.fixture
def paid_once(club, people, api_client):
    """A settled match of four, one transfer marked paid at 12.00 UTC."""
    p = people
    match = play(club, p.admin.user, [p.anna, p.ben, p.cai, p.dan], [120, 95, 80, 65])
    money_services.match_settle(match=match)
    api_client.force_authenticate(p.admin.user)
    sheet = api_client.get(f"/api/v1/matches/{match.pk}/settlement").json()
    t = sheet["transfers"][0]
    body = {"payer": t["payer"], "payee": t["payee"], "amount": t["amount"]}
    url = f"/api/v1/settlements/match/{match.pk}/payments"
    assert api_client.post(url, body, format="json").status_code == 201
    LedgerEntry.objects.filter(kind=EntryKind.PAYMENT).update(created_at=NOON_UTC)
    return match


def download(client, match, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(f"/settlements/match/{match.pk}/settlement.csv").content


def rows(content: bytes, delimiter: str) -> list[list[str]]:
    text = content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


def test_a_finnish_reader_gets_finnish_headers_decimal_commas_and_semicolons(
    client, people, paid_once
):
    client.force_login(people.admin.user)
    content = download(client, paid_once, "fi")
    assert content.startswith(b"\xef\xbb\xbf")  # Excel then reads ä and ö
    sheet = rows(content, ";")
    assert ["Saldot", "Kuka", "Tilitetty", "Maksettu", "Avoinna"] in sheet
    anna = next(r for r in sheet if r[1:2] == ["Anna"])
    assert anna[2] == "1,50"  # Anna's 150 cents as a Finnish spreadsheet reads them
    assert ["Mistä summat tulevat", "Ottelu", "Jako", "Selitys"] in sheet
    words = {cell.lower() for r in sheet for cell in r}
    assert not words & {"balance", "payer", "payee", "amount", "marked by", "trail"}


def test_the_payments_time_is_the_clubs_local_time(client, people, paid_once):
    client.force_login(people.admin.user)
    sheet = rows(download(client, paid_once, "fi"), ";")
    heads = next(r for r in sheet if r[:1] == ["Maksettu"])
    payment = sheet[sheet.index(heads) + 1]
    marked_at = payment[heads.index("Merkitty")]
    assert marked_at == "2026-01-15T14:00:00+02:00"  # 12.00 UTC in Helsinki


def test_an_english_reader_gets_english_headers_decimal_points_and_commas(
    client, people, paid_once
):
    client.force_login(people.admin.user)
    content = download(client, paid_once, "en")
    assert content.startswith(b"\xef\xbb\xbf")
    sheet = rows(content, ",")
    assert ["Balances", "Who", "Settled", "Paid", "Open"] in sheet
    assert next(r for r in sheet if r[1:2] == ["Anna"])[2] == "1.50"
    heads = next(r for r in sheet if r[:1] == ["Paid"])
    payment = sheet[sheet.index(heads) + 1]
    assert payment[heads.index("Marked at")] == "2026-01-15T14:00:00+02:00"
