"""The score book's club, people and match, and the browser tests' phone
(tests.scoring.conftest, tests.scoring.browser), for the language tests."""

from tests.scoring.browser import browser, page, table  # noqa: F401
from tests.scoring.conftest import club, match, people  # noqa: F401
