""""I think I've covered that" to a question no earlier answer covered: it used to move on at once ("Alright." and
the next question), the question left unasked in effect. The interviewer now says, once, that this one is different
and asks it again; said again, it moves on (no loop). Said to a question an earlier answer did cover, it moves on as
before. The stage's clock is untouched: the cap and the silence timers end the stage as they would have."""

import json
from pathlib import Path

import pytest

from agent_worker.core.scripted import ScriptedBrain
from tests.unit.engine.helpers import Harness, plan_with

CLAIM = "I think I've covered that."
MIGRATION = ("At Acme in 2022 we had 40 services on hand-managed VMs and deploys took an hour. I designed the migration "
             "plan, I built the Helm templates and I ran the rollout service by service. Deploy time went from 60 "
             "minutes to 8 minutes.")
# The same story with its trade-off and how others were brought along told in it.
MIGRATION_TOLD = MIGRATION + (" The trade-off was speed against safety: I moved the stateful services last instead of "
                              "first, and I convinced the other team leads with a pilot on two services.")
MAIN = "Tell me about a migration you led."
FOLLOW_UP = "What trade-off did you make, and how did you bring others along?"
SAFETY = "Tell me about a time you handled a safety issue on a night shift."
NOTICE = "I don't think we've covered this one yet, so let me ask it once more: "


def in_past_experience(**plan_changes) -> Harness:
    h = Harness(plan=plan_with(past_experience={"max_questions": 4, **plan_changes})).start()
    h.enter_stage("past_experience")
    h.engine.brain = ScriptedBrain()
    return h


def claimed_after(question: str, story: str, then: str, claim: str = CLAIM) -> Harness:
    """`story` told to `question`, then the main question `then` answered with `claim`."""
    h = in_past_experience()
    h.engine.brain = None
    h.ask(question)
    h.answer(story)
    h.ask(then)
    h.engine.brain = ScriptedBrain()
    h.answer(claim)
    return h


def claimed(story: str, **plan_changes) -> Harness:
    h = in_past_experience(**plan_changes)
    h.engine.brain = None
    h.ask(MAIN)
    h.answer(story)
    assert h.ask(FOLLOW_UP, kind="follow_up").ok
    h.engine.brain = ScriptedBrain()
    h.answer(CLAIM)
    return h


def test_a_question_not_covered_is_asked_once_more_with_a_word_that_it_is_different():
    h = claimed(MIGRATION)
    said = h.of("agent.said")[-1]
    assert said["data"]["text"] == NOTICE + "what trade-off did you make, and how did you bring others along?"
    assert said["data"]["question_id"] == h.engine.current_question().question_id
    assert h.engine.current_question().text == FOLLOW_UP


def test_said_again_it_moves_on_without_a_second_notice():
    h = claimed(MIGRATION)
    asked = len(h.of("question.asked"))
    h.answer(CLAIM)
    assert sum(1 for line in h.said() if line.startswith(NOTICE)) == 1
    assert len(h.of("question.asked")) > asked or h.of("stage.exited")


def test_answered_after_the_notice_it_goes_on_as_an_answer():
    h = claimed(MIGRATION)
    follow_up = h.engine.current_question().question_id
    h.answer("I moved the billing service last rather than first, and I won the team leads over with a two-week pilot.")
    assert not h.said()[-1].startswith(NOTICE)
    assert h.of("response.assessed")[-1]["data"]["question_id"] == follow_up


def test_a_question_an_earlier_answer_did_cover_moves_on_as_before():
    h = claimed(MIGRATION_TOLD)
    assert not any(line.startswith(NOTICE) for line in h.said())


def test_the_cap_still_ends_the_stage_after_the_notice():
    h = in_past_experience(max_seconds=120)
    h.engine.brain = None
    h.ask(MAIN)
    h.answer(MIGRATION, seconds=60)
    h.ask(FOLLOW_UP, kind="follow_up")
    h.engine.brain = ScriptedBrain()
    h.answer(CLAIM, seconds=40)
    assert h.said()[-1].startswith(NOTICE)
    h.wait(30)
    assert [e["data"]["reason"] for e in h.of("stage.exited") if e["stage"] == "past_experience"] == ["max_time"]


PAIRS = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "feedback" / "labelled_pairs.json").read_text())


@pytest.mark.parametrize("pair", [p for p in PAIRS["pairs"] if p["question"].startswith("Tell me about a time")],
                         ids=lambda p: p["id"])
def test_a_fixture_story_does_not_cover_a_different_story_question(pair):
    """Labelled answers, each told to its own question: "I think I've covered that" to another story question
    (about a time you handled a safety issue) is asked once more."""
    h = claimed_after(pair["question"], pair["better"], SAFETY)
    assert h.said()[-1].startswith(NOTICE)


def test_a_main_question_about_a_story_already_told_counts_as_covered():
    h = claimed_after(MAIN, MIGRATION, "Walk me through the migration plan you designed for those services.")
    assert not any(line.startswith(NOTICE) for line in h.said())
