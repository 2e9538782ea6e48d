"""Which of the role's competencies the interview showed, asked about or not.

A question targets one competency, but a story told under another question can show a second one: an
incident handled, told in answer to "Tell me about a challenge". Such evidence counts for coverage (the
report says which answer showed it) and adds no score: the competency the question asked about keeps its
own mean, and the overall score stays the mean of the competencies that were asked about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_worker.core.answers.relevance import TOPIC_STEMS
from agent_worker.core.reading.tokens import content_stems, stem
from feedback.analysis import Answer, InterviewAnalysis

# Words a story uses when it shows the competency (stemmed as `stem` does). Names not listed fall back on
# their own words and the related words of the scoring's topics.
_CUES = {
    "incident response": "incident outage outages paged pager postmortem post-mortem rollback rolled mitigated mitigation "
    "downtime declared escalated restored sev1 on-call",
    "debugging": "bug bugs debug debugged reproduced trace traced stack crash crashes profiled breakpoint logs root",
    "reliability engineering": "uptime slo slos sla availability redundancy failover reliability capacity resilience chaos",
    "automation": "automated automation automate script scripted cron toil pipeline manually ansible terraform",
    "observability": "dashboard dashboards metrics tracing grafana prometheus monitoring alerting logging instrumented",
    "infrastructure design": "infrastructure terraform kubernetes cluster network provisioned architecture",
    "system design": "architecture designed scaled scaling service services queue database cache trade-off latency throughput",
    "communication": "explained presented summary documented audience clarified diagram briefed",
    "collaboration": "paired together colleague colleagues cross-team partnered jointly",
    "ownership": "owned ownership volunteered nobody end-to-end responsibility initiative",
    "stakeholder management": "stakeholder stakeholders expectations aligned executive sponsor",
    "negotiation": "negotiated negotiation discount terms price concession counter-offer",
    "relationship building": "relationship relationships trust rapport check-in",
    "resilience": "setback rejection rejected persevered recovered",
    "pipeline management": "pipeline prospects leads forecast quota",
    "prioritisation": "prioritised prioritized priority priorities backlog urgent deferred trade-off",
    "leadership": "led mentored coached delegated team",
    "coding craft": "refactored tests review readable code",
}
_FIRST_PERSON = re.compile(r"\bI\b|\bmy\b", re.I)


@dataclass(frozen=True)
class ShownElsewhere:
    """A competency no question targeted, shown by the answer to another question."""

    competency: str
    question_id: str | None
    question: str | None
    quote: str


def _cues(name: str) -> tuple[set[str], int]:
    """The stems that show a competency, and how many distinct ones an answer needs."""
    listed = _CUES.get(" ".join(name.replace("-", " ").replace("_", " ").split()).casefold())
    if listed:
        return {stem(w) for w in listed.split()} | content_stems(name), 2
    own = content_stems(name)
    related = set(own)
    for keys, words in TOPIC_STEMS:
        if own & keys:
            related |= keys | words
    return related, 3


def _evidence(answer: Answer, cues: set[str], needed: int) -> str | None:
    """The first-person sentence that shows the competency best, when the answer has enough of its words."""
    if not answer.is_answered or len(content_stems(answer.text) & cues) < needed:
        return None
    ranked = sorted(
        (s for s in answer.sentences if _FIRST_PERSON.search(s.text)),
        key=lambda s: -len(content_stems(s.text) & cues),
    )
    if not ranked or not content_stems(ranked[0].text) & cues:
        return None
    return ranked[0].text


def shown_elsewhere(analysis: InterviewAnalysis) -> list[ShownElsewhere]:
    """Each competency no question targeted that an answer showed anyway, with that answer's sentence."""
    found = []
    for name in analysis.uncovered_competencies:
        cues, needed = _cues(name)
        for answer in analysis.interview_answers():
            quote = _evidence(answer, cues, needed)
            if quote:
                found.append(ShownElsewhere(name, answer.question_id, answer.question, quote))
                break
    return found


def not_covered(analysis: InterviewAnalysis) -> list[str]:
    """The competencies neither a question nor any answer covered."""
    shown = {s.competency for s in shown_elsewhere(analysis)}
    return [name for name in analysis.uncovered_competencies if name not in shown]
