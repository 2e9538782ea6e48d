"""The sample report a visitor can open from the landing page.

Nothing in it is written by hand: a sample candidate answers a Quick practice interview run by the
engine's own `simulate`, and the report is analysed, narrated (rules) and rendered by the same code as
a candidate's. The objects are unsaved, so the sample touches no database row and no account.
"""

from __future__ import annotations

import copy
import functools

from django.conf import settings

from agent_worker.core.plans import QUICK_PLAN
from agent_worker.core.simulate import simulate
from interviews.services.plans import SAMPLE_JOB_DESCRIPTION, SAMPLE_RESUME

SAMPLE_ROLE = "Software Engineer"
SAMPLE_COMPETENCIES = ["system design", "communication", "ownership"]
SAMPLE_BANK = [
    {"stage": "self_intro", "text": "Tell me about yourself and the kind of software you've been building recently.",
     "competency": "communication"},
    {"stage": "past_experience", "text": "Tell me about the hardest bug you've tracked down. How did you find the cause?",
     "competency": "debugging"},
    {"stage": "past_experience", "text": "Walk me through a system you designed. What were the requirements and the "
     "main trade-offs?", "competency": "system design"},
]
# A good but uneven candidate: specific answers with numbers, one vague answer, a few fillers. The turns
# follow the questions the scripted interviewer asks this candidate (a test checks each one is answered).
SAMPLE_TURNS = [
    {"say": "Thanks, glad to be here. A tech lead once told me my design documents were too long to review, so "
            "now I open each one with a one-paragraph summary and the decision I need.",
     "speak_seconds": 11, "delay_seconds": 2},
    {"say": "I'm a backend engineer with about eight years of experience, mostly Python and PostgreSQL. Right now "
            "I lead the order-routing team at Northwind Logistics, and I, um, really enjoy making slow systems fast.",
     "speak_seconds": 14, "delay_seconds": 2},
    {"say": "Peak-time timeouts. Last winter routing calls started failing under holiday load, and finding out why "
            "taught me more about PostgreSQL query plans than anything before.",
     "speak_seconds": 11, "delay_seconds": 2},
    {"say": "I think it was, like, a team effort really, we kind of all worked on it.",
     "speak_seconds": 6, "delay_seconds": 2},
    {"say": "At Northwind our order routing was timing out at peak. I was the tech lead, so my task was to find the "
            "cause before the holiday season. The hardest decision was to fix the query instead of adding replicas: "
            "I profiled the service, found a sequential scan, added a partial index and a cache, and rolled it out "
            "behind a flag. As a result p95 latency dropped by 40% and timeouts went from 2% to 0.1%.",
     "speak_seconds": 30, "delay_seconds": 3},
    {"say": "The trade-off was speed against safety. I rolled it out to 5% of traffic first, and I walked the "
            "on-call team through the dashboards so they could switch it off without me.",
     "speak_seconds": 12, "delay_seconds": 2},
    {"say": "I would load-test it before launch, not after. We found the payment step's limits in production; "
            "splitting it into a queue later cut checkout errors by 80%.",
     "speak_seconds": 11, "delay_seconds": 2},
    {"say": "Last spring a billing migration stalled at 60% because old invoices broke the new schema. I wrote a "
            "dry-run script over a copy of production, fixed 14 edge cases it found, and we finished two weeks later "
            "with no customer-facing errors.", "speak_seconds": 15, "delay_seconds": 2},
    {"say": "The order-routing service: it places 50,000 orders an hour across 12 warehouses. I kept the rules in "
            "PostgreSQL and put a cache in front; the trade-off was stock counts up to a minute old for a 40% "
            "faster answer.", "speak_seconds": 14, "delay_seconds": 2},
    {"say": "I write down what I know and what I don't, reproduce it small, and ask someone who has seen it "
            "before. And what does the on-call rotation look like for the team?",
     "speak_seconds": 10, "delay_seconds": 1},
]


def sample_events(*, spoken: bool) -> list[dict]:
    """The sample interview's events; typed answers when voice is off, as a candidate here would give."""
    script = {
        "candidate": {
            "name": "Sam", "role": SAMPLE_ROLE, "level": "senior", "resume_text": SAMPLE_RESUME,
            "job_description": SAMPLE_JOB_DESCRIPTION, "company": "Northwind Logistics",
            "competencies": SAMPLE_COMPETENCIES, "question_bank": SAMPLE_BANK,
        },
        "turns": SAMPLE_TURNS,
        "seed": "sample-report",
    }
    events = simulate(script, plan=copy.deepcopy(QUICK_PLAN))
    if not spoken:
        for event in events:
            if event["type"] == "candidate.said":
                event["data"]["source"] = "text"
                event["data"].pop("words", None)
    return events


@functools.lru_cache(maxsize=2)
def sample_report(*, spoken: bool):
    """An unsaved, ready Report of the sample interview (built once per process and mode)."""
    from accounts.models import User
    from feedback.analysis import analyse_interview
    from feedback.models import Report, StepStatus
    from feedback.narrative import rules_narrative
    from feedback.scoring import JobContext
    from interviews.models import Interview, Role, StagePlan

    events = sample_events(spoken=spoken)
    plan = StagePlan(name=QUICK_PLAN["name"], version=QUICK_PLAN["version"], title=QUICK_PLAN["title"],
                     is_quick_practice=True)
    role = Role(title=SAMPLE_ROLE, slug="sample", competencies=SAMPLE_COMPETENCIES, plan=plan)
    owner = User(email="sam@example.com", display_name="Sam")
    mode = Interview.Mode.VOICE if spoken else Interview.Mode.TEXT
    interview = Interview(owner=owner, role=role, plan=plan, level="senior", plan_snapshot=QUICK_PLAN, mode=mode)
    # Scored against the sample's own posting, as a candidate's interview is scored against theirs.
    job = JobContext.from_posting(SAMPLE_JOB_DESCRIPTION, role=SAMPLE_ROLE)
    analysis = analyse_interview(events, competencies=SAMPLE_COMPETENCIES, job=job)
    narrative = rules_narrative(analysis)
    if settings.OPENAI_API_KEY:  # the page says why the rules wrote it: not for want of a model
        narrative.fallback_reason = "a sample is written by the rules, so showing it costs no model call"
    done = StepStatus.DONE
    return Report(interview=interview, status=Report.Status.READY, analysis_status=done, narrative_status=done,
                  pdf_status=done, analysis=analysis.model_dump(), narrative=narrative.model_dump(),
                  narrative_source="rules")
