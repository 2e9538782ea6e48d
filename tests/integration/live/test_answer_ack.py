"""Answers are acknowledged once stored (`answer.ack`) and a repeated `client_id` is the same answer."""

import pytest

from tests.integration.live.helpers import (
    GOOD_ANSWERS,
    asks_question,
    connected,
    is_event,
    make_app,
    read_until,
    send,
    stored_events,
)

pytestmark = pytest.mark.django_db(transaction=True)


def is_ack(client_id):
    return lambda m: m.get("type") == "answer.ack" and m.get("client_id") == client_id


async def test_an_answer_is_acknowledged_once_stored_and_a_repeat_is_the_same_answer(
        quick_interview, alice_cookie, in_memory_layer):
    comm = await connected(make_app(), quick_interview, alice_cookie)
    await send(comm, type="start")
    await read_until(comm, asks_question)
    await send(comm, type="answer", text=GOOD_ANSWERS[0], client_id="a-1")
    seen = []
    said = await read_until(comm, is_event("candidate.said"), into=seen)
    await read_until(comm, is_ack("a-1"), into=seen)
    assert said["data"]["client_id"] == "a-1"
    if not any(asks_question(m) and m["seq"] > said["seq"] for m in seen):
        await read_until(comm, asks_question, into=seen)
    next_question = [m for m in seen if asks_question(m)][-1]

    # The page resends it (it did not see the ack before a reconnect): acknowledged again, stored once,
    # and never taken as the answer to the question asked since.
    await send(comm, type="answer", text=GOOD_ANSWERS[0], client_id="a-1")
    await read_until(comm, is_ack("a-1"))
    assert await comm.receive_nothing(0.5)
    events = await stored_events(quick_interview)
    said = [e for e in events if e["type"] == "candidate.said"]
    assert [e["data"]["client_id"] for e in said] == ["a-1"]

    # The next answer (a new id) answers the next question.
    await send(comm, type="answer", text=GOOD_ANSWERS[1], client_id="a-2")
    answer = await read_until(comm, is_event("candidate.said"))
    assert answer["data"]["question_id"] == next_question["data"]["question_id"]
    await read_until(comm, is_ack("a-2"))
    await comm.disconnect()


async def test_the_same_id_twice_in_a_row_is_stored_once(quick_interview, alice_cookie, in_memory_layer):
    comm = await connected(make_app(), quick_interview, alice_cookie)
    await send(comm, type="start")
    await read_until(comm, asks_question)
    for _ in range(2):  # before the first is even stored
        await send(comm, type="answer", text=GOOD_ANSWERS[0], client_id="twice")
    seen = []
    await read_until(comm, is_ack("twice"), into=seen)
    if not any(asks_question(m) and m["stage"] == "self_intro" for m in seen):
        await read_until(comm, lambda m: asks_question(m) and m["stage"] == "self_intro", into=seen)
    await comm.receive_nothing(0.5)
    events = await stored_events(quick_interview)
    assert sum(e["type"] == "candidate.said" for e in events) == 1
    await comm.disconnect()


async def test_answers_without_an_id_are_accepted_as_before(quick_interview, alice_cookie, in_memory_layer):
    comm = await connected(make_app(), quick_interview, alice_cookie)
    await send(comm, type="start")
    await read_until(comm, asks_question)
    await send(comm, type="answer", text=GOOD_ANSWERS[0])
    said = await read_until(comm, is_event("candidate.said"))
    assert "client_id" not in said["data"]
    await comm.disconnect()


@pytest.mark.parametrize("client_id", [7, "", "x" * 65])
async def test_a_bad_client_id_gets_an_error(quick_interview, alice_cookie, in_memory_layer, client_id):
    comm = await connected(make_app(), quick_interview, alice_cookie)
    await send(comm, type="start")
    await read_until(comm, asks_question)
    await send(comm, type="answer", text="Yes.", client_id=client_id)
    error = await read_until(comm, lambda m: m.get("type") == "error")
    assert error["code"] == "bad_request" and "client_id" in error["message"]
    await comm.disconnect()
