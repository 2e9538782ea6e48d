"""What a recording's bytes are: Ogg Opus or WAV, read from their own headers (never from a name or a header
the sender chose), and how long they play."""

from __future__ import annotations

import struct

OGG = "audio/ogg"
WAV = "audio/wav"

OPUS_RATE = 48_000  # an Ogg Opus granule position counts 48 kHz samples, whatever the input rate was


def audio_type(data: bytes) -> str | None:
    """The recording type of `data` by its magic bytes (Ogg carrying Opus, or RIFF WAVE), else None."""
    if data[:4] == b"OggS" and b"OpusHead" in data[:64]:
        return OGG
    if data[:4] == b"RIFF" and data[8:12] == b"WAVE":
        return WAV
    return None


def audio_seconds(data: bytes, content_type: str) -> float | None:
    """How long `data` plays, read from its structure; None when it is not a well-formed file of that type."""
    if content_type == OGG:
        return _ogg_opus_seconds(data)
    if content_type == WAV:
        return _wav_seconds(data)
    return None


def _ogg_opus_seconds(data: bytes) -> float | None:
    """Walk the Ogg pages: every one must be whole; the last one's granule position, less the Opus pre-skip,
    is the length in 48 kHz samples."""
    position, granule, pre_skip = 0, -1, None
    while position < len(data):
        if data[position : position + 4] != b"OggS" or position + 27 > len(data):
            return None
        segments = data[position + 26]
        table_end = position + 27 + segments
        if table_end > len(data):
            return None
        payload = position + 27 + segments
        page_end = payload + sum(data[position + 27 : table_end])
        if page_end > len(data):
            return None
        if pre_skip is None:
            if data[payload : payload + 8] != b"OpusHead" or page_end - payload < 19:
                return None
            pre_skip = struct.unpack_from("<H", data, payload + 10)[0]
        page_granule = struct.unpack_from("<q", data, position + 6)[0]
        if page_granule >= 0:
            granule = page_granule
        position = page_end
    if pre_skip is None or granule < 0:
        return None
    return max(0, granule - pre_skip) / OPUS_RATE


def _wav_seconds(data: bytes) -> float | None:
    """The RIFF chunks: a `fmt ` chunk of PCM with a byte rate, then a `data` chunk that is all there."""
    position, byte_rate = 12, 0
    while position + 8 <= len(data):
        chunk, size = data[position : position + 4], struct.unpack_from("<I", data, position + 4)[0]
        body = position + 8
        if chunk == b"fmt " and size >= 16 and body + 16 <= len(data):
            byte_rate = struct.unpack_from("<I", data, body + 8)[0]
        elif chunk == b"data":
            if not byte_rate or body + size > len(data):
                return None
            return size / byte_rate
        position = body + size + (size & 1)
    return None
