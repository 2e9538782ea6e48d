"""One reading of what a question asks about, said back by the interviewer ("That's the story you told when I asked
about a time you disagreed with a teammate") and by the report ("You were asked about a time you disagreed with a
colleague, but this answer…"): `agent_worker.core.answers.asked.asked_about`, which the report imports (the core
imports nothing of the report: test_purity). There used to be two, which said the same question back differently
("Give me an example of a time…": "about an example of a time…" live, "for an example of a time…" in the report;
"How do you handle stress at work?": turned round live, quoted whole in the report)."""

import json
from pathlib import Path

import pytest

from agent_worker.core import repeating
from agent_worker.core.answers import asked
from feedback.scoring import assess_answer
from feedback.scoring import offtopic as report_offtopic

CASES = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "feedback" / "off_topic_cases.json").read_text())


def test_the_interviewer_and_the_report_use_one_helper():
    assert repeating.asked_about is asked.asked_about
    assert report_offtopic.asked_about is asked.asked_about


@pytest.mark.parametrize(("question", "heard"), [
    ("Give me an example of a time you improved a process.", "for an example of a time you improved a process"),
    ("Give an example of when you showed initiative.", "for an example of when you showed initiative"),
    ("Can you talk about a project you led?", "about a project you led"),
    ("Tell me about a deal you lost and what you learned from it.",
     "about a deal you lost and what you learned from it"),
    ("How do you handle stress at work?", "how you handle stress at work"),
])
def test_a_question_is_said_back_in_a_few_words_of_its_own(question, heard):
    assert asked.asked_about(question) == heard


@pytest.mark.parametrize("case", CASES["off_topic"], ids=lambda c: c["answer"][:40])
def test_the_report_says_each_off_topic_case_s_question_back_as_the_interviewer_would(case):
    verdict = assess_answer(case["question"], case["answer"])
    said = [i.text for i in verdict.improvements if i.text.startswith("You were asked")]
    if said:
        assert said[0].startswith(f"You were asked {asked.asked_about(case['question'])}")
        assert "about an example of" not in said[0]
