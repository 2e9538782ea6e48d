"""Each way of saying there is nothing to tell belongs to one pattern: "I think I've covered that" (an earlier answer
holds it: `COVERED_ALREADY`, its own advice in the report, asked once more live when nothing earlier covered it) or
the other non-answers ("I haven't done that", "No, that's all": `_NON_ANSWER`). The covered phrases used to be in
both, and `COVERED_ALREADY` matched any sentence that began "I've said…", so "I've said before that I love numbers"
could be read as the claim; "I covered that earlier" and "…in my last answer" were not read as it at all."""

import pytest

from agent_worker.core.answers.sentences import _NON_ANSWER, COVERED_ALREADY
from feedback.scoring import assess_answer
from tests.unit.engine.test_covered_claim import MAIN, MIGRATION, NOTICE, SAFETY, claimed_after

QUESTION = "Tell me about an analysis that changed a decision. What was the impact?"
COVERED = ["I think I've covered that.", "I think I've covered that, thank you.", "I've already answered that, thanks.",
           "I've said all I can on that one.", "I think I already covered that in my last answer.",
           "I covered that earlier, thanks.", "I've answered that with my last answer."]
NOTHING = ["I haven't done that.", "No, that's all.", "I don't really know.", "Nothing more to add, thanks.",
           "I'm not sure, sorry."]


@pytest.mark.parametrize("phrase", COVERED + NOTHING)
def test_each_phrase_is_in_one_pattern_only(phrase):
    assert bool(COVERED_ALREADY.search(phrase)) != bool(_NON_ANSWER.search(phrase))


@pytest.mark.parametrize("answer", COVERED)
def test_each_covered_phrase_gets_the_covered_advice(answer):
    verdict = assess_answer(QUESTION, answer)
    assert "covered_already" in verdict.flags
    assert verdict.improvements[0].text.startswith("You said you had covered this already")


@pytest.mark.parametrize("answer", ["I've said before that I love numbers.", "I've answered that kind of question by "
                                    "walking through the numbers first, then the decision."])
def test_a_sentence_that_only_begins_like_the_claim_is_not_it(answer):
    assert not COVERED_ALREADY.search(answer)
    assert "covered_already" not in assess_answer(QUESTION, answer).flags


@pytest.mark.parametrize("answer", ["I covered that earlier, thanks.", "I think I already covered that in my last answer."])
def test_the_live_interviewer_hears_the_claim_in_its_other_wordings(answer):
    assert claimed_after(MAIN, MIGRATION, SAFETY, answer).said()[-1].startswith(NOTICE)
