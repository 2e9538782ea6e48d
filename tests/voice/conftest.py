import pytest


@pytest.fixture(scope="session")
def offline_models():
    """Load whisper, Piper and silero once for the voice tests (a few seconds)."""
    from agent_worker.adapters.livekit_session import load_vad
    from tests.voice import offline

    offline.whisper_model()
    offline.piper_voice()
    return {"vad": load_vad()}
