# ruff: noqa: F811 - test arguments name the fixtures imported below
"""The fake Tavily server answers tavily-python's real client through its base URL."""

from __future__ import annotations

import subprocess
import sys

import pytest
import requests
from tavily import TavilyClient
from tavily.errors import BadRequestError, InvalidAPIKeyError, TimeoutError, UsageLimitExceededError

from tests.fakes.fixtures import fake_tavily  # noqa: F401 - pytest finds the fixture here
from tests.fakes.tavily_server import FakeTavily, result


def client_for(server, key: str = "tvly-test") -> TavilyClient:
    return TavilyClient(api_key=key, api_base_url=server.url)


def test_it_returns_the_results_scripted_for_a_query(fake_tavily):
    fake_tavily.add_results("news", [result("Acme raises", "https://news.example/acme", "Acme raised money.")])
    fake_tavily.add_results("acme", [result("Acme", "https://acme.example", "Acme makes anvils.")])

    news = client_for(fake_tavily).search("Acme latest news", topic="news", max_results=3)
    about = client_for(fake_tavily).search("What does Acme do?")

    assert [r["url"] for r in news["results"]] == ["https://news.example/acme"]
    assert about["results"][0]["content"] == "Acme makes anvils."
    assert fake_tavily.queries == ["Acme latest news", "What does Acme do?"]
    assert fake_tavily.searches[0]["topic"] == "news"
    assert fake_tavily.searches[0]["max_results"] == 3
    assert fake_tavily.requests[0].authorization == "Bearer tvly-test"


def test_an_unknown_query_gets_no_results(fake_tavily):
    assert client_for(fake_tavily).search("nothing here")["results"] == []


def test_max_results_is_honoured(fake_tavily):
    fake_tavily.add_results("acme", [result(f"r{i}", f"https://e.example/{i}", "text") for i in range(8)])

    assert len(client_for(fake_tavily).search("acme", max_results=5)["results"]) == 5


def test_a_wrong_key_gets_invalid_api_key(fake_tavily):
    fake_tavily.api_key = "tvly-right"

    with pytest.raises(InvalidAPIKeyError, match="invalid API key"):
        client_for(fake_tavily, key="tvly-wrong").search("acme")


def test_a_queued_failure_happens_once(fake_tavily):
    fake_tavily.queue_failure(status=500)
    client = client_for(fake_tavily)

    with pytest.raises(requests.HTTPError) as caught:
        client.search("acme")
    assert caught.value.response.status_code == 500
    assert client.search("acme")["results"] == []


@pytest.mark.parametrize(
    ("status", "error"), [(400, BadRequestError), (401, InvalidAPIKeyError), (429, UsageLimitExceededError)]
)
def test_client_errors_map_to_tavily_exceptions(fake_tavily, status, error):
    fake_tavily.failure = {"status": status}

    with pytest.raises(error):
        client_for(fake_tavily).search("acme")


def test_a_hanging_search_times_out_in_the_client(fake_tavily):
    fake_tavily.queue_failure(error="timeout", delay=30)

    with pytest.raises(TimeoutError):
        client_for(fake_tavily).search("acme", timeout=0.3)


def test_it_runs_standalone_and_is_scripted_over_http():
    probe = FakeTavily().start()
    port = probe.port
    probe.stop()
    with subprocess.Popen(
        [sys.executable, "-m", "tests.fakes.tavily_server", "--port", str(port)], stdout=subprocess.PIPE, text=True
    ) as process:
        try:
            assert "fake Tavily server" in process.stdout.readline()
            base = f"http://127.0.0.1:{port}"
            page = {"title": "Acme", "url": "https://acme.example", "content": "Acme makes anvils."}
            requests.post(f"{base}/_fake/results", json={"match": "acme", "results": [page]}).raise_for_status()

            found = TavilyClient(api_key="tvly-test", api_base_url=base).search("acme anvils")

            assert found["results"][0]["url"] == "https://acme.example"
            assert requests.get(f"{base}/_fake/requests").json()[0]["query"] == "acme anvils"
        finally:
            process.terminate()
