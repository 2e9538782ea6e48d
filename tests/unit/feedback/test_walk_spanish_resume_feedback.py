"""The walk as a mid-level engineer (Spanish placeholder resume): two answers that say nothing were scored as answers.
"I'm not sure really, I guess it depends on the situation. I usually just try my best and see what happens." got
"+0.5 for answering directly" and, as its "improved version", its own sentences back with "Your turn" prompts after
them; "I think I've covered that, sorry." got the same, and as a story question STAR coaching, because ", sorry"
hid that it points back to an earlier answer."""

import pytest

from feedback.scoring import assess_answer
from feedback.scoring.examples import is_outline

STACK = "Which part of the stack do you feel most at home in, and why?"


def keys(assessment):
    return [i.key for i in assessment.improvements]


@pytest.mark.parametrize(("question", "answer"), [
    (STACK, "I'm not sure really, I guess it depends on the situation. I usually just try my best and see what "
            "happens."),
    # Not written for the walk: the same non-answers in other words and to other kinds of question.
    ("How do you prioritise when everything is urgent?", "Not sure, to be honest. I just do my best."),
    ("What's your approach to code review?", "It depends on the situation, really."),
    ("Tell me about a conflict with a colleague.", "Hmm, I'm not sure really. I can't think of one."),
    ("How do you keep your code easy for others to change?", "Well, it depends. I try my best and see what happens."),
])
def test_an_answer_that_says_nothing_earns_nothing_and_is_not_handed_back_as_an_improved_version(question, answer):
    assessment = assess_answer(question, answer)
    assert assessment.score == 1.0, assessment.explanation
    assert not any("answering directly" in line for line in assessment.explanation)
    assert keys(assessment) == ["nothing_to_tell"]
    assert assessment.improvements[0].text.startswith("You said you had nothing for this one.")
    example = assessment.example_answer or ""
    for said in ("not sure", "depends", "my best", "see what happens", "can't think of one"):
        assert said not in example.lower(), example


@pytest.mark.parametrize("question", [
    "Which part of that was yours personally, as opposed to the team's?",
    "Describe a time you improved the performance or reliability of something. How did you measure it?",
])
def test_covered_already_with_an_apology_is_told_to_give_the_question_its_own_answer(question):
    assessment = assess_answer(question, "I think I've covered that, sorry.")
    assert assessment.score == 1.0 and not any("answering directly" in line for line in assessment.explanation)
    assert assessment.improvements[0].text.startswith("You said you had covered this already.")
    assert "covered that" not in (assessment.example_answer or "")


@pytest.mark.parametrize(("question", "answer", "above"), [
    ("How would you scale the reconciliation service?",
     "It depends on the load: below 1,000 requests a second I keep one node, above that I shard by customer id "
     "because reconciliations never cross customers.", 2.0),
    (STACK, "I'm not sure it's one part, but the backend is where I've done most: I rewrote our reconciliation job as "
            "a Kafka consumer and cut detection from 24 hours to 5 minutes.", 2.5),
    ("How do you plan your day?", "I do my best work in the morning, so I block 9 to 11 for deep work and review pull "
                                  "requests after lunch.", 1.2),
])
def test_a_hedge_or_a_best_before_a_real_answer_is_still_an_answer(question, answer, above):
    assessment = assess_answer(question, answer)
    assert "nothing_to_tell" not in keys(assessment)
    assert not any("generic claim" in line for line in assessment.explanation), assessment.explanation
    assert assessment.score > above, assessment.explanation


# A story question answered with what they would do: "I'd start by…" was not read as a hypothetical (only "I'd
# probably/first/try" were), so it was coached "Say what you did yourself, step by step, in the first person" to
# an answer all in the first person; "We usually do code reviews…" was told it "says what you would do".
INCIDENT = "Tell me about a time you handled a production incident."


@pytest.mark.parametrize(("question", "answer"), [
    ("Can you pick one specific time: what was going on, and what did you do?",
     "I'd start by writing down what the customer problem is and how we'd measure it, then ship the smallest version "
     "behind a flag, and look at the numbers after a week before going further."),
    (INCIDENT, "I'd check the dashboards first, then I'd roll back the last deploy and write a postmortem."),
    ("Tell me about a time you disagreed with your manager.", "We'd sit down and talk it through, and I'd explain my "
                                                              "reasons."),
])
def test_what_they_would_do_is_told_to_be_one_real_time(question, answer):
    assessment = assess_answer(question, answer)
    assert assessment.improvements[0].text.startswith("This says what you would do, not what you did."), \
        [i.text for i in assessment.improvements]
    assert "for describing what you would do instead of what you did" in " ".join(assessment.explanation)
    assert not any(i.text.startswith("Say what you did yourself") for i in assessment.improvements)


def test_what_usually_happens_is_said_back_as_that_not_as_a_would():
    assessment = assess_answer("Take any recent piece of work, even a small one: what was it, and what did you do on it?",
                               "We usually do code reviews and we have a style guide, and we write tests as a team.")
    assert assessment.improvements[0].text.startswith("This says what usually happens, not one time it happened.")
    assert "for describing what usually happens instead of what you did" in " ".join(assessment.explanation)


@pytest.mark.parametrize("answer", [
    "I'd been on call for a week when the database filled up. I cleared old logs, added a retention job, and disk use "
    "dropped from 95% to 40%.",
    "I'd already fixed the same leak in another service, so I ported the patch that night and the errors stopped.",
])
def test_i_had_shortened_is_no_hypothetical(answer):
    assessment = assess_answer(INCIDENT, answer)
    assert "hypothetical" not in [i.key for i in assessment.improvements]
    assert not any("instead of what you did" in line for line in assessment.explanation), assessment.explanation
    assert assessment.score > 1.5, assessment.explanation


# The walk's team story was scored '−0.5 for spending 3 of 3 sentences on background' and told first 'Cut the
# background to one sentence…', quoting its one sentence of scene: the team's steps were counted as background.
@pytest.mark.parametrize(("question", "answer"), [
    ("Describe a production incident you were involved in. What did you do, and what changed after?",
     "We had an outage on our checkout service last spring. We got together, we looked at the dashboards, we found that "
     "a connection pool was exhausted, we raised the limit and we added an alert. We also wrote a postmortem as a team."),
    # Not from the walk: an accountant's team story.
    ("Tell me about a time you had to meet a tight deadline.",
     "Our audit was moved forward two weeks last year. We split the accounts between us, we worked weekends, we "
     "reconciled everything and we submitted on time. We were all exhausted."),
])
def test_a_story_the_team_told_is_told_to_say_i_not_to_cut_background(question, answer):
    assessment = assess_answer(question, answer)
    assert not any("background" in line for line in assessment.explanation), assessment.explanation
    assert assessment.improvements[0].text.startswith('Say "I" for your part'), [i.text for i in assessment.improvements]


def test_scene_told_as_we_is_still_background():
    assessment = assess_answer("Tell me about a project you're proud of.", "I worked at a furniture retailer. We sold "
                               "furniture online. The team was six engineers. We had a lot of customers.")
    assert assessment.improvements[0].text.startswith("Cut the background to one sentence")


# The walk's padded answer got, as "an improved version … from your own words", three "Your turn" prompts and "So on
# one project, which was a migration.": the head of its 90-word run-on sentence, which says nothing of theirs.
PADDED = ("So, that's a really great question and I think it's important to give some context first. In my career I have "
          "worked with many different teams, in many different environments, and I have always believed that "
          "communication is really key, and that collaboration is really the foundation of everything we do. I think "
          "that when you look at any project, there are many factors at play, like stakeholders, timelines, "
          "requirements, and the technical aspects. So on one project, which was a migration, we basically had to move "
          "a lot of things from one place to another place, and there were a lot of meetings, and a lot of alignment, "
          "and I made sure everybody was on the same page, and in the end it went well and everyone was happy with the "
          "result, and I learned a lot from it overall.")


@pytest.mark.parametrize(("question", "answer"), [
    ("How do you keep your code easy for others to change?", PADDED),
    ("Tell me about a time you led a project.",
     "So there was this one time, which was actually quite a while ago now, when things were pretty busy in general, "
     "and a lot was going on with various teams, and everybody had their own priorities, and we somehow got it done "
     "in the end with a lot of effort from everybody involved, and it was fine."),
])
def test_the_empty_head_of_a_run_on_sentence_is_no_improved_version(question, answer):
    example = assess_answer(question, answer).example_answer
    assert is_outline(example), example
    assert "one project, which was" not in example and "one time, which was" not in example


def test_the_head_of_a_run_on_that_holds_their_work_is_kept():
    answer = ("Last year I rewrote the billing export in Go, which took about three months of evenings and weekends "
              "alongside my normal work, and there were a lot of meetings with finance about the format, and in the "
              "end everyone was mostly happy with it and we moved on to other things.")
    example = assess_answer("Tell me about a piece of work you owned end to end.", answer).example_answer or ""
    assert "I rewrote the billing export in Go" in example, example


# Checking the improved version on a long run-on found a project told in plural work words ("a lot of meetings with
# finance") capped at 1.5 with "the answer does not address the question" for "a project you're proud of".
@pytest.mark.parametrize("answer", [
    "Last year I rewrote the billing export in Go, which took about three months of evenings and weekends alongside my "
    "normal work, and there were a lot of meetings with finance about the format, and in the end everyone was mostly "
    "happy with it and we moved on to other things.",
    "Last spring I reorganised how our two teams planned their sprints, which took most of the quarter, and there were "
    "a lot of features and bugs competing for attention, and in the end the backlog was a lot smaller than before.",
])
def test_a_project_told_in_plural_work_words_is_not_off_topic(answer):
    assessment = assess_answer("Tell me about a project you're proud of.", answer)
    assert not any("does not address the question" in line for line in assessment.explanation), assessment.explanation
