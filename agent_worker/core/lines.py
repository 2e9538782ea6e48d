"""What the engine says itself: a stage's bridge (with its lead-in), as functions over the interview's state.

The lead-in fits how the last stage ended and how its last answer went (no thanks for detail that was not
given). The closing line, which fits the interview that happened, is `InterviewState.closing_text` (the fold
knows the interview was closed by it).
"""

from __future__ import annotations

import re

from agent_worker.core import events as ev
from agent_worker.core.phrases import lead_in, vary_opening
from agent_worker.core.plans import StagePlan
from agent_worker.core.repeating import not_an_answer
from agent_worker.core.rules import answer_since_asked
from agent_worker.core.seeding import pick, shuffled
from agent_worker.core.state import InterviewState
from agent_worker.core.text import words

__all__ = ["bridge_fit", "bridge_text", "defer_bridge"]

# Words a bridge may use without announcing a topic ("Let's dig into your past work in some detail").
_STAGE_WORDS = frozenset("""start begin move talk like hear know little deeper past work experience dig piece detail
first get bit some now lets coming end time wrap almost brings nearly out us our your you into go let well next
about get to the a an and of on in with for that this me i id we re s ll""".split())


def bridge_fit(bridge: str, question: str) -> float:
    """How well a bridge announces a question: topic words they share, less topics the question lacks
    ("Let's talk about a project you're proud of" before a question about a hard decision)."""
    topic = {w for w in words(bridge) if w not in _STAGE_WORDS and len(w) > 2}
    asked = set(words(question))
    stems = {w[:5] for w in asked}
    shared = {w for w in topic if w in asked or w[:5] in stems}
    return len(shared) - 0.75 * len(topic - shared)


# Phrases a lead-in and a bridge may both say ("Okay, let's move on. Let's move on to your experience …").
_ECHOES = ("let's move on", "let's keep going", "let's move ahead")


def _without_echo(lead: str, bridge: str) -> str:
    """The lead-in without a phrase its bridge says too: "Okay, let's move on." before "Let's move on to …" is
    just "Okay."."""
    said = bridge.lower().replace("’", "'")
    for phrase in _ECHOES:
        if phrase in said and phrase in lead.lower():
            head = re.split(r"[,.;]", lead, maxsplit=1)[0].strip()
            return f"{head}." if head and phrase not in head.lower() else ""
    return lead


def defer_bridge(plan: StagePlan, index: int, lead_reason: str, *, own_brain: bool) -> bool:
    """Whether a stage's bridge waits for its first question, so it can fit that question's topic.

    Only when the engine's own brain (`own_brain`) says that question at once (a model speaking for itself says
    its words before they reach the engine), and not when the bridge must interrupt the candidate.
    """
    stage = plan.stages[index]
    return (own_brain and index > 0 and lead_reason not in ("interjection", "max_duration")
            and len(stage.bridges) > 1 and stage.max_questions > 0)


def bridge_text(state: InterviewState, index: int, lead_reason: str, question: str, said: list[str]) -> str:
    """Stage `index`'s bridge, fit to `question` (its first question, when known), after a lead-in that fits
    how the last stage ended and that opens unlike the interviewer's last lines (`said`)."""
    stage = state.plan.stages[index]
    values = state.bridge_values()
    if stage.bridges and question:
        order = shuffled(stage.bridges, state.seed, "bridge", index)
        bridge = max(order, key=lambda b: bridge_fit(b, question))  # the first best fit in seeded order
    elif stage.bridges:
        bridge = pick(stage.bridges, state.seed, "bridge", index)
    else:
        bridge = f"Let's move on to {stage.title.lower()}."
    for key, value in values.items():
        bridge = bridge.replace("{" + key + "}", value)
    if index == 1 and lead_reason in ev.NATURAL_EXIT_REASONS:
        lead_reason = "after_greeting"
    lead = lead_in(lead_reason, state.seed, index, neutral=_last_answer_thin(state, index - 1)) if index > 0 else ""
    if lead:
        lead = vary_opening(lead, said, state.seed, "lead_in", index)
        lead = _without_echo(lead, bridge)
    return f"{lead} {bridge}".strip()


def _last_answer_thin(state: InterviewState, stage_index: int) -> bool:
    """Whether the stage's last question got little or no answer (a lead-in then thanks for nothing),
    as when the candidate only asked to hear it again, or only padding (`Reading.hollow`)."""
    spoken = [q for q in state.questions() if q.stage_index == stage_index and q.spoken]
    if not spoken or stage_index <= 0:
        return False
    last = spoken[-1]
    since = answer_since_asked(last)  # what came after it was last asked, if asked again
    reading = state.reading(since)
    if not reading.substantive or reading.hollow:
        return True
    # The story given to an earlier question pasted again, or small talk: no thanks for that either.
    return not_an_answer(last, since, [q for q in state.questions() if q is not last],
                         job_words=state.context.job_words, read=state.reading) is not None
