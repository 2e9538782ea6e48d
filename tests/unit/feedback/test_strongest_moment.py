"""The summary's "Your strongest moment" quotes only something strong: a concrete result or a specific thing the
candidate did (or, in a well-scored answer, the step of how they work it was praised for). It used to quote the
first quoted strength whatever it was: a job title ("I'm a nurse and I like my job."), a question back ("How's the
weather there?"), an opening line. With nothing strong said, the summary names no moment."""

import json
import re
from pathlib import Path

import pytest

from feedback.analysis import analyse_interview
from feedback.narrative import rules_narrative

from .events import EventLog
from .test_analysis import COMPETENCIES

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "feedback"
PAIRS = [p for name in ("labelled_pairs.json", "heldout_pairs.json")
         for p in json.loads((FIXTURES / name).read_text())["pairs"]]
INTRO = "Could you start by telling me a little about yourself and what you're working on right now?"
STORY = "Tell me about a time you improved a process."
CLOSING = "Before we wrap up, is there anything you'd like to ask me?"
RESULT = "I cut reconciliation from six hours to forty minutes, and finance stopped missing the month-end deadline."


def interview(*answered: tuple[str, str, str]) -> EventLog:
    """Each (stage, question, answer) asked and answered in turn, each question on a role competency."""
    log = EventLog().start(0).enter("greeting", 0, index=0)
    log.ask("greeting", "q0", "Does that sound good, and are you ready to begin?", 1, 3, competency=None)
    log.say("greeting", "q0", "Yes, I'm ready.", 4, 5, source="text")
    at = 10
    for n, (stage, question, answer) in enumerate(answered, start=1):
        log.ask(stage, f"q{n}", question, at, at + 4, competency=COMPETENCIES[n % len(COMPETENCIES)])
        log.say(stage, f"q{n}", answer, at + 5, at + 20, source="text")
        at += 30
    log.end(at, "completed")
    return log


def summary_of(log: EventLog) -> str:
    return rules_narrative(analyse_interview(log.events, competencies=COMPETENCIES)).summary


def moment_of(question: str, answer: str) -> str | None:
    said = re.search(r'Your strongest moment: "(.*?)"(?: First thing|$)', summary_of(interview(
        ("past_experience", question, answer))))
    return said.group(1) if said else None


def test_a_job_title_small_talk_and_a_question_back_are_no_strongest_moment():
    summary = summary_of(interview(("self_intro", INTRO, "Yes, I'm ready. I'm a nurse and I like my job."),
                                   ("past_experience", STORY, "I like hiking on weekends."),
                                   ("closing", CLOSING, "Yes, what's the team like? How's the weather there?")))
    assert "strongest moment" not in summary
    assert "nurse" not in summary and "weather" not in summary and "ready" not in summary


def test_a_concrete_result_is_the_strongest_moment_whatever_else_was_said():
    summary = summary_of(interview(("self_intro", INTRO, "Yes, I'm ready. I'm a nurse and I like my job."),
                                   ("past_experience", STORY, "Month-end reconciliation took six hours by hand. "
                                    "I wrote a script that matched the bank export to the ledger. " + RESULT),
                                   ("closing", CLOSING, "How's the weather there?")))
    assert f'Your strongest moment: "{RESULT}"' in summary


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p["id"])
def test_no_fixture_answer_has_a_question_back_or_a_job_title_as_its_strongest_moment(pair):
    for answer in (pair["better"], pair["worse"]):
        moment = moment_of(pair["question"], answer)
        assert moment is None or not moment.rstrip().endswith("?"), moment
        assert moment is None or not moment.startswith(("I'm a ", "I'm an ", "I am a ", "I have been a ")), moment


@pytest.mark.parametrize("pair", [p for p in PAIRS if "result" in p["pattern"] or "numbers" in p["pattern"]],
                         ids=lambda p: p["id"])
def test_a_better_answer_with_a_result_still_has_a_strongest_moment(pair):
    assert moment_of(pair["question"], pair["better"]) is not None
