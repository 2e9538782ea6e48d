"""The voice driver: what the transport reports goes into the engine; what the engine decides comes out.

No livekit here (STYLE rule 4): `livekit_session.py` turns LiveKit's events into calls on
`VoiceDriver` and implements the small `Transport` protocol (say a line, ask the model for a reply,
leave). Everything else lives here so it can be tested without a room:

- the candidate's speaking state (VAD) → `candidate_started_speaking` / `candidate_stopped_speaking`;
- a finished user turn → one `candidate_said` with its start and end times;
- the engine's lines → `Transport.say`, and their playout → `agent_line_played`;
- the model's turns: tool calls go to the engine's open `BrainTurn`, the words the model spoke are
  filed under that turn, and `finish_brain_turn` lets the scripted interviewer step in when the
  model neither asked a question nor moved on (or failed);
- the timers: `engine.next_deadline()` drives `engine.tick()`;
- every engine event goes to the worker API in order through `EventOutbox`; completion at the end;
  `LeaseLost` (or a closed interview) stops the driving at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from agent_worker.adapters.backend import BackendError, InterviewClosed, LeaseLost
from agent_worker.adapters.turns import OverlapTracker, spoken_question
from agent_worker.core import events as ev
from agent_worker.core.brain import BrainTurn
from agent_worker.core.clock import Clock, SystemClock
from agent_worker.core.engine import Engine, Line
from agent_worker.core.events import Event
from agent_worker.core.scripted import ScriptedBrain

log = logging.getLogger(__name__)

__all__ = [
    "LLM_FAILURES_BEFORE_SCRIPTED",
    "ORPHAN_TURN_GRACE_SECONDS",
    "AnswerAudio",
    "Backend",
    "EventOutbox",
    "Spoken",
    "Transport",
    "VoiceDriver",
]

# Consecutive model failures after which the scripted interviewer runs the rest of the interview
# (LiveKit closes a session after more than three unrecoverable LLM errors in a row).
LLM_FAILURES_BEFORE_SCRIPTED = 2
# A model reply cut off by the candidate keeps its engine turn open for the reply to what they
# said next; if no reply comes within this grace, the turn is closed (the engine never idles).
ORPHAN_TURN_GRACE_SECONDS = 4.0
# A reply asked of the transport that never started is asked again after this.
REPLY_START_TIMEOUT_SECONDS = 10.0
# How long the end of an interview waits for the worker API to take the last events.
FINAL_FLUSH_SECONDS = 120.0


class Backend(Protocol):
    """The part of `BackendClient` the driver uses."""

    async def send_events(self, events: list[dict[str, Any]]) -> None: ...

    async def complete(self, *, transcript: Any, metrics: dict[str, Any]) -> dict[str, Any]: ...


class AnswerAudio(Protocol):
    """Where the candidate's audio of each answer goes, when they agreed to keep it (`recording.AnswerRecordings`)."""

    def answer_filed(self, *, question_id: str, seq: int, started_at: float, ended_at: float,
                     stored: Callable[[], Awaitable[None]]) -> None: ...

    async def flush(self) -> None: ...


class Transport(Protocol):
    """What the driver asks of the voice transport (LiveKit's AgentSession in production)."""

    def say(self, line: Line) -> None:
        """Play the line; report its playout with `VoiceDriver.line_played(line.id, ...)`."""

    def generate_reply(self) -> None:
        """Ask the model to act on the decision that is due (its tools reach `VoiceDriver.call_tool`)."""

    def end(self) -> None:
        """The interview is over (or no longer ours): stop the session and leave."""


@dataclass(frozen=True)
class Spoken:
    """Words the model said (and the transport played) in one reply."""

    text: str
    started_at: float | None = None
    ended_at: float | None = None


Wait = Callable[[asyncio.Event, float | None], Awaitable[bool]]


async def wait_for_event(event: asyncio.Event, timeout: float | None) -> bool:
    """Wait for `event` at most `timeout` seconds; True if it was set."""
    try:
        await asyncio.wait_for(event.wait(), timeout)
    except TimeoutError:
        return False
    return True


class EventOutbox:
    """Post engine events to the worker API in order, one batch at a time, never dropping one.

    The client retries network errors and 5xx answers itself; what reaches here is final:
    `LeaseLost`, `InterviewClosed` or another refusal, after which nothing more is sent.
    """

    def __init__(self, backend: Backend, *, on_error: Callable[[BaseException], None] | None = None) -> None:
        self._backend = backend
        self._on_error = on_error
        self._queue: list[dict[str, Any]] = []
        self._sending = 0
        self._more = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self.error: BaseException | None = None
        self.sent = 0

    def put(self, event: dict[str, Any]) -> None:
        if self.error is not None:
            return
        self._queue.append(event)
        self._idle.clear()
        self._more.set()

    @property
    def pending(self) -> int:
        return len(self._queue) + self._sending

    async def run(self) -> None:
        """Send until cancelled or refused for good."""
        while self.error is None:
            await self._more.wait()
            self._more.clear()
            while self._queue and self.error is None:
                batch, self._queue = self._queue, []
                self._sending = len(batch)
                try:
                    await self._backend.send_events(batch)
                    self.sent += len(batch)
                except (BackendError, LeaseLost, InterviewClosed) as error:
                    self._queue = batch + self._queue  # kept: nothing is dropped, just no longer sent
                    self.error = error
                    if self._on_error is not None:
                        self._on_error(error)
                finally:
                    self._sending = 0
            if not self._queue or self.error is not None:
                self._idle.set()

    async def flush(self) -> None:
        """Wait until every event put so far is stored (or the outbox stopped on an error)."""
        await self._idle.wait()


class VoiceDriver:
    """Drive one engine from a voice transport. One driver per interview (the lease decides)."""

    def __init__(
        self,
        engine: Engine,
        transport: Transport,
        backend: Backend,
        *,
        clock: Clock | None = None,
        stored_events: int | None = None,
        wait: Wait = wait_for_event,
        orphan_grace: float = ORPHAN_TURN_GRACE_SECONDS,
        answers: AnswerAudio | None = None,
    ) -> None:
        self.engine = engine
        self.transport = transport
        self.backend = backend
        self.answers = answers
        self.clock = clock or SystemClock()
        self.outbox = EventOutbox(backend, on_error=self._backend_refused)
        self.turn: BrainTurn | None = None
        self.stopped = False
        self.completed = False
        self.llm_failures = 0
        self._wait = wait
        self._orphan_grace = orphan_grace
        self._wake = asyncio.Event()
        self._done = asyncio.Event()
        self._finishing = False
        self._finish_task: asyncio.Task[None] | None = None
        self._fed: set[str] = set()
        self._user_speaking = False
        self._speech_started: float | None = None
        self._speech_ended: float | None = None
        self._replies: set[str] = set()
        self._reply_requested_at: float | None = None
        self._tool_called = False
        self._reply_failed = False
        self._orphan_deadline: float | None = None
        self._agent_state = "initializing"
        self._agent_busy = False
        self.overlap = OverlapTracker()
        # Events a restore made before the driver listened (e.g. the end of a closing already said).
        for event in engine.events[stored_events if stored_events is not None else len(engine.events):]:
            self.outbox.put(event.model_dump())
        engine.on_event = self._on_event

    # ============================================================================================
    # Transport events
    # ============================================================================================

    def start(self) -> None:
        """Begin (the engine speaks first) or, for a restored engine, say what it still has to say."""
        if self.stopped:
            return
        if not self.engine.started:
            self.engine.start()
        else:
            if self.engine.paused_reason is not None:
                self.engine.resumed("worker_joined")  # the last worker died; this one goes on
            self.engine.tick()
        self._pump()

    def user_state(self, state: str, at: float | None = None) -> None:
        """The transport's user state: "speaking", or "listening"/"away" (not speaking)."""
        if self.stopped:
            return
        when = at if at is not None else self.clock.now()
        if state == "speaking":
            if not self._user_speaking:
                self.overlap.user_started(agent_speaking=self._agent_state == "speaking")
                self._user_speaking = True
                if self._speech_started is None:
                    self._speech_started = when
                self.engine.candidate_started_speaking()
        elif self._user_speaking:
            self._user_speaking = False
            self._speech_ended = when
            self.engine.candidate_stopped_speaking()
        self._pump()

    @property
    def _turn_owed(self) -> bool:
        """The candidate has spoken since their last turn was filed: a turn (or a dropped backchannel) is on
        its way."""
        return self._speech_started is not None

    def agent_state(self, state: str) -> None:
        """The transport's agent state: "thinking" and "speaking" hold the floor; "listening" frees it."""
        if self.stopped:
            return
        self._agent_state = state
        self._pump(speak=False, start_reply=False)

    def user_turn(
        self, message_id: str, text: str, *, started_at: float | None = None, ended_at: float | None = None
    ) -> bool:
        """A finished user turn (its final transcript). Return whether the model should answer it.

        Idempotent on `message_id`: the same turn seen again (a retried hook) is filed once.
        """
        if self.stopped:
            return False
        if message_id not in self._fed:
            self._fed.add(message_id)
            now = self.clock.now()
            end = ended_at or self._speech_ended or now
            begin = started_at or self._speech_started or end
            self._speech_started = self._speech_ended = None
            self._user_speaking = False
            filed = self.engine.candidate_said(text, started_at=min(begin, end), ended_at=end, source="voice")
            self._keep_audio(filed, started_at=min(begin, end), ended_at=end)
            self._orphan_deadline = None
            self._pump(start_reply=False)
        wanted = self._reply_wanted()
        if wanted and not self._replies:
            self._reply_requested_at = self.clock.now()  # the transport starts it; none other meanwhile
        return wanted

    def _keep_audio(self, filed: list[Event], *, started_at: float, ended_at: float) -> None:
        """Hand the answer just filed to `answers` (recordings kept by consent), to send once it is stored."""
        if self.answers is None:
            return
        for event in filed:
            question_id = event.data.get("question_id")
            if event.type == ev.CANDIDATE_SAID and question_id:
                self.answers.answer_filed(question_id=str(question_id), seq=event.seq, started_at=started_at,
                                          ended_at=ended_at, stored=self.outbox.flush)

    def before_llm(self, unseen_user: tuple[str, str] | None = None) -> bool:
        """Called before each model step; return whether to run the model.

        `unseen_user` is the last user message (id, text) of the model's context, filed here when no
        transport hook filed it (a typed `session.run(user_input=...)`, for instance).
        """
        if unseen_user is not None and unseen_user[0] not in self._fed:
            self.user_turn(*unseen_user)
        if self.stopped or not self.use_llm or self.engine.is_over:
            return False
        if self.engine.pending_lines:
            return False  # the engine has words of its own to say first (a bridge, the closing)
        if self.turn is not None:
            return not self.turn.stale
        return self._decision_due() or self._tool_called

    def instructions(self) -> str:
        """The model's instructions for its next step: the engine's, for the stage at hand."""
        return self.engine.brain_context()

    def call_tool(self, name: str, arguments: dict[str, Any] | None) -> str:
        """Route one of the model's tool calls to the engine; return what the model reads back."""
        if self.stopped or self.engine.is_over:
            return "The interview is over. Say nothing more."
        self._tool_called = True
        if self.turn is None:
            self.turn = self.engine.pending_brain_turn()
        arguments = arguments if isinstance(arguments, dict) else {}
        if self.turn is not None:
            result = self.turn.call_tool(name, arguments)
        else:
            result = self.engine.call_tool(name, arguments)
        self._pump(speak=False, start_reply=False)
        return result.message

    def llm_reply_started(self, key: str) -> None:
        self._replies.add(key)
        self._orphan_deadline = None  # the reply the kept turn waited for
        self._reply_requested_at = None
        self._tool_called = False
        self._reply_failed = False

    def llm_failed(self) -> None:
        """The model call of the reply in flight failed (the transport swallowed the error)."""
        self._reply_failed = True

    def llm_reply_done(
        self, key: str, spoken: list[Spoken], *, interrupted: bool = False, failed: bool = False
    ) -> None:
        """A model reply has finished playing (or was cut off, or failed)."""
        self._replies.discard(key)
        failed = failed or self._reply_failed
        self._reply_failed = False
        if self.stopped:
            return
        if failed:
            self.llm_failures += 1
            log.warning("The model failed (%d in a row)", self.llm_failures)
        elif spoken or self._tool_called:
            self.llm_failures = 0
        if interrupted and not failed:
            # The candidate cut in: file what was said and keep the turn for the reply to them. That reply
            # is LiveKit's, to their turn, which may be committed a while after this (whisper under load,
            # then the end-of-turn wait): none of ours meanwhile, or it is made from a context without
            # their words. If no turn comes within the grace (the words were noise), the engine goes on
            # (`tick`).
            self._file_spoken(self.turn, spoken)
            if self.turn is not None or self._turn_owed:
                self._orphan_deadline = self.clock.now() + self._orphan_grace
            self._pump(start_reply=not self._turn_owed)
            return
        turn = self.turn
        if turn is None and self._decision_due():
            turn = self.engine.pending_brain_turn()  # the model answered without a tool
        self._file_spoken(turn, spoken)
        self.turn = None
        self._tool_called = False
        if turn is not None:
            self._answered_at_the_close(turn, spoken)
            self.engine.finish_brain_turn(turn)
        if failed and self.llm_failures >= LLM_FAILURES_BEFORE_SCRIPTED and self.use_llm:
            self.switch_to_scripted()
        self._pump()

    def line_played(self, line_id: str, *, started_at: float | None = None, ended_at: float | None = None) -> None:
        """One of the engine's lines has played out (or was cut off: the candidate heard it start)."""
        if self.stopped:
            return
        self.engine.agent_line_played(line_id, started_at=started_at, ended_at=ended_at)
        self._pump()

    def disconnected(self) -> None:
        """The candidate left the room (or the room closed)."""
        if self.stopped:
            return
        self.engine.disconnected()
        self._pump()

    def failed(self) -> None:
        """The session broke for good: end the interview as failed."""
        if self.stopped:
            return
        self.engine.fail()
        self._pump()

    @property
    def use_llm(self) -> bool:
        """The model decides (the engine has no brain of its own) until `switch_to_scripted`."""
        return self.engine.brain is None

    def switch_to_scripted(self) -> None:
        """The model is off or failing: the scripted interviewer runs the rest of the interview."""
        log.warning("Switching to the scripted interviewer")
        self.engine.brain = ScriptedBrain()
        if self.turn is not None:
            turn, self.turn = self.turn, None
            self.engine.finish_brain_turn(turn)
        self.engine.tick()  # consult the scripted brain now if a decision is due

    # ============================================================================================
    # Timers and the run loop
    # ============================================================================================

    def next_wake(self) -> float | None:
        times = [t for t in (self.engine.next_deadline(), self._orphan_deadline) if t is not None]
        if self._reply_requested_at is not None:
            times.append(self._reply_requested_at + REPLY_START_TIMEOUT_SECONDS)
        return min(times) if times else None

    def tick(self) -> None:
        """Fire what is due now: the engine's timers, an orphaned model turn, a reply that never came."""
        if self.stopped:
            return
        now = self.clock.now()
        if self._orphan_deadline is not None and now >= self._orphan_deadline:
            self._orphan_deadline = None
            if self.turn is not None and not self._replies and not self._user_speaking:
                turn, self.turn = self.turn, None
                self.engine.finish_brain_turn(turn)
        if self._reply_requested_at is not None and now >= self._reply_requested_at + REPLY_START_TIMEOUT_SECONDS:
            self._reply_requested_at = None
        self.engine.tick()
        self._pump()

    async def run(self) -> None:
        """Post events and fire timers until the interview is completed or no longer ours."""
        sender = asyncio.create_task(self.outbox.run(), name="mockflow-events")
        try:
            while not self._done.is_set():
                self._wake.clear()
                wake = self.next_wake()
                timeout = None if wake is None else max(0.0, wake - self.clock.now())
                if self._finishing:
                    timeout = None
                woke = await self._wait(self._wake, timeout)
                if self._done.is_set():
                    break
                if not woke:
                    self.tick()
        finally:
            if self._finish_task is not None and not self._finish_task.done():
                await asyncio.wait([self._finish_task])
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)

    def stop(self) -> None:
        """Stop driving (the lease is gone, or the job is shutting down)."""
        if self.stopped:
            return
        self.stopped = True
        self._done.set()
        self._wake.set()
        self.transport.end()

    # ============================================================================================
    # Internals
    # ============================================================================================

    def _on_event(self, event: Event) -> None:
        self.outbox.put(event.model_dump())

    def _backend_refused(self, error: BaseException) -> None:
        if isinstance(error, LeaseLost):
            log.warning("Lease lost: another driver runs this interview; stopping")
        else:
            log.error("The worker API refused the events (%s); stopping", error)
        self.stop()

    def _decision_due(self) -> bool:
        engine = self.engine
        return (engine.brain_due is not None and not engine.is_over and not engine.pending_lines
                and not self._user_speaking)

    def _reply_wanted(self) -> bool:
        if not self.use_llm or self.engine.is_over or self.stopped:
            return False
        return self.turn is not None or self._decision_due()

    def _file_spoken(self, turn: BrainTurn | None, spoken: list[Spoken]) -> None:
        """Record the model's spoken words as the engine's `agent.said` (the approved question attached)."""
        for words in spoken:
            if not words.text.strip():
                continue
            if turn is not None:
                self._take_spoken_question(turn, words.text)
                line = turn.say(words.text)
            elif not self.engine.pending_lines:
                line = self.engine.say(words.text)
            else:
                line = None
            if line is None:
                log.info("Words said after the interview moved on are not filed: %r", words.text[:80])
                continue
            # Said already: report it played rather than hand it to the transport again.
            self.engine.agent_line_played(line.id, started_at=words.started_at, ended_at=words.ended_at)

    def _take_spoken_question(self, turn: BrainTurn, text: str) -> None:
        """A question the model said without `ask_question` is the turn's one question: approve it
        (so the answer is filed under it) and let no fallback ask another after it."""
        if turn.asked_aloud or any(r.code in ("approved", "restated") for r in turn.results):
            return
        if self.engine.restatable_question() is not None:
            return  # the candidate asked to hear it again: these words are the same question, said again
        question = spoken_question(text)
        if question is None:
            return
        kind = "follow_up" if turn.question is not None and turn.reason == "answered" else "main"
        result = turn.ask_question(question, kind=kind)
        turn.asked_aloud = True
        if not result.ok:
            log.info("The model asked a question the engine refused (%s): %r", result.code, question[:80])

    def _answered_at_the_close(self, turn: BrainTurn, spoken: list[Spoken]) -> None:
        """At the last stage, words without a question (the model answering the candidate's question)
        end the turn: the closing follows, not the scripted interviewer's second answer."""
        last = len(self.engine.plan.stages) - 1
        if turn.stage_index == last and not turn.progressed and any(w.text.strip() for w in spoken):
            turn.transition_stage("the candidate's question was answered")

    def _sync_agent_busy(self) -> None:
        busy = (self._agent_state in ("thinking", "speaking") or bool(self._replies)
                or self._reply_requested_at is not None)
        if busy != self._agent_busy:
            self._agent_busy = busy
            self.engine.agent_busy(busy)

    def _pump(self, *, speak: bool = True, start_reply: bool = True) -> None:
        if self.stopped:
            return
        self._sync_agent_busy()
        if self.engine.is_over and not self._finishing:
            self._finishing = True
            self._finish_task = asyncio.get_running_loop().create_task(self._finish(), name="mockflow-complete")
        if speak and not self._replies:
            for line in self.engine.take_lines():
                self.transport.say(line)
        if (start_reply and self.use_llm and not self._replies and self.turn is None
                and self._reply_requested_at is None and self._orphan_deadline is None and self._decision_due()):
            self._reply_requested_at = self.clock.now()
            try:
                self.transport.generate_reply()
            except Exception:
                log.exception("Could not ask the model for a reply")
                self._reply_requested_at = None
                self.llm_reply_done("unstarted", [], failed=True)
        if not self._agent_busy:
            self._sync_agent_busy()  # a reply was just asked for: the floor is the agent's
        self._wake.set()

    async def _finish(self) -> None:
        """The interview ended: store every event, then the transcript and metrics, then leave."""
        try:
            await asyncio.wait_for(self.outbox.flush(), FINAL_FLUSH_SECONDS)
            if self.answers is not None:
                await asyncio.wait_for(self.answers.flush(), FINAL_FLUSH_SECONDS)
            if self.outbox.error is None and not self.stopped:
                await self.backend.complete(transcript=self.engine.transcript(), metrics=self.engine.metrics())
                self.completed = True
        except (BackendError, TimeoutError) as error:
            log.error("Could not complete the interview: %s", error)
        finally:
            self._done.set()
            self._wake.set()
            if not self.stopped:
                self.stopped = True
                self.transport.end()
