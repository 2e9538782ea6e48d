"""A non-streaming STT made streaming for interviews (`UtteranceSTT`): every transcription covers the
whole utterance, a transcription that speech overtook is interim, and the transcript gate knows
whether a transcript is still owed. A scripted VAD cuts stretches; a fake STT is as slow as the test says."""

from __future__ import annotations

import asyncio

import numpy as np
from livekit import rtc
from livekit.agents import stt, utils
from livekit.agents.language import LanguageCode
from livekit.agents.vad import VADEvent, VADEventType

from agent_worker.adapters.livekit_session import UtteranceSTT
from agent_worker.adapters.turns import TranscriptGate, Utterance

WORDS = ["", "sorry", "could", "you", "repeat", "that", "please"]


def frame(word: int) -> rtc.AudioFrame:
    """20 ms of 'audio' whose samples say which word it is (0 is silence)."""
    return rtc.AudioFrame(np.full(320, word, dtype=np.int16).tobytes(), 16000, 1, 320)


class ScriptedVADStream:
    """Speech is any frame with a word in it; two silent frames end a stretch (its frames attached)."""

    def __init__(self) -> None:
        self.events: asyncio.Queue[VADEvent | None] = asyncio.Queue()
        self.speech: list[rtc.AudioFrame] = []
        self.silent = 0

    def _event(self, kind: VADEventType, frames: list[rtc.AudioFrame] | None = None) -> VADEvent:
        return VADEvent(type=kind, samples_index=0, timestamp=0.0, speech_duration=0.02 * len(frames or []),
                        silence_duration=0.04, frames=frames or [])

    def push_frame(self, audio: rtc.AudioFrame) -> None:
        word = int(np.frombuffer(audio.data, dtype=np.int16)[0])
        if word:
            if not self.speech:
                self.events.put_nowait(self._event(VADEventType.START_OF_SPEECH))
            self.speech.append(audio)
            self.silent = 0
        elif self.speech:
            self.silent += 1
            if self.silent == 2:
                self.events.put_nowait(self._event(VADEventType.END_OF_SPEECH, self.speech))
                self.speech = []

    def flush(self) -> None:
        pass

    def end_input(self) -> None:
        self.events.put_nowait(None)

    async def aclose(self) -> None:
        pass

    def __aiter__(self) -> ScriptedVADStream:
        return self

    async def __anext__(self) -> VADEvent:
        event = await self.events.get()
        if event is None:
            raise StopAsyncIteration
        return event


class ScriptedVAD:
    def stream(self) -> ScriptedVADStream:
        return ScriptedVADStream()


class SlowSTT(stt.STT):
    """Hears the words in the frames; each call waits until the test releases it."""

    def __init__(self) -> None:
        super().__init__(capabilities=stt.STTCapabilities(streaming=False, interim_results=False))
        self.heard: list[str] = []
        self.release = asyncio.Semaphore(0)

    async def _recognize_impl(self, buffer: utils.AudioBuffer, *, language: object = None,
                              conn_options: object = None) -> stt.SpeechEvent:
        samples = np.frombuffer(rtc.combine_audio_frames(buffer).data, dtype=np.int16)
        words: list[str] = []
        for word in samples[::320]:
            if word and (not words or words[-1] != WORDS[word]):
                words.append(WORDS[word])
        self.heard.append(" ".join(words))
        await self.release.acquire()
        return stt.SpeechEvent(type=stt.SpeechEventType.FINAL_TRANSCRIPT,
                               alternatives=[stt.SpeechData(language=LanguageCode("en"), text=" ".join(words))])


class BrokenSTT(SlowSTT):
    async def _recognize_impl(self, buffer: utils.AudioBuffer, *, language: object = None,
                              conn_options: object = None) -> stt.SpeechEvent:
        raise RuntimeError("whisper crashed")


class Rig:
    def __init__(self, slow: SlowSTT | None = None) -> None:
        self.slow = slow or SlowSTT()
        self.gate = TranscriptGate()
        self.stream = UtteranceSTT(self.slow, vad=ScriptedVAD(), gate=self.gate).stream()
        self.events: list[tuple[str, str]] = []
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for event in self.stream:
            text = event.alternatives[0].text if event.alternatives else ""
            self.events.append((event.type.value, text))
            if event.type == stt.SpeechEventType.FINAL_TRANSCRIPT:
                self.gate.transcript_arrived(text)  # as the agent's stt_node does

    async def speak(self, *words: int, silence: int = 3) -> None:
        for word in words:
            self.stream.push_frame(frame(word))
        for _ in range(silence):
            self.stream.push_frame(frame(0))
        await asyncio.sleep(0.05)

    async def transcribed(self) -> None:
        self.slow.release.release()
        await asyncio.sleep(0.05)

    def finals(self) -> list[str]:
        return [text for kind, text in self.events if kind == "final_transcript"]

    async def close(self) -> None:
        self.stream.end_input()
        await asyncio.wait_for(self._reader, 5)


async def test_a_comma_pause_does_not_split_the_utterance_and_the_transcript_stays_owed():
    rig = Rig()
    await rig.speak(1)  # "Sorry," then a pause: its transcription starts (whisper is slow)
    assert rig.slow.heard == ["sorry"] and rig.gate.owed
    await rig.speak(2, 3, 4, 5, silence=0)  # "could you repeat that" while "Sorry" is transcribed
    await rig.transcribed()
    assert rig.finals() == [] and ("interim_transcript", "sorry") in rig.events  # overtaken: interim only
    assert rig.gate.owed
    await rig.speak(silence=3)  # the end of the sentence: the whole utterance is transcribed
    assert rig.slow.heard[-1] == "sorry could you repeat that"
    assert rig.gate.owed  # not before its transcript is in
    await rig.transcribed()
    assert rig.finals() == ["sorry could you repeat that"]
    assert not rig.gate.owed and rig.gate.last_transcript == "sorry could you repeat that"
    await rig.close()


async def test_speech_that_starts_while_the_last_final_travels_keeps_the_gate_closed():
    rig = Rig()
    await rig.speak(1, 2)
    rig.slow.release.release()  # the final is on its way ...
    rig.stream.push_frame(frame(3))  # ... and the candidate goes on
    await asyncio.sleep(0.05)
    assert rig.finals() == ["sorry could"]
    assert rig.gate.owed  # the gate waits for what is being said now
    await rig.speak(4, silence=3)
    await rig.transcribed()
    assert rig.finals() == ["sorry could", "you repeat"] and not rig.gate.owed
    await rig.close()


async def test_a_failing_stt_heard_nothing_and_owes_nothing():
    rig = Rig(BrokenSTT())
    await rig.speak(1, 2)
    assert rig.finals() == [""] and not rig.gate.owed
    await rig.close()


def test_an_utterance_transcribes_all_its_stretches_and_only_when_the_candidate_pauses():
    utterance = Utterance()
    utterance.started()
    assert utterance.job() is None
    utterance.ended("a", 0.6)
    assert utterance.job() == ["a"]
    utterance.started()  # speech resumed during the transcription
    assert utterance.transcribed(1) == (False, False)  # interim
    assert utterance.job() is None  # speaking
    utterance.ended("b", 1.2)
    assert utterance.job() == ["a", "b"]
    assert utterance.transcribed(2) == (True, True)
    assert utterance.stretches == [] and utterance.job() is None


def test_a_long_answer_is_finalised_in_parts():
    utterance = Utterance(long_seconds=15)
    utterance.ended("a", 9.0)
    utterance.started()
    assert utterance.transcribed(1) == (False, False)
    utterance.ended("b", 7.0)
    utterance.started()
    assert utterance.transcribed(2) == (True, False)  # 16 s: final, but more is being said
    utterance.ended("c", 2.0)
    assert utterance.job() == ["c"]
    assert utterance.transcribed(1) == (True, True)


async def test_the_gate_waits_for_the_final_that_covers_everything():
    gate = TranscriptGate()
    gate.speech_started()
    gate.transcript_arrived("Sorry,")  # a part of a long answer, more owed
    assert gate.owed
    gate.all_transcribed()
    gate.transcript_arrived("")
    assert not gate.owed and gate.last_transcript == "Sorry,"
    assert await gate.wait(0.1)
    gate.speech_started()
    assert not await gate.wait(0.05) and not gate.owed  # an STT that never answers: the wait ends


async def test_waiting_for_the_transcript_leaves_the_gate_as_it_is():
    gate = TranscriptGate()
    gate.speech_started()
    await gate.transcribed(0.05)
    assert gate.owed  # unlike the end-of-turn wait, this one does not give up on the STT
    waiting = asyncio.create_task(gate.transcribed(5))
    gate.all_transcribed()
    gate.transcript_arrived("Yes, I am ready.")
    await asyncio.wait_for(waiting, 1)
