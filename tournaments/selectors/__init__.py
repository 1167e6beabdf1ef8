"""Reads of tournaments, by noun: visibility, results, standings, brackets.

Modules: :mod:`.events` (visibility, one tournament, a stage's field),
:mod:`.results` (results as the pure core wants them, ranking config, a stage's
standings now), :mod:`.standings_sql` (the standings' raw SQL, all of it),
:mod:`.standings` (the snapshot, fingerprints, the view), :mod:`.rounds` (rounds
and tables for pages and the core), :mod:`.brackets` (knockout), :mod:`.groups`,
:mod:`.duplicate` (boards). ``from tournaments import selectors`` and
``selectors.<name>`` reach every public reader.
"""

from tournaments.selectors.brackets import (
    stage_bracket,
    stage_bracket_data,
    stage_bracket_svg,
    stage_knockout,
)
from tournaments.selectors.duplicate import (
    duplicate_boards,
)
from tournaments.selectors.events import (
    stage_entry_ids,
    tournament_get,
    tournament_id_of_match,
    tournaments_visible_to,
)
from tournaments.selectors.groups import (
    group_standings,
    stage_group_standings,
    stage_groups,
)
from tournaments.selectors.results import (
    INDIVIDUAL_TOTAL,
    KNOCKOUT_TIEBREAKS,
    ranking_config,
    stage_ranking_config,
    stage_results,
    stage_standings,
)
from tournaments.selectors.rounds import (
    entry_history,
    round_as_format,
    round_tables,
    stage_rounds,
    tournament_overview,
)
from tournaments.selectors.standings import (
    StandingsSnapshot,
    standings_data,
    standings_fingerprints,
    standings_oldest_change,
    standings_snapshot,
    standings_stale_tournaments,
    standings_view,
)

__all__ = [
    "INDIVIDUAL_TOTAL",
    "KNOCKOUT_TIEBREAKS",
    "StandingsSnapshot",
    "duplicate_boards",
    "entry_history",
    "group_standings",
    "ranking_config",
    "round_as_format",
    "round_tables",
    "stage_bracket",
    "stage_bracket_data",
    "stage_bracket_svg",
    "stage_entry_ids",
    "stage_group_standings",
    "stage_groups",
    "stage_knockout",
    "stage_ranking_config",
    "stage_results",
    "stage_rounds",
    "stage_standings",
    "standings_data",
    "standings_fingerprints",
    "standings_oldest_change",
    "standings_snapshot",
    "standings_stale_tournaments",
    "standings_view",
    "tournament_get",
    "tournament_id_of_match",
    "tournament_overview",
    "tournaments_visible_to",
]
