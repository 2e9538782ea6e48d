"""The worker's models from the environment: the brain on one server, speech on another if named."""

from livekit.plugins import openai

from agent_worker.adapters.livekit_session import build_models


def test_speech_can_live_on_another_server_than_the_model():
    models = build_models({"OPENAI_API_KEY": "any", "OPENAI_BASE_URL": "http://127.0.0.1:11434/v1",
                           "OPENAI_MODEL": "qwen2.5:7b-instruct", "SPEECH_BASE_URL": "http://127.0.0.1:8001/v1",
                           "TTS_MODEL": "speaches-ai/Kokoro-82M-v1.0-ONNX", "TTS_VOICE": "af_heart",
                           "STT_MODEL": "Systran/faster-whisper-small.en"})
    assert isinstance(models["llm"], openai.LLM) and models["llm"].model == "qwen2.5:7b-instruct"
    assert str(models["llm"]._client.base_url).startswith("http://127.0.0.1:11434/v1")
    assert str(models["tts"]._client.base_url).startswith("http://127.0.0.1:8001/v1")
    assert str(models["stt"]._client.base_url).startswith("http://127.0.0.1:8001/v1")
    assert models["tts"].model == "speaches-ai/Kokoro-82M-v1.0-ONNX"
    assert models["stt"].model == "Systran/faster-whisper-small.en"


def test_speech_defaults_to_the_models_server():
    models = build_models({"OPENAI_API_KEY": "any", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"})
    assert str(models["tts"]._client.base_url).startswith("http://127.0.0.1:9/v1")
    assert str(models["stt"]._client.base_url).startswith("http://127.0.0.1:9/v1")


def test_without_a_key_there_is_no_model_and_no_speech():
    assert set(build_models({})) == {"vad"}
