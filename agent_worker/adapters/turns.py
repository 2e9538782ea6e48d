"""Turn-taking rules for voice interviews that LiveKit leaves to us (no livekit import here).

- A backchannel ("okay", "mm-hm", "yeah, right") spoken over the agent is neither an interruption
  nor an answer: its transcript is dropped before LiveKit counts its words or ends a turn on it.
  Said when the agent is silent, the same words are an answer ("Okay." to "Shall we begin?").
- A transcript with no words in it (an STT's "[door slams]", "(coughs)", music notes) is noise.
- A non-streaming STT transcribes the whole utterance, never a stretch between pauses on its own
  (`Utterance`); the end of a turn waits for the transcript it still owes (`TranscriptGate`), and
  words that stop mid-sentence ("..., and then") are never the end of an answer.
- A question the model speaks without calling `ask_question` is still the turn's one question:
  `spoken_question` finds it so the driver can have it approved.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from agent_worker.core.background import start_kept

__all__ = ["BACKCHANNEL_WORDS", "TRANSCRIPT_WAIT", "GatedTurnStream", "OverlapTracker", "TranscriptGate", "Utterance", "ends_unfinished", "is_backchannel", "is_noise", "spoken_question", "words_in"]

log = logging.getLogger("mockflow.agent")

# How long the end of a turn waits, at most, for the transcript a non-streaming STT owes: whisper
# takes 0.5-1 s a call on two quiet cores and 2-4 s on a loaded machine; a turn that ended without
# it would end on half of what was said. Only an STT that never answers meets this limit.
TRANSCRIPT_WAIT = 10.0

BACKCHANNEL_WORDS = frozenset({
    "ok", "okay", "kay", "yeah", "yea", "yes", "yep", "yup", "ya", "mm", "mmm", "hm", "hmm", "mhm", "mm-hm",
    "mm-hmm", "uh-huh", "uh", "huh", "um", "ah", "oh", "right", "sure", "alright", "all", "cool", "great",
    "nice", "i", "see", "got", "it", "true", "exactly", "indeed", "wow", "fine", "good", "totally", "gotcha",
})
# More words than this is never a backchannel, whatever they are.
BACKCHANNEL_MAX_WORDS = 3

_ANNOTATION = re.compile(r"\[[^\]]*\]|\([^)]*\)|\*[^*]*\*|♪+")
_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_SENTENCE = re.compile(r"[^.!?]*[.!?]+|[^.!?]+$")


def words_in(text: str) -> list[str]:
    """The spoken words of a transcript (annotations such as "[laughs]" removed), lower-case."""
    return _WORD.findall(_ANNOTATION.sub(" ", text).lower())


def is_noise(text: str) -> bool:
    """A transcript with no spoken word in it (empty, or only annotations and punctuation)."""
    return not words_in(text)


def is_backchannel(text: str) -> bool:
    """Short listener feedback ("okay", "mm-hm", "yeah, I see"), not a turn of its own."""
    spoken = words_in(text)
    return 0 < len(spoken) <= BACKCHANNEL_MAX_WORDS and all(w in BACKCHANNEL_WORDS for w in spoken)


def spoken_question(text: str) -> str | None:
    """The last sentence of `text` that is a question, if any."""
    questions = [s.strip() for s in _SENTENCE.findall(text) if s.strip().endswith("?")]
    return questions[-1] if questions else None


# Words a finished answer does not end on: the speaker is mid-sentence, or thinking aloud.
CONTINUATION_WORDS = frozenset({
    "and", "but", "or", "so", "because", "then", "also", "like", "um", "uh", "er", "erm", "hmm", "the", "a", "an",
    "to", "of", "with", "for", "in", "on", "at", "from", "by", "which", "that", "who", "where", "when", "while",
    "if", "as", "my", "our", "their", "his", "her", "we", "i", "is", "was", "were", "are", "be", "been", "had",
    "have", "would", "could", "will", "basically", "actually", "well",
})
THINKING_ENDINGS = ("let me think", "let me see", "give me a second", "give me a moment", "good question",
                    "how do i put this", "let me remember")


def ends_unfinished(text: str) -> bool:
    """Whether a transcript stops mid-sentence ("... and then", "..., um", "I was the") or on a
    thinking phrase ("good question, let me think"): not the end of an answer."""
    stripped = text.strip()
    spoken = words_in(stripped)
    if not spoken:
        return False
    if stripped.endswith((",", "...", "…", "-", "—", ";", ":")):
        return True
    tail = " ".join(spoken[-5:])
    return spoken[-1] in CONTINUATION_WORDS or any(tail.endswith(p) for p in THINKING_ENDINGS)


class OverlapTracker:
    """Whether the candidate's current utterance began over the agent's voice, and so what its
    transcript may do: an overlapping backchannel is dropped, noise always is."""

    def __init__(self) -> None:
        self.over_agent = False
        self.dropped: list[str] = []

    def user_started(self, agent_speaking: bool) -> None:
        self.over_agent = agent_speaking

    def keep(self, text: str) -> bool:
        """Whether a transcript (interim or final) goes on to interrupt or end a turn."""
        drop = bool(text.strip()) and (is_noise(text) or (self.over_agent and is_backchannel(text)))
        if drop:
            self.dropped.append(text)
        return not drop


class TranscriptGate:
    """Whether a non-streaming STT still owes the transcript of speech that has started.

    Such an STT (whisper, OpenAI's) transcribes speech only after it stops, which takes longer than
    the shortest end-of-turn wait (and 1-4 s under load): the turn would end on the words heard so
    far and the rest of the answer would arrive as a new turn. The end-of-turn prediction waits on
    this gate. The STT adapter (`UtteranceSTT` in the LiveKit session) closes it when speech starts
    and says when the final it sends covers all the speech so far; the gate opens when that final
    reaches the turn (or is dropped as a backchannel or noise). A streaming STT never closes it.
    """

    def __init__(self) -> None:
        self._caught_up = asyncio.Event()
        self._caught_up.set()
        self._complete = True
        self.last_transcript = ""

    @property
    def owed(self) -> bool:
        return not self._caught_up.is_set()

    def speech_started(self) -> None:
        self._complete = False
        self._caught_up.clear()

    def all_transcribed(self) -> None:
        """The final transcript on its way covers all the speech so far."""
        self._complete = True

    def transcript_arrived(self, text: str) -> None:
        """A final transcript reached the turn (or was dropped); words stay for `ends_unfinished`."""
        if text.strip():
            self.last_transcript = text
        if self._complete:
            self._caught_up.set()

    async def transcribed(self, timeout: float) -> None:
        """Wait until no transcript is owed, or `timeout`; the gate itself stays as it is."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._caught_up.wait(), timeout)

    async def wait(self, timeout: float) -> bool:
        """Wait until no transcript is owed (True), or `timeout` (False: the STT never answered)."""
        try:
            await asyncio.wait_for(self._caught_up.wait(), timeout)
        except TimeoutError:
            self._caught_up.set()
            self._complete = True
            return False
        return True


@dataclass
class Utterance:
    """The speech a non-streaming STT owes a transcript for, as stretches the VAD cut at pauses.

    Every transcription covers the whole utterance so far, never one stretch on its own, so a
    sentence cut at its comma ("Sorry, | could you repeat that?") is transcribed as one sentence. A
    transcription that covers every stretch while the candidate is silent is final (and the
    utterance starts afresh); one that speech overtook is interim (words for the two-word
    interruption check) and the whole utterance is transcribed again at the next pause. A long
    answer is finalised in parts of at least `long_seconds`, so no transcription grows past
    whisper's 30 s window. `audio` is whatever the adapter keeps of a stretch (frames).
    """

    long_seconds: float = 15.0
    stretches: list[tuple[Any, float]] = field(default_factory=list)
    speaking: bool = False
    covered: int = 0  # stretches the last transcription covered

    def started(self) -> None:
        self.speaking = True

    def ended(self, audio: Any, seconds: float) -> None:
        self.speaking = False
        self.stretches.append((audio, seconds))

    def job(self) -> list[Any] | None:
        """The audio to transcribe now (every stretch so far), or None: nothing new, or speaking."""
        if self.speaking or len(self.stretches) <= self.covered:
            return None
        return [audio for audio, _ in self.stretches]

    def transcribed(self, count: int) -> tuple[bool, bool]:
        """A transcription of the first `count` stretches came back: (final, complete). Final: its
        text goes to the turn and those stretches are done; complete: nothing more is owed."""
        complete = count == len(self.stretches) and not self.speaking
        if complete or sum(seconds for _, seconds in self.stretches[:count]) >= self.long_seconds:
            del self.stretches[:count]
            self.covered = 0
            return True, complete
        self.covered = count
        return False, False


class GatedTurnStream:
    """A turn-detector stream (LiveKit's, wrapped) whose predictions resolve once the transcripts are
    in (`TranscriptGate`), and never end a turn whose words stop mid-sentence (`ends_unfinished`);
    each prediction passed on is kept in `predictions` with the transcript it was for."""

    def __init__(self, inner: Any, gate: TranscriptGate, predictions: deque[tuple[float, str]], *,
                 wait: float = TRANSCRIPT_WAIT) -> None:
        self._inner = inner
        self._gate = gate
        self._predictions = predictions
        self._wait = wait
        self._waiting: set[asyncio.Future[Any]] = set()
        self._joins: set[asyncio.Task[Any]] = set()

    @property
    def model(self) -> str:
        return str(self._inner.model)

    @property
    def provider(self) -> str:
        return str(self._inner.provider)

    @property
    def is_fallback(self) -> bool:
        return bool(self._inner.is_fallback)

    @property
    def prediction_timeout(self) -> float:
        return float(self._inner.prediction_timeout) + self._wait

    async def unlikely_threshold(self, language: Any) -> float | None:
        value = await self._inner.unlikely_threshold(language)
        return None if value is None else float(value)

    async def backchannel_threshold(self, language: Any) -> float | None:
        value = await self._inner.backchannel_threshold(language)
        return None if value is None else float(value)

    async def supports_language(self, language: Any) -> bool:
        return bool(await self._inner.supports_language(language))

    def predict(self) -> asyncio.Future[Any]:
        inner = self._inner.predict()
        out: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.add(out)
        out.add_done_callback(self._waiting.discard)

        async def join() -> None:
            try:
                result = await asyncio.shield(inner)
            except asyncio.CancelledError:
                out.cancel()
                return
            except Exception as error:  # the model's own failure, passed on as LiveKit expects
                if not out.done():
                    out.set_exception(error)
                return
            if not await self._gate.wait(self._wait):
                log.warning("No transcript after %.0f s; the turn ends on the words so far", self._wait)
            if result is not None and ends_unfinished(self._gate.last_transcript):
                # The words stop mid-sentence: whatever the voice sounded like, the answer goes on.
                result = dataclasses.replace(result, end_of_turn_probability=min(result.end_of_turn_probability, 0.01))
            if result is not None:
                self._predictions.append((float(result.end_of_turn_probability), self._gate.last_transcript))
            if not out.done():
                out.set_result(result)

        task = start_kept(join(), self._joins, name="mockflow-eot-gate")
        out.add_done_callback(lambda done: task.cancel() if done.cancelled() else None)
        return out

    def cancel_inference(self, *, timed_out: bool = False) -> None:
        self._inner.cancel_inference(timed_out=timed_out)
        for waiting in list(self._waiting):
            waiting.cancel()

    def flush(self, reason: str | None = None) -> None:
        self._inner.flush(reason)

    def push_audio(self, frame: Any) -> None:
        self._inner.push_audio(frame)

    def end_input(self) -> None:
        self._inner.end_input()

    async def aclose(self) -> None:
        for waiting in list(self._waiting):
            waiting.cancel()
        await self._inner.aclose()
