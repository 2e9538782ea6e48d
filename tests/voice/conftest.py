import pytest


@pytest.fixture(scope="session")
def offline_models():
    """Load whisper, Piper and silero once for the voice tests (a few seconds)."""
    from livekit.plugins import silero

    from tests.voice import offline

    offline.whisper_model()
    offline.piper_voice()
    return {"vad": silero.VAD.load()}
