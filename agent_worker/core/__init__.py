"""The pure interview engine: no django, no livekit, time through an injected clock.

See README.md in this package for the driver and brain interfaces.
"""

from agent_worker.core.brain import Brain, BrainTurn
from agent_worker.core.clock import Clock, FakeClock, SystemClock
from agent_worker.core.engine import Engine, Line, QuestionRecord
from agent_worker.core.events import Event
from agent_worker.core.plans import (
    DEFAULT_PLAN,
    PLANS,
    QUICK_PLAN,
    PlanError,
    PlanValidationError,
    Stage,
    StagePlan,
    load_plan,
    validate_plan,
)
from agent_worker.core.scripted import ScriptedBrain, judge_depth
from agent_worker.core.tailoring import InterviewContext
from agent_worker.core.tools import TOOLS, ToolResult, openai_tools

__all__ = [
    "DEFAULT_PLAN",
    "PLANS",
    "QUICK_PLAN",
    "TOOLS",
    "Brain",
    "BrainTurn",
    "Clock",
    "Engine",
    "Event",
    "FakeClock",
    "InterviewContext",
    "Line",
    "PlanError",
    "PlanValidationError",
    "QuestionRecord",
    "ScriptedBrain",
    "Stage",
    "StagePlan",
    "SystemClock",
    "ToolResult",
    "judge_depth",
    "load_plan",
    "openai_tools",
    "validate_plan",
]
