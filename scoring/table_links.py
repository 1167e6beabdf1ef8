"""Table links: a match's signed link that lets the seated players score it from
their phones without an account.

A link is ``/t/<token>/``; the token is the match's id and the number of the
match's table-link revocations when it was issued, signed with the site's secret
(:class:`django.core.signing.Signer`, salt ``kirjuri.table-link``). Nothing is
stored to issue one. A token is **valid** while

* its signature is right (a changed id or number is refused),
* its number is the match's current number of revocations (a revocation,
  :func:`scoring.services.table_link_revoke`, withdraws every link issued before it),
* the match is in progress (the link expires when the match is finished or
  abandoned), and
* no function registered with :func:`table_closer_register` (``match -> bool``)
  says the table is closed (the tournaments close a table's link when its round is
  locked or finished, registered from their ``AppConfig.ready``; scoring imports
  none of them).

Whoever holds a valid link acts as a :class:`TableGuest` of that one match: the
services accept it as ``by`` for entering and confirming deals of that match and
nothing else (:func:`scoring.permissions.may_score`), and the deal's revision
records ``via="table_link"`` and the seat the phone chose.

**The phone's seat.** A table's phones share one link; each says once which seat
it is (``?seat=N``, the sheet's "Who is this phone?" buttons). The pages remember
it for the life of the link in a signed cookie scoped to the link's address
(:func:`table_seat_remember`, read back by :func:`table_seat_remembered`), and
every address they build carries ``?seat=N`` too, so the live poll, a reload, the
deal form's round trip and a second scan of the card all keep it. A link's new
token (a revocation) has a new address, so the old seat is forgotten with it.
Nothing is stored through a table link without a seat (the services refuse a
guest without one, ``seat_required``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core import signing
from django.urls import reverse

SALT = "kirjuri.table-link"

#: ``DealRevision.via`` of a change made through a match's table link.
VIA = "table_link"

#: The cookie that remembers a phone's seat at one table link (its path is the
#: link's address; signed with the token, so it cannot be carried to another link).
SEAT_COOKIE = "kirjuri_seat"
#: A link lives while its match is played; a month outlives any club night or
#: tournament day, and the cookie is scoped to that one link's address anyway.
SEAT_COOKIE_AGE = 30 * 24 * 3600


@dataclass(frozen=True)
class TableGuest:
    """The holder of a match's table link: not an account, scoped to one match.

    Shaped like Django's anonymous user where the score book asks (``pk`` is
    ``None``, never authenticated), so nothing that reads accounts mistakes it for
    one."""

    match_id: int
    seat: int | None = None

    pk = None
    id = None
    is_authenticated = False
    is_anonymous = True
    is_active = False
    is_staff = False
    is_superuser = False

    def get_username(self) -> str:
        return ""


def table_token_make(match_id: int, generation: int) -> str:
    """The signed token of ``match_id``'s link issued after ``generation``
    revocations."""
    return signing.Signer(salt=SALT).sign(f"{match_id}.{generation}")


def table_token_read(token: str) -> tuple[int, int] | None:
    """``(match_id, generation)`` of a well-signed token, else ``None``."""
    try:
        value = signing.Signer(salt=SALT).unsign(token)
        match_id, generation = (int(part) for part in value.split("."))
    except (signing.BadSignature, ValueError):
        return None
    if match_id <= 0 or generation < 0:
        return None
    return match_id, generation


#: The functions of the layers above that close a match's table link early (a
#: registry they fill from their ``AppConfig.ready``).
TABLE_CLOSERS: list[Callable[[Any], bool]] = []


def table_closer_register(check: Callable[[Any], bool]) -> None:
    """Ask ``check(match)`` too whether ``match``'s table is closed."""
    if check not in TABLE_CLOSERS:
        TABLE_CLOSERS.append(check)


def table_closed(match) -> bool:
    """Does a layer above the score book say the match's table is closed?"""
    return any(check(match) for check in TABLE_CLOSERS)


def table_link_path(token: str) -> str:
    """The address of ``token``'s table link (its sheet), ``/t/<token>/``."""
    return reverse("scoring:table", kwargs={"token": token})


def table_seat_remembered(request: Any, token: str) -> str | None:
    """The seat this phone chose at ``token``'s link before (its cookie), or
    ``None``; not checked against the table (the selector does that)."""
    return request.get_signed_cookie(
        SEAT_COOKIE, default=None, salt=f"{SALT}.seat.{token}"
    )


def table_seat_remember(response: Any, request: Any, token: str, seat: int) -> None:
    """Remember on this phone that it is ``seat`` at ``token``'s link."""
    response.set_signed_cookie(
        SEAT_COOKIE,
        str(seat),
        salt=f"{SALT}.seat.{token}",
        max_age=SEAT_COOKIE_AGE,
        path=table_link_path(token),
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
