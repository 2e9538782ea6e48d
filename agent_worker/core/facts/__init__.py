"""Facts from resumes and job descriptions, by offline heuristics.

Pure Python (stdlib only): the interview engine imports this, and the engine imports neither django
nor livekit. Resume and job-description text is untrusted: `strip_instructions` drops the lines
addressed to a reader (prompt injection) before anything is extracted, and the extracted facts are
short phrases taken from the document, never its free-form sentences turned into instructions.

One module per job: `cleanup` (injection filter, line helpers), `models` (the facts as data), `skills`
(vocabulary), `patterns` (dates, title/employer words, places), `positions` and `resume` (resume facts),
`job` (job facts), `matching` (resume against job) and `spoken` (the summary the interviewer is given).
"""

from agent_worker.core.facts.cleanup import strip_instructions
from agent_worker.core.facts.job import extract_job_requirements
from agent_worker.core.facts.matching import match_resume_to_job
from agent_worker.core.facts.models import JobRequirements, Position, ResumeFacts
from agent_worker.core.facts.resume import extract_resume_facts
from agent_worker.core.facts.spoken import summarise_for_interview

__all__ = [
    "JobRequirements",
    "Position",
    "ResumeFacts",
    "extract_job_requirements",
    "extract_resume_facts",
    "match_resume_to_job",
    "strip_instructions",
    "summarise_for_interview",
]
