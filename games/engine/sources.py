"""The rulebooks as people know them: a game's ``source`` (the file reference the docs
cite, e.g. ``001_b57793035adc3f64.txt §28``) shown as the book's title and chapter
("My Games, ch. 28 Canasta"; a page of the web file by its title) on the pages. The
file reference stays in the docs and the API's ``source``; this is pure data read from
``../shared/rules/README.md`` and the books' chapter headings, so that the pages need
no access to the rule files.
"""

from __future__ import annotations

import re

from games.engine.text import Text, msg
from games.engine.wording import as_text

MY_GAMES = "001_b57793035adc3f64.txt"
WEB_PAGES = "004_b5230d226dbeb56f.txt"  # one file, a page per game

BOOKS: dict[str, Text] = {
    "000_eb7d6ae73acb1182.txt": msg("Sleazy, rules v2.1"),
    MY_GAMES: msg("My Games"),
    "002_aefa65491354b26f.txt": msg("Slords, rules v1.3"),
    "003_9dd84d89b2055bb7.txt": msg("For the King: Sneaky Pete (2009)"),
    WEB_PAGES: msg("Rummy games on the web"),
}

# Titles are texts: a chapter named for a game reads as the game's name does.
# "# Chapter N" / "## Title" of My Games, for the chapters a game can cite.
CHAPTERS: dict[int, Text] = {
    1: msg("Introduction"),
    4: msg("Android Whist"),
    5: msg("Narnian Whist"),
    6: msg("Multimulta"),
    7: msg("Marjapussi"),
    9: msg("Tuppi"),
    10: msg("Bridge Meets Guess Who"),
    11: msg("Tuomas's Minibridge"),
    12: msg("Math students' Huutopussi"),
    15: msg("Modern Skruuvi"),
    16: msg("Klubiskruuvi"),
    17: msg("Historical Skruuvi"),
    18: msg("Vint"),
    19: msg("Screw Misere"),
    21: msg("Poker hands"),
    22: msg("Fireplace Poker"),
    23: msg("Kiertopokeri"),
    24: msg("Chinese Poker"),
    25: msg("Indian Poker"),
    26: msg("Strip Poker"),
    28: msg("Canasta"),
    30: msg("Samba"),
    31: msg("Contract Samba"),
    32: msg("Hand and Foot"),
    34: msg("Musta Maija"),
    35: msg("Musta Pekka"),
    36: msg("Jäkis"),
    37: msg("The Bleep Game"),
    39: msg("Sakaali"),
    40: msg("Valepaska"),
    41: msg("Believe or Doubt"),
    42: msg("Tuomas's Mah Jong"),
    43: msg("Sinkki"),
    45: msg("Hex"),
    46: msg("Beginners' Go"),
    57: msg("Introduction to Dart Games"),
    58: msg("Tuomas's Round the Clock"),
    59: msg("Kangaroo"),
    60: msg("Merirosvo"),
    61: msg("Killeri"),
    63: msg("Tuomas's Petanque"),
    64: msg("Contract Petanque"),
    66: msg("Seinis"),
    67: msg("Totem Tennis"),
    73: msg("Rymypallo"),
    74: msg("Breakthrough"),
    76: msg("Curling"),
    77: msg("Snooker"),
    78: msg("9-ball"),
    79: msg("5 Pin Billiards"),
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
        # A page is named for its game: its title reads as the game's name does.
        return msg("{book}: {page}", book=book, page=as_text(page.group(1).strip()))
    return book
