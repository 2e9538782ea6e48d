"""The same answer given again (the lead's walk, session 7: one mentoring story pasted under ten questions was
acknowledged ten times, and the next question asked as if it were new). The interviewer now says so once, kindly
and naming the question the story answered, and asks the same question again; a second repeat moves on."""

import pytest

from agent_worker.core import Engine
from agent_worker.core.instructions import REPEAT_RULES
from agent_worker.core.repeating import asked_about
from agent_worker.core.scripted import ScriptedBrain
from tests.unit.engine.helpers import Harness, plan_with

MENTORING = ("I mentored two junior engineers at Acme last year; I paired with each one twice a week, I reviewed "
             "their pull requests line by line, and both were shipping features on their own within three months.")
# The same story pasted again with a word or two changed.
MENTORING_AGAIN = ("I mentored two junior engineers at Acme last year; I paired with each of them twice a week, I "
                   "reviewed their pull requests line by line, and both were shipping features alone within three "
                   "months.")
OUTAGE = ("In 2023 our payments API went down on a Friday night. I traced it to a connection pool leak, I rolled back "
          "the release and I wrote the fix with a regression test; we were back within forty minutes.")
DISAGREED = "Describe a time you disagreed with a teammate or manager. How did you handle it?"
INFLUENCED = "Tell me about a time you influenced people who did not report to you."


def in_past_experience(brain=None, **plan_changes) -> Harness:
    h = Harness(plan=plan_with(past_experience={"max_questions": 4, **plan_changes})).start()
    h.enter_stage("past_experience")
    h.engine.brain = brain
    return h


def test_a_story_pasted_again_under_a_later_question_is_named_once_and_the_question_asked_again():
    h = in_past_experience()
    h.ask(DISAGREED)
    h.answer(MENTORING)
    h.ask(INFLUENCED)
    asked = len(h.of("question.asked"))
    h.answer(MENTORING)
    said = h.of("agent.said")[-1]
    assert said["data"]["text"] == (
        "That's the story you told when I asked about a time you disagreed with a teammate or manager. Do you have a "
        f"different example for this one? {INFLUENCED}")
    first, second = [q["data"]["question_id"] for q in h.of("question.asked")[-2:]]
    assert said["data"]["question_id"] == second and said["data"]["repeat_of"] == first
    assert said["data"]["restated"] is True
    assert len(h.of("question.asked")) == asked  # the same question again, not a new one


def test_nearly_the_same_story_is_a_repeat_too():
    h = in_past_experience()
    h.ask(DISAGREED)
    h.answer(MENTORING)
    h.ask(INFLUENCED)
    h.answer(MENTORING_AGAIN)
    assert h.said()[-1].startswith("That's the story you told when I asked about a time you disagreed")


@pytest.mark.parametrize("answer", ["Yes.", "No.", "I don't know.", "I'm not sure, to be honest."])
def test_short_answers_given_twice_are_not_the_same_story(answer):
    h = in_past_experience()
    h.ask(DISAGREED)
    h.answer(answer)
    h.ask(INFLUENCED)
    h.answer(answer)
    assert not any("That's the story" in line or "what you told me" in line for line in h.said())
    assert h.engine.current_question().answered


def test_a_different_story_is_not_a_repeat():
    h = in_past_experience()
    h.ask(DISAGREED)
    h.answer(MENTORING)
    h.ask(INFLUENCED)
    h.answer(OUTAGE)
    assert not any("That's the story" in line for line in h.said())


def test_the_second_repeat_moves_on_without_praise_or_a_second_notice():
    h = in_past_experience(brain=ScriptedBrain())
    h.ask(DISAGREED)
    h.answer(MENTORING)
    current = h.engine.current_question()
    h.answer(MENTORING)
    assert h.said()[-1].startswith("That's the story you told")  # here a follow-up: "... a moment ago. This ..."
    assert h.said()[-1].endswith(current.text)
    asked, notices, exits = len(h.of("question.asked")), len(h.of("agent.said")), len(h.of("stage.exited"))
    h.answer(MENTORING)
    reply = h.said()[-1]
    assert "That's the story" not in reply and "a moment ago" not in reply, reply
    assert reply.startswith(("That's alright, let's move on.", "Okay, let's leave that one there.")), reply
    new = h.of("question.asked")[asked:]
    # On to one new question (not a probe into the story told twice), or to the next stage, exactly once.
    assert (len(new), len(h.of("stage.exited")) - exits) in ((1, 0), (0, 1))
    assert all(q["data"]["kind"] == "main" for q in new)
    assert len([e for e in h.of("agent.said")[notices:] if e["data"].get("repeat_of")]) == 0


def test_a_follow_up_answered_with_the_story_again_asks_for_its_part_of_it():
    h = in_past_experience()
    h.ask("Tell me about a project you're especially proud of. What was it, and what was your part?")
    h.answer(MENTORING)
    assert h.ask("What was the hardest part of that, and how did you get past it?", kind="follow_up").ok
    h.answer(MENTORING)
    assert h.said()[-1] == ("That's the story you told a moment ago. This question is about one part of it: What "
                            "was the hardest part of that, and how did you get past it?")


def brought_back(h: Harness, notice: str, seconds: float = 5.0) -> None:
    """Bring the candidate back to a question: after a story pasted again, or after small talk."""
    h.ask(DISAGREED)
    if notice == "repeat":
        h.answer(MENTORING)
        h.ask(INFLUENCED)
        h.answer(MENTORING, seconds=seconds)
    else:
        h.answer("I like hiking on weekends.", seconds=seconds)
    assert h.of("agent.said")[-1]["data"]["restated"] is True


@pytest.mark.parametrize("notice", ["repeat", "off_topic"])
def test_after_the_notice_silence_gets_one_reprompt_then_the_stage_moves_on_once(notice):
    h = in_past_experience()
    brought_back(h, notice)
    exits = len(h.of("stage.exited"))
    h.wait(h.engine.current_stage.inactivity_seconds)
    assert len(h.of("candidate.reprompted")) == 1
    h.wait(h.engine.current_stage.inactivity_seconds + 1)
    assert [e["data"]["reason"] for e in h.of("stage.exited")[exits:]] == ["inactivity"]
    assert len(h.of("stage.entered")) == len(set(e["stage"] for e in h.of("stage.entered")))


@pytest.mark.parametrize("notice", ["repeat", "off_topic"])
def test_the_cap_still_ends_the_stage_after_a_notice(notice):
    h = in_past_experience(max_seconds=120)
    brought_back(h, notice, seconds=100)
    h.wait(30)
    assert [e["data"]["reason"] for e in h.of("stage.exited") if e["stage"] == "past_experience"] == ["max_time"]


def test_a_rebuilt_engine_remembers_the_notice_and_does_not_give_it_twice():
    h = in_past_experience()
    h.ask(DISAGREED)
    h.answer(MENTORING)
    h.ask(INFLUENCED)
    h.answer(MENTORING)
    rebuilt = Engine.restore(h.engine.events, h.plan, h.context, clock=h.clock)
    assert rebuilt.current_question().repeat_noted
    h.engine = rebuilt
    before = len(h.said())
    h.answer(MENTORING)
    assert not any(e["data"].get("repeat_of") for e in h.of("agent.said")[before:])
    assert REPEAT_RULES in rebuilt.brain_context()


def test_a_model_is_told_to_move_on_only_after_the_second_repeat():
    h = in_past_experience()
    h.ask(DISAGREED)
    h.answer(MENTORING)
    h.ask(INFLUENCED)
    h.answer(MENTORING)
    assert REPEAT_RULES not in h.engine.brain_context()
    h.answer(OUTAGE)
    assert REPEAT_RULES not in h.engine.brain_context()


@pytest.mark.parametrize(("question", "heard"), [
    (DISAGREED, "about a time you disagreed with a teammate or manager"),
    ("Walk me through your background, briefly, and how you got to where you are today.",
     "about your background and how you got to where you are today"),
    ("How do you usually decide what to focus on when everything feels urgent?",
     "how you usually decide what to focus on when everything feels urgent"),
    ("What are you strongest at, and how would a colleague put it?", "what you are strongest at"),
    ("You mentioned Haskell. What's the most interesting problem you've solved with Haskell recently?",
     "about the most interesting problem you've solved with Haskell recently"),
    ("What first drew you to this kind of work?", "what first drew you to this kind of work"),
    # One that cannot be turned round, or says nothing on its own, is quoted whole.
    ("Your resume says you led the move to Kubernetes. What was your part?",
     "“Your resume says you led the move to Kubernetes. What was your part?”"),
    ("Can you walk me through one specific time with it: what was going on?",
     "“Can you walk me through one specific time with it: what was going on?”"),
])
def test_the_earlier_question_is_named_in_a_few_words_of_its_own(question, heard):
    assert asked_about(question) == heard
