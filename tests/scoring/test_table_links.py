"""Table links: signed, scoped to one match, expiring with the match (or its round),
revocable; a guest without an account enters and confirms deals of that match and
nothing else, and each deal's revision says it came through the table link."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from scoring import permissions, selectors, services
from scoring.errors import DomainError, NotAllowed, NotFound
from scoring.models import Deal, DealRevision, DealStatus
from scoring.table_links import TableGuest, table_token_make, table_token_read
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db


def sheet_url(token: str, seat: int | None = None) -> str:
    url = reverse("scoring:table", kwargs={"token": token})
    return url if seat is None else f"{url}?seat={seat}"


def new_url(token: str, seat: int | None = None) -> str:
    url = reverse("scoring:table-deal-new", kwargs={"token": token})
    return url if seat is None else f"{url}?seat={seat}"


def test_a_token_reads_back_and_refuses_tampering(match):
    token = table_token_make(match.pk, 0)
    assert table_token_read(token) == (match.pk, 0)
    value, signature = token.split(":")
    assert table_token_read(f"{match.pk + 1}.0:{signature}") is None
    assert table_token_read(f"{match.pk}.1:{signature}") is None
    assert table_token_read("garbage") is None
    assert table_token_read(value) is None


def test_a_guest_scores_its_own_match_only(club, people, match):
    other = race_match(club, people.scorer.user, [people.scorer, people.opponent])
    guest = TableGuest(match_id=match.pk, seat=1)
    assert permissions.may_score(guest, match)
    assert not permissions.may_score(guest, other)
    assert not permissions.may_correct_closed(guest, match)
    assert not permissions.may_read_club(guest, club)
    with pytest.raises(NotAllowed):
        services.deal_submit(match=other, number=1, input={"points": [1, 0]}, by=guest)
    deal = services.deal_submit(
        match=match, number=1, input={"points": [7, 3]}, by=guest
    )
    assert deal.entered_by is None
    revision = deal.revisions.get()
    assert (revision.via, revision.seat, revision.by) == ("table_link", 1, None)
    # A correction needs the seat (issue 31: a phone keeps its version of a deal
    # another phone entered first); a void stays out of the link's reach.
    with pytest.raises(NotAllowed):
        services.deal_correct(
            match=match,
            number=1,
            input={"points": [1, 1]},
            base_version=1,
            reason="x",
            by=TableGuest(match_id=match.pk),
        )
    with pytest.raises(NotAllowed):
        services.deal_void(match=match, number=1, base_version=1, reason="x", by=guest)
    corrected = services.deal_correct(
        match=match,
        number=1,
        input={"points": [1, 1]},
        base_version=1,
        reason="x",
        by=guest,
    )
    assert corrected.revisions.latest("pk").seat == 1


def test_the_table_link_sheet_and_form_score_a_deal_without_an_account(match):
    token = selectors.table_link_get(match)
    client = Client()
    assert b"Who is this phone?" in client.get(sheet_url(token)).content
    page = client.get(sheet_url(token, 1))
    assert page.status_code == 200
    assert b'id="chosen-seat">Olli<' in page.content
    assert b"Olli" in page.content and b"/clubs/" not in page.content
    form = client.get(new_url(token, 1))
    assert form.status_code == 200
    answer = client.post(new_url(token, 1), {"number": "1", "points": "12 5"})
    assert answer.status_code == 302 and answer.url == sheet_url(token, 1)
    deal = Deal.objects.get(match=match)
    assert deal.input == {"points": [12, 5]}
    assert deal.revisions.get().seat == 1
    bad = client.post(new_url(token), {"number": "2", "points": "x"})
    assert bad.status_code == 400


def test_a_bad_seat_is_a_400_naming_the_seat(match):
    token = selectors.table_link_get(match)
    answer = Client().get(sheet_url(token, 9))
    assert answer.status_code == 400 and b"seat" in answer.content
    with pytest.raises(DomainError) as caught:
        selectors.table_guest_get(token, "nine")
    assert caught.value.path == "seat"


def test_a_table_link_never_opens_another_page(match):
    token = selectors.table_link_get(match)
    client = Client()
    assert client.get(sheet_url(token)).status_code == 200
    for name, kwargs in (
        ("scoring:sheet", {"match_id": match.pk}),
        ("scoring:deal-new", {"match_id": match.pk}),
        ("scoring:club", {"club_id": match.club_id}),
        ("scoring:table-link", {"match_id": match.pk}),
    ):
        assert client.get(reverse(name, kwargs=kwargs)).status_code == 302  # log in
    forged = token.replace(f"{match.pk}.", f"{match.pk + 1}.", 1)
    assert client.get(sheet_url(forged)).status_code == 404


def test_revoking_withdraws_the_old_link(people, match):
    token = selectors.table_link_get(match)
    with pytest.raises(NotAllowed):
        services.table_link_revoke(match=match, by=people.scorer.user)
    services.table_link_revoke(match=match, reason="phone lost", by=people.admin.user)
    assert Client().get(sheet_url(token)).status_code == 410
    fresh = selectors.table_link_get(match)
    assert fresh != token
    assert Client().get(sheet_url(fresh)).status_code == 200


def test_the_link_shows_the_final_sheet_once_the_match_is_finished(people, match):
    """The deciding deal finishes the match: the table's phones then see its
    final sheet, read only; entering another deal is refused (410)."""
    token = selectors.table_link_get(match)
    guest = TableGuest(match_id=match.pk, seat=0)
    services.deal_submit(match=match, number=1, input={"points": [100, 0]}, by=guest)
    answer = Client().get(sheet_url(token))
    html = answer.content.decode()
    assert answer.status_code == 200 and 'id="table-link-closed"' in html
    assert 'data-event="finished_by_rules"' in html and 'id="enter-deal"' not in html
    new = reverse("scoring:table-deal-new", kwargs={"token": token})
    answer = Client().get(new)
    assert answer.status_code == 410 and b"expired" in answer.content
    with pytest.raises(NotFound):
        selectors.table_guest_get("nope:nope")


def test_double_entry_seats_confirm_each_other(club, people):
    match = race_match(
        club,
        people.scorer.user,
        [people.scorer, people.opponent],
        double_entry=True,
    )
    seat0, seat1 = TableGuest(match.pk, 0), TableGuest(match.pk, 1)
    deal = services.deal_submit(
        match=match, number=1, input={"points": [5, 5]}, by=seat0
    )
    assert deal.status == DealStatus.PENDING
    for refused, code in (
        (seat0, "same_person"),
        (TableGuest(match.pk), "seat_required"),
    ):
        with pytest.raises(NotAllowed) as caught:
            services.deal_confirm(match=match, number=1, base_version=1, by=refused)
        assert caught.value.code == code
    confirmed = services.deal_confirm(match=match, number=1, base_version=1, by=seat1)
    assert confirmed.status == DealStatus.COUNTED
    assert list(
        DealRevision.objects.filter(deal=deal).values_list("kind", "via", "seat")
    ) == [("entered", "table_link", 0), ("confirmed", "table_link", 1)]
    # An unseated guest enters nothing (whose side would confirm it?).
    with pytest.raises(NotAllowed) as caught:
        services.deal_submit(
            match=match, number=2, input={"points": [1, 1]}, by=TableGuest(match.pk)
        )
    assert (caught.value.code, caught.value.path) == ("seat_required", "seat")
    assert not Deal.objects.filter(match=match, number=2).exists()


def test_scorers_see_the_link_page_members_do_not(client, club, people, match):
    url = reverse("scoring:table-link", kwargs={"match_id": match.pk})
    client.force_login(people.scorer.user)
    page = client.get(url)
    assert page.status_code == 200
    assert selectors.table_link_get(match).encode() in page.content
    assert b'src="data:image/svg+xml' in page.content
    assert client.post(url, {"reason": "x"}).status_code == 403
    client.force_login(people.member.user)
    assert client.get(url).status_code == 403
    client.force_login(people.admin.user)
    assert client.post(url, {"reason": "lost"}).status_code == 302
    assert match.table_link_revocations.count() == 1


def test_api_table_link(api_client, people, match):
    url = reverse("api:match-table-link", kwargs={"match_id": match.pk})
    api_client.force_authenticate(people.scorer.user)
    body = api_client.get(url).json()
    assert body["token"] == selectors.table_link_get(match)
    assert body["url"].endswith(sheet_url(body["token"]))
    revoke = reverse("api:match-table-link-revoke", kwargs={"match_id": match.pk})
    assert api_client.post(revoke, {}, format="json").status_code == 403
    api_client.force_authenticate(people.admin.user)
    long = api_client.post(revoke, {"reason": "x" * 201}, format="json")
    assert long.status_code == 400 and long.json()["errors"][0]["path"] == "reason"
    fresh = api_client.post(revoke, {"reason": "lost"}, format="json").json()
    assert fresh["token"] != body["token"]
    api_client.force_authenticate(people.member.user)
    assert api_client.get(url).status_code == 403


def test_admin_lists_invitations_and_revokes_them(client, club, people):
    from django.contrib.auth import get_user_model

    invitation = services.invitation_create(club=club, by=people.admin.user)
    staff = get_user_model().objects.create_superuser("boss", password="pw")
    client.force_login(staff)
    listing = client.get(reverse("admin:scoring_invitation_changelist"))
    assert listing.status_code == 200
    page = client.get(reverse("admin:scoring_invitation_change", args=[invitation.pk]))
    assert page.status_code == 200
    assert invitation.token.encode() not in page.content  # the secret is not shown
    # A superuser without a player is no club admin: the service refuses.
    client.post(
        reverse("admin:scoring_invitation_changelist"),
        {"action": "revoke", "_selected_action": [invitation.pk]},
    )
    invitation.refresh_from_db()
    assert invitation.revoked_at is None
    people.admin.user.is_staff = people.admin.user.is_superuser = True
    people.admin.user.save()
    client.force_login(people.admin.user)
    client.post(
        reverse("admin:scoring_invitation_changelist"),
        {"action": "revoke", "_selected_action": [invitation.pk]},
    )
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None
    assert (
        client.get(
            reverse("admin:scoring_invitation_delete", args=[invitation.pk])
        ).status_code
        == 403
    )


def test_the_history_says_through_the_table_link(client, people, match):
    services.deal_submit(
        match=match, number=1, input={"points": [3, 4]}, by=TableGuest(match.pk, 1)
    )
    client.force_login(people.scorer.user)
    page = client.get(
        reverse("scoring:deal-correct", kwargs={"match_id": match.pk, "number": 1})
    )
    assert b"through the table link (seat 2)" in page.content
    api = client.get(
        reverse("api:match-deal-detail", kwargs={"match_id": match.pk, "number": 1})
    ).json()
    assert [(r["via"], r["seat"], r["by"]) for r in api["revisions"]] == [
        ("table_link", 1, None)
    ]


@given(
    match_id=st.integers(1, 2**40),
    generation=st.integers(0, 10_000),
    position=st.integers(0, 200),
    char=st.sampled_from("0123456789abcdefABCDEF-_:."),
)
def test_property_a_token_changed_anywhere_is_refused(
    match_id, generation, position, char
):
    token = table_token_make(match_id, generation)
    assert table_token_read(token) == (match_id, generation)
    i = position % len(token)
    changed = token[:i] + char + token[i + 1 :]
    if changed != token:
        assert table_token_read(changed) is None


def test_club_table_cards_print_every_match_in_progress(client, club, people, match):
    other = race_match(club, people.scorer.user, [people.member, people.opponent])
    done = race_match(club, people.scorer.user, [people.member, people.opponent])
    services.deal_submit(
        match=done, number=1, input={"points": [100, 0]}, by=people.scorer.user
    )
    services.match_finish(match=done, by=people.scorer.user)
    url = reverse("scoring:club-table-cards", kwargs={"club_id": club.pk})
    client.force_login(people.admin.user)
    html = client.get(url).content.decode()
    assert html.count("data-table-card") == 2
    for open_match in (match, other):
        token = selectors.table_link_get(open_match)
        assert reverse("scoring:table", kwargs={"token": token}) in html
    assert f"#{done.pk}</h2>" not in html
    client.force_login(people.scorer.user)
    assert client.get(url).status_code == 403
    client.force_login(people.outsider)
    assert client.get(url).status_code == 404
