"""The voice worker's settings and the job's plain inputs, without LiveKit (STYLE rule 4).

`livekit_session.py` builds the session from these; the web (`interviews.services.livekit_tokens`)
dispatches the agent by `AGENT_NAME`, and benches report the turn-handling numbers from here.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Mapping
from typing import Any

AGENT_NAME = "interviewer"
DEFAULT_MODEL = "gpt-4o-mini"
STATIC_INSTRUCTIONS = (
    "You are a warm, professional interviewer running a mock interview. Use the tools: ask_question "
    "before every question, assess_response after every answer, transition_stage when a stage is done."
)
# Turn handling chosen for interviews (the engine owns silence: re-prompts and forced moves).
# - End of turn: LiveKit's on-device audio turn detector (v1-mini), chosen explicitly so dev and
#   production behave alike and nothing calls LiveKit Cloud. When it hears a finished sentence the
#   turn ends MIN_DELAY after the candidate's last word (LiveKit's default is 0.5 s); mid-sentence
#   ("... and then") it waits MAX_DELAY, so a thinker's 2.5-3 s pause is not the end of their answer
#   (half a second to spare for the VAD to hear them go on).
# - Interruption: two words over the agent (min_words 2) once the STT has them; less is not an
#   interruption. Backchannels and noise never reach that count (`turns.OverlapTracker`), and a
#   pause that turns out to be nothing resumes the agent's speech (false interruption).
# - Preemptive generation stays off: the model step files the answer (`candidate.said`) and its tool
#   calls ask questions, events the engine cannot take back when LiveKit throws a preemptive reply
#   away (the candidate went on). It would win nothing with a non-streaming STT anyway: LiveKit starts
#   it when the final transcript arrives, and the turn ends then (bench/README.md, "Voice").
# - Speech ends (for the session's VAD: user state, end-of-turn checks) after VAD_MIN_SILENCE,
#   silero's own 0.55 s. A non-streaming STT does not wait for it: `UtteranceSTT` starts a
#   transcription of the whole utterance at every STRETCH_SILENCE pause (below), so the words are in
#   sooner, and a comma pause never splits what the turn is judged on (LiveKit's StreamAdapter
#   transcribed stretches one by one: "Sorry," became a turn of its own, and a thinker's "..., and"
#   was judged by the words before the comma).
ENDPOINTING_MIN_DELAY = 0.6
ENDPOINTING_MAX_DELAY = 3.5
VAD_MIN_SILENCE = 0.55
INTERRUPTION_MIN_WORDS = 2
FALSE_INTERRUPTION_TIMEOUT = 1.5
TURN_HANDLING: dict[str, Any] = {
    "endpointing": {"mode": "fixed", "min_delay": ENDPOINTING_MIN_DELAY, "max_delay": ENDPOINTING_MAX_DELAY},
    "interruption": {
        "enabled": True,
        "mode": "vad",
        "min_duration": 0.5,
        "min_words": INTERRUPTION_MIN_WORDS,
        "resume_false_interruption": True,
        "false_interruption_timeout": FALSE_INTERRUPTION_TIMEOUT,
    },
    "preemptive_generation": {"enabled": False},
}
# Silence that cuts the candidate's speech into stretches for a non-streaming STT (`UtteranceSTT`):
# each pause starts a transcription of the whole utterance so far, so the words are (nearly) ready
# when the turn's end is decided; a transcription that speech overtakes is only interim.
STRETCH_SILENCE = 0.3
# The shortest text that goes to a non-streaming TTS on its own: "Thanks, that helps." is spoken while
# the question after it still streams from the model (LiveKit's default merges anything under 20).
FIRST_SENTENCE_MIN_CHARS = 10

# What the page shows when the worker cannot start the job (it says so on the `mockflow` data topic).
CANNOT_START = ("The interview service could not load your interview. Try again in a minute, or go on in text.")
CANNOT_RUN = "The voice interviewer could not start on this server. Go on in text, or try again later."


def interview_id_from_metadata(metadata: str) -> str:
    """The job metadata is the interview id, bare or as {"interview_id": ...}."""
    text = (metadata or "").strip()
    if text.startswith("{"):
        text = str(json.loads(text).get("interview_id") or "")
    return str(uuid.UUID(text))


def llm_configured(env: Mapping[str, str] | None = None) -> bool:
    return bool((os.environ if env is None else env).get("OPENAI_API_KEY"))


def session_models(models: Mapping[str, Any]) -> dict[str, Any]:
    """`build_models()`'s LLM, STT, TTS and VAD as `build_session`'s keyword arguments."""
    return {"llm_model": models.get("llm"), "stt": models.get("stt"), "tts": models.get("tts"),
            "vad": models.get("vad")}
