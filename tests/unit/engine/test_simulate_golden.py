"""Every simulated interview the tests keep gives the events it gave when recorded (`golden.py` says how to record
again, and when: a change that means to alter what the interviewer says or does names the difference)."""

import pytest

from tests.unit.engine import golden

CASES = golden.load()


def test_the_recording_keeps_every_kind_of_interview():
    assert len(CASES) >= 200
    assert sum("error" in case for case in CASES) >= 5  # scripts simulate refuses, with its message
    assert len({case["name"] for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_kept_script_simulates_to_the_recorded_events(case):
    difference = golden.first_difference(case, golden.run(case))
    assert difference is None, (f"{difference}\n(a change meant to alter this: record again with "
                                "`.venv/bin/python -m tests.unit.engine.golden` and name it in the commit)")
