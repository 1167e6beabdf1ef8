"""A game's name in the reader's language from its slug, for the pages that keep
only the slug (a settlement's record, a ranking row): the registry's English name
(its own msgid) translated; a slug the registry no longer knows shows as it is."""

from __future__ import annotations

from django.utils.translation import gettext

from games.engine import UnknownGame, get_game


def game_name(slug: str) -> str:
    try:
        return gettext(get_game(slug).name)
    except UnknownGame:
        return str(slug)
