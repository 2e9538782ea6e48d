"""A good story about something other than what the question asks (issue 28): "Tell me about a conflict with a
colleague" answered with an excellent story of speeding something up. The question's kind says what an answer must
contain (`answers.relevance.ASKS`: a conflict a disagreement with someone, a failure something that went wrong and
their part…); a story without it is credited and brought back once live, and capped below an ordinary on-topic
answer in the report, by the same reader."""

import json
from pathlib import Path

import pytest

from agent_worker.core.answers.relevance import ASKS, asked_for, misses_the_ask
from agent_worker.core.scripted import ScriptedBrain
from feedback.scoring import assess_answer
from feedback.scoring.rubrics import OFF_QUESTION
from tests.unit.engine.helpers import Harness, plan_with

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "feedback"
OFF_QUESTION_PAIRS = [p for p in json.loads((FIXTURES / "labelled_pairs.json").read_text())["pairs"]
                      if p["pattern"] == "off-question"]

CONFLICT = "Tell me about a conflict with a colleague and how you resolved it."
# A nurse's excellent story about speeding discharges up, told to a question about a conflict.
SPED_UP = ("Our ward's discharge letters were taking most of the afternoon. I built a checklist in the shared drive, "
           "pre-filled the routine parts from the notes, and asked the pharmacist to check medicines before lunch. "
           "Discharges before 2 pm went from about 20% to 60% within two months.")
# An ordinary conflict story.
SETTLED = ("Another nurse kept starting her drug round late, so I started mine behind. We had a bit of an argument at "
           "handover. Later I asked her for a coffee, and we agreed to swap one bay each morning.")


def in_past_experience() -> Harness:
    h = Harness(plan=plan_with(past_experience={"max_questions": 4})).start()
    h.enter_stage("past_experience")
    h.engine.brain = ScriptedBrain()
    return h


def test_thats_a_clear_example_of_speeding_something_up_i_was_asking_about_a_disagreement():
    h = in_past_experience()
    h.ask(CONFLICT)
    h.answer(SPED_UP)
    said = h.of("agent.said")[-1]["data"]
    assert said["text"] == ("That's a clear example of speeding something up. I was asking about a disagreement with "
                            "someone you worked with: is there one you can tell me about?")
    assert said["redirected"] is True


def test_the_story_brought_back_once_then_a_real_conflict_is_heard_as_the_answer():
    h = in_past_experience()
    h.ask(CONFLICT)
    question = h.engine.current_question()
    h.answer(SPED_UP)
    h.answer(SETTLED)
    assert [e["data"]["question_id"] for e in h.of("response.assessed")][-1] == question.question_id
    assert len([e for e in h.of("agent.said") if e["data"].get("redirected")]) == 1


def test_an_ordinary_conflict_story_is_not_brought_back():
    h = in_past_experience()
    h.ask(CONFLICT)
    h.answer(SETTLED)
    assert not [e for e in h.of("agent.said") if e["data"].get("redirected")]


def test_an_excellent_answer_to_another_question_scores_below_an_ordinary_on_topic_one_and_is_told_so():
    off = assess_answer(CONFLICT, SPED_UP)
    on = assess_answer(CONFLICT, SETTLED)
    assert off.score < on.score
    assert OFF_QUESTION in off.flags
    advice = next(i for i in off.improvements if i.key == OFF_QUESTION)
    assert "a disagreement with someone you worked with" in advice.text
    assert "Answer the question asked" in advice.text


def test_off_question_pairs_cover_at_least_eight_competencies_and_are_ordered_right():
    assert len({p["competency"] for p in OFF_QUESTION_PAIRS}) >= 8
    assert len({p["profession"] for p in OFF_QUESTION_PAIRS}) >= 8
    wrong = [(p["id"], better, worse) for p in OFF_QUESTION_PAIRS
             if not (better := assess_answer(p["question"], p["better"]).score)
             > (worse := assess_answer(p["question"], p["worse"]).score)]
    assert len(wrong) <= len(OFF_QUESTION_PAIRS) // 10, wrong


def test_the_held_out_off_question_pairs_hold_their_first_run():
    # Written before the change (tests/fixtures/feedback/off_question_heldout.json): 1 of 10 before it, 6 of 10 on
    # its first run after, 5 of 10 once an event's answer had to show a measured change, 4 of 10 once a learning
    # question had to ask about learning something new, 5 of 10 with feedback, leadership and explaining (README).
    pairs = json.loads((FIXTURES / "off_question_heldout.json").read_text())["pairs"]
    right = sum(assess_answer(p["question"], p["better"]).score > assess_answer(p["question"], p["worse"]).score
                for p in pairs)
    assert right >= 5


def test_the_second_held_out_off_question_set_holds_its_first_run():
    # Written and committed before any rule of this round changed (off_question_heldout_2.json: 21 pairs, 20
    # professions, 12 competencies): 7 of 21 on its first run, 8 of 21 after feedback, leadership and explaining were
    # read, 9 of 21 once a measured change is not taken for what the question asked about (bench/README.md).
    pairs = json.loads((FIXTURES / "off_question_heldout_2.json").read_text())["pairs"]
    right = sum(assess_answer(p["question"], p["better"]).score > assess_answer(p["question"], p["worse"]).score
                for p in pairs)
    assert right >= 9


@pytest.mark.parametrize("ask", ASKS, ids=lambda a: a.name)
def test_every_kind_of_question_says_what_an_answer_must_contain(ask):
    assert ask.about and ask.again.endswith("?")
    assert ask.contains.pattern and ask.asked.pattern


def test_a_thin_answer_is_thin_not_about_something_else():
    assert misses_the_ask(CONFLICT, "I sped up our discharge letters with a checklist.") is None


FEEDBACK = "Tell me about a time you were given feedback that was hard to hear."
# A teacher's excellent times-tables story, told to a question about feedback.
TIMES_TABLES = ("I set up a daily ten-minute times-tables challenge in my Year 4 class with a chart on the wall. By the "
                "end of the year 27 of my 30 pupils scored full marks on the multiplication check, up from 12 in the "
                "autumn.")


def test_a_story_without_the_feedback_is_brought_back_to_the_feedback():
    h = in_past_experience()
    h.ask(FEEDBACK)
    h.answer(TIMES_TABLES)
    said = h.of("agent.said")[-1]["data"]
    assert "I was asking about feedback you were given and what you did with it" in said["text"]


@pytest.mark.parametrize(("question", "ask"), [
    ("Tell me about a time you were given feedback that was hard to hear.", "feedback"),
    ("Tell me about a time you led a team through a difficult period.", "leadership"),
    ("Give me an example of explaining something complicated to someone.", "explaining"),
    ("Tell me about a time you had to deal with a difference of opinion in your team.", "conflict"),
    ("What do you enjoy about this line of work?", "motivation"),
    ("What would your manager say you do best?", "strength"),
    ("Describe a time you worked as part of a team to achieve something.", "teamwork"),
    ("Tell me about a time you had to handle an aggressive member of the public.", "customer"),
    ("How do you cope when the workload gets heavy?", "pressure"),
    ("When you have more to do than time to do it, how do you choose where to start?", "prioritisation"),
])
def test_the_question_is_read_for_what_it_asks(question, ask):
    assert asked_for(question).name == ask


def test_a_short_script_is_not_a_shift_one_short():
    call_centre = ("I wrote a short script for the most common billing question and shared it with the team. Our "
                   "average call time on billing went from eight minutes to five, and first-call resolution went from "
                   "70% to 82%.")
    assert misses_the_ask("How do you cope when the workload gets heavy?", call_centre).name == "pressure"
    assert misses_the_ask("How do you cope when the workload gets heavy?",
                          "Two nurses called in sick so we were one short on nights; I split the bays with the "
                          "healthcare assistant, asked the bank office for cover and kept the drug round on time.") is None


def test_the_leader_of_a_summer_camp_team_is_not_brought_back():
    camp = ("I ran the activities team at a holiday camp for 300 children over the summer. I split twelve staff into "
            "morning and afternoon teams, planned the games and swimming rota each week, and we had no serious "
            "incidents all season.")
    assert misses_the_ask("Tell me about a time you led a team.", camp) is None


def test_what_changed_is_not_what_the_question_asked_about():
    # "Delays … went down" is the result of a plan on a site board, not a failure of theirs.
    board = ("I introduced a weekly look-ahead plan on the site board showing deliveries and which trades were "
             "where. Delays from trades clashing went down by half, and we finished the block three weeks early.")
    assert misses_the_ask("Tell me about a mistake you made at work and what you did about it.", board).name == "failure"


def test_trips_to_the_wholesaler_are_no_safety_story():
    vans = ("I noticed our van stock was a mess and we kept making trips to the wholesaler. I made a standard stock "
            "list for each van and restocked every Friday. Trips to the wholesaler dropped from about eight a week to "
            "two, saving roughly five hours of labour.")
    assert misses_the_ask("Tell me about a time you saw something unsafe at work. What did you do?", vans) is not None
    fell = ("A resident slipped in the corridor and fell. I stayed with her, called the nurse, and we checked her "
            "over before moving her; I reported it and we put a mat down by the door, and there were no falls after.")
    assert misses_the_ask("Tell me about a time you saw something unsafe at work. What did you do?", fell) is None
