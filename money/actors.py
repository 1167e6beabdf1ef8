"""Who acts on the money side, as types.

``User`` is the acting account of a write (``by``; ``None`` for the system: a
Celery task or the reconcile). ``Viewer`` is who reads a sheet — possibly anonymous,
when the selectors answer 404 rather than reveal a club's money.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

User = AbstractBaseUser
Viewer = AbstractBaseUser | AnonymousUser
