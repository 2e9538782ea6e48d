"""The candidate's audio of each answer, kept for replay when they agreed at setup: the frames the session
already receives, cut to the utterance's span and encoded as Opus in Ogg (PyAV's one import site).

Opus at 24 kbit/s: a spoken answer is about 3 kB a second (a minute in 180 kB, under the API's cap), it plays in
every browser's <audio>, and PyAV (libopus) is already here with LiveKit's packages.
"""

from __future__ import annotations

import io

import av
import numpy as np

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
