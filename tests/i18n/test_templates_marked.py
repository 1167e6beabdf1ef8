"""Every text a person reads on a page is marked for translation.

Templates: each file under templates/ is lexed with Django's template Lexer. The
text inside ``{% translate %}`` / ``{% blocktranslate %}`` and ``{% comment %}``
counts as marked; a variable (``{{ x }}``) is Python's business (its texts are
marked where they are made). What is left of the markup, with scripts and styles
removed, is checked twice: the text between tags, and the values of the attributes
a person sees or hears (title, placeholder, aria-label, alt, and the value of a
submit or button input). Any word there — a run of letters — fails the test,
unless it is in ``NOT_LANGUAGE`` (names and symbols that read the same in every
language).

Scripts: every string literal a person sees in static/js goes through ``gettext``.
The check is static and simple: the right-hand side of an assignment to
textContent / innerText / title / placeholder, the value of
``setAttribute("aria-label" | "title" | "placeholder" | "alt", ...)`` and the
argument of ``alert`` / ``confirm`` / ``prompt`` / ``say`` (the card picker's
live region) may hold no literal with a word in it outside ``gettext(...)`` /
``ngettext(...)`` (a method called with a single literal, such as
``getAttribute("data-name")``, reads a name and is not counted). A script that
calls gettext also falls back to the English when the catalogue is missing
(``window.gettext || ...``).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType

BASE = Path(settings.BASE_DIR)
TEMPLATES = sorted((BASE / "templates").rglob("*.html"))
SCRIPTS = sorted(p for p in (BASE / "static" / "js").glob("*.js"))

#: Words that are not language: the product's name, file formats, the API, and the
#: Greek letters of the rating formula (μ ± σ).
NOT_LANGUAGE = {"Kirjuri", "API", "CSV", "SVG", "QR", "μ", "σ"}

WORD = re.compile(r"[^\W\d_]+")
VISIBLE_ATTRIBUTES = re.compile(
    r"""\s(title|placeholder|aria-label|alt)\s*=\s*("[^"]*"|'[^']*')""", re.I
)
INPUT_BUTTON = re.compile(
    r"<input\b[^>]*\btype=[\"']?(submit|button|reset)[^>]*>", re.I
)
INPUT_VALUE = re.compile(r"""\svalue\s*=\s*("[^"]*"|'[^']*')""", re.I)
SCRIPT_OR_STYLE = re.compile(r"<(script|style)\b.*?</\1\s*>", re.I | re.S)
TAG = re.compile(r"<[^>]*>")

TRANSLATED = "\x00"  # where a marked text (or a variable) stood
BOUNDARY = " "  # where another tag ({% if %}, {% url %} ...) stood


def skeleton(source: str) -> str:
    """The template with every marked text and variable replaced by a mark, every
    other tag by a space: what is left is what the template writes itself."""
    out: list[str] = []
    inside: str | None = None  # the end tag we are waiting for
    for token in Lexer(source).tokenize():
        content = token.contents.strip()
        word = content.split(" ", 1)[0] if content else ""
        if inside:
            if token.token_type == TokenType.BLOCK and word == inside:
                inside = None
            continue
        if token.token_type == TokenType.TEXT:
            out.append(token.contents)
        elif token.token_type == TokenType.VAR:
            out.append(TRANSLATED)
        elif token.token_type == TokenType.BLOCK:
            if word in ("blocktranslate", "blocktrans"):
                inside = "end" + word
                out.append(TRANSLATED)
            elif word == "comment":
                inside = "endcomment"
            elif word in ("translate", "trans"):
                out.append(TRANSLATED)
            else:
                out.append(BOUNDARY)
    return "".join(out)


def unmarked(source: str) -> list[str]:
    """The words of ``source`` (a template) that no translation tag covers."""
    text = SCRIPT_OR_STYLE.sub(" ", skeleton(source))
    found: list[str] = []
    for _name, value in VISIBLE_ATTRIBUTES.findall(text):
        found += words(value[1:-1])
    for tag in INPUT_BUTTON.finditer(text):
        for value in INPUT_VALUE.findall(tag.group(0)):
            found += words(value[1:-1])
    found += words(TAG.sub(" ", text))
    return found


def words(text: str) -> list[str]:
    return [w for w in WORD.findall(html.unescape(text)) if w not in NOT_LANGUAGE]


@pytest.mark.parametrize(
    "path", TEMPLATES, ids=[str(p.relative_to(BASE)) for p in TEMPLATES]
)
def test_every_text_of_the_template_is_marked(path):
    left = unmarked(path.read_text(encoding="utf-8"))
    assert not left, f"{path.relative_to(BASE)}: texts not marked: {left}"


def test_there_are_templates_to_check():
    assert len(TEMPLATES) >= 48


@pytest.mark.parametrize(
    ("source", "left"),
    [
        ("<p>Hello</p>", ["Hello"]),
        ('{% load i18n %}<p>{% translate "Hello" %}</p>', []),
        ("<p>{% blocktranslate %}Hi {{ name }}{% endblocktranslate %}</p>", []),
        ("{% comment %}A note{% endcomment %}{# another #}<b>{{ x }}</b>", []),
        ('<a title="Open it" href="/x">{{ x }}</a>', ["Open", "it"]),
        ("<a title=\"{% translate 'Open' %}\">·</a>", []),
        ('<input type="submit" value="Send">', ["Send"]),
        ('<input type="hidden" name="action" value="add">', []),
        ('<td class="total" data-side="{{ n }}">{{ t }}</td>', []),
        ("<script>var a = 'x';</script><p>Kirjuri &amp; API</p>", []),
        ('<p>{% if a %}Yes{% else %}{% translate "No" %}{% endif %}</p>', ["Yes"]),
    ],
)
def test_the_check_itself(source, left):
    assert unmarked(source) == left


# --- the scripts ---------------------------------------------------------------

SINKS = re.compile(
    r"""\.(?:textContent|innerText|title|placeholder)\s*=(?!=)"""
    r"""|\.setAttribute\(\s*["'](?:aria-label|title|placeholder|alt)["']\s*,"""
    r"""|\b(?:alert|confirm|prompt|say)\("""
)
LITERAL = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""")
GETTEXT_LITERALS = re.compile(
    r"""\b(?:n|p|np)?gettext\(\s*"""
    r"""(?:(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*,?\s*)+"""
)
#: A method called with one literal reads a name, not a text: getAttribute("data-
#: name"), querySelector(".x"), closest("form").
NAME_ARGUMENT = re.compile(
    r"""\.\w+\(\s*(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*\)"""
)
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def sink_expression(code: str, start: int) -> str:
    """From ``start`` to the end of the statement or call: the first ``;`` or
    newline outside brackets, or the bracket that closes the call."""
    depth = 0
    i = start
    quote = ""
    while i < len(code):
        c = code[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                break
        elif c == ";" and depth == 0:
            break
        i += 1
    return code[start:i]


def untranslated_literals(code: str) -> list[str]:
    """The literals with a word in them that reach a person outside gettext."""
    found = []
    for sink in SINKS.finditer(code):
        expression = sink_expression(code, sink.end())
        expression = NAME_ARGUMENT.sub(".name()", expression)
        expression = GETTEXT_LITERALS.sub("gettext(", expression)
        found += [
            literal
            for literal in LITERAL.findall(expression)
            if ENGLISH_WORD.search(literal)
        ]
    return found


@pytest.mark.parametrize(
    "path", SCRIPTS, ids=[str(p.relative_to(BASE)) for p in SCRIPTS]
)
def test_every_text_of_the_script_goes_through_gettext(path):
    code = path.read_text(encoding="utf-8")
    assert not untranslated_literals(code), path.name
    if re.search(r"\b(?:n|p|np)?gettext\(", code):
        assert "window.gettext ||" in code, (
            f"{path.name} calls gettext: it needs the English fallback for a page "
            "without the catalogue (var gettext = window.gettext || ...)"
        )


@pytest.mark.parametrize(
    ("code", "left"),
    [
        ('done.textContent = "Done";', ['"Done"']),
        ('done.textContent = gettext("Done");', []),
        ('b.setAttribute("aria-label", "Take out " + x);', ['"Take out "']),
        (
            'b.setAttribute("aria-label", interpolate(gettext("Take %(x)s"), {x: x}));',
            [],
        ),
        ('n.textContent = ngettext("%s dart", "%s darts", n);', []),
        ('el.textContent = a + ": " + b;', []),
        ('say("Tap a meld first.");', ['"Tap a meld first."']),
        ('if (a.title === "x") {}', []),
        ('b.setAttribute("aria-label", b.getAttribute("data-name") + ": " + s);', []),
    ],
)
def test_the_script_check_itself(code, left):
    assert untranslated_literals(code) == left


def _calls(source: str, name: str):
    """The text of every ``name(...)`` call in ``source`` (parentheses matched,
    strings skipped)."""
    start = 0
    while (at := source.find(name + "(", start)) != -1:
        depth, i, quote = 0, at + len(name), None
        while i < len(source):
            ch = source[i]
            if quote:
                if ch == "\\":
                    i += 1
                elif ch == quote:
                    quote = None
            elif ch in "\"'":
                quote = ch
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        yield source[at : i + 1]
        start = i + 1


def test_named_placeholders_are_interpolated_by_name():
    """Django's ``interpolate(fmt, obj)`` fills ``%(name)s`` only when told the
    values are named (a third argument ``true``); without it the reader sees
    "%(card)s added". Every call with a named placeholder says so."""
    wrong = []
    for path in sorted((BASE / "static" / "js").glob("*.js")):
        for call in _calls(path.read_text(encoding="utf-8"), "interpolate"):
            if "%(" in call and not re.search(r",\s*true\s*\)$", call):
                wrong.append(f"{path.name}: {call[:60]}")
    assert not wrong
