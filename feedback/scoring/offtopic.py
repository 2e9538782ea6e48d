"""An answer about something other than what was asked, however short, and whatever work words it uses.

"Tell me about a time you disagreed with a colleague." answered with "I like hiking on weekends." is not a thin
story: it is about something else, and coaching it as a story ("say what you did, finish with the result") tells
the candidate the tool did not read it. Two shapes are caught, both sharing nothing with the question:

- small talk: hobbies, weekends, food, the weather, the commute, the office kitchen, a team outing (a sentence
  where the candidate does something at work, at a weekend or not, is not small talk);
- on a story question, a description where nothing happens: no one does anything, nothing comes of it ("Our
  sprint planning is on Mondays and the whole team joins by video").

Not caught: a short answer where someone does something ("I pushed back on the release date and we shipped a week
later"), whatever profession's words it uses; platitudes (generic, their own advice); "I haven't done that" and
skips; hypotheticals; and questions that ask about life outside work.
"""

from __future__ import annotations

import re

from feedback.scoring import rubrics
from feedback.scoring.sentences import _PAST_VERB, Sentence, content_stems

# Words every workplace answer can use without speaking to the question: "a conflict in your team" is not
# answered by "the whole team joins by video".
_ANY_WORKPLACE = frozenset(content_stems("team teams work working company office colleagues people job"))

_SMALL_TALK = re.compile(
    r"(?i)\b(?:hobb(?:y|ies)|free\s+time|spare\s+time|weekends?|hik(?:e|es|ing)|climbing|camping|holidays?|vacations?|"
    r"travel(?:l?ing|l?ed)?|sightseeing|films?|movies?|cinema|netflix|tv\s+(?:shows?|series)|favou?rite|football|"
    r"basketball|tennis|golf|fans?|music|concerts?|guitar|piano|dogs?|cats?|pets?|puppy|garden(?:ing)?|barbecue|bbq|"
    r"weather|sunny|raining|snow(?:ing)?|traffic|car\s+park|commute|cycle\s+in|live\s+(?:about\s+)?\w+\s+(?:minutes|miles)|"
    r"coffee|canteen|lunch(?:es)?|dinner|breakfast|pizza|curry|cooking|pasta|baking|recipes?|restaurants?|"
    r"gym|yoga|free\s+fruit|bowling|christmas\s+party|(?:office|team|summer)\s+part(?:y|ies)|pub|drinks|"
    r"science\s+fiction|novels?|reading\s+(?:a\s+lot|books)|photography|camera|grew\s+up|was\s+born|my\s+(?:wife|husband|"
    r"boyfriend|girlfriend|kids|sister|brother|mum|mom|dad|parents|grandparents|baby|son|daughter)|cactus|view\s+of|new\s+chairs|dark\s+mode|colou?r\s+is|founded\s+in|offices\s+in)\b"
)
# The question is about life outside work: small talk is the answer.
_OUTSIDE_WORK_Q = re.compile(r"(?i)\b(?:outside\s+(?:of\s+)?work|for\s+fun|interests|passions?|relax|unwind|switch\s+off)\b")
_WORK_WORDS = rubrics._WORK
# Someone does something, in the past: the bones of a story, however thin ("A client hated her colour, so I redid it").
_PEOPLE = (r"i|we|he|she|they|you|some(?:one|body)|nobody|no\s+one|(?:\w+\s+)?of\s+(?:us|them)|(?:a|an|the|my|our|his|her|their|one|two|three)\s+(?:[\w'’-]+\s+){0,2}?"
           r"(?:clients?|customers?|patients?|managers?|colleagues?|boss|lead|son|daughter|parents?|mother|father|"
           r"pupils?|students?|partners?|director|teachers?|nurses?|doctors?|engineers?|users?|co-?[a-z]+|head\s+of\s+\w+|"
           r"members?|supervisor|owner|buyer|guests?|residents?|family)")
_EVENT = re.compile(
    rf"(?i)\b(?:{_PEOPLE})\s+(?:(?:had|has|have|then|also|just|finally|never|already|quickly)\s+)?"
    rf"(?:[a-z]+-)?(?:(?!(?:was|were|had|used)\b)(?:{_PAST_VERB})|did|redid|didn['’]t|said|wasn['’]t|weren['’]t|couldn['’]t|won|lost)\b|"
    # told without a subject: "it was decided that one would be written", "the guide was updated"
    rf"\b(?:was|were|been|got)\s+(?:\w+ly\s+)?(?:{_PAST_VERB}|written|done|given|taken|chosen|shown|broken|driven|spoken)\b"
)


def about_something_else(kind: str, question: str, sentences: list[Sentence], results: list) -> bool:
    """Small talk, or on a story question a description where nothing happens, sharing nothing with the question."""
    if kind not in (rubrics.STORY, rubrics.GENERAL) or results or not sentences:
        return False
    if _SMALL_TALK.search(question) or _OUTSIDE_WORK_Q.search(question):
        return False
    text = " ".join(s.text for s in sentences)
    if rubrics.relevance(question, text, ignore=_ANY_WORKPLACE) > 0:
        return False
    if any(s.generic or s.non_answer or s.is_question for s in sentences):
        return False  # platitudes, "I haven't done that", a question back: each has its own advice
    small = [s for s in sentences if _small_talk(s)]
    rest = [s for s in sentences if s not in small]
    if any(s.hypothetical or _happens(s) for s in rest):
        return False  # something happens at work, or what they would do: a thin answer, not another subject
    if small:
        return True
    # A story question answered with how things are ("Our department sits on the third floor"): only when every
    # sentence opens on a subject of its own. "It happens a lot in retail", "There are lots", "Probably the payroll
    # run in March", "Excel, mainly pivot tables", "I'm the shift lead on a busy ward" answer it, however thinly,
    # and "I listen, apologise and fix it" says how they handle it: neither is about something else.
    return kind == rubrics.STORY and all(_OWN_SUBJECT.match(s.text) and not rubrics._ROLE_STATEMENT.search(s.text)
                                         for s in rest)


# A sentence about a subject of its own, told as how things are: "My classroom is on the second floor", "We have a
# ping pong table", "I'm really into board games". Not "I + a verb" ("I listen first"): that may be their approach.
_OWN_SUBJECT = re.compile(
    r"(?i)^\W*(?:(?:and|but|so|well|honestly|actually|oh),?\s+)?(?:(?:i|we)(?:['’](?:m|re|ve)|\s+(?:am|are|have|has|"
    r"(?:really\s+|just\s+)?(?:love|like|enjoy|live)))\b|"
    # a noun phrase and what it is or does, unbroken: not "My apprentice, Josh, who…" (naming the one asked about)
    r"(?:our|my|the|a|an|this|these|their|his|her)(?:\s+[\w'’-]+){1,3}?\s+(?!who\b|which\b|that\b)(?:is|are|has|have|"
    r"[a-z]+s)\b)"
)


def _small_talk(sentence: Sentence) -> bool:
    """A hobby, a meal, the weather…; not the candidate (or the team) doing something at work that weekend."""
    if not _SMALL_TALK.search(sentence.text):
        return False
    at_work = bool(_WORK_WORDS.search(sentence.text)) and (sentence.own_action or sentence.team_action or sentence.outcome)
    # "I booked the bowling alley for 30 people and …": organising it is work, with a number and steps to show it.
    organised = sentence.own_action and (sentence.steps >= 2 or bool(sentence.numbers))
    return not (at_work or organised)


def _happens(sentence: Sentence) -> bool:
    return bool(sentence.own_action or sentence.team_action or sentence.outcome or sentence.part in ("task", "result")
                or _EVENT.search(sentence.text))


# "Tell me about a time you…", "Describe a situation where…": the subject, said back as "about a time you…".
_ASKED_OPENING = re.compile(
    r"(?i)^\s*(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:tell\s+(?:me|us)\s+about|describe|talk\s+(?:me\s+)?about|"
    r"share|give\s+(?:(?:me|us)\s+)?an\s+example\s+of|walk\s+(?:me|us)\s+through)\s+(?=(?:a|an|the|one|your|when)\b)"
)


def asked_about(question: str) -> str:
    """What the question asks for, to say back to the candidate: 'about a time you disagreed with a colleague', or
    the question itself in quotes when it has no such opening."""
    asked = question.strip()
    opening = _ASKED_OPENING.match(asked)
    if opening is None or "?" in asked[opening.end():].rstrip("?"):
        return f'"{asked}"'
    subject = asked[opening.end():].rstrip(" ?.!")
    return f"for an example of {subject}" if "example" in opening.group(0).lower() else f"about {subject}"
