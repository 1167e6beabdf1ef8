"""The money API and the settlement pages: permissions, errors, CSV, mark paid."""

from __future__ import annotations

import pytest

from money import services as money_services
from money.models import LedgerEntry, Session
from tests.money_service.conftest import play


@pytest.fixture
def settled(club, people):
    p = people
    match = play(club, p.admin.user, [p.anna, p.ben, p.cai, p.dan], [120, 95, 80, 65])
    money_services.match_settle(match=match)
    return match


def test_members_read_a_sheet_outsiders_get_404(api_client, settled, people):
    url = f"/api/v1/matches/{settled.pk}/settlement"
    api_client.force_authenticate(people.member.user)
    body = api_client.get(url).json()
    assert body["total"] == 0
    assert body["proven_minimal"] is True
    assert len(body["transfers"]) == 3
    assert {b["name"]: b["settled"] for b in body["balances"]}["Anna"] == 150
    api_client.force_authenticate(people.outsider)
    assert api_client.get(url).status_code == 404
    api_client.force_authenticate(None)
    assert api_client.get(url).status_code in (401, 403)


def test_only_admins_settle_and_mark_paid(api_client, settled, people):
    api_client.force_authenticate(people.member.user)
    assert (
        api_client.post(f"/api/v1/matches/{settled.pk}/settlement").status_code == 403
    )
    api_client.force_authenticate(people.admin.user)
    sheet = api_client.post(f"/api/v1/matches/{settled.pk}/settlement").json()
    t = sheet["transfers"][0]
    url = f"/api/v1/settlements/match/{settled.pk}/payments"
    body = {"payer": t["payer"], "payee": t["payee"], "amount": t["amount"]}
    api_client.force_authenticate(people.member.user)
    assert api_client.post(url, body, format="json").status_code == 403
    api_client.force_authenticate(people.admin.user)
    response = api_client.post(url, body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["marked_by"] == people.admin.user.get_username()
    again = api_client.post(url, body, format="json")
    assert again.status_code == 409
    assert again.json()["errors"][0]["code"] == "not_an_open_transfer"
    left = api_client.get(f"/api/v1/matches/{settled.pk}/settlement").json()
    assert len(left["transfers"]) == 2


@pytest.mark.parametrize(
    ("body", "code", "path"),
    [
        ({"currency": "XYZ"}, "unknown_currency", "currency"),
        ({"point_value": "0"}, "out_of_range", "point_value"),
        ({"point_value": "-1"}, "out_of_range", "point_value"),
    ],
)
def test_bad_session_input_is_a_400_naming_the_field(
    api_client, club, people, body, code, path
):
    api_client.force_authenticate(people.admin.user)
    data = {"name": "Friday", "currency": "EUR", **body}
    response = api_client.post(
        f"/api/v1/clubs/{club.pk}/sessions/", data, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"path": path, "code": code, "message": response.json()["errors"][0]["message"]}
    ]
    assert not Session.objects.exists()


def test_a_session_through_the_api(api_client, club, people):
    p = people
    api_client.force_authenticate(p.admin.user)
    session = api_client.post(
        f"/api/v1/clubs/{club.pk}/sessions/",
        {"name": "Friday", "currency": "EUR", "point_value": "0.05"},
        format="json",
    ).json()
    match = play(
        club, p.admin.user, [p.anna, p.cai], [520, 385], point_value=None, currency=""
    )
    r = api_client.post(
        f"/api/v1/sessions/{session['id']}/matches", {"match": match.pk}, format="json"
    )
    assert r.status_code == 201, r.json()
    sheet = api_client.get(f"/api/v1/sessions/{session['id']}/settlement").json()
    assert [
        (t["payer_name"], t["payee_name"], t["amount_display"])
        for t in sheet["transfers"]
    ] == [("Cai", "Anna", "6.75 EUR")]
    other = play(club, p.admin.user, [p.anna, p.cai], [1, 0], currency="SEK")
    r = api_client.post(
        f"/api/v1/sessions/{session['id']}/matches", {"match": other.pk}, format="json"
    )
    assert r.status_code == 400 and r.json()["errors"][0]["code"] == "mixed_currencies"


def test_the_printable_page_and_the_csv(client, settled, people):
    client.force_login(people.admin.user)
    page = client.get(f"/settlements/match/{settled.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "proven minimal" in html and "Mark paid" in html and "print.css" in html
    csv = client.get(f"/settlements/match/{settled.pk}/settlement.csv")
    assert csv["Content-Type"].startswith("text/csv")
    text = csv.content.decode()
    assert "Anna" in text and "1.50" in text and "proven minimal" in text
    client.force_login(people.outsider)
    assert client.get(f"/settlements/match/{settled.pk}/").status_code == 404


def test_marking_paid_from_the_page(client, settled, people):
    client.force_login(people.admin.user)
    entries = LedgerEntry.objects.count()
    page = client.get(f"/settlements/match/{settled.pk}/").content.decode()
    assert page.count("Mark paid") == 3
    from money import selectors as money_selectors

    t = money_selectors.match_sheet_get(people.admin.user, settled.pk)["transfers"][0]
    client.post(
        f"/settlements/match/{settled.pk}/paid/",
        {"payer": t["payer"], "payee": t["payee"], "amount": t["amount"]},
    )
    assert LedgerEntry.objects.count() == entries + 1
    page = client.get(f"/settlements/match/{settled.pk}/").content.decode()
    assert page.count("Mark paid") == 2 and "marked by" in page
