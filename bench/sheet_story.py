"""What the deal's story costs the score sheet (issue 19): ``sheet_table`` of a
200-deal, four-player sheet with two facts a deal (texts naming seats and sides,
their numbers varying as real deals do), with the stories told and with them turned
off, in turns; the best of 7 rounds of 200 tables each.

``python -m bench.sheet_story`` (no database: ``sheet_table`` reads plain data).
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from scoring import export  # noqa: E402

DEALS = 200
REPS = 200


def facts_of(n: int) -> list[dict]:
    return [
        {
            "code": "made",
            "text": f"bid by seat {n % 4}: declarers score {4 * (n % 7)}",
            "side": n % 2,
            "points": 4 * (n % 7),
        },
        {
            "code": "broken",
            "text": "side 1 scored against the rising side: back to 0–0",
            "side": 1,
            "points": None,
        },
    ]


def sheet(deals: int) -> dict:
    sides = [
        {"side": s, "label": label, "seats": seats, "players": players}
        for s, (label, seats, players) in enumerate(
            [
                (
                    "Aino & Bertta",
                    [0, 2],
                    [{"display_name": "Aino"}, {"display_name": "Bertta"}],
                ),
                (
                    "Ceci & Dora",
                    [1, 3],
                    [{"display_name": "Ceci"}, {"display_name": "Dora"}],
                ),
            ]
        )
    ]
    rows = [
        {
            "number": n,
            "status": "counted",
            "points": [4, 0],
            "totals": [4 * n, 0],
            "facts": facts_of(n),
        }
        for n in range(1, deals + 1)
    ]
    return {"game": "tuppi", "sides": sides, "rows": rows, "totals": [4 * deals, 0]}


def per_table_ms(data: dict) -> float:
    start = time.perf_counter()
    for _ in range(REPS):
        export.sheet_table(data)
    return (time.perf_counter() - start) / REPS * 1e3


def main() -> None:
    data = sheet(DEALS)
    told = export.story_lines
    best = {"stories": [], "off": []}
    for _ in range(7):
        for kind in ("stories", "off"):
            export.story_lines = told if kind == "stories" else (lambda *a, **k: [])
            best[kind].append(per_table_ms(data))
    export.story_lines = told
    on, off = min(best["stories"]), min(best["off"])
    print(
        f"sheet_table, {DEALS} deals: stories {on:.3f} ms, off {off:.3f} ms, "
        f"ratio {on / off:.2f}, added {on - off:.3f} ms"
    )


if __name__ == "__main__":
    main()
