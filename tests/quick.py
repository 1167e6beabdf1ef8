"""``make quick``: the tests of what this branch changed, for the inner loop.

Takes the files changed since the branch left ``main`` (committed or not), and runs
the test modules that changed and those named after a changed module
(``games/rules/tuppi/game.py`` → ``tests/**/test_*tuppi*.py``), without the browser,
worker, PostgreSQL and slow tests, on every core. With nothing changed it runs the
engine's tests. ``make test`` stays the check that counts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Module names too common to pick their tests by (``services/rounds.py`` is "rounds").
GENERIC = {
    "__init__",
    "models",
    "apps",
    "admin",
    "urls",
    "base",
    "common",
    "test",
    # a game package's modules stand for the game: games/rules/tuppi/game.py → tuppi
    "game",
    "inputs",
    "facts",
}
QUICK = "not browser and not slow and not worker and not postgres and not gettext"


def _git(*args: str) -> list[str]:
    done = subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return done.stdout.split() if done.returncode == 0 else []


def changed_files() -> list[Path]:
    base = _git("merge-base", "HEAD", "main")
    names = set(_git("diff", "--name-only", *(base or ["HEAD"])))
    names |= set(_git("ls-files", "--others", "--exclude-standard"))
    return sorted(ROOT / n for n in names if n.endswith(".py"))


def test_modules_for(changed: list[Path]) -> list[str]:
    tests = sorted((ROOT / "tests").rglob("test_*.py"))
    chosen: set[Path] = set()
    for path in changed:
        relative = path.relative_to(ROOT)
        if relative.parts[0] == "tests":
            if path.name.startswith("test_") and path.exists():
                chosen.add(path)
            continue
        stem = path.stem.lstrip("_")
        if stem in GENERIC:
            stem = relative.parts[-2] if len(relative.parts) > 1 else stem
        if stem in GENERIC or relative.parts[0] == "config":
            continue
        chosen.update(t for t in tests if stem in t.stem.removeprefix("test_"))
    return [str(p.relative_to(ROOT)) for p in sorted(chosen)]


def main(argv: list[str]) -> int:
    modules = test_modules_for(changed_files()) or ["tests/games"]
    print(f"make quick: {len(modules)} test module(s) for the changed files")
    command = [sys.executable, "-m", "pytest", "-n", "auto", "-q", "-m", QUICK]
    done = subprocess.run([*command, *modules, *argv], cwd=ROOT, check=False)
    # Nothing selected (every test of the changed modules is a browser test, say)
    # is not a failure of the inner loop.
    return 0 if done.returncode == 5 else done.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
