"""`python -m agent_worker simulate`: events on stdout, nothing else; bad input exits 2."""

import json
import subprocess
import sys

from tests.unit.engine.scripts import cooperative


def run(*args):
    return subprocess.run([sys.executable, "-m", "agent_worker", *args], capture_output=True, text=True)


def test_simulate_prints_one_json_event_per_line_and_nothing_else(tmp_path):
    script = tmp_path / "script.json"
    script.write_text(json.dumps(cooperative()))
    result = run("simulate", str(script))
    assert result.returncode == 0 and result.stderr == ""
    events = [json.loads(line) for line in result.stdout.splitlines()]
    assert events[0]["type"] == "interview.started" and events[-1]["type"] == "interview.ended"


def test_simulate_takes_a_plan(tmp_path):
    from agent_worker.core.plans import QUICK_PLAN

    script, plan = tmp_path / "script.json", tmp_path / "plan.json"
    script.write_text(json.dumps(cooperative()))
    plan.write_text(json.dumps(QUICK_PLAN))
    result = run("simulate", str(script), "--plan", str(plan))
    assert result.returncode == 0
    assert json.loads(result.stdout.splitlines()[0])["data"]["plan"]["name"] == "quick"


def test_a_bad_script_exits_2_with_a_message_on_stderr(tmp_path):
    script = tmp_path / "script.json"
    script.write_text("{not json")
    result = run("simulate", str(script))
    assert result.returncode == 2 and result.stdout == "" and "not valid JSON" in result.stderr
    script.write_text(json.dumps({"turns": []}))
    result = run("simulate", str(script))
    assert result.returncode == 2 and result.stdout == "" and "candidate" in result.stderr
    assert run("simulate", str(tmp_path / "missing.json")).returncode == 2


def test_a_bad_plan_exits_2_with_the_plan_errors(tmp_path):
    script, plan = tmp_path / "script.json", tmp_path / "plan.json"
    script.write_text(json.dumps(cooperative()))
    plan.write_text(json.dumps({"name": "x", "stages": [{"name": "only", "min_questions": 3, "max_questions": 1,
                                                         "min_seconds": 0, "max_seconds": 60}]}))
    result = run("simulate", str(script), "--plan", str(plan))
    assert result.returncode == 2 and result.stdout == ""
    assert "stages[0].min_questions" in result.stderr
