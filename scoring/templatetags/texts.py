"""Filters that show a data value in the reader's language, where the value
itself stays English (it is data: the API's, a test's, a stored record's).

* ``{{ name|localized }}`` — a text of the engine or a declaration (a game's
  name, a book's title) through :func:`config.translation.localized`;
* ``{{ slug|game_name }}`` — a game's name from its slug (a stored record keeps
  the slug), in the reader's language;
* ``{{ g.outcome|outcome }}`` — a match's outcome for a player or a table
  ("won", "in progress", "not started"...), its label from :data:`OUTCOMES`.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import pgettext_lazy

from config.translation import localized as _localized
from scoring.game_names import game_name as _game_name

register = template.Library()

#: The outcomes the selectors give (scoring.selectors.access, .people,
#: tournaments.selectors.rounds), as a badge reads them.
OUTCOMES = {
    "won": pgettext_lazy("outcome", "won"),
    "lost": pgettext_lazy("outcome", "lost"),
    "shared": pgettext_lazy("outcome", "shared"),
    "drawn": pgettext_lazy("outcome", "drawn"),
    "finished": pgettext_lazy("outcome", "finished"),
    "abandoned": pgettext_lazy("outcome", "abandoned"),
    "in progress": pgettext_lazy("outcome", "in progress"),
    "in_progress": pgettext_lazy("outcome", "in progress"),
    "not started": pgettext_lazy("outcome", "not started"),
}


@register.filter
def localized(value: Any) -> str:
    return _localized(value)


@register.filter
def game_name(slug: Any) -> str:
    return _game_name(slug)


@register.filter
def outcome(value: Any) -> str:
    """The outcome's label; a value that is already a label (a status's display)
    shows as it is."""
    return str(OUTCOMES.get(value, value))


#: An invitation's state (scoring.access_models.Invitation.state), as its badge
#: reads it.
INVITATION_STATES = {
    "open": pgettext_lazy("invitation", "open"),
    "revoked": pgettext_lazy("invitation", "withdrawn"),
    "declined": pgettext_lazy("invitation", "declined"),
    "expired": pgettext_lazy("invitation", "expired"),
    "used": pgettext_lazy("invitation", "used"),
}


@register.filter
def invitation_state(value: Any) -> str:
    return str(INVITATION_STATES.get(value, value))


@register.filter
def role(value: Any) -> str:
    """A club role's label ("member" → "jäsen"); an unknown value as it is."""
    from scoring.models import Role

    try:
        return str(Role(value).label)
    except ValueError:
        return str(value)
