"""A must-have the candidate only wished for (the lead's walk as an accountant moving into data science, session 8):
"I'd like to learn Redshift and do it at scale" drew "You mentioned Redshift earlier, and the job asks for it. What
did you do there, and what would you like to learn next?", which asks about work they said they have not done, and
names a tool as a place."""

import pytest

from agent_worker.core.sources import must_have_question
from agent_worker.core.tailoring import InterviewContext

POSTING = "Data Scientist\nRequirements\n- Experience with Redshift\n"


def context() -> InterviewContext:
    return InterviewContext.from_candidate({"name": "Ebony Moore", "role": "Data Scientist", "level": "junior",
                                            "resume_text": "Accountant.\nSkills: Excel, Python",
                                            "job_description": POSTING})


@pytest.mark.parametrize("wish", [
    "Matching ledgers to bank exports is a small version of that, and I'd like to learn Redshift and do it at scale.",
    "I haven't used Redshift yet, but I know SQL well.",
    "I'm new to Redshift.",
])
def test_a_skill_they_only_wish_for_is_asked_as_what_comes_closest(wish):
    asked = must_have_question(context(), "junior", "w", None, [wish, "Okay."])
    assert asked is not None
    # Said back as what all three say, never as words they did not use ("You said you'd like to learn…" misquoted
    # "I haven't used Redshift yet").
    assert asked.text == ("You mentioned Redshift as something you haven't used yet, and the job asks for it. What "
                          "have you done that comes closest, and how would you go about learning it?")


def test_a_skill_they_used_is_asked_about_as_theirs_and_not_as_a_place():
    said = ["I am an accountant, and I work in Excel, Python and Redshift every day.", "Okay."]
    asked = must_have_question(context(), "junior", "w", None, said)
    assert asked is not None and asked.text == ("You mentioned Redshift earlier, and the job asks for it. What did you "
                                                "do with it, and what would you like to learn next?")
