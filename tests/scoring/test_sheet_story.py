"""The deal's story on the sheet (issue 19 item 1): the facts' texts under the deal,
"side N" and "seat N" read as the sides' and seats' names, the facts the game
declares (``Game.sheet_story``; default all), never the one shown beside the number
(``Game.sheet_fact``)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.engine import all_games
from scoring import services
from scoring.export import sheet_table
from scoring.models import Role
from scoring.story import fact_text_named, story_lines
from tests.scoring.factories import member

SIDES = ["Aino & Bertta", "Ceci & Dora"]
SEATS = {0: "Aino", 1: "Ceci", 2: "Bertta", 3: "Dora"}


def named(text: str) -> str:
    return fact_text_named(text, SIDES, SEATS)


def fact(code, text, side=None, points=None):
    return {"code": code, "text": text, "side": side, "points": points}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("nolo: side 0 scores 4", "nolo: Aino & Bertta scores 4"),
        ("Side 1 wins the match", "Ceci & Dora wins the match"),
        ("rami by seat 2: declarers score 12", "rami by Bertta: declarers score 12"),
        ("side 0 shot: 2 to side 1", "Aino & Bertta shot: 2 to Ceci & Dora"),
        ("side 0's game", "Aino & Bertta's game"),
        # Numbers that name no side or seat of the match stay as they are.
        ("side 2 card points: 5", "side 2 card points: 5"),
        ("seat 7 passed", "seat 7 passed"),
        ("side 10 took 3 tricks", "side 10 took 3 tricks"),
        # Not a side number: plural, inside a word, no number.
        ("sides 0 and 1 tie", "sides 0 and 1 tie"),
        ("outside 1 trick", "outside 1 trick"),
        ("the rising side: back to 0–0", "the rising side: back to 0–0"),
    ],
)
def test_sides_and_seats_are_named(text, expected):
    assert named(text) == expected


@given(st.text(alphabet=st.characters(blacklist_characters="sS"), max_size=40))
def test_a_text_without_side_or_seat_is_unchanged(text):
    assert named(text) == text


@given(
    st.integers(min_value=0, max_value=5),
    st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=6),
)
def test_side_n_is_the_label_of_side_n_exactly_when_it_exists(number, labels):
    result = fact_text_named(f"side {number} wins", labels, {})
    if number < len(labels):
        assert result == f"{labels[number]} wins"
    else:
        assert result == f"side {number} wins"


FACTS = [
    fact("rami_made", "rami by seat 0: declarers score 12", 0, 12),
    fact("frame", "frame 3–2 to side 1", 1),
    fact("conceded", "side 1 conceded the deal", 1),
]


def test_every_fact_by_default_in_the_deal_s_order():
    lines = story_lines(
        FACTS, codes=None, shown=None, side_labels=SIDES, seat_names=SEATS
    )
    assert lines == [
        "rami by Aino: declarers score 12",
        "frame 3–2 to Ceci & Dora",
        "Ceci & Dora conceded the deal",
    ]


def test_only_the_declared_codes_and_never_the_fact_shown_beside_the_number():
    lines = story_lines(
        FACTS,
        codes=("conceded", "frame"),
        shown="frame",
        side_labels=SIDES,
        seat_names=SEATS,
    )
    assert lines == ["Ceci & Dora conceded the deal"]
    assert (
        story_lines(FACTS, codes=(), shown=None, side_labels=SIDES, seat_names={}) == []
    )


def test_a_side_s_fact_that_names_nobody_is_prefixed_with_the_side():
    facts = [
        fact("went_out", "went out: 100", 1, 100),
        fact("nolo", "nolo: side 0 scores 4", 0, 4),  # named: no prefix
        fact("rami_made", "rami by seat 2: declarers score 8", 0, 8),
        fact("last_trick", "the last trick"),  # no side: as it is
        fact("odd", "went out", 5),  # no such side: as it is
    ]
    assert story_lines(
        facts, codes=None, shown=None, side_labels=SIDES, seat_names=SEATS
    ) == [
        "Ceci & Dora: went out: 100",
        "nolo: Aino & Bertta scores 4",
        "rami by Bertta: declarers score 8",
        "the last trick",
        "went out",
    ]


def test_one_side_alone_is_not_prefixed():
    """A game of one side (a solitaire, a race against par) needs no names."""
    assert story_lines(
        [fact("went_out", "went out: 100", 0)],
        codes=None,
        shown=None,
        side_labels=["Aino"],
        seat_names={0: "Aino"},
    ) == ["went out: 100"]


def test_empty_texts_and_malformed_facts_are_skipped():
    assert story_lines(
        [fact("x", ""), "garbage", None, fact("y", "  side 0 won  ")],
        codes=None,
        shown=None,
        side_labels=SIDES,
        seat_names=SEATS,
    ) == ["Aino & Bertta won"]


def sheet_data(game, facts, *, status="counted"):
    return {
        "game": game,
        "sides": [
            {
                "side": 0,
                "label": "Aino",
                "seats": [0],
                "players": [{"display_name": "Aino"}],
            },
            {
                "side": 1,
                "label": "Olli",
                "seats": [1],
                "players": [{"display_name": "Olli"}],
            },
        ],
        "rows": [
            {
                "number": 1,
                "status": status,
                "points": [1, 0] if status == "counted" else None,
                "totals": [1, 0] if status == "counted" else None,
                "facts": facts,
            }
        ],
        "totals": [1, 0],
    }


def test_the_sheet_table_carries_each_row_s_story():
    table = sheet_table(
        sheet_data("no-such-game", [fact("x", "side 1 potted the black")])
    )
    assert table.rows[0].story == ["Olli potted the black"]


def test_a_game_s_sheet_fact_is_not_repeated_in_the_story():
    """A game that shows one fact beside the number (``sheet_fact``) tells the rest."""
    game = next(g for g in all_games() if g.sheet_fact)
    facts = [
        fact(game.sheet_fact, "frame 1–0 to side 0"),
        fact("other", "side 1 fouled"),
    ]
    row = sheet_table(sheet_data(game.slug, facts)).rows[0]
    assert row.fact_text == "frame 1–0 to side 0"
    assert row.story == ["Olli fouled"]


def test_every_declared_story_code_is_a_tuple_of_codes():
    for game in all_games():
        codes = game.sheet_story
        assert codes is None or (
            isinstance(codes, tuple) and all(isinstance(c, str) and c for c in codes)
        ), game.slug


# -- the page ------------------------------------------------------------------------

TUPPI_RAMI = {"contract": "rami", "declarer": 0, "tricks": [9, 4]}  # 12 to side 0
TUPPI_NOLO = {"contract": "nolo", "tricks": [5, 8]}  # 8 to side 0


def stories(html: str) -> dict[int, str]:
    found = re.findall(r'data-story="(\d+)"><td colspan="(\d+)"[^>]*>(.*?)</td>', html)
    return {int(n): re.sub(r"<[^>]+>", "", text) for n, _, text in found}


@pytest.mark.django_db
def test_a_tuppi_sheet_tells_each_deal_with_names(client, club):
    admin = member(club, Role.ADMIN, "Aino")
    players = [admin] + [
        member(club, Role.MEMBER, n) for n in ("Ceci", "Bertta", "Dora")
    ]
    match = services.match_start(
        club=club,
        game="tuppi",
        seats=[(p, i % 2) for i, p in enumerate(players)],
        by=admin.user,
    )
    for number, deal in enumerate([TUPPI_RAMI, TUPPI_NOLO], start=1):
        services.deal_submit(match=match, number=number, input=deal, by=admin.user)
    client.force_login(admin.user)
    html = client.get(
        reverse("scoring:sheet", kwargs={"match_id": match.pk})
    ).content.decode()
    told = stories(html)
    assert told[1] == "rami by Aino: declarers score 12"
    assert told[2].startswith("nolo: Aino &amp; Bertta scores 8")
    assert "side 0" not in html and "seat 0" not in html
    # The story row spans the deal's row: number, 2 × 2 sides, actions.
    assert re.search(r'data-story="1"><td colspan="6"', html)


@pytest.mark.django_db
def test_a_voided_deal_tells_no_story(client, club):
    admin = member(club, Role.ADMIN, "Aino")
    opponent = member(club, Role.MEMBER, "Olli")
    match = services.match_start(
        club=club,
        game="tuppi",
        seats=[
            (admin, 0),
            (opponent, 1),
            (member(club, Role.MEMBER, "B"), 0),
            (member(club, Role.MEMBER, "D"), 1),
        ],
        by=admin.user,
    )
    services.deal_submit(match=match, number=1, input=TUPPI_RAMI, by=admin.user)
    deal = match.deals.get(number=1)
    services.deal_void(
        match=match, number=1, base_version=deal.version, reason="x", by=admin.user
    )
    client.force_login(admin.user)
    html = client.get(
        reverse("scoring:sheet", kwargs={"match_id": match.pk})
    ).content.decode()
    assert stories(html) == {}
