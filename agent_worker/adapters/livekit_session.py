"""The LiveKit voice driver: the only module that imports `livekit.agents` (STYLE rule 4).

LiveKit dispatches the `interviewer` agent to a room with the interview id as job metadata. The
job fetches the interview's context from the worker API (taking its lease), rebuilds the engine
from the stored events (a job dispatched again continues where the last one stopped), and runs an
`AgentSession` whose agent exposes the engine's three tools, built from the core's one definition.
Everything that is not LiveKit glue (mapping transport events to engine calls, model turns, timers,
posting events) lives in `driver.py`, which is tested without a room; the turn-taking rules LiveKit
leaves to us are in `turns.py`, and the session's settings in `voice_settings.py`.

Configuration (environment): WORKER_API_URL, WORKER_API_TOKEN; OPENAI_API_KEY (the LLM brain and
OpenAI TTS; any value for a local OpenAI-compatible server), OPENAI_BASE_URL, OPENAI_MODEL;
DEEPGRAM_API_KEY (Deepgram STT with filler words, else OpenAI STT). Without a model configured the
scripted interviewer asks the questions.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import sys
import time
from collections import deque
from collections.abc import AsyncIterable, Sequence
from typing import Any

import numpy as np
from livekit import rtc
from livekit.agents import (
    NOT_GIVEN,
    Agent,
    AgentServer,
    AgentSession,
    APIConnectOptions,
    FlushSentinel,
    JobContext,
    StopResponse,
    cli,
    inference,
    llm,
    stt,
    tokenize,
    tts,
    utils,
)
from livekit.agents.language import LanguageCode
from livekit.agents.types import DEFAULT_API_CONNECT_OPTIONS
from livekit.agents.vad import VADEventType
from livekit.agents.voice import ModelSettings
from livekit.agents.voice.agent_session import SessionConnectOptions
from livekit.agents.voice.events import (
    AgentStateChangedEvent,
    CloseEvent,
    SpeechCreatedEvent,
    UserStateChangedEvent,
)
from livekit.agents.voice.generation import INSTRUCTIONS_MESSAGE_ID
from livekit.agents.voice.speech_handle import SpeechHandle

from agent_worker.adapters.backend import BackendClient, BackendError, InterviewClosed
from agent_worker.adapters.driver import Spoken, VoiceDriver
from agent_worker.adapters.recording import AnswerRecordings, HeardWord
from agent_worker.adapters.turns import TRANSCRIPT_WAIT, GatedTurnStream, TranscriptGate, Utterance
from agent_worker.adapters.voice_settings import (
    AGENT_NAME,
    CANNOT_RUN,
    CANNOT_START,
    DEFAULT_MODEL,
    FIRST_SENTENCE_MIN_CHARS,
    STATIC_INSTRUCTIONS,
    STRETCH_SILENCE,
    TURN_HANDLING,
    VAD_MIN_SILENCE,
    interview_id_from_metadata,
    llm_configured,
    session_models,
)
from agent_worker.core.background import start_kept
from agent_worker.core.clock import SystemClock
from agent_worker.core.engine import Engine, Line
from agent_worker.core.factory import engine_for
from agent_worker.core.tools import TOOLS, ToolSpec

log = logging.getLogger("mockflow.agent")


class InterviewTurnDetector(inference.TurnDetector):
    """LiveKit's on-device end-of-turn model (v1-mini), whose predictions also wait for the
    transcript a non-streaming STT still owes (`turns.TranscriptGate`), so a turn never ends on
    half of what was said."""

    def __init__(self) -> None:
        super().__init__(version="v1-mini")
        self.transcripts = TranscriptGate()
        # The last predictions (end-of-turn probability as passed on, and the transcript it was for).
        self.predictions: deque[tuple[float, str]] = deque(maxlen=64)

    def stream(self, *, conn_options: APIConnectOptions = DEFAULT_API_CONNECT_OPTIONS) -> Any:
        return GatedTurnStream(super().stream(conn_options=conn_options), self.transcripts, self.predictions,
                               wait=TRANSCRIPT_WAIT)


def turn_handling() -> dict[str, Any]:
    """The session's turn handling, with a fresh turn detector."""
    return {**TURN_HANDLING, "turn_detection": InterviewTurnDetector()}


class UtteranceSTT(stt.STT):
    """A non-streaming STT (whisper, OpenAI's) made streaming for interviews, in place of LiveKit's
    `StreamAdapter`. That adapter transcribes each stretch of speech between pauses on its own, one
    after another, and announces the next stretch only once the last one's transcript is in: a
    comma pause ("Sorry, | could you repeat the question?") made "Sorry" a turn of its own on a
    loaded machine. Here (`turns.Utterance`) every transcription covers the whole utterance, one
    runs at each pause, a result that speech overtook is interim, and the `TranscriptGate` knows
    at every moment whether a transcript is still owed."""

    def __init__(self, wrapped: stt.STT, *, vad: Any, gate: TranscriptGate) -> None:
        super().__init__(capabilities=stt.STTCapabilities(streaming=True, interim_results=True))
        self.wrapped = wrapped
        self.vad = vad
        self.gate = gate

    @property
    def model(self) -> str:
        return str(self.wrapped.model)

    @property
    def provider(self) -> str:
        return str(self.wrapped.provider)

    async def _recognize_impl(self, buffer: Any, *, language: Any = NOT_GIVEN,
                              conn_options: APIConnectOptions = DEFAULT_API_CONNECT_OPTIONS) -> stt.SpeechEvent:
        return await self.wrapped.recognize(buffer=buffer, language=language, conn_options=conn_options)

    def stream(self, *, language: Any = NOT_GIVEN,
               conn_options: APIConnectOptions = DEFAULT_API_CONNECT_OPTIONS) -> stt.RecognizeStream:
        return _UtteranceStream(self, language=language, conn_options=conn_options)


NOTHING_HEARD = stt.SpeechData(language=LanguageCode("en"), text="")


class _UtteranceStream(stt.RecognizeStream):
    def __init__(self, adapter: UtteranceSTT, *, language: Any, conn_options: APIConnectOptions) -> None:
        # the wrapped STT's recognize() retries on its own
        super().__init__(stt=adapter, conn_options=APIConnectOptions(max_retry=0, timeout=conn_options.timeout))
        self._adapter = adapter
        self._language = language
        self._wrapped_options = conn_options

    async def _metrics_monitor_task(self, event_aiter: AsyncIterable[stt.SpeechEvent]) -> None:
        async for _ in event_aiter:  # the wrapped STT reports its own metrics
            pass

    def _send(self, kind: stt.SpeechEventType, words: stt.SpeechData | None = None, **extra: Any) -> None:
        self._event_ch.send_nowait(stt.SpeechEvent(type=kind, alternatives=[words] if words else [], **extra))

    async def _words(self, frames: list[Any]) -> stt.SpeechData:
        """The wrapped STT's transcript of `frames`; an STT that fails heard nothing (logged)."""
        try:
            result = await self._adapter.wrapped.recognize(buffer=utils.merge_frames(frames), language=self._language,
                                                           conn_options=self._wrapped_options)
        except Exception as error:
            log.warning("The STT failed on %.1f s of speech: %s", sum(f.duration for f in frames), error)
            return NOTHING_HEARD
        return result.alternatives[0] if result.alternatives else NOTHING_HEARD

    async def _run(self) -> None:
        gate = self._adapter.gate
        utterance = Utterance()
        pause = asyncio.Event()
        vad_stream = self._adapter.vad.stream()
        last_end: list[float] = [0.0]

        async def forward() -> None:
            async for frame in self._input_ch:
                if isinstance(frame, self._FlushSentinel):
                    vad_stream.flush()
                else:
                    vad_stream.push_frame(frame)
            vad_stream.end_input()

        async def listen() -> None:
            async for event in vad_stream:
                if event.type == VADEventType.START_OF_SPEECH:
                    utterance.started()
                    gate.speech_started()
                    self._send(stt.SpeechEventType.START_OF_SPEECH)
                elif event.type == VADEventType.END_OF_SPEECH:
                    utterance.ended(list(event.frames), event.speech_duration)
                    last_end[0] = time.time() - event.silence_duration - event.inference_duration
                    self._send(stt.SpeechEventType.END_OF_SPEECH, speech_end_time=last_end[0])
                    pause.set()

        async def transcribe() -> None:
            while True:
                await pause.wait()
                pause.clear()
                while (audio := utterance.job()) is not None:
                    frames = [frame for stretch in audio for frame in stretch]
                    started = time.perf_counter()
                    words = await self._words(frames)
                    final, complete = utterance.transcribed(len(audio))
                    log.info("Transcribed %.1f s of speech in %.1f s (%s): %r", sum(f.duration for f in frames),
                             time.perf_counter() - started, "final" if complete else "part" if final else "interim",
                             words.text[:60])
                    if final:
                        if complete:
                            gate.all_transcribed()
                        self._send(stt.SpeechEventType.FINAL_TRANSCRIPT, words, speech_end_time=last_end[0])
                    elif words.text:
                        self._send(stt.SpeechEventType.INTERIM_TRANSCRIPT, words)

        tasks = [asyncio.create_task(forward(), name="utterance-forward"),
                 asyncio.create_task(listen(), name="utterance-vad"),
                 asyncio.create_task(transcribe(), name="utterance-stt")]
        try:
            await asyncio.gather(*tasks[:2])
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await vad_stream.aclose()


# ================================================================================================
# The engine's tools, as LiveKit tools
# ================================================================================================


def livekit_tool(spec: ToolSpec, driver: VoiceDriver) -> llm.RawFunctionTool:
    """One of the core's tools (name, description, JSON schema) routed to the driver."""

    async def call(raw_arguments: dict[str, object]) -> str:
        return driver.call_tool(spec.name, dict(raw_arguments))

    schema = {"name": spec.name, "description": spec.description, "parameters": spec.parameters}
    return llm.function_tool(call, raw_schema=schema)


def livekit_tools(driver: VoiceDriver) -> list[llm.Tool | llm.Toolset]:
    return [livekit_tool(spec, driver) for spec in TOOLS]


# ================================================================================================
# The agent and the transport
# ================================================================================================


class InterviewerAgent(Agent):
    """The session's agent: the engine's tools, the engine's instructions, user turns to the driver."""

    def __init__(self, driver: VoiceDriver, recordings: AnswerRecordings | None = None) -> None:
        super().__init__(instructions=STATIC_INSTRUCTIONS, tools=livekit_tools(driver))
        self.driver = driver
        self.recordings = recordings

    async def on_user_turn_completed(self, turn_ctx: llm.ChatContext, new_message: llm.ChatMessage) -> None:
        metrics: dict[str, Any] = dict(new_message.metrics or {})
        wanted = self.driver.user_turn(
            new_message.id, new_message.text_content or "",
            started_at=metrics.get("started_speaking_at"), ended_at=metrics.get("stopped_speaking_at"),
        )
        if not wanted:
            raise StopResponse()

    async def stt_node(self, audio: AsyncIterable[Any], model_settings: ModelSettings) -> AsyncIterable[Any]:
        """The STT's events, less backchannels spoken over the agent and noise (`turns.py`)."""
        detector = self.session.turn_detection
        gate = detector.transcripts if isinstance(detector, InterviewTurnDetector) else None
        if self.recordings is not None:
            audio = kept_audio(audio, self.recordings)
        async for event in Agent.default.stt_node(self, audio, model_settings):
            if (gate is not None and isinstance(event, stt.SpeechEvent)
                    and event.type == stt.SpeechEventType.FINAL_TRANSCRIPT):
                # the turn has these words by the time the end-of-turn prediction wakes (`TranscriptGate`)
                gate.transcript_arrived(event.alternatives[0].text if event.alternatives else "")
            if (isinstance(event, stt.SpeechEvent) and event.alternatives
                    and event.type in (stt.SpeechEventType.INTERIM_TRANSCRIPT, stt.SpeechEventType.FINAL_TRANSCRIPT)
                    and not self.driver.overlap.keep(event.alternatives[0].text)):
                log.info("Not a turn (backchannel or noise): %r", event.alternatives[0].text)
                continue
            if (self.recordings is not None and isinstance(event, stt.SpeechEvent) and event.alternatives
                    and event.type == stt.SpeechEventType.FINAL_TRANSCRIPT):
                # only words that reach the turn: a backchannel dropped above is in no answer's recording
                self.recordings.heard(heard_words(event.alternatives[0]))
            yield event

    async def llm_node(
        self, chat_ctx: llm.ChatContext, tools: list[llm.Tool], model_settings: ModelSettings
    ) -> AsyncIterable[llm.ChatChunk | str | FlushSentinel]:
        if not self.driver.before_llm(_last_user_message(chat_ctx)):
            return
        ctx = _with_instructions(chat_ctx, self.driver.instructions())
        try:
            async for chunk in Agent.default.llm_node(self, ctx, tools, model_settings):
                yield chunk
        except Exception as error:  # the scripted interviewer takes the turn
            log.warning("The model failed: %s", error)
            self.driver.llm_failed()


async def kept_audio(audio: AsyncIterable[Any], recordings: AnswerRecordings) -> AsyncIterable[Any]:
    """The session's input frames, passed on as they are, each one also kept for the answers' recordings."""
    async for frame in audio:
        if isinstance(frame, rtc.AudioFrame):
            samples = np.frombuffer(frame.data, dtype=np.int16)[:: max(1, frame.num_channels)]
            recordings.recorder.push(samples.copy(), frame.sample_rate, time.time())
        yield frame


def heard_words(speech: stt.SpeechData) -> list[HeardWord]:
    """A final transcript's word timings, where the STT gives them (Deepgram does; OpenAI's models do not)."""
    return [HeardWord(str(word), float(word.start_time), float(word.end_time)) for word in speech.words or []
            if isinstance(word.start_time, int | float) and isinstance(word.end_time, int | float)]


def _last_user_message(chat_ctx: llm.ChatContext) -> tuple[str, str] | None:
    for item in reversed(chat_ctx.items):
        if item.type == "message" and item.role == "user":
            return item.id, item.text_content or ""
    return None


def _with_instructions(chat_ctx: llm.ChatContext, text: str) -> llm.ChatContext:
    ctx = chat_ctx.copy()
    message = llm.ChatMessage(id=INSTRUCTIONS_MESSAGE_ID, role="system", content=[text])
    index = ctx.index_by_id(INSTRUCTIONS_MESSAGE_ID)
    if index is None:
        ctx.items.insert(0, message)
    else:
        ctx.items[index] = message
    return ctx


def _closing(session: AgentSession) -> bool:
    """Whether the session has begun to close (LiveKit sets this before it interrupts the speech)."""
    is_closing = getattr(session, "_is_closing", None)
    return bool(is_closing()) if callable(is_closing) else False


def _spoken(handle: SpeechHandle) -> list[Spoken]:
    words = []
    for item in handle.chat_items:
        if item.type == "message" and item.role == "assistant" and item.text_content:
            metrics: dict[str, Any] = dict(item.metrics or {})
            words.append(Spoken(item.text_content, metrics.get("started_speaking_at"),
                                metrics.get("stopped_speaking_at")))
    return words


class SessionTransport:
    """The driver's `Transport` over an `AgentSession`, and the session's events into the driver."""

    def __init__(self, session: AgentSession, *, on_end: Any = None) -> None:
        self.session = session
        self.driver: VoiceDriver | None = None
        self._on_end = on_end
        self._ending: asyncio.Task[None] | None = None
        self._user_now = "listening"
        self._waiting: set[asyncio.Task[Any]] = set()
        self.ended = asyncio.Event()

    def attach(self, driver: VoiceDriver) -> None:
        self.driver = driver
        self.session.on("user_state_changed", self._user_state)
        self.session.on("agent_state_changed", self._agent_state)
        self.session.on("speech_created", self._speech_created)
        self.session.on("close", self._closed)

    # -- Transport -------------------------------------------------------------------------------

    def say(self, line: Line) -> None:
        if _closing(self.session):
            log.info("Line not said (the session is closing): %r", line.text[:60])
            return
        try:
            handle = self.session.say(line.text)
        except RuntimeError as error:  # the session is closing
            log.info("Line not said (%s): %r", error, line.text[:60])
            return
        handle.add_done_callback(lambda done: self._line_done(line, done))

    def generate_reply(self) -> None:
        if _closing(self.session):
            # The close interrupts what is playing, and a line cut off asks for the next reply: a speech
            # made now is one the close's drain waits for (forever, in a room nobody listens to).
            log.info("No model reply: the session is closing")
            return
        self.session.generate_reply()

    def end(self) -> None:
        if self._ending is None:
            self._ending = asyncio.get_running_loop().create_task(self._end())

    # -- session events --------------------------------------------------------------------------

    def _line_done(self, line: Line, handle: SpeechHandle) -> None:
        assert self.driver is not None
        spoken = _spoken(handle)
        started = spoken[0].started_at if spoken else None
        ended = spoken[-1].ended_at if spoken else None
        self.driver.line_played(line.id, started_at=started, ended_at=ended)

    def _user_state(self, event: UserStateChangedEvent) -> None:
        assert self.driver is not None
        self._user_now = event.new_state
        detector = self.session.turn_detection
        gate = detector.transcripts if isinstance(detector, InterviewTurnDetector) else None
        if event.new_state != "speaking" and gate is not None and gate.owed:
            # The candidate stopped, but their words are still being transcribed (whisper under load
            # takes seconds): that is not silence yet, and no re-prompt may talk over an answer.
            start_kept(self._stopped_when_transcribed(gate, event), self._waiting)
            return
        self.driver.user_state(event.new_state, event.created_at)

    async def _stopped_when_transcribed(self, gate: TranscriptGate, event: UserStateChangedEvent) -> None:
        await gate.transcribed(TRANSCRIPT_WAIT)
        if self.driver is not None and self._user_now == event.new_state:
            self.driver.user_state(event.new_state, event.created_at)

    def _agent_state(self, event: AgentStateChangedEvent) -> None:
        assert self.driver is not None
        self.driver.agent_state(event.new_state)

    def _speech_created(self, event: SpeechCreatedEvent) -> None:
        assert self.driver is not None
        if event.source != "generate_reply":
            return
        handle = event.speech_handle
        self.driver.llm_reply_started(handle.id)
        handle.add_done_callback(self._reply_done)

    def _reply_done(self, handle: SpeechHandle) -> None:
        assert self.driver is not None
        self.driver.llm_reply_done(handle.id, _spoken(handle), interrupted=handle.interrupted,
                                   failed=handle.exception() is not None)

    def _closed(self, event: CloseEvent) -> None:
        if self.driver is None or self.driver.stopped:
            self.ended.set()
            return
        if event.error is not None:
            self.driver.failed()
        else:
            self.driver.disconnected()  # the candidate left, or the room closed

    async def _end(self) -> None:
        try:
            await self.session.aclose()
        finally:
            self.ended.set()
            if self._on_end is not None:
                self._on_end()


# ================================================================================================
# The job's interview, the models and the session
# ================================================================================================


def load_vad() -> Any:
    """Silero VAD (its model ships in the plugin's wheel) with our end-of-speech silence."""
    from livekit.plugins import silero

    return silero.VAD.load(min_silence_duration=VAD_MIN_SILENCE)


def build_models(env: Any = None) -> dict[str, Any]:
    """The session's LLM, STT, TTS and VAD from the environment (plugins imported only here).

    The model: OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL. Speech goes to the same server unless
    SPEECH_BASE_URL/SPEECH_API_KEY name another (a local model server rarely speaks: Ollama has no
    audio endpoints, Speaches or LocalAI do), with TTS_MODEL, TTS_VOICE and STT_MODEL; DEEPGRAM_API_KEY
    chooses Deepgram's streaming STT instead.
    """
    from livekit.plugins import openai

    env = os.environ if env is None else env
    base_url = env.get("OPENAI_BASE_URL") or NOT_GIVEN
    key = env.get("OPENAI_API_KEY") or None
    speech_url = env.get("SPEECH_BASE_URL") or base_url
    speech_key = env.get("SPEECH_API_KEY") or key
    models: dict[str, Any] = {"vad": load_vad()}
    if key:
        models["llm"] = openai.LLM(model=env.get("OPENAI_MODEL") or DEFAULT_MODEL, api_key=key, base_url=base_url)
    if speech_key:
        models["tts"] = openai.TTS(model=env.get("TTS_MODEL") or "gpt-4o-mini-tts", voice=env.get("TTS_VOICE") or "ash",
                                   api_key=speech_key, base_url=speech_url)
    if env.get("DEEPGRAM_API_KEY"):
        from livekit.plugins import deepgram

        models["stt"] = deepgram.STT(model="nova-3", filler_words=True, api_key=env["DEEPGRAM_API_KEY"])
    elif speech_key:
        models["stt"] = openai.STT(model=env.get("STT_MODEL") or "gpt-4o-mini-transcribe", api_key=speech_key,
                                   base_url=speech_url)
    return models


def sentence_by_sentence(speech: Any) -> Any:
    """A non-streaming TTS fed one sentence at a time, so the first sentence of a reply is synthesised
    as soon as it is complete."""
    if speech is None or speech.capabilities.streaming:
        return speech
    return tts.StreamAdapter(tts=speech, sentence_tokenizer=tokenize.blingfire.SentenceTokenizer(
        retain_format=True, min_sentence_len=FIRST_SENTENCE_MIN_CHARS))


def whole_utterances(speech: Any, vad: Any, gate: TranscriptGate) -> Any:
    """A non-streaming STT transcribing whole utterances (`UtteranceSTT`), cut at STRETCH_SILENCE."""
    if speech is None or vad is None or speech.capabilities.streaming:
        return speech
    return UtteranceSTT(speech, vad=stretch_vad(), gate=gate)


@functools.cache
def stretch_vad() -> Any:
    """Silero VAD that cuts speech into stretches at STRETCH_SILENCE (one per process). Each stretch starts with
    no more than STRETCH_SILENCE of what came before it: with silero's default half second, a stretch after a
    shorter pause began with the end of the one before, and the utterance put together from them said it twice
    ("Wait, wait, I have a question." after a 350 ms pause)."""
    from livekit.plugins import silero

    return silero.VAD.load(min_silence_duration=STRETCH_SILENCE, prefix_padding_duration=STRETCH_SILENCE)


def build_session(*, llm_model: Any = None, stt: Any = None, tts: Any = None, vad: Any = None,
                  llm_retries: int | None = None) -> AgentSession:
    options: dict[str, Any] = {}
    if llm_retries is not None:
        options["conn_options"] = SessionConnectOptions(llm_conn_options=APIConnectOptions(max_retry=llm_retries))
    handling = turn_handling()
    return AgentSession(
        llm=llm_model or NOT_GIVEN, stt=whole_utterances(stt, vad, handling["turn_detection"].transcripts) or NOT_GIVEN,
        tts=sentence_by_sentence(tts) or NOT_GIVEN, vad=vad or NOT_GIVEN,
        turn_handling=handling,  # type: ignore[arg-type]
        user_away_timeout=None,  # the engine owns silence: re-prompts and forced moves
        **options,
    )


async def run_interview(session: AgentSession, engine: Engine, backend: Any, *, stored_events: int,
                        start: Any, on_end: Any = None, recordings: AnswerRecordings | None = None) -> VoiceDriver:
    """Wire the engine to a session, start it (`start(agent)` starts the session), drive to the end.
    With `recordings` (the candidate agreed at setup), each answer's audio is kept and sent."""
    transport = SessionTransport(session, on_end=on_end)
    driver = VoiceDriver(engine, transport, backend, stored_events=stored_events, answers=recordings)
    transport.attach(driver)
    await start(InterviewerAgent(driver, recordings))
    driver.start()
    await driver.run()
    return driver


# ================================================================================================
# The worker
# ================================================================================================

server = AgentServer()


async def tell_the_page(ctx: JobContext, message: str) -> None:
    """Join the room just long enough to tell the candidate's page why the interviewer cannot run."""
    try:
        await ctx.connect()
        payload = json.dumps({"type": "agent.error", "message": message})
        await ctx.room.local_participant.publish_data(payload, reliable=True, topic="mockflow")
        await asyncio.sleep(1.0)  # let the reliable packet leave before the job ends
    except Exception:
        log.exception("Could not tell the page that the job cannot start")


@server.rtc_session(agent_name=AGENT_NAME)
async def entrypoint(ctx: JobContext) -> None:
    try:
        interview_id = interview_id_from_metadata(ctx.job.metadata)
    except (ValueError, AttributeError) as error:
        log.error("Job %s has no interview id in its metadata: %s", ctx.job.id, error)
        await tell_the_page(ctx, CANNOT_RUN)
        return
    url = os.environ.get("WORKER_API_URL", "http://127.0.0.1:8000")
    token = os.environ.get("WORKER_API_TOKEN", "")
    async with BackendClient(url, token, interview_id) as backend:
        try:
            context = await backend.fetch_context()
        except InterviewClosed:
            log.info("Interview %s has already ended; nothing to do", interview_id)
            return
        except BackendError as error:
            log.error("Cannot fetch interview %s: %s", interview_id, error)
            await tell_the_page(ctx, CANNOT_START)
            return
        try:
            stored = list(context.get("events") or [])
            engine = engine_for(context, events=stored, clock=SystemClock(),
                                brain="llm" if llm_configured() else "scripted")
            if engine.is_over:
                await backend.complete(transcript=engine.transcript(), metrics=engine.metrics())
                return
            session = build_session(**session_models(build_models()))
        except Exception:
            log.exception("Interview %s: the session cannot be built (configuration)", interview_id)
            await tell_the_page(ctx, CANNOT_RUN)
            return
        await ctx.connect()

        async def start(agent: Agent) -> None:
            await session.start(agent, room=ctx.room)

        recordings = AnswerRecordings(backend) if context.get("interview", {}).get("recording") else None
        driver = await run_interview(session, engine, backend, stored_events=len(stored), start=start,
                                     on_end=lambda: ctx.shutdown("interview over"), recordings=recordings)
        log.info("Interview %s: %s", interview_id,
                 "completed" if driver.completed else f"stopped ({engine.end_reason or 'not ended'})")


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m agent_worker start|dev [livekit cli arguments]` (after `startup.startup_problems`)."""
    args = list(argv or [])
    commands = {"start", "dev", "console", "connect", "download-files"}
    if not args or args[0] not in commands:
        args = ["start", *args]
    sys.argv = [sys.argv[0] if sys.argv else "agent_worker", *args]
    logging.basicConfig(level=logging.INFO)
    cli.run_app(server)
    return 0
