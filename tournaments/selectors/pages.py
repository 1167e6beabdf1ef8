"""What the tournament's pages show, sized for the reader (issue 32): one round at
a time (the round being played unless the reader picks another), a page of its
tables, a page of the standings and of the entries; a search narrows them.

Everything here costs the same whatever the number of rounds played: the rounds are
listed without their explanations; of the shown round only the table numbers, the
seats and the matches' states are read for every table (no JSON decoded), and only
the shown page's tables are read in full, their reasons put into words.

Terms: the *focus* is the round shown (a stage and a round number); a *page* is a
slice of a list with how many there are (:class:`Page`); the *query* is the reader's
search, comma-separated alternatives ("Ann, Bob" finds both tables), each matched
against the entries' names (any part, any case) or a table's number (exactly).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from scoring.models import MatchStatus
from tournaments.formats.base import FormatError
from tournaments.formats.registry import get_format
from tournaments.models import Round, RoundStatus, Stage, Table, TableSide, Tournament
from tournaments.selectors.brackets import stage_bracket_svg_get
from tournaments.selectors.duplicate import stage_board_list
from tournaments.selectors.results import ranking_config_get
from tournaments.selectors.rounds import table_phone_marks_add, table_place_list
from tournaments.texts import explanation_shown, explanation_text, reason_shown

#: Tables on a page of the public or the director's page.
TABLES_PER_PAGE = 50
#: Rows on a page of the standings.
STANDINGS_PER_PAGE = 50
#: Entries on a page of the entry lists.
ENTRIES_PER_PAGE = 50
#: Tables on a page of the room screen (a projector: one screen per page).
ROOM_TABLES_PER_PAGE = 100

T = TypeVar("T")


@dataclass(frozen=True)
class Page:
    """``items``: page ``number`` (1-based) of ``pages``, ``per_page`` a page, out
    of ``count`` in all."""

    items: list[Any]
    number: int
    pages: int
    count: int
    per_page: int

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.pages else None

    @property
    def first_index(self) -> int:
        """The 1-based position of the page's first item (0 when empty)."""
        return (self.number - 1) * self.per_page + 1 if self.items else 0

    @property
    def last_index(self) -> int:
        return (self.number - 1) * self.per_page + len(self.items)


def _page_get(items: Sequence[T], number: int, per_page: int) -> Page:
    """Page ``number`` of ``items`` (past the last: the last page)."""
    count = len(items)
    pages = max(1, -(-count // per_page))
    number = min(max(number, 1), pages)
    start = (number - 1) * per_page
    return Page(list(items[start : start + per_page]), number, pages, count, per_page)


def _query_terms(query: str) -> list[str]:
    """The search's alternatives, case-folded (empty: no search)."""
    return [t.strip().casefold() for t in query.split(",") if t.strip()]


def _name_matches(name: str, terms: list[str]) -> bool:
    folded = name.casefold()
    return any(term in folded for term in terms)


# -- the focus -----------------------------------------------------------------------


class NoSuchRound(LookupError):
    """The reader asked for a stage or round the tournament does not have."""


def _focus(
    stages: list[Stage],
    rounds: dict[int, list[Round]],
    stage_id: int | None,
    number: int | None,
) -> tuple[Stage | None, Round | None]:
    """The round shown: the one asked for, else the round being played (the latest
    generated or started one), else the latest round."""
    if stage_id is not None:
        stage = next((s for s in stages if s.pk == stage_id), None)
        if stage is None:
            raise NoSuchRound("stage")
    elif number is not None:
        played = [s for s in stages if rounds.get(s.pk)]
        stage = _current(stages, rounds)[0] or (played[-1] if played else None)
    else:
        return _current(stages, rounds)
    if number is None:
        in_stage = rounds.get(stage.pk, [])
        return stage, (in_stage[-1] if in_stage else None)
    found = next((r for r in rounds.get(stage.pk, []) if r.number == number), None)
    if found is None:
        raise NoSuchRound("round")
    return stage, found


def _current(
    stages: list[Stage], rounds: dict[int, list[Round]]
) -> tuple[Stage | None, Round | None]:
    for stage in reversed(stages):
        for round_ in reversed(rounds.get(stage.pk, [])):
            if round_.status in (RoundStatus.GENERATED, RoundStatus.STARTED):
                return stage, round_
    for stage in reversed(stages):
        if rounds.get(stage.pk):
            return stage, rounds[stage.pk][-1]
    return None, None


def _attention(status: str | None, needs_attention: bool | None) -> int:
    """Which tables a director looks at first: a match flagged for attention, then
    the tables still playing or not started, then the decided ones."""
    if needs_attention:
        return 0
    if status in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
        return 2
    return 1


@dataclass
class _Light:
    """One table of the shown round as the search and the order need it."""

    pk: int
    number: int
    status: str | None
    needs_attention: bool | None
    sides: dict[int, list[int]] = field(default_factory=dict)


def tournament_page_get(
    tournament: Tournament,
    *,
    director: bool = False,
    stage_id: int | None = None,
    round_number: int | None = None,
    query: str = "",
    page: int = 1,
    per_page: int = TABLES_PER_PAGE,
    attention_first: bool = False,
) -> dict[str, Any]:
    """The stages with their rounds (to pick one) and the focus round: a page of
    its tables (each with its sides' entries and match; a table of three or more
    sides also lists ``seats``: per side its seat number, entries, total and, once
    finished, its place at the table), its byes,
    notes, the director's plain-text explanation of the page's tables, and the
    focus stage's bracket or boards. Raises :class:`NoSuchRound` for a stage or
    round the tournament lacks."""
    stages = list(tournament.stages.order_by("order", "id"))
    rounds: dict[int, list[Round]] = defaultdict(list)
    for round_ in (
        Round.objects.filter(stage__tournament=tournament)
        .defer("explanation")
        .order_by("number")
    ):
        rounds[round_.stage_id].append(round_)
    stage, focus = _focus(stages, rounds, stage_id, round_number)
    listed = [
        {"stage": s, "rounds": rounds.get(s.pk, []), "focus": s is stage}
        for s in stages
    ]
    result: dict[str, Any] = {"stages": listed, "stage": stage, "round": None}
    if stage is not None:
        spec = get_format(stage.format)
        if spec.has_bracket:
            try:
                result["svg"] = stage_bracket_svg_get(stage)
            except FormatError:
                result["svg"] = None  # a result the director must fix first
        if spec.has_boards:
            result["boards"] = stage_board_list(stage, reveal_unreplayed=director)
    if focus is None:
        return result
    result["round"] = _round_page_get(
        tournament,
        focus,
        director=director,
        query=query,
        page=page,
        per_page=per_page,
        attention_first=attention_first,
    )
    if director:
        # the tables' phones with deals not sent, or gone quiet (issue 31)
        table_phone_marks_add(result["round"]["tables"].items)
    return result


def _round_page_get(
    tournament: Tournament,
    round_: Round,
    *,
    director: bool,
    query: str,
    page: int,
    per_page: int,
    attention_first: bool,
) -> dict[str, Any]:
    entries = {e.pk: e for e in tournament.entries.all()}
    names = {pk: e.name for pk, e in entries.items()}
    light: dict[int, _Light] = {
        pk: _Light(pk, number, status, attention)
        for pk, number, status, attention in Table.objects.filter(
            round=round_
        ).values_list("pk", "number", "match__status", "match__needs_attention")
    }
    for table_id, side, entry_id in TableSide.objects.filter(
        table__round=round_
    ).values_list("table_id", "side", "entry_id"):
        light[table_id].sides.setdefault(side, []).append(entry_id)
    terms = _query_terms(query)
    chosen = [t for t in light.values() if _table_found(t, terms, names)]
    key: Callable[[_Light], Any] = (
        (lambda t: (_attention(t.status, t.needs_attention), t.number))
        if attention_first
        else (lambda t: t.number)
    )
    chosen.sort(key=key)
    shown = _page_get(chosen, page, per_page)
    full = {
        t.pk: t
        for t in Table.objects.filter(
            pk__in=[t.pk for t in shown.items]
        ).select_related("match")
    }
    lower_wins = ranking_config_get(tournament).lower_game_points_win
    rows = []
    for item in shown.items:
        table = full[item.pk]
        table.reasons = [reason_shown(r, names) for r in table.reasons or ()]
        ordered = [
            [entries[e] for e in item.sides[s] if e in entries]
            for s in sorted(item.sides)
        ]
        row: dict[str, Any] = {"table": table, "sides": ordered, "match": table.match}
        if len(ordered) > 2:
            totals = list(table.match.totals) if table.match else []
            places = table_place_list(table.match, lower_wins)
            row["seats"] = [
                {
                    "number": i + 1,
                    "entries": side,
                    "total": totals[i] if i < len(totals) else None,
                    "place": places[i] if i < len(places) else None,
                }
                for i, side in enumerate(ordered)
            ]
        rows.append(row)
    explanation = explanation_shown(
        Round.objects.filter(pk=round_.pk).values_list("explanation", flat=True)[0],
        names,
    )
    byes = [
        {**bye, "entry_obj": entries.get(bye["entry"])}
        for bye in explanation.get("byes", ())
        if not terms or _name_matches(names.get(bye["entry"], ""), terms)
    ]
    text = ""
    if director and explanation.get("text"):
        # the director's plain text of the tables shown, in the reader's language
        text = explanation_text(
            round_.number,
            explanation.get("messages") or (),
            [
                (
                    row["table"].number,
                    [[e.name for e in side] for side in row["sides"]],
                    row["table"].reasons,
                )
                for row in rows
            ],
            [
                (
                    bye["entry_obj"].name if bye["entry_obj"] else str(bye["entry"]),
                    bye.get("reasons") or (),
                )
                for bye in byes
            ],
        )
    return {
        "round": round_,
        "tables": Page(rows, shown.number, shown.pages, shown.count, per_page),
        "byes": byes,
        "messages": explanation.get("messages") or [],
        "text": text,
        # who may be swapped from here: the entries at the page's tables and out
        "entries": sorted(
            [e for t in shown.items for s in t.sides.values() for e in s]
            + [bye["entry"] for bye in byes],
            key=lambda pk: names.get(pk, ""),
        ),
        "entry_names": names,
    }


def _table_found(table: _Light, terms: list[str], names: dict[int, str]) -> bool:
    if not terms:
        return True
    if any(term == str(table.number) for term in terms):
        return True
    return any(
        _name_matches(names.get(e, ""), terms) for s in table.sides.values() for e in s
    )


# -- the standings and the entries, a page at a time ----------------------------------


def standings_page_get(
    standings: dict[str, Any], *, query: str = "", page: int = 1, per_page: int
) -> dict[str, Any]:
    """``standings`` (:func:`standings_view_get`) with each stage's rows narrowed
    to the search and to one page (``page``: a :class:`Page` per stage); a groups
    stage's groups are narrowed to the search, not paged (a group is short)."""
    terms = _query_terms(query)
    stages = []
    for stage in standings["stages"]:
        shown = dict(stage)
        if stage.get("groups"):
            shown["groups"] = [
                {
                    **group,
                    "rows": [
                        r for r in group["rows"] if _name_matches(r["name"], terms)
                    ]
                    if terms
                    else group["rows"],
                }
                for group in stage["groups"]
            ]
        rows = stage.get("rows") or []
        if terms:
            rows = [r for r in rows if _name_matches(r["name"], terms)]
        shown["page"] = _page_get(rows, page, per_page)
        shown["rows"] = shown["page"].items
        stages.append(shown)
    return {**standings, "stages": stages, "query": query}


def entry_page_get(
    tournament: Tournament, *, query: str = "", page: int = 1, per_page: int
) -> Page:
    """A page of the tournament's entries by seed, narrowed to the search."""
    entries = list(tournament.entries.all().order_by("seed"))
    terms = _query_terms(query)
    if terms:
        entries = [e for e in entries if _name_matches(e.name, terms)]
    return _page_get(entries, page, per_page)


def entry_standing_get(
    standings: dict[str, Any], entry_id: int, *, top: int
) -> dict[str, Any] | None:
    """Where ``entry_id`` stands in the latest stage that ranks it
    (:func:`standings_view_get`): the stage's name and metrics, the entry's row,
    how many rows, and the stage's first ``top`` rows; ``None`` before it is
    ranked."""
    for stage in reversed(standings["stages"]):
        tables = [g["rows"] for g in stage.get("groups") or ()] or [
            stage.get("rows") or []
        ]
        for rows in tables:
            row = next((r for r in rows if r["entry"] == entry_id), None)
            if row is not None:
                return {
                    "name": stage["name"],
                    "metrics": stage["metrics"],
                    "row": row,
                    "count": len(rows),
                    "top": rows[:top],
                }
    return None
