"""An answer about something else, to a story question (a helper's measure, session 8: "I like hiking on weekends."
to "Tell me about a time you disagreed with a colleague" got the generic probe "Take any recent piece of work…",
"My favourite film is probably Alien…" got "You mentioned Alien. What's one specific thing you did with Alien…",
and the second such answer was told "That's what you told me a moment ago"). The interviewer now brings the
candidate back once, kindly, with the question asked again, on the report's own check
(`answers.offtopic.answers_something_else`, the cases of tests/fixtures/feedback/off_topic_cases.json); a second
off-topic answer moves on, and the question stays unanswered. Answers that do answer, however thinly or in
another profession's words, are never brought back. (Timers after the notice: test_repeated_answers.py.)"""

import json
from pathlib import Path

import pytest

from agent_worker.core import Engine
from agent_worker.core.instructions import REPEAT_RULES
from agent_worker.core.repeating import back_to_question_line
from agent_worker.core.scripted import ScriptedBrain
from feedback.scoring import assess_answer
from tests.unit.engine.helpers import Harness, plan_with

CASES = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "feedback" / "off_topic_cases.json").read_text())
OFF_TOPIC = [(c["question"], c["answer"]) for c in CASES["off_topic"]]
ON_TOPIC = [(c["question"], c["answer"]) for c in CASES["on_topic"]]

DISAGREED = "Tell me about a time you disagreed with a colleague."
HIKING = "I like hiking on weekends."
ARSENAL = "I'm a big football fan and I support Arsenal."
MOVED_ON = ("That's alright, let's move on.", "Okay, let's leave that one there.")
OUTAGE = ("In 2023 our payments API went down on a Friday night. I traced it to a connection pool leak, I rolled back "
          "the release and I wrote the fix with a regression test; we were back within forty minutes.")


def in_past_experience(brain=None, **plan_changes) -> Harness:
    h = Harness(plan=plan_with(past_experience={"max_questions": 4, **plan_changes})).start()
    h.enter_stage("past_experience")
    h.engine.brain = brain
    return h


def redirects(h: Harness) -> list[dict]:
    return [e for e in h.of("agent.said") if e["data"].get("redirected")]


@pytest.mark.parametrize(("question", "answer", "line"), [
    (DISAGREED, HIKING,
     "Thanks for sharing that. Coming back to my question: can you tell me about a time you disagreed with a "
     "colleague?"),
    ("Describe a time you missed a deadline.", "My favourite film is probably Alien, I've watched it maybe ten times.",
     "Thanks for sharing that. Coming back to my question: can you describe a time you missed a deadline?"),
    ("Tell me about a time you worked under pressure.", ARSENAL,
     "Thanks for sharing that. Coming back to my question: can you tell me about a time you worked under pressure?"),
    ("Tell me about a time you handled a difficult customer.",
     "Our office moved to a new building last spring and the new kitchen has a much better coffee machine, which "
     "everyone on the team likes.",
     "Thanks for sharing that. Coming back to my question: can you tell me about a time you handled a difficult "
     "customer?"),
])
def test_small_talk_is_brought_back_to_the_question_kindly_naming_what_was_asked(question, answer, line):
    h = in_past_experience(brain=ScriptedBrain())
    h.ask(question)
    asked = h.of("question.asked")[-1]["data"]["question_id"]
    count = len(h.of("question.asked"))
    h.answer(answer)
    said = h.of("agent.said")[-1]
    assert said["data"]["text"] == line
    assert said["data"]["question_id"] == asked and said["data"]["restated"] is True
    assert said["data"]["redirected"] is True
    assert len(h.of("question.asked")) == count  # the same question again, not a new one
    assert not any("You mentioned" in text for text in h.said())


@pytest.mark.parametrize(("question", "answer"), OFF_TOPIC)
def test_every_answer_the_report_calls_off_topic_is_brought_back_live(question, answer):
    h = in_past_experience()
    h.ask(question)
    h.answer(answer)
    assert [e["data"]["text"] for e in redirects(h)] == [back_to_question_line(question)]


@pytest.mark.parametrize(("question", "answer"), ON_TOPIC)
def test_short_answers_and_other_professions_answers_are_not_brought_back(question, answer):
    h = in_past_experience(brain=ScriptedBrain())
    h.ask(question)
    h.answer(answer)
    assert redirects(h) == [], h.said()[-1]
    assert not h.said()[-1].startswith("Thanks for sharing that. Coming back")


@pytest.mark.parametrize("question", [
    "Tell me about yourself.",
    "What do you do outside work?",
    "Which product would you improve, and how?",
])
def test_questions_small_talk_may_answer_or_with_rubrics_of_their_own_are_not_redirected(question):
    h = in_past_experience(brain=ScriptedBrain())
    h.ask(question)
    h.answer(HIKING)
    assert redirects(h) == []


def test_the_second_off_topic_answer_moves_on_once_and_the_question_stays_unanswered():
    h = in_past_experience(brain=ScriptedBrain())
    h.ask(DISAGREED)
    question = h.engine.current_question()
    h.answer(HIKING)
    asked, exits = len(h.of("question.asked")), len(h.of("stage.exited"))
    h.answer(ARSENAL)
    reply = h.said()[-1]
    assert reply.startswith(MOVED_ON), reply
    assert "Coming back" not in reply and "Arsenal" not in reply and "You mentioned" not in reply
    new = h.of("question.asked")[asked:]
    # On to one new main question (no probe into the small talk), or to the next stage, exactly once.
    assert (len(new), len(h.of("stage.exited")) - exits) in ((1, 0), (0, 1))
    assert all(q["data"]["kind"] == "main" for q in new)
    assert len(redirects(h)) == 1
    assert not [e for e in h.of("response.assessed") if e["data"]["question_id"] == question.question_id]


def test_a_real_answer_after_being_brought_back_is_heard_as_the_answer():
    h = in_past_experience(brain=ScriptedBrain())
    h.ask(DISAGREED)
    question = h.engine.current_question()
    h.answer(HIKING)
    # A disagreement (the outage story told here before issue 28 is about something else: `relevance.ASKS`).
    h.answer("Our lead wanted to ship the billing change on a Friday and I disagreed, because nobody would be on call. "
             "We talked it through with the numbers from the last two Friday releases and agreed to ship on Monday.")
    assert not h.said()[-1].startswith(MOVED_ON)
    assert [e["data"]["question_id"] for e in h.of("response.assessed")][-1] == question.question_id
    assert len(redirects(h)) == 1


def test_brought_back_once_per_question_whatever_came_first():
    h = in_past_experience(brain=ScriptedBrain())
    h.ask("Tell me about a time you fixed something that was broken.")
    h.answer(OUTAGE)
    h.ask(DISAGREED)
    h.answer(HIKING)
    notices = len(h.of("agent.said"))
    h.answer(OUTAGE)  # the earlier story pasted after being brought back: no second notice, on to the next
    assert not any(e["data"].get("restated") for e in h.of("agent.said")[notices:])
    assert h.said()[-1].startswith(MOVED_ON)


def test_a_rebuilt_engine_remembers_the_redirect_and_a_model_is_told_to_move_on():
    h = in_past_experience()
    h.ask(DISAGREED)
    h.answer(HIKING)
    assert REPEAT_RULES not in h.engine.brain_context()
    rebuilt = Engine.restore(h.engine.events, h.plan, h.context, clock=h.clock)
    assert rebuilt.current_question().redirected
    h.engine = rebuilt
    h.answer(ARSENAL)
    assert len(redirects(h)) == 1
    assert REPEAT_RULES in rebuilt.brain_context()


def test_in_the_greeting_and_the_closing_nothing_is_redirected():
    h = Harness().start()
    h.answer(HIKING)
    h.enter_stage("closing")
    h.answer(HIKING)
    assert redirects(h) == []


@pytest.mark.parametrize(("stage", "question", "answer", "small_talk_name"), [
    ("self_intro", "Tell me about yourself.", "My favourite film is probably Alien, I've watched it maybe ten times.",
     "Alien"),
    ("self_intro", "Tell me about yourself.", "I'm a big football fan and I support Arsenal.", "Arsenal"),
    ("past_experience", "Tell me about a time you found a cost saving.",
     "The company was founded in 2004 and moved to Manchester in 2015.", "Manchester"),
    # A thin story with small talk beside it: followed up, but never about the film.
    ("past_experience", DISAGREED,
     "I pushed back on the release date and we shipped a week later. My favourite film is Alien, by the way.",
     "Alien"),
])
def test_no_follow_up_names_something_from_small_talk(stage, question, answer, small_talk_name):
    h = Harness().start()
    h.enter_stage(stage)
    h.engine.brain = ScriptedBrain()
    h.ask(question)
    before = len(h.said())
    h.answer(answer)
    replies = h.said()[before:]
    assert replies and not any(small_talk_name in line or "You mentioned" in line for line in replies), replies


@pytest.mark.parametrize(("question", "line"), [
    ("Describe a time you disagreed with a teammate or manager. How did you handle it?",
     "can you describe a time you disagreed with a teammate or manager? How did you handle it?"),
    ("What's the hardest bug you've fixed, and how did you find it?",
     "what's the hardest bug you've fixed, and how did you find it?"),
    ("You mentioned Haskell. What's the most interesting problem you've solved with it?",
     "you mentioned Haskell. What's the most interesting problem you've solved with it?"),
    ("Kubernetes came up in your resume. What was your part in the move?",
     "Kubernetes came up in your resume. What was your part in the move?"),
])
def test_the_question_is_asked_again_as_asked_a_request_for_an_instruction(question, line):
    assert back_to_question_line(question) == "Thanks for sharing that. Coming back to my question: " + line


@pytest.mark.parametrize(("question", "answer"), [
    # The sample candidate's answer (feedback/sample.py): a holiday is a season of load here, not time off.
    ("You mentioned the order-routing team. What's been the hardest part of that work?",
     "Peak-time timeouts. Last winter routing calls started failing under holiday load, and finding out why taught me "
     "more about PostgreSQL query plans than anything before."),
    # Written after the sample's false alarm, before the rule that now reads them (work told of the work itself).
    ("Tell me about a time you worked under pressure.",
     "Black Friday. Web traffic went up ten times and the checkout kept timing out."),
    ("Describe a time you missed a deadline.", "The weekend before launch, the vendor API changed and our build broke."),
    ("Tell me about a time you worked under pressure.",
     "The weekend deploy went wrong and payments were down for two hours."),
])
def test_work_happening_at_a_weekend_or_a_holiday_is_an_answer_live_and_in_the_report(question, answer):
    h = in_past_experience(brain=ScriptedBrain())
    h.ask(question)
    h.answer(answer)
    assert redirects(h) == []
    assert "off_topic" not in assess_answer(question, answer).flags
