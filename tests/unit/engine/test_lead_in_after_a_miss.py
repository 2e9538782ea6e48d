"""The next stage's lead-in after a stage whose last answer was the same story again or small talk (the lead's walk,
session 8: a story pasted again, after being brought back to the question once, drew "Thanks, that's really helpful.
Now I'd like to go deeper…"). No thanks for detail that was not given."""

import pytest

from agent_worker.core.phrases import _LEAD_INS
from tests.unit.engine.test_repeated_answers import DISAGREED, INFLUENCED, OUTAGE, in_past_experience

THANKS = _LEAD_INS["natural"]


def _lead_in_after(*answers: str) -> str:
    h = in_past_experience(min_questions=1, min_seconds=0)
    h.ask(DISAGREED)
    h.answer(OUTAGE)
    h.ask(INFLUENCED)
    for answer in answers:
        h.answer(answer)
    assert h.engine.transition_stage("natural").ok
    h.play()
    return h.said()[-1]


@pytest.mark.parametrize("answers", [
    [OUTAGE],  # the story given to the question before
    ["I enjoy cooking and trying new recipes on weekends."],
    ["I enjoy cooking and trying new recipes on weekends.", OUTAGE],  # brought back once, then the same story
])
def test_no_thanks_after_an_answer_to_another_question(answers):
    line = _lead_in_after(*answers)
    assert not line.startswith(THANKS), line


def test_a_new_story_is_still_thanked():
    line = _lead_in_after("Last spring I persuaded the data team, who did not report to me, to adopt our schema "
                          "checks: I ran a two-week trial on their busiest table and showed them it caught 14 bad loads.")
    assert line.startswith(THANKS), line
