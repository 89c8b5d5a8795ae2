"""A small line chart drawn as SVG by the app itself (plain Python, no Streamlit).

The puzzle rating is charted puzzle by puzzle. Streamlit's own charts bring in
pandas and Altair (about 140 MiB and two seconds of importing for the first
learner who opens the chart, and some 100 ms more on every rerun of that page);
a polyline with its axes is a few hundred bytes of SVG, kept per series.

The page shows it as an <img> of the SVG (`line_chart_image`), as the cards are
shown: `st.html` sanitizes with DOMPurify's HTML profile, which removes inline
<svg> elements whole, so a chart written inline reached the browser as nothing
(an expander that opened on an empty box, while an AppTest, which reads what the
script sent, found the polyline).
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import Final

from tutorial_app.ui.card_svg import data_uri

WIDTH: Final = 640
HEIGHT: Final = 200
_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 14, 12, 40
_LINE: Final = "#1f6feb"
_GRID: Final = "#d9dde3"
_TEXT: Final = "#4a5059"
_FONT: Final = "'DejaVu Sans',Arial,Helvetica,sans-serif"


def _ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round values between low and high for the gridlines (at least two)."""
    span = high - low
    raw = span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.ceil(low / step) * step
    ticks = []
    value = first
    while value <= high + 1e-9:
        ticks.append(value)
        value += step
    return ticks


def _number(value: float) -> str:
    return f"{value:.0f}"


@lru_cache(maxsize=512)
def line_chart_svg(points: tuple[float, ...], x_label: str, y_label: str) -> str:
    """The points joined left to right (x = 0, 1, 2, ...), with gridlines and labelled
    axes, as an <svg> that scales to the width of its container."""
    if not points:
        return ""
    low, high = min(points), max(points)
    pad = max((high - low) * 0.1, 10.0)
    low, high = low - pad, high + pad
    inner_w = WIDTH - _LEFT - _RIGHT
    inner_h = HEIGHT - _TOP - _BOTTOM
    last = max(len(points) - 1, 1)

    def x(i: float) -> float:
        return _LEFT + inner_w * i / last

    def y(v: float) -> float:
        return _TOP + inner_h * (high - v) / (high - low)

    parts = []
    for tick in _ticks(low, high):
        ty = y(tick)
        parts.append(f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{ty:.1f}" y2="{ty:.1f}" '
                     f'stroke="{_GRID}" stroke-width="1"/>'
                     f'<text x="{_LEFT - 6}" y="{ty + 4:.1f}" text-anchor="end" '
                     f'font-size="11" fill="{_TEXT}">{_number(tick)}</text>')
    for i in _ticks(0, last, min(last, 6)):
        if i != int(i):
            continue
        tx = x(i)
        parts.append(f'<text x="{tx:.1f}" y="{HEIGHT - _BOTTOM + 16}" text-anchor="middle" '
                     f'font-size="11" fill="{_TEXT}">{int(i)}</text>')
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(points))
    parts.append(f'<polyline points="{line}" fill="none" stroke="{_LINE}" stroke-width="2.5" '
                 'stroke-linejoin="round" stroke-linecap="round"/>')
    if len(points) <= 60:  # each point a dot that says its rating
        parts.extend(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" fill="{_LINE}">'
                     f'<title>{_number(v)}</title></circle>'
                     for i, v in enumerate(points))
    parts.append(f'<text x="{_LEFT + inner_w / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle" '
                 f'font-size="12" fill="{_TEXT}">{escape(x_label)}</text>'
                 f'<text x="14" y="{_TOP + inner_h / 2:.1f}" text-anchor="middle" '
                 f'font-size="12" fill="{_TEXT}" transform="rotate(-90 14 '
                 f'{_TOP + inner_h / 2:.1f})">{escape(y_label)}</text>')
    said = summary(points, y_label)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{WIDTH}" height="{HEIGHT}" role="img" '
            f'aria-label="{escape(said)}" font-family="{_FONT}">'
            f"<title>{escape(said)}</title>{''.join(parts)}</svg>")


def summary(points: tuple[float, ...], y_label: str) -> str:
    """The chart in words for a screen reader: the label and the last 12 points."""
    return f"{y_label}: " + ", ".join(_number(v) for v in points[-12:])


@lru_cache(maxsize=512)
def line_chart_image(points: tuple[float, ...], x_label: str, y_label: str) -> str:
    """The chart as an <img> of its SVG (see the module docstring: what `st.html`
    keeps), said in words by its alt text; empty with no points."""
    if not points:
        return ""
    svg = line_chart_svg(points, x_label, y_label)
    return (f'<img class="ct-chart" src="{data_uri(svg)}" alt="{escape(summary(points, y_label))}" '
            f'style="width:100%;max-width:{WIDTH}px;height:auto;display:block">')
