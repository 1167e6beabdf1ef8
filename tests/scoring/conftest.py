"""A club with one player of each role, and a two-handed match of the test game; the
browser tests' phone (``browser``, ``table``, ``page`` of :mod:`tests.scoring.browser`)
for every module here by name (a module whose club differs defines its own
``table``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scoring.models import Role
from tests.scoring.browser import browser, page, table  # noqa: F401  (the phone)
from tests.scoring.factories import ClubFactory, UserFactory, member, race_match


@pytest.fixture
def club(db):
    return ClubFactory(name="Kortti", slug="kortti")


@pytest.fixture
def people(club):
    """``admin``, ``scorer``, ``member`` players of ``club``; ``outsider`` user."""
    return SimpleNamespace(
        admin=member(club, Role.ADMIN, "Aino"),
        scorer=member(club, Role.SCORER, "Sami"),
        member=member(club, Role.MEMBER, "Mervi"),
        opponent=member(club, Role.MEMBER, "Olli"),
        outsider=UserFactory(username="outsider"),
    )


@pytest.fixture
def match(club, people):
    """Sami (side 0, the scorer who started it) against Olli (side 1)."""
    return race_match(club, people.scorer.user, [people.scorer, people.opponent])
