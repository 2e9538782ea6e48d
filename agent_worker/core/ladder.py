"""The follow-up ladder: what to probe after an answer that fell short of its stage's target, by the answer's depth.

One table for every reader: the rules tell a model brain the rung to climb and how (`rules.assess_response`: its
`probe` and `hint`), and the scripted interviewer words the same rung from its `gap`, what the answer left out
(`followups.follow_up_options`: `named` wordings about what they named, `{a}` — "the diff job", "Loki" — or `plain`
ones when they named nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["INTRO_LADDER", "LADDERS", "STAR_LADDER", "Rung", "rung_for", "wordings"]


@dataclass(frozen=True)
class Rung:
    """One step of a ladder."""

    probe: str  # the rung's name, given to a model brain with the tool's result
    gap: str  # what the answer leaves out that the rung asks for
    hint: str  # what a model brain is told to ask
    named: tuple[str, ...] = ()  # the scripted interviewer's wordings, about {a}, something they named
    plain: tuple[str, ...] = ()  # its wordings when they named nothing


# A story question's ladder: one real time, their own part, how and why, what came of it.
STAR_LADDER: dict[int, Rung] = {
    1: Rung(
        "situation_task", "example",
        "Probe the situation and the task: ask for one specific example, when and where it happened and what was "
        "at stake.",
        named=("You mentioned {a}. Can you walk me through one specific time with it: what was going on, and what "
               "did you do?",
               "Let's stay with {a}. Pick one particular time: what was the situation, and what did you do?"),
        plain=("Can you pick one specific time: what was going on, and what did you do?",),
    ),
    2: Rung(
        "role_challenges", "own_part",
        "Ask about their own role and the challenges they ran into.",
        named=("You mentioned {a}. Which part of that was yours personally?",
               "On {a}, what did you do yourself, as opposed to the team?"),
        plain=("Which part of that was yours personally, as opposed to the team's?",),
    ),
    3: Rung(
        "implementation", "why",
        "Ask for implementation detail: how exactly they did it, and the decisions and trade-offs they made.",
        named=("Why did you go with {a}? What else was on the table?",
               "What made {a} the right call? What else did you consider?"),
        plain=("Why did you go that way? What else did you consider?",),
    ),
    4: Rung(
        "impact_result", "result",
        "Ask about the impact and the result, with numbers if they have them.",
        named=("What came of {a}? What changed once it was in place?",
               "You mentioned {a}. What was the outcome, and how did you know?"),
        plain=("What came of it? What changed because of your work?",),
    ),
}
# A self-introduction's ladder: the scripted interviewer follows up on what they named instead
# (`followups.follow_up_options`), so its rungs are for a model brain only.
INTRO_LADDER: dict[int, Rung] = {
    1: Rung("background", "background",
            "Ask for specifics of their background: their current role and what they work on."),
    2: Rung("strengths", "strengths", "Ask about a strength of theirs, with a short example."),
    3: Rung("motivation", "motivation", "Ask what they want next in their career and why this role."),
    4: Rung("motivation", "motivation", "Ask what they want next in their career and why this role."),
}
LADDERS: dict[str, dict[int, Rung]] = {"self_intro": INTRO_LADDER}


def rung_for(stage: str, depth: int) -> Rung:
    """The rung to climb after an answer of `depth` (1 to 4) in `stage`."""
    return LADDERS.get(stage, STAR_LADDER)[min(max(depth, 1), 4)]


def wordings(*, named: bool) -> dict[str, tuple[str, ...]]:
    """The story ladder's wordings by gap: about something they named (`named`), or about nothing named."""
    return {r.gap: r.named if named else r.plain for r in STAR_LADDER.values()}
