"""Results across trades (issue 31 part 4, issue 28's results in rates and cadences): money in words, rates, counts
and cadences are results for the report and the live interviewer alike; the problem's own measurement is not the
outcome; a "next time I'd …, because …" answer to a look-back question is scored on that question."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent_worker.core.followups import acknowledgement
from agent_worker.core.listening import read_answer
from agent_worker.core.reading.answer import read
from bench.trades_results_bench import judge
from feedback.scoring import assess_answer

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "feedback"
TUNING = json.loads((FIXTURES / "trades_results_tuning.json").read_text())["cases"]
HELD_OUT = json.loads((FIXTURES / "trades_results_heldout.json").read_text())["cases"]


def test_money_in_words_we_stopped_losing_is_a_result():
    answer = ("Our cafe was over-ordering milk and pouring the spare away every Friday. I started counting the fridge "
              "on Thursday afternoons and ordered only what we needed for the weekend. It was roughly 150 dollars a "
              "month we stopped losing.")
    assessment = assess_answer("Tell me about a time you saved your employer money.", answer)
    assert assessment.results and "150 dollars a month we stopped losing" in assessment.results[0].text
    assert "no_result" not in assessment.flags
    assert read_answer(answer).result


def test_a_heart_rate_going_from_80_to_140_is_the_problem_not_a_clear_result():
    answer = ("I was looking after an elderly man post-op and his heart rate went from 80 to 140 within about twenty "
              "minutes. I repeated his observations, called the outreach team and started fluids as prescribed. The "
              "doctor came within ten minutes and he was stable by the end of the shift.")
    reading = read_answer(answer)
    assert reading.result_said == "" and not any("140" in r for r in reading.results)
    ack = acknowledgement(reading, "seed", 1)
    assert "140" not in ack and "clear result" not in ack, ack
    assert not read(answer).results


def test_next_time_id_escalate_it_to_pharmacy_answers_a_look_back_question():
    assessment = assess_answer(
        "Looking back at that, what would you do differently next time?",
        "Next time I'd escalate it to pharmacy as a near-miss report straight away, because the same look-alike "
        "packaging was on the other wards and they only heard about it a week later.")
    assert assessment.score >= 3, assessment.explanation
    assert "for answering directly" in " ".join(assessment.explanation)


@pytest.mark.parametrize("sentence, cue", [
    ("We went from one release a year to one every two weeks.", "one every two weeks"),
    ("The managers went from seeing the numbers every quarter to every week.", "every week"),
    ("We cut trolley waits from six hours to two.", "from six hours to two"),
    ("We cut bread waste from 12 kilos a night to 3.", "to 3"),
    ("She went from refusing four mornings a week to once a fortnight.", "once a fortnight"),
])
def test_a_change_of_rate_or_cadence_in_any_unit_is_a_result(sentence, cue):
    answer = "The work kept slipping. I changed how we planned it with the team. " + sentence
    assert any(cue in r.text for r in read(answer).results), [r.text for r in read(answer).results]


@pytest.mark.parametrize("case", TUNING, ids=[c["id"] for c in TUNING])
def test_the_tuning_answers_are_read_right_by_the_report_and_the_interviewer(case):
    report_ok, live_ok, heard = judge(case)
    assert report_ok and live_ok, heard


def test_the_held_out_answers_score_as_they_did_when_the_change_landed():
    """Written before the change and never tuned on: 15 of 20 results, 7 of 9 problems, 2 of 5 look-backs right for
    the report before it (live: 4 of 20, 5 of 9); 18, 8 and 3 after (live 18 and 8). Kept from going back."""
    right = {"result": [0, 0], "problem": [0, 0], "lookback": [0, 0]}
    for case in HELD_OUT:
        report_ok, live_ok, _ = judge(case)
        right[case["kind"]][0] += report_ok
        right[case["kind"]][1] += live_ok
    assert right["result"][0] >= 18 and right["result"][1] >= 18
    assert right["problem"][0] >= 8 and right["problem"][1] >= 8
    assert right["lookback"][0] >= 3
