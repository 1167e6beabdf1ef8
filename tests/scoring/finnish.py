"""The Finnish UI shows no English (issue 19 item 4, "Done when"): a detector that
reads a page in English and in Finnish and names every visible text the two share
that is a word of neither a name nor the game's own Finnish terms, and the Tuppi
world the detector's tests read (a match with a story, a deal flagged by a
correction, a tournament's standings).

What counts as visible text: every text node outside ``<script>``, ``<style>`` and
``<code>`` (a code quoted as it is, not a sentence; the pages no longer show an error's
path, a message names its field in words) — also in ``<template>`` and ``<noscript>``,
which a script or its absence shows —, the ``placeholder``, ``title``, ``aria-label``
and ``alt`` attributes (a screen reader or a tooltip reads them) and the ``value`` of a
submit or button input.
A shared text is allowed when each of its words is allowed: the world's names
(players, club, tournament, teams), the words that are the same in both languages
(:data:`SAME_IN_BOTH`: Tuppi's own terms, the product's name, the two languages'
names in the switch), a single letter (a card's rank or suit, a side's letter),
and anything that is not a letter (numbers, symbols).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser
from types import SimpleNamespace

from django.utils import translation

from scoring import services
from scoring.models import Role
from tests.scoring.factories import ClubFactory, member

#: Words a Finnish page shares with the English one on purpose.
SAME_IN_BOTH = frozenset(
    {
        # the product and the game
        "kirjuri",
        "tuppi",
        # Tuppi's own Finnish terms, kept in the English rules (book §9)
        "rami",
        "nolo",
        "sooli",
        "nousussa",
        # the language switch names each language in itself
        "suomi",
        "english",
        # formats and abbreviations that read the same
        "api",
        "qr",
        "csv",
        "pdf",
        "svg",
        "json",
        "ok",
    }
)

SKIPPED_TAGS = frozenset({"script", "style", "code"})
READ_ATTRIBUTES = ("placeholder", "title", "aria-label", "alt")
WORD = re.compile(r"[^\W\d_]+")


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.attributes(tag, attrs)
        if tag in SKIPPED_TAGS:
            self.skipping.append(tag)

    def handle_startendtag(self, tag, attrs) -> None:
        self.attributes(tag, attrs)

    def attributes(self, tag, attrs) -> None:
        shown = dict(attrs)
        for name in READ_ATTRIBUTES:
            if shown.get(name):
                self.texts.append(shown[name])
        if tag == "input" and shown.get("type") in ("submit", "button"):
            self.texts.append(shown.get("value") or "")

    def handle_endtag(self, tag) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data) -> None:
        if not self.skipping:
            self.texts.append(data)


def visible_texts(html: str) -> set[str]:
    """The page's visible texts, whitespace collapsed, empty ones left out."""
    parser = _Texts()
    parser.feed(html)
    parser.close()
    return {t for t in (" ".join(text.split()) for text in parser.texts) if t}


def allowed_words(names: Iterable[str]) -> set[str]:
    """The lower-case words of ``names`` plus :data:`SAME_IN_BOTH`."""
    words = set(SAME_IN_BOTH)
    for name in names:
        words.update(w.lower() for w in WORD.findall(name))
    return words


def english_left(
    english: str, finnish: str, allowed: set[str], phrases: Iterable[str] = ()
) -> list[str]:
    """The texts the Finnish page shows exactly as the English one does, that
    contain a word that is not allowed (a name, a term of both languages, one
    letter): English the Finnish reader sees. ``phrases`` are names of more than
    one word (a game's "Hand and Foot"), allowed only as the whole phrase."""
    same = visible_texts(english) & visible_texts(finnish)
    longest_first = sorted(set(phrases), key=len, reverse=True)

    def words(text: str) -> list[str]:
        for phrase in longest_first:
            text = text.replace(phrase, " ")
        return WORD.findall(text)

    return sorted(
        text
        for text in same
        if any(len(word) > 1 and word.lower() not in allowed for word in words(text))
    )


# -- the world the detector reads --------------------------------------------------

#: Deal 1: rami by Aino (seat 0), her side takes 9: 12 to Aino & Bertta.
RAMI = {"contract": "rami", "declarer": 0, "tricks": [9, 4]}
#: Deal 2: the rising side (Aino & Bertta) gives a nolo up: 4 to Ceci & Dora,
#: back to 0–0.
CONCEDED = {"contract": "nolo", "conceded_by": 0}
#: Deal 1 corrected: rami by Ceci (seat 1) made, so Ceci & Dora rise, and deal 2
#: (conceded by the side that no longer rises) is flagged.
RAMI_OTHER_SIDE = {"contract": "rami", "declarer": 1, "tricks": [4, 9]}
#: A sooli by the declarer's partner: a rule error.
BAD_SOOLI = {"contract": "sooli", "declarer": 0, "soloist": 2, "tricks": [13, 0]}

PLAYERS = ("Aino", "Ceci", "Bertta", "Dora")  # seats 0–3; sides alternate
TEAMS = ("Hauet: Aino & Bertta", "Ahvenet: Ceci & Dora")


def tuppi_world(*, flagged: bool = True) -> SimpleNamespace:
    """A club of four, a Tuppi match of two deals (deal 2 flagged after deal 1 is
    corrected, when ``flagged``), and a published Tuppi tournament of two teams
    whose round is under way."""
    from tournaments import services as tournament_services

    club = ClubFactory(name="Kortti", slug="kortti")
    aino = member(club, Role.ADMIN, PLAYERS[0])
    aino.user.username = "aino"  # the page's header shows it: a name
    aino.user.save(update_fields=["username"])
    others = [member(club, Role.MEMBER, name) for name in PLAYERS[1:]]
    players = [aino, *others]
    match = services.match_start(
        club=club,
        game="tuppi",
        seats=[(p, seat % 2) for seat, p in enumerate(players)],
        by=aino.user,
    )
    services.deal_submit(match=match, number=1, input=RAMI, by=aino.user)
    services.deal_submit(match=match, number=2, input=CONCEDED, by=aino.user)
    if flagged:
        deal = match.deals.get(number=1)
        services.deal_correct(
            match=match,
            number=1,
            input=RAMI_OTHER_SIDE,
            base_version=deal.version,
            reason="väärä huutaja",
            by=aino.user,
        )
    match.refresh_from_db()

    # A Finnish director sets the tournament up in Finnish: the stage's default
    # name (the format's label) is stored as the director saw it.
    with translation.override("fi"):
        event = tournament_services.tournament_create(
            club=club,
            name="Kevätturnaus",
            game="tuppi",
            format="round_robin",
            stage_settings={},
            by=aino.user,
        )
    tournament_services.entries_add(tournament=event, names=list(TEAMS), by=aino.user)
    tournament_services.tournament_publish(tournament=event, by=aino.user)
    round_ = tournament_services.round_generate(stage=event.stages.get(), by=aino.user)
    round_ = tournament_services.round_start(round=round_, by=aino.user)
    table = round_.tables.select_related("match").get()
    services.deal_submit(match=table.match, number=1, input=RAMI, by=aino.user)
    stage = event.stages.get().name  # data: the name the director gave the stage
    names = [*PLAYERS, "aino", club.name, event.name, stage, *TEAMS, "väärä huutaja"]
    return SimpleNamespace(
        club=club,
        admin=aino,
        players=players,
        match=match,
        event=event,
        allowed=allowed_words(names),
    )
