"""The score sheet's CSV in the reader's language: each deal's status as a word of
that language ("laskettu", "mitätöity"), and the spreadsheet conventions of the
settlement CSV (``;`` between cells in Finnish, UTF-8 with a byte order mark)."""

from __future__ import annotations

import csv
import io

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from scoring import services
from scoring.export import sheet_csv, sheet_table
from tests.scoring.test_pages_export import sheet


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A Finnish request leaves Finnish active in the thread; the next test reads
    English."""
    yield
    translation.deactivate()


def test_the_statuses_are_words_of_the_readers_language():
    with translation.override("fi"):
        text = sheet_csv(sheet_table(sheet()))
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0][:2] == ["jako", "tila"]
    assert [r[1] for r in rows[1:5]] == [
        "laskettu",
        "mitätöity",
        "tarkistettava",
        "laskettu",
    ]
    with translation.override("en"):
        english = list(csv.reader(io.StringIO(sheet_csv(sheet_table(sheet())))))
    assert [r[1] for r in english[1:5]] == ["counted", "voided", "flagged", "counted"]


def test_a_finnish_reader_downloads_a_sheet_a_finnish_spreadsheet_opens(
    client, people, match
):
    by = people.scorer.user
    services.deal_submit(match=match, number=1, input={"points": [3, 1]}, by=by)
    second = services.deal_submit(
        match=match, number=2, input={"points": [0, 2]}, by=by
    )
    services.deal_void(
        match=match, number=2, base_version=second.version, reason="typo", by=by
    )
    client.force_login(people.scorer.user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fi"
    content = client.get(reverse("scoring:sheet-csv", args=[match.pk])).content
    assert content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))
    heads = next(r for r in rows if r[:1] == ["jako"])
    deals = rows[rows.index(heads) + 1 : rows.index(heads) + 3]
    assert [(d[0], d[1]) for d in deals] == [("1", "laskettu"), ("2", "mitätöity")]
    assert rows[1][0].startswith("aloitettu ")
