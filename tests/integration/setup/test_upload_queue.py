"""A burst of uploads queues for the parser children (issue 16): the candidate whose documents waited is
told so, and one who would wait too long is asked, plainly, to send the form again."""

import threading
import time

from interviews.models import Interview
from interviews.parsing import Limits, sandbox
from interviews.parsing.sandbox import run_sandboxed

HOLD = "tests.unit.parsing.sandbox_targets.hold_until"


def wait_for(condition, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)


def another_upload_parsing(tmp_path, *, release_after_waiting: float | None) -> threading.Thread:
    """Another upload's parser, holding this process's only child slot; with `release_after_waiting`, it
    finishes that many seconds after the next upload starts waiting for it."""
    release = tmp_path / "release"
    holder = threading.Thread(target=run_sandboxed, args=(HOLD, str(release), 60),
                              kwargs={"limits": Limits(max_children=1)})
    holder.start()
    wait_for(lambda: sandbox._queue.counts()[0] == 1)

    def releaser() -> None:
        if release_after_waiting is not None:
            wait_for(lambda: sandbox._queue.counts()[1] == 1)
            time.sleep(release_after_waiting)
        else:
            wait_for(lambda: sandbox._queue.counts() == (1, 0) and bool(tmp_path.joinpath("posted").exists()))
        release.touch()
        holder.join(60)

    thread = threading.Thread(target=releaser)
    thread.start()
    return thread


def test_documents_that_waited_for_a_parser_say_so_on_the_next_page(alice_client, alice, setup_form, settings,
                                                                    tmp_path):
    settings.PARSE_CHILDREN_PER_PROCESS = 1
    other = another_upload_parsing(tmp_path, release_after_waiting=2.5)
    try:
        response = alice_client.post("/interviews/new/", setup_form(), follow=True)
    finally:
        other.join(60)
    assert response.status_code == 200
    assert "seconds in line before they were read: many candidates were uploading at the same moment." \
        in response.content.decode()
    assert Interview.objects.filter(owner=alice).count() == 1


def test_an_upload_that_would_wait_too_long_is_refused_with_a_plain_message(alice_client, alice, setup_form,
                                                                             settings, tmp_path):
    settings.PARSE_CHILDREN_PER_PROCESS = 1
    settings.PARSE_QUEUE_WAIT_SECONDS = 1
    other = another_upload_parsing(tmp_path, release_after_waiting=None)
    try:
        response = alice_client.post("/interviews/new/", setup_form())
    finally:
        (tmp_path / "posted").touch()
        other.join(60)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Many candidates are uploading documents right now, and yours could not be read within 1 second." in page
    assert "please send the form again in a minute." in page
    assert not Interview.objects.filter(owner=alice).exists()
