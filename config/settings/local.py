"""Settings for the run command on a workstation or a club laptop (embedded default)."""

from .base import *  # noqa: F403
from .base import env

DEBUG = env.bool("DEBUG", default=True)
if DEBUG and not SECRET_KEY:  # noqa: F405
    # A development key only: DEBUG is on, so this is never a production server.
    SECRET_KEY = "kirjuri-development-only-not-for-production"
