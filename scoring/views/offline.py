"""The installable table pages (issue 31): the web app manifest and the service
worker.

Both are answered by views rather than served as static files: the service worker
must come from the site's root (``/sw.js``) so that its scope covers the table pages
(``/matches/…`` and ``/t/…``), and it names the static files it loads by their
``{% static %}`` addresses, which carry a hash in production. The worker's text
changes when one of those files changes, and that is how a phone learns of a new
version: the browser compares the worker's bytes on each visit, so the answer must
not be kept in an HTTP cache (``Cache-Control: no-cache``).

Neither reads the database or the session: the same bytes for every visitor of a
language, cheap enough to need no cache of our own.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

#: The colour of the site's top bar (static/css/kirjuri.css, ``--accent``): the
#: phone paints its status bar with it when the app is installed.
THEME_COLOUR = "#1f5f8b"
BACKGROUND_COLOUR = "#fbfaf7"
WORKBOX = "js/vendor/workbox-7.4.1"
PNG = "image/png"


@require_safe
def web_manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: what a phone needs to install Kirjuri on its home
    screen (name, icons, start address, a window of its own)."""
    manifest = {
        "name": "Kirjuri",
        "short_name": "Kirjuri",
        "lang": get_language(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(f"img/icon-{n}.png"), "sizes": f"{n}x{n}", "type": PNG}
            for n in (192, 512)
        ]
        + [
            {
                "src": static("img/icon-512-maskable.png"),
                "sizes": "512x512",
                "type": PNG,
                "purpose": "maskable",
            },
        ],
    }
    response = JsonResponse(manifest, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker (``templates/scoring/sw.js``), scoped to the whole site.

    Served from the root, so ``Service-Worker-Allowed`` only states what the scope
    already is. ``no-cache``: the browser asks again (a 200 or the same bytes) at
    every registration, so a new version reaches the phones on their next visit. A
    ``HEAD`` of it is the deal form's probe of the network before it posts
    (offline.js): no database, a few hundred bytes of headers.
    """
    response = render(
        request,
        "scoring/sw.js",
        {
            # As JavaScript string literals (json.dumps), written into the script.
            "workbox_sw": json.dumps(static(f"{WORKBOX}/workbox-sw.js")),
            # workbox-sw loads its modules by name from this folder (the unhashed
            # names: collectstatic keeps both), never from a CDN. Not static(): a
            # folder has no entry in the hashed storage's manifest.
            "workbox_prefix": json.dumps(f"{settings.STATIC_URL}{WORKBOX}/"),
            "queue_js": json.dumps(static("js/offline-queue.js")),
            "static_prefix": json.dumps(settings.STATIC_URL),
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
