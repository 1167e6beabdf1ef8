"""The tournaments' writers: events, entries, rounds, and the standings snapshot.

Every function is keyword-only, typed and one transaction, takes the acting user as
``by`` and checks :mod:`tournaments.permissions` itself. Invariants:

* **The pure core decides, the services store.** ``round_generate`` loads the stage's
  field and history from the database, calls the stage's format in
  :mod:`tournaments.formats` (no database access there) and stores its tables, sides
  and reasons. A :class:`~tournaments.formats.base.FormatError` becomes a 400.
* **Every table is a score-book match.** ``round_start`` creates one through
  :func:`scoring.services.start_match` per table; results are the matches' results
  and are corrected through the score book (:func:`table_deal_correct`).
* **Standings are computed, never typed.** A recompute request increments
  ``tournament.standings_generation`` and carries the new number;
  :func:`standings_recompute` computes from the stored results and writes the snapshot
  with one compare-and-set UPDATE (``WHERE generation < mine``): it is idempotent, and
  a stale run can never overwrite a newer one. Result changes reach us through
  ``settings.KIRJURI_RESULT_CHANGED_TASKS`` (``tournaments.match_result_changed``);
  :func:`standings_reconcile` catches anything missed (the periodic beat task).
  Requests run ``KIRJURI_STANDINGS_DEBOUNCE_SECONDS`` late and an overtaken one skips,
  so a burst of results costs one recompute; an overtaken run computes anyway once
  the snapshot has lacked a result for ``KIRJURI_STANDINGS_MAX_WAIT_SECONDS``.
* A round is generated only when the stage's previous round is locked; a round is
  adjusted only while generated, and locked only when all its matches are over.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Any

from django.conf import settings as django_settings
from django.db import transaction
from django.db.models import Count, F, Max
from django.utils import timezone

from games.engine import SetupRejected, UnknownGame, get_game
from games.engine import Table as GameTable
from games.engine.serialize import to_jsonable
from scoring import services as scoring_services
from scoring.errors import Conflict, DomainError, NotAllowed, NotFound
from scoring.models import Deal, Match, MatchStatus, Player
from tournaments import permissions, prizes, selectors
from tournaments.formats.base import FormatError
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.duplicate import TEAM_SIZE, duplicate_for_eight_teams
from tournaments.formats.explain import explain_round
from tournaments.formats.groups import (
    Placed,
    best_placed,
    group_stage_rounds,
    groups_round,
    playoff_seeds,
)
from tournaments.formats.knockout import BracketState, ready_round
from tournaments.formats.multi_table import multi_table_round
from tournaments.formats.partner_rotation import partner_rotation
from tournaments.formats.round_robin import round_robin
from tournaments.formats.swiss import (
    SwissConfig,
    pair_swiss_round,
    recommended_swiss_rounds,
    swiss_history,
)
from tournaments.models import (
    Entry,
    EntryMember,
    Round,
    RoundStatus,
    Stage,
    StageFormat,
    Standings,
    Table,
    TableSide,
    Tournament,
    TournamentStatus,
    Visibility,
)
from tournaments.ranking import RankingError, get_metric

logger = logging.getLogger(__name__)

_CURRENCY = re.compile(r"^[A-Z]{3}$")
# A pasted line "Team name: Ann & Bob" or "Ann & Bob" or "Ann".
_TEAM_SPLIT = re.compile(r"\s*(?:&|\+|/|,)\s*")


# -- tournaments ---------------------------------------------------------------------


@transaction.atomic
def tournament_create(
    *,
    club: Any,
    name: str,
    game: str,
    options: Mapping[str, Any] | None = None,
    format: str = StageFormat.SWISS,
    stage_settings: Mapping[str, Any] | None = None,
    tiebreaks: Sequence[str] | None = None,
    points: Mapping[str, Any] | None = None,
    entry_fee: Decimal | str | None = None,
    entry_fee_currency: str = "",
    visibility: str = Visibility.DRAFT,
    by: Any,
) -> Tournament:
    """A new tournament of ``game`` in ``club`` with one stage of ``format``.

    ``by`` (a club admin or scorer) becomes its director.
    """
    _require(permissions.may_create(by, club), "only a club admin or scorer may")
    name = name.strip()
    if not name:
        raise DomainError("required", "a tournament needs a name", "name")
    try:
        engine = get_game(game)
    except UnknownGame:
        raise DomainError("unknown_game", f"no game {game!r}", "game") from None
    parsed = engine.parse_options(dict(options or {}))
    fee, currency = _fee(entry_fee, entry_fee_currency)
    tournament = Tournament.objects.create(
        club=club,
        name=name[:120],
        game=engine.slug,
        options=parsed.model_dump(mode="json"),
        visibility=Visibility(visibility),
        tiebreaks=_tiebreaks(
            tiebreaks if tiebreaks is not None else _DEFAULT_TIEBREAKS.get(format)
        ),
        points=_points(points),
        entry_fee=fee,
        entry_fee_currency=currency,
        created_by=by,
    )
    tournament.directors.add(by)
    _stage_create(tournament, format, stage_settings or {}, order=1, name="")
    Standings.objects.create(tournament=tournament)
    return tournament


@transaction.atomic
def tournament_update(
    *,
    tournament: Tournament,
    name: str | None = None,
    tiebreaks: Sequence[str] | None = None,
    points: Mapping[str, Any] | None = None,
    visibility: str | None = None,
    by: Any,
) -> Tournament:
    """Rename, reorder tie-breaks, change match points or publish/unpublish."""
    tournament = _lock(tournament)
    _require(permissions.may_direct(by, tournament), "only a director may")
    fields = []
    if name is not None:
        if not name.strip():
            raise DomainError("required", "a tournament needs a name", "name")
        tournament.name = name.strip()[:120]
        fields.append("name")
    if tiebreaks is not None:
        tournament.tiebreaks = _tiebreaks(tiebreaks)
        fields.append("tiebreaks")
    if points is not None:
        tournament.points = _points(points)
        fields.append("points")
    if visibility is not None:
        tournament.visibility = Visibility(visibility)
        fields.append("visibility")
    if fields:
        tournament.save(update_fields=fields)
    if tiebreaks is not None or points is not None:
        standings_request(tournament_id=tournament.pk)
    return tournament


def tournament_publish(
    *, tournament: Tournament, published: bool = True, by: Any
) -> Tournament:
    visibility = Visibility.PUBLISHED if published else Visibility.DRAFT
    return tournament_update(tournament=tournament, visibility=visibility, by=by)


@transaction.atomic
def director_add(*, tournament: Tournament, user: Any, by: Any) -> None:
    """Add a co-director; they must be an admin or scorer of the club."""
    _require(permissions.may_direct(by, tournament), "only a director may")
    if not permissions.may_create(user, tournament.club_id):
        raise DomainError(
            "not_club_scorer", "a director is an admin or scorer of the club", "user"
        )
    tournament.directors.add(user)


@transaction.atomic
def stage_add(
    *,
    tournament: Tournament,
    format: str,
    settings: Mapping[str, Any] | None = None,
    name: str = "",
    source_stage: Stage | None = None,
    source_top_n: int | None = None,
    by: Any,
) -> Stage:
    """A later stage; with ``source_stage`` it takes that stage's top N."""
    _require(permissions.may_direct(by, tournament), "only a director may")
    _require_open(tournament)
    order = (tournament.stages.aggregate(m=Max("order"))["m"] or 0) + 1
    if source_stage is not None and source_stage.tournament_id != tournament.pk:
        raise DomainError("not_found", "no such stage", "source_stage")
    if (source_stage is None) != (source_top_n is None):
        raise DomainError(
            "invalid", "give both the source stage and the top N", "source_top_n"
        )
    stage = _stage_create(tournament, format, settings or {}, order=order, name=name)
    _check_source(stage, source_stage, source_top_n)
    if source_stage is not None:
        stage.source_stage = source_stage
        stage.source_top_n = int(source_top_n)
        stage.save(update_fields=["source_stage", "source_top_n"])
    return stage


@transaction.atomic
def tournament_close(*, tournament: Tournament, by: Any) -> Tournament:
    """End the tournament: every round must be locked; standings are final."""
    tournament = _lock(tournament)
    _require(permissions.may_direct(by, tournament), "only a director may")
    _require_open(tournament)
    open_rounds = Round.objects.filter(stage__tournament=tournament).exclude(
        status__in=[RoundStatus.LOCKED, RoundStatus.FINISHED]
    )
    if open_rounds.exists():
        raise Conflict("rounds_open", "lock every round before closing the tournament")
    Round.objects.filter(stage__tournament=tournament).update(
        status=RoundStatus.FINISHED
    )
    tournament.status = TournamentStatus.CLOSED
    tournament.closed_at = timezone.now()
    tournament.save(update_fields=["status", "closed_at"])
    standings_request(tournament_id=tournament.pk)
    return tournament


# -- entries -------------------------------------------------------------------------


@transaction.atomic
def entries_add(
    *, tournament: Tournament, names: str | Iterable[str], by: Any
) -> list[Entry]:
    """Add entries from pasted lines, one entry a line.

    A line is a player's name, or a fixed team: ``Ann & Bob`` (also ``+``, ``/`` or
    ``,``), optionally named: ``The Aces: Ann & Bob``. A name that matches a player
    of the club (case-insensitively) is that player; others become new players of the
    club (which takes a club admin).
    """
    tournament = _lock(tournament)
    _require(permissions.may_direct(by, tournament), "only a director may")
    _require_open(tournament)
    lines = names.splitlines() if isinstance(names, str) else list(names)
    club = tournament.club
    known = {
        p.display_name.casefold(): p
        for p in Player.objects.filter(memberships__club=club).order_by("-id")
    }
    taken = {
        pid
        for pid in EntryMember.objects.filter(
            entry__tournament=tournament, entry__withdrawn_at=None
        ).values_list("player_id", flat=True)
    }
    seed = (tournament.entries.aggregate(m=Max("seed"))["m"] or 0) + 1
    created = []
    for index, raw in enumerate(lines):
        line = raw.strip()
        if not line:
            continue
        label, _, people = line.rpartition(":") if ":" in line else ("", "", line)
        member_names = [n.strip() for n in _TEAM_SPLIT.split(people) if n.strip()]
        if not member_names:
            raise DomainError("required", "a line needs a name", f"names.{index}")
        players = []
        for name in member_names:
            player = known.get(name.casefold())
            if player is None:
                player = scoring_services.player_create(
                    club=club, display_name=name, by=by
                )
                known[name.casefold()] = player
            if player.pk in taken:
                raise DomainError(
                    "already_entered",
                    f"{player.display_name} already plays in this tournament",
                    f"names.{index}",
                )
            taken.add(player.pk)
            players.append(player)
        entry = Entry.objects.create(
            tournament=tournament,
            name=(label.strip() or " & ".join(p.display_name for p in players))[:120],
            seed=seed,
        )
        EntryMember.objects.bulk_create(
            EntryMember(entry=entry, player=p, position=i)
            for i, p in enumerate(players)
        )
        seed += 1
        created.append(entry)
    return created


@transaction.atomic
def entry_withdraw(*, entry: Entry, reason: str = "", by: Any) -> Entry:
    """Withdraw an entry: it is not paired again; its results stay."""
    tournament = _lock(entry.tournament)
    _require(permissions.may_direct(by, tournament), "only a director may")
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.withdrawn_at is not None:
        raise Conflict("withdrawn", "the entry has already withdrawn")
    entry.withdrawn_at = timezone.now()
    entry.withdrawn_reason = (reason or "").strip()
    entry.save(update_fields=["withdrawn_at", "withdrawn_reason"])
    _knockout_withdraw(tournament, entry, by)
    standings_request(tournament_id=tournament.pk)
    return entry


def _knockout_withdraw(tournament: Tournament, entry: Entry, by: Any) -> None:
    """In a knockout the withdrawn entry forfeits what it has not finished (see
    :mod:`tournaments.formats.knockout`): its table in a round not yet started is
    removed (and the round, if that was its only table); its match in progress is
    abandoned through the score book; the walkover is noted on the stage's latest
    round. A result already decided stands."""
    names = _entry_names(tournament.pk)
    for stage in tournament.stages.filter(format=StageFormat.KNOCKOUT):
        latest = stage.rounds.order_by("-number").first()
        if latest is None or entry.pk not in (stage.entry_ids or ()):
            continue
        stage.tournament = tournament
        notes = []
        abandoned = None
        seat = (
            TableSide.objects.filter(table__round=latest, entry=entry)
            .select_related("table__match")
            .first()
        )
        table = seat.table if seat is not None else None
        if table is not None and latest.status == RoundStatus.GENERATED:
            table.delete()
            notes.append(f"table {table.number} of round {latest.number} removed")
            if not latest.tables.exists():
                latest.delete()
                latest = stage.rounds.order_by("-number").first()
        elif (
            table is not None
            and table.match is not None
            and table.match.status == MatchStatus.IN_PROGRESS
        ):
            scoring_services.abandon_match(
                match=table.match, reason=f"{entry.name} withdrew", by=by
            )
            abandoned = table.match_id
            notes.append(f"its game at table {table.number} abandoned")
            table.reasons = [
                *table.reasons,
                {
                    "code": "walkover",
                    "text": f"{entry.name} withdrew: the game is abandoned",
                    "entries": [entry.pk],
                    "data": {"withdrawn": [entry.pk]},
                },
            ]
            table.save(update_fields=["reasons"])
        try:
            _bracket, state, _series = selectors.stage_knockout(stage)
        except FormatError:
            continue  # results the director must fix first; the bracket says so
        walkovers = _walkovers_of(entry, state, names)
        if latest is None or not walkovers:
            continue
        because = f" ({entry.withdrawn_reason})" if entry.withdrawn_reason else ""
        done = f"; {', '.join(notes)}" if notes else ""
        explanation = dict(latest.explanation or {})
        for index, walkover in enumerate(walkovers):
            walkover["text"] = (
                f"{walkover['match']}: {entry.name} withdrew{because}; "
                f"{walkover['text']}{done if index == 0 else ''}"
            )
            walkover["abandoned_match"] = abandoned
        explanation["walkovers"] = [*explanation.get("walkovers", ()), *walkovers]
        texts = [w["text"] for w in walkovers]
        explanation["messages"] = [*explanation.get("messages", ()), *texts]
        explanation["text"] = "\n".join(
            [explanation.get("text", ""), *(f"  note: {t}" for t in texts)]
        ).lstrip("\n")
        latest.explanation = explanation
        latest.save(update_fields=["explanation"])


def _walkovers_of(
    entry: Entry, state: BracketState, names: Mapping[int, str]
) -> list[dict[str, Any]]:
    """The bracket matches ``entry`` now forfeits, and the one it will forfeit once
    its opponent is known, as records for the round explanation."""
    found = []
    pending = None
    for match_id, match in state.matches.items():
        if entry.pk in match.withdrawn:
            others = [e for e in match.entrants if e != entry.pk]
            advanced = match.winner if match.winner in others else None
            found.append(
                {
                    "match": match_id,
                    "withdrawn": entry.pk,
                    "advanced": advanced,
                    "text": (
                        f"{names.get(advanced, advanced)} advances without a game "
                        "(walkover)"
                        if advanced is not None
                        else "its opponent has withdrawn too: nobody advances"
                    ),
                }
            )
        elif (
            entry.pk in match.entrants and match.winner is None and not match.not_needed
        ):
            pending = match_id
    if pending is not None:
        found.append(
            {
                "match": pending,
                "withdrawn": entry.pk,
                "advanced": None,
                "text": "whoever meets them there advances without a game (walkover)",
            }
        )
    return found


# -- rounds --------------------------------------------------------------------------


@transaction.atomic
def round_generate(*, stage: Stage, by: Any) -> Round:
    """Generate the stage's next round with the stage's format, and store it."""
    tournament = _lock(stage.tournament)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    stage.tournament = tournament
    _require(permissions.may_direct(by, tournament), "only a director may")
    _require_open(tournament)
    last = stage.rounds.order_by("-number").first()
    if last is not None and last.status not in (
        RoundStatus.LOCKED,
        RoundStatus.FINISHED,
    ):
        raise Conflict(
            "round_open", f"lock round {last.number} before generating the next one"
        )
    number = (last.number if last else 0) + 1
    if not stage.entry_ids:
        stage.entry_ids = _stage_field(stage)
        stage.save(update_fields=["entry_ids"])
    try:
        generated = _generate(stage, number)
    except (FormatError, RankingError) as error:
        raise DomainError(error.code, error.message, error.path or "stage") from None
    round_ = _store_round(stage, generated)
    if tournament.status == TournamentStatus.OPEN:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status"])
    return round_


@transaction.atomic
def round_adjust(*, round: Round, swaps: Sequence[tuple[int, int]], by: Any) -> Round:
    """Swap seats of pairs of entries (entry ids) in a round not yet started.

    Either entry may be seated or have the bye; the swap is noted on the tables.
    """
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    tournament = round_.stage.tournament
    _require(permissions.may_direct(by, tournament), "only a director may")
    if round_.status != RoundStatus.GENERATED:
        raise Conflict("round_started", "only a generated round can be adjusted")
    if round_.stage.format == StageFormat.DUPLICATE:
        # Swapping the teams would let one team hold both directions of a board.
        raise DomainError(
            "duplicate_seating_fixed",
            "a duplicate stage's seating is fixed by the format (book §39.7.2); "
            "the teams' line-up order decides which pair plays where",
            "swaps",
        )
    seats = {s.entry_id: s for s in TableSide.objects.filter(table__round=round_)}
    explanation = dict(round_.explanation or {})
    byes = [dict(b) for b in explanation.get("byes", [])]
    bye_of = {b["entry"]: b for b in byes}
    for index, (a, b) in enumerate(swaps):
        a, b = int(a), int(b)
        if a == b or a not in seats | bye_of or b not in seats | bye_of:
            raise DomainError(
                "not_in_round", "both entries must be in this round", f"swaps.{index}"
            )
        note = {
            "code": "director_swap",
            "text": f"Seats of entries {a} and {b} swapped by the director",
            "entries": [a, b],
            "data": {},
        }
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
def round_start(*, round: Round, by: Any) -> Round:
    """Start the round: one score-book match per table, its players as scorers."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    tournament = round_.stage.tournament
    _require(permissions.may_direct(by, tournament), "only a director may")
    _require_open(tournament)
    if round_.status != RoundStatus.GENERATED:
        raise Conflict("round_started", "the round has already started")
    lineups: dict[int, list[Player]] = {}
    for member in (
        EntryMember.objects.filter(entry__tournament=tournament)
        .order_by("entry_id", "position")
        .select_related("player")
    ):
        lineups.setdefault(member.entry_id, []).append(member.player)
    tables = list(round_.tables.prefetch_related("sides").order_by("number"))
    for table in tables:
        seats = _seats(table, _table_lineups(table, lineups))
        options = tournament.options
        if table.deal_ids:
            # Duplicate: the match is this table's boards, named as at every table.
            options = {**options, "boards": list(table.deal_ids)}
        table.match = scoring_services.start_match(
            club=tournament.club,
            game=tournament.game,
            seats=seats,
            first_dealer=0,
            options=options,
            is_public=tournament.is_published,
            scorers=[player for player, _side in seats],
            by=by,
        )
    Table.objects.bulk_update(tables, ["match"])
    round_.status = RoundStatus.STARTED
    round_.started_at = timezone.now()
    round_.save(update_fields=["status", "started_at"])
    standings_request(tournament_id=tournament.pk)
    return round_


@transaction.atomic
def round_lock(*, round: Round, by: Any) -> Round:
    """Lock a started round whose matches are all finished or abandoned."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    _require(permissions.may_direct(by, round_.stage.tournament), "only a director")
    if round_.status != RoundStatus.STARTED:
        raise Conflict("not_started", "only a started round can be locked")
    playing = round_.tables.filter(match__status=MatchStatus.IN_PROGRESS)
    if playing.exists():
        numbers = ", ".join(str(n) for n in playing.values_list("number", flat=True))
        raise Conflict("tables_playing", f"tables still playing: {numbers}")
    round_.status = RoundStatus.LOCKED
    round_.save(update_fields=["status"])
    return round_


@transaction.atomic
def round_unlock(*, round: Round, by: Any) -> Round:
    """Unlock the stage's latest round (no later round may exist)."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    tournament = round_.stage.tournament
    _require(permissions.may_direct(by, tournament), "only a director may")
    _require_open(tournament)
    if round_.status != RoundStatus.LOCKED:
        raise Conflict("not_locked", "the round is not locked")
    if round_.stage.rounds.filter(number__gt=round_.number).exists():
        raise Conflict("later_round", "a later round has been generated already")
    round_.status = RoundStatus.STARTED
    round_.save(update_fields=["status"])
    return round_


@transaction.atomic
def table_deal_correct(
    *,
    table: Table,
    number: int,
    input: Any,
    base_version: int,
    reason: str,
    by: Any,
) -> Deal:
    """A director corrects deal ``number`` of a table through the score book.

    The round must not be locked (409 ``round_locked``: its results are final for
    pairing the next round; unlock it first). The table's match may be finished:
    directors oversee their tables' matches, so the score book's correction applies
    to a closed match too — the result follows, or the match opens again if the
    corrected sheet no longer decides it (``scoring.services.correct_deal``). The
    standings follow through the score book's result-changed notification.
    """
    match = _correctable_match(table, number, by)
    return scoring_services.correct_deal(
        match=match,
        number=number,
        input=input,
        base_version=base_version,
        reason=reason,
        by=by,
    )


@transaction.atomic
def table_deal_void(
    *, table: Table, number: int, base_version: int, reason: str, by: Any
) -> Deal:
    """A director voids deal ``number`` of a table through the score book: it stays
    on the sheet, struck from the count. The same conditions as
    :func:`table_deal_correct`; the standings follow the same way."""
    match = _correctable_match(table, number, by)
    return scoring_services.void_deal(
        match=match, number=number, base_version=base_version, reason=reason, by=by
    )


def _correctable_match(table: Table, number: int, by: Any) -> Match:
    """The table's match, if ``by`` directs the tournament, the round is not locked
    and the match has deal ``number``."""
    round_ = (
        Round.objects.select_for_update()
        .select_related("stage__tournament")
        .get(pk=table.round_id)
    )
    _require(permissions.may_direct(by, round_.stage.tournament), "only a director")
    if round_.status in (RoundStatus.LOCKED, RoundStatus.FINISHED):
        raise Conflict("round_locked", "unlock the round to correct its results")
    table = Table.objects.select_related("match").get(pk=table.pk)
    if table.match is None:
        raise Conflict("not_started", "the table has no match yet")
    if not 0 < number < 2**31 or not table.match.deals.filter(number=number).exists():
        raise DomainError("not_found", f"no deal {number} at this table", "number")
    return table.match


# -- standings -----------------------------------------------------------------------


def standings_bump(*, tournament_id: int) -> int:
    """Take the next standings generation number (committed at once)."""
    with transaction.atomic():
        updated = Tournament.objects.filter(pk=tournament_id).update(
            standings_generation=F("standings_generation") + 1
        )
        if not updated:
            return 0
        return (
            Tournament.objects.filter(pk=tournament_id)
            .values_list("standings_generation", flat=True)
            .get()
        )


def standings_request(*, tournament_id: int) -> int:
    """Ask for a recompute after the current transaction commits.

    Returns the generation the recompute will carry.
    """
    from tournaments import tasks

    generation = standings_bump(tournament_id=tournament_id)
    transaction.on_commit(partial(tasks.enqueue_recompute, tournament_id, generation))
    return generation


def standings_recompute(*, tournament_id: int, generation: int) -> bool:
    """Recompute the standings from the stored results; write them if still newest.

    Returns whether the snapshot was written. Safe to run twice, late, or after a
    crash: the write is one compare-and-set UPDATE on the generation, and the values
    depend only on the stored results.
    """
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return False
    if tournament.standings_generation > generation and not _overdue(tournament_id):
        # A newer request exists; its run will write (or the reconcile will). This
        # is the debounce: of a burst of requests only the last one computes.
        return False
    snapshot = selectors.standings_snapshot(tournament)
    pause = float(os.environ.get("KIRJURI_STANDINGS_TEST_PAUSE", "0") or 0)
    if pause:
        # Fault injection for the crash test: a window to kill the worker mid-run.
        logger.warning("standings recompute %s/%s paused", tournament_id, generation)
        time.sleep(pause)
    written = _standings_write(tournament_id, generation, snapshot)
    logger.info(
        "standings of tournament %s, generation %s: %s",
        tournament_id,
        generation,
        "written" if written else "stale, not written",
    )
    if written and tournament.status == TournamentStatus.CLOSED:
        # Final standings changed (closing, or a late correction): pay out again.
        prizes.prizes_request(tournament_id=tournament_id)
    return bool(written)


def _standings_write(
    tournament_id: int, generation: int, snapshot: selectors.StandingsSnapshot
) -> int:
    """Compare-and-set: store ``snapshot`` unless a newer generation is stored."""

    def update() -> int:
        return Standings.objects.filter(
            tournament_id=tournament_id, generation__lt=generation
        ).update(
            generation=generation,
            source_version=snapshot.source_version,
            computed_at=timezone.now(),
            stages=snapshot.stages,
        )

    written = update()
    if (
        not written
        and not Standings.objects.filter(tournament_id=tournament_id).exists()
    ):
        # The tournament's first snapshot: make its row, then compare-and-set.
        Standings.objects.get_or_create(tournament_id=tournament_id)
        written = update()
    return written


def _overdue(tournament_id: int) -> bool:
    """Has the snapshot missed a result for ``KIRJURI_STANDINGS_MAX_WAIT_SECONDS``?

    Skipping every request that has a newer one would starve the standings while
    results keep arriving faster than the debounce (a big event): once the oldest
    result the snapshot lacks is that old, a stale run computes anyway (the values
    come from the stored results, so they are as fresh as the newest run's).
    """
    limit = float(
        getattr(django_settings, "KIRJURI_STANDINGS_MAX_WAIT_SECONDS", 0) or 0
    )
    if limit <= 0:
        return False
    computed_at = (
        Standings.objects.filter(tournament_id=tournament_id)
        .values_list("computed_at", flat=True)
        .first()
    )
    oldest = selectors.oldest_change_since(tournament_id, computed_at)
    return oldest is not None and (timezone.now() - oldest).total_seconds() >= limit


def standings_reconcile() -> list[int]:
    """Recompute every tournament whose snapshot is older than its results."""
    stale = selectors.stale_tournament_ids()
    for tournament_id in stale:
        generation = standings_bump(tournament_id=tournament_id)
        standings_recompute(tournament_id=tournament_id, generation=generation)
    return stale


def match_result_changed(*, match_id: int) -> int | None:
    """A score-book match changed: ask for a recompute of its tournament's
    standings (debounced, see :func:`tournaments.tasks.enqueue_recompute`).

    Returns the generation asked for, ``None`` for a match outside tournaments.
    """
    from tournaments import tasks

    tournament_id = selectors.tournament_id_of_match(match_id)
    if tournament_id is None:
        return None
    generation = standings_bump(tournament_id=tournament_id)
    tasks.enqueue_recompute(tournament_id, generation)
    return generation


# -- helpers -------------------------------------------------------------------------


def _stage_create(
    tournament: Tournament,
    format: str,
    settings: Mapping[str, Any],
    *,
    order: int,
    name: str,
) -> Stage:
    try:
        fmt = StageFormat(format)
    except ValueError:
        raise DomainError(
            "unknown_format",
            f"choose a format from {[f.value for f in StageFormat]}",
            "format",
        ) from None
    if fmt not in _GENERATORS:
        raise DomainError(
            "format_unavailable", f"{fmt.label} is not available yet", "format"
        )
    if fmt == StageFormat.DUPLICATE:
        _check_duplicate_game(tournament.game)
    clean = _stage_settings(fmt, settings)
    if fmt == StageFormat.MULTI_TABLE:
        _multi_table_check(tournament, clean)
    return Stage.objects.create(
        tournament=tournament,
        order=order,
        name=(name or fmt.label.capitalize())[:120],
        format=fmt,
        settings=clean,
    )


# Per format: setting -> allowed values (a type, or a tuple of choices), with bounds
# on counts so that a request cannot ask for an absurdly large schedule.
_SETTINGS: dict[str, dict[str, Any]] = {
    StageFormat.SWISS: {"rounds": int, "balance_sides": bool},
    StageFormat.ROUND_ROBIN: {"double": bool},
    StageFormat.PARTNER_ROTATION: {"rounds": int, "seed": int},
    StageFormat.MULTI_TABLE: {
        "rounds": int,
        "table_size": int,
        "min_table_size": int,
        "max_table_size": int,
        "seed": int,
    },
    StageFormat.KNOCKOUT: {
        "kind": ("single", "double"),
        "best_of": (1, 3, 5, 7),
        "third_place": bool,
        "grand_final_reset": bool,
        # After a groups stage: this many of the best next-placed also qualify.
        "next_best": int,
        # The stage's standings metrics (default: bracket_place alone).
        "tiebreaks": list,
    },
    StageFormat.GROUPS: {"groups": int, "double": bool},
    StageFormat.DUPLICATE: {"deals_per_stanza": int},
}
# Settings a format cannot do without.
_REQUIRED_SETTINGS: dict[str, tuple[str, ...]] = {StageFormat.GROUPS: ("groups",)}
# A stage whose tiebreaks the director did not choose ranks by these.
_DEFAULT_TIEBREAKS: dict[str, list[str]] = {
    # Book §39.7.3: the team with more game points over the 2 × 8 deals wins.
    StageFormat.DUPLICATE: ["game_points_for", "point_difference"],
}
# Book §39.7.1 plays four boards a stanza; the bound keeps a stanza one sitting.
MAX_DEALS_PER_STANZA = 13


def _stage_settings(fmt: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    allowed = _SETTINGS.get(fmt, {})
    clean: dict[str, Any] = {}
    for key, value in settings.items():
        path = f"stage_settings.{key}"
        if key not in allowed:
            raise DomainError("unknown_setting", f"choose from {sorted(allowed)}", path)
        kind = allowed[key]
        if isinstance(kind, tuple):
            if value not in kind:
                raise DomainError("invalid", f"one of {list(kind)}", path)
        elif kind is bool:
            if not isinstance(value, bool):
                raise DomainError("invalid", "true or false", path)
        elif kind is list:
            value = _metric_keys(value, path)
        elif isinstance(value, bool) or not isinstance(value, int):
            raise DomainError("invalid", "a whole number", path)
        elif key == "rounds" and not 1 <= value <= 64:
            raise DomainError("invalid", "between 1 and 64 rounds", path)
        elif key == "seed" and not 0 <= value < 2**31:
            raise DomainError("invalid", "a non-negative seed", path)
        elif key == "groups" and not 1 <= value <= 64:
            raise DomainError("invalid", "between 1 and 64 groups", path)
        elif key == "next_best" and not 0 <= value <= 63:
            raise DomainError("invalid", "between 0 and 63 entries", path)
        elif key == "deals_per_stanza" and not 1 <= value <= MAX_DEALS_PER_STANZA:
            raise DomainError(
                "invalid", f"between 1 and {MAX_DEALS_PER_STANZA} boards", path
            )
        elif key.endswith("table_size") and not 2 <= value <= 12:
            raise DomainError("invalid", "between 2 and 12 players", path)
        clean[key] = value
    for key in _REQUIRED_SETTINGS.get(fmt, ()):
        if key not in clean:
            raise DomainError(
                "required", f"the {key} setting is required", f"stage_settings.{key}"
            )
    return clean


def _stage_field(stage: Stage) -> list[int]:
    """The stage's entries: every active entry, or the source stage's top N (of
    each group, cross-seeded, when the source is a groups stage)."""
    if stage.source_stage_id is None:
        return selectors.stage_entry_ids(stage)
    source = stage.source_stage
    source.tournament = stage.tournament
    if source.format == StageFormat.GROUPS:
        return _group_qualifiers(stage, source)[0]
    standings = selectors.stage_standings(source)
    active = set(
        Entry.objects.filter(
            tournament_id=stage.tournament_id, withdrawn_at=None
        ).values_list("pk", flat=True)
    )
    ranked = [row.entry for row in standings.rows if row.entry in active]
    return ranked[: stage.source_top_n]


def _generate(stage: Stage, number: int) -> FormatRound:
    return _GENERATORS[stage.format](stage, number)


def _active(entry_ids: Iterable[int]) -> list[int]:
    ids = list(entry_ids)
    active = set(
        Entry.objects.filter(pk__in=ids, withdrawn_at=None).values_list("pk", flat=True)
    )
    return [e for e in ids if e in active]


def _round_robin(stage: Stage, number: int) -> FormatRound:
    schedule = round_robin(stage.entry_ids, double=bool(stage.settings.get("double")))
    if number > len(schedule):
        raise FormatError(
            "all_rounds_played", f"the round robin has {len(schedule)} rounds"
        )
    planned = schedule[number - 1]
    active = set(_active(stage.entry_ids))
    return _without_withdrawn(planned, active)


def _without_withdrawn(planned: FormatRound, active: set[int]) -> FormatRound:
    """Tables with a withdrawn entry give the others a scoring bye."""
    from tournaments.formats.base import Bye
    from tournaments.formats.base import Table as FormatTable
    from tournaments.formats.explain import Reason, ReasonCode

    tables, byes = [], [b for b in planned.byes if b.entry in active]
    for table in planned.tables:
        if all(e in active for e in table.entries):
            tables.append(FormatTable(len(tables) + 1, table.sides, table.reasons))
            continue
        for entry in table.entries:
            if entry in active:
                text = f"{entry}'s scheduled opponent has withdrawn: a bye"
                byes.append(Bye(entry, (Reason(ReasonCode.BYE, text, (entry,)),)))
    return FormatRound(planned.number, tuple(tables), tuple(byes), planned.messages)


def _swiss(stage: Stage, number: int) -> FormatRound:
    settings = stage.settings or {}
    field = _active(stage.entry_ids)
    limit = (
        settings.get("rounds")
        or recommended_swiss_rounds(max(len(field), 2)).recommended
    )
    if number > int(limit):
        raise FormatError("all_rounds_played", f"the Swiss has {limit} rounds")
    standings = selectors.stage_standings(stage)
    scores = {row.entry: row.values.get("match_points", 0) for row in standings.rows}
    ranked = [row.entry for row in standings.rows if row.entry in set(field)]
    history = [selectors.round_as_format(r) for r in stage.rounds.order_by("number")]
    # Withdrawn entries stay in the history (their opponents' records), not the field.
    everyone = ranked + [row.entry for row in standings.rows if row.entry not in ranked]
    playing = set(field)
    entries = [
        e for e in swiss_history(everyone, scores, history) if e.entry in playing
    ]
    config = SwissConfig(balance_sides=bool(settings.get("balance_sides", True)))
    return pair_swiss_round(entries, round_number=number, config=config)


def _partner_rotation(stage: Stage, number: int) -> FormatRound:
    """Individuals in a 4-player partnership game; the schedule is deterministic for
    the stage's ``seed``, so round ``number`` is taken from the whole schedule."""
    settings = stage.settings or {}
    rounds = settings.get("rounds")
    schedule = partner_rotation(
        stage.entry_ids,
        rounds=int(rounds) if rounds else None,
        seed=int(settings.get("seed", 0)),
    )
    if number > len(schedule.rounds):
        raise FormatError(
            "all_rounds_played", f"the rotation has {len(schedule.rounds)} rounds"
        )
    planned = schedule.rounds[number - 1]
    if number == 1 and schedule.messages:
        planned = FormatRound(
            planned.number,
            planned.tables,
            planned.byes,
            (*schedule.messages, *planned.messages),
        )
    return _without_withdrawn(planned, set(_active(stage.entry_ids)))


def _table_sizes(settings: Mapping[str, Any]) -> tuple[int, int, int]:
    """(preferred, smallest, largest) table of a multi-player-table stage."""
    preferred = int(settings.get("table_size", 4))
    low = int(settings.get("min_table_size", min(3, preferred)))
    high = int(settings.get("max_table_size", preferred))
    return preferred, low, high


def _multi_table_check(tournament: Tournament, settings: Mapping[str, Any]) -> None:
    """Every table size the stage may seat is one the game is played at, by that
    many players each for themselves (a 400 naming the setting otherwise)."""
    preferred, low, high = _table_sizes(settings)
    if not low <= preferred <= high:
        raise DomainError(
            "invalid",
            "need min_table_size <= table_size <= max_table_size",
            "stage_settings.table_size",
        )
    engine = get_game(tournament.game)
    options = engine.parse_options(tournament.options)
    for size in range(low, high + 1):
        try:
            engine.check_table(GameTable(tuple(range(size))), options)
        except SetupRejected:
            key = (
                "table_size"
                if size == preferred
                else "min_table_size"
                if size < preferred
                else "max_table_size"
            )
            raise DomainError(
                "table_size_not_played",
                f"{engine.name} is not played by {size} players each for themselves",
                f"stage_settings.{key}",
            ) from None


def _multi_table(stage: Stage, number: int) -> FormatRound:
    """Players of a game for three or more, each for themselves: each round is
    seated after the stage's earlier rounds (fewest repeated table-mates, seat 1
    to whoever had it least)."""
    settings = stage.settings or {}
    rounds = settings.get("rounds")
    if rounds and number > int(rounds):
        raise FormatError("all_rounds_played", f"the stage has {rounds} rounds")
    field = _active(stage.entry_ids)
    teams = (
        Entry.objects.filter(pk__in=field)
        .annotate(players=Count("lineup"))
        .filter(players__gt=1)
        .values_list("name", flat=True)
    )
    if teams:
        raise FormatError(
            "team_entries",
            f"multi-player tables seat single players, not teams ({', '.join(teams)})",
            path="entries",
        )
    names = dict(
        Entry.objects.filter(tournament_id=stage.tournament_id).values_list(
            "pk", "name"
        )
    )
    history = [selectors.round_as_format(r) for r in stage.rounds.order_by("number")]
    preferred, low, high = _table_sizes(settings)
    return multi_table_round(
        field,
        number,
        history=history,
        preferred=preferred,
        min_size=low,
        max_size=high,
        seed=int(settings.get("seed", 0)),
        label=lambda entry: names.get(entry, str(entry)),
    )


def _knockout(stage: Stage, number: int) -> FormatRound:
    """The next game of every bracket match whose entrants are known and whose
    series is undecided (the first game of a newly ready match)."""
    bracket, state, series = selectors.stage_knockout(stage)
    if not state.ready():
        if state.champion is not None or state.finished:
            raise FormatError("bracket_complete", "the bracket has its champion")
        raise FormatError("nothing_ready", "no bracket match can be played yet")
    generated = ready_round(bracket, state, round_number=number, series=series)
    source = stage.source_stage
    if number == 1 and source is not None and source.format == StageFormat.GROUPS:
        source.tournament = stage.tournament
        notes = _group_qualifiers(stage, source)[1]
        generated = FormatRound(
            generated.number,
            generated.tables,
            generated.byes,
            (*notes, *generated.messages),
        )
    return generated


def _groups(stage: Stage, number: int) -> FormatRound:
    """Round ``number`` of every group's round robin, at once."""
    groups = selectors.stage_groups(stage)
    planned = groups_round(groups, number)
    if number == 1:
        names = _entry_names(stage.tournament_id)
        draw = [
            f"Group {g.name}: " + ", ".join(names.get(e, str(e)) for e in g.entries)
            for g in groups
        ]
        planned = FormatRound(
            planned.number, planned.tables, planned.byes, (*draw, *planned.messages)
        )
    return _without_withdrawn(planned, set(_active(stage.entry_ids)))


def _group_qualifiers(stage: Stage, source: Stage) -> tuple[list[int], list[str]]:
    """The play-off field from a finished groups stage, cross-seeded, and notes for
    the director (the qualifiers by group place; any tie at a cut decided by seed or
    group order, which the standings alone could not decide)."""
    groups = selectors.stage_groups(source)
    locked = source.rounds.filter(
        status__in=[RoundStatus.LOCKED, RoundStatus.FINISHED]
    ).count()
    if locked < group_stage_rounds(groups) or source.rounds.count() > locked:
        raise DomainError(
            "source_unfinished",
            f"play and lock every round of {source.name} first "
            f"({group_stage_rounds(groups)} rounds)",
            "source_stage",
        )
    advance = int(stage.source_top_n or 0)
    next_best = int((stage.settings or {}).get("next_best", 0))
    active = set(_active(e for g in groups for e in g.entries))
    names = _entry_names(stage.tournament_id)
    notes: list[str] = []
    rankings: list[list[int]] = []
    rows_of: list[dict[int, Any]] = []
    for group, computed in selectors.stage_group_standings(source):
        rows = [row for row in computed.rows if row.entry in active]
        rankings.append([row.entry for row in rows])
        rows_of.append({row.entry: row for row in rows})
        for cut in (advance, advance + 1 if next_best else None):
            if cut and cut < len(rows) and rows[cut - 1].rank == rows[cut].rank:
                notes.append(
                    f"Group {group.name}: {names.get(rows[cut - 1].entry)} and "
                    f"{names.get(rows[cut].entry)} are equal on every tie-break at "
                    f"place {cut}; the group's seed order put "
                    f"{names.get(rows[cut - 1].entry)} ahead"
                )
    if next_best:
        if len({len(g.entries) for g in groups}) > 1:
            raise DomainError(
                "unequal_groups",
                "next-best entries are compared across groups only when every "
                "group has the same number of entries",
                "stage_settings.next_best",
            )
        metrics = [
            (key, get_metric(key).higher_is_better)
            for key in (stage.tournament.tiebreaks or [])
            if not get_metric(key).among_tied
        ]
        candidates = [
            Placed(ranking[advance], gi, rows_of[gi][ranking[advance]].values)
            for gi, ranking in enumerate(rankings)
            if len(ranking) > advance
        ]
        try:
            chosen, tied = best_placed(candidates, metrics, next_best)
        except FormatError as error:
            raise DomainError(
                error.code, error.message, "stage_settings.next_best"
            ) from None
        notes.append(
            f"Best entries placed {advance + 1}: "
            + ", ".join(names.get(e, str(e)) for e in chosen)
        )
        if tied:
            notes.append(
                "Equal on every tie-break across the groups: "
                + ", ".join(names.get(e, str(e)) for e in tied)
                + "; group order decided"
            )
    else:
        chosen = ()
    try:
        seeds = playoff_seeds(rankings, advance, next_best=chosen)
    except FormatError as error:
        raise DomainError(error.code, error.message, "source_top_n") from None
    notes.insert(
        0,
        "Play-off seeds (cross-seeded from the groups): "
        + ", ".join(f"{i}. {names.get(e, str(e))}" for i, e in enumerate(seeds, 1)),
    )
    return list(seeds), notes


def _entry_names(tournament_id: int) -> dict[int, str]:
    return dict(
        Entry.objects.filter(tournament_id=tournament_id).values_list("pk", "name")
    )


def _check_source(stage: Stage, source: Stage | None, top_n: int | None) -> None:
    """A stage's source and its top N (per group after a groups stage), as far as
    they can be checked before the source is played."""
    next_best = int(stage.settings.get("next_best", 0))
    if source is None:
        if next_best:
            raise DomainError(
                "invalid",
                "next-best entries need a groups stage as the source",
                "stage_settings.next_best",
            )
        return
    if top_n is None or int(top_n) < 1:
        raise DomainError("invalid", "take at least one entry", "source_top_n")
    top_n = int(top_n)
    if source.format != StageFormat.GROUPS:
        if next_best:
            raise DomainError(
                "invalid",
                "next-best entries need a groups stage as the source",
                "stage_settings.next_best",
            )
        return
    groups = int(source.settings.get("groups", 1))
    field = len(source.entry_ids) or len(selectors.stage_entry_ids(source))
    if next_best >= groups:
        raise DomainError(
            "invalid",
            f"fewer next-best entries than groups ({groups})",
            "stage_settings.next_best",
        )
    if top_n * groups + next_best < 2:
        raise DomainError(
            "too_few_entries", "the stage needs at least two entries", "source_top_n"
        )
    if field < 2 * groups:
        return  # the groups are not known yet: checked again when generating
    smallest = field // groups
    if top_n > smallest or (next_best and top_n >= smallest):
        raise DomainError(
            "bad_advance",
            f"the smallest group has {smallest} entries: take at most "
            f"{smallest - (1 if next_best else 0)} of each",
            "source_top_n",
        )
    if next_best and field % groups:
        raise DomainError(
            "unequal_groups",
            "next-best entries are compared across groups only when every group "
            "has the same number of entries",
            "stage_settings.next_best",
        )


def _duplicate(stage: Stage, number: int) -> FormatRound:
    """Duplicate for eight (book §39.7): two teams of four; stanza 1, then stanza 2
    with the tables swapped. The first team by seed is team A (North-South at
    table 1 in stanza 1)."""
    teams = _active(stage.entry_ids)
    if len(teams) != 2:
        raise FormatError(
            "duplicate_teams",
            f"duplicate for eight is two teams of four; this stage has {len(teams)} "
            "active entries",
            path="entries",
        )
    sizes = dict(
        EntryMember.objects.filter(entry_id__in=teams)
        .values("entry_id")
        .annotate(n=Count("id"))
        .values_list("entry_id", "n")
    )
    for index, team in enumerate(teams):
        if sizes.get(team, 0) != TEAM_SIZE:
            raise FormatError(
                "team_size",
                f"entry {team} has {sizes.get(team, 0)} players; a team is four "
                "(paste 'Team: Ann & Bob & Cid & Dan')",
                path=f"entries.{index}",
            )
    stanzas = duplicate_for_eight_teams(
        teams[0],
        teams[1],
        deals_per_stanza=int((stage.settings or {}).get("deals_per_stanza", 4)),
    )
    if number > len(stanzas):
        raise FormatError("all_rounds_played", "both stanzas have been generated")
    return stanzas[number - 1]


def _check_duplicate_game(slug: str) -> None:
    """A duplicate stage needs a game that declares it is played duplicate from
    boards (``Game.duplicate_boards``: its matches take the ``boards`` option) at
    the four-player partnership table the format seats (two pairs a table)."""
    engine = get_game(slug)
    if not engine.duplicate_boards or (0, 1, 0, 1) not in engine.tables:
        raise DomainError(
            "duplicate_game",
            f"{engine.name} is not played duplicate here: a duplicate stage needs "
            "a four-player partnership game that declares it is played from boards",
            "format",
        )


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


_GENERATORS = {
    StageFormat.KNOCKOUT: _knockout,
    StageFormat.GROUPS: _groups,
    StageFormat.ROUND_ROBIN: _round_robin,
    StageFormat.SWISS: _swiss,
    StageFormat.PARTNER_ROTATION: _partner_rotation,
    StageFormat.DUPLICATE: _duplicate,
    StageFormat.MULTI_TABLE: _multi_table,
}


def _reasons(reasons: Iterable[Any]) -> list[dict[str, Any]]:
    return [
        {
            "code": str(r.code),
            "text": r.text,
            "entries": to_jsonable(list(r.entries)),
            "data": to_jsonable(dict(r.data)),
        }
        for r in reasons
    ]


def _store_round(stage: Stage, generated: FormatRound) -> Round:
    scoring_bye = stage.format not in (StageFormat.PARTNER_ROTATION,)
    names = dict(
        Entry.objects.filter(tournament_id=stage.tournament_id).values_list(
            "pk", "name"
        )
    )
    round_ = Round.objects.create(
        stage=stage,
        number=generated.number,
        explanation={
            "messages": list(generated.messages),
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


def _tiebreaks(keys: Sequence[str] | None) -> list[str]:
    if keys is None:
        return ["match_points", "head_to_head", "point_difference"]
    keys = _metric_keys(keys, "tiebreaks")
    if "bracket_place" in keys:
        raise DomainError(
            "knockout_only",
            "bracket_place ranks a knockout stage: set it in that stage's tiebreaks",
            f"tiebreaks.{keys.index('bracket_place')}",
        )
    return keys


def _metric_keys(keys: Any, path: str) -> list[str]:
    """An ordered list of standings metric keys, each known and listed once."""
    if isinstance(keys, str) or not isinstance(keys, Sequence):
        raise DomainError("invalid", "a list of standings metrics", path)
    keys = [str(k) for k in keys]
    if not keys:
        raise DomainError("required", "choose at least one metric", path)
    if len(set(keys)) != len(keys):
        raise DomainError("duplicate_metric", "a metric is listed twice", path)
    for i, key in enumerate(keys):
        try:
            get_metric(key)
        except RankingError as error:
            raise DomainError(error.code, error.message, f"{path}.{i}") from None
    return keys


_POINT_KEYS = {"win", "draw", "loss", "bye", "placement", "lower_wins"}
POINT_BOUND = 1000
"""Match points (win, draw, loss, bye, by place) lie in ``-POINT_BOUND…POINT_BOUND``."""


def _whole_points(value: Any) -> bool:
    return type(value) is int and -POINT_BOUND <= value <= POINT_BOUND


def _points(points: Mapping[str, Any] | None) -> dict[str, Any]:
    points = dict(points or {})
    for key in points:
        if key not in _POINT_KEYS:
            raise DomainError("unknown_key", f"choose from {sorted(_POINT_KEYS)}", key)
    for key in ("win", "draw", "loss", "bye"):
        if key in points and not _whole_points(points[key]):
            raise DomainError(
                "invalid",
                f"a whole number of points, at most {POINT_BOUND} either way",
                f"points.{key}",
            )
    placement = points.get("placement")
    if isinstance(placement, dict):
        if not placement:
            raise DomainError(
                "invalid",
                "points by place for at least one table size",
                "points.placement",
            )
        for size, by_place in placement.items():
            path = f"points.placement.{size}"
            if not (isinstance(size, str) and size.isdigit() and 2 <= int(size) <= 99):
                raise DomainError("invalid", "a table size: a number of players", path)
            if not _points_by_place(by_place):
                raise DomainError("invalid", "a list of points by place", path)
    elif placement is not None and not _points_by_place(placement):
        raise DomainError(
            "invalid",
            "a list of points by place, or such lists by table size",
            "points.placement",
        )
    if "lower_wins" in points and not isinstance(points["lower_wins"], bool):
        raise DomainError("invalid", "true or false", "points.lower_wins")
    return points


def _points_by_place(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= 99
        and all(_whole_points(p) for p in value)
    )


def placement_from_text(text: str) -> list[int] | dict[str, list[int]] | None:
    """Placement points as a director types them on the page: ``4, 2, 1, 0`` for
    every table, or per table size ``4: 4, 2, 1, 0; 3: 3, 1, 0``. Empty: none."""

    def numbers(part: str, path: str) -> list[int]:
        try:
            return [int(p) for p in part.split(",") if p.strip()]
        except ValueError:
            raise DomainError(
                "invalid", "whole numbers separated by commas", path
            ) from None

    text = (text or "").strip()
    if not text:
        return None
    if ":" not in text:
        return numbers(text, "placement")
    by_size: dict[str, list[int]] = {}
    for part in filter(str.strip, text.split(";")):
        size, _, by_place = part.partition(":")
        size = size.strip()
        if not by_place or not size.isdigit():
            raise DomainError(
                "invalid", "per table size as 'size: points, …; size: …'", "placement"
            )
        by_size[size] = numbers(by_place, f"placement.{size}")
    return by_size


def _fee(amount: Decimal | str | None, currency: str) -> tuple[Decimal | None, str]:
    if amount in (None, ""):
        return None, ""
    try:
        value = Decimal(str(amount))
    except InvalidOperation:
        raise DomainError("invalid", "not an amount", "entry_fee") from None
    if not value.is_finite() or value < 0 or value != value.quantize(Decimal("0.01")):
        raise DomainError("invalid", "a non-negative amount in cents", "entry_fee")
    currency = (currency or "").strip().upper()
    if not _CURRENCY.match(currency):
        raise DomainError("invalid", "a three-letter currency", "entry_fee_currency")
    return value, currency


def _lock(tournament: Tournament) -> Tournament:
    try:
        return (
            Tournament.objects.select_for_update()
            .select_related("club")
            .get(pk=tournament.pk)
        )
    except Tournament.DoesNotExist:
        raise NotFound("not_found", "no such tournament") from None


def _require(allowed: bool, message: str) -> None:
    if not allowed:
        raise NotAllowed("permission_denied", message)


def _require_open(tournament: Tournament) -> None:
    if tournament.status == TournamentStatus.CLOSED:
        raise Conflict("closed", "the tournament is closed")
