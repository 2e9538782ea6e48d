"""The corpus bench's scoring (bench/corpus_bench.py, on bench/parse_accuracy_bench.py's score_resume): dates
compared as dates, truth from a JSON Resume, volunteering left out, the table's cells and calibration bands."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

from corpus_bench import bands, cell, close, dates_right, truth_of, without_volunteering  # noqa: E402
from parse_accuracy_bench import Tally, score_resume  # noqa: E402

from bench.corpus.dates import date_same, read, show  # noqa: E402

RESUME = {
    "basics": {"name": "Ana Ruiz"},
    "work": [
        {"name": "Hospital Universitario de Burgos", "position": "Staff Nurse", "startDate": "2021-03-01"},
        {"name": "Clínica Sol", "position": "Healthcare Assistant", "startDate": "2018-01-01", "endDate": "2021-02-01"},
    ],
    "education": [{"institution": "Universidad de Burgos"}],
    "skills": [{"keywords": ["Triage", "Wound care"]}],
    "volunteer": [{"organization": "Cruz Roja Burgos", "position": "Volunteer"}],
}


@pytest.mark.parametrize(("printed", "iso", "right"), [
    ("Mar 2021", "2021-03-01", True),
    ("March 2021", "2021-03-01", True),
    ("03/2021", "2021-03-01", True),
    ("2021-03-01", "2021-03-01", True),
    ("2021", "2021-03-01", True),          # a year alone is right when the year is
    ("Apr 2021", "2021-03-01", False),
    ("2020", "2021-03-01", False),
    ("Present", None, True),
    ("heute", None, True),
    ("Feb 2021", None, False),
    (None, "2021-03-01", False),
    ("Mär 2021", "2021-03-01", True),
])
def test_date_same(printed, iso, right):
    assert date_same(printed, iso) is right


def test_show_and_read_agree():
    for style in ("short", "long", "numeric"):
        assert read(show("2019-11-01", style)) == (2019, 11)
    assert read(show("2019-11-01", "year")) == (2019, None)
    assert read(show(None, "short")) == "present"


def test_truth_of_a_json_resume():
    truth = truth_of(RESUME)
    assert truth["name"] == "Ana Ruiz"
    assert truth["positions"][0] == {"title": "Staff Nurse", "employer": "Hospital Universitario de Burgos",
                                     "start": "2021-03-01", "end": None}
    assert truth["education"] == ["Universidad de Burgos"]
    assert truth["skills"] == ["Triage", "Wound care"]


def parsed(*positions, name="Ana Ruiz", education=("BSc Nursing, Universidad de Burgos",)):
    return {"highlights": {"name": name, "confidence": {"name": 0.9}, "education": list(education),
                           "positions": [dict(zip(("title", "employer", "start", "end", "confidence"), p, strict=True))
                                         for p in positions]}}


def test_all_right():
    tally = Tally(close)
    out = parsed(("Staff Nurse", "Hospital Universitario de Burgos", "Mar 2021", "Present", 0.9),
                 ("Healthcare Assistant", "Clínica Sol", "01/2018", "02/2021", 0.9))
    score_resume("doc", out, truth_of(RESUME), tally, dates_right)
    for field in ("employer", "title", "dates", "school", "name"):
        assert tally.counts[field]["found"] == tally.counts[field]["right"] >= 1, field
        assert not tally.counts[field].get("wrong") and not tally.counts[field].get("missed"), field
    assert sorted(tally.calibration) == [(0.9, True)] * 3


def test_a_wrong_employer_a_missed_position_and_a_wrong_date():
    tally = Tally(close)
    out = parsed(("Staff Nurse", "Burgos", "Mar 2020", "Present", 0.9))  # the town for the hospital
    score_resume("doc", out, truth_of(RESUME), tally, dates_right)
    assert tally.counts["employer"]["wrong"] == 1 and tally.counts["employer"]["missed"] == 1
    assert tally.counts["title"]["right"] == 1 and tally.counts["title"]["missed"] == 1
    assert tally.counts["dates"]["wrong"] == 1
    assert (0.9, False) in tally.calibration


def test_a_volunteering_position_is_neither_right_nor_wrong():
    out = parsed(("Volunteer", "Cruz Roja Burgos", "2019", "Present", 0.6),
                 ("Staff Nurse", "Hospital Universitario de Burgos", "Mar 2021", "Present", 0.9))
    kept = without_volunteering(out, RESUME)["highlights"]["positions"]
    assert [p["employer"] for p in kept] == ["Hospital Universitario de Burgos"]
    tally = Tally(close)
    score_resume("doc", without_volunteering(out, RESUME), truth_of(RESUME), tally, dates_right)
    assert not tally.counts["employer"].get("wrong")


def test_cells_and_bands():
    assert cell({"found": 9, "missed": 1, "right": 9, "wrong": 3}) == "90% / 75%"
    assert cell({"missed": 2}) == "0% / -"
    assert cell(None) == "-"
    assert bands([(0.95, True), (0.9, False), (0.7, True), (0.3, False), (0.59, True)]) == [
        {"band": ">= 0.9", "facts": 2, "right": 1},
        {"band": "0.6-0.9", "facts": 1, "right": 1},
        {"band": "< 0.6", "facts": 2, "right": 1},
    ]


def test_close_wants_the_whole_truth_and_little_more():
    assert close("Hospital Universitario de Burgos, Burgos", "Hospital Universitario de Burgos")
    assert not close("Burgos", "Hospital Universitario de Burgos")
    assert not close("Staff Nurse, Hospital Universitario de Burgos, Burgos", "Staff Nurse")
    assert close({"value": "Staff Nurse", "confidence": 0.9}, "Staff Nurse")
