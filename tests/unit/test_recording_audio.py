"""A recording's type and length from its own bytes: Ogg Opus and WAV, whole or refused."""

import pytest

from interviews.audio import OGG, WAV, audio_seconds, audio_type
from tests.fakes.speech import speech_samples, spoken_ogg, spoken_wav

SENTENCE = "I measured the result every week."


def test_spoken_ogg_opus_is_known_and_lasts_as_long_as_the_speech():
    samples, rate = speech_samples(SENTENCE)
    audio = spoken_ogg(SENTENCE)
    assert audio_type(audio) == OGG
    assert audio_seconds(audio, OGG) == pytest.approx(len(samples) / rate, abs=0.05)


def test_a_wav_is_known_and_lasts_as_long_as_its_samples():
    samples, rate = speech_samples(SENTENCE)
    audio = spoken_wav(SENTENCE)
    assert audio_type(audio) == WAV
    assert audio_seconds(audio, WAV) == pytest.approx(len(samples) / rate, abs=0.001)


@pytest.mark.parametrize("cut", [1, 100, 1000])
def test_a_cut_short_file_is_not_whole(cut):
    assert audio_seconds(spoken_ogg(SENTENCE)[:-cut], OGG) is None
    assert audio_seconds(spoken_wav(SENTENCE)[:-cut], WAV) is None


def test_other_bytes_are_no_recording():
    assert audio_type(b"%PDF-1.7") is None
    assert audio_type(b"OggS" + b"\0" * 60) is None  # Ogg, but not Opus (Vorbis, say)
