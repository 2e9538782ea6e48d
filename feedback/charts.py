"""Charts as inline SVG strings, drawn on the server for the report page, the PDF and the dashboard.

Plain SVG only (presentation attributes, no CSS variables, no script) so WeasyPrint prints them as
the browser shows them. Each chart is an image to assistive technology (role="img" with a <title>
and a <desc> that lists the data) and labels its values in text, not by colour alone. Every piece
of text is escaped: labels can come from recruiters and dates from anywhere.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any
from xml.sax.saxutils import escape

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
INK = "#1f2933"
MUTED = "#616e7c"
GRID = "#d9dee3"
BAR = "#0072B2"
BAND = "#e3f1e8"
# Okabe-Ito colours (distinguishable with colour-blindness), paired with dash patterns and marker shapes.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
DASHES = ("", "6 3", "2 3", "8 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond")

_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def esc(text: object) -> str:
    """Text safe inside an SVG element or a double-quoted attribute."""
    return escape(_INVALID_XML.sub("", str(text)), {'"': "&quot;", "'": "&#x27;"})


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _score(value: float) -> str:
    rounded = Decimal(repr(float(value))).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return str(rounded).removesuffix(".0")


def _short(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _label(name: str) -> str:
    name = str(name).replace("_", " ").strip()
    return name[:1].upper() + name[1:]


def _chart_id(*parts: object) -> str:
    return "chart-" + hashlib.sha1(repr(parts).encode()).hexdigest()[:10]


def _svg(width: float, height: float, title: str, desc: str, body: list[str], *, kind: str) -> str:
    cid = _chart_id(kind, title, desc, width, height)
    return "".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="chart chart-{esc(kind)}" role="img" '
            f'width="{_num(width)}" height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}" '
            f'aria-labelledby="{cid}-title {cid}-desc">',
            f'<title id="{cid}-title">{esc(title)}</title>',
            f'<desc id="{cid}-desc">{esc(desc)}</desc>',
            f'<g font-family="{esc(FONT)}" font-size="12" fill="{INK}">',
            *body,
            "</g></svg>",
        ]
    )


def _text(x: float, y: float, content: str, *, anchor: str = "start", fill: str = INK, size: float = 12,
          weight: str | None = None, italic: bool = False) -> str:
    extra = f' font-weight="{weight}"' if weight else ""
    extra += ' font-style="italic"' if italic else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}" fill="{fill}" font-size="{_num(size)}"{extra}>'
        f"{esc(content)}</text>"
    )


def _pairs(data: Mapping[str, float | None] | Iterable[tuple[str, float | None]]) -> list[tuple[str, float | None]]:
    items = data.items() if isinstance(data, Mapping) else data
    return [(str(name), None if value is None else float(value)) for name, value in items]


def _empty(title: str, message: str, *, kind: str, width: float = 420) -> str:
    return _svg(width, 40, title, message, [_text(8, 24, message, fill=MUTED, italic=True)], kind=kind)


# ---------------------------------------------------------------------------------------------
# Horizontal bars (competencies, stages, pace)


def _hbars(
    rows: list[tuple[str, float | None, str]],
    *,
    title: str,
    desc: str,
    kind: str,
    maximum: float,
    ticks: list[float],
    tick_label=_num,
    width: float = 520,
    label_width: float = 170,
    band: tuple[float, float] | None = None,
    band_label: str = "",
    value_width: float = 110,
    label_chars: int = 24,
) -> str:
    row_height, top = 26, 10
    plot_left, plot_right = label_width, width - value_width
    axis_y = top + row_height * len(rows) + 4
    height = axis_y + 22 + (16 if band_label else 0)

    def x(value: float) -> float:
        return plot_left + (plot_right - plot_left) * max(0.0, min(value, maximum)) / maximum

    body: list[str] = []
    if band:
        body.append(
            f'<rect x="{_num(x(band[0]))}" y="{top - 4}" width="{_num(x(band[1]) - x(band[0]))}" '
            f'height="{_num(axis_y - top + 4)}" fill="{BAND}"/>'
        )
    for tick in ticks:
        body.append(
            f'<line x1="{_num(x(tick))}" y1="{top - 4}" x2="{_num(x(tick))}" y2="{_num(axis_y)}" '
            f'stroke="{GRID}" stroke-width="1"/>'
        )
        body.append(_text(x(tick), axis_y + 14, tick_label(tick), anchor="middle", fill=MUTED, size=10))
    for index, (name, value, value_text) in enumerate(rows):
        y = top + index * row_height
        body.append(f"<g><title>{esc(name)}: {esc(value_text)}</title>")
        body.append(_text(plot_left - 8, y + 15, _short(name, label_chars), anchor="end"))
        if value is None:
            body.append(_text(plot_left + 4, y + 15, value_text, fill=MUTED, italic=True))
        else:
            bar_end = x(value)
            body.append(
                f'<rect x="{_num(plot_left)}" y="{y + 3}" width="{_num(max(bar_end - plot_left, 1))}" '
                f'height="{row_height - 8}" fill="{BAR}"/>'
            )
            body.append(_text(bar_end + 6, y + 15, value_text, weight="bold"))
        body.append("</g>")
    body.append(
        f'<line x1="{_num(plot_left)}" y1="{top - 4}" x2="{_num(plot_left)}" y2="{_num(axis_y)}" '
        f'stroke="{MUTED}" stroke-width="1"/>'
    )
    if band_label:
        body.append(_text(plot_left, axis_y + 32, band_label, fill=MUTED, size=10))
    return _svg(width, height, title, desc, body, kind=kind)


# Phone-sized geometry: drawn at about the width a phone shows, so the text stays at its size.
NARROW_WIDTH = 340
_NARROW_BARS: dict[str, Any] = {"width": NARROW_WIDTH, "label_width": 112, "value_width": 56, "label_chars": 15}


def competency_bar_chart(
    scores: Mapping[str, float | None] | Iterable[tuple[str, float | None]],
    *,
    title: str = "Competency scores (0-5)",
    width: float = 520,
    narrow: bool = False,
) -> str:
    """One bar per competency on a 0-5 scale; a competency without data says so instead of a bar.

    `narrow` draws it for a phone's width (shorter labels), like every chart here that takes it.
    """
    pairs = _pairs(scores)
    if not pairs:
        return _empty(title, "No competencies to show.", kind="competencies")
    rows = [(_label(n), v, "no data" if v is None else f"{_score(v)} / 5") for n, v in pairs]
    desc = "; ".join(f"{name}: {text}" for name, _v, text in rows)
    geometry = _NARROW_BARS if narrow else {"width": width}
    return _hbars(rows, title=title, desc=desc, kind="competencies", maximum=5, ticks=[0, 1, 2, 3, 4, 5], **geometry)


def _duration(seconds: float) -> str:
    total = int(round(seconds))
    return f"{total // 60}:{total % 60:02d}"


def stage_duration_chart(
    stages: Iterable[tuple[str, float | None]] | Mapping[str, float | None],
    *,
    title: str = "Time per stage",
    width: float = 520,
    narrow: bool = False,
) -> str:
    """One bar per stage, in minutes:seconds."""
    pairs = _pairs(stages)
    if not pairs:
        return _empty(title, "No stages to show.", kind="stages")
    longest = max((v for _n, v in pairs if v is not None), default=60.0)
    step = next(s for s in (30, 60, 120, 300, 600, 900, 1800, 3600) if longest / s <= 6)
    top = step * max(1, -(-int(longest) // step))
    rows = [(_label(n), v, "n/a" if v is None else _duration(v)) for n, v in pairs]
    desc = "; ".join(f"{name}: {text}" for name, _v, text in rows)
    ticks = [float(t) for t in range(0, int(top) + 1, step)]
    geometry = _NARROW_BARS if narrow else {"width": width}
    return _hbars(
        rows, title=title, desc=desc, kind="stages", maximum=float(top), ticks=ticks, tick_label=_duration, **geometry
    )


def answer_pace_chart(
    answers: Iterable[tuple[str, float | None, float | None]],
    *,
    title: str = "Pace and filler words per answer",
    width: float = 560,
    narrow: bool = False,
) -> str:
    """Words per minute per answer (label, wpm, fillers per minute), with the 120-160 wpm band shaded.

    Typed answers (wpm None) show "typed: n/a" instead of a bar.
    """
    rows_in = list(answers)
    if not rows_in:
        return _empty(title, "No answers to show.", kind="pace")
    fastest = max((w for _l, w, _f in rows_in if w is not None), default=0.0)
    maximum = max(200.0, 50.0 * -(-fastest // 50))
    rows: list[tuple[str, float | None, str]] = []
    for label, wpm, fillers in rows_in:
        if wpm is None:
            rows.append((str(label), None, "typed: n/a"))
        else:
            text = f"{wpm:.0f} wpm"
            if fillers is not None:
                text += f", {_score(fillers)}" + (" fill/min" if narrow else " fillers/min")
            rows.append((str(label), float(wpm), text))
    desc = "; ".join(f"{name}: {text}" for name, _v, text in rows) + ". Comfortable pace: 120-160 words a minute."
    ticks = [float(t) for t in range(0, int(maximum) + 1, 50)]
    return _hbars(
        rows,
        title=title,
        desc=desc,
        kind="pace",
        maximum=maximum,
        ticks=[t for t in ticks if not narrow or t % 100 == 0],
        width=NARROW_WIDTH if narrow else width,
        label_width=76 if narrow else 120,
        band=(120, 160),
        band_label="Shaded: a comfortable pace, 120-160 wpm" if narrow else
        "Shaded: a comfortable pace, 120-160 words a minute",
        value_width=128 if narrow else 200,
        label_chars=11 if narrow else 24,
    )


# ---------------------------------------------------------------------------------------------
# Lines


def _date_label(value: date | datetime | str, *, year: bool = True) -> str:
    if not isinstance(value, datetime | date):
        try:
            value = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
        except ValueError:
            return _short(str(value), 12)
    return f"{value.day} {value:%b %Y}" if year else f"{value.day} {value:%b}"


def _tick_labels(ticks: Sequence[tuple[float, str]], *, y: float, width: float, size: float) -> list[str]:
    """Axis labels that neither repeat nor overlap nor leave the chart: one per distinct label (the first
    place it occurs), at a regular stride counted back from the last one, so the latest always shows."""
    distinct: list[tuple[float, str]] = []
    for x, label in ticks:
        if all(label != seen for _x, seen in distinct):
            distinct.append((x, label))

    def span(tick: tuple[float, str]) -> tuple[float, float]:
        half = len(tick[1]) * size * 0.31  # about half a label's width at this size
        centre = min(max(tick[0], half + 1), width - half - 1)  # kept inside the chart
        return centre - half, centre + half

    gap = size * 0.8
    kept: list[tuple[float, str]] = []
    for stride in range(1, len(distinct) + 1):
        kept = distinct[::-1][::stride][::-1]
        if all(span(b)[0] >= span(a)[1] + gap for a, b in zip(kept, kept[1:], strict=False)):
            break
    return [_text(sum(span(tick)) / 2, y, tick[1], anchor="middle", fill=MUTED, size=size) for tick in kept]


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    if shape == "square":
        return f'<rect x="{_num(x - 4)}" y="{_num(y - 4)}" width="8" height="8" fill="{colour}"/>'
    if shape == "triangle":
        points = f"{_num(x)},{_num(y - 5)} {_num(x + 5)},{_num(y + 4)} {_num(x - 5)},{_num(y + 4)}"
        return f'<polygon points="{points}" fill="{colour}"/>'
    if shape == "diamond":
        points = f"{_num(x)},{_num(y - 5)} {_num(x + 5)},{_num(y)} {_num(x)},{_num(y + 5)} {_num(x - 5)},{_num(y)}"
        return f'<polygon points="{points}" fill="{colour}"/>'
    return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="4" fill="{colour}"/>'


def _line_commands(points: list[tuple[float, float | None]]) -> str:
    """Path data joining consecutive points; a None breaks the line, and a lone point draws nothing."""
    runs: list[list[tuple[float, float]]] = [[]]
    for px, py in points:
        if py is None:
            runs.append([])
        else:
            runs[-1].append((px, py))
    return " ".join(
        " ".join(f"{'L' if i else 'M'}{_num(px)} {_num(py)}" for i, (px, py) in enumerate(run))
        for run in runs
        if len(run) > 1
    )


LEGEND_SIZE = 11
_LEGEND_KEY = 28  # the line and marker before each legend label
_LEGEND_GAP = 12


def _legend_layout(names: Sequence[str], no_data: set[str], width: float, *, max_columns: int) -> tuple[int, list[str]]:
    """As many legend columns (up to max_columns) as let every label fit whole in its column; labels that
    fit no column are shortened to one. A label is the competency's name, "(no data)" after it when unscored."""
    labels = [_label(name) + (" (no data)" if name in no_data else "") for name in names]
    char = LEGEND_SIZE * 0.62  # a generous average glyph width for the sans-serif the charts use

    def fits(columns: int) -> int:
        return int((width / columns - _LEGEND_KEY - _LEGEND_GAP) // char)

    columns = next((c for c in range(max_columns, 1, -1) if all(len(t) <= fits(c) for t in labels)), 1)
    if columns == 1:
        limit = fits(1)
        labels = [t if len(t) <= limit else _short(_label(n), limit - (10 if n in no_data else 0))
                  + (" (no data)" if n in no_data else "") for n, t in zip(names, labels, strict=True)]
    return columns, labels


def competency_trend_chart(
    interviews: Sequence[tuple[date | datetime | str, Mapping[str, float | None]]],
    *,
    competencies: Sequence[str] | None = None,
    title: str = "Competency scores over time",
    width: float = 600,
    height: float = 240,
    narrow: bool = False,
) -> str:
    """Scores 0-5 per competency across interviews, oldest first: one line per competency, with a legend.

    `interviews` is [(date, {competency: score or None})]. Points sit evenly along the x axis (two
    interviews on one day stay apart); a missing score breaks its line rather than inventing a value.
    """
    points = list(interviews)
    names = list(competencies) if competencies is not None else list(
        dict.fromkeys(name for _when, scores in points for name in scores)
    )
    if not points or not names:
        return _empty(title, "No interviews with scores yet.", kind="trend")
    if narrow:
        width, height = NARROW_WIDTH, 200
    left, right, top = (28 if narrow else 40), 16, 12
    no_data = {name for name in names if all(scores.get(name) is None for _when, scores in points)}
    columns, labels = _legend_layout(names, no_data, width - left, max_columns=2 if narrow else 3)
    inset = 36  # keeps the first and last date labels inside the chart
    plot_height = height - top - 34
    legend_rows = -(-len(names) // columns)
    total_height = height + 8 + legend_rows * 18
    plot_width = width - left - right
    count = len(points)

    def x(i: int) -> float:
        return left + plot_width / 2 if count == 1 else left + inset + (plot_width - 2 * inset) * i / (count - 1)

    def y(score: float) -> float:
        return top + plot_height * (1 - max(0.0, min(score, 5.0)) / 5)

    body: list[str] = []
    for tick in range(6):
        body.append(
            f'<line x1="{left}" y1="{_num(y(tick))}" x2="{_num(width - right)}" y2="{_num(y(tick))}" '
            f'stroke="{GRID}" stroke-width="1"/>'
        )
        body.append(_text(left - 8, y(tick) + 4, str(tick), anchor="end", fill=MUTED, size=10))
    tick_size = 11 if narrow else 10
    body += _tick_labels([(x(i), _date_label(when, year=not narrow)) for i, (when, _s) in enumerate(points)],
                         y=top + plot_height + 18, width=width, size=tick_size)

    described: list[str] = []
    for s, name in enumerate(names):
        colour, dash, shape = PALETTE[s % len(PALETTE)], DASHES[s % len(DASHES)], MARKERS[s % len(MARKERS)]
        values = [scores.get(name) for _when, scores in points]
        commands = _line_commands([(x(i), None if v is None else y(float(v))) for i, v in enumerate(values)])
        body.append(f"<g><title>{esc(_label(name))}</title>")
        if commands:
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            body.append(f'<path d="{commands}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr}/>')
        for i, value in enumerate(values):
            if value is not None:
                body.append(_marker(shape, x(i), y(float(value)), colour))
        body.append("</g>")
        shown = [
            f"{_date_label(when)} {_score(float(v))}" if v is not None else f"{_date_label(when)} no data"
            for (when, _s), v in zip(points, values, strict=True)
        ]
        described.append(f"{_label(name)}: {', '.join(shown)}")

    legend_top = height + 4
    column = (width - left) / columns
    for s in range(len(names)):
        lx = left + column * (s % columns)
        ly = legend_top + 18 * (s // columns)
        colour, dash, shape = PALETTE[s % len(PALETTE)], DASHES[s % len(DASHES)], MARKERS[s % len(MARKERS)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        body.append(
            f'<line x1="{_num(lx)}" y1="{_num(ly)}" x2="{_num(lx + 22)}" y2="{_num(ly)}" '
            f'stroke="{colour}" stroke-width="2"{dash_attr}/>'
        )
        body.append(_marker(shape, lx + 11, ly, colour))
        body.append(_text(lx + 28, ly + 4, labels[s], size=LEGEND_SIZE))
    desc = "Scores from 0 to 5. " + "; ".join(described)
    return _svg(width, total_height, title, desc, body, kind="trend")


def day_columns_chart(rows: Sequence[Mapping], *, title: str = "Interviews per day", narrow: bool = False) -> str:
    """A count per day as columns (rows are {"day": date, "count": int}, oldest first), dates labelled
    without overlaps, the latest always."""
    width, height, left, bottom, top = (NARROW_WIDTH, 170, 26, 24, 10) if narrow else (640, 170, 32, 22, 10)
    size = 11 if narrow else 10
    peak = max([int(r["count"]) for r in rows] + [1])
    step = (width - left - 8) / max(len(rows), 1)
    plot = height - top - bottom
    body: list[str] = []
    for tick in sorted({0, peak // 2, peak}):
        y = top + plot * (1 - tick / peak)
        body.append(f'<line x1="{left}" y1="{_num(y)}" x2="{width - 8}" y2="{_num(y)}" stroke="{GRID}" stroke-width="1"/>')
        body.append(_text(left - 6, y + 4, str(tick), anchor="end", fill=MUTED, size=size))
    for i, row in enumerate(rows):
        x, h = left + i * step, plot * int(row["count"]) / peak
        body.append(
            f'<g><title>{esc(_date_label(row["day"]))}: {int(row["count"])}</title>'
            f'<rect x="{_num(x + step * 0.15)}" y="{_num(top + plot - h)}" width="{_num(step * 0.7)}" '
            f'height="{_num(max(h, 0.5))}" fill="{BAR}"/></g>'
        )
    body += _tick_labels([(left + (i + 0.5) * step, _date_label(r["day"], year=False)) for i, r in enumerate(rows)],
                         y=height - 6, width=width, size=size)
    desc = "; ".join(f'{_date_label(r["day"])}: {int(r["count"])}' for r in rows)
    return _svg(width, height, title, desc, body, kind="days")


def sparkline(
    values: Sequence[float | None],
    *,
    title: str,
    width: float = 120,
    height: float = 28,
    maximum: float | None = None,
) -> str:
    """A small line of values (None leaves a gap), e.g. words per minute across answers."""
    present = [v for v in values if v is not None]
    if not present:
        return _empty(title, "No data.", kind="sparkline", width=width)
    top_value = maximum if maximum is not None else max(present) or 1.0
    count = len(values)

    def x(i: int) -> float:
        return width / 2 if count == 1 else 3 + (width - 6) * i / (count - 1)

    def y(v: float) -> float:
        return height - 3 - (height - 6) * max(0.0, min(v, top_value)) / top_value

    body: list[str] = []
    commands = _line_commands([(x(i), None if v is None else y(v)) for i, v in enumerate(values)])
    if commands:
        body.append(f'<path d="{commands}" fill="none" stroke="{BAR}" stroke-width="1.5"/>')
    last, last_value = [(i, v) for i, v in enumerate(values) if v is not None][-1]
    body.append(f'<circle cx="{_num(x(last))}" cy="{_num(y(last_value))}" r="2.5" fill="{BAR}"/>')
    desc = ", ".join("n/a" if v is None else _num(round(v, 1)) for v in values)
    return _svg(width, height, title, desc, body, kind="sparkline")


# ---------------------------------------------------------------------------------------------
# From an analysis


def analysis_charts(analysis, *, stage_title=None) -> dict[str, str]:
    """The report's charts for one InterviewAnalysis: competencies, stages, pace (voice only).

    `stage_title(name)` gives the title the report shows for a stage (default: the name).
    """
    stage_title = stage_title or (lambda name: name)
    stages = [(stage_title(s.name), s.seconds) for s in analysis.stages]
    charts = {
        "competencies": competency_bar_chart(analysis.competency_scores()),
        "competencies_narrow": competency_bar_chart(analysis.competency_scores(), narrow=True),
        "stages": stage_duration_chart(stages),
        "stages_narrow": stage_duration_chart(stages, narrow=True),
    }
    answers = analysis.interview_answers()  # numbered as on the report
    if any(a.words_per_minute is not None for a in answers):
        pace = [(f"Question {i}", a.words_per_minute, a.fillers_per_minute) for i, a in enumerate(answers, 1)]
        charts["pace"] = answer_pace_chart(pace)
        charts["pace_narrow"] = answer_pace_chart(pace, narrow=True)
    return charts
