"""What the scripted interviewer says back: follow-ups about what was said, and acknowledgements that fit
the answer (replies to the candidate's own questions are `posting_answers`', re-exported here).

Follow-ups ask for what is missing (a particular time, their own part, the result, the why) about the
thing the candidate named ("You mentioned the diff job. What came of it?"), never for what they gave.
Acknowledgements are neutral after a non-answer, specific after a strong answer, and never praise.
"""

from __future__ import annotations

import re

from agent_worker.core.answers.questions import MOTIVATING_OTHERS
from agent_worker.core.answers.workframe import WORK_FRAME
from agent_worker.core.asks import intents_of, word_stems
from agent_worker.core.bank import level_group
from agent_worker.core.ladder import wordings
from agent_worker.core.listening import Reading, read_answer
from agent_worker.core.posting_answers import answer_candidate_question, question_topics
from agent_worker.core.seeding import pick
from agent_worker.core.text import asks_to_skip, cap

__all__ = ["about_motivation", "acknowledgement", "answer_candidate_question", "asks_a_question", "follow_up_options",
           "level_group", "level_guidance", "model_preface", "motivation_follow_ups", "non_answer_probe",
           "own_question", "question_topics", "redirect_line", "says_what_drives_them",
           "told_what_draws_them"]


_LEVEL_GUIDANCE = {
    "junior": "junior. Ask about what they learned, the scope they owned, who helped them and how they "
              "got unstuck; keep each question concrete and small.",
    "mid": "mid-level. Ask about their own contribution, the decisions within their scope and the results "
           "they can show.",
    "senior": "senior. Ask about the decisions they made, the trade-offs they weighed, how they influenced "
              "people beyond their team and the impact of their work.",
}


def level_guidance(level: str) -> str:
    """How the level changes what to ask (for a model's instructions)."""
    return _LEVEL_GUIDANCE[level_group(level)]


def model_preface(text: str) -> str:
    """A model's words said without a tool call, kept as the lead-in to the scripted question: its
    sentences without a question in them (one question per turn), two at most."""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", " ".join((text or "").split())) if s.strip()]
    kept = [s for s in sentences if "?" not in s][:2]
    return cap(" ".join(kept), 220) if kept else ""


def _about(anchor: str) -> str:
    return anchor if anchor else "that"


# gap -> wordings, from the follow-up ladder; {a} is the thing they named ("the diff job", "Loki"), or "that".
_PAST_FOLLOW_UPS = wordings(named=True)
_NO_ANCHOR_FOLLOW_UPS = wordings(named=False)
# After a strong story: one step deeper, by level.
_DEEPER: dict[str, tuple[str, ...]] = {
    "junior": ("What did you learn from {a}, and what would you do differently now?",
               "Looking back at {a}, what did you have to learn along the way, and who helped you?"),
    "mid": ("What was the hardest part of that, and how did you get past it?",
            "Looking back at {a}, what would you do differently next time?"),
    "senior": ("Looking back at {a}, what trade-off did you make, and how did you bring others along?",
               "On {a}, which decision was yours to make, and how did you get buy-in for it?"),
}
# A senior who already said what they chose and why ("I rolled it out team by team instead of in one cutover,
# because …") is not asked for the decision again: what they would change, and how they brought people along.
_DEEPER_AFTER_WHY = (
    "Looking back at {a}, what would you do differently next time?",
    "On {a}, how did you bring along the people it affected?",
)
# After a self-introduction that named something: one question about it, worded for what it is
# (`listening.named_kind`). Something they did or made ("the reconciliation checklist") is asked about as a piece
# of work; an employer as where they work; a language or a tool as what they solve problems with ("You mentioned
# Haskell. What's the most interesting problem you've worked on there?" treated a language as a place).
_INTRO_FOLLOW_UPS = {
    "place": ("You mentioned {a}. What's the most interesting problem you've worked on there recently?",
              "You mentioned {a}. What part of your work there do you find most rewarding?"),
    "tool": ("You mentioned {a}. What's the most interesting problem you've solved with {a} recently?",
             "You mentioned {a}. What do you enjoy most about working with {a}?"),
    "name": ("You mentioned {a}. What's the most interesting problem you've worked on recently that involved {a}?",
             "You mentioned {a}. What part of that work do you find most rewarding?"),
    # A kind of work they named ("balance sheets", "tax work") is not a place to have worked "there".
    "topic": ("You mentioned {a}. What's the most interesting problem you've solved in that work recently?",
              "You mentioned {a}. What part of that work do you find most rewarding?"),
}
_INTRO_MADE_FOLLOW_UPS = {
    "own_part": "You mentioned {a}. What was your own part in it?",
    "result": "You mentioned {a}. What's been the hardest part of that work?",
    "why": "You mentioned {a}. Why was it needed?",
}


# Follow-ups that look back on {a} as a piece of work: an employer or a tool is not one ("Looking back at Acme").
_AS_WORK_RE = re.compile(r"(?:Looking back at|On|What came of|stay with|learn from) \{a\}")


def _about_work(template: str, anchor: str, kind: str = "") -> str:
    """A follow-up about what they named: a kind of work they named as a skill ("reconciliation", "payroll") is
    asked about as their work on it ("Looking back at your work on reconciliation", not "at reconciliation"), an
    employer or a tool, where the follow-up looks back on a piece of work, as their work there or with it
    ("Looking back at your work at Acme"), and each is named back as they said it ("You mentioned payroll.")."""
    if kind in ("place", "tool", "name") and _AS_WORK_RE.search(template):
        # "What came of API?" is no question: a bare name is asked about as their work with it.
        work = f"your work {'at' if kind == 'place' else 'with'} {anchor}"
    elif anchor == "that" or anchor.startswith("the ") or anchor[:1].isupper():
        work = anchor
    else:
        work = f"your work on {anchor}"
    return template.replace("You mentioned {a}", "You mentioned {m}").format(a=work, m=anchor)


def follow_up_options(stage: str, gaps: list[str], anchor: str, level: str, strong: bool,
                      made: str = "", kind: str = "") -> list[tuple[str, str]]:
    """Candidate follow-ups, best first, as (gap, text). `made` is something they did or chose: only that
    is asked "why" or "which part was yours" about (never a topic they merely named, like "on-call"). `kind`: what
    the anchor is (`listening.named_kind`); by default a capitalised name is a "name", a lower-case one a "topic"."""
    a = _about(anchor)
    out: list[tuple[str, str]] = []
    if stage == "self_intro":
        if strong:
            return []  # a full story already: the next topic, not a probe for what they gave
        if made.startswith("the "):
            out += [(gap, _INTRO_MADE_FOLLOW_UPS[gap].format(a=made)) for gap in gaps if gap in _INTRO_MADE_FOLLOW_UPS]
        if anchor:
            kind = kind if kind in _INTRO_FOLLOW_UPS else ("name" if anchor[:1].isupper() else "topic")
            out += [("intro", t.format(a=a)) for t in _INTRO_FOLLOW_UPS[kind]]
        return [(gap, text[0].upper() + text[1:]) for gap, text in out]
    table = _PAST_FOLLOW_UPS if anchor else _NO_ANCHOR_FOLLOW_UPS
    wordings = _DEEPER_AFTER_WHY if level_group(level) == "senior" and "why" not in gaps else _DEEPER[level_group(level)]
    deeper = [("deeper", _about_work(t, a, kind)) for t in wordings] if anchor or strong else []
    missing = []
    for gap in gaps:
        if gap in ("why", "own_part") and anchor and (made != anchor or kind == "place"):
            # What they chose or did is asked about, never where they were: "Why did you go with Acme?" asks about
            # an employer after a story whose decision was a technology.
            wordings = _PAST_FOLLOW_UPS[gap] if made and made != anchor else _NO_ANCHOR_FOLLOW_UPS[gap]
            missing += [(gap, t.format(a=made)) for t in wordings]
        else:
            missing += [(gap, _about_work(t, a, kind)) for t in table.get(gap, ())]
    # A strong story goes one step deeper (by level) before filling smaller gaps; a thin one fills its gaps.
    # Why they chose what they did ("Why did you go with the hallway beds?") comes first (a senior's deeper
    # question asks for the trade-off, which covers it): it is about what they said.
    why_made = [m for m in missing if m[0] == "why" and made and made in m[1] and level_group(level) != "senior"]
    out += why_made + deeper + [m for m in missing if m not in why_made] if strong else missing + deeper
    return [(gap, text[0].upper() + text[1:]) for gap, text in out]


# "What draws you to this role?", "How do you keep yourself motivated through a run of lost deals?"
_MOTIVATION_RE = re.compile(r"\b(?:motivat\w*|keeps? you going|matters? (?:most )?to you|why (?:do you want|this|our|"
                            r"the) |what (?:drew|draws|attracts) you|passionate)", re.IGNORECASE)
_MOTIVATION_FOLLOW_UPS = (
    "Can you tell me about a time when that kept you going through a hard stretch at work? What was happening, "
    "and what did you do?",
    "How has that shown up in your work so far? Tell me about one time.",
)
_MOTIVATION_MADE_FOLLOW_UPS = ("You mentioned {a}. What about that work kept you going when it got hard?",)


def about_motivation(question: str) -> bool:
    """Whether a question asks what drives the candidate (why this role, what keeps them going)."""
    if MOTIVATING_OTHERS.search(question):
        return False  # "a time you motivated someone": a story about them, not what drives the candidate
    return "motivation" in intents_of(question) or bool(_MOTIVATION_RE.search(question))


def motivation_follow_ups(made: str) -> list[str]:
    """After an answer about what drives them: an example of it at work, or (when they named something they
    did) what about that work kept them going; never a probe about a place or a person they mentioned."""
    own = [t.format(a=made) for t in _MOTIVATION_MADE_FOLLOW_UPS] if made.startswith("the ") else []
    return [t[0].upper() + t[1:] for t in own] + list(_MOTIVATION_FOLLOW_UPS)


# Words of someone saying what draws or drives them; an answer to "what draws you?" without any is elsewhere.
_DRIVE_RE = re.compile(
    r"\b(?:want\w*|(?:i|i'd|i would|would) (?:really )?like|love\w*|enjoy\w*|care\w*|interest\w*|excit\w*|drawn|draws?|drew|because|matters?|"
    r"appeal\w*|passion\w*|looking for|hop(?:e|ing)|chance|opportunit\w*|fits?|suits?|mission|grow\w*|"
    r"motivat\w*|keeps? me|keep going|reasons?|meaning\w*|reward\w*|satisf\w*|proud|purpose|believe|goals?|"
    r"good at|strengths?|curious|learn\w*|help\w*|impact|difference|next step|career|"
    # a moment at work that drives them: "Seeing a nervous beginner make their first turns", "The mornings when
    # the mist clears and I've got the trail fixed"
    r"seeing|watching|hearing|when\s+(?:a|an|the|my|our|someone|somebody|people|they|he|she|i|i've|i'm))\b", re.IGNORECASE)
# Answers about life outside work, or a grievance with the current job, say why they might leave, not what
# draws them: "my weekends are about my dog and hiking", "my boss never listens".
_LEISURE_RE = re.compile(
    r"\b(?:weekends?|hobb(?:y|ies)|hik(?:e|es|ing)|trails?|camping|fishing|my (?:dog|cat|kids|family)|vacations?|"
    r"holidays?|the gym|video games|gaming|garden(?:ing)?|my band|marathons?)\b", re.IGNORECASE)
_GRIEVANCE_RE = re.compile(
    r"\bmy (?:boss|manager|supervisor|current (?:job|company|employer)|company|team lead)\b[^.!?]{0,60}?\b(?:never|"
    r"doesn't|does not|don't|won't|always|blames?|micromanag\w*|toxic|hate|can't stand|unfair|ignores?|yells?)\b",
    re.IGNORECASE)
# What points forward to the job: the role itself, the work, the people it serves.
_TOWARDS_THE_JOB_RE = re.compile(
    r"\b(?:a|this|the|your|new|next) (?:role|job|position|team|company|work|mission|opportunity)\b|\bsales\b|\bselling\b|"
    r"\bcustomers?\b|\bclients?\b|\bcareer\b|"
    # the employer's own work, or theirs: "volunteering in your walled garden… I'd like to make it my job"
    r"\byour\s+(?!weekends?|free|spare)\w+|\bmy\s+(?:job|work|role|trade)\b", re.IGNORECASE)
_INDIRECT_RE = re.compile(r"^(what|why|how|which|where)\s+(do|does|are|is|would|will|can|could|have)\s+(you|it)\s+(.+)$",
                          re.IGNORECASE)
_AUX_AFTER = {"are": "are ", "is": "is ", "would": "would ", "will": "will ", "can": "can ", "could": "could ",
              "have": "have "}
# "Tell me what motivates you", "Could you tell me about your motivation": what they are asked to tell.
_TELL_ME_RE = re.compile(r"^(?:please\s+)?(?:(?:can|could|would) you\s+)?(?:tell|walk) me\s+", re.IGNORECASE)
# A question whose wh-word is its subject is said back as it is: "What keeps you going…", "What first drew you…".
_WH_SUBJECT_RE = re.compile(r"^what\s+(?!(?:is|are|was|were|do|does|did|would|will|can|could|should|has|have|kind|"
                            r"sort|type)\b)\w+", re.IGNORECASE)


def _elsewhere(answer: str) -> bool:
    """A story of weekends and hobbies or a grievance with the current boss that never turns to the job."""
    # The people or the units of their work beside a leisure word make it their work: a ranger's trail, a groomer's dog.
    leisure = bool(_LEISURE_RE.search(answer)) and not WORK_FRAME.search(answer)
    return (leisure or bool(_GRIEVANCE_RE.search(answer))) and not _TOWARDS_THE_JOB_RE.search(answer)


def _off_the_job(answer: str, job_words: frozenset[str], vague: bool = False) -> bool:
    """An answer about something else than what draws them to the work: a weekend or a grievance (however
    it is told), or, when it is not just vague, one with no words of wanting or caring at all."""
    if _elsewhere(answer):
        return True
    if len(word_stems(answer) & job_words) >= 2:
        return False  # told through the job itself, whatever its words
    return not vague and not _DRIVE_RE.search(answer)


def _as_heard(question: str) -> tuple[str, str]:
    """(the question as something to hear, a pointer that does not ask it again, or ""): "What draws you to this
    Sales role?" -> ("what draws you to this Sales role in particular", "what about the work itself appeals to you?");
    "What keeps you going when the work gets hard?" -> ("what keeps you going when the work gets hard", ""): it
    already asks what keeps them going at work, so saying that again would ask it twice."""
    asked = " ".join(question.split()).rstrip("?. ")
    lowered = asked.lower()
    told = _TELL_ME_RE.sub("", asked)
    found = _INDIRECT_RE.match(told)
    if found:
        wh, aux, subject, rest = found.groups()
        heard = f"{wh.lower()} {subject.lower()} {_AUX_AFTER.get(aux.lower(), '')}{rest}"
    elif _WH_SUBJECT_RE.match(told) or told != asked and re.match(r"(?:about|what|why|how|where|which)\b", told, re.I):
        heard = told[0].lower() + told[1:]
    else:  # "Are you passionate about sales?": asked as it was, once
        heard = f"your answer to my question: {asked[0].lower() + asked[1:]}?"
        return heard, ""
    if re.search(r"\b(?:draws?|drew|attracts?|appeals?|interest(?:s|ed)?)\b", lowered):
        # a short question is narrowed to this job; a long one ("…at this point in your career") already is
        heard += " in particular" if len(asked.split()) <= 8 else ""
        pointer = "what about the work itself appeals to you?"
    elif re.search(r"motivat|keeps? you going|keep going|lost deals|gets? hard|tough", lowered):
        return heard, ""  # asks what keeps them going at work: a pointer would only ask it again
    else:
        pointer = "what about the work itself matters to you?"
    return heard, "" if _asks_again(pointer, asked) else pointer


def _asks_again(pointer: str, question: str) -> bool:
    """Whether a pointer asks what the question asked: it ends on the question's own verb ("matters to you" after
    "What matters most to you?")."""
    verb = pointer.rstrip("?").split()[-3]
    return bool(re.search(rf"\b{verb}\b", question, re.IGNORECASE))


# Said of themselves: "I love …", "what keeps me going", "it matters to me" ("it kind of helped" is not).
_OWN_DRIVE_RE = re.compile(
    r"\b(?:i|i'm|i am|i've|i'd|i would|my)\b[^.!?]{0,40}?\b(?:want\w*|like|love\w*|enjoy\w*|care\w*|interest\w*|"
    r"excit\w*|drawn|passion\w*|looking for|hop(?:e|ing)|motivat\w*|proud|believe|goals?|curious|reward\w*|"
    r"satisf\w*|good at)\b|\b(?:keeps? me|kept me|matters? (?:most )?to me|draws? me|drew me|appeals? to me|"
    r"excites? me|motivates? me|means? a lot to me|gets? me up)\b", re.IGNORECASE)


def says_what_drives_them(answer: str) -> bool:
    """Whether an answer speaks of what draws or drives the candidate at work, in their own words about
    themselves ("I love …", "it matters to me"), not of weekends or a grievance with their boss."""
    return bool(_OWN_DRIVE_RE.search(answer)) and not asks_a_question(answer) and not _elsewhere(answer)


def told_what_draws_them(said: list[str], job_words: frozenset[str] = frozenset()) -> bool:
    """Whether an answer so far already said what draws them to this job, in their own words and about the
    job ("I want to run a platform at a bigger scale, and search at 2 billion queries a day is exactly that"),
    so "What interests you about this role?" would ask it again."""
    return any(says_what_drives_them(answer) and (bool(_TOWARDS_THE_JOB_RE.search(answer))
                                                   or len(word_stems(answer) & job_words) >= 2)
               for answer in said)


def redirect_line(question: str, answer: str, reading: Reading, job_words: frozenset[str] = frozenset()) -> str:
    """After an answer about something else than what drives them ("What draws you to this role?" answered
    with a weekend hobby or a complaint about their boss): bring them back to the question, kindly and
    specifically; "" when the answer fits or is too thin or vague to be about anything (that is a non-answer,
    probed as one). An answer told through the job itself (two or more of `job_words`, the posting's title
    and duties) is about the job, whatever its words."""
    if (not about_motivation(question) or reading.non_answer or reading.word_count < 8
            or asks_a_question(answer)):  # their own question is answered, not turned back
        return ""
    if not _off_the_job(answer, job_words, reading.vague):
        return ""
    heard, pointer = _as_heard(question)
    if not pointer:
        return f"Thanks for sharing that. I'd still like to hear {heard}" + ("" if heard.endswith("?") else ".")
    return f"Thanks for sharing that. I'd still like to hear {heard} — {pointer}"


def non_answer_probe(stage: str, anchor: str, seed: str, key: object) -> list[str]:
    """After a non-answer: one way in, about what they half-said if they said anything."""
    options: tuple[str, ...]
    if anchor:
        options = (f"You mentioned {anchor}. What's one specific thing you did with {anchor}, and how did it go?",
                   f"Let's start from {anchor}: tell me about one time it mattered in your work.")
    elif stage == "self_intro":
        options = ("Let's try it another way: what's one thing you worked on in the last month?",
                   "What kind of work takes up most of your week at the moment?")
    else:
        # Each non-answer gets a way in not offered yet (the engine refuses one asked before): a narrower question,
        # their own last week, a choice between two, an example of the size of thing meant (issue 28).
        options = ("Take any recent piece of work, even a small one: what was it, and what did you do on it?",
                   "Think of the last time something at work didn't go to plan. What happened, and what did you do?",
                   "Let's keep it close to home: what's one thing you sorted out yourself at work last week?",
                   "Would you rather tell me about a busy day that went well, or one that went badly? Either is fine.",
                   "It can be something small, like helping a colleague who was stuck or fixing a mistake before "
                   "anyone noticed. What's one time like that?")
    first = pick(options[:2], seed, "probe", key)
    return [first, *[o for o in options if o != first]]


_ACK_NEUTRAL = ("Okay.", "Alright.", "Okay, let's try another angle.", "Sure.")
_ACK_PLAIN = ("Okay, thanks.", "I see.", "Got it.", "Thanks.")
_ACK_STRONG_RESULT = ("Thanks. Going {r} is a clear result.", "Thanks, {r} is a concrete outcome.")
_ACK_STRONG_OUTCOME = ("Thanks. {o}; that's a clear result.", "Got it, thanks. {o}, which is a concrete outcome.")
_ACK_INTRO = ("Thanks, that's a helpful introduction.", "Thanks for the overview.", "Thanks, that helps.")
_ACK_STRONG_ANCHOR = ("Thanks, that's a clear picture of {a}.", "Thanks, the detail on {a} helps.")


# An amount gained, said in their words ("saves us a bit over $2,300 a year"), said back as a thing: "saving a bit
# over $2,300 a year" (the interviewer never says "us").
_GAINED_HEAD_RE = re.compile(r"^(sav|recover|generat|brought in|freed up|won back|won)\w*\s+(?:(?:us|me|them|the \w+|"
                             r"our \w+|my \w+)\s+)?", re.IGNORECASE)
_GERUNDS = {"sav": "saving", "recover": "recovering", "generat": "generating", "brought in": "bringing in",
            "freed up": "freeing up", "won back": "winning back", "won": "winning"}


def _as_thing(result: str) -> str:
    head = _GAINED_HEAD_RE.match(result)
    return f"{_GERUNDS[head.group(1).lower()]} {result[head.end():]}" if head else result


def acknowledgement(reading: Reading, seed: str, key: object, *, intro: bool = False) -> str:
    """A short line that fits the answer: neutral after a non-answer, specific after a strong one. After a
    self-introduction (`intro`), thanks for the introduction, not for one phrase picked out of it."""
    if reading.non_answer or reading.vague:
        return pick(_ACK_NEUTRAL[:2], seed, "ack", key)
    if intro:
        return pick(_ACK_INTRO, seed, "ack", key)
    if reading.strong:
        result = reading.result_said
        if result.startswith("from ") and len(result) <= 50:
            return pick(_ACK_STRONG_RESULT[:1], seed, "ack", key).format(r=result)
        if result and len(result) <= 40:
            return pick(_ACK_STRONG_RESULT[1:], seed, "ack", key).format(r=_as_thing(result.removeprefix("by ")))
        if reading.outcome:
            return pick(_ACK_STRONG_OUTCOME, seed, "ack", key).format(o=reading.outcome)
        # Only something they did or made ("the cert-manager setup") is a picture to thank them for.
        anchor = next((m for m in reading.made if m.startswith("the ")), "")
        if anchor:
            return pick(_ACK_STRONG_ANCHOR, seed, "ack", key).format(a=anchor)
    return pick(_ACK_PLAIN, seed, "ack", key)


# A question without its "?" starts like one: "what is", "how do", "is there", "could you" ("When she was
# stuck, I sat with her" is a story, not a question).
_QUESTION_RE = re.compile(
    r"\?|^\s*(?:(?:what|how|when|who|where|why|which)(?:'s|\s+(?:is|are|was|were|do|does|did|would|will|can|could|"
    r"should|kind|type|sort|happens|many|much|long|often|about))|(?:is|are|do|does|could|can|will|would)\s+"
    r"(?:there|you|the|it|i|we|they|this|that|your|a|an|someone|anyone))\b", re.IGNORECASE)
_NO_QUESTION_RE = re.compile(r"\b(?:no(?:pe)?,? (?:questions|thanks|thank you)|nothing(?: from me)?|"
                             r"i'?m (?:good|fine)|no,? i (?:think|don'?t))\b", re.IGNORECASE)


def asks_a_question(answer: str) -> bool:
    if asks_to_skip(answer) or all(_HEDGE_RE.search(s.strip(" ,.")) for s in re.split(r"(?<=[.!?])\s+", answer.strip())):
        return False  # "Can we skip this one?", "I'm not sure. Maybe?"
    return bool(_QUESTION_RE.search(answer)) and not _NO_QUESTION_RE.search(answer)


# "Could you repeat that?" asks about the interviewer's question, not about the job, and "Can we skip this
# one?" declines it (`text.SKIP_RE`); "Does that make sense?" ends an answer.
_ABOUT_THE_QUESTION_RE = re.compile(
    r"\b(?:repeat|rephrase|say that again|what do you mean|didn'?t (?:catch|hear|understand)|do you mean|"
    r"could you clarify)\b", re.IGNORECASE)
_TAG_QUESTION_RE = re.compile(
    r"^(?:(?:does|did) (?:that|this) (?:make sense|answer|help|cover)|(?:is|was) (?:that|this) (?:ok(?:ay)?|"
    r"alright|enough|what you (?:were|are) looking for|the kind)|(?:you know|right|make sense|no|yeah|ok(?:ay)?)\??$|"
    r"(?:should|shall|do you want me to|want me to) (?:i )?(?:go on|continue|go into|say more|expand))", re.IGNORECASE)
OWN_QUESTION_MAX_WORDS = 30
# A hedge said as a question ("I'm not sure. Maybe?") asks nothing about the job.
_HEDGE_RE = re.compile(r"^(?:maybe|perhaps|possibly|probably|i guess|i suppose|not sure|i'?m not sure|i don'?t know|"
                       r"who knows|hard to say|i think so|could be)\W*$", re.IGNORECASE)
# "Before we go on, …", "By the way, …": the lead-in to a question of their own at the end of an answer.
_ASIDE_RE = re.compile(r"^(?:(?:before we (?:go on|move on)|by the way|also|and|oh|one (?:more )?thing|quick question|"
                       r"out of interest|actually|sorry)[,:;]?\s+)+", re.IGNORECASE)
# A question about the job, not a rhetorical one inside their story ("What could I do?").
_ABOUT_THE_JOB_RE = re.compile(r"\b(?:you|your|here|the (?:team|role|job|ward|store|site|kitchen|school|company)|"
                               r"this (?:role|job|team))\b", re.IGNORECASE)


def question_after_answer(text: str) -> str | None:
    """The candidate's own question at the end of an answer ("…every patient got their meds on time. Before we go
    on, how does the team share the night shifts here?"): its words, to answer before going on; None when the
    answer ends otherwise, on a tag ("Does that make sense?"), or on a question of their story's."""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if s.strip()]
    if len(sentences) < 2 or not sentences[-1].endswith("?"):
        return None
    last = _ASIDE_RE.sub("", sentences[-1])
    if (not _QUESTION_RE.search(last) or _TAG_QUESTION_RE.search(last.strip(" ,.?")) or _HEDGE_RE.search(last.strip(" ,."))
            or _ABOUT_THE_QUESTION_RE.search(last) or asks_to_skip(last) or not _ABOUT_THE_JOB_RE.search(last)):
        return None
    return last


def own_question(text: str) -> bool:
    """Whether the candidate's words are a question of their own instead of an answer ("What does the team use
    for scheduling?", "Sorry, before that: who would I report to?"): a question about the job, not about the
    interviewer's question or a tag at the end of an answer, with at most a short or empty lead-in."""
    if not asks_a_question(text) or _ABOUT_THE_QUESTION_RE.search(text) or asks_to_skip(text) or \
            len(text.split()) > OWN_QUESTION_MAX_WORDS:
        return False
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if s.strip()]
    asked = [s for s in sentences if _QUESTION_RE.search(s)]
    said = " ".join(s for s in sentences if s not in asked)
    if not asked or all(_TAG_QUESTION_RE.search(s.strip(" ,.")) or _HEDGE_RE.search(s.strip(" ,."))
                        for s in asked):
        return False
    return len(said.split()) <= 5 or read_answer(said).non_answer
