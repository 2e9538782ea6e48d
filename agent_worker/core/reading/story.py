"""Whether an answer tells a story: one real time, told with what the candidate (or the team) did. One function for
the live interviewer (`listening.Reading.story`: asked for what the story lacks, not for "one specific time") and the
report (`feedback.scoring.rubrics.tells_a_story`: scored as the story it tells)."""

from __future__ import annotations

import re

from agent_worker.core.answers.sentences import Sentence
from agent_worker.core.reading.answer import AnswerReading, read
from agent_worker.core.reading.lexicon import (
    ACTION_RE,
    HABIT_VERBS,
    JOINED_RE,
    RESULT_RE,
    SITUATION_RE,
    TEAM_PAST_RE,
    THEN_I_RE,
    WHEN_RE,
)
from agent_worker.core.text import words

__all__ = ["from_first_step", "has_result", "joined_to_i", "own_steps", "tells_a_story"]


def joined_to_i(text: str) -> list[re.Match[str]]:
    """Actions joined to an "I" clause of their sentence ("I sat with her every Sunday and built a checklist")."""
    return [m for m in JOINED_RE.finditer(text) if re.search(r"\bI\b", re.split(r"[.!?]\s", text[:m.start()])[-1])]


def from_first_step(text: str, sentences: tuple[Sentence, ...]) -> str:
    """The answer from the first sentence where the candidate or the team acts: where an outcome can be (what came
    before is the situation). The whole answer when nobody acts in it."""
    first = next((s for s in sentences if s.own_action or s.team_action), None)
    return text[first.span.start:] if first is not None else text


def has_result(reading: AnswerReading) -> bool:
    """A measured outcome, or what came of their steps said in words (after the first step: before it is the
    problem they faced)."""
    return bool(reading.results) or bool(RESULT_RE.search(from_first_step(reading.text, reading.sentences)))


def _acted_on(text: str) -> bool:
    """Whether they tell what happened and then their own step, taken once ("…, so I rang the provider")."""
    for cause in THEN_I_RE.finditer(text):
        step = ACTION_RE.match(text, cause.end())
        if step and step.group(0).split()[-1].lower() not in HABIT_VERBS:
            return True
    return False


def own_steps(text: str) -> int:
    """How many steps the candidate tells as their own, taken once ("I moved bookings", "…and built a checklist"; not
    a habit, "I run the rota"), by their verbs or by the answer's sentences ("I took him through the checks slowly and
    stayed with him": two steps in one sentence)."""
    by_verb = sum(a.split()[-1].lower() not in HABIT_VERBS for a in ACTION_RE.findall(text)) + len(joined_to_i(text))
    return max(by_verb, sum(s.steps for s in read(text).sentences if s.own_action))


def tells_a_story(text: str) -> bool:
    """One real time: told with what they did, or what the team did ("we found…, we raised…"), and with where it
    happened, a measured result, or enough of it (30 words). Short, one occasion is still one: their own steps taken
    once ("I moved bookings", not "I run the rota") with what came of them ("the clashes stopped"), or what made them
    act ("…, so I met her"), or when, with more than one step ("I booked the wrong weekend; I called the hotel that
    afternoon"; "I was on call that weekend, and I led the postmortem" leaves what was going on untold)."""
    actions = ACTION_RE.findall(text)
    joined = len(joined_to_i(text))
    if not (actions or joined or TEAM_PAST_RE.search(text)):
        return False
    reading = read(text)
    steps = own_steps(text)
    return (bool(SITUATION_RE.search(text)) or bool(reading.results) or len(words(text)) >= 30
            or steps >= 1 and has_result(reading) or _acted_on(text) or steps >= 2 and bool(WHEN_RE.search(text)))
