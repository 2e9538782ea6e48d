"""The candidate's audio of each answer, kept for replay when they agreed at setup: the frames the session
already receives, cut to the utterance's span and encoded as Opus in Ogg (PyAV's one import site).

Opus at 24 kbit/s: a spoken answer is about 3 kB a second (a minute in 180 kB, under the API's cap), it plays in
every browser's <audio>, and PyAV (libopus) is already here with LiveKit's packages.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import av
import numpy as np

from agent_worker.adapters.backend import BackendError
from agent_worker.core.background import start_kept

log = logging.getLogger(__name__)

OPUS_BIT_RATE = 24_000


def ogg_opus(samples: np.ndarray, sample_rate: int) -> bytes:
    """Mono 16-bit PCM samples as an Ogg Opus file (resampled to Opus's 48 kHz by the encoder)."""
    buffer = io.BytesIO()
    with av.open(buffer, mode="w", format="ogg") as container:
        stream = container.add_stream("libopus", rate=48_000, layout="mono")
        stream.bit_rate = OPUS_BIT_RATE
        if len(samples):
            frame = av.AudioFrame.from_ndarray(
                np.ascontiguousarray(samples, dtype=np.int16).reshape(1, -1), format="s16", layout="mono"
            )
            frame.sample_rate = sample_rate
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    return buffer.getvalue()


# The recording of an answer starts this long before the candidate's first sound and ends this long after the last
# (the VAD marks speech a little late and cuts it a little early).
PAD_SECONDS = 0.2
# The audio kept in memory: longer than any answer the API takes (768 KiB of Opus at 24 kbit/s is 262 s).
KEEP_SECONDS = 270.0
# A frame that arrives this much later than the audio before it ended starts a new stretch of the clock (the
# microphone was muted, the network stalled): the frames are not laid end to end across the gap.
GAP_SECONDS = 0.5


@dataclass(frozen=True)
class Clip:
    """Mono 16-bit samples of one answer and the wall-clock time of the first."""

    samples: np.ndarray
    sample_rate: int
    started_at: float

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.sample_rate


@dataclass
class _Frame:
    samples: np.ndarray
    started_at: float  # wall clock


@dataclass
class AnswerRecorder:
    """The candidate's audio as it arrives, each frame placed on the wall clock (end to end while the audio flows
    in real time), so that an utterance's span (LiveKit's started/stopped speaking times) can be cut from it."""

    keep_seconds: float = KEEP_SECONDS
    sample_rate: int = 0
    _frames: deque[_Frame] = field(default_factory=deque)

    def push(self, samples: np.ndarray, sample_rate: int, arrived_at: float) -> None:
        """One frame of mono samples, received at `arrived_at` (so it was spoken just before)."""
        if sample_rate != self.sample_rate:
            self._frames.clear()
            self.sample_rate = sample_rate
        seconds = len(samples) / sample_rate
        started = arrived_at - seconds
        if self._frames:
            last = self._frames[-1]
            follows = last.started_at + len(last.samples) / sample_rate
            if abs(started - follows) < GAP_SECONDS:
                started = follows
        self._frames.append(_Frame(samples, started))
        while self._frames and self._frames[0].started_at < arrived_at - self.keep_seconds:
            self._frames.popleft()

    def cut(self, started_at: float, ended_at: float, *, pad: float = PAD_SECONDS) -> Clip | None:
        """The audio from `started_at - pad` to `ended_at + pad` (silence where no frame came), or None if none of
        it is kept."""
        begin, end = started_at - pad, ended_at + pad
        rate = self.sample_rate
        inside = [
            f for f in self._frames if f.started_at < end and f.started_at + len(f.samples) / rate > begin
        ]
        if not inside or end <= begin:
            return None
        begin = max(begin, inside[0].started_at)
        out = np.zeros(int(round((end - begin) * rate)), dtype=np.int16)
        for frame in inside:
            offset = int(round((frame.started_at - begin) * rate))
            lo, hi = max(0, -offset), min(len(frame.samples), len(out) - offset)
            if lo < hi:
                out[offset + lo : offset + hi] = frame.samples[lo:hi]
        last = inside[-1]
        stop = min(len(out), int(round((last.started_at - begin) * rate)) + len(last.samples))
        return Clip(out[:stop], rate, begin)


@dataclass(frozen=True)
class HeardWord:
    """A word of a final transcript and its times, on the speech-to-text's own clock (seconds)."""

    word: str
    start: float
    end: float


def clip_words(words: list[HeardWord], clip: Clip, speech_started_at: float) -> list[dict[str, float | str]]:
    """The words' times in seconds from the start of the clip. The STT's clock is placed so that the first word
    begins where the speech did (`speech_started_at`, wall clock); the words keep their spacing from there."""
    if not words:
        return []
    shift = (speech_started_at - clip.started_at) - words[0].start
    timed: list[dict[str, float | str]] = []
    for heard in words:
        start, end = heard.start + shift, heard.end + shift
        if end < 0 or start > clip.seconds:
            continue
        timed.append(
            {
                "word": heard.word,
                "start": round(max(0.0, start), 3),
                "end": round(min(clip.seconds, max(start, end)), 3),
            }
        )
    return timed


class RecordingBackend(Protocol):
    """The part of `BackendClient` that stores recordings."""

    async def send_recording(
        self, *, question_id: str, seq: int, audio: bytes, content_type: str, words: list[dict[str, Any]]
    ) -> dict[str, Any]: ...


class AnswerRecordings:
    """Each answer's audio, cut from what the session hears, encoded off the event loop, and sent once the answer's
    event is stored; a recording that cannot be sent is logged and let go (the interview never waits on one)."""

    def __init__(self, backend: RecordingBackend, *, recorder: AnswerRecorder | None = None) -> None:
        self.backend = backend
        self.recorder = recorder or AnswerRecorder()
        self.sent: list[int] = []  # the seqs stored
        self._words: list[HeardWord] = []
        self._sending: set[asyncio.Task[None]] = set()
        self._one_at_a_time = asyncio.Lock()  # answers go in turn, never a burst on the web process

    def heard(self, words: list[HeardWord]) -> None:
        """Words of a final transcript, kept for the answer they end up in."""
        self._words.extend(words)

    def answer_filed(
        self,
        *,
        question_id: str,
        seq: int,
        started_at: float,
        ended_at: float,
        stored: Callable[[], Awaitable[None]],
    ) -> None:
        """The answer with that seq was said from `started_at` to `ended_at` (wall clock): send its audio once
        `stored()` (its event is with the API) returns."""
        words, self._words = self._words, []
        clip = self.recorder.cut(started_at, ended_at)
        if clip is None:
            log.warning("No audio kept for answer %d (%.1f s to %.1f s)", seq, started_at, ended_at)
            return
        start_kept(
            self._send(question_id, seq, clip, clip_words(words, clip, started_at), stored), self._sending
        )

    async def _send(
        self,
        question_id: str,
        seq: int,
        clip: Clip,
        words: list[dict[str, Any]],
        stored: Callable[[], Awaitable[None]],
    ) -> None:
        audio = await asyncio.to_thread(ogg_opus, clip.samples, clip.sample_rate)
        await stored()
        async with self._one_at_a_time:
            try:
                await self.backend.send_recording(
                    question_id=question_id, seq=seq, audio=audio, content_type="audio/ogg", words=words
                )
            except BackendError as error:
                log.warning("The recording of answer %d was not stored: %s", seq, error)
                return
        self.sent.append(seq)

    async def flush(self) -> None:
        """Wait for the recordings on their way (before the interview is completed: a completed one takes none)."""
        while self._sending:
            await asyncio.gather(*list(self._sending), return_exceptions=True)
