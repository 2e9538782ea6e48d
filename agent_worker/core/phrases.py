"""Lines the engine says itself: lead-ins to bridges, re-prompts, interjections and the closing line.

Several wordings each; the interview's seed picks one, so two interviews do not sound alike and a
rebuilt engine picks the same line again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from agent_worker.core.seeding import pick, shuffled
from agent_worker.core.text import words

if TYPE_CHECKING:
    from agent_worker.core.listening import Reading

__all__ = ["ACK_LIMIT", "closing_line", "closing_tone", "lead_in", "opening", "reprompt_line", "tone_of", "vary_opening"]

# Said before a stage's bridge, by why the previous stage ended.
_LEAD_INS: dict[str, tuple[str, ...]] = {
    "natural": (
        "Thanks, that gives me a good picture.",
        "Great, thank you for that.",
        "Thanks, that's really helpful.",
        "Okay, that's useful context, thank you.",
    ),
    "max_questions": (
        "Thanks, that covers what I wanted to ask there.",
        "Great, that's everything I had on that.",
    ),
    "max_time": (
        "Thank you. I'm keeping an eye on the time, so let's move on.",
        "Thanks for that. In the interest of time, let's keep going.",
        "Appreciate it. We have a lot to cover, so let's move ahead.",
    ),
    "interjection": (
        "Sorry to jump in, and thank you, this is great detail. In the interest of time, let's move on.",
        "I'm sorry to interrupt. I want to make sure we get through everything, so let's move ahead.",
        "Apologies for cutting in; we're running short on time, so let's keep going.",
    ),
    "inactivity": (
        "No problem, let's keep going.",
        "That's okay, we can move on.",
        "Let's keep things moving.",
    ),
    "max_duration": (
        "We've reached the end of the time we have.",
        "We're at time now.",
    ),
    "first": ("",),
    # after the greeting's "ready?" has been answered
    "after_greeting": ("Great.", "Wonderful.", "Perfect.", "Lovely."),
}
# After a stage whose last answer said little: no thanks for detail that was not given.
_NEUTRAL_LEAD_INS: dict[str, tuple[str, ...]] = {
    "natural": ("Okay, let's move on.", "Alright, let's keep going."),
    "max_questions": ("Okay, let's move on.", "Alright, let's keep going."),
    "max_time": ("Let's keep going; I'm keeping an eye on the time.",),
}

_REPROMPTS = (
    "Take your time. Whenever you're ready: {question}",
    "No rush. Just to recap the question: {question}",
    "Are you still with me? The question was: {question}",
    "Take your time, and feel free to think out loud. {question}",
)
_SHORT_REPROMPTS = (
    "Take your time. Would you like me to rephrase that?",
    "No rush. Are you still there? Happy to repeat the question.",
    "Whenever you're ready. Would it help if I put the question another way?",
)

# By how the interview went: warm after substantive answers, plain in between, neutral after non-answers.
_CLOSING_LINES = {
    "warm": (
        "Thanks, {name}, I really enjoyed our conversation. That wraps up the interview; "
        "your feedback will follow soon. All the best!",
        "Thank you, {name}, that was a good conversation with real examples. Your feedback will be ready "
        "shortly. Best of luck!",
    ),
    "plain": (
        "Thank you, {name}, that's everything from me. Your feedback will be ready shortly. Best of luck!",
        "That brings us to the end. Thanks for your time today, {name}; your feedback will be ready "
        "shortly. Good luck!",
    ),
    "neutral": (
        "Thank you for your time, {name}. That's the end of the interview; your feedback will be ready shortly.",
        "That's the end of the interview, {name}. Your feedback will be ready shortly, with ideas for "
        "your next practice.",
    ),
}


def lead_in(reason: str, seed: str | int, stage_index: int, *, neutral: bool = False) -> str:
    options = (_NEUTRAL_LEAD_INS.get(reason) if neutral else None) or _LEAD_INS.get(reason) or _LEAD_INS["natural"]
    return pick(options, seed, "lead_in", reason, stage_index)


def closing_tone(answers: list[str]) -> str:
    """warm (several substantive answers, at least one strong story, few thin ones and not a run of them at
    the end), neutral (none substantive), or plain."""
    from agent_worker.core.listening import read_answer

    return tone_of([read_answer(a) for a in answers])


def tone_of(readings: list[Reading]) -> str:
    """`closing_tone` from answers already read."""
    substantive = sum(1 for r in readings if r.substantive)
    thin = len(readings) - substantive  # non-answers, questions asked back, vague or off-topic replies
    trailing_run = len(readings) >= 2 and not readings[-1].substantive and not readings[-2].substantive
    if substantive >= 3 and any(r.strong for r in readings) and thin * 4 <= len(readings) and not trailing_run:
        return "warm"
    return "plain" if substantive else "neutral"


def reprompt_line(question: str, seed: str | int, question_id: str) -> str:
    if question and len(words(question)) <= 30:
        return pick(_REPROMPTS, seed, "reprompt", question_id).format(question=question)
    return pick(_SHORT_REPROMPTS, seed, "reprompt", question_id)


def closing_line(name: str, seed: str | int, tone: str = "plain") -> str:
    line = pick(_CLOSING_LINES.get(tone) or _CLOSING_LINES["plain"], seed, "closing")
    return line.format(name=name) if name else line.replace(", {name}", "").replace("{name}", "")


# -- one acknowledgement, not the same one twice -------------------------------------------------------------

# How often one opening ("Thanks", "Good question", "Okay") may be said in an interview when another would do.
ACK_LIMIT = 3
# Whole acknowledgements that can stand in for one another, by tone ("Good question." twice in a row read as
# canned in a walk where the candidate asked four questions).
_SAME_TONE: tuple[tuple[str, ...], ...] = (
    ("Okay.", "Alright.", "Understood.", "I see.", "Right."),  # not "Sure." after "I haven't done that"
    ("Thanks.", "Thank you.", "Got it.", "Okay, thanks.", "Thanks for that.", "Understood, thanks."),
    ("Good question.", "That's a fair question.", "Glad you asked.", "That's worth asking."),
    ("Thanks, that helps.", "Thanks for the overview.", "Thanks, that's a helpful introduction.",
     "Thank you, that's useful background."),
    ("Great.", "Wonderful.", "Perfect.", "Lovely."),
    ("No problem at all.", "That's fine, thank you."),
    ("Thanks for adding that.", "Thank you for telling me that."),
    ("No problem, let's leave that one.", "That's fine, let's try something else.", "Sure, we can skip that one.",
     "Of course, let's leave that one."),
    ("Okay, let's move on.", "Alright, let's keep going.", "Right, let's move on."),
    ("Thanks, that gives me a good picture.", "Great, thank you for that.", "Thanks, that's really helpful.",
     "Okay, that's useful context, thank you.", "Thank you, that's a helpful picture."),
)
# The first word or two of a longer acknowledgement ("Thanks, over 30 percent is a concrete outcome.").
_SAME_OPENING: dict[str, tuple[str, ...]] = {
    "thanks": ("Thank you", "Right", "Okay"),
    "thank you": ("Thanks", "Right", "Okay"),
    "got it": ("Okay", "Right", "Thank you"),
    "okay": ("Alright", "Right"),
    "alright": ("Okay", "Right"),
    "great": ("Thanks", "Thank you"),
}
_OPENING_RE = re.compile(r"^\s*([A-Z][^.,!?;:—]{0,40}?)([.,!?])(?=\s|$)")
_SENTENCE_RE = re.compile(r"^\s*(.+?[.!?])(?=\s|$)")


def opening(line: str) -> str:
    """An acknowledgement's opening words, lower-cased: "Thanks, that helps. …" -> "thanks"; "" when the line
    does not open with a short clause (a question said straight away)."""
    found = _OPENING_RE.match(line)
    return found.group(1).lower() if found and len(found.group(1).split()) <= 5 else ""


def vary_opening(text: str, said: Sequence[str], seed: str | int, *key: object) -> str:
    """`text` with its acknowledgement changed for one of the same tone when its opening was said in either of
    the interviewer's last two lines, or ACK_LIMIT times already: no "Good question." twice in a row."""
    mine = opening(text)
    if not mine:
        return text
    openings = [o for o in (opening(line) for line in said) if o]
    recent = {opening(line) for line in said[-2:]} - {""}

    def worn(candidate: str) -> bool:
        return candidate in recent or openings.count(candidate) >= ACK_LIMIT

    if not worn(mine):
        return text
    sentence = _SENTENCE_RE.match(text)
    first = sentence.group(1) if sentence else ""
    group = next((g for g in _SAME_TONE if first in g), None)
    if group is not None:
        rest = text[len(sentence.group(0)):] if sentence else ""
        options = [o for o in shuffled(group, seed, "vary", *key) if o != first]
        fresh = [o for o in options if not worn(opening(o))]
        if fresh:
            return (fresh[0] + rest).strip()
        return text
    found = _OPENING_RE.match(text)
    if found and found.group(2) == ",":
        for word in shuffled(_SAME_OPENING.get(mine, ()), seed, "vary", *key):
            if not worn(word.lower()):
                return word + text[len(found.group(1)):]
    return text
