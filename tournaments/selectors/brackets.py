"""Knockout stages: the bracket drawn from the stage's settings and seeds, folded
with its finished games (:func:`stage_knockout_get`), as a picture and as data."""

from __future__ import annotations

from typing import Any

from config.translation import localized
from games.engine.text import msg
from scoring.models import MatchStatus
from tournaments.formats.base import FormatError
from tournaments.formats.knockout import (
    BYE,
    Bracket,
    BracketState,
    SeriesResult,
    advance_series,
    double_elimination,
    knockout_placing,
    render_bracket_svg,
    single_elimination,
)
from tournaments.models import (
    Entry,
    Stage,
    Table,
)
from tournaments.selectors.events import stage_entry_id_list

# -- knockout brackets ---------------------------------------------------------------


def stage_knockout_get(
    stage: Stage,
) -> tuple[Bracket, BracketState, dict[str, SeriesResult]]:
    """The stage's bracket (from its settings and seeds), its state so far and the
    series score of every bracket match with a game played.

    A table is one game of a bracket match (its id is in the table's first reason,
    ``data.match``); games count in round order. A finished game's winner is the
    entry on the side the engine declared the winner; a game without a single winner
    is a draw, which does not count and is replayed (see
    :mod:`tournaments.formats.knockout`). A withdrawn entry forfeits every match it
    has not finished (a walkover for its opponent). Raises :class:`FormatError` for
    results the bracket cannot hold, and while a stage seeded from another has no
    field yet.
    """
    settings = stage.settings or {}
    best_of = int(settings.get("best_of", 1))
    if stage.source_stage_id is not None and not stage.entry_ids:
        # Seeded from an earlier stage: no bracket until that stage is over.
        raise FormatError(
            "not_seeded", msg("the bracket is drawn when its first round is generated")
        )
    seeds = stage.entry_ids or stage_entry_id_list(stage)
    if settings.get("kind", "single") == "double":
        bracket = double_elimination(
            seeds,
            best_of=best_of,
            grand_final_reset=bool(settings.get("grand_final_reset", True)),
        )
    else:
        bracket = single_elimination(
            seeds,
            best_of=best_of,
            third_place=bool(settings.get("third_place", False)),
        )
    games: dict[str, list[int | None]] = {}
    tables = (
        Table.objects.filter(round__stage=stage, match__status=MatchStatus.FINISHED)
        .select_related("match", "round")
        .prefetch_related("sides")
        .order_by("round__number", "number")
    )
    for table in tables:
        match_id = (table.reasons or [{}])[0].get("data", {}).get("match")
        if match_id is None:
            continue
        winners = table.match.winners or []
        winner = None
        if len(winners) == 1:
            winner = next(s.entry_id for s in table.sides.all() if s.side == winners[0])
        games.setdefault(match_id, []).append(winner)
    # Withdrawn entries forfeit what they have not finished (walkovers).
    withdrawn = Entry.objects.filter(
        pk__in=list(bracket.seeds), withdrawn_at__isnull=False
    ).values_list("pk", flat=True)
    state, series = advance_series(bracket, games, withdrawn=set(withdrawn))
    return bracket, state, series


def stage_bracket_get(stage: Stage) -> tuple[Bracket, BracketState]:
    """The stage's bracket and its state (see :func:`stage_knockout_get`)."""
    bracket, state, _series = stage_knockout_get(stage)
    return bracket, state


def stage_bracket_svg_get(stage: Stage) -> str:
    """The bracket picture with entry names and, for best of N, series scores."""
    bracket, state, series = stage_knockout_get(stage)
    names = dict(
        Entry.objects.filter(tournament_id=stage.tournament_id).values_list(
            "pk", "name"
        )
    )
    return render_bracket_svg(bracket, state, series=series, names=names, say=localized)


def stage_bracket_data_get(stage: Stage) -> dict[str, Any]:
    """The bracket as data for the API: every match with its entrants, winner,
    series score and the entrants who forfeited it by withdrawing (``null``
    entrant = not known yet, ``"bye"`` = nobody), and every entry's placing."""
    bracket, state, series = stage_knockout_get(stage)

    def entrant(value: Any) -> Any:
        return "bye" if value is BYE else value

    matches = []
    for m in bracket.matches:
        match_state = state.matches[m.id]
        played = series.get(m.id)
        matches.append(
            {
                "id": m.id,
                "section": m.section,
                "round": m.round,
                "slot": m.slot,
                "best_of": m.best_of,
                "entrants": [entrant(e) for e in match_state.entrants],
                "winner": entrant(match_state.winner),
                "walkover": match_state.walkover,
                "withdrawn": list(match_state.withdrawn),
                "not_needed": match_state.not_needed,
                "series": list(played.wins) if played else [0, 0],
                "draws": played.draws if played else 0,
                "winner_to": list(m.winner_to) if m.winner_to else None,
                "loser_to": list(m.loser_to) if m.loser_to else None,
            }
        )
    placing = knockout_placing(bracket, state)
    return {
        "stage": stage.pk,
        "kind": bracket.kind,
        "best_of": int((stage.settings or {}).get("best_of", 1)),
        "seeds": list(bracket.seeds),
        "champion": state.champion,
        "withdrawn": [e for e in bracket.seeds if e in state.withdrawn],
        "matches": matches,
        "placings": [
            {
                "entry": entry,
                "place": placing[entry].place,
                "final": placing[entry].final,
                "stage": placing[entry].stage,
            }
            for entry in sorted(bracket.seeds, key=lambda e: placing[e].place)
        ],
    }
