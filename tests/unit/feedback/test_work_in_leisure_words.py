"""Work told in leisure's words is answered as work (agent_worker/core/answers/workframe.py).

A dog groomer's real answer ("Our dog-grooming salon kept double-booking, so I moved bookings to one shared
calendar…") was told "this answer talks about something other than what was asked: your dog-grooming salon kept
double-booking", and capped at 1.5: the worst thing the report can say to a candidate. The sets here are genuine
answers from people whose work is made of leisure-like words (a dog groomer, a vet nurse, a tour guide, a swimming
coach, a chef, a florist, a park ranger, a ski instructor, a lifeguard, a stable hand…), each written before it was
first scored (tests/fixtures/feedback/off_topic_leisure_work*.json; bench/answer_scoring_bench.py says what each
scored first), with small talk beside them. No on-topic answer may be called off-topic; the small talk is caught at
least as often as it is now (the floors are the numbers reached, not more: the third set's misses, a zoo trip, a
band, Formula One, Rome, are subjects the check has no word for)."""

import json
from pathlib import Path

import pytest

from agent_worker.core.answers.questions import MOTIVATION, STORY, question_type
from feedback.scoring import assess_answer

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "feedback"
# set: floor of off-topic answers caught
SETS = {"off_topic_heldout.json": 4, "off_topic_leisure_work.json": 9, "off_topic_leisure_work_2.json": 9,
        "off_topic_leisure_work_3.json": 2}
CASES = {name: json.loads((FIXTURES / name).read_text()) for name in SETS}
ON_TOPIC = [(c["question"], c["answer"]) for cases in CASES.values() for c in cases["on_topic"]]
DOG_GROOMER = ("Describe a time you improved a process at work.",
               "Our dog-grooming salon kept double-booking, so I moved bookings to one shared calendar and the clashes "
               "stopped.")


def _off_topic(question: str, answer: str) -> bool:
    verdict = assess_answer(question, answer)
    return "off_topic" in verdict.flags or any("other than what was asked" in i.text for i in verdict.improvements)


@pytest.mark.parametrize(("question", "answer"), ON_TOPIC)
def test_a_real_answer_in_leisure_words_is_never_called_off_topic(question, answer):
    assert not _off_topic(question, answer)


@pytest.mark.parametrize(("name", "floor"), SETS.items())
def test_small_talk_beside_them_is_still_caught(name, floor):
    off = CASES[name]["off_topic"]
    assert sum(_off_topic(c["question"], c["answer"]) for c in off) >= floor


def test_the_dog_groomers_process_story_is_scored_as_a_story():
    verdict = assess_answer(*DOG_GROOMER)
    assert "off_topic" not in verdict.flags and verdict.score > 1.5, verdict.explanation
    assert not any("something other than what was asked" in i.text for i in verdict.improvements)


@pytest.mark.parametrize("answer", [
    "We adopted a rescue dog from the kennels last month.",
    "I took my cat to the vet on Saturday and she's fine now.",
    "We booked a table at a lovely restaurant for my birthday and the staff were great.",
    "Our holiday bookings for Spain are all done, we fly in August.",
    "We went to the cinema on Saturday and the film was great.",
    "My dog had his first grooming session last week and he loved it.",
])
def test_their_own_life_in_work_words_is_still_small_talk(answer):
    # The work frame (a booking, the vet, the staff, a session) does not make an outing or a pet of their own work.
    assert _off_topic("Tell me about a time you handled a difficult customer.", answer)


@pytest.mark.parametrize(("question", "kind"), [
    ("Tell me about a time you motivated someone.", STORY),
    ("How do you keep students motivated?", "approach"),
    ("What motivates you at work?", MOTIVATION),
])
def test_motivating_someone_else_is_not_a_question_about_what_drives_them(question, kind):
    assert question_type(question) == kind


def test_steps_of_their_personal_life_are_not_how_they_work():
    # The held-out pair h3-nurse-prioritise-offtopic's weaker answer: steps, but of their own week, not their work.
    answer = ("I'm a very organised person in my personal life. I keep a paper calendar, I go to the gym four times a "
              "week and I plan all my meals on Sundays so the week runs smoothly.")
    assert _off_topic("How do you prioritise when several patients need you at once?", answer)
