"""The walk as a senior DevOps / SRE (Awesome-CV resume, helper walksre): what the report got wrong, one test per
finding. A concise approach answer with the rule, its reason and what came of it at work, measured, scored 3.1 —
below a 142-word monitoring answer half of which was feeling (3.6) — because a result not told with "I" was no "real
time you worked this way"; and an answer with nothing to build on was offered back as "the improved version of this
answer": the same sentence between "Your turn" questions."""

import pytest

from feedback.scoring import assess_answer
from feedback.scoring.examples import is_outline

AUTOMATE_Q = "How do you decide what to automate and what to leave manual?"
AUTOMATE = ("If I do something by hand a third time, or if a mistake in it could take production down, I automate it. "
            "At KarrotPay that rule got over 90% of our AWS resources into standard Terraform modules, and new "
            "environments went from about two days of clicking to under an hour.")
ALERTS_Q = "Describe how you set up monitoring or alerting for a system. How did you cut noisy alerts?"
ALERTS = ("At Kasa I built the monitoring stack, it was Kafka, Telegraf, InfluxDB and Grafana, and we collected metrics "
          "from hosts, containers and pods. There were a lot of alerts at first, a lot of them were noisy, and people "
          "were getting woken up for things that didn't matter, which is really bad for morale and honestly for "
          "reliability too, because people start ignoring alerts. So what I did was I went through all the alerts "
          "with the team, one by one, and we asked for each alert whether a human needed to act on it right now, and "
          "if not we turned it into a dashboard or a ticket instead. I also wrote a Terraform module to run InfluxDB "
          "with HA on EC2. In the end it was a lot calmer.")


def test_a_concise_rule_with_its_measured_result_at_work_scores_above_a_padded_story():
    concise = assess_answer(AUTOMATE_Q, AUTOMATE, stage="self_intro")
    padded = assess_answer(ALERTS_Q, ALERTS, stage="past_experience")
    assert concise.score > padded.score, (concise.score, padded.score)
    assert concise.score >= 3.7


@pytest.mark.parametrize("question, answer", [
    # another role's approach answer, told the same way: the rule, then what came of it where they worked
    ("How do you prioritise your month-end close?",
     "Anything that blocks payroll or a bank reconciliation goes first, because a late one costs real money. At "
     "Harrison that order cut our close from eight days to five."),
    ("How do you handle a patient who keeps pressing the call bell?",
     "I go in early, before they ring, and tell them when I'll be back, so they aren't left wondering. On our ward "
     "that cut call-bell use at night by about 40%."),
])
def test_what_came_of_a_way_of_working_at_work_counts_as_a_real_time_with_its_result(question, answer):
    lines = assess_answer(question, answer).explanation
    assert any("real time you worked this way" in line for line in lines), lines
    assert any("result with an amount" in line for line in lines), lines


def test_a_way_of_working_with_no_real_time_gets_no_result_credit():
    lines = assess_answer(AUTOMATE_Q, "If I do something by hand a third time, I automate it, because the fourth time "
                                      "is when I make the mistake that takes production down.").explanation
    assert not any("real time" in line or "result with an amount" in line for line in lines), lines


@pytest.mark.parametrize("question, answer, stage", [
    # the walk: a follow-up answered with a sentence that points at nothing
    ("What's one thing you worked on in the last month?",
     "The main thing was the number: we measured it before and after, and it held for the rest of my time there.",
     "self_intro"),
    # another role, the same kind of answer: how it felt, no step of theirs
    ("What's your approach to onboarding a new hire?",
     "It went really well in the end and everyone was pleased with how it turned out.", None),
])
def test_an_answer_with_nothing_to_build_on_gets_how_to_answer_not_itself_called_improved(question, answer, stage):
    example = assess_answer(question, answer, stage=stage).example_answer
    assert example and is_outline(example), example  # the page says "See how to answer this one"
    assert answer.split(":")[0].split(" and ")[0] not in example


def test_an_answer_with_steps_of_its_own_keeps_them_in_its_improved_version():
    answer = "I call them back the same day. I let them finish before I say anything. Then I offer a refund or a fix."
    example = assess_answer("How do you handle an unhappy customer?", answer).example_answer
    assert "I call them back the same day." in example and not is_outline(example)


# The walk's follow-up answered "Not much more to add there, I think I covered it." was read as a thing they did
# ("I … covered it"), and the report's improved version of it was that sentence.
@pytest.mark.parametrize("claim", ["Not much more to add there, I think I covered it.",
                                   "Nothing else to say on that one, I've covered it.",
                                   "Not much more to add here; I think I've answered that already."])
def test_not_much_more_to_add_i_think_i_covered_it_is_the_covered_claim(claim):
    verdict = assess_answer("Why did you go that way? What else did you consider?", claim, stage="past_experience")
    assert {"covered_already", "nothing_to_tell"} <= set(verdict.flags)
    assert claim.split(",")[0] not in (verdict.example_answer or "")  # never material for the improved version


def test_not_much_more_to_add_there_alone_is_nothing_to_tell_but_a_reason_after_it_is_an_answer():
    assert "nothing_to_tell" in assess_answer("Why did you go that way?", "Not much more to add there.").flags
    told = assess_answer("Why did you go that way?", "Not much more to add there, but I picked Kafka because our "
                                                     "consumers needed replay.")
    assert "nothing_to_tell" not in told.flags


PADDED_MIGRATION = (
    "So, this is a really good question and I think it's something that I have a lot of experience with, because over "
    "the years I've done a lot of migrations. Basically, at Kasa we were on DC/OS and, you know, DC/OS was kind of "
    "going away and the community was moving to Kubernetes, so we decided that we should move to Kubernetes as well, "
    "and we picked AWS EKS because we were already on AWS and it made sense. In the end we had three Kubernetes "
    "clusters and more than 300 pods, and we managed all the manifests declaratively with Kustomize and ArgoCD.")


def test_a_sentence_padded_with_filler_is_not_quoted_as_a_strength():
    """The walk's report and email: 'You explained your decisions: "Basically, at Kasa we were on DC/OS and, you know,
    DC/OS was kind of going away…"' held the padding up as the way to say it."""
    question = "Describe a piece of infrastructure you designed or migrated. What were the trade-offs?"
    padded = assess_answer(question, PADDED_MIGRATION, stage="past_experience")
    assert not any("Basically" in (e.quote or "") for e in padded.strengths), padded.strengths
    plain = PADDED_MIGRATION.replace("Basically, at", "At").replace(", you know,", "").replace(" kind of", "")
    assert any("At Kasa we were on DC/OS" in (e.quote or "") for e in assess_answer(
        question, plain, stage="past_experience").strengths)


TRADE_OFF_Q = "What trade-off did you make, and how did you bring others along?"
PADDED_TRADE_OFF = PADDED_MIGRATION + (
    " The trade-off, I suppose, was that we gave up some of the control we had over the scheduler in DC/OS, but we "
    "gained a much bigger ecosystem, and I think overall it was definitely the right decision for the company and for "
    "the team, and I learned a lot from it.")


def test_the_improved_version_keeps_no_headless_fragment_and_does_not_ask_where_they_worked_after_at_kasa():
    """The walk's improved version: 'Your turn: where were you working, and what was at stake? At Kasa we were on
    DC/OS … The trade-off, I suppose. Your turn: …'."""
    example = assess_answer(TRADE_OFF_Q, PADDED_TRADE_OFF, stage="past_experience").example_answer
    assert "I suppose." not in example, example
    assert "At Kasa" in example and "where were you working" not in example, example


def test_another_team_story_told_at_a_named_place_is_not_asked_where_it_was():
    answer = ("At St Mary's we split the bays between us when we were two nurses short, and we asked the site manager "
              "for a bank nurse by midnight. Everyone got their medication on time.")
    example = assess_answer("Tell me about a time you worked under pressure.", answer).example_answer
    assert example and "St Mary's" in example and "where were you working" not in example, example
    nowhere = assess_answer("Tell me about a time you worked under pressure.",
                            answer.replace("At St Mary's we", "We")).example_answer
    assert nowhere and "where were you working" in nowhere, nowhere


def test_no_nothing_more_from_me_to_a_question_is_nothing_to_tell_not_say_what_you_did():
    """The walk's email: 'Say what you did yourself. In your answer to "Why did you go that way? What else did you
    consider?"' — answered 'Not much more to add there, I think I covered it.' and, asked once more, 'No, nothing more
    from me, thank you.'"""
    for answer in ("No, nothing more from me, thank you.",
                   "Not much more to add there, I think I covered it. No, nothing more from me, thank you."):
        verdict = assess_answer("Why did you go that way? What else did you consider?", answer, stage="past_experience")
        assert [i.key for i in verdict.improvements] == ["nothing_to_tell"], verdict.improvements


@pytest.mark.parametrize("answer", ["No, nothing more from me, thank you.", "Nothing more to add, thanks."])
def test_nothing_more_to_a_closing_question_gets_the_closing_advice_not_offer_the_closest_thing(answer):
    verdict = assess_answer("Is there anything we haven't covered that you'd like to add?", answer)
    assert [i.key for i in verdict.improvements] == ["nothing_added"], verdict.improvements


@pytest.mark.parametrize("question, answer, about", [
    # the walk: "…talks about something other than what was asked: Quite a lot."
    ("You list networking, and the role needs it. How much of your current work involves it?",
     "Quite a lot. Everything we ran was on Linux hosts or containers, and I spend a good part of incidents on a box "
     "with strace, ss and journalctl.", "ran was on Linux hosts or containers"),
    ("Tell me about a time you disagreed with a colleague.",
     "Oh, sure thing. I love hiking in the mountains on weekends with my dog.", "hiking in the mountains"),
])
def test_off_topic_advice_says_what_the_answer_is_about_not_its_opening_reply(question, answer, about):
    advice = next(i.text for i in assess_answer(question, answer).improvements if i.key == "off_topic")
    assert about in advice and "asked: Quite a lot" not in advice and "asked: oh" not in advice.lower(), advice


@pytest.mark.parametrize("answer", ["No, that's all from me, thank you.", "That's all from me."])
def test_thats_all_from_me_to_an_interview_question_is_nothing_to_tell(answer):
    # The lead's walk: asked again after the candidate's own question, "No, that's all from me, thank you." was
    # scored 1/5 with "Back the answer with one real example from your work".
    verdict = assess_answer("You list Linux, and the role needs it. How much of your current work involves it?", answer)
    assert [i.key for i in verdict.improvements] == ["nothing_to_tell"], verdict.improvements
