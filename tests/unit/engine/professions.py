"""The labelled set across professions (tests/fixtures/professions/tuning and heldout), and what a candidate in
each trade would notice in an interview built from their posting: questions in the posting's words, and no
question that names another trade's work."""

from __future__ import annotations

import importlib
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from agent_worker.core.asks import word_stems
from agent_worker.core.facts import (
    JobRequirements,
    extract_job_requirements,
    extract_resume_facts,
    match_resume_to_job,
)
from agent_worker.core.posting_role import PostingRole, role_from_posting
from agent_worker.core.simulate import simulate

SET = Path(__file__).resolve().parents[2] / "fixtures" / "professions"
TUNING, HELD_OUT, HELD_OUT_2 = "tuning", "heldout", "heldout2"

# Answers anyone could give, in no trade's words: what the interview asks next comes from the posting, not them.
ANSWERS = (
    "Yes, I'm ready, thanks.",
    "I've been in my current job for about three years. I like work where I can help people and keep things "
    "running smoothly, and this job is the next step for me.",
    "I'm the one people come to when something needs sorting out quickly. I stay calm and I keep track of things.",
    "One busy Saturday two colleagues called in sick. I was asked to cover two areas, so I made a list, did the "
    "most urgent things first and asked my supervisor to move one person over. By the end of the day everything "
    "was done, and my manager asked me to show the others how I had planned it.",
    "I decided the order myself, because the most urgent jobs had to be done before noon. I checked each one off "
    "as I went.",
    "Afterwards we changed the way the rota is made, so one person is always on standby. We have not been caught "
    "short since.",
    "A new starter was struggling, so I paired with them for their first week and wrote a short checklist. They "
    "were working on their own by the second week.",
    "I think I've learned to ask for help earlier rather than later.",
    "Last winter I noticed that the same mistake kept coming back on the evening handover. I wrote down what was "
    "checked and by whom, and we agreed to use the sheet every day. The mistakes stopped within a month.",
    "It was my own idea. My manager agreed once I showed her the three times it had gone wrong that week.",
    "A regular was angry because something had been promised and not done. I listened, apologised, told him "
    "exactly what I would do and by when, and called him back that afternoon. He still asks for me.",
    "The hardest part was keeping calm while he was shouting, and not promising more than I could do.",
    "What does the first week look like for someone starting in this job?",
)


@dataclass(frozen=True)
class Job:
    profession: str
    part: str
    posting: str
    resume: str
    labels: dict[str, Any]

    @property
    def requirements(self) -> JobRequirements:
        return extract_job_requirements(self.posting)

    @property
    def role(self) -> PostingRole:
        return role_from_posting(self.requirements, self.posting)


@cache
def jobs(part: str) -> tuple[Job, ...]:
    labels = json.loads((SET / part / "labels.json").read_text())
    return tuple(Job(profession, part, (SET / part / f"{profession}_posting.txt").read_text(),
                     (SET / part / f"{profession}_resume.txt").read_text(), labels[profession])
                 for profession in labels)


@cache
def giveaways() -> dict[str, tuple[str, ...]]:
    data = json.loads((SET / "giveaways.json").read_text())
    return {profession: tuple(words) for profession, words in data.items() if not profession.startswith("_")}


def _has(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE) is not None


def other_trades_words(text: str, job: Job) -> list[str]:
    """The words of other trades `text` uses that the job's own posting does not."""
    return [word for profession, words in giveaways().items() if profession != job.profession
            for word in words if _has(text, word) and not _has(job.posting, word)]


def posting_words(text: str, job: Job) -> set[str]:
    """The words `text` shares with the posting's title, duties and requirements (stems, no filler)."""
    req = job.requirements
    own = word_stems(" ".join([req.title or "", *req.responsibilities, *req.must_haves, *req.nice_to_haves]))
    generic = word_stems("job work time tell about what how did you your team someone something people day week")
    return (word_stems(text) & own) - generic


def shown_met(job: Job) -> list[str]:
    """The posting's requirements the match shows as met by the job's resume (must-haves and nice-to-haves)."""
    match = match_resume_to_job(extract_resume_facts(job.resume), job.requirements, today_year=2026,
                                resume_text=job.resume)
    return [m["requirement"] for m in match["matched_requirements"]] + list(match["nice_to_haves_matched"])


def themes_found(job: Job) -> list[str]:
    """The themes a recruiter in the trade looks for (labels.json) that the role's competencies name."""
    return [theme for theme in job.labels["competencies"] if any(theme in name for name in job.role.competencies)]


def interview(job: Job, *, level: str = "mid", seed: str = "professions", bank: list[dict] | None = None,
              role: str | None = None, competencies: list[str] | None = None) -> list[dict[str, Any]]:
    """A whole text interview of the job's posting role (or another `bank`) with neutral answers."""
    posting_role = job.role
    candidate = {
        "name": "Sam", "role": role or posting_role.title, "level": level, "resume_text": job.resume,
        "job_description": job.posting, "company": job.labels.get("company", ""),
        "competencies": competencies if competencies is not None else list(posting_role.competencies),
        "focus_areas": list(posting_role.competencies),
        "question_bank": bank if bank is not None else [dict(entry) for entry in posting_role.bank],
    }
    turns = [{"say": text, "delay_seconds": 2} for text in ANSWERS]
    return simulate({"candidate": candidate, "turns": turns, "seed": seed})


def questions(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == "question.asked"]


def lines(events: list[dict[str, Any]]) -> list[str]:
    """Everything the interviewer said."""
    return [e["data"]["text"] for e in events if e["type"] == "agent.said"]


def sales_bank() -> tuple[list[dict[str, Any]], list[str]]:
    """The seeded Sales role's bank and competencies: what the walk's nurse picked, the closest of six roles."""
    seeded = importlib.import_module("interviews.migrations.0002_seed_roles_and_plans")
    sales = next(role for role in seeded.ROLES if role["slug"] == "sales")
    bank = [{"stage": stage, "text": text, "competency": competency}
            for stage, entries in sales["questions"].items() for text, competency in entries]
    bank += [{"stage": "greeting", "text": "Shall we get started?", "tags": ["ready"]}]
    return bank, list(sales["competencies"])
