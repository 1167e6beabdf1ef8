"""While a round is being generated, another table's deal submission is not held
back: the search runs outside the write transaction.

On the embedded default (SQLite: one writer at a time, the whole database) a
generation that searched inside its write transaction made every submission wait
for the search to end (or give up after the busy timeout). Here the format's
computation is held until the submission on another match has been stored (at most
three seconds); the order of the two events is asserted, never a duration.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from scoring import services as scoring_services
from tournaments import services
from tournaments.models import Round
from tournaments.services import rounds

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = "Aino\nBertta\nCeci\nDora\nEero\nFanni\nGusti\nHelka"


def test_a_deal_is_stored_while_the_round_is_computing(club, director, monkeypatch):
    tournament = services.tournament_create(
        club=club,
        name="Partner night",
        game="skruuvi",
        format="partner_rotation",
        by=director,
    )
    services.entries_add(tournament=tournament, names=NAMES, by=director)
    ann = scoring_services.player_create(club=club, display_name="Ann", by=director)
    bob = scoring_services.player_create(club=club, display_name="Bob", by=director)
    other = scoring_services.match_start(
        club=club, game="sleazy", seats=[(ann, 0), (bob, 1)], by=director
    )

    events: list[str] = []
    computing = threading.Event()
    submitted = threading.Event()
    real = rounds._generate

    def slow_generate(stage, number):
        computing.set()
        submitted.wait(3)  # the slow search: over once the deal is in (or after 3 s)
        events.append("computed")
        return real(stage, number)

    monkeypatch.setattr(rounds, "_generate", slow_generate)
    outcome: dict[str, object] = {}

    def generate():
        try:
            outcome["round"] = services.round_generate(
                stage=tournament.stages.get(), by=director
            )
            events.append("round stored")
        except Exception as error:
            outcome["round"] = error
        finally:
            connection.close()

    def submit():
        try:
            computing.wait(30)
            outcome["deal"] = scoring_services.deal_submit(
                match=other,
                number=1,
                input={"mode": "totals", "points": [100, 25]},
                by=director,
            )
            events.append("deal stored")
        except Exception as error:
            outcome["deal"] = error
        finally:
            submitted.set()
            connection.close()

    threads = [threading.Thread(target=generate), threading.Thread(target=submit)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert not isinstance(outcome.get("deal"), Exception), outcome
    assert isinstance(outcome.get("round"), Round), outcome
    assert events == ["deal stored", "computed", "round stored"]
    assert other.deals.count() == 1
    assert outcome["round"].tables.count() == 2
