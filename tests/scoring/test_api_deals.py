"""Deals through the API: submit, correct, void, sheet, conflicts, errors."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def scorer(people):
    client = APIClient()
    client.force_authenticate(people.scorer.user)
    return client


def url(match, tail=""):
    return f"/api/v1/matches/{match.pk}/{tail}"


def submit(client, match, number, a, b, **extra):
    return client.post(
        url(match, "deals/"),
        {"number": number, "input": {"points": [a, b]}},
        format="json",
        **extra,
    )


def test_submit_returns_the_deal_and_the_match_state(scorer, match):
    response = submit(scorer, match, 1, 30, 5)
    assert response.status_code == 201
    body = response.json()
    assert body["deal"]["number"] == 1
    assert body["deal"]["input"] == {"points": [30, 5]}
    assert body["deal"]["result"]["points"] == [30, 5]
    assert body["match"]["totals"] == [30, 5]
    assert body["match"]["next_deal"]["number"] == 2


def test_an_invalid_deal_is_a_400_with_the_engines_errors(scorer, match):
    response = submit(scorer, match, 1, -1, 5)
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "points.0"
    response = scorer.post(
        url(match, "deals/"), {"number": 1, "input": {"pts": 1}}, format="json"
    )
    assert response.status_code == 400


def test_a_taken_number_is_a_409_with_the_current_state(scorer, match):
    submit(scorer, match, 1, 10, 0)
    response = submit(scorer, match, 1, 20, 0)
    assert response.status_code == 409
    body = response.json()
    assert body["errors"][0]["code"] == "deal_exists"
    assert body["match"]["totals"] == [10, 0]
    assert body["match"]["deals"] == [{"number": 1, "status": "counted", "version": 1}]


def test_correct_void_and_the_sheet(scorer, match):
    submit(scorer, match, 1, 40, 0)
    submit(scorer, match, 2, 5, 0)
    submit(scorer, match, 3, 10, 10)
    response = scorer.post(
        url(match, "deals/1/correct"),
        {"input": {"points": [50, 0]}, "base_version": 1, "reason": "50 not 40"},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["match"]["needs_attention"] is True
    stale = scorer.post(
        url(match, "deals/1/correct"),
        {"input": {"points": [45, 0]}, "base_version": 1, "reason": "again"},
        format="json",
    )
    assert stale.status_code == 409
    assert stale.json()["errors"][0]["code"] == "stale_version"
    response = scorer.post(
        url(match, "deals/2/void"),
        {"base_version": 1, "reason": "never happened"},
        format="json",
    )
    assert response.status_code == 200
    sheet = scorer.get(url(match, "sheet")).json()
    assert [(r["number"], r["status"], r["totals"]) for r in sheet["rows"]] == [
        (1, "counted", [50, 0]),
        (2, "voided", None),
        (3, "counted", [60, 10]),
    ]
    assert sheet["needs_attention"] is False
    assert [s["label"] for s in sheet["sides"]] == ["Sami", "Olli"]
    detail = scorer.get(url(match, "deals/1/")).json()
    assert [r["kind"] for r in detail["revisions"]] == ["entered", "corrected"]
    assert detail["revisions"][1]["reason"] == "50 not 40"


def test_deal_schema_and_filters(scorer, match):
    schema = scorer.get(url(match, "deal-schema")).json()
    assert schema["game"] == "race-test"
    assert "points" in schema["deal_schema"]["properties"]
    submit(scorer, match, 1, 10, 0)
    deals = scorer.get(url(match, "deals/"), {"status": "voided"}).json()
    assert deals["count"] == 0
    matches = scorer.get("/api/v1/matches/", {"game": "race-test", "limit": 1}).json()
    assert matches["count"] == 1 and matches["results"][0]["totals"] == [10, 0]
    calm = scorer.get("/api/v1/matches/", {"needs_attention": "false"}).json()
    assert calm["count"] == 1
    assert scorer.get("/api/v1/matches/", {"needs_attention": "yes"}).status_code == 400
    assert scorer.get("/api/v1/matches/", {"offset": "x"}).status_code == 400


def test_finish_a_decided_match(scorer, match):
    submit(scorer, match, 1, 100, 0)
    response = scorer.post(url(match, "finish"))
    assert response.status_code == 200
    assert response.json()["status"] == "finished"
    assert response.json()["winners"] == [0]
    assert submit(scorer, match, 2, 1, 0).status_code == 409
