"""The page fuzz's harness: the world it walks, every URL of the project, hostile
values, the query parameters the views read, and the forms a page offers.

The URLs come from the resolver (``get_resolver().url_patterns``, walked
recursively), so a new page or API route is fuzzed without touching this file; a
path parameter is filled from the world by its name (``club_id``, ``match_id`` …),
or with an id that does not exist, a non-ASCII digit, a huge number. The query
parameters are found the same way: every name the views read from
``request.GET``/``query_params`` (grepped from the source), every filterset field,
plus generic ones. Django's admin (its own pages, staff only) is left out.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

ROOT = Path(__file__).resolve().parents[2]
APPS = ("config", "games", "scoring", "tournaments", "money")

HOSTILE = [
    "²",  # a superscript digit: str.isdigit() says yes, int() says no
    "٣",  # Arabic-Indic three: int() reads it as 3
    "５",  # full-width five
    "\x00",
    str(10**30),
    "-1",
    "",
    "9" * 10_240,  # 10 kB
    "1e308",
    "NaN",
]
#: Hostile path ids: one that does not exist, a non-ASCII digit, a huge one.
HOSTILE_IDS = ["999999999", "²", str(10**30)]
GENERIC_PARAMS = [
    "page",
    "season",
    "q",
    "round",
    "seat",
    "base_version",
    "format",
    "ordering",
    "cursor",
    "limit",
    "offset",
    "game",
    "club",
]
#: Crafted names for a field a form never had.
CRAFTED_NAMES = [
    "points\x00",
    "seat_²",
    "side_999999999_points",
    "__proto__",
    "x" * 300,
]

_READS = re.compile(
    r"(?:GET|query_params|source)\s*\.\s*(?:get|getlist)\(\s*[\"']([A-Za-z_][\w-]*)"
    r"|(?:GET|query_params)\[\s*[\"']([A-Za-z_][\w-]*)"
)
_FILTERSET = re.compile(r"filterset_fields\s*=\s*\[([^\]]*)\]")
_PARAM = re.compile(r"<(?:(?P<conv>\w+):)?(?P<name>\w+)>")


def _reads(text: str) -> set[str]:
    names = set()
    for match in _READS.finditer(text):
        names.add(match.group(1) or match.group(2))
    for match in _FILTERSET.finditer(text):
        names.update(re.findall(r"[\"'](\w+)[\"']", match.group(1)))
    return names


def query_params() -> list[str]:
    """Every query parameter name a view reads, and the generic ones."""
    names = set(GENERIC_PARAMS)
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            names |= _reads(path.read_text(encoding="utf-8"))
    return sorted(names)


def view_params(callback) -> list[str]:
    """The query parameters read in the module of a route's view."""
    view = getattr(callback, "view_class", None) or getattr(callback, "cls", None)
    module = sys.modules.get((view or callback).__module__)
    source = getattr(module, "__file__", None)
    if not source or not source.startswith(str(ROOT)):
        return []
    return sorted(_reads(Path(source).read_text(encoding="utf-8")))


def routes() -> dict[str, list[str]]:
    """Every URL pattern of the project as a route text (admin left out), with the
    query parameters its view reads (the API's pagination, one class, is in the
    generic ones)."""

    def walk(patterns, prefix: str) -> Iterator[tuple[str, list[str]]]:
        for pattern in patterns:
            text = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                if text.startswith("admin/"):
                    continue
                yield from walk(pattern.url_patterns, text)
            elif isinstance(pattern, URLPattern):
                params = view_params(pattern.callback)
                yield text, params

    return dict(sorted(walk(get_resolver().url_patterns, "")))


def path_params(route: str) -> list[str]:
    return [m.group("name") for m in _PARAM.finditer(route)]


def fill(route: str, ids: dict[str, str], **override: str) -> str | None:
    """The URL of ``route`` with its parameters from ``ids`` (``override`` wins);
    ``None`` when the world has no value for one of them."""
    missing = []

    def value(match: re.Match) -> str:
        name = match.group("name")
        if name in override:
            return override[name]
        key = _key(route, name)
        if key not in ids:
            missing.append(key)
            return ""
        return ids[key]

    url = "/" + _PARAM.sub(value, route)
    return None if missing else url


def _key(route: str, name: str) -> str:
    """The world's id for parameter ``name`` of ``route`` (a token, a kind and a
    source id depend on the route)."""
    if name == "token":
        if route.startswith("invite/"):
            return "invitation_token"
        if route.startswith("accounts/reset/"):
            return "reset_token"
        return "table_token"
    if name == "slug":
        return "game"
    return name


def hostile_queries(params: list[str], rounds: int, seed: str) -> list[dict]:
    """``rounds`` query dicts putting a hostile value in every parameter; over the
    rounds each parameter meets every value (rotated, so that two parameters rarely
    get the same one at once), then random draws for more rounds."""
    rng = random.Random(seed)
    queries = []
    for number in range(rounds):
        if number < len(HOSTILE):
            queries.append(
                {p: HOSTILE[(number + i) % len(HOSTILE)] for i, p in enumerate(params)}
            )
        else:
            queries.append({p: rng.choice(HOSTILE) for p in params})
    return queries


#: The values that break a careless ``int()`` or a database binding: always sent
#: one at a time; the others are sampled.
BREAKERS = ["²", "\x00", str(10**30), "9" * 10_240]


def single_queries(params: list[str], sampled: int, seed: str) -> list[dict]:
    """One hostile parameter at a time (nothing else to fail first): the breakers
    and ``sampled`` of the other values."""
    rng = random.Random(seed)
    others = [v for v in HOSTILE if v not in BREAKERS]
    return [
        {p: v}
        for p in params
        for v in [*BREAKERS, *rng.sample(others, min(sampled, len(others)))]
    ]


@dataclass
class Form:
    action: str
    method: str
    fields: dict[str, list[str]] = field(default_factory=dict)

    def add(self, name: str | None, value: str | None) -> None:
        if name:
            self.fields.setdefault(name, []).append(value or "")


class FormParser(HTMLParser):
    """The ``<form>``s of a page: action, method, and every named control with its
    first value (a select's first option, a textarea's text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self._form = Form(
                action=attrs.get("action") or "",
                method=(attrs.get("method") or "get").lower(),
            )
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag in ("input", "button"):
            kind = (attrs.get("type") or "text").lower()
            if kind in ("checkbox", "radio") and "checked" not in attrs:
                # An unchecked box sends nothing; still fuzz its name.
                self._form.add(attrs.get("name"), "")
            else:
                self._form.add(attrs.get("name"), attrs.get("value"))
        elif tag == "select":
            self._select = attrs.get("name")
        elif tag == "option" and self._select:
            if self._select not in self._form.fields:
                self._form.add(self._select, attrs.get("value"))
        elif tag == "textarea":
            self._textarea = attrs.get("name")
            self._form.add(self._textarea, "")

    def handle_data(self, data):
        if self._form is not None and self._textarea:
            self._form.fields[self._textarea][-1] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def forms_of(html: str) -> list[Form]:
    parser = FormParser()
    parser.feed(html)
    return parser.forms


def hostile_posts(form: Form, rounds: int, seed: str) -> list[dict]:
    """Bodies for ``form``: the page's own values with one field at a time made
    hostile (sampled), every field hostile at once (rotated), and a crafted extra
    field name."""
    rng = random.Random(seed)
    own = {name: values[0] for name, values in form.fields.items()}
    names = sorted(own)
    bodies = []
    for name in names:
        for value in rng.sample(HOSTILE, min(rounds, len(HOSTILE))):
            bodies.append({**own, name: value})
    for number in range(rounds):
        bodies.append(
            {n: HOSTILE[(number + i) % len(HOSTILE)] for i, n in enumerate(names)}
        )
    for crafted in CRAFTED_NAMES:
        bodies.append({**own, crafted: rng.choice(HOSTILE)})
    return bodies
