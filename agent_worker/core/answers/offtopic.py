"""An answer about something other than what was asked, however short, and whatever work words it uses.

"Tell me about a time you disagreed with a colleague." answered with "I like hiking on weekends." is not a thin
story: it is about something else, and coaching it as a story ("say what you did, finish with the result") tells
the candidate the tool did not read it. What is caught, sharing nothing with the question and with nothing
happening at work in it: small talk (hobbies, weekends, family, food, the weather, the commute, a team outing) and
where and when work happens rather than what happens in it (the building, the floor, the desks, the company's
history, "sprint planning is on Mondays"). A sentence where someone does something at work, at a weekend or not,
is not small talk.

A description where nothing happens is not enough on its own: "The store policy is a refund within thirty days",
"Our NPS is 62", "It happens a lot in retail" are thin answers on the subject, and told they were about something
else the candidate would think the tool had not read them (earlier versions that caught every such description
called 7 of 35 thin answers off-topic, then 7 of 10 more).

Nor is a subject that is their work: a dog groomer's dogs, a tour guide's holiday, a chef's recipes, told as a
trade ("our dog-grooming salon") or in a work frame (their own steps beside customers, bookings, shifts, the crew;
`workframe`): "Our dog-grooming salon kept double-booking, so I moved bookings to one shared calendar" was told it
talked about something else.

Not caught: a short answer where someone does something ("I pushed back on the release date and we shipped a week
later"), whatever profession's words it uses; platitudes (generic, their own advice); "I haven't done that" and
skips; hypotheticals; and questions that ask about life outside work.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agent_worker.core.answers.questions import APPROACH, GENERAL, STORY, question_type
from agent_worker.core.answers.relevance import WORK_WORDS, relevance
from agent_worker.core.answers.sentences import _PAST_VERB, Sentence
from agent_worker.core.answers.spans import Span
from agent_worker.core.answers.spans import sentences as sentence_spans
from agent_worker.core.answers.workframe import TRADE, in_work_frame
from agent_worker.core.reading.answer import read
from agent_worker.core.reading.lexicon import SMALL_TALK
from agent_worker.core.reading.tokens import content_stems

__all__ = ["about_something_else", "answers_something_else", "read_sentences", "small_talk_sentences"]

# Words every workplace answer can use without speaking to the question: "a conflict in your team" is not
# answered by "the whole team joins by video".
_ANY_WORKPLACE = frozenset(content_stems("team teams work working company office colleagues people job"))

# The question is about life outside work: small talk is the answer.
_OUTSIDE_WORK_Q = re.compile(r"(?i)\b(?:outside\s+(?:of\s+)?work|for\s+fun|interests|passions?|relax|unwind|switch\s+off)\b")
_WORK_WORDS = WORK_WORDS
# Someone does something, in the past: the bones of a story, however thin ("A client hated her colour, so I redid it").
_PEOPLE = (r"i|we|he|she|they|you|some(?:one|body)|nobody|no\s+one|(?:\w+\s+)?of\s+(?:us|them)|(?:a|an|the|my|our|his|her|their|one|two|three)\s+(?:[\w'’-]+\s+){0,2}?"
           r"(?:clients?|customers?|patients?|managers?|colleagues?|boss|lead|son|daughter|parents?|mother|father|"
           r"pupils?|students?|partners?|director|teachers?|nurses?|doctors?|engineers?|users?|co-?[a-z]+|head\s+of\s+\w+|"
           r"members?|supervisor|owner|buyer|guests?|residents?|family)")
_EVENT = re.compile(
    rf"(?i)\b(?:{_PEOPLE})\s+(?:(?:had|has|have|then|also|just|finally|never|already|quickly)\s+)?"
    rf"(?:[a-z]+-)?(?:(?!(?:was|were|had|used)\b)(?:{_PAST_VERB})|did|redid|didn['’]t|said|wasn['’]t|weren['’]t|couldn['’]t|won|lost)\b|"
    # told without a subject: "it was decided that one would be written", "the guide was updated"
    # (not how the company came to be: "was founded in 1998", "was started by two brothers")
    rf"\b(?:was|were|been|got)\s+(?:\w+ly\s+)?(?!(?:founded|started|based|located|called|named|opened|born)\b)"
    rf"(?:{_PAST_VERB}|written|done|given|taken|chosen|shown|broken|driven|spoken)\b"
)


def about_something_else(kind: str, question: str, sentences: list[Sentence], results: list[Span]) -> bool:
    """Small talk or the workplace's setting, with nothing happening at work, sharing nothing with the question."""
    if kind not in (STORY, GENERAL, APPROACH) or results or not sentences:
        return False
    if SMALL_TALK.search(question) or _OUTSIDE_WORK_Q.search(question):
        return False
    text = " ".join(s.text for s in sentences)
    if relevance(question, text, ignore=_ANY_WORKPLACE) > 0:
        return False
    if any(s.generic or s.non_answer or s.is_question for s in sentences):
        return False  # platitudes, "I haven't done that", a question back: each has its own advice
    small = [s for s in sentences if _small_talk(s, approach=kind == APPROACH)]
    rest = [s for s in sentences if s not in small]
    # On an approach question a step of how they work ("I hand over at the bedside") is work happening too.
    if any(s.hypothetical or _happens(s) or (kind == APPROACH and s.habit) for s in rest):
        return False  # something happens at work, or what they would do: a thin answer, not another subject
    return bool(small)


def _small_talk(sentence: Sentence, *, approach: bool = False) -> bool:
    """A hobby, a meal, the weather…; not the candidate (or the team) doing something at work that weekend, nor
    a subject that is their trade ("our dog-grooming salon", "gym members") or sits in their work (`workframe`)."""
    if not any(not TRADE.match(sentence.text, m.end()) for m in SMALL_TALK.finditer(sentence.text)):
        return False
    if in_work_frame(sentence, approach=approach):
        return False
    at_work = bool(_WORK_THING_HAPPENS.search(sentence.text)) or (bool(_WORK_WORDS.search(sentence.text)) and _happens(sentence))
    # "I booked the bowling alley for 30 people and …": organising it is work, with a number and steps to show it.
    organised = sentence.own_action and (sentence.steps >= 2 or bool(sentence.numbers))
    return not (at_work or organised)


# Something at work happens, told of the work itself rather than of a person: "the vendor API changed", "our build
# broke", "web traffic went up ten times", "the checkout kept timing out" (never the setting: "the office moved").
_WORK_THING_HAPPENS = re.compile(
    rf"(?i)\b(?:api|apis|builds?|checkout|site|website|servers?|systems?|releases?|deploys?|deployments?|payments?|app|"
    rf"database|queues?|pipelines?|services?|orders|tickets|calls|traffic|launch|migration|code|tests|outage|incidents?|"
    rf"vendors?|clients?|customers?|patients?|lifeguards?|shifts?|rota)\s+(?:[\w'’-]+\s+){{0,2}}?"
    rf"(?!(?:was|were|had|used)\b)(?:{_PAST_VERB}|went|broke|kept|fell|grew|crashed|spiked|failed|stalled|called\s+in)\b"
)


def _happens(sentence: Sentence) -> bool:
    return bool(sentence.own_action or sentence.team_action or sentence.outcome or sentence.part in ("task", "result")
                or _EVENT.search(sentence.text) or _WORK_THING_HAPPENS.search(sentence.text))


def read_sentences(text: str, spans: list[Span]) -> tuple[list[Sentence], list[Span]]:
    """An answer's sentences, read, and its results, less a change told as the problem faced: the one reading of
    the answer (`reading.answer.read`), kept for the turn."""
    reading = read(text, tuple(spans))
    return reading.sentence_list(), list(reading.results)


def answers_something_else(question: str, answer: str, stage: str | None = None) -> bool:
    """Whether an answer is about something other than its question (`about_something_else`), read the way the
    report reads it: the live interview brings the candidate back to the question on the report's own verdict."""
    if not SMALL_TALK.search(answer):
        return False  # no sentence of small talk, so nothing to read further (the reading costs ~0.1 ms a word)
    analysed, results = read_sentences(answer, sentence_spans(answer))
    return about_something_else(question_type(question, stage), question, analysed, results)


@lru_cache(maxsize=256)
def small_talk_sentences(answer: str) -> tuple[str, ...]:
    """The sentences of an answer that are small talk, with nothing happening at work in them ("My favourite film is
    probably Alien"): nothing named in them is a thing to follow up ("You mentioned Alien…")."""
    if not SMALL_TALK.search(answer):
        return ()
    analysed, _ = read_sentences(answer, sentence_spans(answer))
    return tuple(s.text for s in analysed if _small_talk(s))
