"""Metrics and the JSON transcript, computed from the events alone (so they match what is stored)."""

from __future__ import annotations

from statistics import mean
from typing import Any

from agent_worker.core import events as ev
from agent_worker.core.clock import parse_iso

__all__ = ["conversation", "metrics", "transcript"]


def _time(value: Any) -> float | None:
    try:
        return parse_iso(str(value)) if value else None
    except ValueError:
        return None


def metrics(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Questions per stage, depth per answer, stage durations, transitions, turns, re-prompts,
    interruptions and response latency (where the transport reported when the agent started)."""
    questions_per_stage: dict[str, int] = {}
    spoken: set[str] = set()
    kinds: dict[str, str] = {}
    depth: list[dict[str, Any]] = []
    durations: dict[str, float] = {}
    by_reason: dict[str, int] = {}
    turns = {"candidate": 0, "agent": 0}
    reprompts = interruptions = rejected = refused = 0
    latencies: list[float] = []
    last_agent_end: float | None = None
    waiting_since: float | None = None
    started = ended = None
    end_reason = None
    for event in events:
        kind, data, stage = event["type"], event.get("data") or {}, event.get("stage") or ""
        if kind == ev.INTERVIEW_STARTED:
            started = _time(event["at"])
        elif kind == ev.QUESTION_ASKED:
            kinds[data["question_id"]] = data.get("kind", "main")
        elif kind == ev.AGENT_SAID:
            turns["agent"] += 1
            qid = data.get("question_id")
            if qid and qid not in spoken:
                spoken.add(qid)
                questions_per_stage[stage] = questions_per_stage.get(stage, 0) + 1
            began = _time(data.get("started_at"))
            if waiting_since is not None and began is not None and began >= waiting_since:
                latencies.append(round(began - waiting_since, 3))
            waiting_since = None
            last_agent_end = _time(data.get("ended_at")) or last_agent_end
        elif kind == ev.CANDIDATE_SAID:
            turns["candidate"] += 1
            began = _time(data.get("started_at"))
            if began is not None and last_agent_end is not None and began < last_agent_end:
                interruptions += 1
            waiting_since = _time(data.get("ended_at"))
        elif kind == ev.RESPONSE_ASSESSED:
            depth.append({"question_id": data.get("question_id"), "stage": stage, "depth": data.get("depth")})
        elif kind == ev.STAGE_EXITED:
            durations[stage] = round(durations.get(stage, 0.0) + float(data.get("seconds") or 0), 3)
            reason = str(data.get("reason"))
            by_reason[reason] = by_reason.get(reason, 0) + 1
        elif kind == ev.CANDIDATE_REPROMPTED:
            reprompts += 1
        elif kind == ev.QUESTION_REJECTED:
            rejected += 1
        elif kind == ev.TRANSITION_REFUSED:
            refused += 1
        elif kind == ev.INTERVIEW_ENDED:
            ended = _time(event["at"])
            end_reason = data.get("reason")
    kinds_of_exit = {"natural": 0, "forced": 0, "ended": 0}
    for reason, n in by_reason.items():
        kinds_of_exit[ev.EXIT_KIND.get(reason, "ended")] += n
    return {
        "questions_per_stage": questions_per_stage,
        "questions": len(spoken),
        "follow_ups": sum(1 for qid in spoken if kinds.get(qid) == "follow_up"),
        "depth_per_answer": depth,
        "mean_depth": round(mean(d["depth"] for d in depth), 2) if depth else None,
        "stage_durations": durations,
        "transitions": {**kinds_of_exit, "by_reason": by_reason},
        "turns": {**turns, "total": turns["candidate"] + turns["agent"]},
        "reprompts": reprompts,
        "interruptions": interruptions,
        "questions_rejected": rejected,
        "transitions_refused": refused,
        "response_latency": {
            "samples": latencies,
            "mean": round(mean(latencies), 3) if latencies else None,
            "max": max(latencies) if latencies else None,
        },
        "duration_seconds": round(ended - started, 3) if started is not None and ended is not None else None,
        "end_reason": end_reason,
    }


def transcript(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The conversation as JSON: who said what, when, under which question; and each question's answers."""
    entries: list[dict[str, Any]] = []
    questions: dict[str, dict[str, Any]] = {}
    header: dict[str, Any] = {}
    for event in events:
        kind, data = event["type"], event.get("data") or {}
        if kind == ev.INTERVIEW_STARTED:
            header = {"plan": data.get("plan"), "brain": data.get("brain"), "seed": data.get("seed"),
                      "started_at": event["at"]}
        elif kind == ev.QUESTION_ASKED:
            questions[data["question_id"]] = {
                "question_id": data["question_id"], "stage": event.get("stage"), "text": data.get("text"),
                "kind": data.get("kind"), "competency": data.get("competency"), "answers": [], "depth": None}
        elif kind == ev.RESPONSE_ASSESSED and data.get("question_id") in questions:
            questions[data["question_id"]]["depth"] = data.get("depth")
        elif kind in (ev.AGENT_SAID, ev.CANDIDATE_SAID):
            speaker = "agent" if kind == ev.AGENT_SAID else "candidate"
            entry = {"speaker": speaker, "stage": event.get("stage"), "text": data.get("text"),
                     "question_id": data.get("question_id"), "started_at": data.get("started_at"),
                     "ended_at": data.get("ended_at")}
            if speaker == "candidate":
                entry["source"] = data.get("source")
                if data.get("question_id") in questions:
                    questions[data["question_id"]]["answers"].append(data.get("text"))
            entries.append(entry)
        elif kind == ev.INTERVIEW_ENDED:
            header["ended_at"] = event["at"]
            header["end_reason"] = data.get("reason")
    return {"interview": header, "entries": entries, "questions": list(questions.values())}


def conversation(events: list[Any], turns: int, limit: int = 3_000) -> str:
    """The last `turns` things said, one a line ("Interviewer: ...", "Candidate: ..."), at most `limit`
    characters (the oldest cut): for a model's context."""
    lines: list[str] = []
    for event in events:
        kind = event["type"] if isinstance(event, dict) else event.type
        data = event.get("data") or {} if isinstance(event, dict) else event.data
        if kind == ev.AGENT_SAID:
            lines.append("Interviewer: " + str(data.get("text") or ""))
        elif kind == ev.CANDIDATE_SAID:
            lines.append("Candidate: " + str(data.get("text") or ""))
    text = "\n".join(lines[-turns:]) if turns > 0 else ""
    return text if len(text) <= limit else "…" + text[-limit + 1:]
