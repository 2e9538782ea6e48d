"""The lead's walk as a senior SRE (session 6), what the report got wrong: outcomes told in words were reported as
missing ("Finish with the result"), "I think I've covered what I can on that." was coached as a story, and the
advice to say "I" quoted a sentence that says "I"."""

import pytest

from agent_worker.core.answers.results import result_spans
from feedback.scoring import assess_answer
from feedback.textstats import sentences

ON_CALL_Q = ("The job asks for on-call, and your resume says less about it. Where have you come closest, and what "
             "decisions did you make there?")
DNS_OUTAGE = ("At KarrotPay we had an outage where our DNS firewall rules blocked outbound calls to a payment "
              "partner after a deploy. Payments failed for about twenty minutes. I was on call, so I rolled back the "
              "rule group, then I wrote a postmortem and added a staging check that replays the allow list before any "
              "firewall change goes out. We didn't have a repeat of that kind of incident in the following year.")
OKTA_STEPS = ("When we introduced Okta, I had to connect over twenty systems to SSO, including AWS, GitHub and Slack. "
              "I chose to roll it out team by team over six weeks instead of in one cutover, because a single login "
              "failure would have locked people out of production access.")


@pytest.mark.parametrize("answer, result", [
    (DNS_OUTAGE, "We didn't have a repeat of that kind of incident in the following year"),
    (OKTA_STEPS + " We finished with no lost access days.", "We finished with no lost access days"),
    ("We shipped the migration with zero downtime.", "We shipped the migration with zero downtime"),
])
def test_an_outcome_told_in_words_is_a_result(answer, result):
    assert [span.text for span in result_spans(answer, sentences(answer))] == [result]


def test_a_story_that_ends_on_no_repeat_is_not_told_to_finish_with_the_result():
    verdict = assess_answer(ON_CALL_Q, DNS_OUTAGE)
    assert not any(i.key in {"no_result", "no_amount"} for i in verdict.improvements), verdict.improvements
    assert verdict.score >= 4.0, verdict.explanation


@pytest.mark.parametrize("answer", ["I think I've covered what I can on that.", "Nothing more to add, thanks.",
                                    "I've covered everything I can on this one."])
def test_saying_they_have_nothing_more_is_not_coached_as_a_story(answer):
    verdict = assess_answer("On the staging check, which decision was yours to make?", answer)
    assert [i.key for i in verdict.improvements] == ["nothing_to_tell"], verdict.improvements


def test_the_advice_to_say_i_never_quotes_a_sentence_that_says_i():
    answer = OKTA_STEPS.replace("I chose to roll", "We rolled").replace("instead of in one cutover", "as a team") + \
        " We decided on the order together and we ran it in waves."
    verdict = assess_answer("Tell me about a rollout you led.", answer)
    said_we = next(item for item in verdict.improvements if item.key == "we")
    # Before: the first sentence, "When we introduced Okta, I had to connect over twenty systems …", was quoted.
    assert said_we.quote and said_we.quote.startswith("We rolled it out team by team"), said_we.quote
