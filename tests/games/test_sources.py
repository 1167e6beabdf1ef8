"""Sources shown as readers know them (issue 19 item 2): the book's title and chapter,
or the web page's title; the file reference stays in the docs and the API."""

import pytest

from games.engine import all_games
from games.engine.sources import BOOKS, source_title


@pytest.mark.parametrize(
    ("source", "title"),
    [
        ("001_b57793035adc3f64.txt §28", "My Games, ch. 28 Canasta"),
        (
            "001_b57793035adc3f64.txt §42 (l.2774–2941; scoring §42.12)",
            "My Games, ch. 42 Tuomas's Mah Jong",
        ),
        (
            "004_b5230d226dbeb56f.txt (Tong-Its, l.350–418)",
            "Rummy games on the web: Tong-Its",
        ),
        ("002_aefa65491354b26f.txt (Slords v1.3, l.1–132)", "Slords, rules v1.3"),
        ("000_eb7d6ae73acb1182.txt", "Sleazy, rules v2.1"),
        ("001_b57793035adc3f64.txt", "My Games"),
        ("somewhere.txt §3", "somewhere.txt §3"),
    ],
)
def test_a_source_reads_as_its_title_and_chapter(source, title):
    assert source_title(source) == title


SHIPPED = [g for g in all_games() if type(g).__module__.startswith("games.rules.")]


@pytest.mark.parametrize("game", SHIPPED, ids=lambda g: g.slug)
def test_every_game_names_a_known_book_and_no_file(game):
    title = source_title(game.source)
    assert game.source.split()[0] in BOOKS, game.source
    assert ".txt" not in title and "§" not in title
    if game.source.startswith("001_"):
        assert ", ch. " in title and title.split(", ch. ")[1].split()[1:], title


def test_the_home_page_and_the_api_show_titles(client):
    page = client.get("/").content.decode()
    assert "My Games, ch. 9 Tuppi" in page
    assert "001_b57793035adc3f64.txt" not in page
    games = client.get("/api/v1/games/").json()
    rows = games["results"] if isinstance(games, dict) else games
    tuppi = next(g for g in rows if g["slug"] == "tuppi")
    assert tuppi["source"] == "001_b57793035adc3f64.txt §9"
    assert tuppi["source_title"] == "My Games, ch. 9 Tuppi"
