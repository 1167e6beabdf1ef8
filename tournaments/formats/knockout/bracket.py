"""The bracket drawn: seeds placed (byes to the top seeds), single and double
elimination, and the links between matches (see :mod:`tournaments.formats.knockout`
for the terms)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from games.engine.text import msg
from tournaments.formats.base import EntryId, FormatError, unique_entries

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
            "too_few_entries", msg("a knockout needs two entries"), path="seeds"
        )
    if best_of < 1 or best_of % 2 == 0:
        raise FormatError(
            "bad_best_of", msg("best-of must be an odd number"), path="best_of"
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
