"""A small harness for driving the engine by hand on a fake clock (text mode: lines play at once)."""

from __future__ import annotations

import copy
from typing import Any

from agent_worker.core import Engine, FakeClock, InterviewContext, load_plan
from agent_worker.core.brain import Brain
from agent_worker.core.plans import DEFAULT_PLAN
from agent_worker.core.tools import ToolResult

ALICE = {"name": "Alice Martin", "role": "Backend Engineer", "level": "senior"}

STAR_ANSWER = (
    "At Acme in 2022 we had 40 services on hand-managed VMs and deploys took an hour. My task was to move "
    "them to Kubernetes. I designed the migration plan, I built the Helm templates and I ran the rollout "
    "service by service. As a result deploy time went from 60 minutes to 8 minutes, an 85% cut."
)
WARM_UPS = {
    "greeting0": "Are you ready to begin?",
    "self_intro0": "Could you introduce yourself briefly?",
    "self_intro1": "What drew you to backend engineering?",
    "past_experience0": "Which project are you proudest of?",
    "past_experience1": "What went wrong on it at first?",
    "past_experience2": "How did the launch go in the end?",
}
VAGUE_ANSWER = "I guess I did some stuff with backend things, you know, various projects."


def plan_with(**changes: Any) -> dict[str, Any]:
    """The default plan with some fields of named stages changed: plan_with(self_intro={"min_seconds": 0})."""
    plan = copy.deepcopy(DEFAULT_PLAN)
    for stage in plan["stages"]:
        stage.update(changes.get(stage["name"], {}))
    return plan


class Harness:
    def __init__(self, plan: dict[str, Any] | None = None, brain: Brain | None = None, seed: str = "test",
                 **candidate: Any) -> None:
        self.clock = FakeClock("2025-01-06T09:00:00Z")
        self.plan = load_plan(plan or DEFAULT_PLAN)
        self.context = InterviewContext.from_candidate({**ALICE, **candidate})
        self.engine = Engine(self.plan, self.context, seed=seed, clock=self.clock, brain=brain)

    # -- driving ----------------------------------------------------------------------------------

    def start(self) -> Harness:
        self.engine.start()
        self.play()
        return self

    def play(self) -> None:
        self.engine.play_lines_at_once()

    def ask(self, text: str, kind: str = "main", competency: str | None = None) -> ToolResult:
        result = self.engine.ask_question(text, competency, kind)
        if result.ok:
            self.engine.say(text)
            self.play()
        return result

    def answer(self, text: str, seconds: float = 5.0) -> None:
        start = self.clock.now()
        self.engine.candidate_started_speaking()
        self.wait(seconds)
        self.engine.candidate_said(text, started_at=start, ended_at=self.clock.now(), source="voice")
        self.play()

    def wait(self, seconds: float) -> None:
        """Let virtual time pass, firing each timer when it is due."""
        target = self.clock.now() + seconds
        for _ in range(1000):
            deadline = self.engine.next_deadline()
            if deadline is None or deadline > target or self.engine.is_over:
                break
            self.clock.set(max(self.clock.now(), deadline))
            self.engine.tick()
            self.play()
        self.clock.set(target)
        self.engine.tick()
        self.play()

    def enter_stage(self, name: str) -> None:
        """Walk through the stages before `name` by asking and answering their minimum, then moving on."""
        while self.engine.current_stage is not None and self.engine.current_stage.name != name:
            stage = self.engine.current_stage
            for n in range(stage.min_questions):
                self.ask(WARM_UPS[f"{stage.name}{n}"])
                self.answer("Yes, sure, here is my answer to that.")
            self.clock.advance(stage.min_seconds)  # no tick: the transition is the next thing that happens
            assert self.engine.transition_stage("done").ok
            self.play()

    # -- reading ----------------------------------------------------------------------------------

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.engine.event_dicts()

    def of(self, type_: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["type"] == type_]

    def types(self) -> list[str]:
        return [e["type"] for e in self.events]

    def said(self) -> list[str]:
        return [e["data"]["text"] for e in self.of("agent.said")]
