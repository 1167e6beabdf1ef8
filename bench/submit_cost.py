"""CPU instructions of one deal submit (the service, on SQLite), for valgrind.

A shared machine makes timings noisy; instruction counts are not. Prepare a SQLite
file with a Tuppi match of ``N`` deals, then count the instructions of a process that
enters 3 deals to warm up and ``K`` more, for K = 0 and K = 10, under cachegrind; the
difference ÷ 10 is one submit (``docs/performance.md``)::

    export DJANGO_SETTINGS_MODULE=config.settings.local DEBUG=0 SECRET_KEY=x \\
        DATABASE_URL=sqlite:////tmp/cost.sqlite3
    .venv/bin/python -m bench.submit_cost prepare 200      # prints MATCH USER
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python -m bench.submit_cost submit MATCH USER 10

(copy the prepared file before each counted run, so both start alike). The
result-changed tasks are switched off: this is the write path alone.
"""

from __future__ import annotations

import argparse


def _setup() -> None:
    import django

    django.setup()
    from django.conf import settings

    settings.KIRJURI_RESULT_CHANGED_TASKS = []


def prepare(deals: int) -> str:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    from bench.load import cmd_setup, deal
    from scoring import services
    from scoring.models import Match

    match = Match.objects.get(pk=cmd_setup(1)["single"]["match"])
    user = match.scorers.order_by("-id").first().user
    for number in range(1, deals + 1):
        services.deal_submit(match=match, number=number, input=deal(number), by=user)
    return f"{match.pk} {user.pk}"


def submit(match_id: int, user_id: int, count: int) -> None:
    from django.contrib.auth import get_user_model

    from bench.load import deal
    from scoring import services
    from scoring.models import Match

    match = Match.objects.get(pk=match_id)
    user = get_user_model().objects.get(pk=user_id)
    start = match.deals.count()
    for number in range(start + 1, start + 4 + count):
        services.deal_submit(match=match, number=number, input=deal(number), by=user)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.submit_cost")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("prepare").add_argument("deals", type=int)
    counted = sub.add_parser("submit")
    for name in ("match", "user", "count"):
        counted.add_argument(name, type=int)
    args = parser.parse_args()
    _setup()
    if args.command == "prepare":
        print(prepare(args.deals))
    else:
        submit(args.match, args.user, args.count)


if __name__ == "__main__":
    main()
