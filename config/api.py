"""One error shape for the whole API, and the one exception handler that renders it.

Every answer under ``/api/`` that is not a 2xx is an RFC 9457 problem (served as
``application/json``) with the field errors in ``errors``::

    {"type": "about:blank", "title": "Bad Request", "status": 400,
     "detail": "…the first error's message…",
     "errors": [{"path": "teams.0.melds.2", "code": "too_many_wilds",
                 "message": "…"}]}

Rules violations from the engine (:class:`games.engine.InputRejected`) and DRF's own
errors (validation, 401, 403, 404, 405, 415, 429 …) take this shape here;
``DomainError`` subclasses raised by services carry their own status (409 for a
conflict, 404 …) and may add members (a 409 adds the match). Anything else is a bug: a
500, rendered in the same shape by :class:`config.limits.ApiErrorMiddleware`, which
also reshapes what Django answers before or around a view (the URL resolver's 404, a
413, a CSRF 403, any status under ``DEBUG``).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from http import HTTPStatus
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext, gettext_lazy
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config.bounds import DecimalBound, decimal_refusal, text_refusal
from config.translation import localized_errors
from games.engine import InputRejected, UnknownGame

INT_BOUND = 2**31 - 1
"""Default range of an API integer that declares none: a database integer."""


class StrictIntegerField(serializers.IntegerField):
    """An integer as JSON writes it: ``true``, ``1.0`` or ``"1"`` is refused, and a
    field that declares no range gets ``-INT_BOUND - 1 … INT_BOUND``."""

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("min_value", -INT_BOUND - 1)
        kwargs.setdefault("max_value", INT_BOUND)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:
        if type(data) is not int:  # bool is an int to Python, not to JSON
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """``true`` or ``false`` only: not ``1``, ``"yes"`` or ``"on"``."""

    def to_internal_value(self, data: Any) -> bool:
        if type(data) is not bool:
            self.fail("invalid", input=data)
        return data


class StrictCharField(serializers.CharField):
    """Text as JSON writes it: a number (``1e308``) or a boolean is refused, and so
    is a control or direction-override character (:func:`config.bounds.text_refusal`)
    — text sent here may be shown to others. Line breaks and tabs are allowed (a
    reason, a note); a name is held to one line by its service (``name_check``).
    ``showable=False`` (a password) checks the type only."""

    default_error_messages = {
        "not_text": gettext_lazy("send text as a JSON string"),
    }

    def __init__(self, *, showable: bool = True, **kwargs: Any):
        self.showable = showable
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            # Code "invalid", as DRF's own: the key differs so that a subclass's
            # "invalid" (a slug's) keeps its message.
            raise serializers.ValidationError(
                self.error_messages["not_text"], code="invalid"
            )
        value = super().to_internal_value(data)
        refusal = text_refusal(value, multiline=True) if self.showable else None
        if refusal is not None:
            raise serializers.ValidationError(refusal, code="invalid_character")
        return value


class StrictSlugField(StrictCharField, serializers.SlugField):
    """A slug as a JSON string (not the number ``5``)."""


class MoneyField(serializers.DecimalField):
    """An amount as a decimal string (``"0.05"``) that its column can hold.

    A JSON number is refused: ``0.05`` as a float is not 0.05.
    """

    default_error_messages = {
        "not_a_string": gettext_lazy('send the amount as a string, like "0.05"'),
    }

    def __init__(self, bound: DecimalBound, *, allow_blank: bool = False, **kwargs):
        self.bound = bound
        self.allow_blank = allow_blank  # "" reads as no amount (None)
        kwargs.setdefault("max_digits", bound.max_digits)
        kwargs.setdefault("decimal_places", bound.decimal_places)
        super().__init__(**kwargs)

    def validate_empty_values(self, data: Any) -> tuple[bool, Any]:
        if data == "" and self.allow_blank:
            return True, None
        return super().validate_empty_values(data)

    def to_internal_value(self, data: Any) -> Decimal:
        if not isinstance(data, str):
            self.fail("not_a_string")
        try:
            number = Decimal(data.strip())
        except InvalidOperation:
            self.fail("invalid")
        refusal = decimal_refusal(number, self.bound)
        if refusal is not None:
            raise serializers.ValidationError(refusal[1], code=refusal[0])
        return number


PROBLEM_TYPE = "about:blank"
"""RFC 9457: the problem is what the status says; ``errors`` carries the codes."""


def _title(status_code: int) -> str:
    try:
        return HTTPStatus(status_code).phrase
    except ValueError:
        return "Error"


def problem(
    status_code: int, errors: list[dict[str, str]], detail: str = ""
) -> dict[str, Any]:
    """The body of an error answer: RFC 9457 members and the field errors."""
    title = _title(status_code)
    if not detail:
        detail = errors[0]["message"] if errors else title
    return {
        "type": PROBLEM_TYPE,
        "title": title,
        "status": status_code,
        "detail": detail,
        "errors": errors,
    }


def problem_response(
    status_code: int, code: str, message: str, path: str = ""
) -> JsonResponse:
    """A plain Django answer in the API's error shape (outside DRF's views)."""
    message = message or _title(status_code)
    body = problem(status_code, [{"path": path, "code": code, "message": message}])
    return JsonResponse(body, status=status_code)


class DomainError(Exception):
    """An error a service raises for the user to fix; rendered by the handler."""

    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(
        self,
        code: str,
        message: str,
        path: str = "",
        *,
        extra: dict[str, Any] | None = None,
    ):
        super().__init__(message)
        self.code = code
        self.message = message
        self.path = path
        self.extra = extra or {}

    def as_body(self) -> dict[str, Any]:
        error = {"path": self.path, "code": self.code, "message": self.message}
        body = problem(self.status_code, [error])
        body.update(self.extra)
        return body


class Conflict(DomainError):
    status_code = status.HTTP_409_CONFLICT


def decimal_check(value: Any, bound: DecimalBound, field: str) -> Decimal:
    """``value`` (a Decimal, a string or an int) as a Decimal that fits ``bound``.

    A float is refused (0.05 as a float is not 0.05): send a string like "0.05".
    """
    if isinstance(value, (bool, float)):
        raise DomainError(
            "not_a_string",
            gettext('send the amount as a string, like "0.05"'),
            field,
        )
    try:
        number = value if isinstance(value, Decimal) else Decimal(str(value).strip())
    except InvalidOperation:
        raise DomainError("invalid", gettext("not a number"), field) from None
    refusal = decimal_refusal(number, bound)
    if refusal is not None:
        raise DomainError(refusal[0], refusal[1], field)
    return number


def text_check(value: str, field: str, *, multiline: bool = False) -> str:
    """``value`` if it may be shown to others; else a 400 naming ``field``."""
    refusal = text_refusal(value, multiline=multiline)
    if refusal is not None:
        raise DomainError("invalid_character", refusal, field)
    return value


def name_check(value: str, field: str, *, max_length: int) -> str:
    """A name (or other short text shown to others) that its column holds: within
    ``max_length`` and showable (:func:`text_check`). Blank is the caller's to refuse.
    """
    text_check(value, field)
    if len(value) > max_length:
        raise DomainError(
            "too_long",
            gettext("at most %(count)s characters") % {"count": max_length},
            field,
        )
    return value


def labelled_detail(serializer: Any, detail: Any) -> Any:
    """``detail`` (a serializer's errors) with each field's messages headed by the
    field's label in the reader's language ("Pisteen arvo: Anna kelvollinen
    luku."), never its key; nested serializers and lists of them alike. The keys
    (the error's ``path``) stay the API's field names."""
    if isinstance(serializer, serializers.ListSerializer):
        if isinstance(detail, list):
            return [labelled_detail(serializer.child, item) for item in detail]
        return detail
    fields = getattr(serializer, "fields", None)
    if not isinstance(detail, dict) or fields is None:
        return detail
    out: dict[str, Any] = {}
    for key, value in detail.items():
        field = fields.get(key)
        if field is None:
            out[key] = value
        elif isinstance(field, (serializers.Serializer, serializers.ListSerializer)):
            out[key] = labelled_detail(field, value)
        else:
            out[key] = _headed(gettext(str(field.label or key)), value)
    return out


def _headed(label: str, value: Any) -> Any:
    if isinstance(value, list):
        return [_headed(label, v) for v in value]
    if isinstance(value, dict):
        return {k: _headed(label, v) for k, v in value.items()}
    code = getattr(value, "code", "invalid")
    text = gettext("%(field)s: %(message)s") % {"field": label, "message": value}
    return exceptions.ErrorDetail(text, code=code)


def validated_body(serializer_class: type, request: Any, **kwargs: Any) -> Any:
    """The request's JSON body validated by ``serializer_class``; a 400 whose
    messages name each field by its label (:func:`labelled_detail`)."""
    body = serializer_class(data=request.data, **kwargs)
    if not body.is_valid():
        raise exceptions.ValidationError(labelled_detail(body, body.errors))
    return body.validated_data


def _flatten(detail: Any, path: str = "") -> list[dict[str, str]]:
    if isinstance(detail, dict):
        out: list[dict[str, str]] = []
        for key, value in detail.items():
            sub = path if key == "non_field_errors" else f"{path}.{key}".strip(".")
            out.extend(_flatten(value, sub))
        return out
    if isinstance(detail, list):
        out = []
        for i, value in enumerate(detail):
            sub = path if not isinstance(value, (dict, list)) else f"{path}.{i}"
            out.extend(_flatten(value, sub.strip(".")))
        return out
    code = getattr(detail, "code", "invalid")
    return [{"path": path, "code": str(code), "message": str(detail)}]


def document_errors(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular hook: every operation may answer any other error status
    (401, 405, 413, 415, 429, 500 …) in the one error shape."""
    default = {
        "description": "Any other error, in the API's one error shape.",
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/ErrorList"}}
        },
    }
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"].setdefault("default", default)
    return result


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, InputRejected):
        errors = localized_errors(exc.as_list())
        return Response(problem(400, errors), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, UnknownGame):
        error = {"path": "game", "code": "unknown_game", "message": str(exc)}
        return Response(problem(404, [error]), status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, DomainError):
        return Response(exc.as_body(), status=exc.status_code)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None  # a bug: Django answers 500, the middleware shapes it
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = problem(response.status_code, _flatten(exc.detail))
    return response
