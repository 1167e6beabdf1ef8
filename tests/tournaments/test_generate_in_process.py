"""A big field's search runs in a child process (tournaments.services.offload): the
round it stores is the one the calling thread computes, the format's questions
are answered on the caller's connection (inside the test's transaction), the
child's remembered whist answer comes back, and a format's error reaches the
director as the same clear message."""

from __future__ import annotations

import pytest

from scoring.errors import DomainError
from tournaments import services
from tournaments.formats import memo, whist
from tournaments.models import Round
from tournaments.services import offload
from tournaments.services.generation import _generate


def lineup(round_: Round) -> list[list[list[int]]]:
    return [list(t.lineup) for t in round_.tables.order_by("number")]


@pytest.fixture
def rotation(club, director):
    tournament = services.tournament_create(
        club=club,
        name="Partner night",
        game="skruuvi",
        format="partner_rotation",
        by=director,
    )
    names = "\n".join(f"Pelaaja {i}" for i in range(20))
    services.entries_add(tournament=tournament, names=names, by=director)
    return tournament


def test_the_round_from_the_child_is_the_one_computed_here(
    rotation, director, settings, monkeypatch
):
    """Forced into a child (threshold 0), the stored round equals the round the
    format computes in this thread, and a child was started to compute it."""
    stage = rotation.stages.get()
    stage.entry_ids = list(
        rotation.entries.order_by("seed").values_list("pk", flat=True)
    )
    settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = -1  # never: this thread
    here = _generate(stage, 1)
    whist.cyclic_whist.cache_clear()
    started: list[int] = []
    real = offload.round_compute_in_child

    def counted(format_key, source, number):
        started.append(number)
        return real(format_key, source, number)

    monkeypatch.setattr(offload, "round_compute_in_child", counted)
    settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = 0
    round_ = services.round_generate(stage=rotation.stages.get(), by=director)
    assert started == [1]
    assert [[list(s) for s in t.sides] for t in here.tables] == lineup(round_)
    # The whist answer for 20 players the child found came back, remembered here.
    assert any(key[1] == ((20,), ()) for key in memo.known())


def test_small_fields_stay_in_this_thread(settings):
    """Below the threshold, or with processes switched off, no child is started."""
    settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = None
    assert not offload.round_process_check(offload.PROCESS_MIN_ENTRIES - 1)
    assert offload.round_process_check(offload.PROCESS_MIN_ENTRIES)
    settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = -1
    assert not offload.round_process_check(10_000)


def test_a_format_error_from_the_child_reads_as_before(club, director, settings):
    """Too few players for a rotation: the child's FormatError becomes the same
    DomainError (code, field, message) the in-thread search gives."""
    tournament = services.tournament_create(
        club=club, name="Small", game="skruuvi", format="partner_rotation", by=director
    )
    services.entries_add(tournament=tournament, names="Aino\nBertta", by=director)
    stage = tournament.stages.get()
    settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = -1
    with pytest.raises(DomainError) as here:
        services.round_generate(stage=stage, by=director)
    settings.KIRJURI_GENERATE_PROCESS_MIN_ENTRIES = 0
    with pytest.raises(DomainError) as there:
        services.round_generate(stage=stage, by=director)
    assert (there.value.code, there.value.path, there.value.message) == (
        here.value.code,
        here.value.path,
        here.value.message,
    )
