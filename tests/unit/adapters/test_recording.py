"""The worker keeps each answer's audio: frames placed on the wall clock, the utterance's span cut from them (with a
little padding), encoded as Ogg Opus that lasts as long, words timed from the start of the clip, and sent once the
answer's event is stored."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from agent_worker.adapters.backend import BackendError
from agent_worker.adapters.recording import (
    PAD_SECONDS,
    AnswerRecorder,
    AnswerRecordings,
    Clip,
    HeardWord,
    clip_words,
    ogg_opus,
)
from interviews.audio import OGG, audio_seconds, audio_type
from tests.fakes.speech import speech_samples

T0 = 1_800_000_000.0  # wall clock of the first frame
FRAME = 0.02


def feed(
    recorder: AnswerRecorder, samples: np.ndarray, rate: int, *, start: float, jitter: float = 0.0
) -> float:
    """Push `samples` in 20 ms frames as a room delivers them, from wall time `start`; return when the last ends."""
    step = int(rate * FRAME)
    rng = np.random.default_rng(7)
    at = start
    for index in range(0, len(samples), step):
        frame = samples[index : index + step]
        at += len(frame) / rate
        recorder.push(frame, rate, at + float(rng.uniform(0, jitter)))
    return at


def silence(seconds: float, rate: int) -> np.ndarray:
    return np.zeros(int(seconds * rate), dtype=np.int16)


def test_the_answers_span_is_cut_with_its_padding_and_its_samples_are_the_speech():
    speech, rate = speech_samples("I led the migration of forty services to Kubernetes.")
    recorder = AnswerRecorder()
    feed(recorder, np.concatenate([silence(2, rate), speech, silence(2, rate)]), rate, start=T0, jitter=0.004)
    spoken_from, spoken_to = T0 + 2, T0 + 2 + len(speech) / rate

    clip = recorder.cut(spoken_from, spoken_to)

    assert clip is not None
    assert clip.seconds == pytest.approx(len(speech) / rate + 2 * PAD_SECONDS, abs=0.01)
    assert clip.started_at == pytest.approx(spoken_from - PAD_SECONDS, abs=0.001)
    pad = int(PAD_SECONDS * rate)
    late = int(0.005 * rate)  # the clock is set by the first frame's arrival: a few ms late at most
    assert any(
        np.array_equal(clip.samples[at : at + len(speech)], speech) for at in range(pad, pad + late + 1)
    )


def test_the_encoded_answer_is_ogg_opus_as_long_as_the_utterance_within_half_a_second():
    speech, rate = speech_samples("Deploys went from sixty minutes to eight minutes.")
    recorder = AnswerRecorder()
    feed(recorder, np.concatenate([silence(1, rate), speech, silence(1, rate)]), rate, start=T0, jitter=0.004)
    clip = recorder.cut(T0 + 1, T0 + 1 + len(speech) / rate)

    audio = ogg_opus(clip.samples, clip.sample_rate)

    assert audio_type(audio) == OGG
    assert audio_seconds(audio, OGG) == pytest.approx(len(speech) / rate, abs=0.5 + 2 * PAD_SECONDS)
    assert audio_seconds(audio, OGG) == pytest.approx(clip.seconds, abs=0.05)
    assert len(audio) < 4_000 * clip.seconds  # about 3 kB a second


def test_a_stall_in_the_frames_is_silence_in_the_clip_not_audio_moved_earlier():
    speech, rate = speech_samples("One. Two.")
    recorder = AnswerRecorder()
    end = feed(recorder, speech, rate, start=T0)
    feed(recorder, speech, rate, start=end + 3.0)  # the microphone was off for three seconds

    clip = recorder.cut(T0, end + 3.0 + len(speech) / rate, pad=0)

    assert clip.seconds == pytest.approx(2 * len(speech) / rate + 3.0, abs=0.03)
    gap = clip.samples[len(speech) + rate // 10 : len(speech) + 29 * rate // 10]
    assert not gap.any()


def test_audio_older_than_the_kept_window_is_let_go():
    speech, rate = speech_samples("Hello there.")
    recorder = AnswerRecorder(keep_seconds=5)
    end = feed(recorder, np.concatenate([speech, silence(10, rate)]), rate, start=T0)
    assert recorder.cut(T0, T0 + 1) is None
    assert recorder.cut(end - 2, end - 1) is not None


def test_words_are_timed_from_the_start_of_the_clip_with_the_first_where_the_speech_began():
    clip = Clip(np.zeros(16_000 * 4, dtype=np.int16), 16_000, started_at=T0)
    heard = [HeardWord("At", 100.0, 100.2), HeardWord("Acme", 100.3, 100.8), HeardWord("later", 140.0, 140.5)]

    words = clip_words(heard, clip, speech_started_at=T0 + 0.3)

    assert words == [{"word": "At", "start": 0.3, "end": 0.5}, {"word": "Acme", "start": 0.6, "end": 1.1}]


class FakeBackend:
    def __init__(self, *, refuse: bool = False) -> None:
        self.stored: list[dict] = []
        self.refuse = refuse

    async def send_recording(self, **recording):
        if self.refuse:
            raise BackendError("refused (409): terminal")
        self.stored.append(recording)
        return {"stored": True}


async def test_each_answer_is_sent_after_its_event_is_stored_with_its_words():
    speech, rate = speech_samples("I measured it every week.")
    backend = FakeBackend()
    recordings = AnswerRecordings(backend)
    feed(recordings.recorder, np.concatenate([silence(1, rate), speech, silence(1, rate)]), rate, start=T0)
    recordings.heard([HeardWord("I", 5.0, 5.1), HeardWord("measured", 5.2, 5.6)])
    order: list[str] = []

    async def stored() -> None:
        await asyncio.sleep(0)
        order.append("events stored")

    recordings.answer_filed(
        question_id="q1", seq=7, started_at=T0 + 1, ended_at=T0 + 1 + len(speech) / rate, stored=stored
    )
    await recordings.flush()

    assert order == ["events stored"] and recordings.sent == [7]
    sent = backend.stored[0]
    assert (sent["question_id"], sent["seq"], sent["content_type"]) == ("q1", 7, "audio/ogg")
    assert audio_type(sent["audio"]) == OGG
    assert [w["word"] for w in sent["words"]] == ["I", "measured"]
    assert sent["words"][0]["start"] == pytest.approx(PAD_SECONDS)


async def test_a_refused_recording_is_logged_and_the_interview_goes_on(caplog):
    speech, rate = speech_samples("Yes.")
    recordings = AnswerRecordings(FakeBackend(refuse=True))
    feed(recordings.recorder, speech, rate, start=T0)

    async def stored() -> None:
        return None

    recordings.answer_filed(
        question_id="q1", seq=3, started_at=T0, ended_at=T0 + len(speech) / rate, stored=stored
    )
    await recordings.flush()

    assert recordings.sent == []
    assert "not stored" in caplog.text


def test_a_final_transcripts_timed_words_are_heard_and_untimed_ones_left_out():
    from livekit.agents import stt
    from livekit.agents.voice.io import TimedString

    from agent_worker.adapters.livekit_session import heard_words

    speech = stt.SpeechData(
        language="en",
        text="At Acme um",
        words=[
            TimedString("At", start_time=1.5, end_time=1.7),
            TimedString("Acme", start_time=1.8, end_time=2.3),
            TimedString("um"),
        ],
    )

    assert heard_words(speech) == [HeardWord("At", 1.5, 1.7), HeardWord("Acme", 1.8, 2.3)]
    assert heard_words(stt.SpeechData(language="en", text="no words")) == []
