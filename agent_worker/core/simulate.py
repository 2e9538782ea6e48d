"""`simulate`: the engine with the scripted brain on a virtual clock against a scripted candidate.

A script is::

    {"candidate": {"name", "role", "level", "resume_text", "job_description",
                   # optional tailoring: "company", "focus_areas", "competencies",
                   # "company_brief", "question_bank": [{stage, text, competency, level?, tags?}]},
     "turns": [{"say": "...", "speak_seconds": 20, "delay_seconds": 2, "stage": "closing"} | {"silence_seconds": 40}],
     # optional: "seed" (default "simulate"), "start_at" (ISO 8601 UTC, default 2025-01-06T09:00:00Z),
     # "plan" ("default", "quick" or a plan object; --plan / the plan argument wins)}

Turns play in order; a say-turn naming a "stage" is kept for that stage: it is skipped while the
interview is in an earlier stage (the next turn without a stage, or for the current stage, plays
instead) and dropped once the stage is past. T is the later of the previous turn's end and the end of the agent's reply to
it (all its lines). A say-turn starts at T + delay_seconds (default 1), or, if the agent is speaking
then (a re-prompt), as soon as it finishes, and lasts speak_seconds (default: its words at 150 a
minute); a silence-turn keeps the candidate silent until T + silence_seconds. The agent speaks at
about 150 words a minute. When the turns run out the candidate stays silent until the interview ends.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from agent_worker.core.brain import Brain
from agent_worker.core.clock import FakeClock
from agent_worker.core.engine import Line
from agent_worker.core.factory import engine_for
from agent_worker.core.plans import DEFAULT_PLAN, PLANS, StagePlan, load_plan
from agent_worker.core.scripted import ScriptedBrain
from agent_worker.core.text import speech_seconds, words

__all__ = ["Simulation", "SimulationError", "parse_script", "simulate"]

DEFAULT_START = "2025-01-06T09:00:00Z"
_CANDIDATE_KEYS = {"name", "role", "level", "resume_text", "job_description", "company", "focus_areas",
                   "competencies", "company_brief", "question_bank"}
_SAY_KEYS = {"say", "speak_seconds", "delay_seconds", "stage"}
# Virtual time after which a simulation is considered stuck (the 25-minute ceiling ends any interview).
_VIRTUAL_LIMIT_SECONDS = 3 * 60 * 60


class SimulationError(ValueError):
    """A script or plan that cannot be simulated; the message says what to fix."""


@dataclass(frozen=True)
class Turn:
    say: str | None
    speak_seconds: float
    delay_seconds: float
    silence_seconds: float
    stage: str | None = None


def _number(value: Any, where: str, default: float | None = None) -> float:
    if value is None and default is not None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0 or value > 3600:
        raise SimulationError(f"{where} must be a number of seconds from 0 to 3600.")
    return float(value)


def parse_script(script: Any) -> tuple[dict[str, Any], list[Turn]]:
    """Check a script and return its candidate and turns; raise SimulationError saying what is wrong."""
    if not isinstance(script, dict):
        raise SimulationError("The script must be a JSON object with \"candidate\" and \"turns\".")
    candidate = script.get("candidate")
    if not isinstance(candidate, dict):
        raise SimulationError("The script needs a \"candidate\" object (name, role, level, resume_text, "
                              "job_description).")
    unknown = sorted(set(candidate) - _CANDIDATE_KEYS)
    if unknown:
        raise SimulationError(f"candidate: unknown key(s) {', '.join(unknown)}; known: {', '.join(sorted(_CANDIDATE_KEYS))}.")
    for key in ("name", "role", "level", "resume_text", "job_description", "company", "company_brief"):
        if key in candidate and candidate[key] is not None and not isinstance(candidate[key], str):
            raise SimulationError(f"candidate.{key} must be text.")
    if "question_bank" in candidate and not isinstance(candidate["question_bank"], list):
        raise SimulationError("candidate.question_bank must be a list of {stage, text, competency} objects.")
    raw_turns = script.get("turns", [])
    if not isinstance(raw_turns, list):
        raise SimulationError("\"turns\" must be a list.")
    turns: list[Turn] = []
    for n, raw in enumerate(raw_turns):
        where = f"turns[{n}]"
        if not isinstance(raw, dict):
            raise SimulationError(f"{where} must be an object: {{\"say\", \"speak_seconds\", \"delay_seconds\"}} "
                                  "or {\"silence_seconds\"}.")
        if "silence_seconds" in raw:
            if set(raw) != {"silence_seconds"}:
                raise SimulationError(f"{where}: a silence turn has only \"silence_seconds\".")
            turns.append(Turn(None, 0.0, 0.0, _number(raw["silence_seconds"], f"{where}.silence_seconds")))
            continue
        if not isinstance(raw.get("say"), str) or not raw["say"].strip():
            raise SimulationError(f"{where} needs \"say\" (the words, not empty) or \"silence_seconds\".")
        unknown = sorted(set(raw) - _SAY_KEYS)
        if unknown:
            raise SimulationError(f"{where}: unknown key(s) {', '.join(unknown)}.")
        text = raw["say"]
        if "stage" in raw and not isinstance(raw["stage"], str):
            raise SimulationError(f"{where}.stage must be a stage name such as \"closing\".")
        turns.append(Turn(
            say=text,
            speak_seconds=_number(raw.get("speak_seconds"), f"{where}.speak_seconds",
                                  max(1.0, len(words(text)) / 2.5)),
            delay_seconds=_number(raw.get("delay_seconds"), f"{where}.delay_seconds", 1.0),
            silence_seconds=0.0,
            stage=raw.get("stage"),
        ))
    return candidate, turns


def _plan_from(script: dict[str, Any], plan: dict[str, Any] | str | None) -> StagePlan:
    chosen: Any = plan if plan is not None else script.get("plan", DEFAULT_PLAN)
    if isinstance(chosen, str):
        if chosen not in PLANS:
            raise SimulationError(f"Unknown plan “{chosen}”; built-in plans: {', '.join(PLANS)}.")
        chosen = PLANS[chosen]
    return load_plan(chosen)


@dataclass
class _Playing:
    line: Line
    start: float
    end: float


class Simulation:
    """Drive one engine on a virtual clock through a script (a driver, like the real ones)."""

    def __init__(self, script: dict[str, Any], plan: dict[str, Any] | str | None = None,
                 *, brain: Brain | None = None) -> None:
        candidate, self.turns = parse_script(script)
        self.plan = _plan_from(script, plan)
        start = script.get("start_at", DEFAULT_START)
        try:
            self.clock = FakeClock(start)
        except (TypeError, ValueError) as error:
            raise SimulationError("start_at must be an ISO 8601 time such as 2025-01-06T09:00:00Z.") from error
        self.seed = str(script.get("seed", "simulate"))
        self.brain = brain or ScriptedBrain()
        # The interview's context as a driver has it: one way to build an engine (`factory.engine_for`).
        self.interview = {"plan": self.plan.model_dump(mode="json"), "candidate": candidate, "seed": self.seed}
        self.engine = engine_for(self.interview, clock=self.clock, brain=self.brain)
        self._playing: deque[_Playing] = deque()
        self._busy_until = self.clock.now()
        self._limit = self.clock.now() + _VIRTUAL_LIMIT_SECONDS

    # -- playing the agent's lines and firing timers, in time order -------------------------------

    def _schedule(self) -> None:
        for line in self.engine.take_lines():
            start = max(self.clock.now(), self._busy_until)
            end = round(start + speech_seconds(line.text), 3)
            self._playing.append(_Playing(line, start, end))
            self._busy_until = end

    def advance_to(self, target: float) -> None:
        """Move virtual time to `target`, playing agent lines and firing timers on the way."""
        stalls = 0
        while not self.engine.is_over:
            self._schedule()
            line_end = self._playing[0].end if self._playing else None
            deadline = self.engine.next_deadline()
            due = [t for t in (line_end, deadline) if t is not None]
            if not due or min(due) > target:
                break
            when = min(due)
            self.clock.set(max(self.clock.now(), when))
            if line_end is not None and when == line_end:
                playing = self._playing.popleft()
                self.engine.agent_line_played(playing.line.id, started_at=playing.start, ended_at=playing.end)
                stalls = 0
            elif not self.engine.tick() and not self.engine.pending_lines:
                stalls += 1
                if stalls > 3:
                    raise RuntimeError(f"the engine's deadline {deadline} fired without effect")
        if self.engine.is_over:
            self._playing.clear()
        self.clock.set(max(self.clock.now(), target))

    def play_reply(self) -> float:
        """Let the agent finish everything it has to say (cascades included); return the time it ends."""
        while not self.engine.is_over:
            self._schedule()
            if not self._playing:
                break
            self.advance_to(self._playing[-1].end)
        return self.clock.now()

    # -- the script -------------------------------------------------------------------------------

    def run(self, *, rebuild_after_turn: int | None = None) -> list[dict[str, Any]]:
        """Play the script to the end of the interview and return the events.

        `rebuild_after_turn=n` rebuilds the engine from its events after turn n (the restore check).
        """
        self.engine.start()
        now = self.play_reply()
        pending = list(self.turns)
        number = 0
        while pending and not self.engine.is_over:
            turn = self._next_turn(pending)
            if turn is None:
                # Nothing to say in this stage: silent until the interview moves on.
                stage = self.engine.stage_index
                self.play_reply()
                if self.engine.stage_index != stage:
                    continue  # a new stage: its turns may play now
                deadline = self.engine.next_deadline()
                if deadline is None or deadline > self._limit:
                    break
                self.advance_to(max(deadline, self.clock.now()))
                now = self.clock.now()
                continue
            number += 1
            if turn.say is None:
                self.advance_to(now + turn.silence_seconds)
                now = self.clock.now()
            else:
                self.advance_to(now + turn.delay_seconds)
                start = self.play_reply() if self._playing else self.clock.now()
                if self.engine.is_over:
                    break
                self.engine.candidate_started_speaking()
                end = start + turn.speak_seconds
                self.advance_to(end)
                if self.engine.is_over:
                    break
                self.engine.candidate_said(turn.say, started_at=start, ended_at=end, source="voice")
                now = self.play_reply()
            if rebuild_after_turn == number and not self.engine.is_over:
                self.rebuild()
        self._run_out()
        return self.engine.event_dicts()

    def _next_turn(self, pending: list[Turn]) -> Turn | None:
        """The next turn to play: the first without a stage or for the current stage (later stages wait)."""
        names = [stage.name for stage in self.plan.stages]
        current = self.engine.current_stage
        index = self.engine.stage_index
        for position, turn in enumerate(pending):
            if turn.stage is None or (current is not None and turn.stage == current.name):
                del pending[position]
                return turn
        # Turns for stages already past are never said.
        pending[:] = [t for t in pending if t.stage not in names or names.index(t.stage) > index]
        return None

    def rebuild(self) -> None:
        """Replace the engine with one restored from its events (as after a worker restart)."""
        self.play_reply()
        self.engine = engine_for(self.interview, events=self.engine.event_dicts(), clock=self.clock, brain=self.brain)

    def _run_out(self) -> None:
        """No more turns: the candidate stays silent until the interview ends."""
        while not self.engine.is_over:
            self._schedule()
            if self._playing:
                self.advance_to(self._playing[-1].end)
                continue
            deadline = self.engine.next_deadline()
            if deadline is None or deadline > self._limit:
                raise RuntimeError("the interview did not end on its own")
            self.advance_to(max(deadline, self.clock.now()))


def simulate(script: dict[str, Any], plan: dict[str, Any] | str | None = None,
             *, brain: Brain | None = None) -> list[dict[str, Any]]:
    """Simulate a whole interview and return its events as dicts (SimulationError / PlanValidationError on bad input)."""
    return Simulation(script, plan, brain=brain).run()
