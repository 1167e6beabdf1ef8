"""Command line: ``python -m games list``, ``python -m games score SLUG FILE`` and
``python -m games new SLUG --family tricks|melds|totals``.

``score`` reads a JSON file (``-`` for standard input) holding
``{"options": {...}, "table": {...}, "deals": [...]}`` and prints the folded match as
JSON. Rules violations print as a JSON list of errors and exit with status 2.

``new`` writes the skeleton of a game (rules module, tests, fold-once strategy, docs
page, bench case; see :mod:`games.scaffold`) and prints the files it wrote; a bad
slug, an unknown family or a file already there prints an error and exits with 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from games.engine import InputRejected, UnknownGame, all_games
from games.engine.play import fold_payload
from games.engine.serialize import folded_to_json


def _list() -> int:
    for game in all_games():
        options = game.Options.model_json_schema().get("properties", {})
        print(f"{game.slug:18} {game.name}  [{game.source}]")
        for name, spec in options.items():
            default = json.dumps(spec.get("default"), ensure_ascii=False)
            print(f"{'':18}   --{name} (default {default})")
    return 0


def _score(slug: str, path: str) -> int:
    source = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    with source:
        try:
            payload = json.load(source)
        except (json.JSONDecodeError, RecursionError) as exc:
            print(
                json.dumps(
                    {"errors": [{"path": "", "code": "bad_json", "message": str(exc)}]}
                )
            )
            return 2
    try:
        folded = fold_payload(slug, payload, strict=False)
    except UnknownGame as exc:
        print(
            json.dumps(
                {
                    "errors": [
                        {"path": "game", "code": "unknown_game", "message": str(exc)}
                    ]
                }
            )
        )
        return 2
    except InputRejected as exc:
        print(json.dumps({"errors": exc.as_list()}, ensure_ascii=False, indent=2))
        return 2
    print(json.dumps(folded_to_json(folded), ensure_ascii=False, indent=2))
    return 1 if folded.needs_attention else 0


def _new(slug: str, family: str, root: str | None, name: str | None) -> int:
    from games.scaffold import PROJECT, ScaffoldError, new_game

    if any(game.slug == slug for game in all_games()):
        print(
            json.dumps(
                {
                    "errors": [
                        {
                            "path": "slug",
                            "code": "slug_taken",
                            "message": f"{slug!r} is already a game",
                        }
                    ]
                }
            )
        )
        return 2
    try:
        written = new_game(
            slug=slug, family=family, root=Path(root) if root else PROJECT, name=name
        )
    except ScaffoldError as exc:
        print(
            json.dumps(
                {"errors": [{"path": "slug", "code": exc.code, "message": str(exc)}]}
            )
        )
        return 2
    for path in written:
        print(path)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games and their options")
    score = sub.add_parser("score", help="fold a match from a JSON file")
    score.add_argument("slug")
    score.add_argument("file", help="JSON file, or - for standard input")
    new = sub.add_parser("new", help="write the skeleton of a new game")
    new.add_argument("slug", help="lower-case words joined by hyphens, e.g. vint")
    new.add_argument("--family", required=True, choices=["tricks", "melds", "totals"])
    new.add_argument("--name", help="the game's name (default: from the slug)")
    new.add_argument("--root", help="the project directory to write into")
    args = parser.parse_args(argv)
    if args.command == "list":
        return _list()
    if args.command == "new":
        return _new(args.slug, args.family, args.root, args.name)
    return _score(args.slug, args.file)


if __name__ == "__main__":
    sys.exit(main())
