"""Shapes of the tournaments API: ``*In`` validate request bodies, ``*Out`` describe
responses. No serializer writes; fields that decide ownership or status (club,
directors, status, generation) can only be read."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from config.api import (
    MoneyField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)
from config.bounds import ENTRY_FEE
from scoring.api.serializers import CurrencyField
from tournaments.models import GenerationStatus, StageFormat, Visibility

_INT = {"min_value": 1, "max_value": 2**31 - 1}


class StageOut(serializers.Serializer):
    id = StrictIntegerField()
    order = StrictIntegerField()
    name = StrictCharField()
    format = StrictCharField()
    settings = serializers.JSONField()
    source_stage = StrictIntegerField(source="source_stage_id", allow_null=True)
    source_top_n = StrictIntegerField(allow_null=True)


class StageIn(serializers.Serializer):
    format = serializers.ChoiceField(StageFormat.choices)
    name = StrictCharField(max_length=120, required=False, allow_blank=True)
    settings = serializers.DictField(
        required=False,
        help_text='e.g. {"groups": 3} for groups, {"best_of": 3} for a knockout',
    )
    source_stage = StrictIntegerField(required=False, allow_null=True, **_INT)
    source_top_n = StrictIntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=10_000,
        help_text="the top N of the source stage; of each group after a groups stage",
    )


class BracketMatchOut(serializers.Serializer):
    id = StrictCharField()
    section = StrictCharField()
    round = StrictIntegerField()
    slot = StrictIntegerField()
    best_of = StrictIntegerField()
    entrants = serializers.ListField(
        child=serializers.JSONField(), help_text='entry ids; null = not known, "bye"'
    )
    winner = serializers.JSONField()
    walkover = StrictBooleanField(
        help_text="decided without a game: a bye, or an entrant withdrew"
    )
    withdrawn = serializers.ListField(
        child=StrictIntegerField(),
        help_text="entrants who withdrew and forfeit this match",
    )
    not_needed = StrictBooleanField()
    series = serializers.ListField(
        child=StrictIntegerField(), help_text="games won, aligned with entrants"
    )
    draws = StrictIntegerField()
    winner_to = serializers.JSONField()
    loser_to = serializers.JSONField()


class PlacingOut(serializers.Serializer):
    entry = StrictIntegerField()
    place = StrictIntegerField(
        help_text="bracket place; while still in, the best place still possible"
    )
    final = StrictBooleanField(help_text="false while the entry is still in")
    stage = StrictCharField(help_text='where it went out, or "still in"')


class BracketOut(serializers.Serializer):
    stage = StrictIntegerField()
    kind = StrictCharField()
    best_of = StrictIntegerField()
    seeds = serializers.ListField(child=StrictIntegerField())
    champion = StrictIntegerField(allow_null=True)
    withdrawn = serializers.ListField(child=StrictIntegerField())
    matches = BracketMatchOut(many=True)
    placings = PlacingOut(many=True)


class TournamentOut(serializers.Serializer):
    id = StrictIntegerField()
    club = StrictIntegerField(source="club_id")
    name = StrictCharField()
    game = StrictCharField()
    options = serializers.JSONField()
    visibility = StrictCharField()
    status = StrictCharField()
    tiebreaks = serializers.ListField(child=StrictCharField())
    points = serializers.JSONField()
    entry_fee = serializers.DecimalField(
        max_digits=12, decimal_places=2, allow_null=True
    )
    entry_fee_currency = StrictCharField()
    created_at = serializers.DateTimeField()


class TournamentDetailOut(TournamentOut):
    stages = StageOut(many=True, source="stages.all")


class TournamentIn(serializers.Serializer):
    club = StrictIntegerField(**_INT)
    name = StrictCharField(max_length=120)
    game = StrictCharField(max_length=64)
    options = serializers.DictField(required=False)
    format = serializers.ChoiceField(StageFormat.choices, default=StageFormat.SWISS)
    stage_settings = serializers.DictField(required=False)
    tiebreaks = serializers.ListField(
        child=StrictCharField(max_length=40), required=False, max_length=20
    )
    points = serializers.DictField(
        required=False,
        help_text="Match points: win, draw, loss, bye; placement (points by place at "
        "tables of three or more: one list, or lists by table size such as "
        '{"4": [4, 2, 1, 0], "3": [3, 1, 0]}); lower_wins (the game\'s own choice '
        "by default).",
    )
    visibility = serializers.ChoiceField(Visibility.choices, default=Visibility.DRAFT)
    entry_fee = MoneyField(
        ENTRY_FEE, required=False, allow_null=True, label=_("Entry fee")
    )
    entry_fee_currency = CurrencyField(required=False, allow_blank=True)


class TournamentUpdateIn(serializers.Serializer):
    name = StrictCharField(max_length=120, required=False)
    tiebreaks = serializers.ListField(
        child=StrictCharField(max_length=40), required=False, max_length=20
    )
    points = serializers.DictField(required=False)
    visibility = serializers.ChoiceField(Visibility.choices, required=False)


class EntryOut(serializers.Serializer):
    id = StrictIntegerField()
    name = StrictCharField()
    seed = StrictIntegerField()
    players = serializers.SerializerMethodField()
    withdrawn_at = serializers.DateTimeField(allow_null=True)

    def get_players(self, entry) -> list[int]:
        return [m.player_id for m in entry.lineup.all()]


class EntryPageOut(serializers.Serializer):
    count = StrictIntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = EntryOut(many=True)


class EntriesIn(serializers.Serializer):
    names = serializers.ListField(
        child=StrictCharField(max_length=250), min_length=1, max_length=2000
    )


class WithdrawIn(serializers.Serializer):
    reason = StrictCharField(max_length=500, required=False, allow_blank=True)


class TableOut(serializers.Serializer):
    id = StrictIntegerField()
    number = StrictIntegerField()
    sides = serializers.ListField(
        child=serializers.ListField(child=StrictIntegerField())
    )
    match = StrictIntegerField(allow_null=True)
    reasons = serializers.JSONField()


class RoundClockOut(serializers.Serializer):
    """The round's clock as the room screen shows it."""

    start = serializers.DateTimeField(
        allow_null=True,
        help_text="When the clock started: the round's start, or when the director "
        "last restarted it; null before the round starts.",
    )
    deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="start + minutes; null without a time limit or before the start.",
    )
    minutes = StrictIntegerField(
        allow_null=True, help_text="The round's time limit; null for none."
    )


class RoundOut(serializers.Serializer):
    id = StrictIntegerField()
    stage = StrictIntegerField()
    number = StrictIntegerField()
    status = StrictCharField()
    explanation = serializers.JSONField()
    tables = TableOut(many=True)
    clock = RoundClockOut()


class GenerationErrorOut(serializers.Serializer):
    code = StrictCharField()
    message = StrictCharField()


class RoundGenerationOut(serializers.Serializer):
    """A round generation job (``tournaments.services.generations``)."""

    id = StrictIntegerField()
    url = StrictCharField(help_text="The job's address: GET it for its status.")
    stage = StrictIntegerField(source="stage_id")
    number = StrictIntegerField(help_text="The round the job generates.")
    status = serializers.ChoiceField(
        GenerationStatus.choices,
        help_text="queued, running, then done (``round`` is set) or failed "
        "(``error`` is set).",
    )
    round = StrictIntegerField(
        source="round_id",
        allow_null=True,
        help_text="The round once stored: GET the tournament's rounds for it.",
    )
    error = GenerationErrorOut(
        allow_null=True,
        help_text="Why the round could not be generated (in the language of "
        "the director who asked).",
    )
    requested_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class RoundListOut(serializers.Serializer):
    """A round in the paged list (issue 32): its tables are read a page at a time
    from ``/rounds/{id}/tables/``; the explanation without its plain ``text`` (the
    tables' reasons say it table by table)."""

    id = StrictIntegerField()
    stage = StrictIntegerField()
    number = StrictIntegerField()
    status = StrictCharField()
    explanation = serializers.JSONField(help_text="notes (messages) and byes")
    table_count = StrictIntegerField(help_text="how many tables the round has")
    clock = RoundClockOut()


class StandingsPageOut(serializers.Serializer):
    computed_at = serializers.DateTimeField(allow_null=True)
    generation = StrictIntegerField()
    pending = StrictBooleanField()
    count = StrictIntegerField(help_text="rows of the longest stage")
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    stages = serializers.JSONField(
        help_text="per stage: metrics, count (its rows in all) and the page of its "
        "ranked rows (limit, offset); a groups stage also has groups: [{name, "
        "entries, rows}], each group's own table, whole"
    )


class RoundClockIn(serializers.Serializer):
    # The range is the service's to check (400 ``invalid_time_limit``).
    time_limit_minutes = StrictIntegerField(
        allow_null=True,
        help_text="The round's time limit, 1 to 1440 minutes; null clears it.",
    )
    restart = StrictBooleanField(
        default=False,
        help_text="Start the clock again from now (else it runs from the round's "
        "start).",
    )


class SwapsIn(serializers.Serializer):
    swaps = serializers.ListField(
        child=serializers.ListField(
            child=StrictIntegerField(**_INT), min_length=2, max_length=2
        ),
        min_length=1,
        max_length=100,
    )


class StandingsOut(serializers.Serializer):
    computed_at = serializers.DateTimeField(allow_null=True)
    generation = StrictIntegerField()
    pending = StrictBooleanField()
    stages = serializers.JSONField(
        help_text="per stage: metrics and ranked rows; a groups stage also has "
        "groups: [{name, entries, rows}], each group's own table"
    )


class BoardTeamOut(serializers.Serializer):
    entry = StrictIntegerField()
    name = StrictCharField()
    game_points = StrictIntegerField()
    swing = StrictIntegerField()


class BoardPlayOut(serializers.Serializer):
    round = StrictIntegerField()
    table = StrictIntegerField()
    match = StrictIntegerField(allow_null=True)
    north_south = StrictIntegerField()
    east_west = StrictIntegerField()
    names = serializers.ListField(child=StrictCharField(allow_blank=True))
    points = serializers.ListField(child=StrictIntegerField())
    net = StrictIntegerField()
    card_points = serializers.ListField(child=StrictIntegerField(), allow_null=True)


class BoardSwingOut(serializers.Serializer):
    entry = StrictIntegerField()
    value = StrictIntegerField()


class BoardOut(serializers.Serializer):
    board = StrictCharField()
    complete = StrictBooleanField()
    plays = BoardPlayOut(many=True)
    swing = BoardSwingOut(many=True, allow_null=True)


class SeatedSideOut(serializers.Serializer):
    entry = StrictIntegerField()
    name = StrictCharField()
    players = serializers.ListField(child=StrictCharField())


class SeatingOut(serializers.Serializer):
    round = StrictIntegerField()
    table = StrictIntegerField()
    match = StrictIntegerField(allow_null=True)
    boards = serializers.ListField(child=StrictCharField())
    sides = SeatedSideOut(many=True)


class BoardsOut(serializers.Serializer):
    stage = StrictIntegerField()
    tables = SeatingOut(many=True)
    boards = BoardOut(many=True)
    hidden = serializers.ListField(child=StrictCharField())
    teams = BoardTeamOut(many=True)


class TableCorrectionIn(serializers.Serializer):
    number = StrictIntegerField(
        **_INT, help_text="The deal's number on the table's score sheet."
    )
    input = serializers.JSONField(
        required=False,
        help_text="The corrected deal, as the game's deal schema describes it "
        "(GET /api/v1/matches/{table.match}/deal-schema). Not with ``void``.",
    )
    void = StrictBooleanField(
        default=False,
        help_text="Void the deal instead: it stays on the sheet, struck from the "
        "count.",
    )
    base_version = StrictIntegerField(
        **_INT, help_text="The deal's version you corrected (409 if it changed)."
    )
    reason = StrictCharField(max_length=500, help_text="Kept in the history.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("void") and "input" in attrs:
            raise serializers.ValidationError(
                {"input": gettext("a voided deal takes no input")}, code="not_with_void"
            )
        if not attrs.get("void") and "input" not in attrs:
            raise serializers.ValidationError(
                {"input": gettext("the corrected deal is required")}, code="required"
            )
        return attrs
