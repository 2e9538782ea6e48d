"""A candidate's voice for tests: espeak-ng speaking a sentence, as 16-bit mono samples."""

from __future__ import annotations

import functools
import io
import subprocess
import wave

import numpy as np


@functools.cache
def _spoken(text: str) -> tuple[bytes, int]:
    wav = subprocess.run(["espeak-ng", "--stdout", text], check=True, capture_output=True, timeout=30).stdout
    with wave.open(io.BytesIO(wav)) as reader:
        return reader.readframes(reader.getnframes()), reader.getframerate()


def speech_samples(text: str) -> tuple[np.ndarray, int]:
    """`text` spoken by espeak-ng: int16 samples and their sample rate (22 050 Hz)."""
    frames, rate = _spoken(text)
    return np.frombuffer(frames, dtype=np.int16).copy(), rate


def spoken_ogg(text: str) -> bytes:
    """`text` spoken, as the worker sends it: Opus in Ogg."""
    from agent_worker.adapters.recording import ogg_opus

    return ogg_opus(*speech_samples(text))


def spoken_wav(text: str) -> bytes:
    """`text` spoken, as a WAV file."""
    buffer = io.BytesIO()
    samples, rate = speech_samples(text)
    with wave.open(buffer, "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(rate)
        writer.writeframes(samples.tobytes())
    return buffer.getvalue()
