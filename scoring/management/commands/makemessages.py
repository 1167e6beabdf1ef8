"""``makemessages`` that also finds the rules engine's texts.

The engine imports no Django, so its templates are not ``gettext`` calls: they are
the first argument of ``msg(...)``, the two first of ``msgn(...)`` (a singular and
a plural), the message of ``RuleError(path, code, message)``,
the text of ``Fact(code, text)``, the label of ``ContextRow(code, label)`` and the
template of ``input_error(code, template)`` (``games.engine.text``). The texts a game
*declares* rather than writes in code (its name, summary, the deal form's labels
and help from its JSON Schema) are collected by
:func:`scoring.declared_texts.declared_texts` and written to a temporary module of
``gettext_noop`` marks for the run.

Translations written in parallel branches go to ``locale/<lang>/parts/*.po`` (one
file a branch, so that branches do not fight over one catalogue); each run folds
their translations into the catalogue where it has none yet (``polib``).

Run it as ``make messages`` (Finnish, no source locations, then compiled).
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.commands import makemessages

ENGINE_KEYWORDS = [
    "--keyword=msg",
    "--keyword=msgn:1,2",
    "--keyword=RuleError:3",
    "--keyword=Fact:2",
    "--keyword=ContextRow:2",
    "--keyword=input_error:2",
]
DECLARED = "_declared_texts.py"


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, *ENGINE_KEYWORDS]
    # A guessed ("fuzzy") translation of a near msgid is wrong more often than not
    # ("Car" is not "Cars"): a new text stays untranslated until someone writes it.
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--catalogue-dir",
            help=(
                "Write the catalogues under this directory (<dir>/<locale>/LC_MESSAGES)"
                " instead of locale/: the test extracts into a copy while other tests "
                "read the committed catalogue."
            ),
        )

    def find_files(self, root):
        files = super().find_files(root)
        if self.catalogue_dir:
            # Every text goes to the one catalogue, as it does under locale/.
            for translatable in files:
                translatable.locale_dir = self.catalogue_dir
            self.locale_paths = [self.catalogue_dir]
        return files

    def handle(self, *args, **options):
        from scoring.declared_texts import declared_texts

        self.catalogue_dir = options.get("catalogue_dir")
        locale_root = Path(settings.BASE_DIR) / "locale"

        # Not under locale/: makemessages walks no directory named "locale".
        path = Path(settings.BASE_DIR) / "config" / DECLARED
        lines = ["from django.utils.translation import gettext_noop", ""]
        lines += [f"gettext_noop({text!r})" for text in sorted(declared_texts())]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            super().handle(*args, **options)
        finally:
            path.unlink(missing_ok=True)
        for locale in options.get("locale") or ():
            _fold_parts(
                Path(self.catalogue_dir or locale_root) / locale,
                locale_root / locale / "parts",
                options["domain"],
            )


def _fold_parts(locale_dir: Path, parts_dir: Path, domain: str) -> None:
    """Fill the catalogue's untranslated entries from ``parts/*.po``."""
    import polib

    catalogue_path = locale_dir / "LC_MESSAGES" / f"{domain}.po"
    if not catalogue_path.exists():
        return
    # JavaScript's texts are in parts named *-js.po, the rest in the others.
    parts = [
        p
        for p in sorted(parts_dir.glob("*.po"))
        if p.name.endswith("-js.po") == (domain == "djangojs")
    ]
    # A plural entry's translation is its msgstr_plural (one text per form).
    known: dict[tuple[str | None, str], str | dict[int, str]] = {}
    for part in parts:
        for entry in polib.pofile(str(part)):
            if entry.obsolete or "fuzzy" in entry.flags:
                continue
            if entry.msgid_plural:
                if entry.msgstr_plural and all(entry.msgstr_plural.values()):
                    known.setdefault((entry.msgctxt, entry.msgid), entry.msgstr_plural)
            elif entry.msgstr:
                known.setdefault((entry.msgctxt, entry.msgid), entry.msgstr)
    catalogue = polib.pofile(str(catalogue_path), wrapwidth=79)
    # The header xgettext writes is a fuzzy template; ours is a real catalogue.
    catalogue.metadata_is_fuzzy = False
    catalogue.header = (
        "Kirjuri's texts in Finnish. Written by `make messages`: translate here (or\n"
        "in a branch's locale/fi/parts/*.po), never in the .mo."
    )
    catalogue.metadata["Language"] = locale_dir.name
    catalogue.metadata["Project-Id-Version"] = "Kirjuri"
    for entry in catalogue:
        if entry.translated():
            continue
        found = known.get((entry.msgctxt, entry.msgid))
        if isinstance(found, dict) and entry.msgid_plural:
            entry.msgstr_plural = dict(found)
        elif isinstance(found, str) and not entry.msgid_plural:
            entry.msgstr = found
        else:
            continue
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    catalogue.save()
