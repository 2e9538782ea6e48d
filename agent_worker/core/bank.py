"""Question banks: the default bank for the default plan's stages, and loading a role's own bank.

A bank is a list of `{stage, text, competency, levels?, tags?}`. `levels` (e.g. ["mid", "senior"]) keeps a
question for the levels it suits (none: every level; a single `level` string, as stored before, is read as
one); `tags` say whether it opens its stage ("opener") and what it is about
(`TOPIC_TAGS`: "project", "decision" ...). Texts may use {role} and {company}. The follow-up
ladder's questions live here too, several wordings per rung, so follow-ups do not sound canned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["DEFAULT_BANK", "GENERIC_QUESTIONS", "NEUTRAL_BANK", "OPENER_TAGS", "TOPIC_TAGS", "BankQuestion", "fits_level",
           "level_group", "load_bank"]

# Tags that mark a stage's first question ("ready?" in the greeting, "any questions?" in the closing).
OPENER_TAGS = frozenset({"opener", "ready", "questions"})
# Topic tags: what a question is about, so bridges and follow-ups line up with it.
TOPIC_TAGS = ("background", "current_role", "motivation", "strengths", "teamwork", "priorities", "growth",
              "project", "problem_solving", "decision", "conflict", "failure", "improvement", "learning",
              "trade_off", "influence", "communication", "mentoring", "company", "culture", "ready",
              "candidate_questions")


_JUNIOR = ("junior", "entry", "entry-level", "intern", "graduate", "new grad", "student", "associate")
_SENIOR = ("senior", "staff", "principal", "lead", "manager", "director")


def level_group(level: str) -> str:
    """junior, mid or senior (students and interns are asked like juniors; staff, principal, lead and
    manager like seniors)."""
    value = (level or "").strip().lower()
    if value in _JUNIOR:
        return "junior"
    if value in _SENIOR:
        return "senior"
    return "mid"


def fits_level(levels: list[str] | tuple[str, ...] | None, level: str) -> bool:
    """Whether a question for `levels` (none: every level) suits a candidate at `level` (none: any question)."""
    if not levels or not (level or "").strip():
        return True
    return level_group(level) in {level_group(value) for value in levels}


@dataclass(frozen=True)
class BankQuestion:
    stage: str
    text: str
    competency: str | None = None
    levels: tuple[str, ...] = field(default_factory=tuple)
    tags: tuple[str, ...] = field(default_factory=tuple)


def _q(stage: str, text: str, competency: str | None = None, *tags: str,
       levels: tuple[str, ...] = ()) -> dict[str, Any]:
    entry: dict[str, Any] = {"stage": stage, "text": text, "competency": competency}
    if levels:
        entry["levels"] = list(levels)
    if tags:
        entry["tags"] = list(tags)
    return entry


DEFAULT_BANK: list[dict[str, Any]] = [
    # greeting: one "ready?" question is asked; several wordings
    _q("greeting", "Does that sound good, and are you ready to begin?", None, "ready"),
    _q("greeting", "Before we dive in, how are you feeling? Ready to get started?", None, "ready"),
    _q("greeting", "Shall we get started?", None, "ready"),
    # self_intro
    _q("self_intro", "Could you start by telling me a little about yourself and what you're working on right now?",
       "communication", "opener", "background"),
    _q("self_intro", "Walk me through your background, briefly, and how you got to where you are today.",
       "communication", "opener", "background"),
    _q("self_intro", "How would you describe your current role to someone outside your field?", "communication",
       "current_role"),
    _q("self_intro", "What first drew you to this kind of work?", "motivation", "motivation"),
    _q("self_intro", "What are you strongest at, and how would a colleague put it?", "self_awareness", "strengths"),
    _q("self_intro", "What made you interested in this {role} position?", "motivation", "motivation"),
    _q("self_intro", "Which part of your job do you enjoy most, and which part least?", "self_awareness",
       "current_role"),
    _q("self_intro", "What are you hoping to learn or do more of in your next role?", "motivation", "growth"),
    _q("self_intro", "Which accomplishment from the last couple of years are you proudest of?", "communication",
       "project"),
    _q("self_intro", "How do you like to work with a team?", "collaboration", "teamwork"),
    _q("self_intro", "How do you usually decide what to focus on when everything feels urgent?", "prioritisation",
       "priorities"),
    _q("self_intro", "What have you learned in the last year that changed how you work?", "learning", "learning",
       levels=("junior",)),
    _q("self_intro", "How have you grown into a leadership role, formally or not?", "leadership", "influence",
       levels=("senior",)),
    # past_experience
    _q("past_experience", "Tell me about a project you're especially proud of. What was it, and what was your part?",
       None, "opener", "project"),
    _q("past_experience", "Describe a time you had to solve a hard technical or practical problem under pressure.",
       "problem_solving", "opener", "problem_solving"),
    _q("past_experience", "Tell me about a decision you made with incomplete information. How did it turn out?",
       "judgement", "decision"),
    _q("past_experience", "Describe a time you disagreed with a teammate or manager. How did you handle it?",
       "collaboration", "conflict"),
    _q("past_experience", "Tell me about something that went wrong on a project and what you learned from it.",
       "ownership", "failure"),
    _q("past_experience", "Give me an example of improving a process, a system or a habit of your team.",
       "initiative", "improvement"),
    _q("past_experience", "Talk me through a situation where you had to learn something new quickly to deliver.",
       "learning", "learning"),
    _q("past_experience", "Describe a time you had to balance quality against a tight deadline.", "prioritisation",
       "trade_off"),
    _q("past_experience", "Tell me about a time you influenced people who did not report to you.", "leadership",
       "influence"),
    _q("past_experience", "Share an example of explaining something complex to a non-expert audience.",
       "communication", "communication"),
    _q("past_experience", "Tell me about a time you asked for help on something you were stuck on. How did you "
       "decide it was time to ask?", "learning", "learning", levels=("junior",)),
    _q("past_experience", "Tell me about a piece of work where you had to figure out the scope yourself. What did "
       "you decide to leave out?", "ownership", "decision", levels=("junior",)),
    _q("past_experience", "Tell me about a time you mentored someone or raised the bar for your team.",
       "leadership", "mentoring", levels=("senior",)),
    _q("past_experience", "Tell me about a technical direction you set that others doubted at first. How did you "
       "bring them along?", "leadership", "influence", levels=("senior",)),
    _q("past_experience", "Describe a trade-off you made between speed and long-term health of a system, and how "
       "you explained it to others.", "judgement", "trade_off", levels=("senior",)),
    # closing
    _q("closing", "Before we wrap up, is there anything you'd like to ask me?", None, "questions",
       "candidate_questions"),
    _q("closing", "We have a minute left. Do you have any questions for me about the role or the team?", None,
       "questions", "candidate_questions"),
    _q("closing", "Is there something about the job or the process you're curious about?", None, "questions",
       "candidate_questions"),
    # company_fit (for plans that add such a stage)
    _q("company_fit", "What do you know about {company}, and what makes it interesting to you?", "motivation",
       "company"),
    _q("company_fit", "How do you see yourself contributing at {company} in your first few months?", "motivation",
       "company"),
    _q("company_fit", "What kind of team culture brings out your best work?", "collaboration", "culture"),
]

# The profession-neutral behavioural bank: what a role made from a posting asks beside the posting's own duties
# (`posting_role`). Every question suits a nurse, a warehouse worker, a teacher and a developer alike: no
# project, product, code or sale, only work, colleagues and the people the job serves. Competencies are the
# posting themes' names; one the posting does not name falls back to the stage's.
NEUTRAL_BANK: list[dict[str, Any]] = [
    *(entry for entry in DEFAULT_BANK if entry["stage"] == "greeting"),
    _q("self_intro", "Could you start by telling me a little about yourself and the work you do now?",
       "communication", "opener", "background"),
    _q("self_intro", "Walk me through your background, briefly, and how you got to where you are today.",
       "communication", "opener", "background"),
    _q("self_intro", "What does a normal day or week look like in your current job?", "communication",
       "current_role"),
    _q("self_intro", "What made you interested in this {role} job?", "communication", "motivation"),
    _q("self_intro", "What first drew you to this kind of work?", "communication", "motivation"),
    _q("self_intro", "What are you strongest at, and how would a colleague put it?", "communication", "strengths"),
    _q("self_intro", "Which part of your job do you enjoy most, and which part least?", "communication",
       "current_role"),
    _q("self_intro", "How do you like to work with the people around you?", "teamwork", "teamwork"),
    _q("self_intro", "What are you hoping to learn or do more of in your next job?", "learning", "growth"),
    _q("past_experience", "Tell me about a piece of work you're especially proud of. What was it, and what was "
       "your part?", None, "project"),
    _q("past_experience", "Tell me about a time something went wrong at work. What did you do, and what did you "
       "learn from it?", "problem solving", "failure"),
    _q("past_experience", "Tell me about a time you disagreed with a colleague or your manager. How did you "
       "handle it?", "teamwork", "conflict"),
    _q("past_experience", "Give me an example of a time you made something at work run better.", "problem solving",
       "improvement"),
    _q("past_experience", "Tell me about a decision you had to make at work without all the information. How did "
       "it turn out?", "problem solving", "decision"),
    _q("past_experience", "Tell me about a time you asked for help with something you were stuck on. How did you "
       "decide it was time to ask?", "learning", "learning", levels=("junior",)),
    _q("past_experience", "Tell me about a time you helped someone newer than you get better at the job.",
       "leadership", "mentoring", levels=("senior",)),
    _q("past_experience", "Tell me about a time you changed how your team did something, when others doubted it "
       "at first. How did you bring them along?", "leadership", "influence", levels=("senior",)),
    _q("closing", "Before we wrap up, is there anything you'd like to ask me about the job or the team?", None,
       "questions", "candidate_questions"),
    _q("closing", "We have a minute left. Do you have any questions for me about the job?", None, "questions",
       "candidate_questions"),
    _q("closing", "Is there something about the job or the process you're curious about?", None, "questions",
       "candidate_questions"),
]

# For stages with no bank questions (a recruiter's custom stage with no bank yet).
GENERIC_QUESTIONS: list[str] = [
    "Tell me about a piece of work from the last year that you'd like me to know about.",
    "Describe a situation where you had to make a difficult call. What did you decide?",
    "What is something you changed your mind about at work, and why?",
    "Tell me about a time you received tough feedback. What did you do with it?",
    "Describe a goal you missed. What happened next?",
    "How do you approach a problem you have never seen before?",
]


def _levels(entry: dict[str, Any]) -> tuple[str, ...]:
    """The levels a stored entry suits: its `levels` list, or the single `level` banks stored before."""
    levels = entry.get("levels")
    if isinstance(levels, list | tuple):
        return tuple(v.strip().lower() for v in levels if isinstance(v, str) and v.strip())
    level = entry.get("level")
    return (level.strip().lower(),) if isinstance(level, str) and level.strip() else ()


def load_bank(entries: list[dict[str, Any]] | None) -> list[BankQuestion]:
    """Read bank entries, skipping malformed ones (a bad row must not stop an interview)."""
    bank: list[BankQuestion] = []
    for entry in entries or []:
        if not isinstance(entry, dict):
            continue
        stage, text = entry.get("stage"), entry.get("text")
        if not isinstance(stage, str) or not isinstance(text, str) or not text.strip():
            continue
        tags = entry.get("tags") or ()
        bank.append(BankQuestion(
            stage=stage.strip(),
            text=" ".join(text.split())[:400],
            competency=entry.get("competency") if isinstance(entry.get("competency"), str) else None,
            levels=_levels(entry),
            tags=tuple(str(t) for t in tags) if isinstance(tags, list | tuple) else (),
        ))
    return bank
