"""What the engine says itself: a stage's bridge (with its lead-in) and the closing line.

A mixin of `Engine`. The lead-in fits how the last stage ended and how its last answer went (no thanks
for detail that was not given); the closing line fits the interview that happened.
"""

from __future__ import annotations

from agent_worker.core.listening import read_answer
from agent_worker.core.phrases import closing_line, closing_tone, lead_in
from agent_worker.core.seeding import pick

__all__ = ["EngineLines"]


class EngineLines:
    """Bridges and the closing line, as methods of the engine."""

    def _bridge_text(self, index: int, lead_reason: str) -> str:
        stage = self.plan.stages[index]
        values = self.context.bridge_values(self.plan)
        if stage.bridges:
            bridge = pick(stage.bridges, self.seed, "bridge", index)
        else:
            bridge = f"Let's move on to {stage.title.lower()}."
        for key, value in values.items():
            bridge = bridge.replace("{" + key + "}", value)
        if index == 1 and lead_reason in ("natural", "max_questions"):
            lead_reason = "after_greeting"
        lead = lead_in(lead_reason, self.seed, index, neutral=self._last_answer_thin(index - 1)) if index > 0 else ""
        return f"{lead} {bridge}".strip()

    def _last_answer_thin(self, stage_index: int) -> bool:
        """Whether the last answer in a stage said little (a lead-in then thanks for nothing)."""
        answered = [q for q in self.questions() if q.stage_index == stage_index and q.answers]
        return bool(answered) and stage_index > 0 and not read_answer(" ".join(answered[-1].answers)).substantive

    def _closing_text(self) -> str:
        """Fits the interview that happened: its answers before the closing stage (fixed once there)."""
        last = len(self.plan.stages) - 1
        answers = [" ".join(q.answers) for q in self.questions() if 0 < q.stage_index < last and q.answers]
        return closing_line(self.context.first_name, self.seed, closing_tone(answers))
