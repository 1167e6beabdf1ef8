"""Entries: pasted lines become players and teams; a withdrawal stops pairing an
entry (in a knockout it forfeits what it has not finished: walkovers)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from games.engine.text import Text, msg
from scoring import services as scoring_services
from scoring.errors import Conflict, DomainError
from scoring.models import MatchStatus, Player
from tournaments import permissions, selectors
from tournaments.formats.base import FormatError
from tournaments.formats.knockout import BracketState
from tournaments.formats.registry import FORMATS
from tournaments.models import (
    Entry,
    EntryMember,
    RoundStatus,
    TableSide,
    Tournament,
)
from tournaments.services._common import (
    entry_names,
    require,
    require_open,
    tournament_lock,
)
from tournaments.services.standings import standings_request
from tournaments.texts import reason_stored, text_i18n

# A pasted line "Team name: Ann & Bob" or "Ann & Bob" or "Ann".
_TEAM_SPLIT = re.compile(r"\s*(?:&|\+|/|,)\s*")


# -- entries -------------------------------------------------------------------------


@transaction.atomic
def entries_add(
    *, tournament: Tournament, names: str | Iterable[str], by: AbstractBaseUser
) -> list[Entry]:
    """Add entries from pasted lines, one entry a line.

    A line is a player's name, or a fixed team: ``Ann & Bob`` (also ``+``, ``/`` or
    ``,``), optionally named: ``The Aces: Ann & Bob``. A name that matches a player
    of the club (case-insensitively) is that player; others become new players of the
    club (which takes a club admin).
    """
    tournament = tournament_lock(tournament)
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    require_open(tournament)
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
            raise DomainError(
                "required", gettext("a line needs a name"), f"names.{index}"
            )
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
                    gettext("%(display_name)s already plays in this tournament")
                    % {"display_name": player.display_name},
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
def entry_withdraw(*, entry: Entry, reason: str = "", by: AbstractBaseUser) -> Entry:
    """Withdraw an entry: it is not paired again; its results stay."""
    tournament = tournament_lock(entry.tournament)
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.withdrawn_at is not None:
        raise Conflict("withdrawn", gettext("the entry has already withdrawn"))
    entry.withdrawn_at = timezone.now()
    entry.withdrawn_reason = (reason or "").strip()
    entry.save(update_fields=["withdrawn_at", "withdrawn_reason"])
    _knockout_withdraw(tournament, entry, by)
    standings_request(tournament_id=tournament.pk)
    return entry


def _knockout_withdraw(
    tournament: Tournament, entry: Entry, by: AbstractBaseUser
) -> None:
    """In a knockout the withdrawn entry forfeits what it has not finished (see
    :mod:`tournaments.formats.knockout`): its table in a round not yet started is
    removed (and the round, if that was its only table); its match in progress is
    abandoned through the score book; the walkover is noted on the stage's latest
    round. A result already decided stands."""
    names = entry_names(tournament.pk)
    forfeiting = [key for key, spec in FORMATS.items() if spec.forfeits_on_withdrawal]
    for stage in tournament.stages.filter(format__in=forfeiting):
        latest = stage.rounds.order_by("-number").first()
        if latest is None or entry.pk not in (stage.entry_ids or ()):
            continue
        stage.tournament = tournament
        done = None  # what became of its table, a clause of the walkover's note
        abandoned = None
        seat = (
            TableSide.objects.filter(table__round=latest, entry=entry)
            .select_related("table__match")
            .first()
        )
        table = seat.table if seat is not None else None
        if table is not None and latest.status == RoundStatus.GENERATED:
            table.delete()
            done = msg(
                "table {table} of round {round} removed",
                table=table.number,
                round=latest.number,
            )
            if not latest.tables.exists():
                latest.delete()
                latest = stage.rounds.order_by("-number").first()
        elif (
            table is not None
            and table.match is not None
            and table.match.status == MatchStatus.IN_PROGRESS
        ):
            scoring_services.match_abandon(
                match=table.match,
                # a reason as the director would type it: in the director's language
                reason=gettext("%(entry)s withdrew") % {"entry": entry.name},
                by=by,
            )
            abandoned = table.match_id
            done = msg("its game at table {table} abandoned", table=table.number)
            table.reasons = [
                *table.reasons,
                reason_stored(
                    {
                        "code": "walkover",
                        "text": msg(
                            "{entry} withdrew: the game is abandoned", entry=entry.name
                        ),
                        "entries": [entry.pk],
                        "data": {"withdrawn": [entry.pk]},
                    }
                ),
            ]
            table.save(update_fields=["reasons"])
        try:
            _bracket, state, _series = selectors.stage_knockout_get(stage)
        except FormatError:
            continue  # results the director must fix first; the bracket says so
        walkovers = _walkovers_of(entry, state, names)
        if latest is None or not walkovers:
            continue
        explanation = dict(latest.explanation or {})
        # Each note a whole sentence of whole clauses, stored in English with its
        # template (i18n) beside it, as the round's other notes are.
        texts = []
        for index, walkover in enumerate(walkovers):
            text = _walkover_note(walkover, entry, done=done if index == 0 else None)
            walkover["text"] = str(text)
            walkover["i18n"] = {"text": text_i18n(text)}
            walkover["abandoned_match"] = abandoned
            texts.append(text)
        explanation["walkovers"] = [*explanation.get("walkovers", ()), *walkovers]
        messages = list(explanation.get("messages", ()))
        i18n = dict(explanation.get("i18n") or {})
        for text in texts:
            i18n[f"messages.{len(messages)}"] = text_i18n(text)
            messages.append(str(text))
        explanation["messages"] = messages
        explanation["i18n"] = i18n
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
                        msg(
                            "{entry} advances without a game (walkover)",
                            entry=names.get(advanced, str(advanced)),
                        )
                        if advanced is not None
                        else msg("its opponent has withdrawn too: nobody advances")
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
                "text": msg(
                    "whoever meets them there advances without a game (walkover)"
                ),
            }
        )
    return found


def _walkover_note(walkover: Mapping[str, Any], entry: Entry, *, done: Text | None):
    """The round's note of one walkover: who withdrew (and why, if said), what
    it means for the bracket match, what became of its table."""
    if entry.withdrawn_reason:
        withdrew = msg(
            "{match}: {entry} withdrew ({reason})",
            match=walkover["match"],
            entry=entry.name,
            reason=entry.withdrawn_reason,
        )
    else:
        withdrew = msg(
            "{match}: {entry} withdrew", match=walkover["match"], entry=entry.name
        )
    if done is None:
        return msg("{withdrew}; {outcome}", withdrew=withdrew, outcome=walkover["text"])
    return msg(
        "{withdrew}; {outcome}; {done}",
        withdrew=withdrew,
        outcome=walkover["text"],
        done=done,
    )
