"""The sandbox: a child process with CPU, memory and wall-clock limits, talking JSON."""

import threading
import time

import pytest

from interviews.parsing import DocumentError, Limits, sandbox
from interviews.parsing.sandbox import SandboxError, run_sandboxed, waited_for_a_child

TARGETS = "tests.unit.parsing.sandbox_targets"
TIGHT = Limits(cpu_seconds=2, memory_bytes=512 * 1024 * 1024, wall_seconds=5)


def test_it_returns_the_childs_json_result_and_carries_bytes():
    assert run_sandboxed(f"{TARGETS}.echo", b"\x00\xffpdf") == {"echo": "00ff706466"}
    assert run_sandboxed(f"{TARGETS}.echo", [1, "two"]) == {"echo": [1, "two"]}


def test_a_ballooning_child_dies_at_its_memory_limit():
    # The wall clock far above what a memory kill takes, so that only the memory limit can stop it (it was
    # 5 s, and a loaded CI machine took 5.4 s to start the child and fill its 512 MB).
    with pytest.raises(SandboxError) as caught:
        run_sandboxed(f"{TARGETS}.balloon", limits=Limits(cpu_seconds=2, memory_bytes=512 * 1024 * 1024,
                                                          wall_seconds=120))
    assert caught.value.exhausted
    assert "wall-clock" not in str(caught.value), caught.value


def test_a_looping_child_dies_at_its_cpu_limit():
    # A wall clock far above the CPU limit: on a loaded machine the child's CPU time runs slower than
    # the wall clock, and it is the CPU limit this test is about.
    limits = Limits(cpu_seconds=1, memory_bytes=512 * 1024 * 1024, wall_seconds=60)
    started = time.monotonic()
    with pytest.raises(SandboxError) as caught:
        run_sandboxed(f"{TARGETS}.spin", limits=limits)
    assert caught.value.exhausted
    assert "SIGXCPU" in str(caught.value) or "SIGKILL" in str(caught.value)
    assert time.monotonic() - started < 60


def test_a_sleeping_child_is_killed_by_the_wall_clock():
    started = time.monotonic()
    with pytest.raises(SandboxError, match="wall-clock"):
        run_sandboxed(f"{TARGETS}.sleep_forever", limits=Limits(wall_seconds=1))
    assert time.monotonic() - started < 3


def test_a_document_error_in_the_child_reaches_the_parent_with_its_message():
    with pytest.raises(DocumentError, match="A clear message for the candidate."):
        run_sandboxed(f"{TARGETS}.refuse")


def test_an_unexpected_failure_is_a_sandbox_error_not_a_document_error():
    with pytest.raises(SandboxError, match="RuntimeError") as caught:
        run_sandboxed(f"{TARGETS}.crash")
    assert not caught.value.exhausted


def test_the_child_gets_no_secrets_from_the_environment(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    monkeypatch.setenv("DJANGO_SECRET_KEY", "very-secret")
    names = run_sandboxed(f"{TARGETS}.environment")
    assert "OPENAI_API_KEY" not in names and "DJANGO_SECRET_KEY" not in names


def test_the_child_cannot_write_files(tmp_path):
    target = tmp_path / "out.txt"
    with pytest.raises(SandboxError):
        run_sandboxed(f"{TARGETS}.write_file", str(target))
    assert not target.exists() or target.stat().st_size == 0


def test_a_spare_child_started_ahead_takes_the_next_document_and_no_child_takes_two():
    first = run_sandboxed(f"{TARGETS}.identity")  # leaves a spare behind, started with these limits and module
    assert sandbox._spare is not None
    spare = sandbox._spare[2]
    called = time.monotonic()
    second = run_sandboxed(f"{TARGETS}.identity")
    since_called = time.monotonic() - called
    third = run_sandboxed(f"{TARGETS}.identity")
    assert second["pid"] == spare.pid != first["pid"], "the second document went to the spare started ahead"
    assert second["age"] > since_called, "started before the call, not by it"
    assert second["pid"] != third["pid"], "each child reads one document"


def burst(count: int, limits: Limits, seconds: float) -> list[tuple[object, float]]:
    """`count` uploads at once, each on its own thread as requests are: (result or DocumentError, waited s)."""
    results: list[tuple[object, float]] = [(None, 0.0)] * count

    def upload(index: int) -> None:
        try:
            results[index] = (run_sandboxed(f"{TARGETS}.hold", seconds, limits=limits), waited_for_a_child())
        except DocumentError as error:
            results[index] = (error, waited_for_a_child())

    threads = [threading.Thread(target=upload, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def most_at_once(spans: list[dict]) -> int:
    edges = sorted([(s["began"], 1) for s in spans] + [(s["ended"], -1) for s in spans])
    running = peak = 0
    for _, step in edges:
        running += step
        peak = max(peak, running)
    return peak


def test_a_burst_of_uploads_runs_at_most_max_children_parsers_at_once_and_the_rest_wait_their_turn():
    limits = Limits(max_children=2, queue_wait_seconds=30, max_waiting=50)
    results = burst(8, limits, 0.4)
    spans = [r for r, _ in results if isinstance(r, dict)]
    assert len(spans) == 8, results  # every upload was read
    assert most_at_once(spans) <= 2
    waits = sorted(w for _, w in results)
    assert waits[:2] < [0.3, 0.3] and waits[-1] >= 1.0, waits  # the first two ran at once, the last waited
    assert sandbox._queue.counts() == (0, 0)


def test_past_the_queues_bounds_an_upload_is_refused_with_a_message_to_send_it_again():
    limits = Limits(max_children=1, queue_wait_seconds=0.5, max_waiting=1)
    results = burst(3, limits, 1.5)
    refused = [r for r, _ in results if isinstance(r, DocumentError)]
    assert len([r for r, _ in results if isinstance(r, dict)]) == 1
    assert len(refused) == 2, results
    for error in refused:
        assert "Many candidates are uploading documents right now" in error.message
        assert "Nothing was saved: please send the form again in a minute." in error.message
    assert any("within 0.5 seconds" in e.message for e in refused)  # the one that waited its longest
    assert sandbox._queue.counts() == (0, 0)
