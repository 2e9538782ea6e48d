"""The text-mode driver: one interview's engine on real time, inside the web process.

One asyncio task per driven interview. It sleeps until the engine's next deadline or the next
message from the candidate's socket, feeds the engine, plays the agent's lines at once (text has no
audio), and stores every new engine event through the event store, which announces them to the
interview's sockets. The lease decides who drives: a lost lease stops the driver at once.
A driver that starts on an interview with stored events rebuilds the engine from them
(`Engine.restore`) and goes on where the interview stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from agent_worker.core.clock import Clock, SystemClock
from agent_worker.core.engine import Engine
from agent_worker.core.plans import load_plan
from agent_worker.core.scripted import ScriptedBrain
from agent_worker.core.tailoring import InterviewContext
from interviews.services.events import EventStoreError, InterviewTerminal
from interviews.textmode import store
from interviews.textmode.llm import LLMUnavailable

logger = logging.getLogger(__name__)

ANSWER_LIMIT = 5_000
_STOP = object()


class DriverLost(Exception):
    """Another driver took the interview (or it ended elsewhere): stop without writing."""


class TextDriver:
    """Drive one interview. Create it with a lease token, `start()` it, `submit()` the candidate's input."""

    def __init__(self, interview_id, lease_token: str, *, clock: Clock | None = None, llm=None,
                 lease_seconds: float = store.DRIVER_LEASE_SECONDS) -> None:
        self.interview_id = interview_id
        self.lease_token = lease_token
        self.clock = clock or SystemClock()
        self.rate = float(getattr(self.clock, "rate", 1.0))
        self.llm = llm
        self.lease_seconds = lease_seconds
        self.renew_every = lease_seconds / 3
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.engine: Engine | None = None
        self.flushed = 0
        self.fallbacks = 0
        self.outcome: str | None = None  # finished, lost, stopped, failed
        self.task: asyncio.Task | None = None
        self._last_renewal = 0.0
        self._loop_time = time.monotonic

    # -- for the socket ---------------------------------------------------------------------------

    def start(self) -> asyncio.Task:
        self.task = asyncio.create_task(self._run(), name=f"text-interview-{self.interview_id}")
        return self.task

    def submit(self, kind: str, text: str = "") -> None:
        """Queue the candidate's input: answer (text), typing, or leave."""
        self.inbox.put_nowait((kind, text[:ANSWER_LIMIT]))

    async def stop(self, timeout: float = 2.0) -> None:
        """Stop driving (the socket went away): store what is made, then give the lease up."""
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
            await self._build()
            await self._settle()
            while not self.engine.is_over:
                message = await self._next_message()
                if message is _STOP:
                    self.outcome = "stopped"
                    break
                self._apply(message)
                await self._settle()
                await self._renew_if_due()
            else:
                await self._finish()
                self.outcome = "finished"
        except DriverLost:
            self.outcome = "lost"
            return self.outcome
        except asyncio.CancelledError:
            self.outcome = "stopped"
            await asyncio.shield(self._release())
            raise
        except Exception:
            logger.exception("Text interview %s failed", self.interview_id)
            self.outcome = "failed"
            await self._fail()
        if self.outcome == "stopped":
            await self._release()
        return self.outcome

    async def _build(self) -> None:
        context_data, events = await store.driver_setup(self.interview_id)
        plan = load_plan(context_data["plan"])
        context = InterviewContext.from_dict(context_data["candidate"])
        scripted = ScriptedBrain()
        brain = None if self.llm is not None else scripted
        if events:
            self.engine = Engine.restore(events, plan, context, clock=self.clock, brain=brain, fallback_brain=scripted)
        else:
            self.engine = Engine(plan, context, seed=context_data["seed"], clock=self.clock, brain=brain,
                                 fallback_brain=scripted, brain_name="llm" if self.llm is not None else "scripted")
            self.engine.start()
        self.flushed = len(events)
        self._last_renewal = self._loop_time()

    async def _next_message(self) -> Any:
        deadline = self.engine.next_deadline()
        wait = self.renew_every
        if deadline is not None:
            wait = min(wait, max(0.0, deadline - self.clock.now()) / self.rate)
        try:
            return await asyncio.wait_for(self.inbox.get(), timeout=max(wait, 0.002))
        except TimeoutError:
            return None

    def _apply(self, message: Any) -> None:
        engine = self.engine
        if message is None:
            engine.tick()
            return
        kind, text = message
        if kind == "answer":
            engine.candidate_said(text, source="text")
        elif kind == "typing":
            engine.candidate_typing()
        elif kind == "leave":
            engine.candidate_left()

    async def _settle(self) -> None:
        """Play what the agent says, let an async brain take its turn, store every new event."""
        engine = self.engine
        while True:
            engine.play_lines_at_once()
            await self._flush()
            if self.llm is None or engine.is_over:
                return
            turn = engine.pending_brain_turn()
            if turn is None:
                return
            try:
                await self.llm.take_turn(turn)
            except LLMUnavailable as error:
                self.fallbacks += 1
                logger.warning("LLM brain failed in interview %s (%s): the scripted brain takes the turn",
                               self.interview_id, error)
            engine.finish_brain_turn(turn)

    async def _flush(self) -> None:
        fresh = self.engine.events[self.flushed:]
        if not fresh:
            return
        try:
            await store.append(self.interview_id, [e.to_dict() for e in fresh], self.lease_token)
        except EventStoreError as error:
            raise DriverLost(error.message) from error
        self.flushed += len(fresh)
        self._last_renewal = self._loop_time()  # a write carries the lease's worth

    async def _renew_if_due(self) -> None:
        if self._loop_time() - self._last_renewal < self.renew_every:
            return
        if not await store.lease_renew(self.interview_id, self.lease_token, self.lease_seconds):
            raise DriverLost("the lease was taken over")
        self._last_renewal = self._loop_time()

    async def _finish(self) -> None:
        await self._flush()
        engine = self.engine
        try:
            await store.complete(self.interview_id, transcript=engine.transcript(), metrics=engine.metrics(),
                                 reason=engine.end_reason, lease_token=self.lease_token)
        except InterviewTerminal:
            pass  # completed already (a replay)
        except EventStoreError as error:
            raise DriverLost(error.message) from error

    async def _fail(self) -> None:
        with contextlib.suppress(Exception):
            if self.engine is not None and self.engine.started and not self.engine.is_over:
                self.engine.fail()
                await self._finish()

    async def _release(self) -> None:
        with contextlib.suppress(Exception):
            await self._flush()
        with contextlib.suppress(Exception):
            await store.lease_release(self.interview_id, self.lease_token)
