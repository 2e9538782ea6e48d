"""A role read from a job posting, for any profession: its title, competencies, focus areas and question bank.

A recruiter's role (Software Engineer, Sales …) brings its own bank, written for that trade. A nurse, a warehouse
worker or a chef has none, and a role of another trade asks them about pipelines or products. So the posting
itself becomes the role: the competencies are the themes its duties and requirements name (safety, accuracy,
physical work, patient care …), the main questions are its own duties asked back ("The job asks you to pick,
pack and ship customer orders accurately. Tell me about a time you did that…"), and the rest comes from a
profession-neutral behavioural bank (`bank.NEUTRAL_BANK` and each theme's own questions here). Nothing here
names a trade: a question about a trade's work only ever uses the words of that trade's posting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agent_worker.core.bank import NEUTRAL_BANK
from agent_worker.core.facts import JobRequirements
from agent_worker.core.text import cap

__all__ = ["THEMES", "PostingRole", "Theme", "duty_question", "role_from_posting", "role_matches_posting",
           "short_title"]


@dataclass(frozen=True)
class Theme:
    """A competency any trade may ask for, the words by which a posting asks for it, and questions about it
    that name no trade."""

    name: str
    cues: re.Pattern[str]
    questions: tuple[str, ...]
    tag: str


def _cues(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# In the order a tie is broken: the themes a posting is most often about first.
THEMES: tuple[Theme, ...] = (
    Theme("safety", _cues(r"\bsafe(?:ly|ty)?\b|\bhazard|\bppe\b|risk assessment|infection control|safeguarding|"
                          r"safe isolation|health and safety|\binjur"),
          ("Tell me about a time you noticed something unsafe at work. What did you do about it?",
           "Tell me about a time you had to follow a safety rule when it would have been quicker not to. What "
           "happened?"), "problem_solving"),
    Theme("patient care", _cues(r"\bpatients?\b"),
          ("Tell me about a time you noticed a patient needed something they had not asked for. What did you do?",
           "Tell me about a time you had to stay calm and kind with someone who was frightened or upset in your "
           "care. How did you handle it?"), "project"),
    Theme("care", _cues(r"\bperson[- ]centred|\bpersonal care\b|\bdignity\b|\bcompassion|\bwell[- ]?being\b"),
          ("Tell me about a time you noticed that someone in your care needed something they had not asked for. "
           "What did you do?",
           "Tell me about a time you helped someone keep their dignity or independence. What did you do?"),
          "project"),
    Theme("accuracy", _cues(r"\baccura(?:te|tely|cy)\b|attention to detail|\bcounts?\b|\bcounting\b|discrepanc|"
                            r"\bcheck(?:ing|s)?\b[^.;]{0,40}\bagainst\b|\bquantit|\bmatching\b|\breconcil|"
                            r"\bbalance the\b|\bup to date\b|\bpaperwork\b|\bcertificates\b"),
          ("Tell me about a time you caught a mistake before it caused a problem. How did you spot it?",
           "How do you make sure your work is right when you are busy? Tell me about one time it mattered."),
          "improvement"),
    Theme("physical work", _cues(r"\blift(?:ing)?\b|\blbs\b|\bkg\b|\bstand(?:ing)?\b|\bon your feet\b|\bbending\b|"
                                 r"\bphysical(?:ly)?\b|manual handling|moving and handling|\bunload"),
          ("This job is physical. Tell me about the most physically demanding work you've done, and how you kept "
           "it up safely through a long day.",), "current_role"),
    Theme("customer service", _cues(r"\bcustomers?\b(?! orders?\b)|\bguests?\b|\bclients?\b|\bvisitors?\b|\bcomplaints?\b|"
                                    r"\bwarmly\b|\bfriendly\b|\bhelpful\b"),
          ("Tell me about a time someone you were serving was unhappy. What did you do, and how did it end?",
           "Tell me about a time you went out of your way to help someone you were serving. What did you do?"),
          "communication"),
    Theme("prioritising", _cues(r"\bprioriti[sz]|\btriage\b|\bdecide who\b|\bbusy\b|\bdeadlines?\b|under pressure|fast[- ]paced|\bon time\b|"
                                r"\bquickly\b|time management"),
          ("Tell me about a day when everything needed doing at once. How did you decide what came first?",
           "Tell me about a time you had a tight deadline. How did you get it done?"), "priorities"),
    Theme("reliability", _cues(r"\breliab|\bdependab|\battendance\b|\bpunctual|\bflexib|\bweekends\b|"
                               r"\bnights?\b|\bshifts\b"),
          ("Tell me about a time the team was short and you helped keep things going. What did you do?",
           "How do you make sure people can count on you? Tell me about one time it was tested."), "teamwork"),
    Theme("communication", _cues(r"\bcommunicat|\bexplain|\beducate|\btalk\b|\binform(?:ed)?\b|\bspoken\b|"
                                 r"\bwritten\b|\bphone\b|\bparents\b|\bfamilies\b|\bcalls?\b|\bletters\b"),
          ("Tell me about a time you had to explain something to someone who found it hard to follow. How did "
           "you make sure they understood?",
           "Tell me about a time you had to pass on bad news or a difficult message. How did you go about it?"),
          "communication"),
    Theme("teamwork", _cues(r"\bteams?\b|\bcolleagues?\b|\bwork(?:ing)? (?:closely )?with\b|\balongside\b|"
                            r"\bliaise|\bcoordinat"),
          ("Tell me about a time you worked with others to get something done against the clock. What was your "
           "part?",
           "Tell me about a time you helped a colleague who was struggling. What did you do?"), "teamwork"),
    Theme("planning and organisation", _cues(r"\borgani[sz]|\bplan(?:s|ning)?\b|\bschedul|\bdiar(?:y|ies)\b|"
                                             r"\bfiling\b|\brecords\b"),
          ("How do you keep track of everything you have to do in a busy week? Give me an example.",
           "Tell me about something you planned from start to finish. How did you plan it, and how did it go?"),
          "priorities"),
    Theme("problem solving", _cues(r"\bfaults?\b|\btroubleshoot|\bresolve|\bfix(?:es|ing)?\b|\binvestigat|"
                                   r"\bquer(?:y|ies)\b|\bproblems?\b|\bdiagnos"),
          ("Tell me about a problem at work you had to get to the bottom of. How did you find the cause?",
           "Tell me about a time something broke or went wrong and you had to fix it on the spot. What did you "
           "do?"), "problem_solving"),
    Theme("leadership", _cues(r"\blead(?:ing)?\b|\bsupervis|\bmentor|\ballocat|\bprecept|\bcoach|\bapprentices?\b|"
                              r"\bdirect(?:ing)? (?:a|the)\b"),
          ("Tell me about a time you showed someone new how to do the job. How did you go about it?",
           "Tell me about a time you had to take charge when things got busy. What did you do?"), "mentoring"),
    Theme("learning", _cues(r"\blearn|\breflective\b|\bfeedback\b|\bwilling(?:ness)? to\b|\bkeen to\b|"
                            r"\bdevelop(?:ing)? (?:their|your) practice|\bwe will train\b|\btraining\b"),
          ("Tell me about something new you had to learn quickly for work. How did you go about it?",
           "Tell me about a time you got feedback that was hard to hear. What did you do with it?"), "learning"),
    Theme("negotiation", _cues(r"\bnegotiat|\bpersua|\bmargins?\b"),
          ("Tell me about a time you had to reach an agreement with someone who wanted something different. How "
           "did it go?",), "influence"),
    Theme("results", _cues(r"\btargets?\b|\bgoals?\b|\bkpis?\b|\bexceed\b|\bgrow\b"),
          ("Tell me about a target you were set at work. How did you go about meeting it?",), "improvement"),
)
_BY_NAME = {theme.name: theme for theme in THEMES}
# What a posting that names too few themes is asked about as well: every job has them.
_EVERY_JOB = ("communication", "teamwork", "problem solving")
MAX_COMPETENCIES = 5
# The competency the standard plan's "About you" stage targets (plans.DEFAULT_PLAN's self_intro): every posting
# role scores it, so the answers about the candidate are not left unscored.
STAGE_COMPETENCY = "communication"
MAX_DUTY_QUESTIONS = 6

# A posting's title after its first separator is the shift, the ward or the hours ("Warehouse Associate - Day
# Shift", "Retail Sales Assistant (Part-time, 24 hours)"): the job is named by what comes before.
_TITLE_CUT_RE = re.compile(r"\s+[-–—|/]\s+|\s*[(,:]")
# Words a title shares with a role's that say nothing about the trade ("Product Manager" and "Store Manager").
_TITLE_FILLER = frozenset({"senior", "junior", "lead", "principal", "staff", "associate", "assistant", "trainee",
                           "head", "of", "and", "the", "a", "an", "i", "ii", "iii", "level", "entry", "graduate",
                           "part", "time", "full", "temporary", "permanent", "manager", "specialist", "officer",
                           "coordinator", "representative", "executive", "worker", "operative", "agent"})


def short_title(title: str | None) -> str:
    """The job a posting's title names, without its shift, hours or place: "Warehouse Associate"."""
    text = " ".join((title or "").split())
    head = _TITLE_CUT_RE.split(text, maxsplit=1)[0].strip(" -–—|/,.:") if text else ""
    return cap(head or text, 80)


def _title_words(title: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", title.lower()) if w not in _TITLE_FILLER}


def role_matches_posting(role_title: str, posting_title: str | None) -> bool:
    """Whether a recruiter's role is about the posting's job: a word of the role's title that names a trade is
    in the posting's title ("Software Engineer" and "Senior Backend Engineer"; not "Sales" and "Registered
    Nurse", nor "Product Manager" and "Store Manager"). A posting without a title matches any role."""
    said = _title_words(posting_title or "")
    return not said or bool(_title_words(role_title) & said)


# -- the duties asked back ----------------------------------------------------------------------------------

# A duty line that opens with one of these is a sentence about the job, not a duty ("As a Front Desk Agent you
# are the first person our guests meet").
_NOT_A_DUTY_OPENING = frozenset({"as", "you", "we", "our", "the", "a", "an", "this", "their", "its", "in", "it",
                                 "there", "they", "he", "she", "and", "or", "but", "with", "for", "to", "of", "at"})
# Where a duty's own clause ends: what follows is its detail ("…, including washing, dressing …").
_DUTY_CUT_RE = re.compile(r"\s*(?:;|\(|\s[-–—]\s|\s(?:using|via)\s|,\s*(?:including|such as|e\.g\.|using|following|taking|"
                          r"handling|involving|especially|ideally|working)\b|:)", re.IGNORECASE)
_SIBILANT_ES_RE = re.compile(r"(?:ss|sh|ch|x|z|o)es$")
# Verbs whose base form ends in "s": not a third person's "s" to drop.
_ENDS_IN_S = frozenset({"focus", "process", "assess", "access", "address", "discuss", "express", "canvas",
                        "harness", "witness", "bias", "dress", "pass", "press", "cross", "toss", "boss", "buss"})
DUTY_WORDS_LIMIT = 16


def _base_verb(word: str) -> str:
    """A duty's first verb in its base form: "Provides" -> "provide", "Carries" -> "carry"."""
    lower = word.lower()
    if lower in _ENDS_IN_S or len(lower) <= 3 or not lower.endswith("s") or lower.endswith(("ss", "us", "is")):
        return lower
    if lower.endswith("ies"):
        return lower[:-3] + "y"
    if _SIBILANT_ES_RE.search(lower):
        return lower[:-2]
    return lower[:-1]


def _duty_clause(duty: str) -> str:
    """A duty's own clause, short enough to say back: its detail and examples left out."""
    text = " ".join(duty.split()).strip(" .;:•*-–—")
    text = _DUTY_CUT_RE.split(text, maxsplit=1)[0].strip(" ,.")
    words = text.split()
    if len(words) > DUTY_WORDS_LIMIT:
        head = " ".join(words[:DUTY_WORDS_LIMIT])
        text = head.rsplit(",", 1)[0] if "," in head else head
    return text.strip(" ,.")


_DUTY_WORDINGS = (
    "The job asks you to {duty}. Tell me about a time you did that, or the closest thing you've done: what "
    "happened, and what was your part?",
    "One of the duties here is to {duty}. Tell me about a time you did something like that. What did you do, "
    "and how did it go?",
)
_GERUND_WORDINGS = (
    "This job involves {duty}. Tell me about a time you did that, or the closest thing you've done: what "
    "happened, and what was your part?",
    "A big part of this job is {duty}. Tell me about a time you did something like that. What did you do, "
    "and how did it go?",
)


def duty_question(duty: str, index: int = 0) -> str | None:
    """A duty of the posting asked back as a question about a real time, in the posting's own words; None for a
    line that is no duty ("As a Front Desk Agent you are the first person our guests meet")."""
    clause = _duty_clause(duty)
    words = clause.split()
    if len(words) < 3 or not words[0][:1].isalpha() or words[0].lower() in _NOT_A_DUTY_OPENING:
        return None
    first = words[0]
    if first.lower().endswith("ing") and len(first) > 5:
        wordings, verb = _GERUND_WORDINGS, first.lower()
    else:
        wordings, verb = _DUTY_WORDINGS, _base_verb(first)
    rest = " ".join(words[1:])
    return wordings[index % len(wordings)].format(duty=f"{verb} {rest}")


# -- the role ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PostingRole:
    """A role made from a posting: what the interview is called, scored on and asks."""

    title: str
    competencies: tuple[str, ...]
    focus_areas: tuple[str, ...]
    bank: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    description: str = ""

    def questions_for(self, stage: str) -> list[dict[str, Any]]:
        return [entry for entry in self.bank if entry["stage"] == stage]


def _lines_of(job: JobRequirements, text: str) -> tuple[list[str], list[str]]:
    """(duties, requirements) the posting states; every line of its text when the reader found no duties."""
    duties = [d for d in job.responsibilities if d.strip()]
    requirements = [*job.must_haves, *job.nice_to_haves, *job.conditions]
    if not duties:
        requirements += [line for line in text.splitlines() if line.strip()]
    return duties, requirements


def _themes(duties: list[str], requirements: list[str]) -> list[Theme]:
    """The posting's themes, most named first (a duty counts twice: it is the work itself)."""
    scores: dict[str, int] = {}
    for weight, lines in ((2, duties), (1, requirements)):
        for line in lines:
            for theme in THEMES:
                if theme.cues.search(line):
                    scores[theme.name] = scores.get(theme.name, 0) + weight
    if scores.get("patient care"):
        scores.pop("care", None)  # one care theme: the patient's when the posting says so
    ranked = sorted(scores, key=lambda name: (-scores[name], [t.name for t in THEMES].index(name)))
    chosen = ranked[:MAX_COMPETENCIES]
    for name in _EVERY_JOB:
        if len(chosen) >= 3:
            break
        if name not in chosen:
            chosen.append(name)
    if STAGE_COMPETENCY not in chosen:
        chosen.append(STAGE_COMPETENCY)  # the plan's "About you" stage asks for it: its answers are scored too
    return [_BY_NAME[name] for name in chosen]


def _theme_of(line: str, themes: list[Theme]) -> str:
    """The theme a duty is about: the most particular one the role has that it names (safety before
    teamwork), else the role's first."""
    chosen = {theme.name for theme in themes}
    for theme in THEMES:
        if theme.name in chosen and theme.cues.search(line):
            return theme.name
    return themes[0].name


def _entry(stage: str, text: str, competency: str | None, *tags: str, levels: tuple[str, ...] = ()) -> dict[str, Any]:
    entry: dict[str, Any] = {"stage": stage, "text": text, "competency": competency, "tags": list(tags)}
    if levels:
        entry["levels"] = list(levels)
    return entry


def role_from_posting(job: JobRequirements, text: str = "", *, title: str = "") -> PostingRole:
    """The role a posting describes: its short title, the competencies its duties and requirements name, its
    first duties as focus areas, and a bank of its duties asked back beside the neutral behavioural bank."""
    duties, requirements = _lines_of(job, text)
    themes = _themes(duties, requirements)
    names = [theme.name for theme in themes]
    name = short_title(title or job.title or _first_line(text)) or "this job"
    bank: list[dict[str, Any]] = []
    for entry in NEUTRAL_BANK:
        competency = entry.get("competency")
        if competency is not None and competency not in names:
            competency = None  # the stage's own competency (a theme this posting does not name is not scored)
        bank.append({**entry, "competency": competency, "tags": list(entry.get("tags") or [])})
    asked = 0
    for duty in duties:
        question = duty_question(duty, asked)
        if question is None:
            continue
        tags = ("opener", "project") if asked < 2 else ("project",)
        bank.append(_entry("past_experience", question, _theme_of(duty, themes), *tags))
        asked += 1
        if asked >= MAX_DUTY_QUESTIONS:
            break
    for theme in themes:
        for wording in theme.questions:
            bank.append(_entry("past_experience", wording, theme.name, theme.tag))
    focus = [cap(_duty_clause(d), 90) for d in duties if duty_question(d) is not None][:4]
    focus = [f[:1].upper() + f[1:] for f in focus] or [theme.name.capitalize() for theme in themes[:4]]
    description = "Built from the job description: " + ", ".join(names) + "."
    return PostingRole(title=name, competencies=tuple(names), focus_areas=tuple(focus), bank=tuple(bank),
                       description=description)


def _first_line(text: str) -> str:
    for line in text.splitlines():
        line = line.strip(" #*-–—\t")
        if line and line not in ("---", "+++") and len(line.split()) <= 10:
            return line
    return ""

