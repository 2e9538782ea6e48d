"""One backoff helper for every retry loop: the worker's API client, the text driver's database calls, research."""

import pytest

from agent_worker.core.backoff import backoff_delay, backoff_delays, jittered


def test_each_wait_doubles_up_to_the_most():
    assert [backoff_delay(n, first=0.5, most=30) for n in range(1, 9)] == [0.5, 1, 2, 4, 8, 16, 30, 30]


def test_a_large_attempt_number_neither_overflows_nor_passes_the_most():
    assert backoff_delay(10_000, first=0.5, most=30) == 30
    assert backoff_delay(0, first=0.5, most=30) == 0.5  # "before the first retry" counts as the first


def test_another_factor():
    assert [backoff_delay(n, first=30, factor=4, most=480) for n in (1, 2, 3, 4)] == [30, 120, 480, 480]


@pytest.mark.parametrize("rand, expected", [(0.0, 5.0), (0.5, 7.5), (1.0, 10.0)])
def test_jitter_keeps_between_half_and_all_of_the_wait(rand, expected):
    assert jittered(10.0, rand=lambda: rand) == expected


def test_the_waits_add_up_to_the_budget_and_stop_there():
    waits = list(backoff_delays(3.0, first=0.1, most=5.0))
    assert waits[:4] == pytest.approx([0.1, 0.2, 0.4, 0.8])
    assert sum(waits) == pytest.approx(3.0) and len(waits) == 5  # the last one is cut to what is left


def test_no_budget_means_no_wait():
    assert list(backoff_delays(0, first=0.1, most=5.0)) == []
