"""The worker API client: ordered, buffered, retried with backoff, never dropping an event."""

import uuid

import pytest

from agent_worker.adapters.backend import (
    BackendClient,
    BackendError,
    InterviewClosed,
    LeaseLost,
    SeqConflict,
)


def event(seq, type_="agent.said", **data):
    return {"id": str(uuid.uuid4()), "seq": seq, "type": type_, "stage": "greeting",
            "at": "2026-01-06T09:00:00.000Z", "data": data or {"text": f"line {seq}"}}


async def test_it_fetches_the_context_and_takes_the_lease(client, api):
    context = await client.fetch_context()
    assert context["seed"] == "1234"
    assert context["plan"]["stages"][0]["name"] == "greeting"
    assert client.lease == api.lease


async def test_every_write_carries_the_lease_token(client, api):
    await client.fetch_context()
    await client.send_events([event(1)])
    assert api.posts("events")[0]["lease_token"] == api.lease


async def test_it_posts_events_in_order(client, api):
    await client.fetch_context()
    await client.send_events([event(1), event(2)])
    await client.send_events([event(3)])
    assert [e["seq"] for e in api.events] == [1, 2, 3]


async def test_it_retries_a_5xx_with_growing_backoff_and_loses_nothing(client, api, sleeps):
    await client.fetch_context()
    api.faults = [500, 502, 503]
    await client.send_events([event(1), event(2)])
    assert [e["seq"] for e in api.events] == [1, 2]
    assert len(sleeps.delays) == 3
    assert sleeps.delays[0] < sleeps.delays[2]


async def test_it_retries_a_dropped_connection(client, api, sleeps):
    await client.fetch_context()
    api.faults = ["drop", "drop"]
    await client.send_events([event(1)])
    assert [e["seq"] for e in api.events] == [1]
    assert len(sleeps.delays) == 2


async def test_a_batch_stored_but_unanswered_is_sent_again_and_skipped(client, api, sleeps):
    await client.fetch_context()
    api.faults = ["store_then_drop"]
    await client.send_events([event(1), event(2)])
    await client.send_events([event(3)])
    assert [e["seq"] for e in api.events] == [1, 2, 3]
    replay = api.posts("events")[1]
    assert [e["seq"] for e in replay["events"]] == [1, 2]


async def test_it_never_drops_events_that_failed_before(client, api, sleeps):
    await client.fetch_context()
    stale = client.lease
    api.take_lease()
    with pytest.raises(LeaseLost):
        await client.send_events([event(1)])
    assert client.pending == 1
    client.lease = api.lease  # (only to prove the buffer: a real worker stops here)
    await client.send_events([event(2)])
    assert [e["seq"] for e in api.events] == [1, 2]
    assert stale != api.lease


async def test_backoff_is_capped(api):
    delays = []

    async def sleep(seconds):
        delays.append(seconds)

    async with BackendClient(api.url, "worker-token", api.interview_id, sleep=sleep, max_backoff=2.0) as backend:
        await backend.fetch_context()
        api.faults = [500] * 7
        await backend.send_events([event(1)])
    assert max(delays) <= 2.0


async def test_a_stale_lease_raises_lease_lost(client, api):
    await client.fetch_context()
    api.take_lease()
    with pytest.raises(LeaseLost):
        await client.send_events([event(1)])


async def test_a_terminal_interview_raises_interview_closed_on_new_events(client, api):
    await client.fetch_context()
    await client.send_events([event(1, "interview.ended", reason="completed")])
    await client.complete(transcript={"turns": []}, metrics={})
    with pytest.raises(InterviewClosed):
        await client.send_events([event(2)])


async def test_a_terminal_interview_answers_replays_with_200(client, api):
    await client.fetch_context()
    first = event(1, "interview.ended", reason="completed")
    await client.send_events([first])
    assert (await client.complete(transcript={"turns": []}, metrics={}))["replay"] is False
    await client.send_events([first])
    assert (await client.complete(transcript={"turns": []}, metrics={}))["replay"] is True


async def test_the_context_of_a_terminal_interview_raises_interview_closed(client, api):
    api.status = "completed"
    with pytest.raises(InterviewClosed):
        await client.fetch_context()


async def test_a_seq_gap_is_a_conflict_with_the_expected_seq(client, api):
    await client.fetch_context()
    with pytest.raises(SeqConflict) as error:
        await client.send_events([event(2)])
    assert error.value.expected == 1


async def test_a_wrong_token_is_refused_at_once(api, sleeps):
    async with BackendClient(api.url, "wrong", api.interview_id, sleep=sleeps) as backend:
        with pytest.raises(BackendError):
            await backend.fetch_context()
    assert sleeps.delays == []


async def test_fetching_the_context_gives_up_after_some_attempts(api, sleeps):
    api.faults = [503] * 20
    async with BackendClient(api.url, "worker-token", api.interview_id, sleep=sleeps) as backend:
        with pytest.raises(BackendError):
            await backend.fetch_context()
    assert 3 <= len(sleeps.delays) < 20


async def test_complete_sends_pending_events_first(client, api, sleeps):
    await client.fetch_context()
    api.take_lease()
    with pytest.raises(LeaseLost):
        await client.send_events([event(1, "interview.ended", reason="completed")])
    client.lease = api.lease
    result = await client.complete(transcript={"turns": []}, metrics={"turns": 0})
    assert result == {"status": "completed", "replay": False}
    assert [e["seq"] for e in api.events] == [1]


async def test_a_large_backlog_goes_in_batches_the_api_accepts(client, api):
    await client.fetch_context()
    await client.send_events([event(n) for n in range(1, 451)])
    assert len(api.events) == 450
    assert max(len(body["events"]) for body in api.posts("events")) <= 200
