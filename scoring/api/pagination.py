"""Limit/offset pagination that refuses malformed parameters instead of ignoring them.

DRF's own class silently falls back to the defaults for ``?offset=abc``; a client with
a bug then pages through the same results forever. Here it is a 400.
"""

from __future__ import annotations

from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination


class StrictLimitOffsetPagination(LimitOffsetPagination):
    max_limit = 500

    def _strict(self, request, name: str, default: int | None) -> int | None:
        values = request.query_params.getlist(name)
        if not values:
            return default
        if len(values) > 1:
            raise ValidationError(
                {name: [gettext("give %(name)s once") % {"name": name}]}, code="invalid"
            )
        try:
            value = int(values[0])
        except ValueError:
            raise ValidationError(
                {name: [gettext("a whole number")]}, code="invalid"
            ) from None
        if value < 0:
            raise ValidationError({name: [gettext("not negative")]}, code="invalid")
        return value

    def get_limit(self, request):
        limit = self._strict(request, self.limit_query_param, self.default_limit)
        if limit is None:
            return None
        return min(limit, self.max_limit) if limit > 0 else self.default_limit

    def get_offset(self, request):
        return self._strict(request, self.offset_query_param, 0)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 0
        return parameters
