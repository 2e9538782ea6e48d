"""The interview socket: who may connect, ordered events without gaps, catch-up, bad messages."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient

from interviews.services.events import events_append, lease_acquire
from mockflow_site.asgi import application
from tests.integration.live.conftest import WORKER_TOKEN, event
from tests.integration.live.helpers import (
    assert_gapless,
    communicator,
    connected,
    is_event,
    is_session,
    read_until,
    receive,
    send,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def refused(comm) -> bool:
    ok, _ = await comm.connect()
    await comm.disconnect()
    return not ok


async def test_it_refuses_anonymous_users(interview, in_memory_layer):
    assert await refused(communicator(application, interview, None))


async def test_it_refuses_another_candidate(interview, bob_cookie, in_memory_layer):
    assert await refused(communicator(application, interview, bob_cookie))


async def test_it_refuses_a_foreign_origin(interview, alice_cookie, in_memory_layer):
    assert await refused(communicator(application, interview, alice_cookie, origin=(b"origin", b"https://evil.example")))


async def test_it_refuses_a_missing_interview(interview, alice_cookie, in_memory_layer):
    interview.pk = "00000000-0000-4000-8000-000000000000"
    assert await refused(communicator(application, interview, alice_cookie))


async def test_the_owner_connects_and_catches_up_in_order(interview, alice_cookie, in_memory_layer):
    token = await sync_to_async(lease_acquire)(interview=interview, seconds=60)
    await sync_to_async(events_append)(interview=interview, events=[event(1), event(2), event(3)], lease_token=token)
    comm = await connected(application, interview, alice_cookie)
    await send(comm, type="resume", last_seq=0)
    received = [await receive(comm) for _ in range(3)]
    assert [m["seq"] for m in received] == [1, 2, 3]
    assert set(received[0]) == {"id", "seq", "type", "stage", "at", "data"}
    session = await receive(comm)
    assert session["type"] == "session" and session["last_seq"] == 3
    await comm.disconnect()


async def worker_post(interview, action, body):
    client = AsyncClient()
    auth = {"authorization": f"Bearer {WORKER_TOKEN}"}
    if action == "context":
        return await client.get(f"/api/worker/interviews/{interview.id}/context?take_lease=1", headers=auth)
    return await client.post(f"/api/worker/interviews/{interview.id}/{action}", json.dumps(body),
                             content_type="application/json", headers=auth)


async def test_duplicate_and_out_of_order_posts_reach_the_socket_once_in_order(
        interview, alice_cookie, worker_token, any_layer):
    comm = await connected(application, interview, alice_cookie)
    await send(comm, type="resume", last_seq=0)
    await read_until(comm, is_session)
    lease = (await worker_post(interview, "context", None)).json()["lease_token"]
    batch = [event(1), event(2), event(3)]
    assert (await worker_post(interview, "events", {"lease_token": lease, "events": batch})).status_code == 200
    assert (await worker_post(interview, "events", {"lease_token": lease, "events": [event(5)]})).status_code == 409
    again = await worker_post(interview, "events", {"lease_token": lease, "events": batch[1:] + [event(4)]})
    assert again.json() == {"stored": 1, "skipped": 2, "last_seq": 4}
    messages = []
    await read_until(comm, lambda m: m.get("seq") == 4, into=messages)
    assert [m["seq"] for m in messages] == [1, 2, 3, 4]
    assert await comm.receive_nothing(0.3)
    await comm.disconnect()


async def test_a_reconnect_gets_what_it_missed(interview, alice_cookie, any_layer):
    token = await sync_to_async(lease_acquire)(interview=interview, seconds=60)
    await sync_to_async(events_append)(interview=interview, events=[event(1), event(2)], lease_token=token)
    comm = await connected(application, interview, alice_cookie)
    await send(comm, type="resume", last_seq=0)
    await read_until(comm, is_session)
    await comm.disconnect()
    await sync_to_async(events_append)(interview=interview, events=[event(3), event(4), event(5)], lease_token=token)
    comm = await connected(application, interview, alice_cookie)
    await send(comm, type="resume", last_seq=2)
    messages = []
    await read_until(comm, is_session, into=messages)
    assert assert_gapless(messages) == [3, 4, 5]
    await comm.disconnect()


async def test_live_events_arrive_after_the_catch_up_without_gaps(interview, alice_cookie, any_layer):
    token = await sync_to_async(lease_acquire)(interview=interview, seconds=60)
    await sync_to_async(events_append)(interview=interview, events=[event(1)], lease_token=token)
    comm = await connected(application, interview, alice_cookie)
    await send(comm, type="resume", last_seq=0)
    await read_until(comm, is_session)
    for seq in range(2, 12):
        await sync_to_async(events_append)(interview=interview, events=[event(seq)], lease_token=token)
    messages = []
    await read_until(comm, lambda m: m.get("seq") == 11, into=messages)
    assert assert_gapless(messages) == list(range(2, 12))
    await comm.disconnect()


@pytest.mark.parametrize("frame, code", [
    ('{"type": "dance"}', "unknown_type"),
    ("not json", "bad_json"),
    ("[1, 2]", "bad_json"),
    ('{"type": "resume", "last_seq": -1}', "bad_request"),
    ('{"type": "answer", "text": ""}', "bad_request"),
    ('{"type": "answer", "text": "' + "x" * 9000 + '"}', "too_large"),
    ('{"type": "answer", "text": "hello"}', "not_started"),
])
async def test_a_bad_message_gets_an_error_not_a_closed_socket(interview, alice_cookie, in_memory_layer, frame, code):
    comm = await connected(application, interview, alice_cookie)
    await comm.send_to(text_data=frame)
    reply = await receive(comm)
    assert reply == {"type": "error", "code": code, "message": reply["message"]}
    await send(comm, type="resume", last_seq=0)
    assert (await read_until(comm, is_session))["status"] == "ready"
    await comm.disconnect()


async def test_a_flood_of_messages_is_rate_limited(interview, alice_cookie, in_memory_layer):
    comm = await connected(application, interview, alice_cookie)
    for _ in range(60):
        await comm.send_to(text_data='{"type": "typing"}')
    reply = await read_until(comm, lambda m: m.get("type") == "error")
    assert reply["code"] == "rate_limited"
    await comm.disconnect()


async def test_it_refuses_to_start_a_finished_interview(make_interview, alice, alice_cookie, in_memory_layer):
    done = await sync_to_async(make_interview)(alice, status="completed")
    comm = await connected(application, done, alice_cookie)
    await send(comm, type="start")
    assert (await receive(comm))["code"] == "ended"
    await comm.disconnect()


async def test_events_are_pushed_whatever_the_status(interview, alice_cookie, in_memory_layer):
    token = await sync_to_async(lease_acquire)(interview=interview, seconds=60)
    await sync_to_async(events_append)(interview=interview, events=[
        event(1), event(2, type_="interview.ended", data={"reason": "completed"})], lease_token=token)
    from interviews.services.events import interview_complete

    await sync_to_async(interview_complete)(interview=interview, transcript=[], metrics={}, lease_token=token)
    comm = await connected(application, interview, alice_cookie)
    await send(comm, type="resume", last_seq=0)
    messages = []
    session = await read_until(comm, is_session, into=messages)
    assert [m["seq"] for m in messages if "seq" in m] == [1, 2]
    assert session["status"] == "completed"
    assert is_event("interview.ended")(messages[1])
    await comm.disconnect()
