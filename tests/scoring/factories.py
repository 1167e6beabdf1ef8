"""factory_boy factories for the score book, and a helper that seats a match.

Matches are started through :func:`scoring.services.match_start` (never built by
hand) so that their fold cache is what the services would store.
"""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

import tests.scoring.racegame  # noqa: F401  (registers the "race-test" game)
from scoring import services
from scoring.models import Club, Match, Membership, Player, Role


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("pw")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    display_name = factory.Sequence(lambda n: f"Player {n}")
    user = factory.SubFactory(UserFactory)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Role.MEMBER


def member(club: Club, role: str = Role.MEMBER, name: str | None = None) -> Player:
    """A new player with a user account, member of ``club`` with ``role``."""
    kwargs = {"display_name": name} if name else {}
    player = PlayerFactory(**kwargs)
    MembershipFactory(club=club, player=player, role=role)
    return player


def race_match(
    club: Club,
    by,
    players: list[Player],
    *,
    sides: tuple[int, ...] | None = None,
    **kwargs,
) -> Match:
    """A match of the test game with ``players`` seated in order."""
    sides = sides or tuple(i % 2 for i in range(len(players)))
    return services.match_start(
        club=club,
        game="race-test",
        seats=list(zip(players, sides, strict=True)),
        by=by,
        **kwargs,
    )
