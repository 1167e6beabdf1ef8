"""What Tuppi, Modern Skruuvi and Klubiskruuvi declare for the other layers: the
context rows before the next deal, the match goal, the seat fields of the deal
schema, and the one "tricks do not add up" error they share."""

from __future__ import annotations

import pytest

from games.engine import ContextRow, DealRejected, MatchGoal, get_game


def _seat_roles(schema: dict) -> dict[str, str]:
    """Every integer of the schema marked as a seat, by path (``*`` for a list
    item), looking inside ``$ref`` and ``anyOf`` as an entry form does."""
    defs = schema.get("$defs", {})
    found: dict[str, str] = {}

    def walk(node: dict, path: str) -> None:
        while "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[-1]]
        if node.get("x-role") == "seat":
            found[path] = node["x-seat-role"]
        for option in node.get("anyOf", ()):
            walk(option, path)
        if isinstance(node.get("items"), dict):
            walk(node["items"], f"{path}.*")
        for name, sub in node.get("properties", {}).items():
            walk(sub, f"{path}.{name}" if path else name)

    walk(schema, "")
    return found


def test_tuppi_declares_who_is_nousussa_as_a_side_row():
    """At 0–0 nobody; after a side scores, that side (book §9.4)."""
    tuppi = get_game("tuppi")
    start = tuppi.fold([])
    assert start.next_deal.context == (
        ContextRow("nousussa", "Nousussa", "side", None),
    )
    folded = tuppi.fold([{"contract": "rami", "declarer": 1, "tricks": [5, 8]}])
    assert folded.totals == (0, 8)
    assert [(r.code, r.kind, r.value) for r in folded.next_deal.context] == [
        ("nousussa", "side", 1)
    ]
    broken = tuppi.fold(
        [
            {"contract": "rami", "declarer": 1, "tricks": [5, 8]},
            {"contract": "nolo", "tricks": [5, 8]},
        ]
    )
    assert broken.totals == (0, 0)
    assert broken.next_deal.context[0].value is None


@pytest.mark.parametrize(
    ("slug", "options", "goal"),
    [
        ("tuppi", {}, MatchGoal(target=52)),
        ("tuppi", {"target": 30}, MatchGoal(target=30)),
        ("skruuvi", {}, MatchGoal(deals=8)),
        ("skruuvi", {"basic_deals": 2, "kotkas": 1}, MatchGoal(deals=3)),
        ("klubiskruuvi", {}, MatchGoal(deals=12)),
    ],
)
def test_the_match_goal_is_the_target_or_the_number_of_deals(slug, options, goal):
    game = get_game(slug)
    assert game.match_goal(game.parse_options(options)) == goal


def test_the_goal_in_deals_is_the_number_of_deals_a_game_takes():
    """Folding the goal's number of deals finishes a Skruuvi game, one fewer not."""
    skruuvi = get_game("skruuvi")
    # Level six: the kotkas (deals 5–8) take no less (15.10).
    deal = {"contract": "spades", "level": 6, "declarer": 0, "tricks": [12, 1]}
    deals = skruuvi.match_goal(skruuvi.parse_options({})).deals
    assert not skruuvi.fold([deal] * (deals - 1)).finished
    assert skruuvi.fold([deal] * deals).finished


@pytest.mark.parametrize(
    ("slug", "roles"),
    [
        ("tuppi", {"declarer": "declarer", "soloist": "soloist"}),
        (
            "skruuvi",
            {
                "declarer": "declarer",
                "knocks.*.by": "knocker",
                "knocks.*.kontra_by": "kontra_knocker",
                "aces.*.seat": "trick_winner",
            },
        ),
        (
            "klubiskruuvi",
            {
                "declarer": "declarer",
                "knocks.*.by": "knocker",
                "knocks.*.kontra_by": "kontra_knocker",
                "aces.*.seat": "trick_winner",
            },
        ),
    ],
)
def test_seat_fields_are_marked_in_the_deal_schema(slug, roles):
    assert _seat_roles(get_game(slug).deal_schema()) == roles


@pytest.mark.parametrize(
    ("slug", "raw"),
    [
        ("tuppi", {"contract": "nolo", "tricks": [6, 6]}),
        (
            "skruuvi",
            {"contract": "hearts", "level": 5, "declarer": 0, "tricks": [6, 6]},
        ),
    ],
)
def test_tricks_that_do_not_add_up_are_one_error_in_every_trick_game(slug, raw):
    game = get_game(slug)
    with pytest.raises(DealRejected) as rejected:
        game.score(game.start(), raw)
    assert [(e.path, e.code, e.message) for e in rejected.value.errors] == [
        ("tricks", "tricks_not_13", "tricks add up to 12, not 13")
    ]


def test_a_bolsu_that_does_not_add_up_gets_the_same_error():
    klubi = get_game("klubiskruuvi")
    raw = {
        "contract": "hearts",
        "level": 7,
        "declarer": 0,
        "bolsu": True,
        "tricks": [13, 1],
    }
    with pytest.raises(DealRejected) as rejected:
        klubi.score(klubi.start(), raw)
    assert [(e.code, e.message) for e in rejected.value.errors] == [
        ("tricks_not_13", "tricks add up to 14, not 13")
    ]
