"""The admin shows the score book and cannot delete or edit its history."""

import pytest

from scoring import services

pytestmark = pytest.mark.django_db


def test_admin_pages_render_and_refold(admin_client, match, people):
    services.deal_submit(
        match=match, number=1, input={"points": [10, 0]}, by=people.scorer.user
    )
    for url in (
        "/admin/scoring/match/",
        f"/admin/scoring/match/{match.pk}/change/",
        "/admin/scoring/deal/",
        f"/admin/scoring/deal/{match.deals.get().pk}/change/",
        "/admin/scoring/club/",
        "/admin/scoring/player/",
    ):
        assert admin_client.get(url).status_code == 200, url
    response = admin_client.post(
        "/admin/scoring/match/",
        {"action": "refold", "_selected_action": [match.pk]},
    )
    assert response.status_code == 302
    assert (
        admin_client.get(
            f"/admin/scoring/deal/{match.deals.get().pk}/delete/"
        ).status_code
        == 403
    )
