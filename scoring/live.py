"""Live pages: a page (or fragment) read again every second by ``static/js/live.js``
costs a ``304 Not Modified`` and a few small queries when nothing has changed.

A live view computes a **stamp** of what its page shows (a match's version; a
tournament's results, rounds and standings — cheap aggregate queries, never the
page itself), asks :func:`live_unchanged` whether the poller already has it, and
otherwise renders as usual and tags the response with :func:`live_tagged`. The ETag
is a hash of the stamp, the viewer (pages differ by permission) and the language,
so one viewer's page is never served to another.

A sheet's stamp is its match's ``version``, ``status`` and ``updated_at``. What a
layer above shows on the sheet and stores itself — a match's money terms (its
settlement link) — cannot be read here (the score book imports no money): the
layer's service moves the match's ``updated_at`` when it changes
(:func:`scoring.services.match_bump`), and the pollers read the sheet again.

**Messages.** A page opened after a POST ("Deal 1 confirmed", or why it was
refused) shows the viewer's pending messages above the live region. The ETag of a
page (not of a poll, ``X-Live: 1``, which leaves the messages where they are) names
those messages too, so the redirect after a POST that changed nothing is never a
``304`` whose cached page would drop the message; and the page that showed a
message is not served again from the cache once the message is read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags

#: Bumped when the live pages' markup changes, so a poller holding a tag of the
#: old markup reads the page again after a deploy.
LIVE_MARKUP = "3"


def live_etag(request: HttpRequest, stamp: Iterable[Any]) -> str:
    """The strong ETag of ``stamp`` as ``request``'s viewer sees it, with the
    viewer's pending messages when it is a page (not a poll)."""
    user = getattr(request, "user", None)
    viewer = user.pk if user is not None and user.is_authenticated else 0
    language = getattr(request, "LANGUAGE_CODE", "")
    said = () if request.headers.get("X-Live") else _pending_messages(request)
    parts = (LIVE_MARKUP, viewer, language, *stamp, *said)
    raw = "|".join(str(part) for part in parts)
    return '"' + hashlib.blake2b(raw.encode(), digest_size=12).hexdigest() + '"'


def _pending_messages(request: HttpRequest) -> list[str]:
    """The messages the page will show, read without using them up (the page's
    template shows them and marks them read)."""
    storage = getattr(request, "_messages", None)
    if storage is None:
        return []
    used = storage.used
    said = [f"{m.level}:{m.message}" for m in storage]
    storage.used = used
    return said


def live_unchanged(request: HttpRequest, etag: str) -> HttpResponse | None:
    """A 304 when the request's ``If-None-Match`` already names ``etag``."""
    header = request.headers.get("If-None-Match")
    if not header or request.method not in ("GET", "HEAD"):
        return None
    tags = parse_etags(header)
    if "*" in tags or etag in tags:
        return live_tagged(HttpResponseNotModified(), etag)
    return None


def live_tagged(
    response: HttpResponse, etag: str, request: HttpRequest | None = None
) -> HttpResponse:
    """``response`` with its ETag; private (a viewer's page) and revalidated.

    A poller's read (``live.js`` sends ``X-Live: 1``) leaves the viewer's pending
    messages ("Round 2 generated") for the page the viewer opens next: the poll
    only takes a part of the page, and the messages are not in it.
    """
    if request is not None and request.headers.get("X-Live"):
        storage = getattr(request, "_messages", None)
        if storage is not None:
            storage.used = False
    if response.status_code in (200, 304):
        response["ETag"] = etag
        patch_cache_control(response, private=True, no_cache=True)
    return response
