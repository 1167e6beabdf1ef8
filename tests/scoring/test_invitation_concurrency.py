"""Eight people accept a three-use invitation at the same moment: exactly three
acceptances, five refusals (``invitation_used``), and no account linked twice.

PostgreSQL, real transactions in threads released by a barrier (the invitation row
is locked while its acceptances are counted)."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.errors import DomainError
from scoring.models import InvitationAcceptance, Membership
from tests.scoring.factories import UserFactory
from tests.scoring.test_concurrency import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_capped_invitation_is_never_used_more_than_its_cap(club, people):
    invitation = services.invitation_create(club=club, max_uses=3, by=people.admin.user)
    users = [UserFactory(username=f"racer{i}") for i in range(8)]

    def accept(user):
        return lambda: services.invitation_accept(
            token=invitation.token, display_name=user.username, by=user
        )

    results = race(*(accept(u) for u in users))
    taken = [r for r in results if isinstance(r, InvitationAcceptance)]
    refused = [r for r in results if isinstance(r, DomainError)]
    assert len(taken) == 3, results
    assert len(refused) == 5 and {r.code for r in refused} == {"invitation_used"}
    assert InvitationAcceptance.objects.filter(invitation=invitation).count() == 3
    assert Membership.objects.filter(club=club, player__user__in=users).count() == 3
