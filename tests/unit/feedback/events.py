"""Build interview event lists the way the engine writes them, with exact times."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

T0 = datetime(2026, 1, 5, 10, 0, 0, tzinfo=UTC)


def iso(seconds: float) -> str:
    return (T0 + timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


class EventLog:
    """An interview's events; every time is given in seconds after 10:00:00 UTC."""

    def __init__(self) -> None:
        self.events: list[dict] = []

    def add(self, type_: str, stage: str, at: float, **data) -> dict:
        event = {
            "id": str(uuid.UUID(int=len(self.events) + 1)),
            "seq": len(self.events) + 1,
            "type": type_,
            "stage": stage,
            "at": iso(at),
            "data": data,
        }
        self.events.append(event)
        return event

    def start(self, at: float = 0) -> EventLog:
        self.add("interview.started", "greeting", at, plan={"name": "default", "version": 1}, brain="scripted", seed=7)
        return self

    def enter(self, stage: str, at: float, index: int = 0, count: int = 4) -> EventLog:
        self.add("stage.entered", stage, at, index=index, count=count)
        return self

    def exit(self, stage: str, at: float, reason: str = "natural", questions: int = 1, seconds: float | None = None):
        data = {"reason": reason, "questions": questions}
        if seconds is not None:
            data["seconds"] = seconds
        self.add("stage.exited", stage, at, **data)
        return self

    def ask(
        self,
        stage: str,
        qid: str,
        text: str,
        start: float,
        end: float,
        competency: str | None = None,
        kind: str = "main",
        spoken: bool = True,
    ) -> EventLog:
        self.add("question.asked", stage, start, question_id=qid, text=text, kind=kind, competency=competency)
        if spoken:
            self.add("agent.said", stage, end, text=text, question_id=qid, started_at=iso(start), ended_at=iso(end))
        return self

    def agent(self, stage: str, text: str, start: float, end: float) -> EventLog:
        self.add("agent.said", stage, end, text=text, started_at=iso(start), ended_at=iso(end))
        return self

    def say(
        self,
        stage: str,
        qid: str | None,
        text: str,
        start: float,
        end: float,
        source: str = "voice",
        words: list[dict] | None = None,
    ) -> EventLog:
        data = {"text": text, "question_id": qid, "source": source, "started_at": iso(start), "ended_at": iso(end)}
        if words is not None:
            data["words"] = words
        self.add("candidate.said", stage, end, **data)
        return self

    def assess(self, stage: str, qid: str, depth: int, at: float, key_points=()) -> EventLog:
        self.add("response.assessed", stage, at, question_id=qid, depth=depth, key_points=list(key_points))
        return self

    def end(self, at: float, reason: str = "completed", stage: str = "closing") -> EventLog:
        self.add("interview.ended", stage, at, reason=reason)
        return self
