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
"""

from __future__ import annotations

import html
from bisect import bisect_right
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tournaments.formats.base import EntryId, FormatError, Round, Table, unique_entries
from tournaments.formats.explain import Reason, ReasonCode

SourceKind = Literal["seed", "winner", "loser"]


@dataclass(frozen=True)
class Source:
    kind: SourceKind
    ref: int | str  # seed number (1-based) or match id


@dataclass(frozen=True)
class BracketMatch:
    id: str
    section: Literal["winners", "losers", "final"]
    round: int  # 1-based round within its section
    slot: int  # 1-based position within the round, top to bottom
    sources: tuple[Source, Source]
    winner_to: tuple[str, int] | None = None  # (match id, slot index 0/1)
    loser_to: tuple[str, int] | None = None
    best_of: int = 1
    # The grand-final reset is played only if the losers'-bracket champion won GF.
    conditional: bool = False


@dataclass(frozen=True)
class Bracket:
    kind: Literal["single", "double"]
    seeds: tuple[EntryId, ...]
    size: int
    matches: tuple[BracketMatch, ...]

    def match(self, match_id: str) -> BracketMatch:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise KeyError(match_id)

    def rounds(self, section: str) -> list[list[BracketMatch]]:
        """The matches of a section, round by round, top to bottom."""
        by_round: dict[int, list[BracketMatch]] = {}
        for m in self.matches:
            if m.section == section:
                by_round.setdefault(m.round, []).append(m)
        return [sorted(by_round[r], key=lambda m: m.slot) for r in sorted(by_round)]


def bracket_positions(size: int) -> tuple[int, ...]:
    """Seeds in bracket order for a power-of-two ``size``: 1, 16, 8, 9, 4, 13 …

    Built by doubling: each seed s of the smaller bracket is followed by its
    mirror ``2·k + 1 - s``, so the top two seeds can only meet in the final.
    """
    if size < 1 or size & (size - 1):
        raise ValueError("bracket size must be a power of two")
    order = [1]
    while len(order) < size:
        k = 2 * len(order)
        order = [x for s in order for x in (s, k + 1 - s)]
    return tuple(order)


def _size_for(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def single_elimination(
    seeds: Sequence[EntryId], *, best_of: int = 1, third_place: bool = False
) -> Bracket:
    """A single-elimination bracket for ``seeds`` (best first)."""
    seeds_t, size = _check_field(seeds, best_of)
    matches = _winners_bracket(size, best_of)
    if third_place and size >= 4:
        semis = [m for m in matches if m.round == _log2(size) - 1]
        matches.append(
            BracketMatch(
                "3P",
                "final",
                1,
                2,
                (Source("loser", semis[0].id), Source("loser", semis[1].id)),
                best_of=best_of,
            )
        )
    return Bracket("single", seeds_t, size, _link(matches))


def double_elimination(
    seeds: Sequence[EntryId], *, best_of: int = 1, grand_final_reset: bool = True
) -> Bracket:
    """A double-elimination bracket: nobody is out before their second loss."""
    seeds_t, size = _check_field(seeds, best_of)
    k = _log2(size)
    matches = _winners_bracket(size, best_of)
    wb = {(m.round, m.slot): m for m in matches}
    lb_champion: Source
    if k == 1:
        lb_champion = Source("loser", "W1-1")
    else:
        previous: list[Source] = []
        lb_round = 0
        for wr in range(1, k + 1):
            dropped = [
                Source("loser", wb[wr, i].id) for i in range(1, size // 2**wr + 1)
            ]
            if wr == 1:
                entrants = dropped
                pairs = list(zip(entrants[0::2], entrants[1::2], strict=True))
            else:
                # Reverse every other drop round so losers meet new opponents.
                if wr % 2 == 0:
                    dropped.reverse()
                pairs = list(zip(previous, dropped, strict=True))
            lb_round += 1
            previous = _add_lb_round(matches, lb_round, pairs, best_of)
            if len(previous) > 1 and wr >= 2:
                lb_round += 1
                pairs = list(zip(previous[0::2], previous[1::2], strict=True))
                previous = _add_lb_round(matches, lb_round, pairs, best_of)
        lb_champion = previous[0]
    final = BracketMatch(
        "GF",
        "final",
        1,
        1,
        (Source("winner", f"W{k}-1"), lb_champion),
        best_of=best_of,
    )
    matches.append(final)
    if grand_final_reset:
        matches.append(
            BracketMatch(
                "GF2",
                "final",
                2,
                1,
                (Source("winner", "GF"), Source("loser", "GF")),
                best_of=best_of,
                conditional=True,
            )
        )
    return Bracket("double", seeds_t, size, _link(matches))


def _add_lb_round(
    matches: list[BracketMatch],
    lb_round: int,
    pairs: list[tuple[Source, Source]],
    best_of: int,
) -> list[Source]:
    winners = []
    for i, (a, b) in enumerate(pairs, start=1):
        match_id = f"L{lb_round}-{i}"
        matches.append(
            BracketMatch(match_id, "losers", lb_round, i, (a, b), best_of=best_of)
        )
        winners.append(Source("winner", match_id))
    return winners


def _check_field(
    seeds: Sequence[EntryId], best_of: int
) -> tuple[tuple[EntryId, ...], int]:
    seeds_t = unique_entries(list(seeds))
    if len(seeds_t) < 2:
        raise FormatError(
            "too_few_entries", "a knockout needs two entries", path="seeds"
        )
    if best_of < 1 or best_of % 2 == 0:
        raise FormatError(
            "bad_best_of", "best-of must be an odd number", path="best_of"
        )
    return seeds_t, _size_for(len(seeds_t))


def _log2(size: int) -> int:
    return size.bit_length() - 1


def _winners_bracket(size: int, best_of: int) -> list[BracketMatch]:
    order = bracket_positions(size)
    matches = []
    for i in range(size // 2):
        matches.append(
            BracketMatch(
                f"W1-{i + 1}",
                "winners",
                1,
                i + 1,
                (Source("seed", order[2 * i]), Source("seed", order[2 * i + 1])),
                best_of=best_of,
            )
        )
    r, count = 2, size // 4
    while count >= 1:
        for i in range(count):
            matches.append(
                BracketMatch(
                    f"W{r}-{i + 1}",
                    "winners",
                    r,
                    i + 1,
                    (
                        Source("winner", f"W{r - 1}-{2 * i + 1}"),
                        Source("winner", f"W{r - 1}-{2 * i + 2}"),
                    ),
                    best_of=best_of,
                )
            )
        r, count = r + 1, count // 2
    return matches


def _link(matches: list[BracketMatch]) -> tuple[BracketMatch, ...]:
    """Fill ``winner_to``/``loser_to`` from the sources."""
    winner_to: dict[str, tuple[str, int]] = {}
    loser_to: dict[str, tuple[str, int]] = {}
    for m in matches:
        if m.conditional:
            continue  # GF2 is a replay, not a destination in the picture
        for slot, source in enumerate(m.sources):
            if source.kind == "winner":
                winner_to[str(source.ref)] = (m.id, slot)
            elif source.kind == "loser":
                loser_to[str(source.ref)] = (m.id, slot)
    return tuple(
        BracketMatch(
            m.id,
            m.section,
            m.round,
            m.slot,
            m.sources,
            winner_to.get(m.id),
            loser_to.get(m.id),
            m.best_of,
            m.conditional,
        )
        for m in matches
    )


# --- results -----------------------------------------------------------------------


class _Nobody:
    """The empty slot of a bye; sorts and prints as 'bye'."""

    def __repr__(self) -> str:
        return "BYE"


BYE: EntryId = _Nobody()


@dataclass(frozen=True)
class MatchState:
    match_id: str
    # None = not known yet; BYE = nobody will come.
    entrants: tuple[EntryId | None, EntryId | None]
    winner: EntryId | None = None
    loser: EntryId | None = None
    walkover: bool = False  # decided by a bye or a withdrawal, not played
    not_needed: bool = False  # grand-final reset that is not played
    # The entrants who withdrew before this match was decided (they forfeit it).
    withdrawn: tuple[EntryId, ...] = ()

    @property
    def ready(self) -> bool:
        return (
            self.winner is None
            and not self.not_needed
            and all(e is not None and e is not BYE for e in self.entrants)
        )


@dataclass(frozen=True)
class BracketState:
    matches: Mapping[str, MatchState] = field(hash=False)
    champion: EntryId | None = None
    withdrawn: frozenset[EntryId] = frozenset()

    def ready(self) -> list[str]:
        """Ids of the matches that can be played now."""
        return [mid for mid, m in self.matches.items() if m.ready]

    @property
    def finished(self) -> bool:
        """Every match is decided (or is a reset that is not needed)."""
        return all(m.winner is not None or m.not_needed for m in self.matches.values())

    def played(self) -> list[str]:
        return [
            mid
            for mid, m in self.matches.items()
            if m.winner is not None and not m.walkover and m.winner is not BYE
        ]


def advance(
    bracket: Bracket,
    results: Mapping[str, EntryId],
    *,
    withdrawn: Collection[EntryId] = (),
) -> BracketState:
    """Fold match results (match id -> winning entry) over the bracket.

    ``withdrawn`` entries forfeit every match they have no result for, as soon as
    both entrants are known: the other entrant wins it by walkover (both withdrawn:
    nobody advances, the next match sees a bye).
    """
    return _fold(bracket, results, frozenset(withdrawn), play_out=False)


def _fold(
    bracket: Bracket,
    results: Mapping[str, EntryId],
    gone: frozenset[EntryId],
    *,
    play_out: bool,
) -> BracketState:
    """:func:`advance`; with ``play_out`` every match still to be played is won by
    its upper entrant, in the same single pass (for :func:`knockout_placing`)."""
    ids = {m.id for m in bracket.matches}
    for match_id in results:
        if match_id not in ids:
            raise FormatError(
                "unknown_match",
                f"no match {match_id!r} in this bracket",
                path="results",
            )
    states: dict[str, MatchState] = {}
    n = len(bracket.seeds)

    def resolve(source: Source) -> EntryId | None:
        if source.kind == "seed":
            seed = int(source.ref)
            return bracket.seeds[seed - 1] if seed <= n else BYE
        state = states.get(str(source.ref))
        if state is None:
            return None
        return state.winner if source.kind == "winner" else state.loser

    # Matches are stored in dependency order (every source precedes its match).
    for m in bracket.matches:
        a, b = (resolve(s) for s in m.sources)
        path = f"results.{m.id}"
        if m.conditional:
            final = states.get("GF")
            # The winners'-bracket champion won the final, or the final was a
            # walkover (a withdrawal): no reset.
            if (
                final is not None
                and final.winner is not None
                and (final.winner == final.entrants[0] or final.walkover)
            ):
                states[m.id] = MatchState(m.id, (a, b), not_needed=True)
                if m.id in results:
                    raise FormatError(
                        "not_needed", "the reset is not played", path=path
                    )
                continue
        if a is BYE or b is BYE:
            if m.id in results:
                raise FormatError("walkover", "this match is a walkover", path=path)
            if a is None or b is None:
                states[m.id] = MatchState(m.id, (a, b))
            else:
                winner = b if a is BYE else a
                states[m.id] = MatchState(m.id, (a, b), winner, BYE, walkover=True)
            continue
        winner = results.get(m.id)
        if winner is None:
            states[m.id] = _unplayed(m.id, a, b, gone)
            if not (play_out and states[m.id].ready):
                continue
            winner = a
        if a is None or b is None:
            raise FormatError(
                "not_ready", "the entrants of this match are not known yet", path=path
            )
        if winner not in (a, b):
            raise FormatError(
                "not_in_match", f"{winner!r} is not playing match {m.id}", path=path
            )
        states[m.id] = MatchState(m.id, (a, b), winner, b if winner == a else a)
    return BracketState(states, _champion(bracket, states), gone)


def _unplayed(
    match_id: str, a: EntryId | None, b: EntryId | None, gone: frozenset[EntryId]
) -> MatchState:
    """A match without a result: waiting, or forfeited by a withdrawn entrant."""
    if a is None or b is None:
        return MatchState(match_id, (a, b))
    out = tuple(e for e in (a, b) if e in gone)
    if not out:
        return MatchState(match_id, (a, b))
    if len(out) == 2:
        return MatchState(match_id, (a, b), BYE, BYE, walkover=True, withdrawn=out)
    winner = b if out[0] == a else a
    return MatchState(match_id, (a, b), winner, out[0], walkover=True, withdrawn=out)


def _champion(bracket: Bracket, states: Mapping[str, MatchState]) -> EntryId | None:
    if bracket.kind == "single":
        final = states[f"W{_log2(bracket.size)}-1"]
        winner = final.winner
    else:
        reset = states.get("GF2")
        final = states["GF"]
        winner = (
            reset.winner if reset is not None and not reset.not_needed else final.winner
        )
    # Both finalists withdrew: nobody is champion.
    return None if winner is BYE else winner


def ready_round(
    bracket: Bracket,
    state: BracketState,
    *,
    round_number: int,
    series: Mapping[str, SeriesResult] | None = None,
) -> Round:
    """The games that can be played now, as tables with reasons.

    One table per ready bracket match: the first game of a match whose entrants have
    just become known, or the next game of an undecided series (``series`` from
    :func:`advance_series`). The entrant in ``sides[0]`` plays first: the upper slot
    in odd-numbered games of a series, the lower slot in even-numbered ones.
    """
    series = series or {}
    tables = []
    for number, match_id in enumerate(state.ready(), start=1):
        m = bracket.match(match_id)
        entrants = state.matches[match_id].entrants
        so_far = series.get(match_id) or series_result(entrants, (), best_of=m.best_of)
        game, sides = next_game(entrants, so_far)
        whence = " v ".join(_describe(s, bracket) for s in m.sources)
        text = f"{match_id} ({m.section} bracket, round {m.round}): {whence}"
        if m.best_of > 1:
            text += f"; best of {m.best_of}, game {game}, series {so_far.score}"
        reasons = [
            Reason(
                ReasonCode.SEED,
                text,
                entries=entrants,
                data={
                    "match": match_id,
                    "best_of": m.best_of,
                    "game": game,
                    "series": list(so_far.wins),
                    "draws": so_far.draws,
                },
            )
        ]
        if game == 1:
            reasons.extend(_walkover_reasons(m, state))
        if game > 1:
            drawn = (
                f" ({so_far.draws} drawn game{'s' if so_far.draws > 1 else ''} "
                "replayed: a draw does not count)"
                if so_far.draws
                else ""
            )
            reasons.append(
                Reason(
                    ReasonCode.SIDE_BALANCE,
                    f"{sides[0]} plays first in game {game}: the sides alternate "
                    f"between the games of a series{drawn}",
                    entries=(sides[0],),
                    data={"match": match_id, "game": game, "first": sides[0]},
                )
            )
        tables.append(Table(number, ((sides[0],), (sides[1],)), tuple(reasons)))
    return Round(round_number, tuple(tables))


def _walkover_reasons(m: BracketMatch, state: BracketState) -> list[Reason]:
    """How an entrant of ``m`` got here without playing: its previous match was
    forfeited by a withdrawn opponent."""
    reasons = []
    for source in m.sources:
        if source.kind != "winner":
            continue
        previous = state.matches[str(source.ref)]
        if not previous.withdrawn or previous.winner is BYE:
            continue
        out = ", ".join(str(e) for e in previous.withdrawn)
        reasons.append(
            Reason(
                ReasonCode.WALKOVER,
                f"{previous.winner} reached {m.id} without playing {previous.match_id}"
                f": {out} withdrew (walkover)",
                entries=(previous.winner, *previous.withdrawn),
                data={
                    "match": previous.match_id,
                    "advanced": previous.winner,
                    "withdrawn": list(previous.withdrawn),
                },
            )
        )
    return reasons


def _describe(source: Source, bracket: Bracket) -> str:
    if source.kind == "seed":
        return f"seed {source.ref}"
    return f"{source.kind} of {source.ref}"


# --- best-of-N series ---------------------------------------------------------------
#
# A bracket match of ``best_of`` N (odd) is a series of games, each its own table;
# the first entrant to win ⌈N/2⌉ games wins the match. A drawn game (for games that
# can end level) does not count for either side and is replayed, so a series has at
# most N *decisive* games, and the number of draws is unbounded only in theory.
# Who plays first alternates from game to game (draws included), the upper slot
# starting: over a series the sides are as balanced as an odd count allows.

GameResult = EntryId | None  # a game's winner, or None for a draw


@dataclass(frozen=True)
class SeriesResult:
    best_of: int
    wins: tuple[int, int]  # aligned with the match's entrants (upper slot first)
    winner: EntryId | None  # None while undecided
    games_left: int  # at most this many more decisive games
    draws: int = 0

    @property
    def games_played(self) -> int:
        return self.wins[0] + self.wins[1] + self.draws

    @property
    def score(self) -> str:
        return f"{self.wins[0]}\u2013{self.wins[1]}"


def series_result(
    sides: Sequence[EntryId], game_winners: Sequence[GameResult], *, best_of: int
) -> SeriesResult:
    """Who has won a best-of-``best_of`` series, given each game's winner in the
    order played (``None`` for a drawn game, which does not count)."""
    if best_of < 1 or best_of % 2 == 0:
        raise FormatError(
            "bad_best_of", "best-of must be an odd number", path="best_of"
        )
    sides = tuple(sides)
    need = best_of // 2 + 1
    wins = [0, 0]
    draws = 0
    winner = None
    for index, game in enumerate(game_winners):
        if winner is not None:
            raise FormatError(
                "series_over", "the series was already decided", path=f"games.{index}"
            )
        if game is None:
            draws += 1
            continue
        if game not in sides:
            raise FormatError(
                "not_in_series",
                f"{game!r} is not in this series",
                path=f"games.{index}",
            )
        wins[sides.index(game)] += 1
        if max(wins) == need:
            winner = sides[wins.index(need)]
    left = 0 if winner is not None else best_of - wins[0] - wins[1]
    return SeriesResult(best_of, (wins[0], wins[1]), winner, left, draws)


def next_game(
    sides: Sequence[EntryId], so_far: SeriesResult
) -> tuple[int, tuple[EntryId, EntryId]]:
    """The number (1-based) of the series' next game and its sides, first player
    first: the upper slot plays first in odd-numbered games."""
    if so_far.winner is not None:
        raise FormatError("series_over", "the series was already decided")
    a, b = sides
    game = so_far.games_played + 1
    return game, ((a, b) if game % 2 == 1 else (b, a))


def advance_series(
    bracket: Bracket,
    games: Mapping[str, Sequence[GameResult]],
    *,
    withdrawn: Collection[EntryId] = (),
) -> tuple[BracketState, dict[str, SeriesResult]]:
    """Fold game results (match id -> each game's winner, ``None`` for a draw, in the
    order played) over a bracket of series.

    A match's series is decided when someone has won ⌈N/2⌉ games; the decided
    series are the results :func:`advance` folds. Returns the bracket state and the
    series of every match that has a game. A ``withdrawn`` entry forfeits a series
    it has not won yet (the games already played stay in the score). Errors name
    ``results.<match>[.games.i]``: a game for a match whose entrants are not known,
    a winner who is not in the match, a game after the series was decided.
    """
    ids = {m.id for m in bracket.matches}
    for match_id in games:
        if match_id not in ids:
            raise FormatError(
                "unknown_match",
                f"no match {match_id!r} in this bracket",
                path="results",
            )
    # Winners can be read off the games alone (the first entry to reach ⌈N/2⌉);
    # ``advance`` then checks them against the entrants, and the full series check
    # below catches anything else.
    decided: dict[str, EntryId] = {}
    for match_id, played in games.items():
        need = bracket.match(match_id).best_of // 2 + 1
        count: dict[EntryId, int] = {}
        for game in played:
            if game is None:
                continue
            count[game] = count.get(game, 0) + 1
            if count[game] == need:
                decided[match_id] = game
                break
    state = advance(bracket, decided, withdrawn=withdrawn)
    series: dict[str, SeriesResult] = {}
    for m in bracket.matches:
        played = games.get(m.id)
        if not played:
            continue
        path = f"results.{m.id}"
        match_state = state.matches[m.id]
        if match_state.not_needed:
            raise FormatError("not_needed", "the reset is not played", path=path)
        if match_state.walkover and not match_state.withdrawn:
            raise FormatError("walkover", "this match is a walkover", path=path)
        if any(e is None or e is BYE for e in match_state.entrants):
            raise FormatError(
                "not_ready", "the entrants of this match are not known yet", path=path
            )
        try:
            series[m.id] = series_result(
                match_state.entrants, played, best_of=m.best_of
            )
        except FormatError as error:
            raise FormatError(
                error.code, error.message, path=f"{path}.{error.path}"
            ) from None
    return state, series


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


# --- picture ------------------------------------------------------------------------

_BOX_W, _BOX_H, _GAP_X, _ROW_H = 150, 40, 40, 56


def render_bracket_svg(
    bracket: Bracket,
    state: BracketState | None = None,
    *,
    series: Mapping[str, SeriesResult] | None = None,
    names: Mapping[EntryId, str] | None = None,
) -> str:
    """A self-contained SVG of the bracket (no external libraries or fonts).

    ``names`` labels the entries (their ids otherwise); with ``series`` a best-of-N
    match shows each entrant's games won and the series score above its box.
    """
    series = series or {}
    sections = (
        ["winners", "losers", "final"]
        if bracket.kind == "double"
        else [
            "winners",
            "final",
        ]
    )
    positions: dict[str, tuple[float, float]] = {}
    top = 0.0
    width = 0.0
    for section in sections:
        rounds = bracket.rounds(section)
        if not rounds:
            continue
        rows = max(len(r) for r in rounds)
        height = rows * _ROW_H
        for c, matches in enumerate(rounds):
            x = c * (_BOX_W + _GAP_X) + 10
            spacing = height / len(matches)
            for i, m in enumerate(matches):
                positions[m.id] = (x, top + spacing * (i + 0.5) - _BOX_H / 2 + 20)
            width = max(width, x + _BOX_W + 10)
        top += height + 30
    parts = []
    for m in bracket.matches:
        if m.winner_to and m.winner_to[0] in positions and m.id in positions:
            x1, y1 = positions[m.id]
            x2, y2 = positions[m.winner_to[0]]
            ya = y1 + _BOX_H / 2
            yb = y2 + (_BOX_H / 4 if m.winner_to[1] == 0 else 3 * _BOX_H / 4)
            xm = x1 + _BOX_W + _GAP_X / 2
            parts.append(
                f'<path d="M{x1 + _BOX_W:.0f},{ya:.0f} H{xm:.0f} V{yb:.0f} '
                f'H{x2:.0f}" fill="none" stroke="#888"/>'
            )
    for m in bracket.matches:
        if m.id not in positions:
            continue
        x, y = positions[m.id]
        labels = _slot_labels(bracket, m, state, names or {})
        played = series.get(m.id) if m.best_of > 1 else None
        caption = m.id
        if m.best_of > 1:
            caption += f" \u00b7 best of {m.best_of}"
            if played is not None:
                caption += f" \u00b7 {played.score}"
        match_state = state.matches.get(m.id) if state else None
        if match_state is not None and match_state.withdrawn:
            caption += " \u00b7 walkover"
        parts.append(
            f'<g><rect x="{x:.0f}" y="{y:.0f}" width="{_BOX_W}" height="{_BOX_H}" '
            'fill="#fff" stroke="#333"/>'
            f'<text x="{x + 4:.0f}" y="{y - 3:.0f}" font-size="9" fill="#666">'
            f"{html.escape(caption)}</text>"
        )
        for slot, (label, won) in enumerate(labels):
            weight = ' font-weight="bold"' if won else ""
            entrant = match_state.entrants[slot] if match_state else None
            if state is not None and entrant is not None and entrant in state.withdrawn:
                # A withdrawn entrant is struck through, in grey.
                weight += ' text-decoration="line-through" fill="#888"'
            parts.append(
                f'<text x="{x + 6:.0f}" y="{y + 16 + slot * 18:.0f}" font-size="12"'
                f"{weight}>{html.escape(label)}</text>"
            )
            if played is not None:
                parts.append(
                    f'<text x="{x + _BOX_W - 6:.0f}" y="{y + 16 + slot * 18:.0f}" '
                    f'font-size="12" text-anchor="end"{weight}>'
                    f"{played.wins[slot]}</text>"
                )
        parts.append("</g>")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{width:.0f}" height="{top:.0f}" font-family="sans-serif">'
        + "".join(parts)
        + "</svg>"
    )


_LABEL_MAX = 19


def _short(text: str) -> str:
    return text if len(text) <= _LABEL_MAX else text[: _LABEL_MAX - 1] + "\u2026"


def _slot_labels(
    bracket: Bracket,
    m: BracketMatch,
    state: BracketState | None,
    names: Mapping[EntryId, str],
) -> list[tuple[str, bool]]:
    match_state = state.matches.get(m.id) if state else None
    labels = []
    for slot, source in enumerate(m.sources):
        entrant = match_state.entrants[slot] if match_state else None
        if entrant is BYE or (
            entrant is None
            and source.kind == "seed"
            and int(source.ref) > len(bracket.seeds)
        ):
            labels.append(("bye", False))
        elif entrant is not None:
            won = match_state is not None and match_state.winner == entrant
            labels.append((_short(names.get(entrant, str(entrant))), won))
        elif source.kind == "seed":
            seeded = bracket.seeds[int(source.ref) - 1]
            labels.append(
                (_short(f"({source.ref}) {names.get(seeded, str(seeded))}"), False)
            )
        else:
            labels.append(
                (f"{'W' if source.kind == 'winner' else 'L'} of {source.ref}", False)
            )
    return labels
