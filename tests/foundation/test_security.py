"""Login throttling and lockout, the throttled token endpoint, and the CSP header.

django-axes locks out a username after ``AXES_FAILURE_LIMIT`` (5) failed logins,
whatever the address, and an address after ``KIRJURI_ADDRESS_FAILURE_LIMIT`` (20),
whatever the usernames; the token endpoint is throttled per address and per
username (``10/minute`` each).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from scoring.models import Role
from tests.scoring.factories import ClubFactory, member, race_match

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
TOKEN = "/api/v1/auth/token"


@pytest.fixture(autouse=True)
def _fresh_throttle_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def aino(db):
    return get_user_model().objects.create_user("aino", password="right-pw")


def login(client, username, password, address="10.0.0.1"):
    return client.post(
        LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_five_wrong_passwords_lock_the_account_out_with_a_clear_message(client, aino):
    for _ in range(4):
        response = login(client, "aino", "wrong")
        assert response.status_code == 200
        assert response.context["form"].errors
    locked = login(client, "aino", "wrong")  # the fifth failure
    assert locked.status_code == 429
    text = locked.content.decode()
    assert "Too many failed logins (5 in a row)" in text
    assert "try again in 15 minutes" in text
    assert locked["Retry-After"] == str(15 * 60)
    # Locked out: the right password is refused too, and nobody is logged in.
    again = login(client, "aino", "right-pw")
    assert again.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_username_lockout_holds_from_every_address(client, aino):
    """Rotating the address does not give a username more guesses."""
    get_user_model().objects.create_user("olli", password="olli-pw")
    codes = [
        login(client, "aino", "wrong", address=f"10.0.1.{n}").status_code
        for n in range(6)
    ]
    assert codes == [200] * 4 + [429, 429]
    assert login(client, "aino", "right-pw", address="10.0.2.1").status_code == 429
    # Another account from the same addresses is not locked out.
    assert login(client, "olli", "olli-pw", address="10.0.1.1").status_code == 302


def test_rotating_usernames_from_one_address_locks_the_address_out(
    client, aino, settings
):
    """Guessing across accounts from one address: after
    KIRJURI_ADDRESS_FAILURE_LIMIT failures, whatever the usernames, the address
    is locked out — the right password of a real account included."""
    assert settings.KIRJURI_ADDRESS_FAILURE_LIMIT == 20
    codes = [login(client, f"guess{n}", "wrong").status_code for n in range(20)]
    assert codes == [200] * 19 + [429]
    locked = login(client, "aino", "right-pw")
    assert locked.status_code == 429
    assert "Too many failed logins (20) from this address" in locked.content.decode()
    # Aino from her own address may.
    assert login(client, "aino", "right-pw", address="10.0.0.9").status_code == 302


def test_a_success_does_not_forgive_the_addresss_failures(client, aino, settings):
    """An attacker signing in to an account of their own between guesses does
    not reset the address's count (only the username's)."""
    settings.KIRJURI_ADDRESS_FAILURE_LIMIT = 6
    get_user_model().objects.create_user("mallory", password="mallory-pw")
    for n in range(3):
        login(client, f"guess{n}", "wrong")
    assert login(client, "mallory", "mallory-pw").status_code == 302
    client.logout()
    codes = [login(client, f"more{n}", "wrong").status_code for n in range(3)]
    assert codes == [200, 200, 429]


def test_a_successful_login_resets_the_count(client, aino):
    for _ in range(4):
        login(client, "aino", "wrong")
    assert login(client, "aino", "right-pw").status_code == 302
    client.logout()
    for _ in range(4):
        assert login(client, "aino", "wrong").status_code == 200


def test_the_token_endpoint_gives_the_users_token(api_client, aino):
    response = api_client.post(
        TOKEN, {"username": "aino", "password": "right-pw"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api_client.get("/api/v1/clubs/").status_code == 200


def test_the_token_endpoint_is_throttled(api_client, aino):
    """Ten requests a minute from one address; the eleventh is a 429."""
    codes = [
        api_client.post(
            TOKEN, {"username": "aino", "password": "right-pw"}, format="json"
        ).status_code
        for _ in range(11)
    ]
    assert codes == [200] * 10 + [429]
    body = api_client.post(TOKEN, {"username": "aino", "password": "right-pw"}).json()
    assert body["errors"][0]["code"] == "throttled"


def test_the_token_endpoint_is_throttled_per_username_across_addresses(
    api_client, aino
):
    """Ten requests a minute for one username, from however many addresses."""
    codes = [
        api_client.post(
            TOKEN,
            {"username": "aino", "password": "right-pw"},
            format="json",
            REMOTE_ADDR=f"10.0.3.{n}",
        ).status_code
        for n in range(11)
    ]
    assert codes == [200] * 10 + [429]


def test_rotating_usernames_at_the_token_endpoint_is_throttled_per_address(
    api_client, aino
):
    codes = [
        api_client.post(
            TOKEN, {"username": f"guess{n}", "password": "x"}, format="json"
        ).status_code
        for n in range(11)
    ]
    assert codes == [400] * 10 + [429]


def test_wrong_passwords_at_the_token_endpoint_lock_out_too(api_client, aino):
    for _ in range(4):
        refused = api_client.post(
            TOKEN, {"username": "aino", "password": "wrong"}, format="json"
        )
        assert refused.status_code == 400
    locked = api_client.post(
        TOKEN, {"username": "aino", "password": "wrong"}, format="json"
    )
    assert locked.status_code == 429
    assert locked.json()["errors"][0]["code"] == "locked_out"
    right = api_client.post(
        TOKEN, {"username": "aino", "password": "right-pw"}, format="json"
    )
    assert right.status_code == 429


INLINE = [
    re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),  # an inline script
    re.compile(r"<style[\s>]", re.I),
    re.compile(r"\sstyle=", re.I),
    re.compile(r"\son[a-z]+=", re.I),  # onclick=, onload=, …
]


def test_every_page_carries_a_csp_without_unsafe_inline_and_has_no_inline_code(
    client,
):
    club = ClubFactory(name="Kortti", slug="kortti")
    sami = member(club, Role.SCORER, "Sami")
    olli = member(club, Role.MEMBER, "Olli")
    match = race_match(club, sami.user, [sami, olli], is_public=True)
    client.force_login(sami.user)
    pages = [
        "/",
        LOGIN,
        "/clubs/",
        f"/clubs/{club.pk}/",
        reverse("scoring:sheet", args=[match.pk]),
        f"/matches/{match.pk}/deals/new/",
        "/api/docs/",
        "/api/v1/clubs/",
        "/admin/login/",
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, url
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, url
        html = response.content.decode()
        for pattern in INLINE:
            assert not pattern.search(html), (url, pattern.search(html))


def test_no_template_holds_inline_script_style_or_handlers():
    """What the CSP would block is not written anywhere in the page templates."""
    from django.conf import settings

    folder = settings.BASE_DIR / "templates"
    found = [
        (path.relative_to(folder), pattern.pattern)
        for path in folder.rglob("*.html")
        for pattern in INLINE
        if pattern.search(path.read_text())
    ]
    assert found == []


def test_the_token_endpoint_answers_while_the_throttle_cache_is_down(
    api_client, aino, monkeypatch
):
    """Redis down: the throttle cannot count, so it lets the request through (and
    logs it) instead of a 500; the lockout still counts in the database."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    def down(*args, **kwargs):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379.")

    monkeypatch.setattr(cache, "get", down)
    monkeypatch.setattr(cache, "set", down)
    ok = api_client.post(
        TOKEN, {"username": "aino", "password": "right-pw"}, format="json"
    )
    assert ok.status_code == 200 and ok.json()["token"]
    wrong = api_client.post(
        TOKEN, {"username": "aino", "password": "wrong"}, format="json"
    )
    assert wrong.status_code == 400
