"""Safe retries: a write sent with an ``Idempotency-Key`` header happens once.

A phone on a club's wifi resends a deal when it sees no answer; the second request
must return the first response and create nothing new. Rules:

* keys are per user (``(user, key)`` is unique in :class:`~scoring.models.
  IdempotencyKey`), and a table link's phones share their table's keys
  (``(match, key)``: they have no account); a request without the header is
  simply executed;
* the key row is claimed *in the same transaction* as the write: a retry arriving
  while the first request still runs waits on the unique constraint (PostgreSQL) and
  then replays the committed response; if the first request failed, nothing was
  stored and the retry runs afresh;
* only successful responses (2xx) are stored: an error created nothing, so a retry
  of it may be executed again;
* a replay carries the header ``Idempotent-Replayed: true``;
* the same key with a different request (method, path or body) is refused with
  **409** and the code ``idempotency_key_reused`` (409, not 422: the request itself
  is valid, it conflicts with what the key already stands for).

Stored responses are purged after 48 hours (task ``scoring.idempotency_keys_purge``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils.translation import gettext
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.errors import Conflict, DomainError
from scoring.models import IdempotencyKey
from scoring.table_links import TableGuest

IDEMPOTENCY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"


def request_fingerprint(request: Request) -> str:
    """A hash of what makes two requests the same: method, path and JSON body."""
    payload = json.dumps(
        [request.method, request.path, request.data],
        sort_keys=True,
        cls=DjangoJSONEncoder,
        separators=(",", ":"),
    )
    return hashlib.sha256(payload.encode()).hexdigest()


def idempotent(
    request: Request, run: Callable[[], Response], *, table: TableGuest | None = None
) -> Response:
    """Run ``run`` once per (user, Idempotency-Key) — per (``table``'s match, key)
    for a table link's guest —; replay its response afterwards."""
    key = request.headers.get(IDEMPOTENCY_HEADER)
    if table is not None:
        owner = {"user": None, "match_id": table.match_id}
    elif request.user.is_authenticated:
        owner = {"user": request.user}
    else:
        return run()
    if not key:
        return run()
    if len(key) > 255:
        raise DomainError(
            "invalid",
            gettext("an Idempotency-Key has at most 255 characters"),
            IDEMPOTENCY_HEADER,
        )
    fingerprint = request_fingerprint(request)
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = IdempotencyKey.objects.create(
                    **owner, key=key, request_hash=fingerprint
                )
        except IntegrityError:
            record = IdempotencyKey.objects.get(**owner, key=key)
            return _replay(record, fingerprint)
        response = run()
        if response.status_code >= 300:
            transaction.set_rollback(True)
            return response
        record.response_status = response.status_code
        record.response_body = json.loads(
            json.dumps(response.data, cls=DjangoJSONEncoder)
        )
        record.save(update_fields=["response_status", "response_body"])
        return response


def _replay(record: IdempotencyKey, fingerprint: str) -> Response:
    if record.request_hash != fingerprint:
        raise Conflict(
            "idempotency_key_reused",
            gettext("this Idempotency-Key was used for a different request"),
            IDEMPOTENCY_HEADER,
        )
    if not record.response_status:  # pragma: no cover - claims commit with results
        raise Conflict(
            "idempotency_key_in_progress",
            gettext("a request with this Idempotency-Key is still running"),
            IDEMPOTENCY_HEADER,
        )
    return Response(
        record.response_body,
        status=record.response_status,
        headers={REPLAYED_HEADER: "true"},
    )
