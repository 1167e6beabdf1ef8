"""The tournaments API reads JSON bodies only, as the score book's API does.

Found by the schemathesis run (tests/tournaments/test_api_fuzz.py): a form-encoded
body of more fields than Django's ``DATA_UPLOAD_MAX_NUMBER_FIELDS`` was answered
with Django's HTML 400 page instead of the API's error shape. Form bodies are now
refused with a JSON 415; a JSON list of more than a thousand names is no problem.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def entries_url(club, director):
    tournament = services.tournament_create(
        club=club, name="Open", game="sleazy", format="swiss", by=director
    )
    return reverse("api:tournament-entry-list", kwargs={"tournament_id": tournament.pk})


def test_a_form_body_of_many_fields_is_a_json_415(api_client, director, entries_url):
    api_client.force_authenticate(director)
    response = api_client.post(
        entries_url, {"names": [f"P{i}" for i in range(1500)]}, format="multipart"
    )
    assert response.status_code == 415
    assert response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["code"] == "unsupported_media_type"


def test_a_json_list_longer_than_the_form_field_limit_is_read(
    api_client, director, entries_url, settings
):
    """The field limit concerns form bodies only (kept low here to stay quick)."""
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    api_client.force_authenticate(director)
    names = [f"P{i}" for i in range(12)]
    response = api_client.post(entries_url, {"names": names}, format="json")
    assert response.status_code == 201, response.json()
    assert [e["name"] for e in response.json()] == names
