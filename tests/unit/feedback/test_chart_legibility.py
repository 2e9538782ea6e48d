"""Charts stay legible at a phone's width and a desktop's: one label per date, labels that neither overlap
nor leave the chart, and the trend chart's legend below its plot, never over the lines."""

import xml.etree.ElementTree as ET
from datetime import date, datetime, timedelta

import pytest

from feedback import charts

SVG = "{http://www.w3.org/2000/svg}"


def axis_labels(svg: str, y_min: float) -> list[tuple[float, float, str, float]]:
    """(left, right, text, size) of each text at or below y_min: the date axis."""
    root = ET.fromstring(svg)
    found = []
    for text in root.iter(f"{SVG}text"):
        if float(text.get("y")) >= y_min and text.get("text-anchor") == "middle":
            size = float(text.get("font-size"))
            half = len(text.text) * size * 0.31
            found.append((float(text.get("x")) - half, float(text.get("x")) + half, text.text, size))
    return found


def width_of(svg: str) -> float:
    return float(ET.fromstring(svg).get("width"))


def assert_legible(labels, width):
    texts = [label for _l, _r, label, _s in labels]
    assert len(texts) == len(set(texts)), f"a date is labelled twice: {texts}"
    for (_l1, right, a, _s), (left, _r2, b, _s2) in zip(labels, labels[1:], strict=False):
        assert left > right, f"{a!r} and {b!r} overlap"
    assert all(left >= 0 and right <= width for left, right, _t, _s in labels), labels


TREND_DAYS = [datetime(2026, 11, 14, 13), datetime(2026, 11, 17, 10), datetime(2026, 11, 17, 13),
              datetime(2026, 11, 20, 9), datetime(2026, 11, 22, 9), datetime(2026, 11, 23, 12)]


@pytest.mark.parametrize("narrow", [False, True])
def test_two_interviews_on_one_day_share_one_date_label(narrow):
    svg = charts.competency_trend_chart([(day, {"a": 3.0, "b": 2.0}) for day in TREND_DAYS],
                                        competencies=["a", "b"], narrow=narrow)
    labels = axis_labels(svg, 150)
    texts = [t for _l, _r, t, _s in labels]
    assert texts.count("17 Nov 2026" if not narrow else "17 Nov") <= 1
    assert texts[-1] == ("23 Nov 2026" if not narrow else "23 Nov")  # the latest interview is always labelled
    assert_legible(labels, width_of(svg))


@pytest.mark.parametrize("narrow", [False, True])
@pytest.mark.parametrize("count", [2, 9, 40])
def test_trend_dates_never_overlap_however_many_interviews(narrow, count):
    days = [date(2026, 1, 1) + timedelta(days=i) for i in range(count)]
    svg = charts.competency_trend_chart([(d, {"a": 3.0}) for d in days], competencies=["a"], narrow=narrow)
    labels = axis_labels(svg, 150)
    assert len(labels) >= 2
    assert_legible(labels, width_of(svg))


@pytest.mark.parametrize("narrow", [False, True])
def test_the_trend_legend_sits_below_the_plot(narrow):
    names = ["system design", "communication", "ownership", "coding craft", "debugging"]
    svg = charts.competency_trend_chart([(d, dict.fromkeys(names, 4.0)) for d in TREND_DAYS], competencies=names,
                                        narrow=narrow)
    root = ET.fromstring(svg)
    axis_y = max(float(t.get("y")) for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "middle")
    plotted = [float(c.get("cy")) for c in root.iter(f"{SVG}circle")]
    legend = [t for t in root.iter(f"{SVG}text") if t.text and t.text.lower().startswith(tuple(n[:5] for n in names))]
    assert len(legend) == len(names)
    assert all(float(t.get("y")) > axis_y for t in legend)  # below the date axis, so below every line
    assert min(float(t.get("y")) for t in legend) > max(plotted[:len(TREND_DAYS)])
    assert all(float(t.get("y")) <= float(root.get("height")) for t in legend)  # and inside the chart


@pytest.mark.parametrize("narrow", [False, True])
@pytest.mark.parametrize("days", [7, 30])
def test_the_staff_chart_of_days_labels_each_date_once_without_overlaps(narrow, days):
    rows = [{"day": date(2026, 10, 25) + timedelta(days=i), "count": i % 3} for i in range(days)]
    svg = charts.day_columns_chart(rows, title="Interviews per day", narrow=narrow)
    assert width_of(svg) == (charts.NARROW_WIDTH if narrow else 640)
    labels = axis_labels(svg, 150)
    assert labels[-1][2] == f"{rows[-1]['day'].day} {rows[-1]['day']:%b}"
    assert_legible(labels, width_of(svg))
    assert "25 Oct 2026: 0" in svg  # the description keeps every day, with its year


def legend_entries(svg: str, axis_y: float) -> list[tuple[float, float, float, str]]:
    """(left, right, y, text) of each legend label: the start-anchored texts below the date axis."""
    root = ET.fromstring(svg)
    return [(float(t.get("x")), float(t.get("x")) + len(t.text) * float(t.get("font-size")) * 0.62,
             float(t.get("y")), t.text)
            for t in root.iter(f"{SVG}text") if float(t.get("y")) > axis_y and t.get("text-anchor") in (None, "start")]


@pytest.mark.parametrize("narrow", [False, True])
def test_legend_labels_with_no_data_neither_overlap_nor_leave_the_chart(narrow):
    """Seen on a candidate's dashboard: "Infrastructure design (no data)" ran over "Observability (no data)"."""
    names = ["reliability engineering", "incident response", "automation", "infrastructure design",
             "observability", "data-informed decisions", "stakeholder management", "communication"]
    svg = charts.competency_trend_chart([(TREND_DAYS[0], {"reliability engineering": 2.4, "communication": 1.6})],
                                        competencies=names, narrow=narrow)
    entries = legend_entries(svg, 200 if not narrow else 170)
    assert len(entries) == len(names)
    assert all(e[3].endswith("(no data)") for e in entries if not e[3].lower().startswith(("reliab", "commun")))
    for row_y in {e[2] for e in entries}:
        row = sorted(e for e in entries if e[2] == row_y)
        for (_l, right, _y, a), (left, _r, _y2, b) in zip(row, row[1:], strict=False):
            assert right + 24 < left, f"{a!r} runs into {b!r}"  # 24: the next entry's line and marker
    assert all(right <= width_of(svg) for _l, right, _y, _t in entries)
