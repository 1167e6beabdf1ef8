"""The table link in the API: a phone with no account presents its table's token
and reads that match, enters and confirms its deals (through the pages' services:
the revision says ``via=table_link`` and the seat), and reaches nothing else; a
withdrawn or expired link is a 410 problem in the API's error shape; a retried
submit with the same Idempotency-Key happens once."""

from __future__ import annotations

import pytest
import yaml
from django.test import Client
from django.urls import reverse

from scoring import selectors, services
from scoring.models import Deal, DealRevision, DealStatus
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db


def url(name: str, token: str, seat: int | None = None, **kwargs) -> str:
    address = reverse(f"api:{name}", kwargs={"token": token, **kwargs})
    return address if seat is None else f"{address}?seat={seat}"


def test_a_guest_reads_its_match_and_scores_a_deal(api_client, match):
    token = selectors.table_link_get(match)
    read = api_client.get(url("table-match", token))
    assert read.status_code == 200
    body = read.json()
    assert body["id"] == match.pk and body["status"] == "in_progress"
    assert [seat["player"]["username"] for seat in body["seats"]] == [None, None]
    schema = api_client.get(url("table-deal-schema", token))
    assert schema.status_code == 200 and schema.json()["game"] == "race-test"
    answer = api_client.post(
        url("table-deal-list", token, seat=1),
        {"number": 1, "input": {"points": [12, 5]}},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["match"]["totals"] == [12, 5]
    revision = DealRevision.objects.get(deal__match=match)
    assert (revision.via, revision.seat, revision.by) == ("table_link", 1, None)
    sheet = api_client.get(url("table-sheet", token)).json()
    assert [row["number"] for row in sheet["rows"]] == [1]
    assert sheet["rows"][0]["entered_by"] is None  # accounts stay the members'


def test_a_guest_reaches_no_other_match(api_client, club, people, match):
    other = race_match(club, people.scorer.user, [people.scorer, people.opponent])
    token = selectors.table_link_get(match)
    # The account endpoints see an anonymous caller: the club's matches are not
    # theirs to read, nor to score.
    assert api_client.get(f"/api/v1/matches/{other.pk}/").status_code == 404
    assert api_client.get(f"/api/v1/matches/{match.pk}/").status_code == 404
    deals = f"/api/v1/matches/{match.pk}/deals/"
    refused = api_client.post(
        deals, {"number": 1, "input": {"points": [1, 0]}}, format="json"
    )
    assert refused.status_code in (401, 403)
    # A token changed to name another match is no table link at all.
    forged = token.replace(f"{match.pk}.", f"{other.pk}.", 1)
    for name in ("table-match", "table-sheet", "table-deal-list"):
        answer = api_client.get(url(name, forged))
        assert answer.status_code in (404, 405)
    answer = api_client.post(
        url("table-deal-list", forged),
        {"number": 1, "input": {"points": [1, 0]}},
        format="json",
    )
    assert answer.status_code == 404
    assert answer.json()["errors"][0]["path"] == "token"
    assert not Deal.objects.filter(match=other).exists()
    # A seat that is not the table's is a 400 naming the seat.
    bad = api_client.get(url("table-match", token, seat=9))
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "seat"


def test_a_closed_or_withdrawn_link_is_refused(api_client, people, match):
    token = selectors.table_link_get(match)
    services.table_link_revoke(match=match, reason="phone lost", by=people.admin.user)
    answer = api_client.post(
        url("table-deal-list", token),
        {"number": 1, "input": {"points": [1, 0]}},
        format="json",
    )
    assert answer.status_code == 410
    assert answer.json()["status"] == 410
    assert answer.json()["errors"] == [
        {
            "path": "token",
            "code": "link_revoked",
            "message": answer.json()["errors"][0]["message"],
        }
    ]
    fresh = selectors.table_link_get(match)
    api_client.post(
        url("table-deal-list", fresh, seat=0),
        {"number": 1, "input": {"points": [100, 0]}},
        format="json",
    )
    services.match_finish(match=match, by=people.scorer.user)
    for name in ("table-match", "table-sheet", "table-deal-schema"):
        gone = api_client.get(url(name, fresh))
        assert gone.status_code == 410
        assert gone.json()["title"] == "Gone"
        assert gone.json()["errors"][0]["code"] == "link_expired"
    assert Deal.objects.filter(match=match).count() == 1


def test_a_retried_submit_happens_once(api_client, match):
    token = selectors.table_link_get(match)
    body = {"number": 1, "input": {"points": [7, 3]}}
    first = api_client.post(
        url("table-deal-list", token, seat=0),
        body,
        format="json",
        HTTP_IDEMPOTENCY_KEY="phone-1",
    )
    again = api_client.post(
        url("table-deal-list", token, seat=0),
        body,
        format="json",
        HTTP_IDEMPOTENCY_KEY="phone-1",
    )
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Deal.objects.filter(match=match).count() == 1
    other = api_client.post(
        url("table-deal-list", token, seat=0),
        {"number": 2, "input": {"points": [1, 3]}},
        format="json",
        HTTP_IDEMPOTENCY_KEY="phone-1",
    )
    assert other.status_code == 409
    assert other.json()["errors"][0]["code"] == "idempotency_key_reused"


def test_the_table_keys_are_not_an_accounts_keys(api_client, club, people, match):
    """An account's key and a table's key of the same name are different keys."""
    token = selectors.table_link_get(match)
    api_client.force_authenticate(people.scorer.user)
    own = api_client.post(
        f"/api/v1/matches/{match.pk}/deals/",
        {"number": 1, "input": {"points": [1, 0]}},
        format="json",
        HTTP_IDEMPOTENCY_KEY="same",
    )
    assert own.status_code == 201
    api_client.force_authenticate(None)
    guest = api_client.post(
        url("table-deal-list", token, seat=0),
        {"number": 2, "input": {"points": [0, 1]}},
        format="json",
        HTTP_IDEMPOTENCY_KEY="same",
    )
    assert guest.status_code == 201 and "Idempotent-Replayed" not in guest
    assert Deal.objects.filter(match=match).count() == 2


def test_double_entry_seats_confirm_through_the_api(api_client, club, people):
    match = race_match(
        club, people.scorer.user, [people.scorer, people.opponent], double_entry=True
    )
    token = selectors.table_link_get(match)
    entered = api_client.post(
        url("table-deal-list", token, seat=0),
        {"number": 1, "input": {"points": [5, 4]}},
        format="json",
    )
    assert entered.status_code == 201
    row = api_client.get(url("table-sheet", token)).json()["rows"][0]
    confirm = {"base_version": row["version"]}
    same = api_client.post(
        url("table-deal-confirm", token, seat=0, number=1), confirm, format="json"
    )
    assert same.status_code == 403
    assert same.json()["errors"][0]["code"] == "same_person"
    ok = api_client.post(
        url("table-deal-confirm", token, seat=1, number=1), confirm, format="json"
    )
    assert ok.status_code == 200, ok.content
    assert Deal.objects.get(match=match).status == DealStatus.COUNTED
    assert list(
        DealRevision.objects.filter(deal__match=match).values_list("via", "seat")
    ) == [("table_link", 0), ("table_link", 1)]


def test_the_schema_documents_the_table_link_endpoints():
    schema = yaml.safe_load(Client().get("/api/schema/").content)
    paths = schema["paths"]
    submit = paths["/api/v1/table/{token}/deals/"]["post"]
    names = {p["name"] for p in submit["parameters"]}
    assert {"token", "seat", "Idempotency-Key"} <= names
    assert {"201", "403", "404", "409", "410"} <= set(submit["responses"])
    assert "/api/v1/table/{token}/" in paths
    assert "/api/v1/table/{token}/deals/{number}/confirm" in paths


def test_a_signed_in_phone_acts_as_the_table(people, match):
    """The link is the credential: a phone signed in to an account (a session
    cookie, CSRF checked for accounts) enters the deal as the table, not as the
    account."""
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(people.member.user)
    token = selectors.table_link_get(match)
    answer = phone.post(
        url("table-deal-list", token, seat=0),
        {"number": 1, "input": {"points": [3, 1]}},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    revision = DealRevision.objects.get(deal__match=match)
    assert (revision.via, revision.seat, revision.by) == ("table_link", 0, None)
