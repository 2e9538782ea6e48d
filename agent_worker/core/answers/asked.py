"""What a question asks about, said back to the candidate in a few words: the interviewer's "That's the story you
told when I asked about a time you disagreed with a teammate" and the report's "You were asked about a time you
disagreed with a colleague, but this answer…" use this one reading (`feedback.scoring` imports it)."""

from __future__ import annotations

import re

from agent_worker.core.text import cap

__all__ = ["asked_about", "questions_in"]

_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+")
_POLITE_RE = re.compile(r"^(?:(?:can|could|would) you\s+(?:please\s+)?|please\s+)", re.IGNORECASE)
# "Tell me about a project you're proud of" -> "about a project you're proud of"
_TELL_RE = re.compile(r"^(?:start by\s+)?(?:tell(?:ing)? (?:me|us)|talk(?:ing)? (?:me|us) through|walk(?:ing)? (?:me|us) "
                      r"through|talk(?:ing)?(?: (?:me|us))?(?= about)|describe|share|give(?: (?:me|us))?)\s+"
                      r"(?:(?:a (?:little|bit) )?(?:more )?about\s+)?(.+)$", re.IGNORECASE)
# "Give me an example of a time…" -> "for an example of a time…"
_EXAMPLE_OF_RE = re.compile(r"^an? example of\s+", re.IGNORECASE)
# "What's the most interesting problem ...?" -> "about the most interesting problem ..."
_WHAT_IS_RE = re.compile(r"^(?:what['’]s|what is|what was|which was)\s+(.+)$", re.IGNORECASE)
# "How do you decide ...?" -> "how you decide ..."; "What are you hoping ...?" -> "what you are hoping ..."
_WH_YOU_RE = re.compile(r"^(what|why|how|where|when)\s+(do|does|are|would|will|can|could|have)\s+you\s+(.+)$",
                        re.IGNORECASE)
_AUX_KEPT = {"do": "", "does": "", "are": "are ", "would": "would ", "will": "will ", "can": "can ", "could": "could ",
             "have": "have "}
# "What first drew you to ...?" -> "what first drew you to ..."
_WH_VERB_RE = re.compile(r"^((?:what|who)\s+(?:first\s+)?(?:made|drew|draws|got|brought|led|keeps|kept|motivates|"
                         r"motivated|helps|helped)\s+you\b.+)$", re.IGNORECASE)
# A second ask joined to the first ("..., and how would a colleague put it?") is left out of the paraphrase.
_SECOND_ASK_RE = re.compile(r",?\s+and\s+(?:how|what|why|which|where|when|who)\b.*$", re.IGNORECASE)
# A topic that points back at something said before ("one specific time with it") says nothing on its own; a
# longer one holds what it points at ("a deal you lost and what you learned from it").
_POINTS_BACK_RE = re.compile(r"\b(?:it|that|this|there|them|your part)$", re.IGNORECASE)
_POINTS_BACK_WORDS = 6


def questions_in(question: str) -> list[str]:
    """The sentences of what the interviewer said, whitespace collapsed."""
    return [s.strip() for s in _SENTENCE_RE.split(" ".join(question.split())) if s.strip()]


def asked_about(question: str) -> str:
    """What a question asked, to put after "when I asked" or "You were asked": "about a time you disagreed with a
    teammate", "for an example of a time you…", "how you decide what to focus on", or the question itself in
    quotes when it cannot be turned round."""
    sentences = questions_in(question)
    for sentence in sentences:
        ask = _POLITE_RE.sub("", sentence).rstrip(".?! ")
        told = _TELL_RE.match(ask)
        topic = re.sub(r",? briefly,?", "", told.group(1)).split(":")[0].strip() if told else ""
        if topic and not (_POINTS_BACK_RE.search(topic) and len(topic.split()) < _POINTS_BACK_WORDS):
            example = _EXAMPLE_OF_RE.match(topic)
            if example:
                return f"for an example of {topic[example.end():]}"
            return topic if re.match(r"(?:how|what|why|which|where|when)\b", topic, re.IGNORECASE) else f"about {topic}"
    for sentence in (s for s in sentences if s.endswith("?")):
        ask = _SECOND_ASK_RE.sub("", _POLITE_RE.sub("", sentence).rstrip(".?! "))
        what = _WHAT_IS_RE.match(ask)
        if what and len(what.group(1).split()) >= 4 and not _POINTS_BACK_RE.search(what.group(1)):
            return f"about {what.group(1)}"
        wh_you = _WH_YOU_RE.match(ask)
        if wh_you:
            wh, aux, rest = wh_you.groups()
            return f"{wh.lower()} you {_AUX_KEPT[aux.lower()]}{rest}"
        wh_verb = _WH_VERB_RE.match(ask)
        if wh_verb:
            return wh_verb.group(1)[0].lower() + wh_verb.group(1)[1:]
    return f"“{cap(' '.join(sentences) or question, 140)}”"
