"""Erasure (GDPR Art. 17) keeps the results: the player's name becomes a placeholder,
the account is closed and blanked, invitations and tokens stop working; standings,
match totals and the ledger are unchanged, and the erasure itself is recorded."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from scoring.errors import DomainError
from scoring.models import DealRevision, Invitation, PersonErasure, Player, Role
from scoring.portability import erased_name, person_erase
from tests.portability.club import club_of_everything, picture
from tests.scoring.factories import member

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return club_of_everything()


def _player(club, name) -> Player:
    return Player.objects.get(memberships__club=club, display_name=name)


def _admin():
    return get_user_model().objects.get(username="aino")


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _as_erased(picture: dict, old: str, new: str) -> dict:
    """``picture`` with the person's name as the placeholder, its name-sorted lists
    sorted again."""
    renamed = _renamed(picture, old, new)
    renamed["members"] = sorted(renamed["members"], key=repr)
    settled, paid, *rest = renamed["ledger"]
    renamed["ledger"] = (sorted(settled), sorted(paid), *rest)
    return renamed


def _renamed(value, old: str, new: str):
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, dict):
        return {k: _renamed(v, old, new) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_renamed(v, old, new) for v in value)
    return value


def test_erasure_keeps_every_total_standing_and_balance(club):
    anna = _player(club, "Anna")
    admin = Player.objects.get(user__username="aino")
    user = anna.user
    Token.objects.create(user=user)
    invitation = Invitation.objects.create(
        club=club,
        player=anna,
        token="t" * 40,
        expires_at=timezone.now() + timezone.timedelta(days=1),
        created_by=admin.user,
    )
    revisions = DealRevision.objects.filter(by=user).count()
    username = user.username
    before = picture(club)

    erasure = person_erase(player=anna, club=club, by=admin.user)

    anna.refresh_from_db()
    placeholder = erased_name(anna.pk)
    assert anna.display_name == placeholder and anna.short_name == ""
    after = picture(club)
    after["members"] = sorted(after["members"], key=repr)
    user.refresh_from_db()
    # The same, but for the name, and the username the history names (random now).
    expected = _renamed(before, username, user.username)
    assert after == _as_erased(expected, "Anna", placeholder)
    assert "Anna" not in repr(after)
    user.refresh_from_db()
    assert not user.is_active and not user.has_usable_password()
    assert user.username.startswith("erased-") and user.username != "anna"
    assert (user.email, user.first_name, user.last_name) == ("", "", "")
    assert not Token.objects.filter(user=user).exists()
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None
    # The history stays, naming the closed account.
    assert DealRevision.objects.filter(by=user).count() == revisions > 0
    # Who and when, nothing of what was erased.
    assert (erasure.player_id, erasure.by_id) == (anna.pk, admin.user_id)
    assert {f.name for f in PersonErasure._meta.fields} == {
        "id",
        "player_id",
        "by",
        "at",
    }


def test_the_placeholder_is_in_the_clubs_language(club):
    club.language = "fi"
    club.save()
    ben = _player(club, "Ben")
    person_erase(
        player=ben, club=club, by=Player.objects.get(user__username="aino").user
    )
    ben.refresh_from_db()
    assert ben.display_name == f"Poistettu pelaaja {ben.pk}"


def test_only_a_club_admin_erases_and_only_once(club):
    anna, ben = _player(club, "Anna"), _player(club, "Ben")
    with pytest.raises(DomainError) as err:
        person_erase(player=anna, club=club, by=ben.user)
    assert err.value.status_code == 403
    admin = Player.objects.get(user__username="aino").user
    person_erase(player=anna, club=club, by=admin)
    with pytest.raises(DomainError) as err:
        person_erase(player=anna, club=club, by=admin)
    assert err.value.code == "already_erased"


def test_the_page_asks_before_erasing(club):
    cai = _player(club, "Cai")
    admin = Player.objects.get(user__username="aino").user
    url = reverse("scoring:player-erase", args=[club.pk, cai.pk])
    client = _signed_in(admin)
    page = client.get(url)
    assert page.status_code == 200 and b'name="confirm"' in page.content
    unconfirmed = client.post(url, {})
    assert unconfirmed.status_code == 200
    assert "Tick the box" in unconfirmed.content.decode()
    cai.refresh_from_db()
    assert cai.display_name == "Cai"
    done = client.post(url, {"confirm": "erase"})
    assert done.status_code == 302
    cai.refresh_from_db()
    assert cai.display_name == erased_name(cai.pk)
    assert (
        _signed_in(_player(club, "Dan").user)
        .post(
            reverse("scoring:player-erase", args=[club.pk, _player(club, "Dan").pk]),
            {"confirm": "erase"},
        )
        .status_code
        == 403
    )


def test_an_erased_account_cannot_sign_in_again(club):
    dan = _player(club, "Dan")
    username = dan.user.username
    client = _signed_in(dan.user)
    person_erase(
        player=dan, club=club, by=Player.objects.get(user__username="aino").user
    )
    assert client.get(reverse("scoring:my-games")).status_code == 302
    assert not get_user_model().objects.filter(username=username).exists()


def test_the_command_erases_and_asks_without_force(club):
    newcomer = member(club, Role.MEMBER, "Uusi")
    with pytest.raises(CommandError, match="--force"):
        call_command("person_erase", str(newcomer.pk), stdout=io.StringIO())
    out = io.StringIO()
    call_command("person_erase", str(newcomer.pk), "--force", stdout=out)
    newcomer.refresh_from_db()
    assert newcomer.display_name == erased_name(newcomer.pk)
    assert PersonErasure.objects.get(player_id=newcomer.pk).by is None


def test_the_deal_history_names_the_erased_person_by_the_placeholder(club):
    """A revision the person made reads "by Erased player N", not the closed
    account's random username."""
    anna = _player(club, "Anna")
    deal = DealRevision.objects.filter(by=anna.user, kind="entered").first().deal
    person_erase(player=anna, club=club, by=_admin())
    anna.refresh_from_db()
    url = reverse("scoring:deal-correct", args=[deal.match_id, deal.number])
    page = _signed_in(_admin()).get(url).content.decode()
    assert f"by {erased_name(anna.pk)}" in page
    assert "erased-" not in page
