"""`manage.py score_answers FILE`: the contract, the same scores as the report's code, clear failures."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from feedback.scoring import assess_answer

STORY_Q = "Tell me about a time you improved a process."
STORY = ("At my last job the monthly finance reconciliation took six hours of manual spreadsheet work. I owned "
         "fixing it. I wrote a Python script that pulled the bank export and the ledger and flagged mismatches. "
         "I cut reconciliation from six hours to forty minutes.")
WEAK = "We talked about it as a team and things got better."


def run(tmp_path, capsys, payload) -> tuple[int, str, str]:
    path = tmp_path / "answers.json"
    path.write_text(payload if isinstance(payload, str) else json.dumps(payload))
    code = 0
    try:
        call_command("score_answers", str(path))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_it_prints_the_documented_shape_with_verbatim_evidence(tmp_path, capsys):
    code, out, err = run(tmp_path, capsys, {"role": "Software Engineer", "questions": [
        {"question": STORY_Q, "competency": "ownership", "answer": STORY},
        {"question": STORY_Q, "answer": WEAK},
    ]})
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) >= {"overall", "answers"} and 1 <= data["overall"] <= 5
    strong, weak = data["answers"]
    assert set(strong) >= {"score", "star", "results", "strengths", "improvements", "example_answer"}
    assert strong["results"] == ["I cut reconciliation from six hours to forty minutes"]
    assert strong["star"]["action"].startswith("I wrote a Python script")
    assert all(s["quote"] in STORY for s in strong["strengths"]) and strong["strengths"]
    assert strong["score"] > weak["score"]
    assert weak["example_answer"] and "[" not in weak["example_answer"]
    assert data["overall"] == round((strong["score"] + weak["score"]) / 2 + 1e-9, 1)


def test_each_answer_scores_as_it_would_alone_and_as_the_shared_code_says(tmp_path, capsys):
    _, together, _ = run(tmp_path, capsys, {"questions": [
        {"question": STORY_Q, "answer": WEAK}, {"question": STORY_Q, "answer": STORY}]})
    _, alone, _ = run(tmp_path, capsys, {"questions": [{"question": STORY_Q, "answer": STORY}]})
    assert json.loads(together)["answers"][1] == json.loads(alone)["answers"][0]
    assert json.loads(alone)["answers"][0]["score"] == assess_answer(STORY_Q, STORY).score


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("this is not json", "is not JSON"),
        ('["a list"]', "expected a JSON object"),
        ('{"questions": []}', '"questions" is empty'),
        ('{"questions": "nope"}', '"questions" must be a list'),
        ('{"questions": [{"question": "Q?"}]}', "questions[0].answer must be a non-empty string"),
        ('{"questions": [{"question": "Q?", "answer": "A", "competency": 3}]}', "competency must be a string"),
        ('{"role": 5, "questions": [{"question": "Q?", "answer": "A"}]}', '"role" must be a string'),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(tmp_path, capsys, payload, message):
    code, out, err = run(tmp_path, capsys, payload)
    assert code == 2 and out == ""
    assert err.startswith("score_answers: ") and message in err


def test_a_missing_file_exits_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        call_command("score_answers", str(tmp_path / "missing.json"))
    assert exc.value.code == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ('{"role": "SRE"}', '"questions" must be a list of {"question": str, "answer": str}'),
        ('{"questions": ["Q?"]}', 'questions[0] must be an object with "question" and "answer"'),
        ('{"questions": [{"question": "  ", "answer": "A"}]}', "questions[0].question must be a non-empty string"),
        ('{"questions": [{"question": "Q?", "answer": "A"}, {"question": "Q?", "answer": 4}]}',
         "questions[1].answer must be a non-empty string"),
    ],
)
def test_each_bad_shape_is_named_where_it_is(tmp_path, capsys, payload, message):
    code, out, err = run(tmp_path, capsys, payload)
    assert code == 2 and out == "" and err == f"score_answers: {message}\n"
