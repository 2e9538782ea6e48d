"""The text-mode driver: one interview's engine on real time, inside the web process.

One asyncio task per driven interview, and the only code that feeds the engine. It sleeps until the
engine's next deadline, the next message from the candidate's socket or the end of the model's turn;
feeds the engine; plays the agent's lines at once (text has no audio); and stores every new engine
event through the event store, which announces them to the interview's sockets. The lease decides who
drives: a lost lease stops the driver at once. A driver that starts on an interview with stored
events rebuilds the engine from them (`Engine.restore`) and goes on where the interview stopped.

The LLM brain's turn runs as a task of its own, so that the candidate's messages (leave, typing, more
words) and the timers are not held up while the model thinks (a call may take tens of seconds). The
model acts on the engine only through its `BrainTurn`, whose tools refuse once the interview has moved
on; the driver cancels a turn that has gone stale (the interview ended, a timer changed the stage),
and the driver alone closes turns, stores events and completes the interview.

A driver belongs to its candidate's socket: when the socket goes (closed, or its process lost the
channel layer) the socket stops the driver, which stores `interview.paused` and gives the lease up;
nothing advances until a socket drives again and the engine resumes (`interview.resumed`). A
database error is retried with backoff (the socket shows "saving… retrying"); past the retry budget
the driver gives up without ending the interview (`unavailable`), and the page reconnects later.
Answers may carry the page's `client_id`: each is stored once, and acknowledged once stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import InterfaceError, OperationalError

from agent_worker.core import events as ev
from agent_worker.core.backoff import backoff_delays
from agent_worker.core.brain import BrainTurn
from agent_worker.core.clock import Clock, SystemClock
from agent_worker.core.engine import ANSWER_MAX_CHARS, TYPING_GRACE_SECONDS, Engine
from agent_worker.core.factory import engine_for
from interviews.services.events import EventStoreError, InterviewTerminal
from interviews.textmode import store
from interviews.textmode.llm import LLMUnavailable

logger = logging.getLogger(__name__)

_STOP = object()
_MODEL_DONE = object()


class DriverLost(Exception):
    """Another driver took the interview (or it ended elsewhere): stop without writing."""


class StoreUnavailable(Exception):
    """The database did not answer within the retry budget: stop driving, end nothing."""


TRANSIENT_DB_ERRORS = (OperationalError, InterfaceError)


Notify = Callable[..., Awaitable[None]]


async def _ignore(kind: str, **data: Any) -> None:
    return None


@dataclass
class ModelTurn:
    """The model's turn in flight: the engine's decision point and the task running the model on it."""

    turn: BrainTurn
    task: asyncio.Task


class TextDriver:
    """Drive one interview. Create it with a lease token, `start()` it, `submit()` the candidate's input."""

    def __init__(self, interview_id, lease_token: str, *, clock: Clock | None = None, llm=None,
                 lease_seconds: float | None = None, notify: Notify | None = None) -> None:
        self.interview_id = interview_id
        self.lease_token = lease_token
        self.clock = clock or SystemClock()
        self.rate = float(getattr(self.clock, "rate", 1.0))
        self.llm = llm
        self.lease_seconds = lease_seconds or store.driver_lease_seconds()
        self.renew_every = self.lease_seconds / 3
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.engine: Engine | None = None
        self.flushed = 0
        self._unannounced: list[dict[str, Any]] = []  # stored once the interview was over, announced at the end
        self._unannounced_seq = 0
        self.fallbacks = 0
        self.discarded = 0  # model turns cancelled because the interview moved on
        self.thinking: ModelTurn | None = None
        self.outcome: str | None = None  # finished, lost, stopped, unavailable, failed
        # The socket's callback: `stored` (new events), `ack` (client_id), `retrying` / `saved`.
        self.notify: Notify = notify or _ignore
        self.pause_reason = "connection_lost"  # what `interview.paused` says when the driver is stopped
        self.client_ids: set[str] = set()  # answers known by their page id (stored or about to be)
        self._repeats: list[str] = []  # ids given again: acknowledged again once stored
        self.retry_budget = float(settings.TEXT_DRIVER_DB_RETRY_SECONDS)
        self.task: asyncio.Task | None = None
        self._getter: asyncio.Task | None = None
        self._typing_until = 0.0  # engine time until which typing holds the floor
        self._last_renewal = 0.0
        self._loop_time = time.monotonic

    @property
    def built(self) -> Engine:
        """The engine, once `_build` has made it (everything the loop does comes after)."""
        if self.engine is None:
            raise RuntimeError("the text driver has no engine yet")
        return self.engine

    # -- for the socket ---------------------------------------------------------------------------

    def start(self) -> asyncio.Task:
        self.task = asyncio.create_task(self._run(), name=f"text-interview-{self.interview_id}")
        return self.task

    def submit(self, kind: str, text: str = "", client_id: str | None = None) -> None:
        """Queue the candidate's input: answer (text, the page's client_id), typing, or leave."""
        self.inbox.put_nowait((kind, text[:ANSWER_MAX_CHARS], client_id))

    async def stop(self, timeout: float = 2.0, *, reason: str = "connection_lost") -> None:
        """Stop driving (the socket went away): pause the interview, store what is made, give the lease up."""
        self.pause_reason = reason
        if self.task is None or self.task.done():
            return
        self.inbox.put_nowait(_STOP)
        try:
            await asyncio.wait_for(asyncio.shield(self.task), timeout)
        except (TimeoutError, asyncio.CancelledError):
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task

    # -- the loop ---------------------------------------------------------------------------------

    async def _run(self) -> str:
        try:
            self.outcome = await self._drive()
        except DriverLost:
            self.outcome = "lost"
        except StoreUnavailable:
            logger.warning("Text interview %s: the database is unavailable; the driver stops", self.interview_id)
            self.outcome = "unavailable"
        except asyncio.CancelledError:
            self.outcome = "stopped"
            await asyncio.shield(self._wind_down(release=True))
            raise
        except Exception:
            logger.exception("Text interview %s failed", self.interview_id)
            self.outcome = "failed"
            await self._quiet()
            await self._fail()
        await self._wind_down(release=self.outcome in ("stopped", "unavailable"))
        return self.outcome

    async def _drive(self) -> str:
        await self._build()
        await self._settle()
        while not self.built.is_over:
            message = await self._next_message()
            if message is _STOP:
                return "stopped"
            if message is _MODEL_DONE:
                await self._close_model_turn()
            else:
                self._apply(message)
            await self._settle()
            await self._renew_if_due()
        await self._finish()
        return "finished"

    async def _build(self) -> None:
        context_data, events = await self._stored(store.driver_setup, self.interview_id)
        self.client_ids = {str(e["data"]["client_id"]) for e in events
                           if e["type"] == ev.CANDIDATE_SAID and (e.get("data") or {}).get("client_id")}
        self.engine = engine_for(context_data, events=events, clock=self.clock,
                                 brain="scripted" if self.llm is None else "llm")
        if events:
            # A decision left due by the last driver (it went away while the model thought) is taken
            # now, before the silence timer could mistake the wait for the candidate's.
            self.engine.tick()
            if self.engine.paused_reason is not None:
                self.engine.resumed("reconnected")  # the candidate is back: clocks go on
        else:
            self.engine.start()
        self.flushed = len(events)
        self._last_renewal = self._loop_time()

    async def _next_message(self) -> Any:
        """The candidate's next message, `_MODEL_DONE`, or None when a deadline (or renewal) is due."""
        if self._getter is None:
            self._getter = asyncio.ensure_future(self.inbox.get())
        waits: set[asyncio.Future] = {self._getter}
        if self.thinking is not None:
            waits.add(self.thinking.task)
        wait = self.renew_every
        wake = self._next_wake()
        if wake is not None:
            wait = min(wait, max(0.0, wake - self.clock.now()) / self.rate)
        await asyncio.wait(waits, timeout=max(wait, 0.002), return_when=asyncio.FIRST_COMPLETED)
        if self._getter.done():
            getter, self._getter = self._getter, None
            return getter.result()
        if self.thinking is not None and self.thinking.task.done():
            return _MODEL_DONE
        return None

    def _next_wake(self) -> float | None:
        """When to tick the engine if nothing else happens."""
        engine = self.built
        deadline = engine.next_deadline()
        now = self.clock.now()
        if self.thinking is not None:
            # While the model thinks the candidate is waiting for us, so the silence is not theirs:
            # until the stage cap or the interview's ceiling passes, nothing is due. Past either, a
            # tick acts on that cap (or waits for the candidate to let go of the floor), never on silence.
            hard = self._hard_deadline()
            if hard is not None and now < hard:
                return hard
            return deadline
        if engine.brain_due is not None and now < self._typing_until:
            # A decision waits for the candidate to stop typing; the engine would only look again at
            # its silence deadline, and then move on for silence instead of asking.
            return self._typing_until if deadline is None else min(deadline, self._typing_until)
        return deadline

    def _hard_deadline(self) -> float | None:
        engine = self.built
        stage = engine.current_stage
        progress = engine.stage_progress()
        if stage is None or not progress:
            return None
        cap_at = self.clock.now() - progress["elapsed"] + stage.max_seconds
        return min(cap_at, engine.started_at + engine.max_duration_seconds)

    def _apply(self, message: Any) -> None:
        engine = self.built
        if message is None:
            engine.tick()
            return
        kind, text, client_id = message
        if kind == "answer":
            if client_id and client_id in self.client_ids:
                self._repeats.append(client_id)  # the same answer again: not a new one, acknowledged again
                return
            if client_id:
                self.client_ids.add(client_id)
            engine.candidate_said(text, source="text", client_id=client_id)
            self._typing_until = 0.0
        elif kind == "typing":
            engine.candidate_typing()
            self._typing_until = self.clock.now() + TYPING_GRACE_SECONDS
        elif kind == "leave":
            engine.candidate_left()

    async def _settle(self) -> None:
        """Play what the agent says, store every new event, and start or drop the model's turn."""
        engine = self.built
        while True:
            engine.play_lines_at_once()
            await self._flush()
            if self.thinking is not None:
                if not (engine.is_over or self.thinking.turn.stale):
                    return  # the model is still on its turn
                self.discarded += 1
                await self._close_model_turn()  # the interview moved on: the model's late words are not said
                continue
            if self.llm is None or engine.is_over:
                return
            turn = engine.pending_brain_turn()
            if turn is None:
                return
            task = asyncio.create_task(self._think(turn), name=f"text-interview-model-{self.interview_id}")
            self.thinking = ModelTurn(turn, task)
            return

    async def _think(self, turn: BrainTurn) -> None:
        try:
            await self.llm.take_turn(turn)
        except LLMUnavailable as error:
            self.fallbacks += 1
            logger.warning("LLM brain failed in interview %s (%s): the scripted brain takes the turn",
                           self.interview_id, error)

    async def _close_model_turn(self) -> None:
        """End the model's turn (cancelling it if it still runs) and let the engine close it."""
        thinking, self.thinking = self.thinking, None
        if thinking is None:
            return
        if not thinking.task.done():
            thinking.task.cancel()
            await asyncio.wait([thinking.task])
        error = None if thinking.task.cancelled() else thinking.task.exception()
        if error is not None:
            raise error
        self.built.finish_brain_turn(thinking.turn)

    async def _quiet(self) -> None:
        """Stop listening and cancel the model's turn without touching the engine (the driver is done)."""
        if self._getter is not None:
            self._getter.cancel()
            self._getter = None
        thinking, self.thinking = self.thinking, None
        if thinking is not None and not thinking.task.done():
            thinking.task.cancel()
            await asyncio.wait([thinking.task])

    async def _wind_down(self, *, release: bool) -> None:
        await self._quiet()
        if self.outcome == "unavailable":
            self.retry_budget = min(self.retry_budget, 2.0)  # one more short try to give the lease up
        if release:
            if self.outcome == "stopped" and self.engine is not None:
                self.engine.paused(self.pause_reason)  # nobody drives now: no clock runs until a resume
            await self._release()

    async def _stored(self, call, *args, **kwargs):
        """A database call, retried with backoff on connection errors (a restart, a killed backend)."""
        retried = False
        for delay in backoff_delays(self.retry_budget, first=0.1, most=5.0):
            try:
                result = await call(*args, **kwargs)
            except TRANSIENT_DB_ERRORS as error:
                logger.warning("Text interview %s: database error (%s); retrying in %.1f s",
                               self.interview_id, error, delay)
                if not retried:
                    retried = True
                    await self.notify("retrying")
                await asyncio.sleep(delay)
                continue
            if retried:
                await self.notify("saved")
            return result
        raise StoreUnavailable(f"no database for {self.retry_budget:.0f} s")

    async def _flush(self) -> None:
        fresh = self.built.events[self.flushed:]
        if not fresh:
            await self._ack_repeats()
            return
        # Once the interview is over, its last events reach the sockets after it is complete (_finish).
        over = self.built.is_over
        try:
            result = await self._stored(store.append, self.interview_id, [e.model_dump() for e in fresh],
                                        self.lease_token, announce=not over)
        except EventStoreError as error:
            raise DriverLost(error.message) from error
        self.flushed += len(fresh)
        if over:
            self._unannounced += result.messages
            self._unannounced_seq = result.last_seq
        else:
            await self.notify("stored", events=result.messages)
        for event in fresh:
            if event.type == ev.CANDIDATE_SAID and event.data.get("client_id"):
                await self.notify("ack", client_id=event.data["client_id"])
        await self._ack_repeats()

    async def _ack_repeats(self) -> None:
        """A repeated answer already stored (say, by a process that died before its ack went out) is
        acknowledged now; one still on its way is acknowledged when it is stored."""
        repeats, self._repeats = self._repeats, []
        for client_id in repeats:
            if self.stored_client_id(client_id):
                await self.notify("ack", client_id=client_id)

    async def _announce_held(self) -> None:
        held, self._unannounced = self._unannounced, []
        if held:
            await self.notify("stored", events=held)
            await store.announce_stored(self.interview_id, self._unannounced_seq, held)

    def stored_client_id(self, client_id: str) -> bool:
        """Whether this answer is stored already (so a repeat of it can be acknowledged at once)."""
        if self.engine is None:
            return False
        return any(e.type == ev.CANDIDATE_SAID and e.data.get("client_id") == client_id
                   for e in self.engine.events[:self.flushed])

    async def _renew_if_due(self) -> None:
        # Storing events does not extend the lease: renew on time however busy the interview is.
        if self._loop_time() - self._last_renewal < self.renew_every:
            return
        if not await self._stored(store.lease_renew, self.interview_id, self.lease_token, self.lease_seconds):
            raise DriverLost("the lease was taken over")
        self._last_renewal = self._loop_time()

    async def _finish(self) -> None:
        await self._flush()
        engine = self.built
        try:
            await self._stored(store.complete, self.interview_id, transcript=engine.transcript(),
                               metrics=engine.metrics(), reason=engine.end_reason, lease_token=self.lease_token)
        except InterviewTerminal:
            pass  # completed already (a replay)
        except EventStoreError as error:
            raise DriverLost(error.message) from error
        finally:
            await self._announce_held()

    async def _fail(self) -> None:
        with contextlib.suppress(Exception):
            if self.engine is not None and self.engine.started and not self.engine.is_over:
                self.engine.fail()
                await self._finish()

    async def _release(self) -> None:
        with contextlib.suppress(Exception):
            await self._flush()
            await self._announce_held()
        with contextlib.suppress(Exception):
            await store.lease_release(self.interview_id, self.lease_token)
