"""``python -m games new``: the skeleton of a game of each family.

Each family's skeleton is written into a temporary project directory and run in a
fresh interpreter whose registry and fold-once strategies also read that directory:
as generated it imports and registers, but its tests fail (the scoring is a
placeholder that raises, the source and the book's examples are TODO); once the
placeholders are filled in, its tests, the fold-once laws for it and its bench case
all pass.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.__main__ import main
from games.scaffold import FAMILIES, new_game

PROJECT = Path(__file__).resolve().parents[2]

BOOT = """
import importlib.util, sys
from pathlib import Path
root, bench = Path(sys.argv[1]), sys.argv[2]
import games.rules
games.rules.__path__.append(str(root / "games" / "rules"))
import tests.games.strategies as strategies
strategies.__path__.append(str(root / "tests" / "games" / "strategies"))
strategies.STRATEGIES.update(strategies._load())
import pytest
code = pytest.main(sys.argv[3:])
if code == 0 and bench:
    spec = importlib.util.spec_from_file_location("generated_bench", bench)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    cases = module.cases()
    assert cases and cases[0].deals and cases[0].matches, "an empty bench case"
    print("bench case:", cases[0].name, len(cases[0].deals), "deals")
sys.exit(code)
"""

# What an author would write: a scoring, and the book example it gives.
FILLED = {
    "tricks": (
        "return (max(0, deal.tricks[0] - 6), max(0, deal.tricks[1] - 6))",
        (2, 0),
    ),
    "melds": ("return tuple(len(hand) for hand in deal.hands)", (0, 3, 1)),
    "totals": (
        "return tuple(len(deal.order) - 1 - deal.order.index(s)"
        " for s in range(len(deal.order)))",
        (2, 0, 3, 1),
    ),
}


def _run(root: Path, slug: str, *, bench: Path | None = None, fold_once=False):
    module = slug.replace("-", "_")
    args = [
        str(root / "tests" / "games" / f"test_{module}.py"),
        "-q",
        "--rootdir",
        str(PROJECT),
        "-c",
        str(PROJECT / "pyproject.toml"),
    ]
    if fold_once:
        fold = PROJECT / "tests" / "games" / "test_fold_once.py"
        args += [str(fold), "-k", f"{slug} or test_{module}"]
    return subprocess.run(
        [sys.executable, "-c", BOOT, str(root), str(bench or ""), *args],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_skeleton_registers_fails_until_filled_then_passes(family, tmp_path):
    slug = f"demo-{family}"
    module = slug.replace("-", "_")
    assert main(["new", slug, "--family", family, "--root", str(tmp_path)]) == 0
    rules = tmp_path / "games" / "rules" / f"{module}.py"
    test = tmp_path / "tests" / "games" / f"test_{module}.py"
    bench = tmp_path / "bench" / "cases" / f"{module}.py"
    assert (tmp_path / "tests" / "games" / "strategies" / f"{module}.py").exists()
    assert (
        (tmp_path / "docs" / "games" / f"{slug}.md")
        .read_text()
        .startswith(f"# Demo {family.title()}\n")
    )

    as_generated = _run(tmp_path, slug)
    out = as_generated.stdout
    assert as_generated.returncode == 1, out + as_generated.stderr
    assert "3 failed, 2 passed" in out, out
    assert "NotImplementedError: demo-" in out
    failed = " ".join(line for line in out.splitlines() if line.startswith("FAILED"))
    for name in (
        "test_the_source_is_cited",
        "test_the_book_examples_score_as_the_book_says",
        "test_a_match_is_the_sum_of_its_deals",
    ):
        assert f"::{name}" in failed, out

    body, points = FILLED[family]
    text = rules.read_text()
    placeholder = f'raise NotImplementedError("{slug}: write score_deal from the book")'
    assert text.count(placeholder) == 1
    text = text.replace(placeholder, body)
    rules.write_text(text.replace("TODO <rules file> §<chapter>", "example §0"))
    example = FAMILIES[family].example_deal
    tests = test.read_text()
    empty = "BOOK_EXAMPLES: list[tuple[dict, tuple[int, ...]]] = []"
    test.write_text(tests.replace(empty, f"BOOK_EXAMPLES = [({example}, {points})]"))

    filled = _run(tmp_path, slug, bench=bench, fold_once=True)
    assert filled.returncode == 0, filled.stdout + filled.stderr
    # the 5 generated tests, and the 3 fold-once tests for the game
    assert "8 passed" in filled.stdout, filled.stdout
    assert f"bench case: {slug}: deals" in filled.stdout


def _errors(capsys) -> list[str]:
    return [e["code"] for e in json.loads(capsys.readouterr().out)["errors"]]


def test_new_refuses_a_bad_slug_a_taken_slug_and_existing_files(tmp_path, capsys):
    assert main(["new", "Bad Slug", "--family", "tricks", "--root", str(tmp_path)]) == 2
    assert _errors(capsys) == ["bad_slug"]
    assert main(["new", "tuppi", "--family", "tricks", "--root", str(tmp_path)]) == 2
    assert _errors(capsys) == ["slug_taken"]
    assert (
        main(["new", "scaffold-probe", "--family", "totals", "--root", str(tmp_path)])
        == 0
    )
    capsys.readouterr()
    before = (tmp_path / "games" / "rules" / "scaffold_probe.py").read_text()
    assert (
        main(["new", "scaffold-probe", "--family", "melds", "--root", str(tmp_path)])
        == 2
    )
    assert _errors(capsys) == ["file_exists"]
    assert (tmp_path / "games" / "rules" / "scaffold_probe.py").read_text() == before


def test_an_unknown_family_is_refused(tmp_path):
    with pytest.raises(ValueError, match="choose one of tricks, melds, totals"):
        new_game(slug="scaffold-probe", family="climbing", root=tmp_path)
    with pytest.raises(SystemExit):
        main(["new", "scaffold-probe", "--family", "climbing", "--root", str(tmp_path)])
