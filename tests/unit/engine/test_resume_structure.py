"""A resume's line breaks carry its structure; the engine must keep them when it extracts facts."""

from agent_worker.core.plans import QUICK_PLAN
from agent_worker.core.simulate import simulate
from agent_worker.core.tailoring import InterviewContext

RESUME = (
    "Maya Chen\n"
    "Senior Software Engineer, Acme Corp, 2019 - Present\n"
    "- Led the migration of 40 services to Kubernetes, cutting deploy time by 60%\n"
    "Skills: Python, Go, Kubernetes, PostgreSQL"
)


def test_the_context_extracts_facts_line_by_line():
    context = InterviewContext.from_candidate(
        {"name": "Maya", "role": "Software Engineer", "level": "senior", "resume_text": RESUME,
         "job_description": "Requirements:\n- Python\n- PostgreSQL"}
    )

    assert context.resume_facts.results[0].startswith("Led the migration of 40 services")
    assert context.resume_facts.positions[0].employer == "Acme Corp"


def test_no_question_quotes_the_candidates_name_and_title_as_a_project():
    script = {
        "candidate": {"name": "Maya Chen", "role": "Software Engineer", "level": "senior",
                      "resume_text": RESUME, "job_description": "Requirements:\n- Python"},
        "turns": [{"say": "Sure, I'm ready, and here is a fairly detailed answer about my work.",
                   "speak_seconds": 6, "delay_seconds": 1}] * 8,
    }
    questions = [e["data"]["text"] for e in simulate(script, QUICK_PLAN) if e["type"] == "question.asked"]

    assert questions
    assert not any("Maya Chen Senior" in q for q in questions)
