"""The layers point one way: games ← scoring ← tournaments ← money (CONVENTIONS).

The test reads every module of the apps (``ast``, nothing imported) and follows its
imports, those inside functions too; an import under ``if TYPE_CHECKING:`` is for
the type checker only and is left out. It fails on:

* **an import of a layer above** — scoring importing tournaments, games importing
  scoring, and so on (none today: keep it so);
* **a new circle** of modules importing each other, or a known circle growing;
* **more private names crossing modules** than today: ``from x import _name`` where
  ``x`` is another module of the apps (the counts below may only go down);
* **config importing an app** other than through the places listed below.

The known debts (issue 30, item 4) are listed here so that each one removed is
removed from the list, and nothing new is added unseen.
"""

from __future__ import annotations

import ast
from collections import Counter, defaultdict
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("games", "scoring", "tournaments", "money", "config")
LAYER = {"games": 0, "scoring": 1, "tournaments": 2, "money": 3}

#: Circles of modules that import each other today (a found circle passes when
#: all its modules are in one of these).
KNOWN_CIRCLES = [
    {
        "scoring.services",
        "scoring.services._common",
        "scoring.services.clubs",
        "scoring.services.deals",
        "scoring.services.invitations",
        "scoring.services.matches",
        "scoring.services.players",
        "scoring.services.table_links",
        "scoring.services.table_queues",
        "scoring.tasks",
    },
    {
        "tournaments.formats.partner_rotation",
        "tournaments.ranking",
        "tournaments.ranking.compute",
        "tournaments.ranking.context",
        "tournaments.ranking.metrics",
    },
    # The services send their tasks (standings, round generation) and the tasks
    # call the services: both imports are inside functions.
    {
        "tournaments.services",
        "tournaments.services.entries",
        "tournaments.services.events",
        "tournaments.services.generations",
        "tournaments.services.rounds",
        "tournaments.services.standings",
        "tournaments.tasks",
    },
]

#: Private names imported from another module, per app: at most this many.
PRIVATE_CROSSINGS = {"games": 0, "scoring": 0, "tournaments": 14, "money": 0}

#: What config may import from the apps (the root URLconf's views, the API's error
#: handler, the language middleware, the token view, the catalogue's extraction).
CONFIG_REACHES = {
    "config.api": {"games"},
    "config.security": {"scoring"},
    "config.translation": {"games"},
    "config.urls": {"scoring"},
}


def _modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The line numbers of the imports under ``if TYPE_CHECKING:``."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or 0) + 1))
    return lines


def _absolute(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if MODULES[module].name != "__init__.py":
        parts = parts[:-1]
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, *([node.module] if node.module else [])])


def _known(name: str) -> str | None:
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name if name in MODULES else None


@cache
def _imports() -> tuple[dict[str, set[str]], list[tuple[str, str, str]]]:
    """Each module's imported modules of the apps, and the private names crossing."""
    edges: dict[str, set[str]] = defaultdict(set)
    private = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        skip = _type_checking_only(tree)
        for node in ast.walk(tree):
            if getattr(node, "lineno", None) in skip:
                continue
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(module, node)
                for alias in node.names:
                    targets.append(f"{source}.{alias.name}")
                    crossing = source.split(".")[0] in APPS and source != module
                    if alias.name.startswith("_") and crossing:
                        private.append((module, source, alias.name))
            for target in targets:
                found = _known(target)
                if found and found != module:
                    edges[module].add(found)
    return edges, private


def _app(module: str) -> str:
    return module.split(".")[0]


def _circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []

    def visit(start: str) -> None:
        # Iterative, so that a deep chain of imports needs no recursion limit.
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    circles.append(component)

    nodes = set(edges) | {target for targets in edges.values() for target in targets}
    for module in sorted(nodes):
        if module not in index:
            visit(module)
    return circles


def test_no_module_imports_a_layer_above_its_own():
    edges, _ = _imports()
    upward = sorted(
        (module, target)
        for module, targets in edges.items()
        for target in targets
        if _app(module) in LAYER
        and _app(target) in LAYER
        and LAYER[_app(target)] > LAYER[_app(module)]
    )
    assert not upward, f"imports of a layer above: {upward}"


def test_no_new_circle_of_imports():
    edges, _ = _imports()
    new = [
        sorted(circle)
        for circle in _circles(edges)
        if not any(circle <= known for known in KNOWN_CIRCLES)
    ]
    assert not new, f"modules importing each other (break the circle): {new}"


def test_every_known_circle_is_still_there():
    """A circle broken is taken off the list, so the list says what is left."""
    edges, _ = _imports()
    found = _circles(edges)
    gone = [
        sorted(known)
        for known in KNOWN_CIRCLES
        if not any(len(known & circle) > 1 for circle in found)
    ]
    assert not gone, f"take these broken circles off KNOWN_CIRCLES: {gone}"


def test_the_circle_finder_finds_a_circle():
    """The check above could fail: two modules importing each other are found."""
    edges = defaultdict(set, {"a": {"b"}, "b": {"c", "a"}, "c": set()})
    assert _circles(edges) == [{"a", "b"}]


def test_no_more_private_names_cross_modules():
    _, private = _imports()
    counts = Counter(_app(module) for module, _, _ in private)
    grown = {
        app: (count, PRIVATE_CROSSINGS.get(app, 0))
        for app, count in counts.items()
        if count > PRIVATE_CROSSINGS.get(app, 0)
    }
    listed = sorted(f"{m} ← {s}.{n}" for m, s, n in private if _app(m) in grown)
    assert not grown, (
        "private names imported from another module (make the name public in a "
        f"module meant for it): {grown} (now, allowed): {listed}"
    )


def test_config_imports_the_apps_only_where_it_wires_them():
    edges, _ = _imports()
    reached = defaultdict(set)
    for module, targets in edges.items():
        if _app(module) == "config":
            reached[module] |= {_app(t) for t in targets if _app(t) in LAYER}
    extra = {
        module: apps - CONFIG_REACHES.get(module, set())
        for module, apps in reached.items()
        if apps - CONFIG_REACHES.get(module, set())
    }
    assert not extra, f"config imports apps beyond its wiring: {extra}"
