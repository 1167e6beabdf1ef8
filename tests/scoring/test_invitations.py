"""Invitations: made by a club admin, accepted by a person (a new account or a
signed-in one), capped, expiring, revoked; the pages and the API."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from scoring import services
from scoring.errors import Conflict, DomainError, NotAllowed, NotFound
from scoring.models import Invitation, InvitationAcceptance, Membership, Player, Role
from tests.scoring.factories import ClubFactory, PlayerFactory, UserFactory, member

pytestmark = pytest.mark.django_db


def invite(club, people, **kwargs):
    return services.invitation_create(club=club, by=people.admin.user, **kwargs)


def test_only_a_club_admin_invites(club, people):
    for player in (people.scorer, people.member):
        with pytest.raises(NotAllowed):
            services.invitation_create(club=club, by=player.user)
    with pytest.raises(NotAllowed):
        services.invitation_create(club=club, by=people.outsider)
    assert not Invitation.objects.exists()


@pytest.mark.parametrize(
    ("kwargs", "path", "code"),
    [
        ({"role": "owner"}, "role", "invalid_choice"),
        ({"max_uses": 0}, "max_uses", "out_of_range"),
        ({"max_uses": 101}, "max_uses", "out_of_range"),
        ({"max_uses": True}, "max_uses", "out_of_range"),
        ({"days": 0}, "days", "out_of_range"),
        ({"days": 91}, "days", "out_of_range"),
        ({"note": "x" * 121}, "note", "too_long"),
    ],
)
def test_bad_invitations_name_the_field(club, people, kwargs, path, code):
    with pytest.raises(DomainError) as caught:
        invite(club, people, **kwargs)
    assert (caught.value.path, caught.value.code) == (path, code)


def test_an_invitation_for_a_player_needs_an_unlinked_player_of_the_club(club, people):
    with pytest.raises(DomainError) as caught:
        invite(club, people, player=people.member)  # has an account
    assert caught.value.code == "player_has_account"
    stranger = PlayerFactory(user=None)
    with pytest.raises(DomainError) as caught:
        invite(club, people, player=stranger)
    assert (caught.value.path, caught.value.code) == ("player", "not_found")
    guest = services.player_add(
        club=club, display_name="Veera", guest=True, by=people.admin.user
    )
    with pytest.raises(DomainError) as caught:
        invite(club, people, player=guest, max_uses=2)
    assert caught.value.code == "single_use"
    assert invite(club, people, player=guest).player == guest


def test_accepting_a_player_invitation_links_the_account(club, people):
    guest = services.player_add(
        club=club, display_name="Veera", guest=True, by=people.admin.user
    )
    invitation = invite(club, people, player=guest, role=Role.SCORER)
    veera = UserFactory(username="veera")
    accepted = services.invitation_accept(token=invitation.token, by=veera)
    guest.refresh_from_db()
    assert guest.user == veera
    assert accepted.player == guest
    membership = Membership.objects.get(club=club, player=guest)
    assert (membership.role, membership.is_guest) == (Role.SCORER, False)


def test_accepting_an_open_invitation_makes_a_player(club, people):
    invitation = invite(club, people, max_uses=3)
    newcomer = UserFactory(username="newcomer")
    with pytest.raises(DomainError) as caught:
        services.invitation_accept(token=invitation.token, by=newcomer)
    assert (caught.value.path, caught.value.code) == ("display_name", "required")
    services.invitation_accept(
        token=invitation.token, display_name="Uusi Pelaaja", by=newcomer
    )
    player = Player.objects.get(user=newcomer)
    assert player.display_name == "Uusi Pelaaja"
    assert Membership.objects.get(club=club, player=player).role == Role.MEMBER


def test_an_account_with_a_player_joins_with_it_and_keeps_a_higher_role(club, people):
    other = ClubFactory()
    visitor = member(other, Role.ADMIN, "Vieras")
    services.invitation_accept(
        token=invite(club, people, role=Role.SCORER).token, by=visitor.user
    )
    assert Membership.objects.get(club=club, player=visitor).role == Role.SCORER
    assert Player.objects.filter(user=visitor.user).count() == 1
    # A member invitation never lowers the scorer role.
    services.invitation_accept(token=invite(club, people).token, by=visitor.user)
    assert Membership.objects.get(club=club, player=visitor).role == Role.SCORER


def test_an_account_with_another_player_cannot_take_a_players_invitation(club, people):
    guest = services.player_add(
        club=club, display_name="Veera", guest=True, by=people.admin.user
    )
    invitation = invite(club, people, player=guest)
    with pytest.raises(Conflict) as caught:
        services.invitation_accept(token=invitation.token, by=people.member.user)
    assert caught.value.code == "account_has_player"
    guest.refresh_from_db()
    assert guest.user is None


def test_single_use_capped_expired_and_revoked(club, people):
    once = invite(club, people)
    services.invitation_accept(token=once.token, display_name="A", by=UserFactory())
    with pytest.raises(DomainError) as caught:
        services.invitation_accept(token=once.token, display_name="B", by=UserFactory())
    assert (caught.value.path, caught.value.code) == ("token", "invitation_used")

    twice = invite(club, people, max_uses=2)
    for name in ("C", "D"):
        services.invitation_accept(
            token=twice.token, display_name=name, by=UserFactory()
        )
    with pytest.raises(DomainError):
        services.invitation_accept(
            token=twice.token, display_name="E", by=UserFactory()
        )
    assert InvitationAcceptance.objects.filter(invitation=twice).count() == 2

    late = invite(club, people)
    Invitation.objects.filter(pk=late.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    with pytest.raises(DomainError) as caught:
        services.invitation_accept(token=late.token, display_name="F", by=UserFactory())
    assert caught.value.code == "invitation_expired"

    withdrawn = invite(club, people)
    with pytest.raises(NotAllowed):
        services.invitation_revoke(invitation=withdrawn, by=people.scorer.user)
    services.invitation_revoke(invitation=withdrawn, by=people.admin.user)
    with pytest.raises(DomainError) as caught:
        services.invitation_accept(
            token=withdrawn.token, display_name="G", by=UserFactory()
        )
    assert caught.value.code == "invitation_revoked"
    assert Invitation.objects.filter(pk=withdrawn.pk).exists()  # a mark, not a delete


def test_accepting_twice_is_one_acceptance(club, people):
    invitation = invite(club, people)
    user = UserFactory()
    first = services.invitation_accept(
        token=invitation.token, display_name="A", by=user
    )
    again = services.invitation_accept(token=invitation.token, by=user)
    assert again.pk == first.pk


def test_unknown_token_is_not_found(people):
    with pytest.raises(NotFound):
        services.invitation_accept(token="nope", by=people.member.user)


# -- pages ---------------------------------------------------------------------------


def test_the_admin_makes_an_invitation_on_the_page_and_sees_its_qr(
    client, club, people
):
    client.force_login(people.admin.user)
    url = reverse("scoring:invitations", kwargs={"club_id": club.pk})
    bad = client.post(url, {"role": "member", "max_uses": 0, "days": 7})
    assert bad.status_code == 400
    assert b"max_uses" in bad.content
    response = client.post(url, {"role": "scorer", "max_uses": 5, "days": 3})
    invitation = Invitation.objects.get()
    assert response.status_code == 302
    page = client.get(response.url)
    assert page.status_code == 200
    assert invitation.token.encode() in page.content
    assert b'src="data:image/svg+xml' in page.content


def test_invitation_pages_are_for_admins(client, club, people):
    url = reverse("scoring:invitations", kwargs={"club_id": club.pk})
    client.force_login(people.member.user)
    assert client.get(url).status_code == 403
    client.force_login(people.outsider)
    assert client.get(url).status_code == 404


def test_a_new_person_makes_an_account_on_the_accept_page(client, club, people):
    invitation = invite(club, people, role=Role.SCORER)
    url = reverse("scoring:invitation-accept", kwargs={"token": invitation.token})
    assert client.get(url).status_code == 200
    bad = client.post(
        url,
        {"username": "kaisa", "password1": "Pitkä salasana 7", "password2": "other"},
    )
    assert bad.status_code == 400
    assert b"password2" in bad.content
    assert not get_user_model().objects.filter(username="kaisa").exists()
    response = client.post(
        url,
        {
            "username": "kaisa",
            "password1": "Pitkä salasana 7",
            "password2": "Pitkä salasana 7",
            "display_name": "Kaisa",
        },
    )
    assert response.status_code == 302
    kaisa = get_user_model().objects.get(username="kaisa")
    assert Membership.objects.get(club=club, player__user=kaisa).role == Role.SCORER
    assert client.get(reverse("scoring:my-games")).status_code == 200  # signed in


def test_a_used_invitation_makes_no_account(client, club, people):
    invitation = invite(club, people)
    services.invitation_accept(
        token=invitation.token, display_name="A", by=UserFactory()
    )
    url = reverse("scoring:invitation-accept", kwargs={"token": invitation.token})
    assert b"has been used" in client.get(url).content
    response = client.post(
        url,
        {
            "username": "late",
            "password1": "Pitkä salasana 7",
            "password2": "Pitkä salasana 7",
            "display_name": "Late",
        },
    )
    assert response.status_code == 400
    assert not get_user_model().objects.filter(username="late").exists()


# -- API -----------------------------------------------------------------------------


def test_api_invitations(api_client, club, people):
    api_client.force_authenticate(people.admin.user)
    url = reverse("api:club-invitation-list", kwargs={"club_id": club.pk})
    bad = api_client.post(url, {"role": "member", "max_uses": "2"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["path"] == "max_uses"
    made = api_client.post(url, {"role": "scorer", "days": 2}, format="json")
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["role"] == "scorer" and body["state"] == "open"
    assert body["url"].endswith(f"/invite/{body['token']}/")
    assert [i["id"] for i in api_client.get(url).json()["results"]] == [body["id"]]

    api_client.force_authenticate(people.outsider)
    accept = reverse("api:invitation-accept")
    answer = api_client.post(
        accept, {"token": body["token"], "display_name": "Ulla"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["club"] == club.pk

    api_client.force_authenticate(people.admin.user)
    revoke = reverse(
        "api:club-invitation-revoke",
        kwargs={"club_id": club.pk, "invitation_id": body["id"]},
    )
    assert api_client.post(revoke).json()["state"] == "revoked"

    api_client.force_authenticate(people.member.user)
    assert api_client.get(url).status_code == 403


def test_a_signed_in_person_accepts_with_one_tap(client, club, people):
    other = ClubFactory()
    visitor = member(other, Role.MEMBER, "Vieras")
    invitation = invite(club, people)
    url = reverse("scoring:invitation-accept", kwargs={"token": invitation.token})
    client.force_login(visitor.user)
    page = client.get(url)
    assert b'id="accept"' in page.content and b"signup-form" not in page.content
    assert client.post(url).status_code == 302
    assert Membership.objects.filter(club=club, player=visitor).exists()


def test_my_games_lists_my_matches_and_outcomes(client, club, people):
    from tests.scoring.factories import race_match

    by = people.scorer.user
    won = race_match(club, by, [people.member, people.opponent])
    services.deal_submit(match=won, number=1, input={"points": [100, 0]}, by=by)
    services.match_finish(match=won, by=by)
    lost = race_match(club, by, [people.opponent, people.member])
    services.deal_submit(match=lost, number=1, input={"points": [100, 3]}, by=by)
    services.match_finish(match=lost, by=by)
    playing = race_match(club, by, [people.member, people.opponent])
    race_match(club, by, [people.scorer, people.opponent])  # not Mervi's
    client.force_login(people.member.user)
    page = client.get(reverse("scoring:my-games")).content.decode()
    assert "won 1, shared 0, lost 1, in progress 1" in page
    for match, outcome in ((won, "won"), (lost, "lost"), (playing, "in progress")):
        assert f'data-outcome="{outcome}"><a href="/matches/{match.pk}/"' in page
    assert page.count("data-outcome=") == 3
    client.force_login(people.outsider)
    assert b"no-player" in client.get(reverse("scoring:my-games")).content


def test_a_signed_in_account_without_a_player_gives_its_name(client, club, people):
    invitation = invite(club, people)
    url = reverse("scoring:invitation-accept", kwargs={"token": invitation.token})
    client.force_login(people.outsider)
    assert b'name="display_name"' in client.get(url).content
    refused = client.post(url, {})
    assert refused.status_code == 400 and b"say the name" in refused.content
    assert client.post(url, {"display_name": "Ulla"}).status_code == 302
    assert Player.objects.get(user=people.outsider).display_name == "Ulla"


def test_a_merge_moves_the_invitation_to_the_kept_player(club, people):
    keep = services.player_add(
        club=club, display_name="Veera", guest=True, by=people.admin.user
    )
    twin = services.player_add(
        club=club,
        display_name="veera",
        guest=True,
        allow_duplicate=True,
        by=people.admin.user,
    )
    invitation = invite(club, people, player=twin)
    services.player_merge(club=club, keep=keep, merge=twin, by=people.admin.user)
    invitation.refresh_from_db()
    assert invitation.player == keep
    services.invitation_accept(token=invitation.token, by=UserFactory(username="v"))
    keep.refresh_from_db()
    assert keep.user.username == "v"
