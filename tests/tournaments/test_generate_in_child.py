"""The search child is started safely and never waited for for ever (issue 29).

The first version forked the web process for a big field's search; in a process
with other threads (pytest-xdist's execnet reader blocked on standard input,
runserver's or gunicorn's request threads) the child inherited a lock held by
another thread and waited for it for ever, and so did its parent: the whole suite
hung. The search child is now a new interpreter (``subprocess``), killed at its
deadline or when it dies, and the job fails with a clear message."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading

import pytest
from django.db import transaction
from django.utils import translation

from tournaments import services
from tournaments.formats.process import QUESTIONS
from tournaments.models import GenerationStatus, Round, RoundGeneration
from tournaments.services import offload
from tournaments.services.generation import StageData

FAULTS = "tests.tournaments.search_child_faults"  # the failing child
NAMES = "\n".join(f"Pelaaja {i}" for i in range(8))


@pytest.fixture
def rotation(club, director):
    tournament = services.tournament_create(
        club=club,
        name="Partner night",
        game="skruuvi",
        format="partner_rotation",
        by=director,
    )
    services.entries_add(tournament=tournament, names=NAMES, by=director)
    return tournament


@pytest.fixture
def children(monkeypatch, settings):
    """Every field searched in a child; the children started, in order."""
    settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = 0
    started: list[subprocess.Popen] = []
    real = subprocess.Popen

    def popen(*args, **kwargs):
        child = real(*args, **kwargs)
        started.append(child)
        return child

    monkeypatch.setattr(offload.subprocess, "Popen", popen)
    return started


@pytest.fixture
def busy_threads(monkeypatch):
    """What hung the forked child: another thread blocked in a read of standard
    input, holding its buffer's lock (as execnet's reader does in an xdist
    worker), and a thread busy computing, both running throughout the test."""
    read_end, write_end = os.pipe()
    stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(read_end, "r")))
    monkeypatch.setattr("sys.stdin", stdin)
    stop = threading.Event()
    reading = threading.Thread(target=stdin.buffer.read, args=(1,), daemon=True)
    spinning = threading.Thread(
        target=lambda: [sum(range(1000)) for _ in iter(stop.is_set, True)],
        daemon=True,
    )
    reading.start()
    spinning.start()
    yield
    stop.set()
    os.write(write_end, b"x")  # the reader returns; its lock is released
    reading.join()
    spinning.join()
    os.close(write_end)
    stdin.close()


@pytest.mark.django_db(transaction=True)
def test_a_job_beside_other_threads_is_done_with_no_transaction_open(
    rotation, director, children, busy_threads, monkeypatch
):
    """The embedded default's path (the job run in-process after the request's
    commit), from a process whose other threads hold a lock and the CPU: the child
    answers, the round is stored, and every question the child asked was answered
    with no transaction open here (no database lock held during the search)."""
    in_transaction: list[bool] = []

    def watched(question):
        real = getattr(StageData, question)

        def asked(self, *args):
            in_transaction.append(transaction.get_connection().in_atomic_block)
            return real(self, *args)

        return asked

    for question in QUESTIONS:
        monkeypatch.setattr(StageData, question, watched(question))
    job = services.round_generation_request(stage=rotation.stages.get(), by=director)
    job.refresh_from_db()
    assert (job.status, job.error_code) == (GenerationStatus.DONE, "")
    assert job.round_id == Round.objects.get(stage__tournament=rotation).pk
    assert len(children) == 1 and children[0].returncode == 0
    assert in_transaction and not any(in_transaction)


@pytest.mark.django_db(transaction=True)
def test_a_child_past_its_deadline_is_killed_and_the_job_fails_clearly(
    rotation, director, children, settings, monkeypatch
):
    """A child that never answers is killed at its deadline (the budget plus the
    margin); the job fails with a message the director reads in Finnish."""
    monkeypatch.setattr(offload, "CHILD_MODULE", FAULTS)
    monkeypatch.setenv("KIRJURI_TEST_SEARCH_CHILD", "stuck")
    settings.KIRJURI_GENERATE_SEARCH_SECONDS = 1
    settings.KIRJURI_GENERATE_SEARCH_MARGIN_SECONDS = 1
    with translation.override("fi"):
        job = services.round_generation_request(
            stage=rotation.stages.get(), by=director
        )
    job.refresh_from_db()
    assert (job.status, job.error_code) == (
        GenerationStatus.FAILED,
        "generation_timeout",
    )
    assert "2 sekunnissa" in job.error_message
    assert len(children) == 1 and children[0].returncode is not None
    assert children[0].returncode < 0  # killed by a signal, not ended by itself
    assert not Round.objects.filter(stage__tournament=rotation).exists()


@pytest.mark.django_db(transaction=True)
def test_a_child_that_dies_fails_the_job_clearly(
    rotation, director, children, monkeypatch
):
    """A child that exits without an answer: the job fails at once with its own
    message (in the director's language), the child reaped, no round stored; the
    stage can be asked for again."""
    monkeypatch.setattr(offload, "CHILD_MODULE", FAULTS)
    monkeypatch.setenv("KIRJURI_TEST_SEARCH_CHILD", "die")
    with translation.override("en"):
        job = services.round_generation_request(
            stage=rotation.stages.get(), by=director
        )
    job.refresh_from_db()
    assert (job.status, job.error_code) == (
        GenerationStatus.FAILED,
        "generation_stopped",
    )
    assert job.error_message.startswith("the round's search stopped without an answer")
    assert children[0].returncode == 3
    monkeypatch.setattr(offload, "CHILD_MODULE", "tournaments.formats.process")
    again = services.round_generation_request(stage=rotation.stages.get(), by=director)
    assert again.pk != job.pk
    again.refresh_from_db()
    assert again.status == GenerationStatus.DONE
    assert RoundGeneration.objects.filter(status=GenerationStatus.DONE).count() == 1


def test_the_sync_path_answers_503_when_the_child_dies(
    rotation, director, children, monkeypatch
):
    """The old in-request path (``round_generate``) raises the same clear error,
    a 503 for the API's handler, not a 500."""
    monkeypatch.setattr(offload, "CHILD_MODULE", FAULTS)
    monkeypatch.setenv("KIRJURI_TEST_SEARCH_CHILD", "die")
    with pytest.raises(offload.SearchStopped) as stopped:
        services.round_generate(stage=rotation.stages.get(), by=director)
    assert (stopped.value.code, stopped.value.path) == ("generation_stopped", "stage")
    assert stopped.value.status_code == 503
    assert children[0].returncode == 3


def test_the_child_imports_no_django():
    """The child's module and the formats it runs import no Django: the child needs
    no settings, no database and no app registry (what it would do with them is
    what hung the fork)."""
    seen = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; "
            "import tournaments.formats.process, tournaments.formats.registry, "
            "tournaments.ranking, tournaments.formats.memo; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'django', "
            "'rest_framework', 'celery'}))",
        ],
        cwd=offload.ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
    )
    assert seen.stdout.strip() == "[]"
