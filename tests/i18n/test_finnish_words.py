"""Issue 33 item 6: the Finnish words a club reported wrong — Mah Jong's winds, the
dart pad's keys, Killeri's draw, who confirms a deal, the signup's password rules
and the word for one entry of a sheet."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from scoring import services
from scoring.deal_forms.labels import branch_label
from scoring.models import Role
from scoring.views._common import entry_word
from tests.scoring.factories import ClubFactory, member


@pytest.mark.parametrize(
    "english, finnish",
    [
        ("East", "Itätuuli"),
        ("South", "Etelätuuli"),
        ("West", "Länsituuli"),
        ("North", "Pohjoistuuli"),
        ("Double ring", "Tupla"),
        ("Triple ring", "Tripla"),
        (branch_label("draw"), "Arvonta"),
        (
            "someone other than who entered the deal must confirm it",
            "jaon vahvistajan on oltava joku muu kuin sen kirjannut",
        ),
        ("player {number}", "pelaaja {number}"),
    ],
)
def test_the_words_read_as_a_finnish_club_says_them(english, finnish):
    with translation.override("fi"):
        assert gettext(english) == finnish


def test_the_password_rules_are_finnish():
    with translation.override("fi"):
        short = ngettext(
            "This password is too short. It must contain at least %d character.",
            "This password is too short. It must contain at least %d characters.",
            8,
        )
    assert short == "Salasana on liian lyhyt. Siinä on oltava vähintään %d merkkiä."


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game, english, finnish",
    [("round-the-clock", "Turn", "Vuoro"), ("tuppi", "Deal", "Jako")],
)
def test_an_entry_of_the_sheet_is_called_by_the_game_s_word(game, english, finnish):
    club = ClubFactory(name="Kerho", slug="kerho")
    players = [member(club, Role.ADMIN, name) for name in ("Aino", "Bo", "Cia", "Dan")]
    seats = (
        [(players[0], 0), (players[1], 1)]
        if game == "round-the-clock"
        else [(p, i % 2) for i, p in enumerate(players)]
    )
    match = services.match_start(club=club, game=game, seats=seats, by=players[0].user)
    with translation.override("en"):
        assert entry_word(match) == english
    with translation.override("fi"):
        assert entry_word(match) == finnish
        said = gettext("%(entry)s %(number)s is on the sheet.") % {
            "entry": entry_word(match),
            "number": 3,
        }
    assert said == f"{finnish} 3 on pöytäkirjassa."
