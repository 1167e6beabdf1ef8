"""Where each entry finished: the competition place of the stage at which it went
out, counting the entries that went out later."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass

from tournaments.formats.base import EntryId
from tournaments.formats.knockout.bracket import Bracket, BracketMatch, _log2
from tournaments.formats.knockout.results import BYE, BracketState, _fold

# --- placing ------------------------------------------------------------------------
#
# An entry's place is fixed by the stage at which it went out: one more than the
# number of entries that went out later (the champion last of all). The stages are
# ordered by an integer *exit key*, larger = went out later:
#
# single elimination (k rounds)   lost in round r: 4r; third-place match lost
#                                  4(k-1)+1, won 4(k-1)+2; final lost 4k;
#                                  champion 4k+4
# double elimination (m losers'   lost in losers' round j: j; grand final (or its
# rounds)                          reset) lost: m+1; champion: m+2
#
# A winners'-bracket loser of a double elimination is not out: it goes on in the
# losers' bracket. To count the entries that will go out later while the bracket
# is still running, the bracket is first played out hypothetically (upper slot
# wins); which real entries go out at which stage does not depend on who wins,
# only on the byes and the withdrawals, so the counts are those of the real end.


@dataclass(frozen=True)
class Placing:
    """Where an entry finished in a knockout.

    ``final`` is False while the entry is still in (``place`` is then the best
    place it can still reach: 1, or 3 for the players of a third-place match);
    ``stage`` names the round it went out in (``"still in"`` while it is in).
    """

    place: int
    final: bool
    stage: str


def knockout_placing(bracket: Bracket, state: BracketState) -> dict[EntryId, Placing]:
    """Every seeded entry's place from the bracket state (see the rules above).

    Finished bracket: a competition ranking, the champion alone first, entries out
    at the same stage sharing a place (single elimination: 1, 2, 3, 3, 5, 5, 5, 5,
    9 …; with a third-place match 1, 2, 3, 4, 5 …; double elimination by the round
    of the losers' bracket in which they went out). A withdrawn entry is placed
    where it forfeits. While the bracket runs, an entry still in shares the best
    place it can still reach, so it stands ahead of everyone it can still finish
    above; an entry that is out already has its final place.
    """
    finished = _played_out(bracket, state)
    final_exits = _exits(bracket, finished)
    keys = sorted(final_exits[e][0] for e in bracket.seeds)

    def place(key: int) -> int:
        # One more than the number of entries that go out later.
        return 1 + len(keys) - bisect_right(keys, key)

    now = _exits(bracket, state)
    placing = {}
    for entry in bracket.seeds:
        key, label, out = now[entry]
        if out or entry in state.withdrawn:
            key, label, _out = final_exits[entry]
            placing[entry] = Placing(place(key), True, label)
        else:
            placing[entry] = Placing(place(key), False, "still in")
    return placing


def _played_out(bracket: Bracket, state: BracketState) -> BracketState:
    """The state after every remaining match is won by its upper entrant."""
    results = {
        mid: m.winner
        for mid, m in state.matches.items()
        if m.winner is not None and not m.walkover
    }
    return _fold(bracket, results, state.withdrawn, play_out=True)


def _exits(
    bracket: Bracket, state: BracketState
) -> dict[EntryId, tuple[int, str, bool]]:
    """Per entry: (exit key, stage name, out?). For an entry still in, the key and
    name are those of the best finish it can still reach."""
    by_id = {m.id: m for m in bracket.matches}
    losers_rounds = max(
        (m.round for m in bracket.matches if m.section == "losers"), default=0
    )
    last: dict[EntryId, BracketMatch] = {}
    for m in bracket.matches:
        match_state = state.matches[m.id]
        if match_state.not_needed:
            continue
        for entrant in match_state.entrants:
            if entrant is not None and entrant is not BYE:
                last[entrant] = m
    exits = {}
    for entry, m in last.items():
        match_state = state.matches[m.id]
        if match_state.winner is None:
            # Still in: the best it can do is win every match from here on.
            terminal = m
            while terminal.winner_to is not None:
                terminal = by_id[terminal.winner_to[0]]
            key, name = _win_exit(bracket, terminal, losers_rounds)
            exits[entry] = (key, name, False)
        elif match_state.winner == entry:
            exits[entry] = (*_win_exit(bracket, m, losers_rounds), True)
        else:
            exits[entry] = (*_loss_exit(bracket, m, by_id, losers_rounds), True)
    return exits


def _win_exit(bracket: Bracket, m: BracketMatch, losers_rounds: int) -> tuple[int, str]:
    """Exit key and name for winning ``m``, a match nobody goes on from."""
    if bracket.kind == "double":
        return losers_rounds + 2, "champion"
    k = _log2(bracket.size)
    if m.id == "3P":
        return 4 * (k - 1) + 2, "third-place match"
    return 4 * k + 4, "champion"


def _loss_exit(
    bracket: Bracket,
    m: BracketMatch,
    by_id: Mapping[str, BracketMatch],
    losers_rounds: int,
) -> tuple[int, str]:
    """Exit key and name for going out in ``m``. A match whose loser would go on
    elsewhere (both its entrants withdrew) counts as that later match."""
    while m.loser_to is not None:
        m = by_id[m.loser_to[0]]
    if bracket.kind == "double":
        if m.section == "final":
            return losers_rounds + 1, "grand final"
        return m.round, f"losers' round {m.round}"
    k = _log2(bracket.size)
    if m.id == "3P":
        return 4 * (k - 1) + 1, "third-place match"
    return 4 * m.round, _round_name(k, m.round)


def _round_name(rounds: int, r: int) -> str:
    from_end = rounds - r
    if from_end == 0:
        return "final"
    if from_end == 1:
        return "semi-final"
    if from_end == 2:
        return "quarter-final"
    return f"round of {2 ** (from_end + 1)}"
