"""The bracket as an SVG picture, with entry names and series scores."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping

from games.engine.text import Text, msg
from tournaments.formats.base import EntryId
from tournaments.formats.knockout.bracket import Bracket, BracketMatch
from tournaments.formats.knockout.results import BYE, BracketState, SeriesResult

# --- picture ------------------------------------------------------------------------

_BOX_W, _BOX_H, _GAP_X, _ROW_H = 150, 40, 40, 56


def render_bracket_svg(
    bracket: Bracket,
    state: BracketState | None = None,
    *,
    series: Mapping[str, SeriesResult] | None = None,
    names: Mapping[EntryId, str] | None = None,
    say: Callable[[Text], str] = str,
) -> str:
    """A self-contained SVG of the bracket (no external libraries or fonts).

    ``names`` labels the entries (their ids otherwise); with ``series`` a best-of-N
    match shows each entrant's games won and the series score above its box.
    ``say`` renders the picture's words (a :class:`Text`) in the reader's language
    (English by default).
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
        labels = _slot_labels(bracket, m, state, names or {}, say)
        played = series.get(m.id) if m.best_of > 1 else None
        caption = m.id
        if m.best_of > 1:
            caption += " \u00b7 " + say(msg("best of {games}", games=m.best_of))
            if played is not None:
                caption += f" \u00b7 {played.score}"
        match_state = state.matches.get(m.id) if state else None
        if match_state is not None and match_state.withdrawn:
            caption += " \u00b7 " + say(msg("walkover"))
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
    say: Callable[[Text], str] = str,
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
            labels.append((say(msg("bye")), False))
        elif entrant is not None:
            won = match_state is not None and match_state.winner == entrant
            labels.append((_short(names.get(entrant, str(entrant))), won))
        elif source.kind == "seed":
            seeded = bracket.seeds[int(source.ref) - 1]
            labels.append(
                (_short(f"({source.ref}) {names.get(seeded, str(seeded))}"), False)
            )
        else:
            # the winner or the loser of an earlier match, short for a small box
            of = (
                msg("W of {match}", match=source.ref)
                if source.kind == "winner"
                else msg("L of {match}", match=source.ref)
            )
            labels.append((say(of), False))
    return labels
