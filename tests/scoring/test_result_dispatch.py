"""The result-changed dispatch finds its tasks in a threaded web process.

Outside a worker the tasks modules are imported on the first notification. Two
threads of a gunicorn worker notifying at once must both find the task: before the
import was serialised, the second saw the autodiscovery under way, found no task,
logged "names unknown task" and its notification was lost.
"""

from __future__ import annotations

import threading

from scoring import services, tasks


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


def test_a_deal_of_an_open_match_is_not_sent_to_the_ratings(
    people, match, monkeypatch, settings, django_capture_on_commit_callbacks
):
    """Ratings count finished matches only: deals entered into an open match send
    the other result-changed tasks but not the ratings'; closing the match (here:
    abandoning it) sends the ratings' too."""
    sent: list[str] = []

    def recorder(name):
        def apply_async(args, **options):
            sent.append(name)

        return apply_async

    names = ["scoring.ratings_update_for_match", "scoring.match_refold"]
    for name in names:
        monkeypatch.setattr(tasks._task(name), "apply_async", recorder(name))
    settings.KIRJURI_RESULT_CHANGED_TASKS = names
    by = people.scorer.user
    with django_capture_on_commit_callbacks(execute=True):
        services.deal_submit(match=match, number=1, input={"points": [1, 0]}, by=by)
    assert sent == ["scoring.match_refold"]

    with django_capture_on_commit_callbacks(execute=True):
        services.match_abandon(match=match, by=by)
    assert sent == ["scoring.match_refold", *names]
