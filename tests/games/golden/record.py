"""Record the golden replay: whole matches folded by today's engine.

Run ``.venv/bin/python -m tests.games.golden.record`` only when a change to a game's
scoring is intended (and say so in the commit): ``test_golden_replay.py`` holds every
registered game to these files, so a restructuring of the engine that changes what a
deal scores, which errors it raises or what the table is told next fails there.

The matches are the bench's (legal deals from real-looking play, ``bench/cases``),
stored here with their inputs so that the test does not depend on the generators.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from bench.engine import all_cases
from games.engine.serialize import folded_to_json

HERE = Path(__file__).parent
MATCHES_PER_CASE = 8


def main() -> None:
    for case in all_cases():
        matches = []
        for options, raws in list(case.matches)[:MATCHES_PER_CASE]:
            folded = case.game.fold(raws, options)
            matches.append(
                {
                    "options": options,
                    "deals": list(raws),
                    "folded": folded_to_json(folded),
                }
            )
        if not matches:
            continue
        name = re.sub(r"[^a-z0-9]+", "-", case.name.lower()).strip("-")
        path = HERE / f"{name}.json.gz"
        payload = {"game": case.game.slug, "case": case.name, "matches": matches}
        with gzip.open(path, "wt", encoding="utf-8") as out:
            json.dump(payload, out, sort_keys=True, separators=(",", ":"))
        print(f"{path.name}: {len(matches)} matches")


if __name__ == "__main__":
    main()
