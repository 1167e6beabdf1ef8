"""The rules engine builds no person-facing text that a translation cannot reach.

A text the scorer reads — a rule error's message, a fact's text, a context row's
label, a note for the table, a validator's message — is a literal or
``msg(template, **params)`` (``games.engine.text``), never an f-string, a ``%`` or
``.format`` call or a concatenation: those bake the values into the sentence, and the
boundary could only show it in English. (Paths such as ``f"tricks.{seat}"`` are not
texts and are not checked.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.conf import settings

GAMES = Path(settings.BASE_DIR) / "games"
# The argument that holds the text: by position, or by keyword.
TEXT_ARGUMENT = {
    "RuleError": (2, "message"),
    "Fact": (1, "text"),
    "ContextRow": (1, "label"),
    "input_error": (1, "template"),
    "msg": (0, "template"),
    "msgn": (0, "singular"),
}
# A plural text's second template, which must be a literal too.
PLURAL_ARGUMENT = {"msgn": 1}
MODULES = sorted(
    p
    for p in GAMES.rglob("*.py")
    if not {"scaffold", "migrations", "management", "api"} & set(p.parts)
    and p.parent != GAMES
)


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _baked(node: ast.expr) -> bool:
    """Does ``node`` build a sentence with its values baked in?"""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return any(
            isinstance(side, (ast.Constant, ast.JoinedStr)) and not _number(side)
            for side in (node.left, node.right)
        ) or _baked(node.left)
    if isinstance(node, ast.Call) and _name(node.func) in {"format", "join"}:
        return isinstance(getattr(node.func, "value", None), ast.Constant)
    if isinstance(node, ast.IfExp):
        return _baked(node.body) or _baked(node.orelse)
    return False


def _number(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float))


def _texts(tree: ast.AST):
    """(line, node) of every expression that holds a person-facing text."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in TEXT_ARGUMENT:
                position, keyword = TEXT_ARGUMENT[name]
                template = name in ("msg", "msgn")
                if len(node.args) > position:
                    yield node.lineno, node.args[position], template
                if name in PLURAL_ARGUMENT and len(node.args) > PLURAL_ARGUMENT[name]:
                    yield node.lineno, node.args[PLURAL_ARGUMENT[name]], template
                for kw in node.keywords:
                    if kw.arg == keyword:
                        yield node.lineno, kw.value, template
            for kw in node.keywords:
                if kw.arg == "notes" and isinstance(kw.value, (ast.List, ast.Tuple)):
                    for item in kw.value.elts:
                        yield item.lineno, item, False
            if (
                name == "append"
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "notes"
                and node.args
            ):
                yield node.lineno, node.args[0], False
        elif (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "notes" for t in node.targets)
            and isinstance(node.value, (ast.List, ast.Tuple))
        ):
            for item in node.value.elts:
                yield item.lineno, item, False


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_engine_texts_are_templates(path):
    """Every text is a literal or ``msg(...)``; a template itself is a literal."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    wrong = []
    for line, node, is_template in _texts(tree):
        if (is_template and not isinstance(node, ast.Constant)) or _baked(node):
            wrong.append(line)
    assert not wrong, f"{path.name}: texts built with values baked in at lines {wrong}"
