"""The walk as a mid-level engineer with a Spanish placeholder resume (moderncv) against a remote posting written in
markdown: the candidate's questions were answered with the posting's markup read aloud ("_You have product
engineering experience_"), "How big is the team?" with a sentence that gives no size ("a team of talented software
and product people") while the size sat in a long sentence ("a small team (<10)"), the on-call half of the question
was dropped without a word, and the question came back as "Coming back to what I asked: The job asks…". A story the
team told ("we found…, we raised…") was asked for "one specific time" again instead of their own part."""

import pytest

from agent_worker.core.followups import answer_candidate_question, follow_up_options
from agent_worker.core.listening import read_answer
from agent_worker.core.repeating import after_colon
from tests.unit.engine.test_lead_in_after_a_miss import THANKS, _lead_in_after

# The project's own posting, written like the markdown postings candidates paste.
POSTING = """Backend Engineer - Remote

## About the role
You will be working closely with our Head of Product and a team of talented engineers and designers to grow the product.
In this role you'll own problems end to end, you'll be given a lot of freedom, you'll be working in a small team (<10) \
meaning your work matters, and you'll help shape how we build software from the very start.

## About you
- _You have product engineering experience_ - You've shipped features and measured their success with customers.
- **You care about quality** - you write tests and review code with care.
"""
JD = [("the job description", POSTING)]


def test_a_quoted_line_of_the_posting_is_said_without_its_markdown():
    reply = answer_candidate_question("What does success look like in the first six months?", JD)
    assert "You have product engineering experience - You've shipped features" in reply, reply
    assert "_" not in reply and "*" not in reply
    reply = answer_candidate_question("How do you think about quality and code review?", JD)
    assert "“You care about quality - you write tests" in reply, reply


def test_a_team_named_without_a_size_does_not_answer_how_big_it_is():
    posting = "## The team\nYou'll join a team of talented engineers and designers who love shipping.\n"
    reply = answer_candidate_question("How big is the team right now?", [("the job description", posting)])
    assert reply == ("Good question. The job description doesn't say how big the team is; that's a good one to ask "
                     "the hiring team.")


def test_the_size_in_a_long_sentence_is_quoted_by_its_clause_with_the_sign_read_as_words():
    reply = answer_candidate_question("How big is the team?", JD)
    assert reply.startswith("Good question. The job description says: “You'll be working in a small team (under 10) "
                            "meaning your work matters.”"), reply
    assert "talented engineers" not in reply


def test_what_else_the_question_asks_is_named_when_the_quote_leaves_it_out():
    asked = "Could you tell me more about what the team's on-call looks like and how big the team is right now?"
    reply = answer_candidate_question(asked, JD)
    assert "small team (under 10)" in reply and "It doesn't say anything about on-call;" in reply, reply
    assert "It doesn't say anything about on-call;" in answer_candidate_question(asked, JD, brief=True)
    silent = [("the job description", "## About you\n- You write clear code and test it well.\n")]
    assert answer_candidate_question(asked, silent) == (
        "Good question. The job description doesn't say how big the team is or anything about on-call; that's a "
        "good one to ask the hiring team.")
    # A hyphenated thing is said whole when it is the only thing asked, too.
    assert "anything about in-house tooling" in answer_candidate_question("Is there much in-house tooling?", silent)


def test_a_question_asked_again_after_a_colon_reads_as_one_sentence():
    assert after_colon("The job asks for Haskell or F#, and your resume says less about it. Where have you come "
                       "closest?") == ("the job asks for Haskell or F#, and your resume says less about it. Where "
                                   "have you come closest?")
    assert after_colon("There was a gap in 2021. What happened?") == "there was a gap in 2021. What happened?"
    assert after_colon("Kubernetes came up in your resume. What was your part?") == (
        "Kubernetes came up in your resume. What was your part?")
    assert after_colon("I'd like to hear about a launch.") == "I'd like to hear about a launch."


# "We had an outage on our checkout service last spring. We got together, … we raised the limit…" is one real time,
# told as the team's: the interviewer asked "Can you pick one specific time: what was going on, and what did you do?"
# (and heard "I think I've covered that"). What is missing is their own part.
@pytest.mark.parametrize("answer", [
    "We had an outage on our checkout service last spring. We got together, we looked at the dashboards, we found that "
    "a connection pool was exhausted, we raised the limit and we added an alert. We also wrote a postmortem as a team.",
    # Not from the walk: other team stories.
    "During the audit last year the numbers didn't match. We pulled the ledgers, we traced the gap to a duplicated "
    "vendor, and we fixed the entries before the deadline.",
    "At my last job a big client threatened to leave. We met with them twice, we rebuilt the onboarding plan and we "
    "kept the account.",
])
def test_a_team_story_is_one_real_time_and_what_is_missing_is_their_own_part(answer):
    reading = read_answer(answer)
    assert reading.story and reading.missing[0] == "own_part", reading
    options = [text for _, text in follow_up_options("past_experience", reading.missing, "", "mid", False)]
    assert options[0] == "Which part of that was yours personally, as opposed to the team's?"


@pytest.mark.parametrize("answer", [
    "We usually do code reviews and we have a style guide, and we write tests as a team.",
    "We always talk to customers first and we write a short brief before we build anything.",
])
def test_how_the_team_usually_works_is_still_asked_for_one_time(answer):
    assert read_answer(answer).missing[0] == "example"


# The walk's padded answer ended a stage and was thanked "Great, thank you for that." before the next bridge.
PADDED = ("So, that's a really great question and I think it's important to give some context first. In my career I "
          "have worked with many different teams, in many different environments, and I have always believed that "
          "communication is really key, and that collaboration is really the foundation of everything we do. So on one "
          "project, which was a migration, we basically had to move a lot of things from one place to another place, "
          "and there were a lot of meetings, and a lot of alignment, and I made sure everybody was on the same page, "
          "and in the end it went well and everyone was happy with the result, and I learned a lot from it overall.")


@pytest.mark.parametrize("answer", [
    PADDED,
    # Not from the walk: padding in other words, for another kind of job.
    "Basically I handled a lot of things for a lot of clients, various accounts and stuff, and I think it was fine "
    "overall, and I sort of learned a lot of things about working with a lot of different people in the end.",
])
def test_padding_that_names_nothing_is_not_thanked_at_the_next_stage(answer):
    line = _lead_in_after(answer)
    assert not line.startswith(THANKS), line
    assert read_answer(answer).hollow


def test_a_long_answer_with_a_number_is_still_thanked_despite_a_filler_word():
    answer = ("Basically I rewrote the reconciliation job as a Kafka consumer, which was a lot of work, and mismatch "
              "detection went from 24 hours to under 5 minutes, so finance stopped chasing us every morning.")
    assert not read_answer(answer).hollow
    assert _lead_in_after(answer).startswith(THANKS)
