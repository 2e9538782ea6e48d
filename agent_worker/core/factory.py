"""One way to build an interview's engine, in the agent worker and in the web process alike.

An interview's engine context (`interviews.live.context.engine_context`: the frozen plan, the candidate
with the facts read from their documents, the seed) is what both processes have: the web reads it from
the database, the worker gets the same dict from the worker API. With the interview's stored events
the engine is rebuilt from them (a job dispatched again, a tab that reconnects, the stale-interview
rule); without, it is new.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from agent_worker.core.brain import Brain
from agent_worker.core.clock import Clock
from agent_worker.core.engine import Engine
from agent_worker.core.events import Event
from agent_worker.core.plans import load_plan
from agent_worker.core.scripted import ScriptedBrain
from agent_worker.core.tailoring import InterviewContext

__all__ = ["BrainChoice", "engine_for"]

# Who decides the interview's next move:
# - "scripted": the built-in scripted interviewer, in-line;
# - "llm": a language model the driver runs on `engine.pending_brain_turn()`, with the scripted
#   interviewer taking any turn the model leaves undone;
# - a `Brain`: that brain in-line, with the same scripted fallback (simulations, tests);
# - None: nobody; the engine only records what its caller does (pausing, resuming or ending a stored
#   interview nobody drives, or a test calling the tools by hand).
BrainChoice = Literal["scripted", "llm"] | Brain | None


def engine_for(
    context: Mapping[str, Any],
    *,
    clock: Clock,
    events: Sequence[Event | dict[str, Any]] = (),
    brain: BrainChoice = "scripted",
) -> Engine:
    """The engine for an interview's context (`plan`, `candidate`, `seed`), rebuilt from `events` if any."""
    plan = load_plan(context["plan"])
    candidate = InterviewContext.from_candidate(context.get("candidate") or {})
    scripted = ScriptedBrain()
    chosen: Brain | None = (scripted if brain == "scripted" else None) if isinstance(brain, str) else brain
    fallback = None if brain is None else scripted
    if events:
        return Engine.restore(events, plan, candidate, clock=clock, brain=chosen, fallback_brain=fallback)
    return Engine(plan, candidate, seed=context["seed"], clock=clock, brain=chosen, fallback_brain=fallback,
                  brain_name="llm" if brain == "llm" else None)
