"""Reads of tournaments, by noun: visibility, results, standings, brackets.

Modules: :mod:`.events` (visibility, one tournament, a stage's field),
:mod:`.results` (results as the pure core wants them, ranking config, a stage's
standings now), :mod:`.standings_sql` (the standings' raw SQL, all of it),
:mod:`.standings` (the snapshot, fingerprints, the view), :mod:`.rounds` (rounds
and tables for pages and the core), :mod:`.brackets` (knockout), :mod:`.groups`,
:mod:`.duplicate` (boards), :mod:`.formats` (the forms' formats and metrics),
:mod:`.live` (the live pages' stamp, the room screen), :mod:`.pages` (the
pages' round, tables, standings and entries a page at a time).
``from tournaments import selectors`` and ``selectors.<name>`` reach every public
reader.
"""

from tournaments.selectors.brackets import (
    stage_bracket_data_get,
    stage_bracket_get,
    stage_bracket_svg_get,
    stage_knockout_get,
)
from tournaments.selectors.duplicate import (
    stage_board_list,
)
from tournaments.selectors.events import (
    match_tournament_id_get,
    stage_entry_id_list,
    tournament_get,
    tournaments_visible_to,
)
from tournaments.selectors.formats import (
    FormatChoice,
    MetricChoice,
    format_choice_list,
    metric_choice_list,
)
from tournaments.selectors.groups import (
    group_standings_compute,
    stage_group_list,
    stage_group_standings_get,
)
from tournaments.selectors.live import (
    round_clock_get,
    tournament_live_stamp_get,
    tournament_room_get,
)
from tournaments.selectors.pages import (
    ENTRIES_PER_PAGE,
    ROOM_TABLES_PER_PAGE,
    STANDINGS_PER_PAGE,
    TABLES_PER_PAGE,
    NoSuchRound,
    Page,
    entry_page_get,
    entry_standing_get,
    standings_page_get,
    tournament_page_get,
)
from tournaments.selectors.results import (
    INDIVIDUAL_TOTAL,
    KNOCKOUT_TIEBREAKS,
    ranking_config_get,
    stage_ranking_config_get,
    stage_result_list,
    stage_standings_get,
)
from tournaments.selectors.rounds import (
    entry_history_get,
    round_format_get,
    round_list_with_tables,
    round_summary_list,
    round_table_list,
    stage_round_format_list,
    stage_round_list,
    tournament_generation_list,
)
from tournaments.selectors.standings import (
    StandingsSnapshot,
    standings_data_get,
    standings_fingerprint_list,
    standings_oldest_change_get,
    standings_snapshot_get,
    standings_stale_tournament_list,
    standings_view_get,
)

__all__ = [
    "ENTRIES_PER_PAGE",
    "INDIVIDUAL_TOTAL",
    "KNOCKOUT_TIEBREAKS",
    "ROOM_TABLES_PER_PAGE",
    "STANDINGS_PER_PAGE",
    "TABLES_PER_PAGE",
    "FormatChoice",
    "MetricChoice",
    "NoSuchRound",
    "Page",
    "StandingsSnapshot",
    "entry_history_get",
    "entry_page_get",
    "entry_standing_get",
    "format_choice_list",
    "group_standings_compute",
    "match_tournament_id_get",
    "metric_choice_list",
    "ranking_config_get",
    "round_clock_get",
    "round_format_get",
    "round_list_with_tables",
    "round_summary_list",
    "round_table_list",
    "stage_board_list",
    "stage_bracket_data_get",
    "stage_bracket_get",
    "stage_bracket_svg_get",
    "stage_entry_id_list",
    "stage_group_list",
    "stage_group_standings_get",
    "stage_knockout_get",
    "stage_ranking_config_get",
    "stage_result_list",
    "stage_round_format_list",
    "stage_round_list",
    "stage_standings_get",
    "standings_data_get",
    "standings_fingerprint_list",
    "standings_oldest_change_get",
    "standings_page_get",
    "standings_snapshot_get",
    "standings_stale_tournament_list",
    "standings_view_get",
    "tournament_generation_list",
    "tournament_get",
    "tournament_live_stamp_get",
    "tournament_page_get",
    "tournament_room_get",
    "tournaments_visible_to",
]
