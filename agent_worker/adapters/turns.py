"""Turn-taking rules for voice interviews that LiveKit leaves to us (no livekit import here).

- A backchannel ("okay", "mm-hm", "yeah, right") spoken over the agent is neither an interruption
  nor an answer: its transcript is dropped before LiveKit counts its words or ends a turn on it.
  Said when the agent is silent, the same words are an answer ("Okay." to "Shall we begin?").
- A transcript with no words in it (an STT's "[door slams]", "(coughs)", music notes) is noise.
- A question the model speaks without calling `ask_question` is still the turn's one question:
  `spoken_question` finds it so the driver can have it approved.
"""

from __future__ import annotations

import re

__all__ = ["BACKCHANNEL_WORDS", "OverlapTracker", "is_backchannel", "is_noise", "spoken_question", "words_in"]

BACKCHANNEL_WORDS = frozenset({
    "ok", "okay", "kay", "yeah", "yea", "yes", "yep", "yup", "ya", "mm", "mmm", "hm", "hmm", "mhm", "mm-hm",
    "mm-hmm", "uh-huh", "uh", "huh", "um", "ah", "oh", "right", "sure", "alright", "all", "cool", "great",
    "nice", "i", "see", "got", "it", "true", "exactly", "indeed", "wow", "fine", "good", "totally", "gotcha",
})
# More words than this is never a backchannel, whatever they are.
BACKCHANNEL_MAX_WORDS = 3

_ANNOTATION = re.compile(r"\[[^\]]*\]|\([^)]*\)|\*[^*]*\*|♪+")
_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_SENTENCE = re.compile(r"[^.!?]*[.!?]+|[^.!?]+$")


def words_in(text: str) -> list[str]:
    """The spoken words of a transcript (annotations such as "[laughs]" removed), lower-case."""
    return _WORD.findall(_ANNOTATION.sub(" ", text).lower())


def is_noise(text: str) -> bool:
    """A transcript with no spoken word in it (empty, or only annotations and punctuation)."""
    return not words_in(text)


def is_backchannel(text: str) -> bool:
    """Short listener feedback ("okay", "mm-hm", "yeah, I see"), not a turn of its own."""
    spoken = words_in(text)
    return 0 < len(spoken) <= BACKCHANNEL_MAX_WORDS and all(w in BACKCHANNEL_WORDS for w in spoken)


def spoken_question(text: str) -> str | None:
    """The last sentence of `text` that is a question, if any."""
    questions = [s.strip() for s in _SENTENCE.findall(text) if s.strip().endswith("?")]
    return questions[-1] if questions else None


class OverlapTracker:
    """Whether the candidate's current utterance began over the agent's voice, and so what its
    transcript may do: an overlapping backchannel is dropped, noise always is."""

    def __init__(self) -> None:
        self.over_agent = False
        self.dropped: list[str] = []

    def user_started(self, agent_speaking: bool) -> None:
        self.over_agent = agent_speaking

    def keep(self, text: str) -> bool:
        """Whether a transcript (interim or final) goes on to interrupt or end a turn."""
        drop = bool(text.strip()) and (is_noise(text) or (self.over_agent and is_backchannel(text)))
        if drop:
            self.dropped.append(text)
        return not drop
