"""Dependencies point down: ``games`` ← ``scoring`` ← ``tournaments`` ← ``money``
(CONVENTIONS 4b). Neither the score book nor the tournaments import money — not at
the top of a module, not inside a function — and the money core
(``money/settlement/``) stays pure: no Django, nothing of the layers that use it
but the score book's ISO 4217 table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _imports(path: Path) -> list[str]:
    """Every module ``path`` imports, at any depth (function bodies too)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _modules(*folders: str) -> list[Path]:
    return [p for folder in folders for p in sorted((ROOT / folder).rglob("*.py"))]


LOWER = _modules("games", "scoring", "tournaments")


@pytest.mark.parametrize("path", LOWER, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_layers_below_money_do_not_import_it(path):
    bad = [n for n in _imports(path) if n.split(".")[0] == "money"]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


SETTLEMENT = _modules("money/settlement")


FRAMEWORK = ("django", "rest_framework", "celery", "config", "tournaments")


def _allowed_in_the_core(name: str) -> bool:
    top = name.split(".")[0]
    if top in FRAMEWORK or top == "money":  # the core imports itself relatively
        return False
    if top == "scoring":
        return name.startswith("scoring.currencies")
    return True


@pytest.mark.parametrize("path", SETTLEMENT, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_money_core_is_pure(path):
    bad = [n for n in _imports(path) if not _allowed_in_the_core(n)]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_scan_sees_the_files_it_guards():
    """A scan of nothing would pass: the lists hold the modules that once did."""
    names = {str(p.relative_to(ROOT)) for p in LOWER + SETTLEMENT}
    assert "scoring/services.py" in names or (ROOT / "scoring/services").is_dir()
    assert "tournaments/prizes.py" in names
    assert "scoring/api/serializers.py" in names
    assert "money/settlement/currency.py" in names


def test_the_scan_catches_an_upward_import(tmp_path):
    """The check itself: a function-level ``from money …`` is found."""
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from money.services import match_settle\n")
    assert "money.services" in _imports(module)


def test_no_money_module_is_left_in_scoring():
    assert not list((ROOT / "scoring").glob("money*"))
    assert not (ROOT / "scoring" / "ledger_models.py").exists()


def test_no_setting_names_a_provider_above():
    """The prize standings come from a tournaments selector money imports."""
    from django.conf import settings

    assert not hasattr(settings, "KIRJURI_PRIZE_STANDINGS_PROVIDER")
