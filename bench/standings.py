"""Standings recompute speed: a 2,000-entry, 9-round Swiss in PostgreSQL.

Run: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/kirjuri .venv/bin/python -m
bench.standings`` (``--entries``, ``--rounds``, ``--repeat``). It creates a
throw-away database (``bench_standings_<pid>``, migrated), fills it with bulk inserts
(no API, no services): a club, the players, one tournament of Sleazy with one
Swiss stage, nine rounds paired by the real Swiss pairer on simulated results, one
finished score-book match per table (totals, winners); the database is dropped.

Timed on the same data in the same run (median of ``--repeat``):

* **recompute** — :func:`tournaments.services.standings_recompute`, what the worker
  runs: load every result, rank by match points, Buchholz and point difference
  (exact arithmetic, shared ranks), write the snapshot (compare-and-set). The
  generation it carries is taken before the clock starts (that happens when a
  result is submitted, not in the worker);
* **load** / **rank** — its two halves, for the breakdown (the results loaded as
  the recompute loads them: the one-against-one games packed as columns);
* **SQL** — one raw aggregate over the same results: per entry the match points and
  point difference, ordered (no Buchholz, no ties, no snapshot): the floor any
  computation has to read the same rows.

Recompute and SQL runs alternate, so that both see the same load on a shared
machine; the ratio is of their medians, and the spread of the per-pair ratios is
printed too. Goal: recompute within 3× of the SQL aggregate.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402

from tournaments.formats.swiss import pair_swiss_round, swiss_history  # noqa: E402
from tournaments.ranking import (  # noqa: E402
    MatchResult,
    RankingConfig,
    ResultType,
    compute_standings,
)

METRICS = ("match_points", "buchholz", "point_difference")

SQL = """
SELECT ts.entry_id,
       SUM(CASE WHEN jsonb_array_length(m.winners) = 0 THEN 1
                WHEN m.winners @> to_jsonb(ts.side) THEN 2 ELSE 0 END) AS mp,
       SUM((m.totals ->> ts.side)::int - (m.totals ->> (1 - ts.side))::int) AS diff
FROM tournaments_tableside ts
JOIN tournaments_table t ON t.id = ts.table_id
JOIN tournaments_round r ON r.id = t.round_id
JOIN tournaments_stage s ON s.id = r.stage_id
JOIN scoring_match m ON m.id = t.match_id
WHERE s.tournament_id = %s AND m.status = 'finished'
GROUP BY ts.entry_id
ORDER BY mp DESC, diff DESC
"""


def simulate(n: int, rounds: int, seed: int):
    """Pairings by the real Swiss pairer; results from hidden strengths."""
    rng = random.Random(seed)
    strength = {e: rng.random() for e in range(n)}
    config = RankingConfig(metrics=METRICS)
    results: list[MatchResult] = []
    played = []
    for number in range(1, rounds + 1):
        standings = compute_standings(range(n), results, config)
        scores = {r.entry: r.values["match_points"] for r in standings.rows}
        ranked = [r.entry for r in standings.rows]
        history = [round_ for round_, _ in played]
        round_ = pair_swiss_round(
            swiss_history(ranked, scores, history), round_number=number
        )
        outcome = []
        for table in round_.tables:
            (a,), (b,) = table.sides
            pa = 25 * rng.randint(0, 16)
            pb = 25 * rng.randint(0, 16)
            if strength[a] + rng.random() > strength[b] + rng.random():
                pa, pb = max(pa, pb) + 25, min(pa, pb)
            else:
                pa, pb = min(pa, pb), max(pa, pb) + 25
            outcome.append((pa, pb))
            results.append(MatchResult(number, ((a,), (b,)), (pa, pb)))
        for bye in round_.byes:
            results.append(
                MatchResult(number, ((bye.entry,),), result_type=ResultType.BYE)
            )
        played.append((round_, outcome))
    return played


def populate(n: int, rounds: int, seed: int) -> int:
    from django.contrib.auth import get_user_model

    from games.engine import get_game
    from games.models import CatalogueEntry
    from scoring.models import (
        Club,
        Match,
        MatchStatus,
        Membership,
        Player,
        Role,
        Seat,
    )
    from tournaments.models import (
        Entry,
        EntryMember,
        Round,
        RoundStatus,
        Stage,
        Standings,
        Table,
        TableSide,
        Tournament,
    )

    played = simulate(n, rounds, seed)
    game = get_game("sleazy")
    CatalogueEntry.objects.get_or_create(
        slug=game.slug,
        defaults={
            "name": game.name,
            "source": game.source,
            "summary": game.summary,
            "synced_at": timezone.now(),
        },
    )
    director = get_user_model().objects.create_user("bench-director")
    club = Club.objects.create(name="Bench", slug="bench")
    players = Player.objects.bulk_create(
        Player(display_name=f"Player {i:04}") for i in range(n)
    )
    Membership.objects.bulk_create(
        Membership(club=club, player=p, role=Role.MEMBER) for p in players
    )
    tournament = Tournament.objects.create(
        club=club, name="Bench Swiss", game="sleazy", tiebreaks=list(METRICS)
    )
    tournament.directors.add(director)
    Standings.objects.create(tournament=tournament)
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, name=p.display_name, seed=i + 1)
        for i, p in enumerate(players)
    )
    EntryMember.objects.bulk_create(
        EntryMember(entry=e, player=p) for e, p in zip(entries, players, strict=True)
    )
    stage = Stage.objects.create(
        tournament=tournament,
        name="Swiss",
        format="swiss",
        settings={"rounds": rounds},
        entry_ids=[e.pk for e in entries],
    )
    for round_, outcome in played:
        db_round = Round.objects.create(
            stage=stage,
            number=round_.number,
            status=RoundStatus.LOCKED,
            explanation={
                "byes": [
                    {"entry": entries[b.entry].pk, "scores": True, "reasons": []}
                    for b in round_.byes
                ]
            },
        )
        matches = Match.objects.bulk_create(
            Match(
                club=club,
                game_id="sleazy",
                options={"rounds": 4},
                status=MatchStatus.FINISHED,
                totals=[pa, pb],
                winners=[0] if pa > pb else [1] if pb > pa else [],
                leaders=[0] if pa > pb else [1],
                finished=True,
                version=6,
            )
            for pa, pb in outcome
        )
        Seat.objects.bulk_create(
            Seat(match=m, position=s, side=s, player=players[t.sides[s][0]])
            for m, t in zip(matches, round_.tables, strict=True)
            for s in (0, 1)
        )
        tables = Table.objects.bulk_create(
            Table(
                round=db_round,
                number=t.number,
                match=m,
                lineup=[[entries[e].pk for e in side] for side in t.sides],
            )
            for t, m in zip(round_.tables, matches, strict=True)
        )
        TableSide.objects.bulk_create(
            TableSide(table=table, side=s, entry=entries[t.sides[s][0]])
            for table, t in zip(tables, round_.tables, strict=True)
            for s in (0, 1)
        )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return tournament.pk


def median_ms(run, repeat: int) -> tuple[float, object]:
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), value


def alternating_ms(runs, repeat: int) -> list[list[float]]:
    """Each of ``runs`` (prepare, run) in turn, ``repeat`` rounds: times per run.

    ``prepare`` is not timed. Alternating keeps a shared machine's changing load
    from favouring whichever run happened to go first.
    """
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(repeat):
        for (prepare, run), out in zip(runs, times, strict=True):
            arg = prepare()
            start = time.perf_counter()
            run(arg)
            out.append((time.perf_counter() - start) * 1000)
    return times


def loadavg() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("set DATABASE_URL=postgres://… (the bench is for PostgreSQL)")

    from tournaments import selectors, services
    from tournaments.models import Tournament

    # A database of its own, never the test suite's (other runs may be using it).
    connection.settings_dict.setdefault("TEST", {})["NAME"] = (
        f"bench_standings_{os.getpid()}"
    )
    name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        start = time.perf_counter()
        tournament_id = populate(args.entries, args.rounds, args.seed)
        built = time.perf_counter() - start
        tournament = Tournament.objects.get(pk=tournament_id)
        stage = tournament.stages.get()
        config = selectors.ranking_config_get(tournament)

        def next_generation() -> int:
            return services.standings_bump(tournament_id=tournament_id)

        def recompute(generation: int) -> bool:
            return services.standings_recompute(
                tournament_id=tournament_id, generation=generation
            )

        def load():
            # What the recompute reads: results packed as the ranking reads them.
            return selectors.stage_result_list([stage], config, packed=True)[stage.pk]

        results = load()

        def rank():
            return compute_standings(stage.entry_ids, results, config)

        def sql():
            with connection.cursor() as cursor:
                cursor.execute(SQL, [tournament_id])
                return cursor.fetchall()

        load_before = loadavg()
        written = recompute(next_generation())  # warm caches once
        for run in (load, rank, sql):
            run()
        t_load, _ = median_ms(load, args.repeat)
        t_rank, standings = median_ms(rank, args.repeat)
        recomputes, sqls = alternating_ms(
            [(next_generation, recompute), (lambda: None, lambda _: sql())],
            args.repeat,
        )
        t_recompute, t_sql = statistics.median(recomputes), statistics.median(sqls)
        pair_ratios = sorted(r / q for r, q in zip(recomputes, sqls, strict=True))
        rows = sql()
        assert written and len(rows) == args.entries
        # Same results: the SQL's point differences equal the ranking's.
        by_entry = {r.entry: r.values for r in standings.rows}
        assert all(by_entry[e]["point_difference"] == diff for e, _mp, diff in rows)
        cpu = platform.processor() or platform.machine()
        try:
            with open("/proc/cpuinfo") as f:
                cpu = next(
                    line.split(":", 1)[1].strip()
                    for line in f
                    if line.startswith("model name")
                )
        except (OSError, StopIteration):
            pass
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            pg = cursor.fetchone()[0]
        print(
            f"machine: {cpu}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}, PostgreSQL {pg}"
        )
        print(
            f"event: {args.entries} entries, {args.rounds} rounds, "
            f"{sum(map(len, results))} results (built in {built:.1f} s)"
        )
        print(f"load average (1, 5, 15 min): {load_before} before, {loadavg()} after")
        print(f"recompute (load + rank + write): {t_recompute:8.1f} ms")
        print(f"  load results:                  {t_load:8.1f} ms")
        print(f"  rank ({', '.join(METRICS)}): {t_rank:8.1f} ms")
        print(f"raw SQL aggregate:               {t_sql:8.1f} ms")
        print(f"ratio recompute / SQL:           {t_recompute / t_sql:8.2f}x")
        print(
            "  per alternating pair:          "
            f"{pair_ratios[0]:.2f}x .. {pair_ratios[-1]:.2f}x "
            f"(median {statistics.median(pair_ratios):.2f}x)"
        )
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


if __name__ == "__main__":
    main()
