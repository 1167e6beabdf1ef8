"""The result-changed dispatch finds its tasks in a threaded web process.

Outside a worker the tasks modules are imported on the first notification. Two
threads of a gunicorn worker notifying at once must both find the task: before the
import was serialised, the second saw the autodiscovery under way, found no task,
logged "names unknown task" and its notification was lost.
"""

from __future__ import annotations

import threading

from scoring import tasks


def test_two_first_notifications_at_once_both_find_the_task(monkeypatch, settings):
    sent: list[int] = []
    started = threading.Event()
    release = threading.Event()

    class FakeTask:
        def apply_async(self, args, **options):
            sent.append(args[0])

    registry: dict[str, FakeTask] = {}

    class SlowLoader:
        """Like Celery's: the first call imports (slowly), later calls return."""

        begun = False

        def import_default_modules(self):
            if SlowLoader.begun:
                return
            SlowLoader.begun = True
            started.set()
            release.wait(5)
            registry["t.standings"] = FakeTask()

    fake_app = type("App", (), {"tasks": registry, "loader": SlowLoader()})
    monkeypatch.setattr(tasks, "current_app", fake_app)
    settings.KIRJURI_RESULT_CHANGED_TASKS = ["t.standings"]

    first = threading.Thread(target=tasks.result_change_notify, args=(1,))
    first.start()
    started.wait(5)
    second = threading.Thread(target=tasks.result_change_notify, args=(2,))
    second.start()
    release.set()
    first.join(5)
    second.join(5)

    assert sorted(sent) == [1, 2]
