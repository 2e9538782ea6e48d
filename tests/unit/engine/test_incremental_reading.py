"""The engine reads each answer once for the closing line and keeps the candidate's words as they come
(the per-answer cost of issue 16): what it says must be what reading every answer afresh gives."""

import pytest

from agent_worker.core.phrases import closing_line, closing_tone
from agent_worker.core.simulate import Simulation
from tests.unit.engine.checks import of
from tests.unit.engine.scripts import CANDIDATE, INTRO, PAST, cooperative, vague


def thinking_first(seed: str = "thinking") -> dict:
    """Answers that begin with a pause for thought, filed under the same question as the answer that follows
    (the question's answers grow after the closing line may have been worked out)."""
    turns = [{"say": "Yes, ready.", "speak_seconds": 2, "delay_seconds": 1}]
    for text in [INTRO[0], "Let me think.", INTRO[2], "Hmm, one second.", PAST[0], "Stuff.", PAST[1]]:
        turns.append({"say": text, "speak_seconds": 2 if len(text) < 20 else 30, "delay_seconds": 1})
    return {"seed": seed, "candidate": dict(CANDIDATE), "turns": turns}


def afresh(simulation: Simulation, events: list[dict]) -> str:
    """The closing line from every answer before the closing stage, read again from the events."""
    middle = {stage.name for stage in simulation.plan.stages[1:-1]}
    by_question: dict[str, list[str]] = {}
    for event in of(events, "candidate.said"):
        data = event["data"]
        if event["stage"] in middle and data.get("question_id") and not data.get("request"):
            by_question.setdefault(data["question_id"], []).append(data["text"])
    return closing_line("Alice", simulation.seed, closing_tone([" ".join(a) for a in by_question.values()]))


@pytest.mark.parametrize("script", [cooperative(), vague(), thinking_first()], ids=["warm", "vague", "thinking"])
def test_the_closing_line_is_the_one_reading_every_answer_afresh_gives(script):
    simulation = Simulation(script)
    events = simulation.run()
    closing = of(events, "agent.said")[-1]["data"]["text"]
    assert closing == afresh(simulation, events)


@pytest.mark.parametrize("script", [cooperative(), thinking_first()], ids=["warm", "thinking"])
def test_an_engine_rebuilt_late_in_the_interview_says_the_same_closing_line(script):
    uninterrupted = Simulation(script).run()
    answers = len(script["turns"])
    for after_turn in (answers - 2, answers - 1):
        assert Simulation(script).run(rebuild_after_turn=after_turn) == uninterrupted


@pytest.mark.parametrize("script", [cooperative(), vague(), thinking_first()], ids=["warm", "vague", "thinking"])
def test_the_interview_reads_each_answer_once(script, monkeypatch):
    """The brain's choice, the not-an-answer check, the lead-ins and the closing tone share one reading of an
    answer (`InterviewState.reading`): the same words with the same terms are never read twice."""
    import agent_worker.core.listening as listening

    reads: dict[tuple[str, tuple[str, ...]], int] = {}
    anchors = listening._anchors

    def counted(text, known_terms, not_theirs=None):
        key = (text, tuple(known_terms))
        reads[key] = reads.get(key, 0) + 1
        return anchors(text, known_terms, not_theirs)

    monkeypatch.setattr(listening, "_anchors", counted)
    Simulation(script).run()
    assert reads
    assert max(reads.values()) == 1
