"""Rubrics per question type: a story, a proposal, a self-introduction, motivation, a closing, anything else
(which type a question is: `agent_worker/core/answers/questions.py`; the approach rubric, for "how do you work" questions: `approach.py`).

Every rubric scores 1-5 from what the answer contains, never from its length: a point is earned by
a sentence that does something (an action in the first person, a result with an amount, a reason
for a decision), and lost to padding (repeats, filler), hypotheticals, blame, generic claims, and
straying from the question. Each line of `explanation` says what moved the score.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent_worker.core.answers.questions import (  # noqa: F401  (re-exported: the rubrics are named by these)
    APPROACH,
    CLOSING,
    GENERAL,
    INTRO,
    MOTIVATION,
    PROPOSAL,
    QUESTION_TYPES,
    STORY,
    TYPE_LABELS,
    looks_back,
    question_type,
)
from agent_worker.core.answers.relevance import WORK_WORDS as _WORK
from agent_worker.core.answers.relevance import relevance  # noqa: F401  (re-exported)
from agent_worker.core.answers.sentences import Sentence
from agent_worker.core.answers.workframe import WORK_FRAME, in_work_frame, told_as_their_work
from agent_worker.core.reading import story
from agent_worker.core.reading.answer import read
from feedback import textstats
from feedback.scoring.job import JobContext

# A story about something the question did not ask about (a proposal or an approach was asked for).
STORY_ELSEWHERE = "story_elsewhere"
# Every sentence says there is nothing to tell ("I haven't done that", "No, that's all"): one piece of advice.
NOTHING_TO_TELL = "nothing_to_tell"
SKIPPED = "skipped"  # nothing to tell, said as a request to skip the question
# A story question answered with how they usually work, step by step: one piece of advice, to tell one real time.
HOW_THEY_WORK = "how_they_work"
COVERED_ALREADY = "covered_already"  # nothing to tell, because an earlier answer is said to hold it
# Brought back to the question once after an answer about something else, and again about something else: the
# interview moved on and the question was never answered.
OFF_TOPIC_AGAIN = "off_topic_again"
# An introduction that names nothing of the posting's work.
NOT_THIS_JOB = "not_this_job"
# A story that speaks to none of what its question asks (a conflict, a failure, a motivation…; `relevance.ASKS`): a
# good answer to another question, capped below an ordinary answer to this one.
OFF_QUESTION = "off_question"
OFF_QUESTION_CAP = 1.6


@dataclass
class Score:
    """A rubric's verdict before evidence is attached."""

    value: float
    explanation: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)

    def add(self, points: float, why: str, flag: str | None = None) -> None:
        self.value += points
        sign = "+" if points >= 0 else "−"
        self.explanation.append(f"{sign}{abs(points):g} {why}")
        if flag:
            self.flags.add(flag)

    def cap(self, limit: float, why: str, flag: str | None = None) -> None:
        if flag:
            self.flags.add(flag)
        if self.value > limit:
            self.value = limit
            self.explanation.append(f"capped at {limit:g}: {why}")


def _specificity(sentences: list[Sentence], limit: float) -> tuple[float, str]:
    names = {n.lower() for s in sentences for n in s.names}
    numbers = sum(min(s.numbers, 2) for s in sentences)
    reasons = sum(min(s.reasons, 1) for s in sentences)
    points = min(limit, 0.15 * min(len(names), 4) + 0.1 * min(numbers, 4) + 0.2 * min(reasons, 2))
    listed = []
    if names:
        listed.append(f"{len(names)} named thing{'s' if len(names) != 1 else ''}")
    if numbers:
        listed.append(f"{numbers} number{'s' if numbers != 1 else ''}")
    if reasons:
        listed.append(f"{reasons} reason{'s' if reasons != 1 else ''} given")
    return points, ", ".join(listed)


def _penalties(score: Score, sentences: list[Sentence], words: int) -> None:
    """What every rubric takes off: padding, generic claims, blame."""
    if not words:
        return
    repeated = sum(s.words for s in sentences if s.repeat)
    filler = sum(s.filler_words for s in sentences)
    padding = (repeated + filler) / words
    if padding >= 0.1 and words >= 40:
        score.add(-round(min(1.5, padding * 4), 1), f"for padding ({round(padding * 100)}% of the words repeat a point or fill)", "padding")
    generic = [s for s in sentences if s.generic]
    if generic:
        score.add(-min(0.9, 0.3 * len(generic)), f"for {len(generic)} generic claim{'s' if len(generic) > 1 else ''} with no example behind {'them' if len(generic) > 1 else 'it'}", "generic")
    blame = [s for s in sentences if s.blame]
    if blame:
        score.add(-min(1.2, 0.6 * len(blame)), "for putting the fault on others", "blame")


def _length_limits(score: Score, words: int, *, short: int, long: int, sentences: Sequence[Sentence] = ()) -> None:
    concrete = [s for s in sentences if s.concrete and not s.repeat]
    # Short is only a fault when it leaves things out: a complete story in 28 words keeps its score.
    if words < short // 2:
        score.cap(1.5, f"{words} words is too short to show anything", "short")
    elif words < short and not concrete:
        score.cap(2.5, f"{words} words with nothing concrete in them", "short")
    if words > long:
        score.add(-0.5, f"for length ({words} words: the point gets lost)", "rambling")
    elif sentences and words > 150 and len(concrete) < 0.4 * len(sentences):
        score.add(-0.5, f"for rambling ({words} words, few of them about what you did)", "rambling")


def score_story(sentences: list[Sentence], words: int, results: list, rel: float) -> Score:
    score = Score(1.0, ["1 to start"])
    own = [s for s in sentences if s.own_action]
    team = [s for s in sentences if s.team_action]
    steps = sum(s.steps for s in own)
    if steps >= 2:
        score.add(1.2, f"for {steps} things you did yourself, in the first person")
    elif own:
        score.add(0.8, "for one thing you did yourself")
    elif team:
        score.add(0.3, "for actions told as \"we\": your own part is unclear", "we")
    else:
        score.flags.add("no_action")
    if own and len(team) > len(own):
        score.add(-0.3, "for more \"we\" than \"I\" in the actions", "we")
    has_task = any(s.part == "task" for s in sentences)
    if any(s.part == "situation" for s in sentences):
        score.add(0.4, "for setting the scene")
    elif not has_task and not (results and steps >= 2):
        # A story that opens on its goal, or runs from several actions to a measured result, has its context.
        score.flags.add("no_context")
    if has_task:
        score.add(0.3, "for naming your goal or responsibility")
    outcomes = [s for s in sentences if s.part == "result"]
    if results:
        score.add(1.3, f'for a result with an amount ("{results[0].text}")')
    elif outcomes and all(s.setback or s.reflection for s in outcomes):
        score.add(0.6, "for saying plainly how it turned out")
        if not any(s.reflection for s in sentences):
            score.flags.add("no_lesson")
    elif outcomes:
        score.add(0.6, "for an outcome in words, with no amount", "no_amount")
    else:
        score.flags.add("no_result")
    points, listed = _specificity([s for s in sentences if not s.hypothetical], 0.8)
    if points:
        score.add(round(points, 2), f"for specifics ({listed})")
    if any(s.reflection for s in sentences) and own:
        score.add(0.3, "for saying what you learned or do differently now")
    hypothetical = [s for s in sentences if s.hypothetical]
    if hypothetical and not own and len(hypothetical) >= 0.4 * len(sentences):
        said = "what usually happens" if all(s.usual for s in hypothetical) else "what you would do"
        score.add(-0.8, f"for describing {said} instead of what you did", "hypothetical")
        score.cap(2.0, "a hypothetical is not an example")
    habits = [s for s in sentences if s.habit and not s.generic]
    if not own and not outcomes and sum(s.habit for s in habits) >= 2:
        # How they usually work, in steps ("I first check where the data came from, then I look for duplicates"):
        # on the subject, and worth a little, but not the one time the question asks for.
        score.add(0.5, "for how you usually work, in steps (the question asks for one real time)", HOW_THEY_WORK)
        score.cap(2.0, "how you usually work is not one real example")
        _relevance_limit(score, rel, sentences, story=True)
        return score
    # The steps of a story the team told ("we looked at the dashboards, we found…, we raised the limit") are no
    # background, whatever part they were read as: that answer is told to say "I".
    background = [s for s in sentences if s.part == "situation" and s.team_steps < 2]
    if not own and not outcomes:
        # With nothing they did and nothing that came of it, the rest is scene-setting too: "The team was six
        # engineers", "We sold furniture online" (told as "we", but no step of the story).
        background += [s for s in sentences if s.part is None or (s.part == "action" and s.team_action and not s.steps
                                                                  and s.team_steps < 2)]
    if len(background) >= 3 and len(background) > len(sentences) * 0.6 and not results:
        score.add(-0.5, f"for spending {len(background)} of {len(sentences)} sentences on background", "background")
    _penalties(score, sentences, words)
    _length_limits(score, words, short=30, long=260, sentences=sentences)
    _relevance_limit(score, rel, sentences, story=True)
    return score



def _relevance_limit(score: Score, rel: float, sentences: list[Sentence], *, story: bool = False) -> None:
    """Off-topic caps the score; a story about work that shares no words with the question only drifts.

    Work is recognised by what the answer does as well as by its words: a nurse, a teacher or an
    accountant telling what they did and how it turned out is answering, whatever their vocabulary.
    """
    text = " ".join(x.text for x in sentences)
    work_words = len(_WORK.findall(text)) + len(WORK_FRAME.findall(text))  # a crew, pupils, bookings: work too
    # A thin answer is thin, not off-topic: only an answer with room for a topic can miss it.
    # Steps of how they work ("I first check where the data came from, then I look for duplicates") are about work
    # too: a story question answered that way misses the story, not the subject.
    habits = sum(s.habit for s in sentences)
    if (rel == 0 and not work_words and habits < 2 and textstats.word_count(text) >= 25
            and not _tells_a_work_story(sentences) and not _their_own_work(sentences)):
        score.cap(1.5, "the answer does not address the question", "off_topic")


def tells_a_story(text: str, sentences: list[Sentence], results: list) -> bool:
    """A story, as the interviewer hears one too (`reading.story.tells_a_story`: one real time), with several steps
    the candidate took (`reading.story.own_steps`: "I rang", "I remade it" are theirs) and how it turned out: a whole
    story, whatever was asked. (One step and its outcome is a story the interviewer asks more of, and an answer to
    "how do you…?" that shows the approach only by example.)"""
    return (story.tells_a_story(text) and story.own_steps(text) >= 2
            and (bool(results) or any(s.part == "result" for s in sentences) or story.has_result(read(text))))


def _tells_a_work_story(sentences: list[Sentence]) -> bool:
    """Things the candidate did themselves (several steps, or what came of them, or what they then did with the
    people involved: "I coached a nine-year-old… We started with blowing bubbles…"), with no leisure or personal
    history."""
    steps = sum(s.steps for s in sentences if s.own_action)
    came_of_it = any(s.part == "result" for s in sentences)
    went_on = sum(1 for s in sentences if s.own_action or s.team_action) >= 2
    personal = _personal(sentences)
    return bool(steps) and (steps >= 2 or came_of_it or went_on) and not personal


def _their_own_work(sentences: list[Sentence]) -> bool:
    """Told as their own work in other words than the question's (`workframe`): a swimming teacher's lessons, a
    ranger's safety call, a travel agent's steps with a client; not a life story."""
    return (told_as_their_work(sentences) or any(in_work_frame(s, approach=True) for s in sentences)) and not _personal(
        sentences)


def _personal(sentences: list[Sentence]) -> bool:
    return any(_PERSONAL.search(s.text) for s in sentences)


_ROLE_STATEMENT = re.compile(
    r"\b(?:i['’]m\s+(?:an?|the|currently)|i\s+am\s+(?:an?|the|currently)|i\s+work\s+as|i['’]ve\s+been\s+(?:an?|the)|"
    r"currently\s+i|i\s+currently|i['’]ve\s+spent\s+\w+\s+(?:years|months)|i\s+have\s+(?:\w+\s+)?\w+\s+years|"
    r"(?:for\s+)?the\s+(?:last|past)\s+\w+\s+years,?\s+i(?:['’]ve)?|"
    # a student or a recent graduate says who they are by what they study: "I'm finishing a business degree"
    r"i(?:['’]m|\s+am)\s+(?:finishing|completing|studying|in\s+my\s+(?:first|second|third|final|last)\s+year|"
    r"about\s+to\s+graduate|graduating)|i\s+(?:just|recently)\s+(?:graduated|finished|completed)|i\s+study\b)\b",
    re.I,
)
_FORWARD = re.compile(
    r"\b(?:looking\s+(?:for|to\s+(?:move|get|grow|step|make|join|work))|i\s+want\s+to|i['’]d\s+like\s+to|which\s+is\s+(?:why|what)|that['’]s\s+why|this\s+(?:role|position|job)|"
    r"next\s+step|excited\s+(?:about|by)|i['’]m\s+keen|what\s+this\s+\w+\s+role\s+offers)\b",
    re.I,
)
_PERSONAL = re.compile(
    # children are personal as their own ("my kids", "we have two children"), not as the people they taught or cared for
    r"\b(?:born|grew\s+up|brothers?|sisters?|married|(?:my|our)\s+(?:\w+\s+)?(?:kids|children)|"
    r"(?:have|had|raising)\s+(?:(?:a|two|three|four|young|small|little)\s+)?(?:kids|children)|hobb(?:y|ies)|free\s+time|"
    r"football|video\s+games|"
    r"travell?ed|cooking|as\s+a\s+kid)\b",
    re.I,
)
_ROLE_SPECIFIC = re.compile(
    r"\b(?:your\s+(?:team|company|product|platform|customers|engineering|blog|mission|work|users|\w+\s+team|"
    # other professions' words for the employer and its work: a firm, a practice, a ward, a programme
    r"firm|practice|clients|programme|program|hospital|ward|unit|clinic|agency|school|store|stores|brand|patients)|"
    r"this\s+(?:role|position|job|team)|"
    r"the\s+(?:role|position|job\s+description)|you\s+(?:build|are\s+building|make|mentioned)|job\s+description|"
    # the job's work set beside theirs: "…, and that is what I already do for patients"
    r"(?:that|this|which)\s+is\s+(?:exactly\s+|just\s+)?what\s+i\s+(?:already\s+|do\s+)?(?:do|did)|"
    r"(?:that|which)['’]s\s+(?:exactly\s+|just\s+)?what\s+i\s+(?:already\s+)?(?:do|did))\b",
    re.I,
)
_BRING = re.compile(r"\b(?:i['’]d\s+bring|i\s+(?:can|could|would)\s+bring|i\s+(?:can|could)\s+help|my\s+experience\s+(?:with|in))\b", re.I)
_MONEY = re.compile(
    r"\b(?:salary|salaries|pay(?:s)?\s+(?:is\s+)?(?:better|more|higher|well)|better[\s-]paid|paid\s+(?:more|better)|"
    r"better\s+pay|pay\s+rise|money(?![\w-])|earn\s+more|compensation|my\s+rent|benefits|bonus|(?:closer|close)\s+to\s+my\s+home|"
    r"commute|need\s+a\s+(?:new\s+)?job|"
    r"vacation|holidays?|days\s+off|work\s+from\s+home|raise|perks)\b",
    re.I,
)
_FLATTERY = re.compile(r"\b(?:great\s+(?:company|place\s+to\s+work)|everyone\s+says|amazing\s+company|love\s+technology)\b", re.I)
_THOUGHTFUL = re.compile(
    r"\b(?:success|succeed|roadmap|challenge|risk|decide|measure|onboarding|first\s+\w+\s+(?:months|days|weeks)|"
    r"priorit\w*|biggest|how\s+does\s+the\s+team|how\s+do\s+you|what\s+would|quarter|culture|review|growth|migration)\b",
    re.I,
)


def score_intro(sentences: list[Sentence], words: int, results: list, rel: float, *, job: JobContext | None = None) -> Score:
    score = Score(1.0, ["1 to start"])
    if any(_ROLE_STATEMENT.search(s.text) for s in sentences):
        score.add(0.6, "for saying who you are and what you do")
    else:
        score.flags.add("no_headline")
    experience = [s for s in sentences if s.own_action or (s.names and s.numbers)]
    if experience:
        score.add(0.6, "for concrete experience")
    if results:
        score.add(0.6, f'for an achievement with an amount ("{results[0].text}")')
    elif any(s.outcome for s in sentences):
        score.add(0.3, "for an achievement in words")
    if any(_FORWARD.search(s.text) for s in sentences):
        score.add(0.6, "for tying your story to what you want next")
    else:
        score.flags.add("no_thread")
    points, listed = _specificity(sentences, 0.6)
    if points:
        score.add(round(points, 2), f"for specifics ({listed})")
    personal = [s for s in sentences if _PERSONAL.search(s.text)]
    if personal:
        score.add(-min(0.9, 0.3 * len(personal)), "for personal history the role does not need", "personal")
    if job is not None:
        fits = job_sentence(sentences)
        if fits is not None:
            score.add(0.4, f"for experience in this job's own work ({', '.join(fits.job_words[:3])})")
        else:
            score.flags.add(NOT_THIS_JOB)
    _penalties(score, sentences, words)
    _length_limits(score, words, short=35, long=280, sentences=sentences)
    return score


def specific_sentence(sentences: list[Sentence], job: JobContext | None) -> Sentence | None:
    """What makes a motivation answer specific to this role. With the posting at hand "this role" alone is not:
    the sentence names some of the job's work (two of its words, or one beside "your team", "this role")."""
    plain = [s for s in sentences if not _MONEY.search(s.text)]
    if job is None:
        return next((s for s in plain if _ROLE_SPECIFIC.search(s.text)), None)
    return job_sentence(sentences) or next((s for s in plain if _ROLE_SPECIFIC.search(s.text) and s.job_words), None)


def job_sentence(sentences: list[Sentence], *, own: bool = False) -> Sentence | None:
    """The sentence that names most of the posting's work (at least two of its words), told as fact."""
    usable = [s for s in sentences if len(s.job_words) >= 2 and not (s.hypothetical or s.generic or s.repeat or s.is_question)
              and not _MONEY.search(s.text) and (s.own_action or not own)]
    return max(usable, key=lambda s: len(s.job_words), default=None)


# Their own work, in any tense: "I've run…", "for the last four years", "what I already do for patients".
_OWN_WORK = re.compile(
    r"(?i)\bfor\s+the\s+(?:last|past)\b|\bi['’]ve\b|"
    r"\bi\s+(?:already\s+|currently\s+)?(?:do|run|manage|handle|help|work|lead|support|teach|care\s+for|look\s+after)\b"
)


def score_motivation(sentences: list[Sentence], words: int, results: list, rel: float, *, job: JobContext | None = None
                     ) -> Score:
    score = Score(1.0, ["1 to start"])
    specific = specific_sentence(sentences, job)
    if specific is not None and job is not None:
        score.add(0.8, f"for naming this job's own work ({', '.join(specific.job_words[:3])})")
    elif specific is not None:
        score.add(0.8, "for naming something specific about this role or team")
    else:
        score.flags.add("not_specific")
    # "I need a raise" is something they do, not experience the job could use.
    if any((s.own_action or _OWN_WORK.search(s.text)) and not _MONEY.search(s.text) for s in sentences):
        score.add(0.8, "for linking it to your own experience")
    if any(re.search(r"(?i)\b(?:i\s+want\s+to|i['’]d\s+like\s+to|grow|next\s+step|looking\s+to|step\s+toward)\b", s.text) for s in sentences):
        score.add(0.5, "for saying where you want to go")
    if any(_BRING.search(s.text) for s in sentences):
        score.add(0.5, "for saying what you would bring")
    if results:
        score.add(0.4, f'for a result of yours with an amount ("{results[0].text}")')
    points, listed = _specificity(sentences, 0.6)
    if points:
        score.add(round(points, 2), f"for specifics ({listed})")
    money = [s for s in sentences if _MONEY.search(s.text)]
    if money:
        score.add(-min(1.5, 0.8 * len(money)), "for pay, perks or convenience as the reason: a real reason, but it says "
                  "nothing about what draws you to the work", "money")
    flattery = [s for s in sentences if _FLATTERY.search(s.text)]
    if flattery:
        score.add(-0.4, "for praise any company could get", "flattery")
    _penalties(score, sentences, words)
    _length_limits(score, words, short=30, long=220, sentences=sentences)
    return score


def score_closing(sentences: list[Sentence], words: int, results: list, rel: float, question: str = "") -> Score:
    score = Score(1.0, ["1 to start"])
    asks = [s for s in sentences if s.text.rstrip().endswith("?")]  # in a closing, any "?" is asked
    perks = [s for s in asks if _MONEY.search(s.text)]
    good = [s for s in asks if s not in perks]
    if good:
        score.add(0.9 if len(good) == 1 else 1.5, f"for {len(good)} question{'s' if len(good) != 1 else ''} about the work")
        if any(_THOUGHTFUL.search(s.text) for s in good):
            score.add(1.0, "for asking about how the work is judged, decided or challenged")
        if any(_ROLE_SPECIFIC.search(s.text) or s.names for s in sentences):
            score.add(0.6, "for building on what you heard about the role")
    evidence = [s for s in sentences if s.own_action or s.outcome and s.numbers]
    if evidence and not asks:
        score.add(1.2, "for adding relevant experience the interview had not covered")
        if results:
            score.add(0.7, f'with a result ("{results[0].text}")')
        if any(_ROLE_SPECIFIC.search(s.text) for s in sentences):
            score.add(0.5, "tied to the role")
        points, listed = _specificity(sentences, 0.6)
        if points:
            score.add(round(points, 2), f"for specifics ({listed})")
    if perks:
        score.add(-min(1.2, 0.6 * len(perks)), "for leading with perks and pay", "perks")
    if not good and not evidence:
        score.flags.add("nothing_added")
    _penalties(score, sentences, words)
    return score


# A real instance, told without "I" as its subject: "Last winter routing calls started failing…".
_INSTANCE = re.compile(
    r"(?i)\b(?:for\s+example|for\s+instance|last\s+(?:winter|summer|spring|autumn|year|month|week|quarter|sprint)|"
    r"(?:in|during)\s+(?:19|20)\d\d|one\s+time|once,|at\s+my\s+(?:last|previous|current)\s+\w+)\b"
)
_ASKS_WHY = re.compile(r"\b(?:how|why|approach|would\s+you|trade-?offs?|decide|choose)\b", re.I)


def score_general(sentences: list[Sentence], words: int, results: list, rel: float, question: str = "") -> Score:
    score = Score(1.0, ["1 to start"])
    first = sentences[0] if sentences else None
    examples = [s for s in sentences if s.own_action or _INSTANCE.search(s.text)]
    # A look back at the story just told is answered with what they would change, said concretely ("Next time I'd
    # start three months before the contract ends instead of one", "I would ask the partners which figures they
    # read…" beside what happened: "I spent a week on pages nobody opened"): the story was the example.
    backing = bool(examples)
    changes = [s for s in sentences if (s.hypothetical or s.reflection) and not s.generic and not s.non_answer
               and (s.numbers or s.names or s.reasons or backing)] if looks_back(question) else []
    if first is not None and not (first.generic or first.non_answer) and (
            first.own_action or re.search(r"(?i)^\s*i\b", first.text) or first in changes):
        score.add(0.5, "for answering directly")
    reasons = [s for s in sentences if s.reasons]
    if reasons:
        score.add(0.6, "for explaining why")
    elif changes and backing:
        score.add(0.6, "for saying what happened that makes the change worth making")
    elif _ASKS_WHY.search(question):
        score.flags.add("no_reason")
    if examples:
        score.add(1.0, "for a concrete example from your own work")
    elif changes:
        score.add(1.0, "for a concrete change you would make, from what happened")
    elif looks_back(question):
        score.flags.add("no_change")
    else:
        score.flags.add("no_example")
    if results:
        score.add(0.6, f'for a result with an amount ("{results[0].text}")')
    elif examples and any(s.outcome for s in sentences if s.span.start >= examples[0].span.start):
        score.add(0.3, "for saying how it turned out")
    # A concrete change with its reason is something concrete, however short ("Next time I'd set the seating plan on
    # day one rather than after the first fortnight, because by then the groups had already formed").
    _specifics_and_faults(score, sentences, words, limit=0.8, short=12 if changes else 25)
    _relevance_limit(score, rel, sentences)
    return score


# What a proposal says it would do: "I would put…", "I'd add…", "my fix is…", "First, call them", "Add a button…".
_PROPOSES = re.compile(
    r"(?i)\b(?:i|we|you|it|that|this|they|which)\s+(?:would|could|should|will|might)\b(?!\s+(?:have\s+been|like\s+to\s+ask))|"
    r"\b(?:i|we|you|it|that|they)['’](?:d|ll)\b|\b(?:my|the|our)\s+(?:plan|proposal|idea|fix|first\s+step|suggestion)\b|"
    r"\bi\s+(?:want\s+to|plan\s+to|propose|suggest|recommend)\b|\blet['’]s\b|\binstead\s+of\b|"
    r"^\s*(?:(?:first|then|next|after\s+that),?\s+)?(?:add|put|make|remove|build|cut|move|replace|show|give|drop|start|ask|"
    r"call|offer|rank|score|list|split|send|set\s+up|merge|use)\b"
)
# The problem with things as they are: "takes five taps", "you have to", "nobody can find…".
_PROBLEM = re.compile(
    r"(?i)\b(?:takes?|too\s+(?:many|long|slow|hard|much)|slow|hard\s+to|confusing|can['’]?t|cannot|have\s+to|has\s+to|"
    r"no\s+way\s+to|doesn['’]t|don['’]t|won['’]t|isn['’]t|fails?|broken|annoying|wait(?:s|ing)?|every\s+time|miss(?:es|ing)?|"
    r"los(?:e|es|ing)|wast(?:e|es|ed|ing)|friction|pain|problem|issue|complain\w*|drop\s+off|churn\w*|stuck|clunky|buried|"
    r"hidden|wrong|makes\s+(?:me|you|us|people)|forces?|manual(?:ly)?|errors?|mistakes?|expensive|crash\w*|freez\w*|"
    r"threaten\w*|unhappy|late|behind|backlog|competing|conflict\w*)\b"
)
# How they would know it worked, or what it would cost: the judgement a proposal question is listening for.
_MEASURE = re.compile(
    r"(?i)\b(?:measur\w*|track\w*|metrics?|know\s+(?:it|if|whether|that)|success|watch\w*|a/b|pilot|trial|"
    r"before\s+and\s+after|costs?|budget|trade-?offs?|risks?|effort|conversion|retention|nps|rate|"
    r"support\s+(?:calls|tickets)|fewer|less\s+time|drop(?:s|ped)?\s+(?:to|from|by)|compare\w*|check\s+(?:whether|if))\b"
)
_FOR_WHOM = re.compile(
    r"(?i)\bfor\s+(?:users|customers|people|anyone|everyone|patients|clients|new\s+\w+|the\s+\w+\s+who)\b|"
    r"\b(?:who|that)\s+(?:use|need|want)s?\b"
)
_VAGUE_FIX = re.compile(
    r"(?i)\b(?:user\s+experience|more\s+(?:intuitive|user[\s-]friendly|modern|efficient)|make\s+it\s+better|"
    r"easier\s+to\s+use|streamline|optimi[sz]e|improve\s+(?:it|things|the\s+(?:process|experience))|best\s+practices?|"
    r"stay\s+calm|feels?\s+heard|works\s+for\s+everyone|same\s+page|find\s+a\s+(?:solution|way)|scalable|reliable|"
    r"maintainable|(?:based\s+on|by)\s+(?:importance|urgency|priority|impact)|communicate\s+with\s+everyone|"
    r"listen\s+to\s+them|do\s+my\s+best|try\s+my\s+best|work\s+hard|handle\s+it|deal\s+with\s+it)\b"
)
# The question asks to fix or change something, so what is wrong today is part of the answer.
_IMPROVE_Q = re.compile(r"(?i)\b(?:improve|change|fix|redesign|better|wrong|problem)\b")


def proposing(sentences: list[Sentence]) -> list[Sentence]:
    """The sentences that say what they would do (not the ones that tell what they did)."""
    return [s for s in sentences if not s.non_answer and not s.is_question
            and (_PROPOSES.search(s.text) or (s.hypothetical and not s.generic)) and not s.own_action]


def score_proposal(sentences: list[Sentence], words: int, results: list, rel: float, question: str = "") -> Score:
    """A question that asks what they would do, choose or design: a hypothetical is the answer, not a fault.

    Credit: a direct answer that names the thing, a specific problem, a concrete proposal, the reason or who it
    is for, how they would know it worked or what it costs. A real example from their work is a bonus."""
    score = Score(1.0, ["1 to start"])
    proposals = proposing(sentences)
    first = sentences[0] if sentences else None
    if first is not None and not (first.own_action or first.team_action or first.generic or first.non_answer
                                  or first.part == "situation" or first.is_question):
        score.add(0.5, "for answering directly")
    problems = [s for s in sentences if s not in proposals and _PROBLEM.search(s.text) and not s.own_action]
    if any(s.numbers or s.names for s in problems):
        score.add(0.7, "for a specific problem (with a number or a name)")
    elif problems:
        score.add(0.4, "for naming the problem", "vague_problem")
    elif _IMPROVE_Q.search(question):
        score.flags.add("no_problem")
    vague = [s for s in proposals if (_VAGUE_FIX.search(s.text) or s.generic) and not (s.numbers or s.names)]
    plain = [s for s in proposals if s not in vague]
    own = [s for s in sentences if s.own_action]
    if plain:
        score.add(1.0, "for a proposal: what you would do")
        if sum(s.words for s in plain) >= 15 or len(plain) >= 2:
            score.add(0.3, "for making it concrete")
    elif proposals:
        score.add(0.4, "for saying what you would do, in general terms only", "vague_proposal")
    elif own and rel >= 0.6:
        # "How would you prioritise…?" answered with the time they did: an answer by example.
        score.add(1.0, "for answering with a real time you did it", "example_only")
        if sum(s.steps for s in own) >= 2:
            score.add(0.3, "for the steps you took")
    else:
        score.flags.add("no_proposal")
    if any((s.reasons or _FOR_WHOM.search(s.text)) and s not in vague for s in sentences):
        score.add(0.6, "for saying why it would help, or who it is for")
    else:
        score.flags.add("no_reason")
    # In what they propose, not in a story of what they did ("I compared three vendors' prices").
    if any(_MEASURE.search(s.text) for s in sentences if not (s.own_action or s.team_action)):
        score.add(0.5, "for saying how you would know it worked, or what it costs")
    else:
        score.flags.add("no_measure")
    if plain and own:
        score.add(0.3, "for backing it with something you have done")
    _specifics_and_faults(score, sentences, words, limit=0.5, short=20)
    return score


def _specifics_and_faults(score: Score, sentences: list[Sentence], words: int, *, limit: float, short: int) -> None:
    """What every answer that is not a story earns for specifics and loses to padding, platitudes and length."""
    points, listed = _specificity(sentences, limit)
    if points:
        score.add(round(points, 2), f"for specifics ({listed})")
    _penalties(score, sentences, words)
    _length_limits(score, words, short=short, long=260, sentences=sentences)


# "How would you describe your approach to product management?": the subject, without "in a sentence or two".
_APPROACH_Q = re.compile(r"(?i)\b(?:your|my)\s+(?:approach|philosophy|style)\b|\bapproach\s+to\b")
_ASIDES = re.compile(r"(?i)\b(?:in\s+(?:a|one)\s+(?:sentence|line|word)(?:\s+or\s+two)?|in\s+a\s+few\s+(?:words|sentences)|"
                     r"briefly|how\s+would\s+you\s+describe|describe)\b")


def story_elsewhere(kind: str, question: str, sentences: list[Sentence], rel: float) -> bool:
    """A work story where a proposal or an approach was asked for, and not about what was asked.

    A proposal question answered with a past story and no proposal, sharing under two words or topics with
    the question ("Which product would you improve?" answered with how they negotiated supply contracts).
    An approach question ("your approach to product management") answered with a story that states no
    approach and shares nothing with its subject. A story that is about the question (a past prioritisation
    for "How would you prioritise…?") is not caught: it answers by example."""
    story = [s for s in sentences if s.own_action or s.team_action]
    if not story:
        return False
    if kind == PROPOSAL:
        return not proposing(sentences) and rel < 0.6 and len(story) >= len(sentences) / 2
    if kind in (GENERAL, APPROACH) and _APPROACH_Q.search(question):
        subject = _ASIDES.sub(" ", question)
        stated = [s for s in sentences if not (s.own_action or s.team_action or s.outcome or s.non_answer
                                                or s.part in ("situation", "result"))]
        return not stated and relevance(subject, " ".join(s.text for s in sentences)) == 0
    return False


def job_points(score: Score, sentences: list[Sentence], job: JobContext | None) -> None:
    """A story or an example of the job's own work, told as what they did, is relevant to the role."""
    if job is None or score.flags & {"off_topic", OFF_QUESTION, "short", "hypothetical"}:
        return  # added after the caps: a capped answer stays capped
    did = job_sentence(sentences, own=True)
    if did is not None:
        score.add(0.2, f"for doing this job's own work ({', '.join(did.job_words[:3])})")


def finish(score: Score) -> float:
    if not any(line.startswith("+") for line in score.explanation):
        score.explanation.append("nothing in the answer earned points yet: see the improvements")
    value = max(1.0, min(5.0, score.value))
    value = float(f"{value + 1e-9:.1f}")
    score.explanation.append(f"= {value:g}")
    return value
