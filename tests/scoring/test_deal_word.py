"""A sheet names its entries as the game does (``Game.deal_word``): a curling sheet
has ends, a darts sheet turns, a card game deals."""

from __future__ import annotations

from scoring import services
from tests.scoring.test_pages import entry_url, login, sheet_url


def start(club, people, game):
    return services.match_start(
        club=club,
        game=game,
        seats=[(people.scorer, 0), (people.opponent, 1)],
        by=people.scorer.user,
    )


def test_a_curling_sheet_and_form_speak_of_ends(client, club, people):
    match = start(club, people, "curling")
    login(client, people.scorer)
    sheet = client.get(sheet_url(match)).content.decode()
    assert "Enter end 1" in sheet and "Enter deal" not in sheet
    form = client.get(entry_url(match)).content.decode()
    assert "<h1>End 1" in form and "Enter end 1" in form


def test_a_darts_form_speaks_of_turns(client, club, people):
    match = start(club, people, "round-the-clock")
    login(client, people.scorer)
    assert "Enter turn 1" in client.get(entry_url(match)).content.decode()


def test_a_card_game_keeps_its_deals(client, club, people, match):
    login(client, people.scorer)
    assert "Enter deal 1" in client.get(sheet_url(match)).content.decode()
