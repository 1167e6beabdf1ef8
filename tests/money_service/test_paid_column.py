"""The settlement sheet's "Paid" column shows money, not raw cents."""

from __future__ import annotations

import re

import pytest

from money import selectors as money_selectors
from money import services as money_services

from .conftest import play

pytestmark = pytest.mark.django_db


def test_paid_column_shows_the_amount_in_the_currency(client, club, people):
    p = people
    match = play(club, p.admin.user, [p.anna, p.ben], [130, 100])
    money_services.match_settle(match=match)
    client.force_login(p.admin.user)
    t = money_selectors.match_sheet_get(p.admin.user, match.pk)["transfers"][0]
    assert t["amount"] == 150  # (130 - 100) points at 0.05 EUR, in cents
    client.post(
        f"/settlements/match/{match.pk}/paid/",
        {"payer": t["payer"], "payee": t["payee"], "amount": t["amount"]},
    )
    page = client.get(f"/settlements/match/{match.pk}/").content.decode()
    rows = re.findall(
        r'<tr><th scope="row">([^<]+)</th><td>([^<]+)</td><td>([^<]+)</td>', page
    )
    paid = {name: cell for name, _settled, cell in rows}
    assert {paid["Anna"], paid["Ben"]} <= {
        t["amount_display"],
        f"-{t['amount_display']}",
        f"−{t['amount_display']}",
    }
    assert "1.50" in paid["Ben"] and "150" not in paid.values()
