"""The walk as an office coordinator (Cody Fredrickson's resume) moving into product, against a posting titled for
product marketing whose duties are building interfaces. "Would this role be more product management or more
marketing? The title says product marketing." got "The job description doesn't say anything about the title says
product marketing, so I'd rather not guess" (a topic read from their statement, not their question), and "What would
I be doing day to day?" got "I don't have that in the job description" from a posting that lists its duties under a
heading of its own ("Your Role and Responsibilities", '+' bullets)."""

import pytest

from agent_worker.core.answers.offtopic import answers_something_else
from agent_worker.core.asks import same_ask
from agent_worker.core.followups import acknowledgement, answer_candidate_question
from agent_worker.core.listening import read_answer
from agent_worker.core.posting_answers import _doing
from agent_worker.core.scripted import ScriptedBrain
from tests.unit.engine.test_repeated_answers import in_past_experience

# The project's own posting, in the shape of the walk's: a title at odds with its duties, a plain-line heading.
POSTING = """## Growth Marketing
#### Austin, TX

### Overview
We are looking for an energetic Growth Marketer to join a small, fast team.

Your Role and Responsibilities
+\tBuild dashboards that our sales team relies on every morning!
+\tCollaborate with our product and design teams to define launch plans and timelines
+\tWrite and test landing pages
"""
JD = [("the job description", POSTING)]


@pytest.mark.parametrize("asked", [
    "Yes, would this role be more product management or more marketing? The title says growth marketing.",
    "Is the job more hands-on or more strategy?",
    "What would I be doing day to day?",
])
def test_what_the_work_is_comes_from_the_postings_duties_however_they_are_headed(asked):
    reply = answer_candidate_question(asked, JD)
    assert reply.startswith("Good question. The job description lists building dashboards that our sales team relies "
                            "on every morning and collaborating with our product and design teams among the "
                            "responsibilities."), reply
    assert "title says" not in reply and "!" not in reply


def test_a_statement_around_the_question_is_not_taken_for_what_is_asked():
    reply = answer_candidate_question("I read it twice. How big is the team?", JD)
    assert reply == ("Good question. The job description doesn't say how big the team is; that's a good one to ask "
                     "the hiring team.")


@pytest.mark.parametrize(("duty", "doing"), [
    ("Collaborate with our product and design teams to define launch plans and timelines",
     "collaborating with our product and design teams"),
    ("Act as the nurse's main contact and hand them on to the right colleague when needed.",
     "acting as the nurse's main contact"),
    ("Prepare monthly reconciliations and journal entries", "preparing monthly reconciliations and journal entries"),
    ("Own the roadmap and talk to customers every week", "owning the roadmap"),
])
def test_a_duty_is_said_as_one_whole_thing_done(duty, doing):
    assert _doing(duty) == doing


# The vendor story was thanked "Thanks, saves us a bit over $2,300 a year is a concrete outcome.": their words,
# "us" and all, dropped into the interviewer's sentence.
@pytest.mark.parametrize(("answer", "said"), [
    ("I compared our supply invoices with three other vendors and showed our main vendor the quotes. They matched the "
     "lowest price on gloves and masks, which saves us a bit over $2,300 a year.", "saving a bit over $2,300 a year"),
    # Not from the walk: an engineer's hours won back.
    ("Last year our release checks were all manual. I wrote a nightly smoke test myself and wired it into the "
     "pipeline, and it freed up 10 hours a week for the team.", "freeing up 10 hours a week"),
])
def test_an_amount_gained_is_thanked_as_a_thing_not_in_their_words(answer, said):
    reading = read_answer(answer)
    assert reading.strong, reading
    lines = {acknowledgement(reading, seed, 1) for seed in ("a", "b", "c", "d")}
    assert any(said in line for line in lines), lines
    assert not any(" us " in line or "saves" in line or "freed up" in line for line in lines), lines


# "What kind of work takes up most of your week at the moment?" answered "Mostly insurance billing, scheduling, and
# training new front desk staff. I also handle supplier orders." was brought back as small talk ("Thanks for sharing
# that. Coming back to my question: …"): "desk" was read as the office furniture.
WEEK = "What kind of work takes up most of your week at the moment?"


@pytest.mark.parametrize("answer", [
    "Mostly insurance billing, scheduling, and training new front desk staff. I also handle supplier orders.",
    # Not from the walk: other jobs with a desk in their name.
    "I run the help desk for two hundred people, so mostly password resets and laptop setups.",
    "Mostly the reception desk rota and ordering supplies.",
])
def test_a_job_named_after_a_desk_is_work_not_small_talk(answer):
    assert not answers_something_else(WEEK, answer, "self_intro")


def test_the_desk_itself_is_still_the_setting():
    assert answers_something_else(WEEK, "My desk is by the window and I have two monitors.", "self_intro")


# "Tell me about a launch that didn't go to plan. What did you learn?" answered "Honestly I can't think of anything,
# things usually go fine." was followed by "Think of the last time something at work didn't go to plan. What
# happened, and what did you do?": the same question again in other words.
@pytest.mark.parametrize("asked", [
    "Tell me about a launch that didn't go to plan. What did you learn?",
    # Not from the walk: the same ask in other words.
    "Describe a project that went badly. What would you change?",
    "Tell me about a time a deadline didn't go as planned.",
])
def test_after_a_non_answer_the_way_in_is_not_the_same_question_again(asked):
    h = in_past_experience(brain=ScriptedBrain())
    h.ask(asked)
    h.answer("Honestly I can't think of anything, things usually go fine.")
    probe = h.said()[-1]
    assert "didn't go to plan" not in probe, probe
    assert same_ask("Think of the last time something at work didn't go to plan.", asked, same_thread=False)
