"""The journeys' browser (Debian's Chromium through Playwright, as every browser
test here: :mod:`tests.scoring.browser`)."""

from tests.scoring.browser import browser  # noqa: F401  (fixture)
