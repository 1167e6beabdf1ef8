"""An existing account joins a club only by accepting an invitation addressed to
it, and the invitation form does not tell whether a username exists (issue 29.9).

Before: "add an account" put the account's player straight into the club, and
answered "no account with this username" — any signed-in user could make a club
and learn which usernames exist.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import selectors, services
from scoring.errors import DomainError, NotAllowed, NotFound
from scoring.models import Invitation, Membership, Role
from tests.scoring.factories import ClubFactory, UserFactory, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def pata():
    """Another club, its admin Pekka."""
    club = ClubFactory(name="Pata", slug="pata")
    return club, member(club, Role.ADMIN, "Pekka")


def send(pata, username, **kwargs):
    club, boss = pata
    return services.invitation_send(
        club=club, username=username, by=boss.user, **kwargs
    )


def test_inviting_an_account_adds_nobody_until_they_accept(people, pata):
    club, _boss = pata
    olli = people.opponent
    invitation = send(pata, olli.user.username, role=Role.SCORER)
    assert invitation is not None and invitation.invitee == olli.user
    assert not Membership.objects.filter(club=club, player=olli).exists()
    assert selectors.invitation_pending_list(olli.user) == [invitation]
    services.invitation_accept(token=invitation.token, by=olli.user)
    joined = Membership.objects.get(club=club, player=olli)
    assert joined.role == Role.SCORER
    assert selectors.invitation_pending_list(olli.user) == []


def test_a_declined_invitation_adds_nobody_and_cannot_be_accepted(people, pata):
    club, _boss = pata
    olli = people.opponent
    invitation = send(pata, olli.user.username)
    services.invitation_decline(invitation=invitation, by=olli.user)
    assert selectors.invitation_pending_list(olli.user) == []
    with pytest.raises(DomainError) as caught:
        services.invitation_accept(token=invitation.token, by=olli.user)
    assert caught.value.code == "invitation_declined"
    assert not Membership.objects.filter(club=club, player=olli).exists()


def test_only_the_invitee_accepts_or_declines(people, pata):
    invitation = send(pata, people.opponent.user.username)
    for other in (people.member.user, people.outsider):
        with pytest.raises(NotFound):
            services.invitation_accept(token=invitation.token, by=other)
        with pytest.raises(NotFound):
            services.invitation_decline(invitation=invitation, by=other)
    assert not invitation.acceptances.exists()


def test_nothing_is_sent_to_an_unknown_name_a_member_or_twice(people, pata, club):
    assert send(pata, "nobody-at-all") is None
    pekka = pata[1]
    assert send(pata, pekka.user.username) is None  # already a member
    first = send(pata, people.opponent.user.username)
    assert first is not None
    assert send(pata, people.opponent.user.username) is None  # one is open
    assert Invitation.objects.filter(club=pata[0]).count() == 1


def test_only_a_club_admin_sends_invitations(people, club):
    with pytest.raises(NotAllowed):
        services.invitation_send(
            club=club, username=people.outsider.username, by=people.member.user
        )


def test_an_account_without_a_player_gets_one_named_after_it(pata):
    fresh = UserFactory(username="uusi")
    invitation = send(pata, "uusi")
    services.invitation_accept(token=invitation.token, by=fresh)
    joined = Membership.objects.get(club=pata[0], player__user=fresh)
    assert joined.player.display_name == "uusi"


def _answer(client, club, username):
    response = client.post(
        reverse("scoring:players", args=[club.pk]),
        {"action": "account", "acc-username": username, "acc-role": "member"},
        follow=True,
    )
    assert response.status_code == 200
    return [str(m) for m in response.context["messages"]]


def test_the_page_answers_the_same_whether_the_username_exists(client, people):
    """Anyone may make a club and try usernames: the answer tells them nothing."""
    stranger = UserFactory(username="stranger")
    client.force_login(stranger)
    own = services.club_create(name="Probe", slug="probe", by=stranger)
    known = _answer(client, own, people.opponent.user.username)
    unknown = _answer(client, own, "no-such-user-here")
    assert known == unknown
    assert "If an account with this username exists" in known[0]
    assert not Membership.objects.filter(club=own, player=people.opponent).exists()


def test_the_api_answers_the_same_whether_the_username_exists(api_client, people, pata):
    club, boss = pata
    api_client.force_authenticate(boss.user)
    url = reverse("api:people-add-account", args=[club.pk])
    known = api_client.post(
        url, {"username": people.opponent.user.username}, format="json"
    )
    unknown = api_client.post(url, {"username": "no-such-user"}, format="json")
    assert known.status_code == unknown.status_code == 202
    assert known.json() == unknown.json()
    assert not Membership.objects.filter(club=club, player=people.opponent).exists()


def test_the_invitee_accepts_and_declines_on_my_games(client, people, pata):
    club, _boss = pata
    olli = people.opponent
    other = ClubFactory(name="Risti", slug="risti")
    risti_boss = member(other, Role.ADMIN, "Riku")
    first = send(pata, olli.user.username)
    second = services.invitation_send(
        club=other, username=olli.user.username, by=risti_boss.user
    )
    client.force_login(olli.user)
    page = client.get(reverse("scoring:my-games"))
    html = page.content.decode()
    assert 'id="pending-invitations"' in html
    assert "Pata" in html and "Risti" in html
    respond = "scoring:invitation-respond"
    accepted = client.post(reverse(respond, args=[first.pk]), {"action": "accept"})
    assert accepted.status_code == 302
    assert Membership.objects.filter(club=club, player=olli).exists()
    declined = client.post(reverse(respond, args=[second.pk]), {"action": "decline"})
    assert declined.status_code == 302
    assert not Membership.objects.filter(club=other, player=olli).exists()
    assert (
        'id="pending-invitations"'
        not in client.get(reverse("scoring:my-games")).content.decode()
    )


def test_someone_else_cannot_answer_an_invitation(client, people, pata):
    invitation = send(pata, people.opponent.user.username)
    client.force_login(people.member.user)
    url = reverse("scoring:invitation-respond", args=[invitation.pk])
    assert client.post(url, {"action": "accept"}).status_code == 404
    accept_page = reverse("scoring:invitation-accept", args=[invitation.token])
    client.post(accept_page, {})
    assert not invitation.acceptances.exists()


def test_the_api_lists_and_declines_pending_invitations(api_client, people, pata):
    invitation = send(pata, people.opponent.user.username)
    api_client.force_authenticate(people.opponent.user)
    listed = api_client.get(reverse("api:invitation-pending-list")).json()
    assert [row["id"] for row in listed] == [invitation.pk]
    assert listed[0]["club_name"] == "Pata"
    api_client.force_authenticate(people.member.user)
    other = api_client.post(reverse("api:invitation-decline", args=[invitation.pk]))
    assert other.status_code == 404
    api_client.force_authenticate(people.opponent.user)
    ok = api_client.post(reverse("api:invitation-decline", args=[invitation.pk]))
    assert ok.status_code == 200
    assert api_client.get(reverse("api:invitation-pending-list")).json() == []


def test_a_notice_is_mailed_only_when_this_server_delivers_mail(
    people, pata, settings, django_capture_on_commit_callbacks
):
    from django.core import mail

    olli, mervi = people.opponent.user, people.member.user
    olli.email, mervi.email = "olli@example.org", "mervi@example.org"
    olli.save(update_fields=["email"])
    mervi.save(update_fields=["email"])
    settings.KIRJURI_MAIL_DELIVERED = False
    with django_capture_on_commit_callbacks(execute=True):
        send(pata, olli.username)
    assert mail.outbox == []
    settings.KIRJURI_MAIL_DELIVERED = True
    with django_capture_on_commit_callbacks(execute=True):
        send(pata, mervi.username)
    assert [m.to for m in mail.outbox] == [["mervi@example.org"]]
    assert "Pata" in mail.outbox[0].subject


def test_signing_in_with_an_invitation_waiting_leads_to_my_games(client, people, pata):
    """ "They will see the invitation when they sign in": the login lands on My
    games with a note, unless the person asked for another page."""
    olli = people.opponent.user
    olli.set_password("olli-pw")
    olli.save(update_fields=["password"])
    plain = client.post(
        "/accounts/login/", {"username": olli.username, "password": "olli-pw"}
    )
    assert plain.status_code == 302 and plain["Location"] == "/"
    client.logout()
    send(pata, olli.username)
    invited = client.post(
        "/accounts/login/",
        {"username": olli.username, "password": "olli-pw"},
        follow=True,
    )
    assert invited.redirect_chain[-1][0] == reverse("scoring:my-games")
    assert "A club has invited you" in invited.content.decode()
    client.logout()
    asked = client.post(
        "/accounts/login/?next=/clubs/",
        {"username": olli.username, "password": "olli-pw", "next": "/clubs/"},
    )
    assert asked["Location"] == "/clubs/"


def test_the_clubs_invitation_list_does_not_show_what_was_sent_by_username(
    client, api_client, people, pata
):
    """A new row in the club's invitations would tell the admin that the
    username exists."""
    club, boss = pata
    before = services.invitation_create(club=club, by=boss.user)
    send(pata, people.opponent.user.username)
    assert list(selectors.invitation_list(club)) == [before]
    api_client.force_authenticate(boss.user)
    listed = api_client.get(reverse("api:club-invitation-list", args=[club.pk]))
    assert [row["id"] for row in listed.json()["results"]] == [before.pk]
    client.force_login(boss.user)
    page = client.get(reverse("scoring:invitations", args=[club.pk]))
    assert page.content.decode().count("card-item") == 1
