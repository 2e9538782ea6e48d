"""An answer that does not answer the question: noticed once, said kindly and specifically, the question asked again.

Two kinds, one mechanism (the engine's `_bring_back`, for any brain; a second such answer moves on):
- the same answer given again: a candidate who pastes the story they told earlier under a later question (or tells
  it again nearly word for word) is told so once ("That's the story you told when I asked about a time you
  disagreed with a teammate. Do you have a different example for this one?") and hears the question again. What
  is a repeat is `text.same_answer`, the test the report uses too;
- an answer about something else: small talk or the office for a story question ("I like hiking on weekends." to
  "Tell me about a time you disagreed with a colleague"; `answers.offtopic.answers_something_else`, the report's
  own check), or a weekend or a grievance for "What draws you to this role?" (`followups.redirect_line`): "Thanks
  for sharing that. Coming back to my question: can you tell me about a time you disagreed with a colleague?".
  Nothing from the small talk is named back ("You mentioned Alien…");
- a good story about something other than what the question asks for (`answers.relevance.misses_the_ask`: a
  conflict needs a disagreement, a failure their part in something that went wrong…), credited and brought back:
  "That's a clear example of cutting costs. I was asking about a disagreement with someone you worked with: is
  there one you can tell me about?";
- "I think I've covered that" to a question no earlier answer covers (`covered_before`: the follow-up's trade-off,
  result or reason is in none of the story's answers; a main question's subject in none at all): "I don't think
  we've covered this one yet, so let me ask it once more: …". Said to one an earlier answer did cover, it moves on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from agent_worker.core.answers.asked import asked_about, questions_in
from agent_worker.core.answers.offtopic import answers_something_else
from agent_worker.core.answers.relevance import back_to_the_ask_line, misses_the_ask
from agent_worker.core.answers.sentences import COVERED_ALREADY
from agent_worker.core.asks import THREAD_INTENTS, content_words, intents_of, stem
from agent_worker.core.followups import redirect_line
from agent_worker.core.listening import Reading, read_answer
from agent_worker.core.records import QuestionRecord
from agent_worker.core.text import same_answer

__all__ = ["NotAnAnswer", "asked_about", "back_to_question_line", "covered_before", "earlier_telling", "not_an_answer",
           "not_covered_line", "off_the_question", "repeat_line"]

# A question that asks for one story or example, so another one is what to offer.
_STORY_ASK_RE = re.compile(r"\b(?:a time|an? (?:example|situation|instance|occasion|project|decision|piece of work|"
                           r"deal|moment|problem|case)|one (?:specific|particular) time|a specific|a particular|"
                           r"specific example|proud)\b", re.IGNORECASE)


# "Tell me about…", "Describe…", "Walk me through…": asked again as "can you tell me about…?".
_IMPERATIVE_RE = re.compile(r"^(?:tell|describe|give|walk|talk|share|explain)\b", re.IGNORECASE)
_LOWER_AFTER_COLON_RE = re.compile(r"^(?:what|what's|how|why|when|where|which|who|have|has|did|do|does|can|could|would|"
                                   r"is|are|was|were|you|your|if|in|at|on|looking|thinking|the|this|that|there|it|"
                                   r"it's)\b", re.IGNORECASE)


# What a follow-up asks for, as an earlier answer about the same story would show it told.
_TOLD_RE = {
    "tradeoff": re.compile(r"\b(?:trade[\s-]?offs?|instead\s+of|rather\s+than|at\s+the\s+cost|weigh\w*|gave\s+up|"
                           r"compromise\w*)\b", re.IGNORECASE),
    "learning": re.compile(r"\b(?:learn\w*|lessons?|next\s+time|since\s+then|now\s+i|taught\s+me)\b", re.IGNORECASE),
    "differently": re.compile(r"\b(?:differently|next\s+time|would\s+have|should\s+have|in\s+hindsight|looking\s+back)\b",
                              re.IGNORECASE),
    "influence": re.compile(r"\b(?:convinc\w*|persuad\w*|along|buy[\s-]in|on\s+board|agreed|signed\s+off|won\s+\w+\s+over)\b",
                            re.IGNORECASE),
    "obstacle": re.compile(r"\b(?:hard\w*|difficult\w*|tricky|tough\w*|problem\w*|blocker\w*|struggl\w*|risk\w*)\b",
                           re.IGNORECASE),
}
# A main question's subject was told when an earlier answer shares this much of its words (and at least two).
_SUBJECT_SHARED = 0.5


@dataclass(frozen=True)
class NotAnAnswer:
    """What to say when an answer does not answer its question: `kind` "repeat" (given to the earlier question
    `repeat_of` already) or "redirect" (about something else)."""

    text: str
    kind: str
    repeat_of: str | None = None


def earlier_telling(answer: str, earlier: Iterable[QuestionRecord]) -> QuestionRecord | None:
    """The earlier question this answer was already given to (pasted again, or nearly), if any."""
    return next((q for q in earlier if q.answers and same_answer(" ".join(q.answers), answer)), None)


def repeat_line(earlier: QuestionRecord, question: QuestionRecord, *, story: bool) -> str:
    """Said once when an answer is one already given: which question it answered, then this question again.
    A follow-up about the same story asks for one part of it, not for another story."""
    told = "That's the story you told" if story else "That's what you told me"
    if earlier.thread == question.thread:
        return f"{told} a moment ago. This question is about one part of it: {question.text}"
    ask = ("Do you have a different example for this one?" if _STORY_ASK_RE.search(question.text)
           else "What would you say to this one?")
    topic = asked_about(earlier.text)
    return f"{told} when I asked{',' if topic.startswith('“') else ''} {topic}. {ask} {question.text}"


def back_to_question_line(question: str) -> str:
    """Said once after an answer about something else: kind, then the question again as asked, an instruction
    turned into a request ("Tell me about a time…" -> "can you tell me about a time…?")."""
    return "Thanks for sharing that. Coming back to my question: " + _as_request(question)


def not_covered_line(question: str) -> str:
    """Said once after "I think I've covered that" to a question no earlier answer covers: briefly, that this one
    is different, then the question again as asked."""
    return "I don't think we've covered this one yet, so let me ask it once more: " + _as_request(question)


def _as_request(question: str) -> str:
    sentences = questions_in(question) or [question.strip()]
    first, rest = sentences[0], sentences[1:]
    if _IMPERATIVE_RE.match(first):
        first = "can you " + first[0].lower() + first[1:].rstrip(".!") + ("" if first.endswith("?") else "?")
    return after_colon(" ".join([first, *rest]))


def covered_before(question: QuestionRecord, earlier: Iterable[QuestionRecord]) -> bool:
    """Whether an earlier answer already holds what `question` asks: every part a follow-up asks for (the result,
    the reason, the trade-off, what they learned…) told in the answers about the same story, or a main question's
    subject in some earlier answer (half its words and at least two)."""
    before = [q for q in earlier if q.answers and q.question_id != question.question_id]
    thread = " ".join(a for q in before if q.thread == question.thread for a in q.answers)
    asked = content_words(question.text)
    on_subject = [thread] if thread else []
    for other in before:
        said = " ".join(other.answers)
        shared = asked & {stem(w) for w in content_words(said)} | asked & content_words(said)
        if len(shared) >= max(2, _SUBJECT_SHARED * len(asked)):
            on_subject.append(said)
    parts = intents_of(question.text) & THREAD_INTENTS
    return any(all(_told(part, text) for part in parts) for text in on_subject)


def _told(part: str, text: str) -> bool:
    pattern = _TOLD_RE.get(part)
    if pattern is not None:
        return bool(pattern.search(text))
    reading = read_answer(text)
    return {"result": reading.result, "why": reading.why, "own_part": reading.own_part, "example": reading.story,
            "how": reading.story and reading.own_part}.get(part, False)


def after_colon(question: str) -> str:
    """A question said after a colon, as one sentence: "…my question: what's the hardest…", "…what I asked: the
    job asks for Haskell…" (a name keeps its capital: "Kubernetes came up…")."""
    question = question.strip()
    return question[0].lower() + question[1:] if _LOWER_AFTER_COLON_RE.match(question) else question


def off_the_question(question: str, answer: str, stage: str | None = None, *,
                     job_words: frozenset[str] = frozenset()) -> bool:
    """Whether an answer is about something else than its question, as the interviewer hears it: a weekend or a
    grievance for "what draws you" (`redirect_line`), or small talk for a story (`answers_something_else`). The
    report reads the answer that followed a bringing-back with it, so a second such answer is unanswered in both."""
    return bool(redirect_line(question, answer, read_answer(answer), job_words)) or answers_something_else(
        question, answer, stage) or misses_the_ask(question, answer) is not None


def not_an_answer(question: QuestionRecord, answer: str, earlier: Iterable[QuestionRecord], *,
                  job_words: frozenset[str] = frozenset(),
                  read: Callable[[str], Reading] = read_answer) -> NotAnAnswer | None:
    """Whether `answer` (what was said since the question was last asked) answers another question: the story
    told for an earlier one, or something else (small talk, the office, a weekend for "what draws you"), or says an
    earlier one covered it when none did; None when it answers this one, however thinly. `read`: the interview's
    one reading of an answer (`InterviewState.reading`), so the check reads nothing the brain has read."""
    earlier = list(earlier)
    # The claim is the whole answer (the pattern runs to its end): "I've covered that. But also…" is an answer.
    if COVERED_ALREADY.search(answer.strip()) and not covered_before(question, earlier):
        return NotAnAnswer(not_covered_line(question.text), "redirect")
    told = earlier_telling(answer, earlier)
    if told is not None:
        story = read(" ".join(told.answers)).story
        return NotAnAnswer(repeat_line(told, question, story=story), "repeat", told.question_id)
    line = redirect_line(question.text, answer, read(answer), job_words)
    if not line and answers_something_else(question.text, answer, question.stage):
        line = back_to_question_line(question.text)
    # A good story about something else than the question asks (a process sped up, for "a conflict with a
    # colleague"): credited, then what was asked (`relevance.ASKS`, the table the report caps it by).
    ask = misses_the_ask(question.text, answer) if not line and question.kind == "main" else None
    if ask is not None:
        line = back_to_the_ask_line(ask, answer)
    return NotAnAnswer(line, "redirect") if line else None
