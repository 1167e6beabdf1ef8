"""Command line: ``python -m games list`` and ``python -m games score SLUG FILE``.

``score`` reads a JSON file (``-`` for standard input) holding
``{"options": {...}, "table": {...}, "deals": [...]}`` and prints the folded match as
JSON. Rules violations print as a JSON list of errors and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games and their options")
    score = sub.add_parser("score", help="fold a match from a JSON file")
    score.add_argument("slug")
    score.add_argument("file", help="JSON file, or - for standard input")
    args = parser.parse_args(argv)
    if args.command == "list":
        return _list()
    return _score(args.slug, args.file)


if __name__ == "__main__":
    sys.exit(main())
