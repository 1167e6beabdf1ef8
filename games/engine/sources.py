"""The rulebooks as people know them: a game's ``source`` (the file reference the docs
cite, e.g. ``001_b57793035adc3f64.txt §28``) shown as the book's title and chapter
("My Games, ch. 28 Canasta"; a page of the web file by its title) on the pages. The
file reference stays in the docs and the API's ``source``; this is pure data read from
``../shared/rules/README.md`` and the books' chapter headings, so that the pages need
no access to the rule files.
"""

from __future__ import annotations

import re

from games.engine.text import msg

MY_GAMES = "001_b57793035adc3f64.txt"
WEB_PAGES = "004_b5230d226dbeb56f.txt"  # one file, a page per game

BOOKS: dict[str, str] = {
    "000_eb7d6ae73acb1182.txt": "Sleazy, rules v2.1",
    MY_GAMES: "My Games",
    "002_aefa65491354b26f.txt": "Slords, rules v1.3",
    "003_9dd84d89b2055bb7.txt": "For the King: Sneaky Pete (2009)",
    WEB_PAGES: "Rummy games on the web",
}

# "# Chapter N" / "## Title" of My Games, for the chapters a game can cite.
CHAPTERS: dict[int, str] = {
    1: "Introduction",
    4: "Android Whist",
    5: "Narnian Whist",
    6: "Multimulta",
    7: "Marjapussi",
    9: "Tuppi",
    10: "Bridge Meets Guess Who",
    11: "Tuomas's Minibridge",
    12: "Math students' Huutopussi",
    15: "Modern Skruuvi",
    16: "Klubiskruuvi",
    17: "Historical Skruuvi",
    18: "Vint",
    19: "Screw Misere",
    21: "Poker hands",
    22: "Fireplace Poker",
    23: "Kiertopokeri",
    24: "Chinese Poker",
    25: "Indian Poker",
    26: "Strip Poker",
    28: "Canasta",
    30: "Samba",
    31: "Contract Samba",
    32: "Hand and Foot",
    34: "Musta Maija",
    35: "Musta Pekka",
    36: "Jäkis",
    37: "The Bleep Game",
    39: "Sakaali",
    40: "Valepaska",
    41: "Believe or Doubt",
    42: "Tuomas's Mah Jong",
    43: "Sinkki",
    45: "Hex",
    46: "Beginners' Go",
    57: "Introduction to Dart Games",
    58: "Tuomas's Round the Clock",
    59: "Kangaroo",
    60: "Merirosvo",
    61: "Killeri",
    63: "Tuomas's Petanque",
    64: "Contract Petanque",
    66: "Seinis",
    67: "Totem Tennis",
    73: "Rymypallo",
    74: "Breakthrough",
    76: "Curling",
    77: "Snooker",
    78: "9-ball",
    79: "5 Pin Billiards",
}

_CHAPTER = re.compile(r"§\s*(\d+)")
_PAGE = re.compile(r"\(([^,;)]+)")


def source_title(source: str) -> str:
    """``source`` as a reader knows it: the book's title and chapter, or the web
    page's title; an unknown file is shown as it is."""
    file, _, rest = source.strip().partition(" ")
    book = BOOKS.get(file)
    if book is None:
        return source
    if file == MY_GAMES:
        chapter = _CHAPTER.search(rest)
        if chapter is None:
            return book
        number = int(chapter.group(1))
        title = CHAPTERS.get(number)
        if title:
            return msg(
                "{book}, ch. {number} {title}", book=book, number=number, title=title
            )
        return msg("{book}, ch. {number}", book=book, number=number)
    page = _PAGE.search(rest) if file == WEB_PAGES else None
    if page:
        return msg("{book}: {page}", book=book, page=page.group(1).strip())
    return book
