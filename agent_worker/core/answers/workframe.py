"""Work told in leisure's words: a dog groomer's, a tour guide's or a chef's answer is about their work, whatever
its subject.

The off-topic check (`offtopic`) looks for small-talk subjects (dogs, holidays, films, the gym, football…), and
for many people those subjects are the job: "Our dog-grooming salon kept double-booking, so I moved bookings to one
shared calendar" was told it "talks about something other than what was asked". Two things mark a subject as work:
- it names a trade or a workplace ("dog-grooming salon", "gym members", "the golf club's lesson bookings",
  "holiday bookings"): the subject word is followed by what is sold or run;
- it sits in a work frame: the speaker does something (told in the past, or as how they work) beside the people
  served or the units of work (customers, clients, guests, patients, pupils, members, bookings, shifts, the rota,
  the crew, covers, the pass). "We adopted a rescue cat last month" has no such frame; "A client's lurcher slipped
  his collar, so I rang the owner" has.
Telling a work story as small talk is much worse for the candidate than missing a bit of small talk, so these are
read generously.
"""

from __future__ import annotations

import re

from agent_worker.core.answers.sentences import _PAST_VERB, Sentence

__all__ = ["OWN_PAST", "TRADE", "WORK_FRAME", "in_work_frame", "told_as_their_work"]

# The people a job serves and the units its work comes in, in any trade (never the setting: office, desks, team).
WORK_FRAME = re.compile(
    r"(?i)\b(?:customers?|clients?|guests?|patients?|pupils?|students?|learners?|members|trainees?|apprentices?|residents?|"
    r"visitors?|passengers?|diners|audiences?|listeners|riders|players|owners?|(?:a|the)\s+(?:bride|couple|parent|"
    r"group|owner)|(?:the|our|first|last)\s+(?:walkers|hikers|tourists|swimmers|skiers|bathers)|crew|staff|colleagues?|(?:my|our|the)\s+(?:manager|supervisor|boss|head\s+chef)|(?:our|the)\s+vet\s+on\s+duty|"
    r"front\s+of\s+house|bookings?|appointments?|reservations?|consult(?:ation)?s?|shifts?|rota|complaints?|refunds?|"
    r"deposits?|covers|orders|(?:an|the|their|her|his)\s+order|suppliers?|deliver(?:y|ies)|stock|till|(?:the|on)\s+pass|rehearsals?|"
    r"(?:a|the|my|our|first|each|every|next)\s+(?:lesson|session)s?|"
    # their workplace: "our cattery", "our cinema" (the kennels, the cinema or the gym is anyone's outing unless theirs)
    r"our\s+(?:\w+\s+)?(?:salon|clinic|cattery|kennels|surgery|ward|academy|depot|warehouse|roastery|pens|"
    r"enclosures?|stables|shop|store|bar|kitchen|restaurant|hotel|venue|studio|stage|theatre|cinema|club|gym|pool|"
    r"park|zoo|aquarium|yard|course|school|centre|practice|station|show|brewery|bakery|caf[eé]|museum|gallery|"
    r"library|campsite|resort|ship|site))\b"
)
# Steps of a procedure done with someone, one after another: "I write down each version…, send it to them, and
# ask them to reply to one", "I watch the replay with them, point to one decision…, and let them tell me…".
_CHAINED_STEPS = re.compile(r"(?i)\bi\s+[a-z]+\b[^.;!?]*?(?:\b(?:them|him|her|it)\b[^.;!?]*?,\s+(?:and\s+|then\s+)?[a-z]+\b|"
                            r",\s+(?:and\s+|then\s+)?[a-z]+\s+(?:it|them|him|her|each|every)\b)"
                            r"[^.;!?]*?,?\s+(?:and|then)\s+[a-z]+\s+(?:it|them|him|her|the|a|an|each|every)\b")
# "I let the dog sniff the clippers…, I work on the back end first": a step of theirs, not a pastime ("I like
# hiking…, I go to the cinema", "I live twenty minutes away and cycle in").
_I_DO = re.compile(r"(?i)\bi\s+(?:\w+ly\s+|always\s+|usually\s+|then\s+|first\s+)?(?!(?:like|love|enjoy|go|play|watch|"
                   r"spend|visit|read|have|live|cycle|run|swim|walk|am|was|think|guess|try|get|feel|want|need)\b)[a-z]+\b")
# Told as what they did: "I said no, explained why, and took them…", "I did it face to face, gave him…, rang…".
OWN_PAST = re.compile(rf"(?i)\b(?:i|we)\s+(?:\w+ly\s+|then\s+|also\s+)?(?:{_PAST_VERB}|did|said)\b|,\s+(?:and\s+)?"
                      rf"(?:{_PAST_VERB})\s+(?:him|her|them|it|the|a|an|his|their|our|my)\b")
# A leisure subject named as a trade or a workplace: the word after it is what is sold, run or served.
TRADE = re.compile(
    r"(?i)^[\s-]*(?:[a-z]+ing[\s-]+)?(?:salon|shop|store|clinic|centre|center|business|bar|kitchen|menu|members|"
    r"customers|clients|orders|tours?|sessions|programme|instructors?|coach(?:es)?|practice|venue|studio|"
    r"department|counter|hire|rental|trade|industry|sales|stock|range|company|agency|staff|crew|rota|shifts?)\b"
)


# Their own life, whatever frame it sits in: "I took my cat to the vet", "a table for my birthday".
_THEIR_OWN = re.compile(
    r"(?i)\bmy\s+(?:\w+\s+)?(?:dog|cat|puppy|kitten|pets?|horse|rabbit|birthday|anniversary|wedding|holiday|family|"
    r"wife|husband|partner|kids|children|son|daughter|mum|mom|dad|parents|sister|brother|friends?|nephews?|nieces?|"
    r"house|flat|home|garden|car|meals|diet)\b|\bwe\s+(?:adopted|got\s+a|went|flew|fly|stayed)\b|"
    r"\b(?:personal|private|home)\s+life\b|\boutside\s+(?:of\s+)?work\b"
)


def in_work_frame(sentence: Sentence, *, approach: bool = False) -> bool:
    """The speaker (or the team) does something beside the people or the units of their work: a story told as
    their own work, whatever its subject. On an approach question, steps of how they work ("I let the dog sniff
    the clippers first, I work on the back end…") are their work too."""
    acts = sentence.own_action or sentence.team_action or sentence.habit >= 1
    steps = sentence.habit >= 1 and (len(_I_DO.findall(sentence.text)) >= 2 or bool(_CHAINED_STEPS.search(sentence.text)))
    if _THEIR_OWN.search(sentence.text):
        return False
    return bool(acts and WORK_FRAME.search(sentence.text)) or (approach and steps)


def told_as_their_work(sentences: list[Sentence]) -> bool:
    """Several things they did, told in the past ("I said no, explained why, and took them to a quiet red run"),
    or one beside the people or units of their work: a story of their own, not a subject to be steered off."""
    text = " ".join(s.text for s in sentences)
    done = len(OWN_PAST.findall(text))
    return done >= 2 or (done >= 1 and bool(WORK_FRAME.search(text)))
