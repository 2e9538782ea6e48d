"""The interview socket, `/ws/interviews/<uuid>/` (DESIGN.md, Contracts).

The server pushes every stored event as `{id, seq, type, stage, at, data}` in `seq` order without
gaps. Both the catch-up and the live push read from the database: a channel-layer message
(`events.stored`) only says that something new is stored. Control messages carry no `seq`:
`{"type": "session", ...}` (status, whether this socket drives the interview) and
`{"type": "error", "code", "message"}`.

Client messages: `resume` (with `last_seq`), `start` (once), `answer` (with `text` and an optional
`client_id`), `typing` (at most every 5 s) and `leave`; in voice mode `agent_left` (the page saw the
voice agent leave the room: the interview pauses, `worker_lost`) and `switch_to_text` (the
candidate goes on in text; `interviews.live.voice_faults`). In text mode the socket that holds the
interview's lease drives the engine (`interviews.textmode.driver`); other sockets of the same
candidate watch, and take over when the driver goes away. Leave and answers work from any of them:
a watching socket passes them to the driving one over the channel layer (`candidate.leave`,
`candidate.answer`) and keeps the answer until it is stored (`answer.ack`, sent to every socket).

A driver belongs to its socket: however the socket ends (closed by the page, or its consumer
stopped because the channel layer failed, when Django's `disconnect()` is never called) the driver
is stopped and the interview paused (`interview.paused`, reason `connection_lost`, or `logged_out`
when the candidate logs out). A socket whose interview's lease is held elsewhere asks the group
whether that driver is still there (`driver.ping`); a lease whose driver died with its process is
taken over at once instead of after the lease's expiry.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from agent_worker.core.background import start_kept
from interviews.live.logout import user_group
from interviews.live.messages import Answer, BadMessage, Resume, read_client_message
from interviews.live.voice_faults import voice_switch_to_text, voice_worker_lost
from interviews.models import Interview
from interviews.services.events import interview_group
from interviews.textmode import store
from interviews.textmode.driver import TextDriver
from mockflow_site.jsontext import invalid_text_message, invalid_text_path

logger = logging.getLogger(__name__)

MAX_FRAME_BYTES = 8 * 1024
LOGGED_OUT_CLOSE_CODE = 4401
RATE_LIMIT = (40, 10.0)  # messages per window of seconds
PING_SECONDS = 2.0  # how long a driving socket has to answer `driver.ping` before its lease is taken over
# How often a watching socket looks whether the lease is free, at most (a third of the lease at least). The
# `lease.released` message usually comes first, but the channel layer can lose it: channels-redis drops a
# message for one socket when another socket of the same process closes while it reads (django/channels#1683).
WATCH_SECONDS = 2.0
TYPING_MIN_INTERVAL = 4.0  # the page sends typing at most every 5 s; closer ones are dropped quietly


def default_llm():
    """The LLM brain when a model is configured, else None (the scripted brain)."""
    if not settings.OPENAI_API_KEY:
        return None
    from interviews.textmode.llm import LLMBrain

    return LLMBrain(api_key=settings.OPENAI_API_KEY, base_url=settings.OPENAI_BASE_URL, model=settings.OPENAI_MODEL)


class InterviewConsumer(AsyncWebsocketConsumer):
    # Injectable through `as_asgi(...)`: the engine's clock (benchmarks run faster ones) and the brain.
    clock = None
    llm_factory = None

    def __init__(self, *args, clock=None, llm_factory=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.clock = clock
        self.llm_factory = llm_factory
        self.watchers: set[asyncio.Task] = set()  # each driver's watcher, held until it is done

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            # The consumer is over however it ended: `disconnect()` is not called when the channel
            # layer fails (daphne closes the socket with 1011), and a driver must never outlive it.
            await asyncio.shield(self.let_go("connection_lost"))

    async def connect(self):
        self.interview_id = self.scope["url_route"]["kwargs"]["interview_id"]
        self.scope["user"], interview = await store.socket_user_and_interview(self.scope, self.interview_id)
        if interview is None:
            await self.close()  # before accept: the handshake is refused (403)
            return
        self.group = interview_group(self.interview_id)
        self.cursor: int | None = None
        self.driver: TextDriver | None = None
        self.started = False
        self.wants_drive = False
        self.supervisor: asyncio.Task | None = None
        self.push_lock = asyncio.Lock()
        self.recent: list[float] = []
        self.rate_warned = False
        self.last_typing = 0.0
        self.leave_pending = False
        self.user_group = user_group(interview.owner_id)
        self.queued: dict[str, str] = {}  # answers given here, by client_id, until stored
        self.pong = False
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_add(self.user_group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if not hasattr(self, "group"):
            return
        await self.let_go("connection_lost")
        with contextlib.suppress(Exception):  # a failed channel layer must not keep the driver
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def let_go(self, reason: str):
        """Stop driving (pausing the interview) and stop waiting to drive."""
        if not hasattr(self, "group"):
            return
        self.wants_drive = False
        if self.supervisor is not None:
            self.supervisor.cancel()
        if self.driver is not None:
            driver, self.driver = self.driver, None
            await driver.stop(reason=reason)

    # -- client messages --------------------------------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None:
            return await self.error("text_only", "Send JSON text frames.")
        if len(text_data) > MAX_FRAME_BYTES or len(text_data.encode()) > MAX_FRAME_BYTES:
            return await self.error("too_large", f"Messages are limited to {MAX_FRAME_BYTES // 1024} KB.")
        if not self.allowed():
            if not self.rate_warned:
                self.rate_warned = True
                await self.error("rate_limited", "Too many messages: slow down.")
            return
        try:
            message = json.loads(text_data)
        except ValueError:
            return await self.error("bad_json", "Messages must be JSON objects.")
        if not isinstance(message, dict):
            return await self.error("bad_json", "Messages must be JSON objects.")
        if path := invalid_text_path(message):
            return await self.error("bad_text", invalid_text_message(path))
        try:
            parsed = read_client_message(message)
        except BadMessage as bad:
            return await self.error(bad.code, bad.message)
        handlers = {
            "resume": self.on_resume, "start": self.on_start, "answer": self.on_answer,
            "typing": self.on_typing, "leave": self.on_leave,
            "agent_left": self.on_agent_left, "switch_to_text": self.on_switch_to_text,
        }
        await handlers[parsed.type](parsed)

    def allowed(self) -> bool:
        limit, window = RATE_LIMIT
        now = time.monotonic()
        self.recent = [t for t in self.recent if now - t < window]
        if len(self.recent) >= limit:
            return False
        self.recent.append(now)
        self.rate_warned = False
        return True

    async def on_resume(self, message: Resume):
        self.cursor = message.last_seq
        await self.push()
        state = await store.interview_state(self.interview_id)
        if state["status"] == "live" and state["mode"] == Interview.Mode.TEXT and self.driver is None:
            # A reconnect: take the interview over if nobody drives it (rebuilding the engine).
            self.wants_drive = True
            await self.try_drive(state)
        await self.send_session(state)

    async def on_start(self, message):
        if self.started:
            return await self.error("already_started", "The interview has already been started from this page.")
        state = await store.interview_state(self.interview_id)
        if state["terminal"]:
            return await self.error("ended", "This interview has ended.")
        if state["status"] == "draft":
            return await self.error("not_ready", "This interview is not ready yet: finish its setup first.")
        self.started = True
        self.wants_drive = True
        if self.cursor is None:
            self.cursor = 0
        if self.driver is None:
            await self.try_drive(state)
        await self.send_session(await store.interview_state(self.interview_id))

    async def on_answer(self, message: Answer):
        text, client_id = message.text, message.client_id
        driving = await self.ensure_driving(quiet=True)
        if driving and self.driver is not None:
            if client_id and self.driver.stored_client_id(client_id):
                return await self.ack(client_id)  # the same answer again: stored once, acknowledged again
            self.driver.submit("answer", text, client_id)
        elif driving is False:
            # Another tab (or process) drives: pass the answer on and keep it until it is stored, so
            # that it is given again here should that driver be gone.
            if client_id:
                self.queued[client_id] = text
            with contextlib.suppress(Exception):
                await self.channel_layer.group_send(
                    self.group, {"type": "candidate.answer", "text": text, "client_id": client_id})

    async def on_typing(self, message):
        now = time.monotonic()
        if now - self.last_typing < TYPING_MIN_INTERVAL:
            return
        self.last_typing = now
        if self.driver is not None:
            self.driver.submit("typing")

    async def on_leave(self, message):
        driving = await self.ensure_driving(quiet=True)
        if driving and self.driver is not None:
            self.driver.submit("leave")
        elif driving is False:
            # Another tab (or process) drives: ask it to end the interview. Should it be gone instead,
            # this socket ends the interview when it takes over.
            self.leave_pending = True
            await self.channel_layer.group_send(self.group, {"type": "candidate.leave"})

    async def on_agent_left(self, message):
        await database_sync_to_async(voice_worker_lost)(self.interview_id)
        await self.push()

    async def on_switch_to_text(self, message):
        if not await database_sync_to_async(voice_switch_to_text)(self.interview_id):
            return await self.error("not_voice", "This interview is not a voice interview that can go on in text.")
        await self.push()
        await self.send_session(await store.interview_state(self.interview_id))

    async def ensure_driving(self, *, quiet: bool = False) -> bool | None:
        """Drive the interview if nobody does. False: another driver has it (said unless `quiet`);
        None: the interview cannot be driven (ended, not started), and the error is sent."""
        if self.driver is not None:
            return True
        state = await store.interview_state(self.interview_id)
        if state["terminal"]:
            await self.error("ended", "This interview has ended.")
            return None
        if not self.started and state["status"] != "live":
            await self.error("not_started", "Start the interview first.")
            return None
        self.wants_drive = True
        if await self.try_drive(state):
            return True
        if not quiet:
            await self.error("not_driving", "This interview is open in another tab or window; continue there.")
        return False

    # -- driving ----------------------------------------------------------------------------------

    async def try_drive(self, state=None, *, take_over: bool = False) -> bool:
        """Take the lease and drive the interview; otherwise watch (and retry while the lease is held)."""
        if self.driver is not None:
            return True
        token = await store.lease_try(self.interview_id, take_over=take_over)
        if token is None:
            self.ensure_supervisor()
            return False
        llm = (self.llm_factory or default_llm)()
        self.driver = TextDriver(self.interview_id, token, clock=self.clock, llm=llm, notify=self.on_driver)
        task = self.driver.start()
        for client_id, text in self.queued.items():
            self.driver.submit("answer", text, client_id)  # stored once: the driver knows the ids it holds
        if self.leave_pending:
            self.driver.submit("leave")
        start_kept(self.watch_driver(self.driver, task), self.watchers, name=f"text-interview-watch-{self.interview_id}")
        return True

    async def on_driver(self, kind: str, **data):
        """What the driver reports: new events (pushed at once, not waiting for the channel layer),
        a stored answer, a database that does not answer (and when it does again)."""
        with contextlib.suppress(Exception):  # the socket may be closing
            if kind == "stored":
                await self.push(carried=data.get("events"))
            elif kind == "ack":
                await self.ack(data["client_id"])
                await self.channel_layer.group_send(self.group, {"type": "answer.stored",
                                                                 "client_id": data["client_id"]})
            elif kind == "retrying":
                await self.send_notice("saving_retrying", "Saving… retrying")
            elif kind == "saved":
                await self.send_notice("saved", "Saved")

    async def watch_driver(self, driver: TextDriver, task: asyncio.Task):
        with contextlib.suppress(BaseException):
            await task
        llm = driver.llm
        if llm is not None and hasattr(llm, "close"):
            with contextlib.suppress(Exception):
                await llm.close()
        if self.driver is not driver:
            return  # stopped by disconnect
        self.driver = None
        if driver.outcome == "unavailable":
            # The database did not come back in time: say so and close, so that the page reconnects
            # (and gives its unacknowledged answers again) once it can.
            with contextlib.suppress(Exception):
                await self.error("unavailable", "We could not save for a while; reconnecting…")
                await self.close(code=4503)
            return
        with contextlib.suppress(Exception):
            await self.push()  # the session message follows every event the driver stored
            state = await store.interview_state(self.interview_id)
            await self.send_session(state)
            if driver.outcome == "lost" and not state["terminal"]:
                self.ensure_supervisor()

    def ensure_supervisor(self):
        if self.supervisor is None or self.supervisor.done():
            self.supervisor = asyncio.create_task(self.supervise())

    async def supervise(self):
        """While another driver holds the lease, check whether it is gone (a dead process): at once by
        asking the group, then every few seconds (WATCH_SECONDS) until it is given up or expires."""
        take_over = not await self.driver_answers()
        while self.wants_drive and self.driver is None:
            if not take_over:
                await asyncio.sleep(min(store.driver_lease_seconds() / 3, WATCH_SECONDS))
            state = await store.interview_state(self.interview_id)
            if state["terminal"] or state["status"] != "live":
                return
            if await self.try_drive(state, take_over=take_over):
                await self.send_session(await store.interview_state(self.interview_id))
                return
            take_over = False

    async def driver_answers(self) -> bool:
        """Whether a driving socket answers `driver.ping` (True when the group cannot be asked)."""
        self.pong = False
        try:
            await self.channel_layer.group_send(self.group, {"type": "driver.ping", "reply_to": self.channel_name})
        except Exception:
            return True  # without the channel layer nobody can tell: wait for the lease to expire
        deadline = time.monotonic() + PING_SECONDS
        while not self.pong and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        return self.pong

    # -- channel-layer messages -------------------------------------------------------------------

    async def events_stored(self, message):
        await self.push(carried=message.get("events"))

    async def driver_ping(self, message):
        if self.driver is not None:
            await self.channel_layer.send(message["reply_to"], {"type": "driver.pong"})

    async def driver_pong(self, message):
        self.pong = True

    async def candidate_answer(self, message):
        """An answer given in another tab: the tab that drives stores it."""
        if self.driver is not None:
            client_id = message.get("client_id")
            if client_id and self.driver.stored_client_id(client_id):
                await self.channel_layer.group_send(self.group, {"type": "answer.stored", "client_id": client_id})
                return
            self.driver.submit("answer", str(message.get("text") or ""), client_id)

    async def answer_stored(self, message):
        """An answer is stored (by whichever tab drives): acknowledge it to this page if it gave it."""
        client_id = message.get("client_id")
        if self.queued.pop(client_id, None) is not None:
            await self.ack(client_id)

    async def candidate_leave(self, message):
        """The candidate pressed Leave in another tab: the tab that drives ends the interview."""
        if self.driver is not None:
            self.driver.submit("leave")

    async def lease_released(self, message):
        if self.wants_drive and self.driver is None:
            state = await store.interview_state(self.interview_id)
            if not state["terminal"] and await self.try_drive(state):
                await self.send_session(await store.interview_state(self.interview_id))

    async def user_logged_out(self, message):
        """The user logged out (from any tab): close as if the tab closed; a driven interview pauses."""
        await self.let_go("logged_out")
        await self.close(code=LOGGED_OUT_CLOSE_CODE)

    # -- server messages --------------------------------------------------------------------------

    async def push(self, carried: list[dict] | None = None):
        """Send every stored event after the cursor, in order (the one path for catch-up and live push).

        `carried`: events just stored, as the driver or the announcement hands them over; when they
        follow the cursor they are sent as they are, without reading them back from the database.
        """
        if self.cursor is None:
            return
        async with self.push_lock:
            fresh = [event for event in carried or () if event["seq"] > self.cursor]
            if carried and (not fresh or fresh[0]["seq"] == self.cursor + 1):
                for event in fresh:
                    await self.send(text_data=json.dumps(event))
                    self.cursor = event["seq"]
                return
            while True:
                batch = await store.events_after(self.interview_id, self.cursor)
                for event in batch:
                    await self.send(text_data=json.dumps(event))
                    self.cursor = event["seq"]
                if len(batch) < 500:
                    return

    async def send_session(self, state):
        await self.send(text_data=json.dumps({
            "type": "session", "status": state["status"], "mode": state["mode"], "end_reason": state["end_reason"],
            "last_seq": state["last_seq"], "driving": self.driver is not None,
        }))

    async def ack(self, client_id: str):
        self.queued.pop(client_id, None)
        await self.send(text_data=json.dumps({"type": "answer.ack", "client_id": client_id}))

    async def send_notice(self, code: str, text: str):
        await self.send(text_data=json.dumps({"type": "notice", "code": code, "message": text}))

    async def error(self, code: str, text: str):
        await self.send(text_data=json.dumps({"type": "error", "code": code, "message": text}))
