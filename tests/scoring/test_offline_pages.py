"""Issue 31: the installable table pages, as the server answers them.

The web app manifest (name, icons, start address, a window of its own, the theme
colour) and the service worker (from the site's root, JavaScript, never kept in an
HTTP cache, Workbox loaded from our own static files) answer without touching the
database; the sheet and the deal form load the offline scripts and say where a kept
deal is sent (the account's API, or the table link's with the seat).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse

from scoring import selectors
from tests.scoring.browser import partners_match, table  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db

WORKBOX = Path(settings.BASE_DIR) / "static" / "js" / "vendor" / "workbox-7.4.1"


def test_the_manifest_makes_the_site_installable(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("web-manifest"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Kirjuri"
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#1f5f8b"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        path = icon["src"].removeprefix(settings.STATIC_URL)
        assert finders.find(path), icon["src"]


def test_the_service_worker_is_served_from_the_root(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    # The browser must see each new version: no HTTP cache keeps it.
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    script = response.content.decode()
    # Workbox from our own static files, never from a CDN.
    assert 'importScripts("/static/js/vendor/workbox-7.4.1/workbox-sw.js")' in script
    assert 'modulePathPrefix: "/static/js/vendor/workbox-7.4.1/"' in script
    assert 'importScripts("/static/js/offline-queue.js")' in script
    assert "googleapis" not in script and "https://" not in script


def test_only_reads_answer(client):
    """GET and HEAD (the deal form's probe of the network before it posts)."""
    assert client.head("/sw.js").status_code == 200
    assert client.post("/sw.js").status_code == 405
    assert client.post(reverse("web-manifest")).status_code == 405


def test_workbox_is_vendored_with_its_licence():
    """Every module the worker names is in the folder (workbox-sw loads them by
    name), with the source maps the compressed static storage rewrites, and the
    MIT licence."""
    assert (WORKBOX / "LICENSE").read_text().startswith("Copyright 2018 Google LLC")
    for module in ("core", "routing", "strategies", "expiration", "cacheable-response"):
        built = WORKBOX / f"workbox-{module}.prod.js"
        assert built.exists(), built
        assert (WORKBOX / f"workbox-{module}.prod.js.map").exists()
    assert (WORKBOX / "workbox-sw.js").exists()


def test_the_base_page_links_the_manifest(client):
    page = client.get(reverse("login")).content.decode()
    assert f'<link rel="manifest" href="{reverse("web-manifest")}">' in page
    assert '<meta name="theme-color" content="#1f5f8b">' in page


def test_the_account_deal_form_sends_kept_deals_to_the_account_api(client, table):  # noqa: F811
    _club, sami, _others = table
    match = partners_match(table, "tuppi")
    client.force_login(sami.user)
    sheet = client.get(reverse("scoring:sheet", args=[match.pk])).content.decode()
    assert 'id="offline-status"' in sheet and "js/offline.js" in sheet
    form = client.get(reverse("scoring:deal-new", args=[match.pk])).content.decode()
    api = reverse("api:match-deal-list", args=[match.pk])
    assert f'data-offline-api="{api}"' in form
    assert f'data-offline-scope="match:{match.pk}"' in form


def test_the_table_link_deal_form_sends_with_the_link_and_the_seat(client, table):  # noqa: F811
    match = partners_match(table, "tuppi")
    token = selectors.table_link_get(match)
    form = client.get(
        reverse("scoring:table-deal-new", args=[token]) + "?seat=2"
    ).content.decode()
    api = reverse("api:table-deal-list", args=[token])
    assert f'data-offline-api="{api}?seat=2"' in form
    assert f'data-offline-sheet="/t/{token}/?seat=2"' in form


def test_a_page_kept_ahead_leaves_the_flash_message_for_the_next(client, table):  # noqa: F811
    """The sheet fetches the deal form ahead to keep it on the phone; that fetch
    must not eat the "deal saved" message the person is about to see."""
    _club, sami, _others = table
    match = partners_match(table, "tuppi")
    client.force_login(sami.user)
    new = reverse("scoring:deal-new", args=[match.pk])
    posted = client.post(new, {"number": "1", "contract": "nolo", "tricks.0": "5"})
    assert posted.status_code == 302
    ahead = client.get(new, headers={"X-Kirjuri-Keep": "1"}).content.decode()
    assert 'class="messages"' not in ahead
    sheet = client.get(reverse("scoring:sheet", args=[match.pk])).content.decode()
    assert 'class="messages"' in sheet
