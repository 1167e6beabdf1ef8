"""The API's token authentication: DRF's, reading the user's player in the same query.

Every request of the score book asks for the user's :class:`~scoring.models.Player`
(``permissions.player_of``: which clubs, which matches, may they score). DRF reads
the token with its user; this reads the player too (a user without one reads as
``None`` there, as before), one query fewer per request. Everything else — the
header, the answers to a bad or inactive token — is DRF's.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication


class PlayerTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        model = self.get_model()
        try:
            token = model.objects.select_related("user__player").get(key=key)
        except model.DoesNotExist:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (token.user, token)
