"""The hard time limit fails a hung test wherever its main thread waits."""

import asyncio
import threading

import pytest

from tests.timeouts import fail_after


def test_a_wait_that_never_ends_fails_after_the_limit():
    with pytest.raises(pytest.fail.Exception, match="Still running after 0.05 s"), fail_after(0.05):
        threading.Event().wait()


def test_an_event_loop_that_never_finishes_fails_after_the_limit_naming_the_hung_task(capsys):
    async def hangs():
        await asyncio.Event().wait()

    with pytest.raises(pytest.fail.Exception), fail_after(0.05):
        asyncio.run(hangs())
    assert "in hangs" in capsys.readouterr().err


def test_a_test_that_finishes_in_time_leaves_no_alarm_behind():
    with fail_after(0.05):
        pass
    threading.Event().wait(0.1)  # the alarm would have gone off here
