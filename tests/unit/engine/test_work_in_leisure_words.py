"""The live interviewer hears work told in leisure's words as an answer (agent_worker/core/answers/workframe.py).

Before, a dog groomer's real story ("Our dog-grooming salon kept double-booking, so I moved bookings to one shared
calendar and the clashes stopped.") was answered "Thanks for sharing that. Coming back to my question: can you tell
me about a time you improved a process?", a chef's way of training staff ("I pair them with me on the pass…, I give
them the recipe cards…") "Coming back to my question: how do you train a new member of staff?", and a music
teacher's way of keeping pupils going ("I let each pupil pick one piece a term…") "I'd still like to hear how you
keep students motivated — what keeps you going at work when it gets hard?", as if asked what drives the candidate.
The cases are tests/fixtures/feedback/off_topic_leisure_work*.json and off_topic_heldout.json (the report's side:
tests/unit/feedback/test_work_in_leisure_words.py)."""

import json
from pathlib import Path

import pytest

from agent_worker.core.scripted import ScriptedBrain
from tests.unit.engine.helpers import Harness, plan_with

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "feedback"
NAMES = ("off_topic_heldout.json", "off_topic_leisure_work.json", "off_topic_leisure_work_2.json",
         "off_topic_leisure_work_3.json")
CASES = [json.loads((FIXTURES / name).read_text()) for name in NAMES]
ON_TOPIC = [(c["question"], c["answer"]) for cases in CASES for c in cases["on_topic"]]
# The small talk the live check catches, set by set (the same floors as the report's).
FLOORS = (4, 9, 9, 2)


def answered(question: str, answer: str) -> Harness:
    h = Harness(plan=plan_with(past_experience={"max_questions": 4})).start()
    h.enter_stage("past_experience")
    h.engine.brain = ScriptedBrain()
    h.ask(question)
    h.answer(answer)
    return h


def brought_back(h: Harness) -> bool:
    return any(e["data"].get("redirected") for e in h.of("agent.said"))


@pytest.mark.parametrize(("question", "answer"), ON_TOPIC)
def test_a_real_answer_in_leisure_words_is_not_brought_back(question, answer):
    h = answered(question, answer)
    assert not brought_back(h), h.said()[-1]
    assert not h.said()[-1].startswith(("Thanks for sharing that. Coming back", "Thanks for sharing that. I'd still"))


@pytest.mark.parametrize(("cases", "floor"), list(zip(CASES, FLOORS, strict=True)))
def test_small_talk_is_still_brought_back(cases, floor):
    assert sum(brought_back(answered(c["question"], c["answer"])) for c in cases["off_topic"]) >= floor


def test_the_dog_groomer_hears_a_follow_up_about_their_story():
    h = answered("Describe a time you improved a process at work.",
                 "Our dog-grooming salon kept double-booking, so I moved bookings to one shared calendar and the "
                 "clashes stopped.")
    reply = h.said()[-1]
    assert "Coming back to my question" not in reply and not brought_back(h), reply


def test_a_dog_of_their_own_is_still_small_talk_to_a_story_question():
    h = answered("Describe a time you improved a process at work.",
                 "I took my dog to the groomer's on Saturday and she came back with a bow in her hair.")
    assert h.said()[-1] == ("Thanks for sharing that. Coming back to my question: can you describe a time you improved "
                            "a process at work?")
