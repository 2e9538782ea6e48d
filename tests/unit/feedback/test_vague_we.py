"""A vague "we" story that ends "no complaints after that" is not a measured result told in the first person.

The weak answer is the shape public interview guides name as their weak example ("we looked into it…
things improved"); the strong one is the same situation told as the candidate's own steps with a
before and an after.
"""

from __future__ import annotations

from feedback.scoring import assess_answer

QUESTION = "Tell me about a time you dealt with an unhappy customer."
VAGUE_WE = ("A customer was unhappy with the delivery times. We looked into it and we talked to the warehouse team "
            "and we changed the process a bit. We kept them updated. There were no complaints after that.")
CONCRETE_I = ("Our largest retail customer was getting a third of their orders late and threatened to move to another "
              "supplier. I pulled three months of shipping data, found that their orders waited a day for a second "
              "pick, and moved them to the morning wave. Late orders fell from 31 percent to 4 percent within a month, "
              "and they renewed for two years.")


def test_a_vague_we_story_scores_below_a_measured_first_person_story_and_below_three():
    vague = assess_answer(QUESTION, VAGUE_WE)
    concrete = assess_answer(QUESTION, CONCRETE_I)
    assert vague.score < 3.0 < concrete.score
    assert concrete.score - vague.score >= 1.5


def test_no_complaints_after_that_is_an_outcome_without_a_measure():
    vague = assess_answer(QUESTION, VAGUE_WE)
    assert vague.to_contract(VAGUE_WE)["results"] == []
    assert vague.to_contract(VAGUE_WE)["star"]["result"] == "There were no complaints after that."
    assert not any(line.startswith("+1.3") for line in vague.explanation)


def test_the_advice_says_why_we_and_no_measured_outcome():
    vague = assess_answer(QUESTION, VAGUE_WE)
    advice = {i.key: i for i in vague.improvements}
    assert '"I"' in advice["we"].text and advice["we"].quote in VAGUE_WE
    unmeasured = advice["no_amount"]
    assert unmeasured.quote == "There were no complaints after that."
    assert "how many" in unmeasured.text and "before" in unmeasured.text


def test_none_since_then_with_a_baseline_is_still_a_measured_result():
    answer = ("Our ward logged four or five missed insulin doses a month. I moved the insulin round to start with "
              "the handover and added a double-check on the chart. There were no missed doses in the six months "
              "after that.")
    verdict = assess_answer("Tell me about a time you improved patient safety.", answer)
    assert verdict.to_contract(answer)["results"] == ["There were no missed doses in the six months after that"]
