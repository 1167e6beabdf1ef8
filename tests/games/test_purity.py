"""The engine and the rule modules import nothing from Django (CONVENTIONS §1)."""

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "games"
PURE = [
    *sorted((GAMES / "engine").rglob("*.py")),
    *sorted((GAMES / "rules").rglob("*.py")),
    GAMES / "__init__.py",
    GAMES / "__main__.py",
]
FORBIDDEN = (
    "django",
    "rest_framework",
    "celery",
    "drf_spectacular",
    "scoring",
    "tournaments",
    "config",
)


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(GAMES)))
def test_module_imports_no_framework(path):
    bad = [n for n in _imports(path) if n.split(".")[0] in FORBIDDEN]
    assert not bad, f"{path} imports {bad}"


def test_the_walk_covers_the_rule_modules():
    assert any(p.parent.name == "rules" for p in PURE)
    assert any(p.name == "game.py" for p in PURE)


def test_importing_every_game_loads_no_django_module():
    """Load the registry in a fresh interpreter and look at sys.modules."""
    import subprocess
    import sys

    code = (
        "import sys; from games.engine import all_games; all_games(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'celery')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=GAMES.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert out == "[]"
