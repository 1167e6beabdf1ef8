"""Each game's declared ``sheet_story`` names only fact codes the game produces.

The codes are collected by scoring the deals of the game's bench cases (bench/cases/:
random deals of real matches, each scored against its state), so a code that a
rename left behind, or one a game never writes, fails here.
"""

from __future__ import annotations

import importlib
from functools import cache

import pytest

from games.engine import get_game

# The games whose sheet tells a chosen story, and the bench module of their cases.
STORIED = {
    "skruuvi": "skruuvi",
    "klubiskruuvi": "skruuvi",
    "historical-skruuvi": "historical_skruuvi",
    "multimulta": "multimulta",
    "minibridge": "minibridge",
    "huutopussi": "huutopussi",
    "marjapussi": "marjapussi",
    "vint": "vint",
    "android-whist": "android_whist",
    "narnian-whist": "narnian_whist",
    "screw-misere": "screw_misere",
    "bridge-meets-guess-who": "bridge_meets_guess_who",
    "sakaali": "sakaali",
    "canasta": "canasta",
    "samba": "canasta",
    "contract-samba": "contract_samba",
    "triple-play": "triple_play",
    "burraco": "burraco",
    "carioca": "carioca",
    "pay-me": "pay_me",
    "seven-rummy": "seven_rummy",
    "khanhoo": "khanhoo",
    "machiavelli": "machiavelli",
    "tongits": "tongits",
    "sinkki": "sinkki",
    "umtali": "umtali",
    "sneaky-pete": "sneaky_pete",
}

DEALS_PER_CASE = 1500


@cache
def _cases(module: str) -> list:
    return importlib.import_module(f"bench.cases.{module}").cases()


def produced_codes(slug: str) -> set[str]:
    """The fact codes of the bench deals of ``slug``, each scored as in a match."""
    codes: set[str] = set()
    for case in _cases(STORIED[slug]):
        if case.game.slug != slug:
            continue
        for state, raw in case.deals[:DEALS_PER_CASE]:
            codes.update(fact.code for fact in case.game.score(state, raw).facts)
    return codes


@pytest.mark.parametrize("slug", sorted(STORIED))
def test_story_names_only_codes_the_game_produces(slug):
    story = get_game(slug).sheet_story
    assert story, f"{slug} declares its story"
    assert len(set(story)) == len(story)
    produced = produced_codes(slug)
    assert set(story) <= produced, sorted(set(story) - produced)


@pytest.mark.parametrize("slug", sorted(STORIED))
def test_story_leaves_something_out_or_is_all_a_sheet_writes(slug):
    """A story is a choice: most games leave the arithmetic out (deadwood, card
    points, trick points); the few whose every fact is what happened say so here."""
    tells_all = {
        "android-whist",
        "burraco",
        "machiavelli",
        "minibridge",
        "multimulta",
        "narnian-whist",
        "screw-misere",
        "triple-play",
    }
    left_out = produced_codes(slug) - set(get_game(slug).sheet_story)
    assert bool(left_out) == (slug not in tells_all), sorted(left_out)
