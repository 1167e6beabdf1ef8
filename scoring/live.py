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

**One render per change** (issue 32). A page that is the same for every reader
who is not signed in (a tournament's public page, its standings fragment, its
room screen) is rendered once per ETag and address and kept in the ``live`` cache
(Redis in production, the process's memory on the embedded default): every other
anonymous reader of the same state gets that copy (:func:`live_shared`). The key
is the ETag — the stamp, the page, the language — and the full address (the
header's links carry it). A signed-in reader, or one with messages waiting, gets
a page of their own, as before. Two things in a page are the reader's own and are
filled in for each answer, never kept: the CSRF token of its forms (the header's
language switch: one reader's token must never reach another) and the server's
time (a ``data-now`` attribute, which the room screen's clock reads).
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.utils import timezone
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
    # Weak comparison, as If-None-Match asks (RFC 9110, 13.1.2): a proxy that
    # compresses the page (nginx's gzip) hands the tag on as W/"…".
    tags = [tag.removeprefix("W/") for tag in parse_etags(header)]
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


# -- one render per change (see the module) ------------------------------------------

#: What Django's ``{% csrf_token %}`` writes, and the server's time of a page.
_CSRF_INPUT = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')
_DATA_NOW = re.compile(rb'( data-now=")[^"]*(")')
#: Stand-ins kept in a copy where each answer writes its reader's own values.
_CSRF_HOLE = b"\x00csrf\x00"
_NOW_HOLE = b"\x00now\x00"


def live_shareable(request: HttpRequest) -> bool:
    """Is ``request``'s page the one every anonymous reader of the same state gets?
    A GET or HEAD by someone not signed in with no messages waiting."""
    if request.method not in ("GET", "HEAD"):
        return False
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return False
    return request.headers.get("X-Live") is not None or not _pending_messages(request)


def live_shared(
    request: HttpRequest, etag: str, render: Callable[[], HttpResponse]
) -> HttpResponse:
    """The page of ``etag`` for ``request``, tagged: for an anonymous reader the
    copy kept for this state and address (rendered by ``render`` only when there
    is none yet), for anyone else ``render()``'s own page."""
    if not live_shareable(request):
        return live_tagged(render(), etag, request)
    store = caches["live"]
    key = (
        "page:"
        + hashlib.blake2b(
            f"{etag}|{request.get_full_path()}".encode(), digest_size=16
        ).hexdigest()
    )
    kept = store.get(key)
    if kept is None:
        response = render()
        if response.status_code != 200 or response.streaming:
            return live_tagged(response, etag, request)
        kept = _kept_copy(response)
        store.set(key, kept, settings.KIRJURI_LIVE_CACHE_SECONDS)
    return _answer(request, kept, etag)


def _kept_copy(response: HttpResponse) -> dict[str, Any]:
    body = _CSRF_INPUT.sub(rb"\1" + _CSRF_HOLE + rb"\2", response.content)
    body = _DATA_NOW.sub(rb"\1" + _NOW_HOLE + rb"\2", body)
    return {
        "body": zlib.compress(body, 1),
        "type": response["Content-Type"],
        "csrf": _CSRF_HOLE in body,
    }


def _answer(request: HttpRequest, kept: dict[str, Any], etag: str) -> HttpResponse:
    body = zlib.decompress(kept["body"])
    if kept["csrf"]:
        # The reader's own token (and cookie: get_token asks the middleware to
        # set it), as {% csrf_token %} would have written it for them.
        body = body.replace(_CSRF_HOLE, get_token(request).encode())
    if _NOW_HOLE in body:
        body = body.replace(_NOW_HOLE, timezone.now().isoformat().encode())
    response = live_tagged(HttpResponse(body, content_type=kept["type"]), etag, request)
    if not kept["csrf"]:
        # The same bytes for every anonymous reader: a shared cache (the reverse
        # proxy, a CDN) may keep it too, always asking again before using it.
        del response["Cache-Control"]
        patch_cache_control(response, public=True, max_age=0, must_revalidate=True)
    return response
