"""The Finnish catalogue is complete, compiled and well-formed.

``make messages`` extracts every marked text — the templates, the Python code, the
rules engine's templates (``msg``, ``RuleError``, ``Fact``, ``ContextRow``) and the
games' declarations — into ``locale/fi/LC_MESSAGES/django.po``. A text added without
its Finnish translation fails here, naming the text.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

LOCALE = Path(settings.BASE_DIR) / "locale" / "fi" / "LC_MESSAGES"
DOMAINS = [p.stem for p in sorted(LOCALE.glob("*.po"))]
IGNORED = [".venv/*", "tests/*", "bench/*", "staticfiles/*"]
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!][^}]*)?\}")
PERCENT = re.compile(r"%\((\w+)\)[sd]")


def _translated(entry: polib.POEntry) -> bool:
    if "fuzzy" in entry.flags:
        return False
    if entry.msgid_plural:
        return bool(entry.msgstr_plural) and all(entry.msgstr_plural.values())
    return bool(entry.msgstr)


def _translation(entry: polib.POEntry | polib.MOEntry) -> object:
    """The msgstr, or every plural form's (the .mo keeps plurals apart)."""
    if entry.msgid_plural:
        return tuple(sorted((int(k), v) for k, v in entry.msgstr_plural.items()))
    return entry.msgstr


def _untranslated(catalogue: polib.POFile) -> list[str]:
    return [e.msgid for e in catalogue if not e.obsolete and not _translated(e)]


def test_the_catalogue_exists_for_both_languages():
    """Finnish has a catalogue; English is the source language."""
    assert "django" in DOMAINS
    codes = [code for code, _ in settings.LANGUAGES]
    assert codes == ["fi", "en"]


@pytest.mark.gettext
def test_every_message_has_its_finnish_text(tmp_path):
    """A fresh extraction finds no text without its Finnish translation. It runs on
    a copy of the catalogue, so the committed one is never rewritten while other
    tests read it."""
    copy = tmp_path / "fi" / "LC_MESSAGES"
    copy.mkdir(parents=True)
    fresh = {}
    for domain in DOMAINS:
        shutil.copy(LOCALE / f"{domain}.po", copy / f"{domain}.po")
        call_command(
            "makemessages",
            locale=["fi"],
            domain=domain,
            no_location=True,
            no_obsolete=True,
            ignore_patterns=IGNORED,
            catalogue_dir=str(tmp_path),
            verbosity=0,
        )
        fresh[domain] = polib.pofile(str(copy / f"{domain}.po"))
    missing = {d: _untranslated(c) for d, c in fresh.items()}
    missing = {d: m for d, m in missing.items() if m}
    assert not missing, (
        "texts without a Finnish translation (run `make messages` and translate "
        f"them in locale/fi/LC_MESSAGES): {missing}"
    )


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_committed_catalogue_is_complete(domain):
    """Every entry of the committed catalogue is translated and none is fuzzy."""
    catalogue = polib.pofile(str(LOCALE / f"{domain}.po"))
    assert not _untranslated(catalogue)


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_compiled_catalogue_matches_its_source(domain):
    """``django.mo`` holds exactly the translations of ``django.po`` (run
    ``make messages`` after editing the .po)."""
    source = polib.pofile(str(LOCALE / f"{domain}.po"))
    compiled = polib.mofile(str(LOCALE / f"{domain}.mo"))
    want = {(e.msgctxt, e.msgid): _translation(e) for e in source if _translated(e)}
    have = {(e.msgctxt, e.msgid): _translation(e) for e in compiled if e.msgid}
    assert have == want


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_translation_keeps_its_placeholders(domain):
    """A translation fills the same values as its English text: ``{points}`` in the
    msgid is ``{points}`` in the msgstr, ``%(name)s`` likewise."""
    wrong = []
    for entry in polib.pofile(str(LOCALE / f"{domain}.po")):
        if not entry.msgstr:
            continue
        for pattern in (PLACEHOLDER, PERCENT):
            if set(pattern.findall(entry.msgid)) != set(pattern.findall(entry.msgstr)):
                wrong.append((entry.msgid, entry.msgstr))
    assert not wrong
