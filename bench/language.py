"""What Finnish costs a page: the same requests in English and in Finnish, side by
side in one process.

Run: ``.venv/bin/python -m bench.language`` (``--deals``, ``--seconds``,
``--repeat``). It makes a throw-away SQLite database, migrates it, and plays a Tuppi
match of ``--deals`` deals through the services (contracts, concessions and broken
rises: facts with seats and sides to name, notes and a context row). Then, in turns,
``--repeat`` times, each request runs for ``--seconds`` with ``Accept-Language: en``
and with ``Accept-Language: fi`` through Django's whole stack (middleware, session,
CSP, LocaleMiddleware; no network):

* the score sheet (every deal's story rendered from its stored template);
* the deal entry form (labels, help and choices from the declaration);
* a refused deal through the API (three rule errors, rendered by the exception
  handler).

The median rate of each is printed with the Finnish/English ratio. The machine is
shared: read the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import statistics
import tempfile
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
_TMP = tempfile.mkdtemp(prefix="kirjuri-language-bench-")
os.environ["DATABASE_URL"] = f"sqlite:///{_TMP}/bench.sqlite3"
os.environ.setdefault("REDIS_URL", "")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

settings.STORAGES = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

# A cycle of deals that exercises every kind of Tuppi fact: rami made and set,
# nolo, sooli made and lost, a concession, and a score against the rising side.
CYCLE = [
    {"contract": "rami", "declarer": 0, "tricks": [8, 5]},
    {"contract": "rami", "declarer": 1, "tricks": [9, 4]},
    {"contract": "nolo", "tricks": [5, 8]},
    {"contract": "rami", "declarer": 1, "conceded_by": 0},
    {"contract": "sooli", "soloist": 1, "tricks": [7, 0, 6, 0]},
    {"contract": "sooli", "soloist": 3, "tricks": [12, 0, 1, 0]},
]
REFUSED = {"contract": "sooli", "declarer": 1, "soloist": 3, "tricks": [14, 2]}


def build(deals: int):
    from scoring import services
    from scoring.models import Role

    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    users = get_user_model()
    scorer = users.objects.create_user("scorer", password="pw")
    club = services.club_create(name="Kortti", by=scorer)
    players = [
        services.player_add(club=club, display_name=name, role=Role.MEMBER, by=scorer)
        for name in ("Aino", "Bertta", "Ceci", "Dora")
    ]
    # A long match: the target is out of reach, so every deal is played.
    match = services.match_start(
        club=club,
        game="tuppi",
        seats=[(p, i % 2) for i, p in enumerate(players)],
        options={"target": 100_000},
        by=scorer,
    )
    for n in range(1, deals + 1):
        services.deal_submit(
            match=match, number=n, input=CYCLE[(n - 1) % len(CYCLE)], by=scorer
        )
    return match


def rate(send, seconds: float, status: int) -> float:
    done = 0
    start = time.perf_counter()
    while True:
        answer = send()
        assert answer.status_code == status, (answer.status_code, answer.content[:300])
        done += 1
        took = time.perf_counter() - start
        if took >= seconds:
            return done / took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    match = build(args.deals)
    client = Client()
    client.force_login(get_user_model().objects.get(username="scorer"))
    number = args.deals + 1
    requests = {
        "score sheet": (lambda h: client.get(f"/matches/{match.pk}/", **h), 200),
        "deal form": (
            lambda h: client.get(f"/matches/{match.pk}/deals/new/", **h),
            200,
        ),
        "refused deal (API)": (
            lambda h: client.post(
                f"/api/v1/matches/{match.pk}/deals/",
                data=json.dumps({"number": number, "input": REFUSED}),
                content_type="application/json",
                **h,
            ),
            400,
        ),
    }
    languages = {
        lang: {"HTTP_ACCEPT_LANGUAGE": lang, "HTTP_HOST": "localhost"}
        for lang in ("en", "fi")
    }
    # The same page really is in another language (or the bench measures nothing).
    sheet = requests["score sheet"][0]
    assert sheet(languages["fi"]).content != sheet(languages["en"]).content
    print(
        f"# {platform.node()} · {platform.processor() or platform.machine()} · "
        f"{os.cpu_count()} cores · Python {platform.python_version()}"
    )
    print(f"# Tuppi, {args.deals} deals; {args.repeat} × {args.seconds} s per figure")
    print("| request | en req/s | fi req/s | fi / en |")
    print("| --- | ---: | ---: | ---: |")
    for name, (send, status) in requests.items():
        rates: dict[str, list[float]] = {"en": [], "fi": []}
        for _ in range(args.repeat):
            for lang, headers in languages.items():
                rates[lang].append(
                    rate(lambda h=headers, s=send: s(h), args.seconds, status)
                )
        en, fi = (statistics.median(rates[k]) for k in ("en", "fi"))
        print(f"| {name} | {en:.1f} | {fi:.1f} | {fi / en:.2f} |")


if __name__ == "__main__":
    main()
