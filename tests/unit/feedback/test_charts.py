import xml.etree.ElementTree as ET
from datetime import date

import pytest

from feedback import charts
from feedback.analysis import analyse_interview

from .test_analysis import COMPETENCIES, crafted_interview

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = '<script>alert("x")</script> & Co\x07'


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def all_charts() -> list[str]:
    return [
        charts.competency_bar_chart({"problem_solving": 4.5, HOSTILE: None}),
        charts.stage_duration_chart([("greeting", 30), (HOSTILE, 301.5), ("closing", None)]),
        charts.answer_pace_chart([("Answer 1", 142.3, 3.14), (HOSTILE, None, None)]),
        charts.competency_trend_chart(
            [(date(2026, 1, 5), {"a": 3.0}), ("2026-01-07T10:00:00Z", {"a": 3.5, HOSTILE: 2.0})],
            competencies=["a", HOSTILE],
        ),
        charts.sparkline([120, None, 140], title=HOSTILE),
        charts.competency_bar_chart({}),
    ]


@pytest.mark.parametrize("index", range(6))
def test_every_chart_is_well_formed_accessible_svg(index):
    svg = all_charts()[index]
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text
    assert desc is not None and desc.text
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"


def test_charts_escape_their_labels_and_carry_no_script_or_css_variables():
    for svg in all_charts():
        assert "<script" not in svg
        assert "var(--" not in svg
        assert "\x07" not in svg
    root = parse(charts.competency_bar_chart({HOSTILE: 2.0}))
    row_titles = [t.text for t in root.iter(f"{SVG}title")][1:]
    assert row_titles == ['<script>alert("x")</script> & Co: 2 / 5']
    assert '<script>alert("x")</scr…' in texts(root)  # long labels are shortened on the bar


def test_the_competency_chart_labels_scores_and_says_no_data_instead_of_a_bar():
    root = parse(charts.competency_bar_chart({"problem_solving": 4.5, "communication": 2.25, "teamwork": None}))
    labels = texts(root)
    assert ["Problem solving", "Communication", "Teamwork"] == [t for t in labels if t[:1].isalpha() and t != "no data"]
    assert "4.5 / 5" in labels and "2.3 / 5" in labels and "no data" in labels
    bars = [r for r in root.iter(f"{SVG}rect")]
    assert len(bars) == 2
    assert "Teamwork: no data" in root.find(f"{SVG}desc").text


def test_the_stage_chart_shows_minutes_and_seconds():
    root = parse(charts.stage_duration_chart([("self_intro", 48), ("past_experience", 301.5), ("closing", None)]))
    assert {"0:48", "5:02", "n/a"} <= set(texts(root))


def test_the_pace_chart_shows_typed_answers_as_not_applicable():
    root = parse(charts.answer_pace_chart([("Answer 1", 142.3, 3.14), ("Answer 2", None, None)]))
    assert "142 wpm, 3.1 fillers/min" in texts(root)
    assert "typed: n/a" in texts(root)


def test_the_trend_chart_breaks_lines_at_missing_values_and_has_a_legend():
    root = parse(
        charts.competency_trend_chart(
            [
                ("2026-01-05", {"a": 3.0, "b": None}),
                ("2026-01-07", {"a": 3.5, "b": 2.0}),
                ("2026-01-09", {"a": None, "b": 2.5}),
                ("2026-01-10", {"a": 4.0, "b": 3.0}),
            ],
            competencies=["a", "b", "c"],
        )
    )
    paths = [p.get("d") for p in root.iter(f"{SVG}path")]
    assert len(paths) == 2
    assert paths[0].count("M") == 1 and paths[0].count("L") == 1  # a: 3.0 → 3.5, then a lone 4.0
    assert paths[1].count("M") == 1 and paths[1].count("L") == 2  # b: 2.0 → 2.5 → 3.0
    labels = texts(root)
    assert {"5 Jan 2026", "10 Jan 2026", "A", "B", "C (no data)"} <= set(labels)
    assert "A: 5 Jan 2026 3, 7 Jan 2026 3.5, 9 Jan 2026 no data, 10 Jan 2026 4" in root.find(f"{SVG}desc").text


def test_the_trend_chart_draws_a_single_interview_as_a_point():
    root = parse(charts.competency_trend_chart([("2026-01-05", {"a": 3.0})]))
    assert list(root.iter(f"{SVG}path")) == []
    assert len(list(root.iter(f"{SVG}circle"))) == 2  # the point and its legend marker


def test_the_trend_chart_without_interviews_says_so():
    root = parse(charts.competency_trend_chart([]))
    assert texts(root) == ["No interviews with scores yet."]


def test_an_analysis_gets_its_report_charts():
    analysis = analyse_interview(crafted_interview().events, competencies=COMPETENCIES)
    drawn = charts.analysis_charts(analysis)
    assert set(drawn) == {"competencies", "stages", "pace", "competencies_narrow", "stages_narrow", "pace_narrow"}
    for svg in drawn.values():
        parse(svg)
    assert "90 wpm, 6 fillers/min" in texts(parse(drawn["pace"]))


def test_a_chart_is_the_same_every_time():
    assert charts.competency_bar_chart({"a": 1.0}) == charts.competency_bar_chart({"a": 1.0})


def test_every_report_chart_has_a_phone_sized_twin_drawn_at_phone_width():
    from feedback import charts

    bars = charts.competency_bar_chart({"system design": 3.5, "statistics and experimentation": None}, narrow=True)
    assert f'viewBox="0 0 {charts.NARROW_WIDTH} ' in bars
    assert "3.5 / 5" in bars and "no data" in bars
    assert "Statistics and experimentation: no data" in bars  # the description keeps the full name
    trend = charts.competency_trend_chart([("2026-01-05", {"a": 2.0, "b": None})], competencies=["a", "b"], narrow=True)
    assert f'viewBox="0 0 {charts.NARROW_WIDTH} ' in trend
    pace = charts.answer_pace_chart([("Answer 1", 150.0, 2.0)], narrow=True)
    assert f'viewBox="0 0 {charts.NARROW_WIDTH} ' in pace and "150 wpm, 2 fill/min" in pace


@pytest.mark.parametrize(("seconds", "text"), [(None, "n/a"), (0.0014, "1 ms"), (0.85, "850 ms"), (2.44, "2.4 s")])
def test_latencies_read_in_milliseconds_below_a_second(seconds, text):
    from feedback.presenters import latency_text

    assert latency_text(seconds) == text


def test_the_stage_chart_names_stages_as_the_report_does():
    analysis = analyse_interview(crafted_interview().events, competencies=COMPETENCIES)
    titles = {"self_intro": "About you", "past_experience": "Past experience"}
    drawn = charts.analysis_charts(analysis, stage_title=lambda name: titles.get(name, name))
    assert "About you" in texts(parse(drawn["stages"])) and "self_intro" not in drawn["stages"]
