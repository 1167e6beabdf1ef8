"""Client addresses come from a forwarded header only as far as the deployment
trusts its proxies (``KIRJURI_TRUSTED_PROXIES``, default 0: ``REMOTE_ADDR``).

Issue 29.5: with the header believed, a new ``X-Forwarded-For`` per request passed
13 of 13 token requests; the throttle and the lockout must key on the real client.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import RequestFactory

from config.client_ip import client_ip

TOKEN = "/api/v1/auth/token"
LOGIN = "/accounts/login/"


@pytest.fixture(autouse=True)
def _fresh_throttle_counts():
    cache.clear()
    yield
    cache.clear()


def _request(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_without_trusted_proxies_the_header_is_ignored(settings):
    settings.KIRJURI_TRUSTED_PROXIES = 0
    assert client_ip(_request("10.0.0.1", "203.0.113.9")) == "10.0.0.1"


def test_with_one_trusted_proxy_the_address_it_appended_is_the_client(settings):
    """The chain is X-Forwarded-For then REMOTE_ADDR (the proxy): with one proxy,
    the right-most-but-one address of the chain; what the client wrote to its
    left is never read."""
    settings.KIRJURI_TRUSTED_PROXIES = 1
    request = _request("10.0.0.2", "198.51.100.7, 203.0.113.9")
    assert client_ip(request) == "203.0.113.9"
    garbage = _request("10.0.0.2", "not-an-address, 203.0.113.9")
    assert client_ip(garbage) == "203.0.113.9"


def test_with_two_trusted_proxies_the_second_from_the_right(settings):
    settings.KIRJURI_TRUSTED_PROXIES = 2
    request = _request("10.0.0.3", "198.51.100.7, 203.0.113.9, 10.0.0.2")
    assert client_ip(request) == "203.0.113.9"


def test_a_request_that_skipped_the_proxies_is_keyed_on_its_own_address(settings):
    settings.KIRJURI_TRUSTED_PROXIES = 2
    assert client_ip(_request("127.0.0.1")) == "127.0.0.1"
    assert client_ip(_request("127.0.0.1", "203.0.113.9")) == "127.0.0.1"


@pytest.fixture
def aino(db):
    return get_user_model().objects.create_user("aino", password="right-pw")


def test_rotating_the_forwarded_header_does_not_pass_the_token_throttle(
    api_client, aino, settings
):
    settings.KIRJURI_TRUSTED_PROXIES = 0
    codes = [
        api_client.post(
            TOKEN,
            {"username": f"user{n}", "password": "x"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"198.51.100.{n}",
        ).status_code
        for n in range(13)
    ]
    assert codes[:10] == [400] * 10
    assert codes[10:] == [429] * 3


def test_behind_one_proxy_each_client_has_its_own_token_count(
    api_client, aino, settings
):
    """One trusted proxy: two clients behind it are counted apart, and a client
    that varies what it writes to the left of the header is still one client."""
    settings.KIRJURI_TRUSTED_PROXIES = 1

    def post(forwarded: str, username: str) -> int:
        return api_client.post(
            TOKEN,
            {"username": username, "password": "x"},
            format="json",
            REMOTE_ADDR="10.0.0.2",
            HTTP_X_FORWARDED_FOR=forwarded,
        ).status_code

    first = [post(f"192.0.2.{n}, 203.0.113.9", f"user{n}") for n in range(11)]
    assert first == [400] * 10 + [429]
    assert post("203.0.113.10", "someone") == 400


def test_the_lockout_keys_on_the_same_address(client, aino, settings):
    """The login page's lockout reads the address the same way: a rotated header
    with no trusted proxy is the same address."""
    settings.KIRJURI_TRUSTED_PROXIES = 0
    settings.KIRJURI_ADDRESS_FAILURE_LIMIT = 3
    for n in range(3):
        client.post(
            LOGIN,
            {"username": f"nobody{n}", "password": "x"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR=f"198.51.100.{n}",
        )
    locked = client.post(
        LOGIN,
        {"username": "aino", "password": "right-pw"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="198.51.100.99",
    )
    assert locked.status_code == 429
