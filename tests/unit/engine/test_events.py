"""Events exactly as the table gives them, answers filed under their question, metrics and transcript."""

import re
import uuid

from agent_worker.core import events as ev
from agent_worker.core.report import metrics, transcript
from agent_worker.core.simulate import simulate
from tests.unit.engine.helpers import Harness
from tests.unit.engine.scripts import cooperative, silent

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
DATA_KEYS = {
    "interview.started": ({"plan", "brain", "seed"}, set()),
    "stage.entered": ({"index", "count"}, set()),
    "stage.exited": ({"reason", "questions", "seconds"}, set()),
    "question.asked": ({"question_id", "text", "kind", "competency"}, set()),
    "question.rejected": ({"text", "reason"}, set()),
    "response.assessed": ({"question_id", "depth", "key_points"}, set()),
    "candidate.reprompted": ({"question_id", "text"}, set()),
    "transition.refused": ({"reason"}, set()),
    "agent.said": ({"text", "started_at", "ended_at"}, {"question_id"}),
    "candidate.said": ({"text", "question_id", "source", "started_at", "ended_at"}, {"words"}),
    "interview.ended": ({"reason"}, set()),
}


def test_every_event_has_the_documented_shape():
    for events in (simulate(cooperative()), simulate(silent())):
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert len({e["id"] for e in events}) == len(events)
        for event in events:
            assert set(event) == {"id", "seq", "type", "stage", "at", "data"}
            assert uuid.UUID(event["id"]).version == 4
            assert ISO.match(event["at"])
            required, optional = DATA_KEYS[event["type"]]
            assert required <= set(event["data"]) <= required | optional, event
        assert events[-1]["type"] == ev.INTERVIEW_ENDED


def test_reasons_come_from_the_documented_lists():
    events = simulate(cooperative()) + simulate(silent())
    assert {e["data"]["reason"] for e in events if e["type"] == "stage.exited"} <= set(ev.EXIT_REASONS)
    assert {e["data"]["reason"] for e in events if e["type"] == "interview.ended"} <= set(ev.END_REASONS)


def test_candidate_said_is_stamped_at_its_end_with_its_start_and_end():
    interview = Harness().start()
    interview.ask("Are you ready to begin?")
    interview.answer("Yes, ready.", seconds=4)
    said = interview.of("candidate.said")[0]
    assert said["at"] == said["data"]["ended_at"] == "2025-01-06T09:00:04.000Z"
    assert said["data"]["started_at"] == "2025-01-06T09:00:00.000Z"
    assert said["data"]["source"] == "voice"


def test_agent_said_is_stamped_when_played_out():
    interview = Harness().start()
    interview.engine.ask_question("Are you ready to begin?")
    interview.engine.say("Are you ready to begin?")
    line = interview.engine.take_lines()[0]
    assert interview.of("agent.said")[-1]["data"].get("question_id") is None  # only the greeting so far
    interview.clock.advance(3)
    interview.engine.agent_line_played(line.id, started_at=interview.clock.now() - 3, ended_at=interview.clock.now())
    said = interview.of("agent.said")[-1]
    assert said["at"] == said["data"]["ended_at"] == "2025-01-06T09:00:03.000Z"
    assert said["data"]["question_id"] == line.question_id


def test_every_answer_is_filed_under_the_question_it_answers():
    events = simulate(cooperative())
    spoken = {}
    for event in events:
        if event["type"] == "agent.said" and "question_id" in event["data"]:
            spoken["current"] = event["data"]["question_id"]
        if event["type"] == "candidate.said":
            assert event["data"]["question_id"] == spoken["current"]


def test_the_same_seed_gives_the_same_events():
    assert simulate(cooperative("same")) == simulate(cooperative("same"))
    assert simulate(cooperative("same")) != simulate(cooperative("other"))


def test_metrics_cover_questions_depth_durations_transitions_turns_reprompts_and_latency():
    result = metrics(simulate(cooperative()))
    assert set(result["questions_per_stage"]) == {"greeting", "self_intro", "past_experience", "closing"}
    assert result["depth_per_answer"] and all(1 <= d["depth"] <= 5 for d in result["depth_per_answer"])
    assert set(result["stage_durations"]) == {"greeting", "self_intro", "past_experience", "closing"}
    by_reason = result["transitions"]["by_reason"]
    assert set(by_reason) <= {"natural", "max_time"} and sum(by_reason.values()) == 4
    assert result["turns"]["candidate"] >= 5 and result["turns"]["total"] > result["turns"]["candidate"]
    assert result["reprompts"] == 0 and result["interruptions"] == 0
    assert result["response_latency"]["samples"]
    assert result["end_reason"] == "completed"
    quiet = metrics(simulate(silent()))
    assert quiet["reprompts"] == 4 and quiet["transitions"]["forced"] == 4


def test_an_interruption_is_counted_when_the_candidate_talks_over_the_agent():
    interview = Harness().start()
    interview.engine.ask_question("Are you ready to begin?")
    interview.engine.say("Are you ready to begin?")
    line = interview.engine.take_lines()[0]
    start = interview.clock.now()
    interview.clock.advance(3)
    interview.engine.agent_line_played(line.id, started_at=start, ended_at=interview.clock.now())
    interview.engine.candidate_said("Yes!", started_at=start + 1, ended_at=interview.clock.now())
    assert metrics(interview.events)["interruptions"] == 1


def test_the_transcript_is_json_with_every_line_and_each_questions_answers():
    data = transcript(simulate(cooperative()))
    assert data["interview"]["end_reason"] == "completed"
    assert {e["speaker"] for e in data["entries"]} == {"agent", "candidate"}
    answered = [q for q in data["questions"] if q["answers"]]
    assert answered and all(q["question_id"] and q["text"] for q in answered)
    import json

    json.dumps(data)
