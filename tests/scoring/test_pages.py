"""The score-book pages: who may see and use them, and what they show.

They run on the test game ``race-test`` (tests/scoring/racegame.py): each side's
points are entered per deal; 100 wins; a side at 50 or more may not score 1–9.
"""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Deal, DealStatus, Match, MatchStatus
from tests.scoring.factories import ClubFactory, member, race_match

pytestmark = pytest.mark.django_db


def sheet_url(match):
    return reverse("scoring:sheet", kwargs={"match_id": match.pk})


def entry_url(match):
    return reverse("scoring:deal-new", kwargs={"match_id": match.pk})


def correct_url(match, number):
    return reverse(
        "scoring:deal-correct", kwargs={"match_id": match.pk, "number": number}
    )


def enter(client, match, points, number=None):
    number = number or match.deals.count() + 1
    return client.post(
        entry_url(match), {"number": number, "points": " ".join(map(str, points))}
    )


def login(client, player_or_user):
    user = getattr(player_or_user, "user", player_or_user)
    client.force_login(user)
    return client


# -- who may see what ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "status"),
    [("admin", 200), ("scorer", 200), ("member", 200), ("outsider", 404)],
)
def test_sheet_is_for_club_members(client, people, match, who, status):
    """Members of the match's club read the sheet; others get 404."""
    login(client, getattr(people, who))
    assert client.get(sheet_url(match)).status_code == status


def test_sheet_asks_anonymous_visitors_to_log_in(client, match):
    response = client.get(sheet_url(match))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_public_sheet_csv_and_chart_are_open_to_anyone(client, people, match):
    """A public match is read by anyone; the entry page still needs a scorer."""
    services.match_update(match=match, is_public=True, by=people.scorer.user)
    assert client.get(sheet_url(match)).status_code == 200
    assert client.get(reverse("scoring:sheet-csv", args=[match.pk])).status_code == 200
    assert client.get(reverse("scoring:chart", args=[match.pk])).status_code == 200
    login(client, people.outsider)
    assert client.get(sheet_url(match)).status_code == 200
    assert client.get(entry_url(match)).status_code == 403


@pytest.mark.parametrize(
    ("who", "status"),
    [("admin", 200), ("scorer", 200), ("member", 403), ("outsider", 404)],
)
def test_deal_entry_is_for_the_matchs_scorers_and_club_admins(
    client, people, match, who, status
):
    login(client, getattr(people, who))
    assert client.get(entry_url(match)).status_code == status
    response = enter(client, match, [10, 0])
    assert response.status_code == (302 if status == 200 else status)


def test_entry_correction_and_void_need_an_account(client, match, people):
    services.deal_submit(
        match=match, number=1, input={"points": [1, 2]}, by=people.scorer.user
    )
    for url in (
        entry_url(match),
        correct_url(match, 1),
    ):
        response = client.get(url)
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]
    response = client.post(
        reverse("scoring:deal-void", args=[match.pk, 1]),
        {"reason": "x", "base_version": 1},
    )
    assert response.status_code == 302
    assert Deal.objects.get(match=match, number=1).status == DealStatus.COUNTED


def test_another_clubs_objects_answer_404(client, people, match):
    """A scorer of one club cannot reach another club's pages, by any URL."""
    other = ClubFactory()
    stranger = member(other, "admin", "Stranger")
    login(client, stranger)
    for url in (
        sheet_url(match),
        entry_url(match),
        correct_url(match, 1),
        reverse("scoring:sheet-csv", args=[match.pk]),
        reverse("scoring:chart", args=[match.pk]),
        reverse("scoring:club", args=[match.club_id]),
        reverse("scoring:match-new", args=[match.club_id]),
    ):
        assert client.get(url).status_code == 404, url


@pytest.mark.parametrize(
    ("who", "status"),
    [("admin", 200), ("scorer", 200), ("member", 403), ("outsider", 404)],
)
def test_new_match_is_for_club_admins_and_scorers(client, people, club, who, status):
    login(client, getattr(people, who))
    url = reverse("scoring:match-new", args=[club.pk])
    assert client.get(url).status_code == status
    assert client.get(url, {"game": "race-test"}).status_code == status


def test_club_page_lists_members_and_matches(client, people, club, match):
    login(client, people.member)
    response = client.get(reverse("scoring:club", args=[club.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("Aino", "Sami", "Mervi", "Olli"):
        assert name in html
    assert sheet_url(match) in html
    assert "New match" not in html  # a plain member does not start matches


def test_club_admin_adds_a_player(client, people, club):
    login(client, people.admin)
    response = client.post(
        reverse("scoring:club", args=[club.pk]),
        {"display_name": "Pekka", "role": "scorer"},
    )
    assert response.status_code == 302
    assert club.memberships.filter(player__display_name="Pekka", role="scorer").exists()


# -- new match -------------------------------------------------------------------------


def test_start_a_match_through_the_page(client, people, club):
    """Seats, dealer, options from the game's declaration, stake and flags."""
    login(client, people.scorer)
    url = reverse("scoring:match-new", args=[club.pk])
    page = client.get(url, {"game": "race-test", "table": 0}).content.decode()
    assert 'name="options.target"' in page
    response = client.post(
        url,
        {
            "game": "race-test",
            "table": "0",
            "seat_0": people.scorer.pk,
            "seat_1": people.opponent.pk,
            "first_dealer": "1",
            "options.target": "60",
            "options.threshold": "",
            "point_value": "0.05",
            "currency": "eur",
            "is_public": "on",
        },
    )
    assert response.status_code == 302
    match = Match.objects.get()
    assert response["Location"] == sheet_url(match)
    assert match.options == {"target": 60, "threshold": 50}
    assert match.first_dealer == 1
    assert match.currency == "EUR"
    assert match.is_public
    assert [s.player for s in match.seats.order_by("position")] == [
        people.scorer,
        people.opponent,
    ]


def test_new_match_errors_stand_next_to_their_fields(client, people, club):
    """A player seated twice and an option the game refuses are shown where they are."""
    login(client, people.scorer)
    url = reverse("scoring:match-new", args=[club.pk])
    post = {
        "game": "race-test",
        "seat_0": people.scorer.pk,
        "seat_1": people.scorer.pk,
        "first_dealer": "0",
        "options.target": "100",
    }
    response = client.post(url, post)
    assert response.status_code == 400
    html = response.content.decode()
    assert "a player sits at one seat" in html.split('for="id_seat_1"', 1)[1]
    response = client.post(
        url, {**post, "seat_1": people.opponent.pk, "options.target": "0"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    block = html.split('data-path="options.target"', 1)[1].split("</div>", 1)[0]
    assert "Target: at least 1" in block  # the field's label and the rule in words
    assert 'aria-invalid="true"' in block
    assert not Match.objects.exists()


# -- entering, correcting, voiding -----------------------------------------------------


def totals_on_page(html):
    foot = html.split('id="totals"', 1)[1].split("</tr>", 1)[0]
    cells = foot.split('class="total" data-side="')[1:]
    return [int(c.split(">", 1)[1].split("<", 1)[0]) for c in cells]


def test_enter_deals_and_see_running_totals(client, people, match):
    login(client, people.scorer)
    form = client.get(entry_url(match)).content.decode()
    assert 'name="points"' in form
    assert 'name="number" value="1"' in form
    assert enter(client, match, [30, 10]).status_code == 302
    assert enter(client, match, [5, 40]).status_code == 302
    html = client.get(sheet_url(match)).content.decode()
    assert totals_on_page(html) == [35, 50]
    assert "Enter deal 3" in html


def test_rejected_deal_shows_the_error_next_to_the_field_and_keeps_input(
    client, people, match
):
    login(client, people.scorer)
    response = enter(client, match, [-5, 10])
    assert response.status_code == 400
    html = response.content.decode()
    block = html.split('data-path="points"', 1)[1].split("</div>", 1)[0]
    assert "points are never negative" in block
    assert 'value="-5 10"' in block
    assert not match.deals.exists()


def test_stale_deal_number_is_a_conflict(client, people, match):
    """Someone else entered deal 1 meanwhile: 409, nothing is counted twice."""
    services.deal_submit(
        match=match, number=1, input={"points": [1, 2]}, by=people.admin.user
    )
    login(client, people.scorer)
    response = enter(client, match, [3, 4], number=1)
    assert response.status_code == 409
    assert "already been entered" in response.content.decode()
    assert match.deals.count() == 1


def test_correct_a_deal_with_a_reason(client, people, match):
    login(client, people.scorer)
    for points in ([30, 10], [5, 40], [20, 0]):
        enter(client, match, points)
    page = client.get(correct_url(match, 2)).content.decode()
    assert 'value="5 40"' in page
    response = client.post(
        correct_url(match, 2),
        {"points": "15 40", "reason": "misread 5 for 15", "base_version": "1"},
    )
    assert response.status_code == 302
    html = client.get(sheet_url(match)).content.decode()
    assert totals_on_page(html) == [65, 50]
    history = client.get(correct_url(match, 2)).content.decode()
    assert "misread 5 for 15" in history


def test_correction_needs_a_reason_and_a_fresh_version(client, people, match):
    login(client, people.scorer)
    enter(client, match, [30, 10])
    response = client.post(
        correct_url(match, 1), {"points": "20 10", "reason": "", "base_version": "1"}
    )
    assert response.status_code == 400
    response = client.post(
        correct_url(match, 1), {"points": "20 10", "reason": "x", "base_version": "7"}
    )
    assert response.status_code == 409
    assert "has changed since you saw it" in response.content.decode()
    assert match.deals.get().input == {"points": [30, 10]}


def test_correction_that_invalidates_a_later_deal_flags_it(client, people, match):
    """Side 0 reaches 50 after the correction; its 5 points in deal 2 are flagged."""
    login(client, people.scorer)
    enter(client, match, [40, 0])
    enter(client, match, [5, 0])
    client.post(
        correct_url(match, 1), {"points": "50 0", "reason": "50", "base_version": "1"}
    )
    html = client.get(sheet_url(match)).content.decode()
    assert '<tr class="flagged" data-deal="2">' in html
    assert "needs 10 or more" in html
    assert "A deal is flagged" in html


def test_void_a_deal(client, people, match):
    login(client, people.scorer)
    enter(client, match, [30, 10])
    enter(client, match, [5, 40])
    response = client.post(
        reverse("scoring:deal-void", args=[match.pk, 2]),
        {"reason": "dealt twice", "base_version": "1"},
    )
    assert response.status_code == 302
    html = client.get(sheet_url(match)).content.decode()
    assert '<tr class="voided" data-deal="2">' in html
    assert totals_on_page(html) == [30, 10]
    assert "Enter deal 3" in html


def test_winner_is_shown_and_the_match_finished(client, people, match):
    login(client, people.scorer)
    enter(client, match, [60, 10])
    enter(client, match, [50, 10])
    html = client.get(sheet_url(match)).content.decode()
    assert 'id="winner">Winner: Sami' in html
    assert "Enter deal" not in html
    client.post(reverse("scoring:match-finish", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED


def test_double_entry_pending_and_conflict_markers(client, club, people):
    match = race_match(
        club, people.scorer.user, [people.scorer, people.opponent], double_entry=True
    )
    match.scorers.add(people.opponent)
    login(client, people.scorer)
    enter(client, match, [30, 10])
    html = client.get(sheet_url(match)).content.decode()
    assert '<tr class="pending preview" data-deal="1">' in html
    assert "waiting for confirmation" in html
    login(client, people.opponent)
    enter(client, match, [30, 11], number=1)
    html = client.get(sheet_url(match)).content.decode()
    assert '<tr class="conflict" data-deal="1">' in html


def test_confirm_a_pending_deal_from_the_sheet(client, club, people):
    match = race_match(
        club, people.scorer.user, [people.scorer, people.opponent], double_entry=True
    )
    login(client, people.scorer)
    enter(client, match, [30, 10])
    login(client, people.opponent)
    response = client.post(
        reverse("scoring:deal-confirm", args=[match.pk, 1]), {"base_version": "1"}
    )
    assert response.status_code == 302
    assert match.deals.get().status == DealStatus.COUNTED


# -- CSV, chart, print -----------------------------------------------------------------


def test_csv_export(client, people, match):
    login(client, people.scorer)
    enter(client, match, [30, 10])
    enter(client, match, [5, 40])
    response = client.get(reverse("scoring:sheet-csv", args=[match.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    header = rows.index(
        [
            "deal",
            "status",
            "Sami points",
            "Sami total",
            "Olli points",
            "Olli total",
            "verified",
            "errors",
            "entered by",
        ]
    )
    assert rows[header + 1][:6] == ["1", "counted", "30", "30", "10", "10"]
    assert rows[header + 2][:6] == ["2", "counted", "5", "35", "40", "50"]
    assert rows[-1][:6] == ["total", "", "", "35", "", "50"]


def test_chart_svg(client, people, match):
    login(client, people.member)
    services.deal_submit(
        match=match, number=1, input={"points": [1, 2]}, by=people.scorer.user
    )
    response = client.get(reverse("scoring:chart", args=[match.pk]))
    assert response["Content-Type"].startswith("image/svg+xml")
    body = response.content.decode()
    assert body.startswith("<svg") and "<title" in body and "After 1 deal" in body


def test_sheet_links_the_print_stylesheet_and_inlines_the_chart(client, people, match):
    login(client, people.member)
    html = client.get(sheet_url(match)).content.decode()
    assert 'href="/static/css/print.css" media="print"' in html
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="chart"' in html


def test_sheet_queries_do_not_grow_with_deals(
    client, people, match, django_assert_max_num_queries
):
    login(client, people.member)
    for n in range(1, 4):
        services.deal_submit(
            match=match, number=n, input={"points": [1, 1]}, by=people.scorer.user
        )
    with django_assert_max_num_queries(20) as few:
        client.get(sheet_url(match))
    for n in range(4, 14):
        services.deal_submit(
            match=match, number=n, input={"points": [1, 1]}, by=people.scorer.user
        )
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(sheet_url(match))


def test_club_admin_links_a_player_to_an_account(client, people, club):
    from tests.scoring.factories import UserFactory

    UserFactory(username="pekka")
    login(client, people.admin)
    url = reverse("scoring:club", args=[club.pk])
    nobody = client.post(
        url, {"display_name": "P", "username": "nobody", "role": "member"}
    )
    pekka = client.post(
        url, {"display_name": "Pekka", "username": "pekka", "role": "member"}
    )
    # The same answer whether the account exists or not: no account enumeration.
    assert nobody.status_code == pekka.status_code == 302
    assert nobody["Location"] == pekka["Location"]
    assert club.players.get(display_name="Pekka").user.username == "pekka"
    assert club.players.get(display_name="P").user is None


def test_members_cannot_add_players(client, people, club):
    login(client, people.member)
    response = client.post(
        reverse("scoring:club", args=[club.pk]), {"display_name": "X"}
    )
    assert response.status_code == 403
