"""Checks over a simulated interview's events (not an LLM's opinion): what a candidate would notice."""

from __future__ import annotations

import itertools
import re
from typing import Any

from agent_worker.core.asks import THREAD_INTENTS, intents_of
from agent_worker.core.clock import parse_iso
from agent_worker.core.listening import numbers_in, read_answer

PRAISE_RE = re.compile(r"\b(?:great|helpful|excellent|really clear|strong|enjoyed|impressive|wonderful|perfect|"
                       r"clear result|concrete|detail on|clear picture|good conversation|lovely)\b", re.IGNORECASE)


def of(events: list[dict[str, Any]], type_: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == type_]


def asked(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return of(events, "question.asked")


def same_intent_pairs(events: list[dict[str, Any]]) -> list[tuple[str, str, set[str]]]:
    """Pairs of questions sharing an intent: interview-wide for main intents, per story for follow-up ones."""
    questions, thread = [], None
    for event in asked(events):
        if event["data"]["kind"] != "follow_up":
            thread = event["data"]["question_id"]
        questions.append((event["data"]["text"], thread))
    pairs = []
    for (a, ta), (b, tb) in itertools.combinations(questions, 2):
        shared = intents_of(a) & intents_of(b)
        if ta != tb:
            shared -= THREAD_INTENTS
        if shared:
            pairs.append((a, b, shared))
    return pairs


def praise_after_non_answers(events: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(answer, reply) where the interviewer praised an answer that said nothing (greeting's "yes" aside)."""
    found = []
    for n, event in enumerate(events):
        if event["type"] != "candidate.said" or event["stage"] == "greeting":
            continue
        if not read_answer(event["data"]["text"]).non_answer:
            continue
        reply = next((e for e in events[n + 1:] if e["type"] in ("agent.said", "candidate.said")), None)
        if reply is not None and reply["type"] == "agent.said" and PRAISE_RE.search(reply["data"]["text"]):
            found.append((event["data"]["text"], reply["data"]["text"]))
    return found


def ungrounded_numbers(events: list[dict[str, Any]], candidate: dict[str, Any], minutes: int) -> list[str]:
    """Numbers the interviewer said that are in neither the resume, the job, the research nor the candidate's words."""
    sources = " ".join([candidate.get("resume_text") or "", candidate.get("job_description") or "",
                        candidate.get("company_brief") or "",
                        *(e["data"]["text"] for e in of(events, "candidate.said"))])
    known = set(numbers_in(sources))
    said = of(events, "agent.said")
    bad = []
    for n, event in enumerate(said):
        for number in numbers_in(event["data"]["text"]):
            if n == 0 and number == str(minutes):
                continue  # the greeting announces the plan's length
            if number not in known:
                bad.append(f"{number} in “{event['data']['text']}”")
    return bad


def minutes(events: list[dict[str, Any]]) -> float:
    return (parse_iso(events[-1]["at"]) - parse_iso(events[0]["at"])) / 60


def announced_minutes(events: list[dict[str, Any]]) -> int:
    greeting = of(events, "agent.said")[0]["data"]["text"]
    match = re.search(r"(\d+) minutes", greeting)
    assert match, f"the greeting does not announce the length in digits: {greeting}"
    return int(match.group(1))


def transcript(events: list[dict[str, Any]]) -> str:
    lines = []
    for e in events:
        if e["type"] == "agent.said":
            lines.append("AGENT: " + e["data"]["text"])
        elif e["type"] == "candidate.said":
            lines.append("  CANDIDATE: " + e["data"]["text"])
    return "\n".join(lines)
