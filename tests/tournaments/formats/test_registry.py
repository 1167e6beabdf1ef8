"""The format registry: one object per format, its settings model (defaults and
errors by field), its generator fed from a plain stage source, and what it needs
from the game. No database: the registry and its formats are pure."""

from __future__ import annotations

import pytest

from games.engine import get_game
from tournaments.formats import FORMATS, FormatError, UnknownFormat, get_format
from tournaments.formats.groups import group_stage
from tournaments.formats.registry import (
    DuplicateSettings,
    KnockoutSettings,
    MultiTableSettings,
    SwissSettings,
)
from tournaments.models import StageFormat
from tournaments.ranking import Standings, StandingsRow


class Source:
    """A stage source answered from plain values (what the database side does)."""

    def __init__(self, entries, *, settings=None, withdrawn=(), sizes=None):
        self.settings = settings or {}
        self.entry_ids = list(entries)
        self._withdrawn = set(withdrawn)
        self._sizes = sizes or {}

    def active(self, entry_ids=None):
        ids = self.entry_ids if entry_ids is None else entry_ids
        return [e for e in ids if e not in self._withdrawn]

    def names(self):
        return {e: f"E{e}" for e in self.entry_ids}

    def team_sizes(self, entry_ids):
        return {e: self._sizes.get(e, 1) for e in entry_ids}

    def history(self):
        return []

    def standings(self):
        rows = tuple(
            StandingsRow(i + 1, e, 0, {"match_points": 0})
            for i, e in enumerate(self.entry_ids)
        )
        return Standings((), rows)

    def groups(self):
        return group_stage(self.entry_ids, int(self.settings.get("groups", 1)))

    def seeding_notes(self):
        return []


def test_every_stage_format_has_exactly_one_registered_format():
    assert sorted(FORMATS) == sorted(f.value for f in StageFormat)
    assert all(get_format(key).key == key for key in FORMATS)


def test_an_unknown_format_is_a_clear_error():
    with pytest.raises(UnknownFormat):
        get_format("bughouse")


def test_settings_fill_defaults_and_store_only_what_was_given():
    parsed, clean = SwissSettings.parse({"rounds": 5})
    assert parsed == SwissSettings(rounds=5, balance_sides=True)
    assert clean == {"rounds": 5}
    assert KnockoutSettings.of({}).best_of == 1
    assert DuplicateSettings.of(None).deals_per_stanza == 4


def test_multi_table_sizes_default_from_the_preferred_size():
    assert MultiTableSettings.of({"table_size": 5}).sizes == (5, 3, 5)
    assert MultiTableSettings.of({"table_size": 2}).sizes == (2, 2, 2)


@pytest.mark.parametrize(
    ("fmt", "given", "code", "path"),
    [
        ("knockout", {"best_of": 2}, "invalid", "stage_settings.best_of"),
        ("knockout", {"bestof": 3}, "unknown_setting", "stage_settings.bestof"),
        ("knockout", {"tiebreaks": ["wins", "wins"]}, "duplicate_metric", ""),
        ("knockout", {"tiebreaks": ["nope"]}, "unknown_metric", ""),
        ("swiss", {"rounds": 0}, "invalid", "stage_settings.rounds"),
        ("swiss", {"rounds": True}, "invalid", "stage_settings.rounds"),
        ("groups", {}, "required", "stage_settings.groups"),
        ("duplicate", {"deals_per_stanza": 14}, "invalid", ""),
        (
            "multi_table",
            {"table_size": 4, "min_table_size": 5},
            "invalid",
            "stage_settings.table_size",
        ),
    ],
)
def test_settings_errors_name_the_field(fmt, given, code, path):
    with pytest.raises(FormatError) as raised:
        get_format(fmt).settings.parse(given)
    assert raised.value.code == code
    expected = path or raised.value.path
    assert raised.value.path == expected
    assert raised.value.path.startswith("stage_settings.")


def test_the_unknown_setting_error_lists_the_formats_settings():
    with pytest.raises(FormatError) as raised:
        get_format("round_robin").settings.parse({"rounds": 3})
    assert raised.value.message == "choose from ['double']"


def test_default_tiebreak_chains():
    assert get_format("duplicate").default_tiebreaks == (
        "game_points_for",
        "point_difference",
    )
    assert get_format("swiss").default_tiebreaks[0] == "match_points"
    knockout = get_format("knockout")
    assert knockout.stage_metrics(KnockoutSettings(), ("wins",)) == ("bracket_place",)
    chosen = KnockoutSettings(tiebreaks=("bracket_place", "wins"))
    assert knockout.stage_metrics(chosen, ("x",)) == ("bracket_place", "wins")


def test_what_a_format_needs_from_the_game():
    duplicate = get_format("duplicate")
    duplicate.check_game(get_game("sakaali"), None, DuplicateSettings())
    with pytest.raises(FormatError) as raised:
        duplicate.check_game(get_game("tuppi"), None, DuplicateSettings())
    assert (raised.value.code, raised.value.path) == ("duplicate_game", "format")

    multi = get_format("multi_table")
    game = get_game("sneaky-pete")
    options = game.parse_options({})
    multi.check_game(game, options, MultiTableSettings(table_size=4))
    with pytest.raises(FormatError) as raised:
        multi.check_game(
            game, options, MultiTableSettings(table_size=4, max_table_size=12)
        )
    assert raised.value.code == "table_size_not_played"
    assert raised.value.path == "stage_settings.max_table_size"


def test_round_robin_gives_a_bye_for_a_withdrawn_opponent():
    source = Source([1, 2, 3, 4], withdrawn={4})
    generated = get_format("round_robin").next_round(source, 1)
    seated = {e for table in generated.tables for e in table.entries}
    assert 4 not in seated
    assert len(generated.tables) == 1
    assert [b.entry for b in generated.byes] == sorted({1, 2, 3} - seated)


def test_round_robin_refuses_a_round_past_its_schedule():
    with pytest.raises(FormatError) as raised:
        get_format("round_robin").next_round(Source([1, 2, 3, 4]), 4)
    assert raised.value.code == "all_rounds_played"


def test_swiss_pairs_the_active_field_only():
    source = Source([1, 2, 3, 4, 5], withdrawn={5}, settings={"rounds": 3})
    generated = get_format("swiss").next_round(source, 1)
    assert sorted(generated.entries()) == [1, 2, 3, 4]


def test_duplicate_needs_two_teams_of_four():
    source = Source([1, 2], sizes={1: 4, 2: 3})
    with pytest.raises(FormatError) as raised:
        get_format("duplicate").next_round(source, 1)
    assert (raised.value.code, raised.value.path) == ("team_size", "entries.1")
    full = Source([1, 2], sizes={1: 4, 2: 4}, settings={"deals_per_stanza": 2})
    stanza = get_format("duplicate").next_round(full, 1)
    assert all(len(table.deals) == 2 for table in stanza.tables)


def test_multi_table_seats_single_players_only():
    source = Source([1, 2, 3, 4], sizes={3: 2})
    with pytest.raises(FormatError) as raised:
        get_format("multi_table").next_round(source, 1)
    assert raised.value.code == "team_entries"
    assert "E3" in raised.value.message


def test_groups_round_one_names_the_draw():
    source = Source([1, 2, 3, 4], settings={"groups": 2})
    generated = get_format("groups").next_round(source, 1)
    assert generated.messages[:2] == ("Group A: E1, E4", "Group B: E2, E3")
