"""The score-progression chart of a match: running totals per side, as SVG.

A pure function of numbers and names (no database, no external service): the sheet
page and the chart URL both call :func:`progression_svg` with the running totals the
fold cached on the match.

Terms: a **point** of a line is a side's running total after a deal; every line starts
at 0 before the first deal. The SVG scales to its container (``viewBox`` with
``width="100%"``) so it stays readable on a 390-pixel phone, carries ``<title>`` and
``<desc>`` for screen readers, and tells the sides apart by dash pattern and an end
label as well as by colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from django.utils.translation import gettext, ngettext, pgettext

# Colour-blind-safe (Okabe–Ito) with a dash pattern per side as a second cue.
SIDE_STYLES: tuple[tuple[str, str], ...] = (
    ("#0072B2", ""),
    ("#D55E00", "6 3"),
    ("#009E73", "2 3"),
    ("#CC79A7", "8 3 2 3"),
    ("#E69F00", "1 2"),
    ("#56B4E9", "4 4"),
)

WIDTH = 360
HEIGHT = 220
MARGIN_LEFT = 44
MARGIN_RIGHT = 64
MARGIN_TOP = 12
MARGIN_BOTTOM = 30


def nice_step(span: float, ticks: int = 4) -> int:
    """A round step (1, 2 or 5 × 10ⁿ) that cuts ``span`` into about ``ticks`` parts."""
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return max(1, int(factor * power))
    return max(1, int(10 * power))  # pragma: no cover - the loop always returns


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def progression_svg(
    *,
    sides: Sequence[str],
    totals: Sequence[Sequence[int]],
    labels: Sequence[str] | None = None,
    title: str = "",
    target: int | None = None,
    id_prefix: str = "chart",
) -> str:
    """SVG of the running totals.

    ``totals[k][s]`` is side ``s``'s running total after the ``k``-th counted deal;
    ``labels[k]`` names that deal on the x axis (its number; default ``k + 1``).
    ``target`` draws the winning line when given.
    """
    sides = list(sides)
    rows = [list(row) for row in totals]
    if any(len(row) != len(sides) for row in rows):
        raise ValueError("every row of totals needs one number per side")
    labels = [str(x) for x in labels] if labels is not None else None
    if labels is not None and len(labels) != len(rows):
        raise ValueError("labels and totals differ in length")
    xs_labels = ["0", *(labels or [str(i + 1) for i in range(len(rows))])]
    points = [[0] * len(sides), *rows]

    values = [v for row in points for v in row]
    if target is not None:
        values.append(target)
    low, high = min([0, *values]), max([0, *values])
    step = nice_step(high - low or 1)
    low = math.floor(low / step) * step
    high = max(math.ceil(high / step) * step, low + step)

    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    count = len(points)

    def x(i: int) -> float:
        return MARGIN_LEFT + (plot_w * i / (count - 1) if count > 1 else 0)

    def y(v: float) -> float:
        return MARGIN_TOP + plot_h * (high - v) / (high - low)

    title_id, desc_id = f"{id_prefix}-title", f"{id_prefix}-desc"
    heading = title or gettext("Score progression")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
        f'preserveAspectRatio="xMidYMid meet" '
        f'aria-labelledby="{title_id} {desc_id}" '
        f'font-family="system-ui, sans-serif" font-size="11">',
        f'<title id="{title_id}">{escape(heading)}</title>',
        f'<desc id="{desc_id}">{escape(describe(sides, rows))}</desc>',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
    ]

    # Horizontal grid and y labels.
    tick = low
    while tick <= high:
        ty = _fmt(y(tick))
        stroke = "#888" if tick == 0 else "#e3e0d9"
        out.append(
            f'<line x1="{MARGIN_LEFT}" y1="{ty}" x2="{WIDTH - MARGIN_RIGHT}" '
            f'y2="{ty}" stroke="{stroke}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{MARGIN_LEFT - 4}" y="{ty}" text-anchor="end" '
            f'dominant-baseline="middle" fill="#66707c">{tick}</text>'
        )
        tick += step

    # X labels, thinned so they never overlap on a phone.
    every = max(1, math.ceil(count / 12))
    for i, label in enumerate(xs_labels):
        if i % every and i != count - 1:
            continue
        out.append(
            f'<text x="{_fmt(x(i))}" y="{HEIGHT - MARGIN_BOTTOM + 14}" '
            f'text-anchor="middle" fill="#66707c">{escape(label)}</text>'
        )
    axis = escape(pgettext("score sheet column", "deal"))
    out.append(
        f'<text x="{MARGIN_LEFT + plot_w / 2:.0f}" y="{HEIGHT - 3}" '
        f'text-anchor="middle" fill="#66707c">{axis}</text>'
    )

    if target is not None:
        ty = _fmt(y(target))
        out.append(
            f'<line x1="{MARGIN_LEFT}" y1="{ty}" x2="{WIDTH - MARGIN_RIGHT}" '
            f'y2="{ty}" stroke="#2e7d32" stroke-dasharray="3 3"/>'
            f'<text x="{WIDTH - MARGIN_RIGHT + 4}" y="{ty}" fill="#2e7d32" '
            f'dominant-baseline="middle">{target}</text>'
        )

    # One line per side, with its name at the end (nudged apart when close).
    ends: list[tuple[float, int]] = []
    for s, name in enumerate(sides):
        colour, dash = SIDE_STYLES[s % len(SIDE_STYLES)]
        coords = " ".join(
            f"{_fmt(x(i))},{_fmt(y(row[s]))}" for i, row in enumerate(points)
        )
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline class="side side-{s}" fill="none" stroke="{colour}" '
            f'stroke-width="2.5" stroke-linejoin="round"{dash_attr} '
            f'points="{coords}"><title>{escape(name)}</title></polyline>'
        )
        for i, row in enumerate(points[1:], start=1):
            out.append(
                f'<circle cx="{_fmt(x(i))}" cy="{_fmt(y(row[s]))}" r="2.5" '
                f'fill="{colour}"/>'
            )
        ends.append((y(points[-1][s]), s))
    last_y = -math.inf
    for end_y, s in sorted(ends):
        end_y = max(end_y, last_y + 12)
        last_y = end_y
        colour = SIDE_STYLES[s % len(SIDE_STYLES)][0]
        out.append(
            f'<text x="{_fmt(x(count - 1) + 5)}" y="{_fmt(end_y)}" fill="{colour}" '
            f'dominant-baseline="middle" font-weight="600">'
            f"{escape(_short(sides[s]))} {points[-1][s]}</text>"
        )
    out.append("</svg>")
    return "".join(out)


def _short(name: str, limit: int = 9) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def describe(sides: Sequence[str], totals: Sequence[Sequence[int]]) -> str:
    """The chart in words, for screen readers and for the ``<desc>``."""
    if not totals:
        return gettext("No deals yet: every side is on 0.")
    last = totals[-1]
    scores = ", ".join(
        f"{name} {points}" for name, points in zip(sides, last, strict=True)
    )
    return ngettext(
        "After %(count)s deal: %(scores)s.",
        "After %(count)s deals: %(scores)s.",
        len(totals),
    ) % {"count": len(totals), "scores": scores}
