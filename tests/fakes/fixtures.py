"""pytest fixtures for the fake outside services.

Register them in a conftest (``from tests.fakes.fixtures import fake_openai, fake_tavily,
smtp_server``) or import them into a test module. Each starts a fresh server on a free loopback
port for one test and stops it afterwards. They work in sync and async tests alike: the servers run
in their own threads.
"""

from __future__ import annotations

import pytest

from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.smtp import SMTPServer
from tests.fakes.tavily_server import FakeTavily


@pytest.fixture
def fake_openai():
    """A scripted OpenAI-compatible server; point clients at ``fake_openai.base_url``."""
    with FakeOpenAI() as server:
        yield server


@pytest.fixture
def fake_tavily():
    """A scripted Tavily server; point ``TavilyClient(api_base_url=...)`` at ``fake_tavily.url``."""
    with FakeTavily() as server:
        yield server


@pytest.fixture
def smtp_server():
    """A real SMTP server at ``smtp_server.host``/``.port``; mail lands in ``smtp_server.messages``."""
    with SMTPServer() as server:
        yield server
