"""Which language a page speaks: the reader's choice, else the club's, else the
browser's.

The order, first that applies:

1. the header's switch (Django's ``set_language`` sets the language cookie);
2. the club's default language (``Club.language``) on a page that belongs to a club:
   the club's own pages (``club_id`` in the URL: the club page, its players, search,
   ranking, invitations, table cards, evenings), its matches' sheets and deal forms
   (``match_id``), its tournaments' pages and room screen (``tournament_id``) and
   the table-link pages (``/t/<token>/``: the token names the match);
3. the browser's ``Accept-Language``;
4. English (``LANGUAGE_CODE``).

Django's ``LocaleMiddleware`` does 1, 3 and 4. :class:`ClubLanguageMiddleware`
runs after it and does 2 in ``process_view``, where the URL is resolved: it reads
the URL's keyword arguments, and only when the reader has no language cookie asks
the database for the club's language — one small query (a single column) on a page
of a club, none anywhere else. The views do not change: the page is rendered once,
in the right language. The API (``/api/``) follows the cookie and
``Accept-Language`` only: a script's answer does not depend on whose club it asks
about.

This module sits in ``config`` because it knows both the score book's and the
tournaments' URLs (it names no model of the tournaments: it asks the club through
its ``tournaments`` relation).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

# URL names whose ``token`` is a table link's (scoring.table_links).
TABLE_LINK_URLS = {"table", "table-deal-new", "table-deal-confirm"}


def club_language_for(url_name: str, namespace: str, kwargs: dict[str, Any]) -> str:
    """The default language of the club a page belongs to ("" if none or blank).

    At most one query; none for a page that belongs to no club."""
    from scoring.models import Club

    clubs = Club.objects.all()
    if "club_id" in kwargs:
        clubs = clubs.filter(pk=kwargs["club_id"])
    elif "match_id" in kwargs:
        clubs = clubs.filter(matches__pk=kwargs["match_id"])
    elif "tournament_id" in kwargs:
        clubs = clubs.filter(tournaments__pk=kwargs["tournament_id"])
    elif namespace == "scoring" and url_name in TABLE_LINK_URLS and "token" in kwargs:
        from scoring.table_links import table_token_read

        read = table_token_read(kwargs["token"])
        if read is None:
            return ""
        clubs = clubs.filter(matches__pk=read[0])
    else:
        return ""
    return clubs.values_list("language", flat=True).first() or ""


class ClubLanguageMiddleware:
    """Speaks the club's default language on its pages unless the reader chose one
    (see the module's docstring for the order). Place it after LocaleMiddleware."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs) -> None:
        if request.path.startswith("/api/") or not view_kwargs:
            return None
        if _chosen_language(request):
            return None
        match = request.resolver_match
        if match is None:
            return None
        language = club_language_for(
            match.url_name or "", match.namespace or "", view_kwargs
        )
        if language in dict(settings.LANGUAGES):
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return None


def _chosen_language(request: HttpRequest) -> str:
    """The language the reader chose with the header's switch (its cookie), if any
    the site speaks."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if not code:
        return ""
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return ""
