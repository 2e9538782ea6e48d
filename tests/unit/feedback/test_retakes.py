"""What changed between the interview's answer and a retake, said as the candidate would want it."""

from feedback.retakes import AttemptSummary, what_changed


def summary(**changes):
    base = {"score": 2.0, "has_result": False, "has_action": False, "fillers": 3, "off_topic": False, "words": 40}
    return AttemptSummary(**{**base, **changes})


def test_a_result_stated_and_an_own_action_named_are_said_first_to_last():
    assert what_changed(summary(), summary(has_result=True, has_action=True, fillers=3)) == [
        "A result is stated now: what came of it.",
        "Your own action is named now: what you did yourself.",
    ]


def test_fewer_fillers_are_counted():
    assert what_changed(summary(fillers=5), summary(fillers=1)) == ["Fewer filler words: 5 → 1."]


def test_an_answer_on_the_question_after_one_about_something_else_is_said_first():
    assert what_changed(summary(off_topic=True), summary(has_result=True))[0] == (
        "It answers the question asked now, not something else.")


def test_what_got_worse_is_said_too():
    assert what_changed(summary(has_result=True, fillers=0), summary(fillers=2)) == [
        "The result you gave before is missing this time.", "More filler words: 0 → 2."]


def test_nothing_changed_says_nothing():
    assert what_changed(summary(), summary(score=2.5)) == []


def test_a_summary_survives_its_stored_form():
    stored = summary(has_result=True).as_dict()
    assert AttemptSummary.from_dict(stored) == summary(has_result=True)
