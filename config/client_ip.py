"""The client's address, as far as the deployment lets us know it.

Every place that reads an address — the throttles (DRF), the login lockout
(django-axes, ``AXES_CLIENT_IP_CALLABLE``), the logs — asks :func:`client_ip`, so
that they all agree and none of them believes a header a client wrote itself.

``KIRJURI_TRUSTED_PROXIES`` says how many reverse proxies stand in front of the
application, each appending the address it was reached from to
``X-Forwarded-For``:

* ``0`` (the default): no proxy; ``REMOTE_ADDR`` is the client and
  ``X-Forwarded-For`` is ignored whatever it says (anyone can send it).
* ``N`` ≥ 1: the last ``N`` hops were written by our proxies: ``REMOTE_ADDR`` is
  the last proxy, and the ``N``-th address from the right of ``X-Forwarded-For`` is
  the client as the outermost proxy saw it. With one proxy that is the right-most
  entry of the header — the right-most-but-one of the whole chain
  (``X-Forwarded-For`` followed by ``REMOTE_ADDR``). Anything a client put to the
  left of it is never read. This is DRF's ``NUM_PROXIES`` rule; django-ipware
  (python-ipware) parses the header (IPv6, ports, RFC 7239 ``for=`` tokens).
  A request without enough hops in the header (one that reached the application
  without passing through the proxies, such as the container's health check) is
  keyed on ``REMOTE_ADDR``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from ipware import get_client_ip

FORWARDED_HEADER = "HTTP_X_FORWARDED_FOR"


def trusted_proxies() -> int:
    """How many proxies of ours stand in front of the application (setting)."""
    return int(getattr(settings, "KIRJURI_TRUSTED_PROXIES", 0) or 0)


def client_ip(request: Any) -> str:
    """The client's address of ``request`` (a Django or DRF request); see module."""
    meta = request.META
    remote = meta.get("REMOTE_ADDR", "") or ""
    proxies = trusted_proxies()
    if proxies <= 0 or not meta.get(FORWARDED_HEADER):
        return remote
    # ipware counts the proxies *listed in the header* after the client; the last of
    # ours is not listed there (it is REMOTE_ADDR), hence one fewer. Non-strict:
    # what a client wrote on the left may be garbage, and is skipped, never read.
    address, _routable = get_client_ip(
        request,
        proxy_order="left-most",
        proxy_count=proxies - 1,
        request_header_order=[FORWARDED_HEADER],
        strict=False,
    )
    return address or remote
