"""Links of the paged tournament pages (issue 32): the same page with one parameter
changed, and a row's link filled into a URL reversed once for the whole page."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

register = template.Library()


@register.simple_tag(takes_context=True)
def with_params(context: template.Context, **changes: Any) -> str:
    """This page's address with ``changes`` to its query (``None``: dropped)."""
    request = context["request"]
    params = request.GET.copy()
    for name, value in changes.items():
        if value is None or value == "":
            params.pop(name, None)
        else:
            params[name] = str(value)
    return f"{request.path}?{params.urlencode()}" if params else request.path


@register.simple_tag(takes_context=True)
def page_link(context: template.Context, param: str, number: int) -> str:
    """This page's address showing page ``number`` of the ``param`` list."""
    return with_params(context, **{param: None if number == 1 else number})


def url_template(name: str, **kwargs: Any) -> str:
    """``name`` reversed once with a 0 for its last id: :func:`with_id` fills it
    per row (a ``{% url %}`` per row was a tenth of a big page's time)."""
    return reverse(name, kwargs=kwargs)


@register.filter
def with_id(url: str, pk: Any) -> str:
    """``url`` (:func:`url_template`) for the object ``pk``."""
    head, _, tail = url.rpartition("/0/")
    return f"{head}/{pk}/{tail}"


@register.filter
def value_of(values: dict[str, Any], key: str) -> Any:
    """``values[key]``, or nothing (a standings row's metric)."""
    return values.get(key, "") if values else ""
