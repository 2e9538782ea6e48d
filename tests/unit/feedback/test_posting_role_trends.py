"""The dashboard's progress chart for interviews of roles from the job description (issue 31): such a role has no
competencies of its own, each interview's come from its posting, so its trend follows the skills they share."""

from feedback.selectors import _shared_competencies


def _scored(*names, unscored=()):
    return [{"name": n, "score": 3} for n in names] + [{"name": n, "score": None} for n in unscored]


def test_the_trend_follows_the_skills_the_interviews_share_most_often_first():
    warehouse = _scored("safety", "accuracy", "teamwork", "communication")
    nurse = _scored("patient care", "safety", "communication", unscored=("prioritising",))
    chef = _scored("safety", "teamwork", "communication", "customer service")
    assert _shared_competencies([warehouse, nurse, chef]) == ["safety", "communication", "teamwork"]


def test_one_interview_charts_its_own_skills_and_none_charts_nothing():
    assert _shared_competencies([_scored("safety", "accuracy")]) == ["safety", "accuracy"]
    assert _shared_competencies([]) == []
