"""Every named route of the project's pages and API has a query-count case here.

The URL resolver is walked (so a route added anywhere, in any app, is found); a
route is covered when some module of this package names it, with each HTTP method
its view answers, in its ``BOUNDS``. Routes that read nothing that grows are
listed in ``EXEMPT`` with the reason.
"""

from __future__ import annotations

import importlib
import pkgutil

from django.urls import URLPattern, URLResolver, get_resolver

import tests.queries

#: Named routes with no query-count case, and why.
EXEMPT = {
    "healthz": "a fixed probe of the database, broker and worker",
    "api:token": "one user's credentials; throttled, reads no list",
    "schema": "the OpenAPI document, generated from code",
    "api-docs": "a static page that loads the schema",
    "set_language": "the header's language switch: sets a cookie, reads nothing",
    "javascript-catalog": "the scripts' translations, from the catalogue files",
    "service-worker": "the service worker's script, from a template (no database)",
    "web-manifest": "the web app manifest, a fixed document (no database)",
}
METHODS = ("get", "post", "put", "patch", "delete")


def routes(resolver=None, namespace=""):
    """(name, view methods) of every named route below ``resolver``."""
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace or ""
            full = f"{namespace}:{inner}".strip(":") if inner else namespace
            if not (pattern.app_name == "admin" or str(pattern.pattern) == "accounts/"):
                yield from routes(pattern, full)
        elif isinstance(pattern, URLPattern) and pattern.name:
            name = f"{namespace}:{pattern.name}" if namespace else pattern.name
            view = getattr(pattern.callback, "view_class", None)
            methods = (
                {m.upper() for m in METHODS if hasattr(view, m)} if view else set()
            )
            yield name, methods - {"OPTIONS"}


def bounded() -> set[tuple[str, str]]:
    keys = set()
    for info in pkgutil.iter_modules(tests.queries.__path__):
        if info.name.startswith("test_"):
            module = importlib.import_module(f"tests.queries.{info.name}")
            keys |= set(getattr(module, "BOUNDS", {}))
    return keys


def test_every_named_route_has_a_query_count_case():
    keys = bounded()
    names = {name for name, _method in keys}
    missing = []
    for name, methods in routes():
        if name in EXEMPT:
            continue
        if name not in names:
            missing.append(name)
        missing += [f"{name} {m}" for m in methods if (name, m) not in keys]
    assert not missing, "routes without a query-count case: " + ", ".join(missing)


def test_the_cases_name_real_routes():
    """A bound for a route that no longer exists is a stale case."""
    known = {(name, m) for name, methods in routes() for m in methods} | {
        (name, m) for name, _ in routes() for m in ("GET", "POST")
    }
    stale = sorted(k for k in bounded() if k not in known)
    assert not stale, stale
