"""One naming scheme in the tournaments layer: services, selectors and tasks are
``<noun>_<verb>`` (or a noun phrase, for a read), services are keyword-only and
take the acting user typed, never ``Any``."""

from __future__ import annotations

import inspect
import re

from tournaments import selectors, services, tasks

# The nouns of the tournaments layer: what a service or selector is about.
NOUNS = {
    "director",
    "duplicate",
    "entries",
    "entry",
    "format",
    "group",
    "match",
    "metric",
    "placement",
    "prize",
    "ranking",
    "round",
    "stage",
    "standings",
    "table",
    "tournament",
    "tournaments",
}
SNAKE = re.compile(r"^[a-z]+(_[a-z]+)+$")


def _functions(module):
    for name in module.__all__:
        value = getattr(module, name)
        if inspect.isfunction(value):
            yield name, value


def test_services_are_noun_verb_keyword_only_with_a_typed_actor():
    for name, function in _functions(services):
        assert SNAKE.match(name) and name.split("_")[0] in NOUNS, name
        parameters = inspect.signature(function).parameters
        if "by" not in parameters:
            continue
        assert all(p.kind is p.KEYWORD_ONLY for p in parameters.values()), name
        assert parameters["by"].annotation == "AbstractBaseUser", name


def test_selectors_are_named_noun_first():
    for name, _function in _functions(selectors):
        assert SNAKE.match(name) and name.split("_")[0] in NOUNS, name


def test_tasks_are_noun_verb_and_the_old_names_still_run():
    registered = {
        task.name
        for task in vars(tasks).values()
        if getattr(task, "name", "").startswith("tournaments.")
    }
    assert {
        "tournaments.match_result_notify",
        "tournaments.standings_recompute",
        "tournaments.standings_reconcile",
    } <= registered
    # Aliases for requests queued before the rename (remove next release).
    assert {
        "tournaments.match_result_changed",
        "tournaments.recompute_standings",
        "tournaments.reconcile_standings",
    } <= registered
