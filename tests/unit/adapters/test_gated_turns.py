"""The end-of-turn prediction waits for the transcript a non-streaming STT owes (`GatedTurnStream`)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections import deque
from dataclasses import dataclass
from typing import Any

from agent_worker.adapters.turns import GatedTurnStream, TranscriptGate


@dataclass(frozen=True)
class Prediction:
    end_of_turn_probability: float


class InnerStream:
    """LiveKit's turn-detector stream, as far as the gate uses it: one prediction at a time."""

    prediction_timeout = 3.0

    def __init__(self) -> None:
        self.pending: asyncio.Future[Any] | None = None
        self.cancelled = False

    def predict(self) -> asyncio.Future[Any]:
        self.pending = asyncio.get_running_loop().create_future()
        return self.pending

    def cancel_inference(self, *, timed_out: bool = False) -> None:
        self.cancelled = True


def gated(wait: float = 5.0) -> tuple[GatedTurnStream, InnerStream, TranscriptGate, deque[tuple[float, str]]]:
    inner, gate, predictions = InnerStream(), TranscriptGate(), deque[tuple[float, str]](maxlen=8)
    return GatedTurnStream(inner, gate, predictions, wait=wait), inner, gate, predictions


async def test_a_prediction_waits_for_the_transcript_still_owed():
    stream, inner, gate, predictions = gated()
    gate.speech_started()
    gate.all_transcribed()
    result = stream.predict()
    assert inner.pending is not None
    inner.pending.set_result(Prediction(0.9))
    await asyncio.sleep(0.01)
    assert not result.done()  # the words are still being transcribed
    gate.transcript_arrived("I led the migration to PostgreSQL.")
    assert (await asyncio.wait_for(result, 1)) == Prediction(0.9)
    assert list(predictions) == [(0.9, "I led the migration to PostgreSQL.")]


async def test_words_that_stop_mid_sentence_never_end_the_turn():
    stream, inner, gate, predictions = gated()
    gate.transcript_arrived("We moved the reports to a queue, and")
    result = stream.predict()
    assert inner.pending is not None
    inner.pending.set_result(Prediction(0.95))
    assert (await asyncio.wait_for(result, 1)).end_of_turn_probability == 0.01
    assert list(predictions) == [(0.01, "We moved the reports to a queue, and")]


async def test_an_stt_that_never_answers_ends_the_turn_on_the_words_so_far():
    stream, inner, gate, _ = gated(wait=0.05)
    gate.speech_started()
    result = stream.predict()
    assert inner.pending is not None
    inner.pending.set_result(Prediction(0.8))
    assert (await asyncio.wait_for(result, 1)) == Prediction(0.8)
    assert not gate.owed
    assert stream.prediction_timeout == 3.05


async def test_cancelling_the_inference_cancels_the_waiting_prediction():
    stream, inner, gate, _ = gated()
    gate.speech_started()
    result = stream.predict()
    stream.cancel_inference()
    await asyncio.sleep(0)
    assert inner.cancelled and result.cancelled()


def test_the_turn_rules_and_the_voice_settings_do_not_import_livekit():
    code = (
        "import sys, agent_worker.adapters.turns, agent_worker.adapters.voice_settings, agent_worker.adapters.driver\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'livekit')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
