"""Rounds: generate (through the stage's format), adjust seats, start (one
score-book match per table), lock and unlock."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.translation import localized
from games.engine.serialize import to_jsonable
from games.engine.text import msg
from scoring import services as scoring_services
from scoring.errors import Conflict, DomainError, NotFound
from scoring.models import MatchStatus, Player
from tournaments import permissions
from tournaments.formats.base import FormatError
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.explain import explain_round
from tournaments.formats.registry import get_format
from tournaments.models import (
    Entry,
    EntryMember,
    GenerationStatus,
    Round,
    RoundGeneration,
    RoundStatus,
    Stage,
    Table,
    TableSide,
    Tournament,
    TournamentStatus,
)
from tournaments.ranking import RankingError
from tournaments.services._common import require, require_open, tournament_lock
from tournaments.services.generation import _generate, stage_inputs_stamp_compute
from tournaments.services.stages import _stage_field
from tournaments.services.standings import standings_request
from tournaments.texts import messages_i18n, reason_stored

# -- rounds --------------------------------------------------------------------------


# Computing a round again after its inputs changed meanwhile: a few tries, then a 409.
GENERATE_ATTEMPTS = 3


@dataclass(frozen=True)
class _Plan:
    """A round computed outside the write lock, and what it was computed from."""

    stamp: str
    number: int
    field: list[int]
    generated: FormatRound


def round_generate(*, stage: Stage, by: AbstractBaseUser) -> Round:
    """Generate the stage's next round with the stage's format, and store it.

    The format computes the round outside any transaction (a search may take
    seconds, and a write transaction would hold every other writer back for as
    long); the round is stored in a short transaction that first checks the inputs
    are those it was computed from (:func:`stage_inputs_stamp_compute`), and
    computes again if not. This answers within the caller's request; a director's
    page and the API ask for a job instead (:mod:`.generations`), which runs this
    same path in a task.
    """
    return _round_generate(stage, by, job=None)


def _round_generate(
    stage: Stage, by: AbstractBaseUser, job: RoundGeneration | None
) -> Round:
    """:func:`round_generate`; with ``job``, the round is stored and the job marked
    done in one transaction (a run that finds the job done returns its round)."""
    for _attempt in range(GENERATE_ATTEMPTS):
        plan = _round_plan(stage, by)
        if job is not None and plan.number != job.number:
            raise Conflict(
                "generated_meanwhile",
                gettext("round %(number)s was generated meanwhile")
                % {"number": job.number},
                "stage",
            )
        round_ = _round_apply(stage, by, plan, job)
        if round_ is not None:
            return round_
    raise Conflict(
        "inputs_changed",
        gettext(
            "the tournament changed while round %(number)s was being generated; "
            "generate it again"
        )
        % {"number": plan.number},
        "stage",
    )


def _round_plan(stage: Stage, by: AbstractBaseUser) -> _Plan:
    """The read phase and the format's search: no transaction, no write lock."""
    try:
        tournament = Tournament.objects.select_related("club").get(
            pk=stage.tournament_id
        )
        stage = Stage.objects.get(pk=stage.pk)
    except (Tournament.DoesNotExist, Stage.DoesNotExist):
        raise NotFound("not_found", gettext("no such stage")) from None
    stage.tournament = tournament
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    require_open(tournament)
    # Taken before anything the format reads: a change after it shows in the
    # stamp compared under the lock.
    stamp = stage_inputs_stamp_compute(stage)
    number = _next_number(stage)
    field = list(stage.entry_ids) or _stage_field(stage)
    stage.entry_ids = field
    try:
        generated = _generate(stage, number)
    except (FormatError, RankingError) as error:
        raise DomainError(
            error.code, localized(error.message), error.path or "stage"
        ) from None
    return _Plan(stamp=stamp, number=number, field=field, generated=generated)


@transaction.atomic
def _round_apply(
    stage: Stage, by: AbstractBaseUser, plan: _Plan, job: RoundGeneration | None
) -> Round | None:
    """Store ``plan`` if its inputs are unchanged (``None``: compute again), and
    mark ``job`` done with it."""
    if job is not None:
        # Locked first: two runs of one job store one round.
        locked = RoundGeneration.objects.select_for_update().get(pk=job.pk)
        if locked.status == GenerationStatus.DONE and locked.round_id:
            return Round.objects.get(pk=locked.round_id)
    tournament = tournament_lock(stage.tournament)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    stage.tournament = tournament
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    require_open(tournament)
    if stage_inputs_stamp_compute(stage) != plan.stamp:
        return None
    if not stage.entry_ids:
        stage.entry_ids = plan.field
        stage.save(update_fields=["entry_ids"])
    round_ = _store_round(stage, plan.generated)
    if tournament.status == TournamentStatus.OPEN:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status"])
    if job is not None:
        RoundGeneration.objects.filter(pk=job.pk).update(
            status=GenerationStatus.DONE, round=round_, finished_at=timezone.now()
        )
    return round_


def _next_number(stage: Stage) -> int:
    """The number of the stage's next round (a 409 while the last one is open)."""
    last = stage.rounds.order_by("-number").first()
    if last is not None and last.status not in (
        RoundStatus.LOCKED,
        RoundStatus.FINISHED,
    ):
        raise Conflict(
            "round_open",
            gettext("lock round %(number)s before generating the next one")
            % {"number": last.number},
        )
    return (last.number if last else 0) + 1


@transaction.atomic
def round_adjust(
    *, round: Round, swaps: Sequence[tuple[int, int]], by: AbstractBaseUser
) -> Round:
    """Swap seats of pairs of entries (entry ids) in a round not yet started.

    Either entry may be seated or have the bye; the swap is noted on the tables.
    """
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    tournament = round_.stage.tournament
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    if round_.status != RoundStatus.GENERATED:
        raise Conflict(
            "round_started", gettext("only a generated round can be adjusted")
        )
    fixed = get_format(round_.stage.format).fixed_seating
    if fixed is not None:
        code, why = fixed
        raise DomainError(code, localized(why), "swaps")
    seats = {s.entry_id: s for s in TableSide.objects.filter(table__round=round_)}
    explanation = dict(round_.explanation or {})
    byes = [dict(b) for b in explanation.get("byes", [])]
    bye_of = {b["entry"]: b for b in byes}
    for index, (a, b) in enumerate(swaps):
        a, b = int(a), int(b)
        if a == b or a not in seats | bye_of or b not in seats | bye_of:
            raise DomainError(
                "not_in_round",
                gettext("both entries must be in this round"),
                f"swaps.{index}",
            )
        note = reason_stored(
            {
                "code": "director_swap",
                "text": msg(
                    "Seats of entries {a} and {b} swapped by the director", a=a, b=b
                ),
                "entries": [a, b],
                "data": {},
            }
        )
        seat_a, seat_b = seats.get(a), seats.get(b)
        if seat_a and seat_b:
            tables = {seat_a.table_id, seat_b.table_id}
            # Delete and re-create, so the (table, entry) constraint never sees a
            # duplicate when both sit at the same table.
            TableSide.objects.filter(pk__in=[seat_a.pk, seat_b.pk]).delete()
            seat_a.pk = seat_b.pk = None
            seat_a.entry_id, seat_b.entry_id = b, a
            TableSide.objects.bulk_create([seat_a, seat_b])
            seats[b], seats[a] = seat_a, seat_b
        else:
            seat, bye = (seat_a, bye_of[b]) if seat_a else (seat_b, bye_of[a])
            seated, resting = (a, b) if seat_a else (b, a)
            TableSide.objects.filter(pk=seat.pk).update(entry_id=resting)
            bye["entry"] = seated
            seats[resting] = seat
            del seats[seated]
            bye_of = {x["entry"]: x for x in byes}
            tables = {seat.table_id}
        for table in Table.objects.filter(pk__in=tables):
            table.reasons = [*table.reasons, note]
            table.lineup = _lineup(table)
            table.save(update_fields=["reasons", "lineup"])
    explanation["byes"] = byes
    explanation.setdefault("adjustments", []).extend([list(s) for s in swaps])
    round_.explanation = explanation
    round_.save(update_fields=["explanation"])
    return round_


@transaction.atomic
def round_start(*, round: Round, by: AbstractBaseUser) -> Round:
    """Start the round: one score-book match per table, its players as scorers."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    tournament = round_.stage.tournament
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    require_open(tournament)
    if round_.status != RoundStatus.GENERATED:
        raise Conflict("round_started", gettext("the round has already started"))
    lineups: dict[int, list[Player]] = {}
    for member in (
        EntryMember.objects.filter(entry__tournament=tournament)
        .order_by("entry_id", "position")
        .select_related("player")
    ):
        lineups.setdefault(member.entry_id, []).append(member.player)
    tables = list(round_.tables.prefetch_related("sides").order_by("number"))
    new_matches = []
    for table in tables:
        seats = _seats(table, _table_lineups(table, lineups))
        options = tournament.options
        if table.deal_ids:
            # Duplicate: the match is this table's boards, named as at every table.
            options = {**options, "boards": list(table.deal_ids)}
        new_matches.append(
            scoring_services.NewMatch(
                seats=seats,
                options=options,
                scorers=[player for player, _side in seats],
            )
        )
    matches = scoring_services.matches_start(
        club=tournament.club,
        game=tournament.game,
        matches=new_matches,
        is_public=tournament.is_published,
        by=by,
    )
    for table, match in zip(tables, matches, strict=True):
        table.match = match
    Table.objects.bulk_update(tables, ["match"])
    round_.status = RoundStatus.STARTED
    round_.started_at = timezone.now()
    round_.save(update_fields=["status", "started_at"])
    standings_request(tournament_id=tournament.pk)
    return round_


@transaction.atomic
def round_lock(*, round: Round, by: AbstractBaseUser) -> Round:
    """Lock a started round whose matches are all finished or abandoned."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    require(
        permissions.may_direct(by, round_.stage.tournament), gettext("only a director")
    )
    if round_.status != RoundStatus.STARTED:
        raise Conflict("not_started", gettext("only a started round can be locked"))
    playing = round_.tables.filter(match__status=MatchStatus.IN_PROGRESS)
    if playing.exists():
        numbers = ", ".join(str(n) for n in playing.values_list("number", flat=True))
        raise Conflict(
            "tables_playing",
            gettext("tables still playing: %(numbers)s") % {"numbers": numbers},
        )
    round_.status = RoundStatus.LOCKED
    round_.save(update_fields=["status"])
    return round_


@transaction.atomic
def round_unlock(*, round: Round, by: AbstractBaseUser) -> Round:
    """Unlock the stage's latest round (no later round may exist)."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    tournament = round_.stage.tournament
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    require_open(tournament)
    if round_.status != RoundStatus.LOCKED:
        raise Conflict("not_locked", gettext("the round is not locked"))
    if round_.stage.rounds.filter(number__gt=round_.number).exists():
        raise Conflict(
            "later_round", gettext("a later round has been generated already")
        )
    round_.status = RoundStatus.STARTED
    round_.save(update_fields=["status"])
    return round_


def _table_lineups(
    table: Table, lineups: Mapping[int, list[Player]]
) -> Mapping[int, list[Player]]:
    """The players each entry seats at ``table``: a duplicate table seats one pair
    of each team (its reason's ``pairs``: 0 = players 1 and 2, 1 = players 3 and 4);
    every other table the whole line-up."""
    pairs = next(
        (
            r["data"]["pairs"]
            for r in table.reasons
            if r.get("code") == "duplicate" and "pairs" in r.get("data", {})
        ),
        None,
    )
    if pairs is None:
        return lineups
    entries = {seat.side: seat.entry_id for seat in table.sides.all()}
    seated = dict(lineups)
    for side, pair in enumerate(pairs):
        entry = entries[side]
        seated[entry] = lineups[entry][2 * pair : 2 * pair + 2]
    return seated


def _reasons(reasons: Iterable[Any]) -> list[dict[str, Any]]:
    return [
        reason_stored(
            {
                "code": str(r.code),
                "text": r.text,
                "entries": to_jsonable(list(r.entries)),
                "data": to_jsonable(dict(r.data)),
            }
        )
        for r in reasons
    ]


def _store_round(stage: Stage, generated: FormatRound) -> Round:
    scoring_bye = get_format(stage.format).scoring_byes
    names = dict(
        Entry.objects.filter(tournament_id=stage.tournament_id).values_list(
            "pk", "name"
        )
    )
    round_ = Round.objects.create(
        stage=stage,
        number=generated.number,
        explanation={
            # English as before; the templates of those with values beside them
            # (``i18n``), so that pages show them in the reader's language.
            "messages": [str(m) for m in generated.messages],
            "i18n": messages_i18n(generated.messages),
            "byes": [
                {
                    "entry": bye.entry,
                    "scores": scoring_bye
                    and not any(r.code == "sit_out" for r in bye.reasons),
                    "reasons": _reasons(bye.reasons),
                }
                for bye in generated.byes
            ],
            "text": explain_round(
                generated, label=lambda entry: names.get(entry, str(entry))
            ),
        },
    )
    tables = Table.objects.bulk_create(
        Table(
            round=round_,
            number=t.number,
            reasons=_reasons(t.reasons),
            deal_ids=list(t.deals),
            lineup=[list(side) for side in t.sides],
        )
        for t in generated.tables
    )
    TableSide.objects.bulk_create(
        TableSide(table=table, side=s, slot=slot, entry_id=entry)
        for table, planned in zip(tables, generated.tables, strict=True)
        for s, side in enumerate(planned.sides)
        for slot, entry in enumerate(side)
    )
    return round_


def _lineup(table: Table) -> list[list[int]]:
    """The table's entries per side, in slot order, from its TableSides."""
    sides: dict[int, list[int]] = {}
    for side, entry in table.sides.order_by("side", "slot").values_list(
        "side", "entry_id"
    ):
        sides.setdefault(side, []).append(entry)
    return [sides.get(s, []) for s in range(max(sides, default=-1) + 1)]


def _seats(
    table: Table, lineups: Mapping[int, list[Player]]
) -> list[tuple[Player, int]]:
    """Seats clockwise: the sides' players alternate (A1, B1, A2, B2 …)."""
    sides: dict[int, list[Player]] = {}
    for seat in table.sides.all():
        sides.setdefault(seat.side, []).extend(lineups[seat.entry_id])
    ordered = [sides[s] for s in sorted(sides)]
    seats = []
    for i in range(max(len(players) for players in ordered)):
        for side, players in enumerate(ordered):
            if i < len(players):
                seats.append((players[i], side))
    return seats
