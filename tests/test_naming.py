"""One naming scheme for the services and selectors: ``<noun>_<verb>``.

**The rule.** A public function of a services or selectors module is named by a noun
of the domain, then what is done to it, in snake case:

* the **first word** is a noun of the domain (:data:`NOUNS`), singular or plural
  (``match_start``, ``ratings_recompute``);
* a **verb** (:data:`VERBS`) follows, right after the noun or after more words that
  narrow the noun down (``club_pickable_player_list``, ``match_seat_point_list``);
  words after the verb say to what or how (``membership_set_role``,
  ``ratings_update_for_match``);
* **reads** use the verbs ``get`` (one object, ``match_sheet_get``) and ``list``
  (several, ``club_player_list``), or one of the two well-known query shapes: a
  plural noun then ``for`` (``clubs_for(user)``: what a user may read) or
  ``visible_to`` (``matches_visible_to(user)``).

So ``start_match``, ``submit_deal`` or ``games_rated`` are refused: their first word
is a verb or the noun is followed by no verb.

**Which modules.** Every module under an app whose dotted path has a component
named ``services`` or ``selectors`` (a package and its modules, or a plain
``services.py``/``selectors.py``), found by walking the packages — nothing is listed
by hand. Package-private modules (``_fold.py``) and names (``_lock``) are skipped.
Both the functions a module defines and the names a package re-exports are checked,
so an alias cannot slip through.

**Scope.** :data:`APPS` holds every layer above the engine.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

#: The apps whose services and selectors are checked.
APPS = ("scoring", "tournaments", "money")

#: Nouns of the domain a name may start with (singular; plurals in s, es, ies).
NOUNS = frozenset(
    str.split(
        """
        balance board bracket catalogue chip club deal director entry event fee format
        game group house idempotency invitation ledger match membership metric pairing
        payout placement player prize rating ranking result round schema seat session
        settlement sheet side source stage stake standings state structure table terms
        tournament transfer
        """
    )
)

#: What is done to a noun. ``get`` and ``list`` are the reads.
VERBS = frozenset(
    str.split(
        """
        abandon accept add adjust apply build bump check close compute confirm correct
        abandon accept add adjust apply build bump check close compute confirm correct
        create decline delete finish find generate get list lock mark merge notify parse
        plan publish purge recompute reconcile record refold remove rename reopen
        request retire seed send set revoke settle start submit sync unlock unmark
        unpublish update void withdraw
        """
    )
)

#: The well-known query shapes after a plural noun: ``clubs_for``,
#: ``matches_visible_to``.
QUERY_SHAPES = (("for",), ("visible", "to"))


def _noun(word: str) -> bool:
    if word in NOUNS:
        return True
    if word.endswith("ies") and word[:-3] + "y" in NOUNS:  # entries
        return True
    if word.endswith("es") and word[:-2] in NOUNS:  # matches
        return True
    return word.endswith("s") and word[:-1] in NOUNS


def follows_the_rule(name: str) -> bool:
    """``name`` is ``<noun>[_<words>]_<verb>[_<words>]`` or a well-known query."""
    words = name.split("_")
    if len(words) < 2 or not _noun(words[0]):
        return False
    if any(word in VERBS for word in words[1:]):
        return True
    rest = tuple(words[1:])
    return words[0] != words[0].rstrip("s") and any(
        rest[: len(shape)] == shape for shape in QUERY_SHAPES
    )


def _layer(path: str) -> bool:
    parts = path.split(".")
    return any(p in ("services", "selectors") for p in parts) and not any(
        p.startswith("_") for p in parts
    )


def layer_modules(apps: tuple[str, ...] = APPS) -> list[ModuleType]:
    """The services and selectors modules of ``apps``, found by walking them."""
    found = []
    for app in apps:
        try:
            root = importlib.import_module(app)
        except ModuleNotFoundError:
            continue  # an app that does not exist (yet) on this branch
        names = [app]
        names += [
            info.name
            for info in pkgutil.walk_packages(root.__path__, prefix=f"{app}.")
            if "migrations" not in info.name.split(".")
        ]
        found += [importlib.import_module(n) for n in names if _layer(n)]
    return found


def public_names(module: ModuleType) -> set[str]:
    """The public functions ``module`` defines, and the names a package re-exports."""
    names = {
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and inspect.isfunction(value)
        and value.__module__ == module.__name__
    }
    if hasattr(module, "__path__"):  # a package: what it offers as its own
        names |= {
            name
            for name in getattr(module, "__all__", ())
            if inspect.isfunction(getattr(module, name, None))
        }
    return names


MODULES = layer_modules()


def test_the_walk_finds_the_layers():
    """The walk finds every layer's packages and their modules, none hard-coded."""
    names = {m.__name__ for m in MODULES}
    assert {"scoring.services", "scoring.selectors"} <= names
    assert {"tournaments.services", "money.services", "money.selectors"} <= names
    assert {"scoring.services.deals", "scoring.selectors.matches"} <= names
    assert not any("._" in n for n in names)  # package-private modules skipped


@pytest.mark.parametrize(
    "name",
    [
        "match_start",
        "deal_submit",
        "ratings_recompute",
        "membership_set_role",
        "club_pickable_player_list",
        "match_sheet_get",
        "clubs_for",
        "matches_visible_to",
        "entries_add",
    ],
)
def test_the_rule_accepts_noun_then_verb(name):
    assert follows_the_rule(name)


@pytest.mark.parametrize(
    "name",
    [
        "start_match",
        "submit_deal",
        "games_rated",
        "match_sheet",
        "club_for",  # the query shape needs the plural
        "outcome_of",
        "name_key",
        "balances",
    ],
)
def test_the_rule_refuses_other_shapes(name):
    assert not follows_the_rule(name)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_service_and_selector_is_noun_verb(module):
    """Every public function of the module follows the rule (see the docstring)."""
    names = public_names(module)
    wrong = sorted(n for n in names if not follows_the_rule(n))
    assert not wrong, f"{module.__name__}: not <noun>_<verb>: {wrong}"
