"""Browser tests: Playwright drives Debian's Chromium against a live server.

They run in their own pytest invocation (`make test` does so): pytest-playwright's sync fixtures
break async tests that run after them in the same process.
"""

import copy
import os
import socket
import threading

import pytest

# Sync Playwright runs an event loop in this thread; the ORM calls made by the tests are still safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Voice tests: a fake microphone (a beep), granted without a prompt.
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 860}}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def asgi_server(django_db_setup, django_db_blocker):
    """The site's own ASGI application (pages, static files and WebSockets) served by daphne.

    daphne runs in a thread of this process, so it shares the in-memory test database. One server for
    the session: Twisted's reactor cannot be started again once stopped.
    """
    from daphne.server import Server
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from mockflow_site.asgi import application

    port = _free_port()
    ready = threading.Event()
    server = Server(ASGIStaticFilesHandler(application), endpoints=[f"tcp:port={port}:interface=127.0.0.1"],
                    signal_handlers=False, ready_callable=ready.set, verbosity=0)
    thread = threading.Thread(target=server.run, daemon=True, name="daphne-live-server")
    thread.start()
    assert ready.wait(15), "daphne did not start"
    yield f"http://127.0.0.1:{port}"
    server.stop()
    _close_server_connections(django_db_blocker)


def _close_server_connections(django_db_blocker) -> None:
    """daphne's worker threads keep their database connections open; on PostgreSQL the test database
    cannot be dropped while they do. Runs before the database teardown (this fixture depends on it)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture
def quick_interview(transactional_db, alice):
    """Alice's Quick practice interview, ready to start (test_text_interview.py builds its own)."""
    from agent_worker.core.plans import QUICK_PLAN
    from interviews.models import Interview
    from tests.integration.feedback.helpers import backend_role, quick_plan

    return Interview.objects.create(owner=alice, role=backend_role(), level="mid", plan=quick_plan(),
                                    plan_snapshot=copy.deepcopy(QUICK_PLAN), status="ready", seed=42)


HERE = os.path.dirname(__file__)


def pytest_collection_modifyitems(items):
    # This hook sees every collected item, not just this folder's.
    for item in items:
        if str(item.path).startswith(HERE):
            item.add_marker(pytest.mark.browser)


SCREENSHOTS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "test-results", "screenshots")
WIDTHS = (("phone", {"width": 375, "height": 812}), ("desktop", {"width": 1280, "height": 860}))


@pytest.fixture
def shoot(page):
    """Screenshot the page at a phone's and a desktop's width into test-results/screenshots/ (kept as test
    artifacts, gitignored) and check that at neither width the page scrolls sideways."""

    def shoot(name: str) -> None:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        original = page.viewport_size
        for label, size in WIDTHS:
            page.set_viewport_size(size)
            page.screenshot(path=os.path.join(SCREENSHOTS, f"{name}-{label}.png"), full_page=True)
            scroll_width = page.evaluate("document.documentElement.scrollWidth")
            assert scroll_width <= size["width"], f"{name} is {scroll_width}px wide at {size['width']}px"
        page.set_viewport_size(original)

    return shoot
