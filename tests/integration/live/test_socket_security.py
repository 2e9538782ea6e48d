"""The socket: whole-origin check, invalid text in messages, and logging out closes the user's sockets."""


import pytest
from asgiref.sync import sync_to_async
from django.urls import reverse

from interviews.models import Status
from mockflow_site.asgi import application
from tests.integration.live.helpers import (
    GOOD_ANSWERS,
    asks_question,
    communicator,
    connected,
    is_session,
    make_app,
    read_until,
    send,
    stored_events,
    stored_interview,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def handshake_ok(comm) -> bool:
    ok, _ = await comm.connect()
    await comm.disconnect()
    return ok


@pytest.mark.parametrize("origin", [
    "https://testserver",          # another scheme on the allowed host
    "http://testserver:8443",      # another port
    "http://testserver.evil.example",
    "null",
])
async def test_an_origin_must_match_in_scheme_host_and_port(interview, alice_cookie, in_memory_layer, origin):
    assert not await handshake_ok(communicator(application, interview, alice_cookie, origin=(b"origin", origin.encode())))


async def test_the_pages_own_origin_and_site_url_are_allowed(interview, alice_cookie, in_memory_layer, settings):
    settings.SITE_URL = "https://mockflow.example.com"
    assert await handshake_ok(communicator(application, interview, alice_cookie))  # http://testserver, its Host
    assert await handshake_ok(communicator(application, interview, alice_cookie,
                                           origin=(b"origin", b"https://mockflow.example.com:443")))


async def test_csrf_trusted_origins_with_a_wildcard_are_allowed(interview, alice_cookie, in_memory_layer, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.example.org"]
    assert await handshake_ok(communicator(application, interview, alice_cookie,
                                           origin=(b"origin", b"https://app.example.org")))
    assert not await handshake_ok(communicator(application, interview, alice_cookie,
                                               origin=(b"origin", b"http://app.example.org")))


@pytest.mark.parametrize("text", ['{"type": "answer", "text": "hi \\ud800"}', '{"type": "answer", "text": "a\\u0000b"}'])
async def test_invalid_text_in_a_message_gets_a_clear_error_and_the_socket_lives_on(
        quick_interview, alice_cookie, in_memory_layer, text):
    comm = await connected(make_app(), quick_interview, alice_cookie)
    await send(comm, type="start")
    await read_until(comm, asks_question)

    await comm.send_to(text_data=text)
    error = await read_until(comm, lambda m: m.get("type") == "error")

    assert error["code"] == "bad_text" and "Invalid text at $.text" in error["message"]
    await send(comm, type="answer", text=GOOD_ANSWERS[0])
    await read_until(comm, lambda m: asks_question(m) and m["stage"] == "self_intro")
    await comm.disconnect()


async def test_logging_out_closes_the_users_sockets_and_the_interview_pauses(
        quick_interview, alice_cookie, client, in_memory_layer):
    app = make_app()
    comm = await connected(app, quick_interview, alice_cookie)
    await send(comm, type="start")
    assert (await read_until(comm, is_session))["driving"] is True
    await read_until(comm, asks_question)

    await sync_to_async(client.post)(reverse("accounts:logout"))

    closed = None
    while closed is None:
        output = await comm.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            closed = output
    assert closed["code"] == 4401
    await comm.disconnect()  # the browser's side of the close
    interview = await stored_interview(quick_interview)
    assert interview.status == Status.LIVE and interview.lease_expires_at is None, "the lease is given up"
    events = await stored_events(quick_interview)
    assert events[-1]["type"] == "interview.paused" and events[-1]["data"] == {"reason": "logged_out"}
    # and the logged-out cookie cannot open it again
    assert not await handshake_ok(communicator(application, quick_interview, alice_cookie))


async def test_another_users_logout_leaves_the_socket_open(quick_interview, alice_cookie, bob, in_memory_layer):
    from django.test import Client

    comm = await connected(make_app(), quick_interview, alice_cookie)
    bob_client = Client()
    await sync_to_async(bob_client.force_login)(bob)
    await sync_to_async(bob_client.post)(reverse("accounts:logout"))

    await send(comm, type="resume", last_seq=0)
    assert (await read_until(comm, is_session))["type"] == "session"
    await comm.disconnect()


