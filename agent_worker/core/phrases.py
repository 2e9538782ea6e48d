"""Lines the engine says itself: lead-ins to bridges, re-prompts, interjections and the closing line.

Several wordings each; the interview's seed picks one, so two interviews do not sound alike and a
rebuilt engine picks the same line again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_worker.core.seeding import pick
from agent_worker.core.text import words

if TYPE_CHECKING:
    from agent_worker.core.listening import Reading

__all__ = ["closing_line", "closing_tone", "lead_in", "reprompt_line", "tone_of"]

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
