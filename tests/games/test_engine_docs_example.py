"""The smallest complete rummy game of docs/engine.md runs, and its tests pass."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import games.engine.registry as registry
from games.engine import DealRejected

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def _blocks() -> list[str]:
    text = DOC.read_text()
    section = text[text.index("### The smallest complete rummy game") :]
    return re.findall(r"```python\n(.*?)```", section, re.S)[:2]


def test_the_documented_rummy_game_and_its_tests(monkeypatch):
    """The example declares a game on games.engine.melds (not registered here, so
    the registry keeps only the real games); its three documented tests pass."""
    monkeypatch.setattr(registry, "register", lambda cls: cls)
    game_code, test_code = _blocks()
    module = ModuleType("docs_engine_example")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    namespace = module.__dict__
    namespace.update(pytest=pytest, DealRejected=DealRejected)
    exec(compile(game_code, str(DOC), "exec"), namespace)
    exec(compile(test_code, str(DOC), "exec"), namespace)
    tests = [name for name in namespace if name.startswith("test_")]
    assert len(tests) == 3
    for name in tests:
        namespace[name]()
    assert namespace["Deadwood"]().deal_schema()["title"] == "DeadwoodDeal"
