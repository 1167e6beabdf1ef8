"""What every game declares for the layers outside ``games/`` to read.

The pages, forms, tournaments and money never name a game; these tests pin what
each built game declares in its place: the roles in its deal schema (seats, sides,
per-side and per-partner lists), the rows the score sheet shows before a deal, and
the flags (``sheet_difference``, ``duplicate_boards``, ``stakes_per_point``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.engine import ContextRow, Game, all_games, get_game
from games.engine.inputs import ROLE

BUILT = sorted(
    g.slug for g in all_games() if type(g).__module__.startswith("games.rules.")
)


def roles(schema: Mapping[str, Any]) -> dict[str, str]:
    """Every declared role in a deal schema, by path (``*`` for a list item)."""
    defs = schema.get("$defs", {})
    found: dict[str, str] = {}

    def walk(node: Mapping[str, Any], path: str) -> None:
        while "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[-1]]
        if ROLE in node:
            found[path] = node[ROLE]
        for option in (*node.get("anyOf", ()), *node.get("oneOf", ())):
            walk(option, path)
        items = [*node.get("prefixItems", ())]
        if isinstance(node.get("items"), Mapping):
            items.append(node["items"])
        for item in items:
            walk(item, f"{path}.*")
        for name, sub in node.get("properties", {}).items():
            walk(sub, f"{path}.{name}" if path else name)

    walk(schema, "")
    return found


SEATS_OF_TRICK_GAMES = {
    "declarer": "seat",
    "knocks.*.by": "seat",
    "knocks.*.kontra_by": "seat",
    "aces.*.seat": "seat",
}
HONOURS = {
    "aces_in_hand.*.seat": "seat",
    "sequences.*.seat": "seat",
    "first_to_game": "side",
}
CANASTA_FAMILY = {
    "teams": "per_side",
    "teams.*.hands": "per_partner",
    "went_out": "seat",
    "points": "per_side",
}


EXPECTED_ROLES = {
    "tuppi": {"declarer": "seat", "soloist": "seat", "conceded_by": "side"},
    "skruuvi": SEATS_OF_TRICK_GAMES,
    "klubiskruuvi": SEATS_OF_TRICK_GAMES,
    "canasta": CANASTA_FAMILY,
    "samba": CANASTA_FAMILY,
    "contract-samba": CANASTA_FAMILY,
    "hand-and-foot": {**CANASTA_FAMILY, "teams.*.feet": "per_partner"},
    "triple-play": {
        **CANASTA_FAMILY,
        "teams.*.knees": "per_partner",
        "teams.*.feet": "per_partner",
    },
    "sakaali": {
        "teams": "per_side",
        "teams.*.hands": "per_partner",
        "card_points": "per_side",
    },
    "sleazy": {"sides": "per_side", "points": "per_side"},
    "sneaky-pete": {"went_out": "seat", "players": "per_side", "points": "per_side"},
    "multimulta": {},
    "marjapussi": {
        "trumps_by": "side",
        "little_ones": "per_side",
        "last_trick": "side",
        "pips": "per_side",
        "cards": "per_side",
        "no_tricks": "side",
    },
    "android-whist": {},
    "narnian-whist": {"attacker": "seat"},
    "minibridge": {"declarer": "seat"},
    "screw-misere": {"aces.*.seat": "seat"},
    "bridge-meets-guess-who": {
        "declarer": "seat",
        "questions": "per_side",
        "error_messages": "per_side",
    },
    "huutopussi": {
        "declarer": "seat",
        "card_points": "per_side",
        "cards": "per_side",
        "last_trick": "side",
        "trumps": "per_side",
        "no_tricks": "side",
    },
    "sinkki": {
        "hands": "per_side",
        "trash": "per_side",
        "sinkki": "seat",
        "clean_game": "seat",
    },
    "seven-rummy": {"went_out": "seat", "hands": "per_side", "deadwood": "per_side"},
    "burraco": {
        "teams": "per_side",
        "teams.*.hands": "per_partner",
        "closed": "seat",
        "points": "per_side",
    },
    "tongits": {
        "winner": "seat",
        "caller": "seat",
        "last_drawer": "seat",
        "challenged": "per_side",
        "never_opened": "per_side",
        "deadwood": "per_side",
        "hands": "per_side",
    },
    "mahjong": {"winner": "seat", "hands": "per_side", "values": "per_side"},
    "historical-skruuvi": {
        **SEATS_OF_TRICK_GAMES,
        **HONOURS,
        "value_cards": "per_side",
    },
    "vint": {"declarer": "seat", **HONOURS, "trumps": "per_side", "aces": "per_side"},
    "indian-poker": {"paid": "per_side", "winner": "seat"},
    "strip-poker": {"hands": "per_side", "paid": "per_side", "won": "per_side"},
    "chinese-poker": {"places": "per_side"},
    "kiertopokeri": {"announcer": "seat", "doubter": "seat", "out": "seat"},
    "fireplace-poker": {"melds": "per_side"},
    "pay-me": {"went_out": "seat", "players": "per_side", "deadwood": "per_side"},
    "carioca": {"went_out": "seat", "players": "per_side", "deadwood": "per_side"},
    "slords": {"players": "per_side", "points": "per_side"},
    "machiavelli": {"winner": "seat"},
    "umtali": {"sides": "per_side", "points": "per_side"},
    "khanhoo": {"went_out": "seat", "players": "per_side", "points": "per_side"},
    "vazhushal": {"went_out": "seat", "players": "per_side"},
    "curling": {"side": "side"},
    "tuomas-petanque": {"side": "side"},
    "contract-petanque": {"declarer": "seat", "fled": "seat"},
    "finnish-dartboard": {},
    "round-the-clock": {},
    "kangaroo": {},
    "merirosvo": {},
    "killeri": {"own_sectors": "per_side"},
    "musta-maija": {"places": "per_side", "loser": "seat"},
    "musta-pekka": {"places": "per_side", "winner": "seat", "loser": "seat"},
    "valepaska": {"places": "per_side", "winner": "seat", "loser": "seat"},
    "seinis": {"out": "seat", "places": "per_side", "winner": "seat"},
    "jakis": {"by": "seat"},
    "bleep-game": {"by": "seat"},
    "believe-or-doubt": {"doubter": "seat", "answerer": "seat"},
    "rymypallo": {"by": "seat"},
    "hex": {"winner": "side", "first": "side"},
    "game-of-y": {"winner": "side", "first": "side"},
    "beginners-go": {"black": "side", "winner": "side"},
    "snooker": {
        "points": "per_side",
        "foul_points": "per_side",
        "conceded_by": "side",
    },
    "nine-ball": {"side": "side"},
    "five-pin": {"side": "side", "points": "per_side"},
    "totem-tennis": {"side": "side"},
    "breakthrough": {},
}


@pytest.mark.parametrize(("slug", "expected"), EXPECTED_ROLES.items())
def test_each_game_declares_the_roles_its_deal_form_needs(slug, expected):
    """The entry form's seat and side selects and its per-side labels come from
    these declarations (``x-role`` in the deal's JSON Schema)."""
    assert roles(get_game(slug).deal_schema()) == expected


def test_every_built_game_is_covered_above():
    assert sorted(EXPECTED_ROLES) == BUILT


def _context(slug: str, deals: list[Any], **options: Any) -> tuple[ContextRow, ...]:
    game = get_game(slug)
    folded = game.fold(deals, options)
    assert folded.next_deal is not None
    return folded.next_deal.context


def test_tuppi_declares_who_is_nousussa():
    """Before any deal nobody is nousussa (``None``); the row is a side."""
    (row,) = _context("tuppi", [])
    assert (row.code, row.label, row.kind, row.value) == (
        "nousussa",
        "Nousussa",
        "side",
        None,
    )


@pytest.mark.parametrize(
    ("slug", "first"), [("canasta", 50), ("samba", 50), ("hand-and-foot", 50)]
)
def test_the_canasta_family_declares_each_sides_opening_requirement(slug, first):
    """At 0–0 every side's requirement is the book's first step."""
    row = _context(slug, [])[0]
    assert (row.code, row.kind) == ("opening_requirement", "per_side")
    assert row.value == (first, first)


@pytest.mark.parametrize(
    ("slug", "codes"),
    [
        ("sleazy", ["round", "ahead", "cumulative_difference"]),
        ("sneaky-pete", ["hand", "requirement"]),
        ("sakaali", []),
        ("skruuvi", []),
    ],
)
def test_games_without_such_terms_declare_only_their_own_rows(slug, codes):
    """A Sleazy sheet never says "Nousussa" nor "Opening requirement": each game
    declares its own rows (or none)."""
    rows = _context(slug, [])
    assert [row.code for row in rows] == codes
    assert not {"nousussa", "opening_requirement"} & {row.code for row in rows}


def test_flags_are_declared_where_the_book_says_so():
    assert [s for s in BUILT if get_game(s).sheet_difference] == ["sleazy"]
    assert [s for s in BUILT if get_game(s).duplicate_boards] == ["sakaali"]
    lower_wins = {s for s in BUILT if get_game(s).lower_totals_win}
    assert lower_wins == {
        "carioca",
        "fireplace-poker",
        "pay-me",
        "screw-misere",
        "sneaky-pete",
    }
    # Huutopussi (§1.2), Chinese Poker (§24), Kiertopokeri (§23) and Machiavelli
    # (a winner, no score) are played for win/loss only; the chips of Sinkki
    # (§43.1), Indian Poker (§25) and others are money.
    win_loss = {s for s in BUILT if not get_game(s).stakes_per_point}
    assert win_loss == {
        "huutopussi",
        "chinese-poker",
        "kiertopokeri",
        "machiavelli",
        "vazhushal",
        "killeri",  # an elimination: the points are places (§61)
        "hex",
        "game-of-y",
        "beginners-go",
        # The physical races (issue 17): §1.2 stakes card games' scores; a race to
        # frames, to ten points or a scout game's halves is won or lost.
        "snooker",
        "nine-ball",
        "five-pin",
        "totem-tennis",
        "breakthrough",
    }
    chip_games = {s for s in BUILT if get_game(s).chips_are_money}
    assert chip_games == {
        "bridge-meets-guess-who",
        "mahjong",
        "sinkki",
        "indian-poker",
        "tongits",
    }


def test_deal_winners_default_is_the_sole_best_score():
    """The default of ``Game.deal_winners``: the sole best; the sole lowest where
    the most points lose; nobody on a tie."""
    assert get_game("canasta").deal_winners([120, 80]) == (0,)
    assert get_game("canasta").deal_winners([80, 80]) == ()
    assert get_game("sneaky-pete").deal_winners([30, 0, 12]) == (1,)
    assert Game.deal_winners(get_game("tuppi"), []) == ()


@pytest.mark.parametrize(
    ("slug", "options", "target", "deals"),
    [
        ("tuppi", {}, 52, None),
        ("canasta", {}, 5000, None),
        ("sakaali", {}, 100, None),
        ("sakaali", {"boards": ["D1", "D2", "D3", "D4"]}, None, 4),
        ("sleazy", {}, None, 4),
        ("sleazy", {"rounds": 2}, None, 2),
        ("hand-and-foot", {}, None, 4),
        ("skruuvi", {}, None, 8),
    ],
)
def test_match_goal_is_the_target_or_the_length_the_options_set(
    slug, options, target, deals
):
    """The chart's winning line and the API read this, never an option by name."""
    game = get_game(slug)
    goal = game.match_goal(game.parse_options(options))
    assert (goal.target, goal.deals) == (target, deals)
