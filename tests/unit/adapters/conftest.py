import pytest

from tests.unit.adapters.fake_worker_api import TOKEN, FakeWorkerAPI


@pytest.fixture
async def api():
    server = await FakeWorkerAPI().start()
    yield server
    await server.stop()


class Sleeps:
    """An injected sleep: records each backoff and returns at once."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


@pytest.fixture
def sleeps():
    return Sleeps()


@pytest.fixture
async def client(api, sleeps):
    from agent_worker.adapters.backend import BackendClient

    async with BackendClient(api.url, TOKEN, api.interview_id, sleep=sleeps) as backend:
        yield backend
