"""Cheap builders for long matches: deals stored in bulk and folded once, as an
engine upgrade would re-fold them (the services' own path, just not per deal)."""

from __future__ import annotations

from scoring import services
from scoring.models import Deal, Match
from tests.scoring.factories import race_match


def with_deals(match: Match, count: int, by, last=(0, 0)) -> Match:
    """``match`` with ``count`` deals stored in bulk and folded once: scoreless,
    but for the last, which scores ``last`` (``(100, 0)`` decides the match)."""
    Deal.objects.bulk_create(
        Deal(
            match=match,
            number=n,
            input={"points": list(last if n == count else (0, 0))},
            entered_by=by,
        )
        for n in range(1, count + 1)
    )
    services.match_refold(match=match)
    match.refresh_from_db()
    return match


def race(club, by, players, deals: int = 0, last=(0, 0), **kwargs) -> Match:
    """A match of the test game with ``deals`` deals already entered (see
    ``with_deals``)."""
    match = race_match(club, by, players, **kwargs)
    return with_deals(match, deals, by, last) if deals else match


#: A Sleazy deal entered as totals; four of them decide a match.
SLEAZY = {"mode": "totals", "points": [100, 25]}


def with_inputs(match: Match, inputs: list, by) -> Match:
    """``match`` with ``inputs`` stored in bulk as its deals and folded once."""
    Deal.objects.bulk_create(
        Deal(match=match, number=n, input=raw, entered_by=by)
        for n, raw in enumerate(inputs, start=1)
    )
    services.match_refold(match=match)
    match.refresh_from_db()
    return match


def tournament(
    club, director, *, entries: int, rounds: int, planned: int = 0, fmt: str = "swiss"
):
    """A published Sleazy tournament of ``entries`` with ``rounds`` rounds played
    (every table decided in four deals, finished, the round locked) and its
    standings computed; an entry fee of 10 EUR and a payout to the top three. A
    Swiss has ``planned`` rounds (default: ``rounds``)."""
    from money import services as money_services
    from tournaments import services as t_services
    from tournaments import tasks as t_tasks

    settings = {"rounds": planned or rounds} if fmt == "swiss" else {}
    event = t_services.tournament_create(
        club=club,
        name=f"Open {entries}",
        game="sleazy",
        format=fmt,
        stage_settings=settings,
        entry_fee="10",
        entry_fee_currency="EUR",
        by=director,
    )
    names = "\n".join(f"Entry {i:03}" for i in range(1, entries + 1))
    t_services.entries_add(tournament=event, names=names, by=director)
    t_services.tournament_publish(tournament=event, by=director)
    money_services.tournament_prize_terms_set(
        tournament=event,
        structure={"kind": "percentages", "percentages": ["50", "30", "20"]},
        house_fee=None,
        by=director,
    )
    stage = event.stages.get()
    for _ in range(rounds):
        round_ = t_services.round_generate(stage=stage, by=director)
        round_ = t_services.round_start(round=round_, by=director)
        for table in round_.tables.select_related("match"):
            match = with_inputs(table.match, [SLEAZY] * 4, director)
            services.match_finish(match=match, by=director)
        t_services.round_lock(round=round_, by=director)
    t_tasks.standings_reconcile()
    event.refresh_from_db()
    return event
