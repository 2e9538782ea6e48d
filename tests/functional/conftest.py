"""Browser tests: Playwright drives Debian's Chromium against a live server.

They run in their own pytest invocation (`make test` does so): pytest-playwright's sync fixtures
break async tests that run after them in the same process.
"""

import os

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
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 860}}


HERE = os.path.dirname(__file__)


def pytest_collection_modifyitems(items):
    # This hook sees every collected item, not just this folder's.
    for item in items:
        if str(item.path).startswith(HERE):
            item.add_marker(pytest.mark.browser)
