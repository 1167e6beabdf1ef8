"""A big published Swiss built quickly, for the tests of the live pages at a
championship's size and for ``bench/championship.py``.

The tournament, its rounds and their matches go through the services (the real
Swiss pairer, its explanation, ``round_start``'s score-book matches); only what
would cost a request per row is written in bulk: the players, their memberships
and entries, and the finished tables' deals and folds, copied from one table
played through the services (every table of a round ends 400 – 100, the winner
alternating between the first and the second side from table to table).
"""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib.auth import get_user_model

from scoring import services as scoring_services
from scoring.models import Deal, Match, Membership, Player, Role
from tournaments import services
from tournaments.models import Entry, EntryMember, Round

#: One Sleazy deal as totals: the first side takes 100, the second 25.
DEAL = {"mode": "totals", "points": [100, 25]}
#: The fields of a finished match's fold, copied from the one played table.
_FOLD = (
    "status",
    "totals",
    "leaders",
    "winners",
    "finished",
    "next_deal",
    "state",
    "version",
    "ended_at",
    "end_reason",
)


def championship_build(
    *,
    entries: int,
    played: int,
    playing: bool = True,
    planned: int = 0,
    director: str = "director",
) -> SimpleNamespace:
    """A published Sleazy Swiss of ``entries`` with ``played`` rounds finished and
    locked and, with ``playing``, the next round started (its tables empty); its
    standings computed. ``planned`` rounds in all (default: enough for both)."""
    user = get_user_model().objects.create_user(director, password="pw")
    club = scoring_services.club_create(name=f"Club {director}", by=user)
    event = services.tournament_create(
        club=club,
        name=f"Championship {entries}",
        game="sleazy",
        format="swiss",
        stage_settings={"rounds": planned or played + 1},
        by=user,
    )
    _entries_bulk(event, club, entries)
    services.tournament_publish(tournament=event, by=user)
    stage = event.stages.get()
    for _ in range(played):
        round_ = services.round_generate(stage=stage, by=user)
        round_ = services.round_start(round=round_, by=user)
        _round_finish_bulk(round_, user)
        services.round_lock(round=round_, by=user)
    current = None
    if playing:
        current = services.round_generate(stage=stage, by=user)
        current = services.round_start(round=current, by=user)
    generation = services.standings_bump(tournament_id=event.pk)
    services.standings_recompute(tournament_id=event.pk, generation=generation)
    event.refresh_from_db()
    return SimpleNamespace(
        director=user, club=club, event=event, stage=stage, round=current
    )


def _entries_bulk(event, club, count: int) -> None:
    players = Player.objects.bulk_create(
        Player(display_name=f"Player {i:04}") for i in range(1, count + 1)
    )
    Membership.objects.bulk_create(
        Membership(club=club, player=p, role=Role.MEMBER) for p in players
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=event, name=p.display_name, seed=i)
        for i, p in enumerate(players, start=1)
    )
    EntryMember.objects.bulk_create(
        EntryMember(entry=e, player=p) for e, p in zip(entries, players, strict=True)
    )


def _round_finish_bulk(round_: Round, by) -> None:
    """Every table of the started ``round_`` finished 400 – 100: the first played
    through the services, the others given its deals and fold in bulk."""
    matches = list(
        Match.objects.filter(tournament_table__round=round_).order_by(
            "tournament_table__number"
        )
    )
    first = matches[0]
    for number in range(1, 5):
        scoring_services.deal_submit(match=first, number=number, input=DEAL, by=by)
    first = Match.objects.get(pk=first.pk)
    if first.is_open:
        first = scoring_services.match_finish(match=first, by=by)
    deals = list(first.deals.order_by("number"))
    flipped = {
        "totals": list(reversed(first.totals)),
        "leaders": [1 - s for s in first.leaders],
        "winners": [1 - s for s in first.winners],
    }
    rest = matches[1:]
    for index, match in enumerate(rest, start=1):
        for field in _FOLD:
            setattr(match, field, getattr(first, field))
        if index % 2:
            for field, value in flipped.items():
                setattr(match, field, value)
    Match.objects.bulk_update(rest, _FOLD, batch_size=500)
    Deal.objects.bulk_create(
        (
            Deal(
                match=match,
                number=deal.number,
                input=deal.input,
                result=deal.result,
                totals=deal.totals,
                status=deal.status,
                entered_by=by,
            )
            for match in rest
            for deal in deals
        ),
        batch_size=500,
    )
