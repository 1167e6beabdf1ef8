"""How big the tournament's pages and API answers are, and how long the server takes
to make them, at a big Swiss (issue 32: pages sized for the reader).

Run: ``.venv/bin/python -m bench.pages_size --entries 512 --rounds 9`` (``--bulk``
for 2,000 × 13: the rounds stored in bulk, see :func:`build_bulk`). It makes a
throw-away SQLite database (or keeps it: ``--db path``; ``--reuse`` measures an
existing one without building), migrates it and plays, through the services, a
published Sleazy Swiss of ``--entries`` entries: ``--rounds`` rounds generated,
started, every table given four deals, finished and locked, then the next round
generated and started with its first table at two deals (a round in play). The
standings are computed once at the end.

Each page and API answer is read ``--repeat`` times through Django's whole stack
(no network: the server's own cost, without ``If-None-Match``, so rendered in
full); the median time and the body's size are reported. To compare two versions
of the code on the same data, build once with ``--db``, then measure with each
checkout (``cd <checkout> && PYTHONPATH=. python <this file> --db path --reuse``).
The machine may be shared: read ratios measured side by side, not absolutes.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import statistics
import sys
import tempfile
import time


def _setup(db: str | None) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    if db is None:
        db = os.path.join(tempfile.mkdtemp(prefix="kirjuri-pages-bench-"), "b.sqlite3")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{db}")
    os.environ.setdefault("REDIS_URL", "")
    import django

    django.setup()
    from django.conf import settings

    # Static URLs without collectstatic's manifest (a dict lookup in production).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {
            "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        },
    }


DEAL = {"mode": "totals", "points": [100, 25]}


def _published_swiss(entries: int, rounds: int):
    """A migrated database with a published Swiss of ``entries`` entries and
    ``rounds`` + 1 rounds to play: (its director, the tournament, its stage)."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from scoring import services as scoring_services
    from tournaments import services

    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    event = services.tournament_create(
        club=club,
        name="Bench Open",
        game="sleazy",
        format="swiss",
        stage_settings={"rounds": rounds + 1},
        by=director,
    )
    services.entries_add(
        tournament=event,
        names="\n".join(f"Entry {i:04}" for i in range(1, entries + 1)),
        by=director,
    )
    services.tournament_publish(tournament=event, by=director)
    stage = event.stages.get()
    return director, event, stage


def build(entries: int, rounds: int) -> None:

    from scoring import services as scoring_services
    from scoring.models import Deal
    from tournaments import services
    from tournaments import tasks as t_tasks

    director, _, stage = _published_swiss(entries, rounds)
    for number in range(rounds + 1):
        began = time.perf_counter()
        round_ = services.round_generate(stage=stage, by=director)
        round_ = services.round_start(round=round_, by=director)
        tables = list(round_.tables.select_related("match").order_by("number"))
        last = number == rounds
        for table in tables[:1] if last else tables:
            match = table.match
            count = 2 if last else 4
            Deal.objects.bulk_create(
                Deal(match=match, number=n, input=DEAL, entered_by=director)
                for n in range(1, count + 1)
            )
            scoring_services.match_refold(match=match)
            match.refresh_from_db()
            if not last:
                scoring_services.match_finish(match=match, by=director)
        if not last:
            services.round_lock(round=round_, by=director)
        print(
            f"  round {number + 1}: {time.perf_counter() - began:.1f} s",
            file=sys.stderr,
        )
    services.round_clock_set(round=round_, minutes=50, by=director)
    t_tasks.standings_reconcile()


def build_bulk(entries: int, rounds: int) -> None:
    """As :func:`build`, but the rounds stored in bulk rather than paired and played
    through the services (a 2,000-entry Swiss's pairing and 1,000 matches a round
    through the services take far longer than the pages' measure): each round pairs
    the entries shuffled (a fixed seed), every table a finished match of 100–25 with
    two reasons shaped as the Swiss pairing's, the round's explanation a plain text
    of every table as the pairing writes it; the last round started, its first
    table playing. The pages read these rows as they read a played tournament's."""
    import random

    from django.utils import timezone

    from scoring.models import Match, MatchStatus
    from tournaments import services
    from tournaments import tasks as t_tasks
    from tournaments.models import Round, RoundStatus, Table, TableSide

    director, event, stage = _published_swiss(entries, rounds)
    ids = list(event.entries.order_by("seed").values_list("pk", flat=True))
    shuffle = random.Random(32)
    now = timezone.now()
    for number in range(1, rounds + 2):
        began = time.perf_counter()
        last = number == rounds + 1
        shuffle.shuffle(ids)
        pairs = [ids[i : i + 2] for i in range(0, len(ids) - 1, 2)]
        lines = [f"Round {number}"]
        for table, (a, b) in enumerate(pairs, 1):
            lines += [
                f"  Table {table}: {a} v {b}",
                f"    - Both on {number - 1}: paired within the score group",
                f"    - {a} plays first (both wanted to play second)",
            ]
        round_ = Round.objects.create(
            stage=stage,
            number=number,
            status=RoundStatus.STARTED if last else RoundStatus.LOCKED,
            started_at=now,
            explanation={
                "messages": [],
                "i18n": {},
                "byes": [],
                "text": "\n".join(lines),
            },
        )
        matches = Match.objects.bulk_create(
            Match(
                club=event.club,
                game_id="sleazy",
                options=event.options,
                is_public=True,
                status=MatchStatus.IN_PROGRESS
                if last and table == 0
                else MatchStatus.FINISHED,
                finished=not (last and table == 0),
                totals=[100, 25],
                winners=[] if last and table == 0 else [0],
                ended_at=None if last and table == 0 else now,
                started_by=director,
            )
            for table in range(len(pairs))
        )
        tables = Table.objects.bulk_create(
            Table(
                round=round_,
                number=table,
                match=match,
                reasons=[
                    {
                        "code": "score_group",
                        "text": f"Both on {number - 1}: paired within the score group",
                        "entries": [a, b],
                        "data": {"score": number - 1},
                        "i18n": {
                            "text": {
                                "template": "Both on {score}: paired within the "
                                "score group",
                                "params": {"score": number - 1},
                            }
                        },
                    },
                    {
                        "code": "side_balance",
                        "text": f"{a} plays first (both wanted to play second)",
                        "entries": [a, b],
                        "data": {"preferences": {str(a): -1, str(b): -1}},
                        "i18n": {
                            "text": {
                                "template": "{first} plays first (both wanted to "
                                "play second)",
                                "params": {"first": {"entries": [a], "joiner": " & "}},
                            }
                        },
                    },
                ],
            )
            for table, ((a, b), match) in enumerate(zip(pairs, matches, strict=True), 1)
        )
        TableSide.objects.bulk_create(
            TableSide(table=table, side=side, entry_id=entry)
            for table, pair in zip(tables, pairs, strict=True)
            for side, entry in enumerate(pair)
        )
        print(
            f"  round {number}: {time.perf_counter() - began:.1f} s",
            file=sys.stderr,
        )
    services.round_clock_set(round=round_, minutes=50, by=director)
    t_tasks.standings_reconcile()


def pages() -> list[tuple[str, bool, str]]:
    """(name, as the director, URL) of each page and API answer measured."""
    from tournaments.models import Entry, Round, Tournament

    event = Tournament.objects.get(name="Bench Open")
    first = Round.objects.filter(stage__tournament=event).order_by("number").first()
    entry = Entry.objects.filter(tournament=event).order_by("seed").last()
    t = event.pk
    return [
        ("public page", False, f"/tournaments/{t}/"),
        ("public page, round 1", False, f"/tournaments/{t}/?round={first.number}"),
        ("public page, name search", False, f"/tournaments/{t}/?q={entry.name}"),
        ("standings fragment", False, f"/tournaments/{t}/standings/"),
        ("room screen", False, f"/tournaments/{t}/room/"),
        ("an entry's page", False, f"/tournaments/{t}/entries/{entry.pk}/"),
        ("director's page", True, f"/tournaments/{t}/manage/"),
        ("API rounds", False, f"/api/v1/tournaments/{t}/rounds/"),
        (
            "API a round's tables",
            False,
            f"/api/v1/tournaments/{t}/rounds/{first.pk}/tables/",
        ),
        ("API standings", False, f"/api/v1/tournaments/{t}/standings/"),
        ("API entries", False, f"/api/v1/tournaments/{t}/entries/"),
    ]


def measure(client, url: str, repeat: int) -> tuple[int, float, int]:
    """(bytes, median seconds, status) of ``url`` read ``repeat`` times."""
    client.get(url, HTTP_HOST="localhost")  # warm up: templates, caches
    times = []
    size = status = 0
    for _ in range(repeat):
        began = time.perf_counter()
        answer = client.get(url, HTTP_HOST="localhost")
        times.append(time.perf_counter() - began)
        size, status = len(answer.content), answer.status_code
    return size, statistics.median(times), status


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pages_size")
    parser.add_argument("--entries", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--db", help="the SQLite file to build or reuse")
    parser.add_argument("--reuse", action="store_true", help="measure --db as it is")
    parser.add_argument(
        "--bulk", action="store_true", help="store the rounds in bulk (build_bulk)"
    )
    parser.add_argument(
        "--stub-stamp",
        action="store_true",
        help="the live stamp (the ETag's queries) replaced by a constant: the "
        "pages' own cost, and the stamp's alone reported once",
    )
    args = parser.parse_args()
    _setup(args.db)
    logging.disable(logging.INFO)
    from django.contrib.auth import get_user_model
    from django.test import Client

    if not args.reuse:
        began = time.perf_counter()
        (build_bulk if args.bulk else build)(args.entries, args.rounds)
        print(f"built in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    if args.stub_stamp:
        from tournaments import selectors
        from tournaments.models import Tournament

        event = Tournament.objects.get(name="Bench Open")
        began = time.perf_counter()
        selectors.tournament_live_stamp_get(event)
        print(
            f"the live stamp alone: {(time.perf_counter() - began) * 1000:.0f} ms "
            "(stubbed below)",
        )
        selectors.tournament_live_stamp_get = lambda tournament: (tournament.pk,)
    anonymous = Client()
    director = Client()
    director.force_login(get_user_model().objects.get(username="director"))
    from tournaments.models import Entry, Round

    print(
        f"{platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}, SQLite, {Entry.objects.count()} entries, "
        f"{Round.objects.count()} rounds (the last in play); median of "
        f"{args.repeat}; load average {os.getloadavg()[0]:.1f}"
    )
    print("| page or API answer | bytes | server time, ms | status |")
    print("| --- | ---: | ---: | ---: |")
    for name, as_director, url in pages():
        client = director if as_director else anonymous
        size, took, status = measure(client, url, args.repeat)
        print(f"| {name} | {size:,} | {took * 1000:.0f} | {status} |")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
