"""A bracket's state folded from its games: walkovers, forfeits of withdrawn
entries, best-of-N series (a draw does not count and is replayed), the champion,
and the next round's ready games."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.text import Text, msg
from tournaments.formats.base import EntryId, FormatError, Round, Table
from tournaments.formats.explain import Reason, ReasonCode
from tournaments.formats.knockout.bracket import Bracket, BracketMatch, Source, _log2

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
                msg("no match {match_id!r} in this bracket", match_id=match_id),
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
                        "not_needed", msg("the reset is not played"), path=path
                    )
                continue
        if a is BYE or b is BYE:
            if m.id in results:
                raise FormatError(
                    "walkover", msg("this match is a walkover"), path=path
                )
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
                "not_ready",
                msg("the entrants of this match are not known yet"),
                path=path,
            )
        if winner not in (a, b):
            raise FormatError(
                "not_in_match",
                msg(
                    "{winner!r} is not playing match {match}", winner=winner, match=m.id
                ),
                path=path,
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
        upper, lower = (_describe(s) for s in m.sources)
        said = {
            "match": match_id,
            "round": m.round,
            "whence": msg("{upper} v {lower}", upper=upper, lower=lower),
        }
        series_said = {
            "best_of": m.best_of,
            "game": game,
            "series": so_far.score,
        }
        text = _placed(m.section, m.best_of > 1, said, series_said)
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
            said = {"first": sides[0], "game": game, "draws": so_far.draws}
            if so_far.draws > 1:
                text = msg(
                    "{first} plays first in game {game}: the sides alternate between "
                    "the games of a series ({draws} drawn games replayed: a draw "
                    "does not count)",
                    **said,
                )
            elif so_far.draws:
                text = msg(
                    "{first} plays first in game {game}: the sides alternate between "
                    "the games of a series ({draws} drawn game replayed: a draw does "
                    "not count)",
                    **said,
                )
            else:
                text = msg(
                    "{first} plays first in game {game}: the sides alternate between "
                    "the games of a series",
                    **said,
                )
            reasons.append(
                Reason(
                    ReasonCode.SIDE_BALANCE,
                    text,
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
                msg(
                    "{winner} reached {match} without playing {previous}: {out} "
                    "withdrew (walkover)",
                    winner=previous.winner,
                    match=m.id,
                    previous=previous.match_id,
                    out=out,
                ),
                entries=(previous.winner, *previous.withdrawn),
                data={
                    "match": previous.match_id,
                    "advanced": previous.winner,
                    "withdrawn": list(previous.withdrawn),
                },
            )
        )
    return reasons


def _describe(source: Source) -> Text:
    if source.kind == "seed":
        return msg("seed {seed}", seed=source.ref)
    if source.kind == "winner":
        return msg("winner of {match}", match=source.ref)
    return msg("loser of {match}", match=source.ref)


def _placed(
    section: str, series: bool, said: dict[str, Any], series_said: dict[str, Any]
) -> Text:
    """Where a table's match stands in the bracket: a whole sentence for each
    section, with the series' state when it is a best of N."""
    if section == "losers":
        if series:
            return msg(
                "{match} (losers bracket, round {round}): {whence}; best of "
                "{best_of}, game {game}, series {series}",
                **said,
                **series_said,
            )
        return msg("{match} (losers bracket, round {round}): {whence}", **said)
    if section == "final":
        if series:
            return msg(
                "{match} (final bracket, round {round}): {whence}; best of "
                "{best_of}, game {game}, series {series}",
                **said,
                **series_said,
            )
        return msg("{match} (final bracket, round {round}): {whence}", **said)
    if series:
        return msg(
            "{match} (winners bracket, round {round}): {whence}; best of "
            "{best_of}, game {game}, series {series}",
            **said,
            **series_said,
        )
    return msg("{match} (winners bracket, round {round}): {whence}", **said)


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
            "bad_best_of", msg("best-of must be an odd number"), path="best_of"
        )
    sides = tuple(sides)
    need = best_of // 2 + 1
    wins = [0, 0]
    draws = 0
    winner = None
    for index, game in enumerate(game_winners):
        if winner is not None:
            raise FormatError(
                "series_over",
                msg("the series was already decided"),
                path=f"games.{index}",
            )
        if game is None:
            draws += 1
            continue
        if game not in sides:
            raise FormatError(
                "not_in_series",
                msg("{game!r} is not in this series", game=game),
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
        raise FormatError("series_over", msg("the series was already decided"))
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
                msg("no match {match_id!r} in this bracket", match_id=match_id),
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
            raise FormatError("not_needed", msg("the reset is not played"), path=path)
        if match_state.walkover and not match_state.withdrawn:
            raise FormatError("walkover", msg("this match is a walkover"), path=path)
        if any(e is None or e is BYE for e in match_state.entrants):
            raise FormatError(
                "not_ready",
                msg("the entrants of this match are not known yet"),
                path=path,
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
