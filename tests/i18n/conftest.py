"""The score book's club, people and match (tests.scoring.conftest), for the
language tests."""

from tests.scoring.conftest import club, match, people  # noqa: F401
