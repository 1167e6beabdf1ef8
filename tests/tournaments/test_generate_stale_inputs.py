"""A round is computed outside the write lock and stored only if what it was
computed from is unchanged: a withdrawal committed meanwhile (from another
connection) makes the service compute again, and inputs that keep changing give a
409 rather than a stale round."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from scoring.errors import Conflict
from tournaments import services
from tournaments.models import Entry, Round
from tournaments.services import rounds

NAMES = "Aino\nBertta\nCeci\nDora\nEero\nFanni\nGusti\nHelka"


@pytest.fixture
def rotation(club, director):
    tournament = services.tournament_create(
        club=club,
        name="Partner night",
        game="skruuvi",
        format="partner_rotation",
        by=director,
    )
    services.entries_add(tournament=tournament, names=NAMES, by=director)
    return tournament


def seated(round_: Round) -> set[int]:
    return {
        side.entry_id for table in round_.tables.all() for side in table.sides.all()
    }


def in_another_connection(call) -> None:
    """Run ``call`` in a thread of its own (its own connection), committed."""
    failure: list[BaseException] = []

    def run():
        try:
            call()
        except BaseException as error:
            failure.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    assert not failure, failure


@pytest.mark.django_db(transaction=True)
def test_a_withdrawal_committed_meanwhile_is_not_paired(
    rotation, director, monkeypatch
):
    """The first computation seats Aino; she withdraws (another connection, committed)
    before the round is stored; the round stored is computed again without her."""
    aino = rotation.entries.get(name="Aino")
    real = rounds._generate
    computed = []

    def generate_then_withdraw(stage, number):
        planned = real(stage, number)
        computed.append(planned)
        if len(computed) == 1:
            in_another_connection(
                lambda: services.entry_withdraw(
                    entry=Entry.objects.get(pk=aino.pk), by=director
                )
            )
        return planned

    monkeypatch.setattr(rounds, "_generate", generate_then_withdraw)
    round_ = services.round_generate(stage=rotation.stages.get(), by=director)
    assert len(computed) == 2
    assert aino.pk in set(computed[0].entries())  # the stale plan seated her
    assert aino.pk not in seated(round_)
    assert Round.objects.filter(stage__tournament=rotation).count() == 1


@pytest.mark.django_db
def test_inputs_that_keep_changing_answer_409_and_store_nothing(
    rotation, director, monkeypatch
):
    real = rounds._generate
    entries = iter(rotation.entries.order_by("seed"))

    def generate_then_withdraw(stage, number):
        planned = real(stage, number)
        services.entry_withdraw(entry=next(entries), by=director)
        return planned

    monkeypatch.setattr(rounds, "_generate", generate_then_withdraw)
    with pytest.raises(Conflict) as raised:
        services.round_generate(stage=rotation.stages.get(), by=director)
    assert raised.value.code == "inputs_changed"
    assert "round 1" in str(raised.value)
    assert not Round.objects.filter(stage__tournament=rotation).exists()
    assert rotation.entries.filter(withdrawn_at__isnull=False).count() == (
        rounds.GENERATE_ATTEMPTS
    )
