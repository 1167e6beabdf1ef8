"""Knockout brackets: single and double elimination, byes, series, SVG picture.

Terms
-----
seed
    Position in the seed list (1 = best): entry order, or the ranking of a previous
    stage. The bracket size is the next power of two; seeds beyond the field are
    *byes*, and standard placement (1 v 16, 8 v 9, 4 v 13, …) gives them to the top
    seeds and keeps seeds 1 and 2 apart until the final.
match id
    ``W<r>-<i>`` winners' bracket round r match i, ``L<r>-<i>`` losers' bracket,
    ``3P`` third-place match, ``GF`` grand final, ``GF2`` the grand-final reset.
source
    Where a match slot's entrant comes from: a seed, or the winner/loser of a match.
    ``winner_to``/``loser_to`` are the same links seen from the other end; together
    they are the data for a bracket picture.
bye / walkover
    A slot that nobody will ever fill. A match with one such slot is a walkover: its
    entrant advances without playing and its "loser" is again a bye, so byes also
    flow correctly through a double-elimination losers' bracket.
withdrawn / forfeit
    An entry withdrawn during the stage loses every bracket match it has not yet
    finished by walkover (a *forfeit*): its opponent advances without a game. In a
    double elimination it drops into the losers' bracket and forfeits there too, so
    it leaves both brackets. A result already decided stands. When both entrants of
    a match have withdrawn nobody advances: the slot becomes a bye.
placing
    Where an entry finished (:func:`knockout_placing`): the competition place of the
    stage at which it went out, counting the entries that went out later.

Invariants
----------
* Single elimination of n entries has n - 1 played matches; double elimination has
  2n - 2, or 2n - 1 when the grand final is reset (the losers'-bracket champion won
  the first final: both then have one loss).
* :func:`advance` is a pure fold of the results over the bracket: the same results
  give the same state whatever order they were entered in; a result for a match
  whose entrants are not known yet, or naming someone not in the match, is an error
  the director can fix.
* Losers dropping from the winners' bracket meet, where the structure allows, people
  they have not met: alternate drop rounds are entered in reverse order.
* :func:`knockout_placing` of a finished bracket is a competition ranking
  ("1, 2, 3, 3, 5 …"): an entry's place is one more than the number of entries
  that went out at a later stage; the champion alone is first; entries that went
  out at the same stage share a place. An eliminated entry's place is final: later
  results never change it (later withdrawals can, by removing players ahead).
* Best of N (odd): a bracket match is a *series* of games; :func:`advance_series`
  decides a series exactly when one entrant has won ⌈N/2⌉ games (never more than N
  decisive games; a drawn game does not count and is replayed) and then folds the
  decided series with :func:`advance`, which is unchanged. The sides alternate who
  plays first from game to game.

Modules: :mod:`.bracket` (the draw), :mod:`.results` (the state folded from
the games, series, ready games), :mod:`.placing` (where entries finished),
:mod:`.picture` (the SVG).
"""

from tournaments.formats.knockout.bracket import (
    Bracket,
    BracketMatch,
    Source,
    SourceKind,
    bracket_positions,
    double_elimination,
    single_elimination,
)
from tournaments.formats.knockout.picture import (
    render_bracket_svg,
)
from tournaments.formats.knockout.placing import (
    Placing,
    knockout_placing,
)
from tournaments.formats.knockout.results import (
    BYE,
    BracketState,
    GameResult,
    MatchState,
    SeriesResult,
    advance,
    advance_series,
    next_game,
    ready_round,
    series_result,
)

__all__ = [
    "BYE",
    "Bracket",
    "BracketMatch",
    "BracketState",
    "GameResult",
    "MatchState",
    "Placing",
    "SeriesResult",
    "Source",
    "SourceKind",
    "advance",
    "advance_series",
    "bracket_positions",
    "double_elimination",
    "knockout_placing",
    "next_game",
    "ready_round",
    "render_bracket_svg",
    "series_result",
    "single_elimination",
]
