"""Numbers typed into a page, read as the reader writes them.

A Finnish reader types "0,05" (and may group thousands with a space); the services
and the API take a decimal string with a point ("0.05", the API's documented JSON
format). A page's view turns what was typed into that form once, here, before it
calls a service; the API is not touched (its clients write JSON).
"""

from __future__ import annotations

from django.utils.formats import sanitize_separators


def typed_decimal(raw: str) -> str:
    """``raw`` as the services read a decimal ("0,05" → "0.05" in Finnish); text
    that is no number stays as it is, so the service names the field and refuses
    it."""
    # "1 000,50": a space (or a no-break space) only groups digits.
    text = "".join((raw or "").split())
    if not text:
        return ""
    return str(sanitize_separators(text))
