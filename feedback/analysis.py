"""Measure an interview from its events: per answer, per stage, per competency.

Pure Python (no Django), deterministic, and explained: every score carries the list of what it came
from, so the report can show its working. Input is the engine's event list as DESIGN.md describes it
(`{id, seq, type, stage, at, data}`); output is an `InterviewAnalysis` that round-trips through
`model_dump()` / `InterviewAnalysis.model_validate()` (stored as JSON beside the interview; pydantic
validates the nested dataclasses, so there is no hand-written converter to keep in step).
"""

from __future__ import annotations

from typing import Any

from agent_worker.core import events as ev
from feedback import textstats
from feedback.analysis_types import (
    Answer,
    CompetencyScore,
    InterviewAnalysis,
    Question,
    SpeechSummary,
    StageSummary,
    TranscriptLine,
    format_transcript,
)
from feedback.repeats import repeated_answers
from feedback.scoring import Delivery, JobContext, assess_answer
from feedback.speech import (
    event_data as _data,
)
from feedback.speech import (
    is_voice as _is_voice,
)
from feedback.speech import (
    parse_time,
    round_half_up,
    speech_measures,
    talk_ratio,
)
from feedback.speech import (
    seconds_between as _seconds_between,
)
from feedback.textstats import Span

ANALYSIS_VERSION = 2
# Events that place a stage in the report's order of stages.
STAGE_ACTIVITY = frozenset({ev.STAGE_ENTERED, ev.STAGE_EXITED, ev.QUESTION_ASKED, ev.CANDIDATE_SAID, ev.AGENT_SAID})

# The result types live in `feedback.analysis_types` (read by `feedback.repeats`, which this module uses) and are
# named here too, where the report's code has always found them.
__all__ = ["Answer", "CompetencyScore", "InterviewAnalysis", "Question", "SpeechSummary", "StageSummary",
           "TranscriptLine", "analyse_interview", "build_transcript", "format_transcript", "parse_time",
           "round_half_up"]

# ---------------------------------------------------------------------------------------------
# Small helpers


def _normalise_competency(name: Any) -> str:
    return " ".join(str(name or "").replace("_", " ").replace("-", " ").split()).casefold()


def _plural(n: int | float, word: str, plural: str | None = None) -> str:
    return f"{n:g} {word}" if n == 1 else f"{n:g} {plural or word + 's'}"


def _fmt(value: float) -> str:
    return f"{value:g}"


# ---------------------------------------------------------------------------------------------
# The analysis


def analyse_interview(events: list[dict], *, competencies: list[str], job: JobContext | None = None) -> InterviewAnalysis:
    """Measure one interview from its events, scoring answers on the role's fixed competency list (and against
    the posting it was for, when there was one)."""
    events = sorted(
        (e for e in events if isinstance(e, dict)),
        key=lambda e: (e.get("seq") is None, e.get("seq") or 0),
    )
    questions = _questions(events)
    agent_lines = [e for e in events if e.get("type") == "agent.said"]
    assessments = _assessments(events)
    # Brought back after an answer about something else ("Coming back to my question: …"): what followed is read
    # for being about something else again.
    redirected = {_data(e).get("question_id") for e in agent_lines if _data(e).get("redirected")}

    answers = [
        _measure_answer(qid, utterances, questions.get(qid) if qid is not None else None, agent_lines, assessments,
                        competencies, job, brought_back=qid is not None and qid in redirected)
        for qid, utterances in _group_answers(events)
    ]
    answers = repeated_answers([a for a in answers if a.words > 0])
    counted = [a for a in answers if a.is_answered]  # a question asked back is shown, but counts as unanswered
    for answer in counted:
        if answer.question_id in questions:
            questions[answer.question_id].answered = True

    competency_scores, uncovered, others = _competency_scores(list(questions.values()), counted, competencies)
    with_data = [c.score for c in competency_scores if c.score is not None]
    overall = round_half_up(sum(with_data) / len(with_data)) if with_data else None
    if overall is None:
        overall_explanation = ["no answered question targeted a competency on this role's list"]
    else:
        named = ", ".join(f"{c.name} {_fmt(c.score)}" for c in competency_scores if c.score is not None)
        overall_explanation = [f"mean of {_plural(len(with_data), 'competency', 'competencies')} with answers ({named})"]

    stages, transitions = _stages(events, list(questions.values()), counted)
    candidate_seconds, agent_seconds, ratio = talk_ratio(events, agent_lines)
    started = next((e.get("at") for e in events if e.get("type") == "interview.started"), None)
    ended_event = next((e for e in reversed(events) if e.get("type") == "interview.ended"), None)
    ended = ended_event.get("at") if ended_event else None
    if started is None and events:
        started = events[0].get("at")
    if ended is None and events:
        ended = events[-1].get("at")
    duration = _seconds_between(started, ended)

    return InterviewAnalysis(
        version=ANALYSIS_VERSION,
        has_answers=bool(answers),
        started_at=started,
        ended_at=ended,
        duration_seconds=round_half_up(duration, 2) if duration is not None else None,
        end_reason=_data(ended_event).get("reason") if ended_event else None,
        competency_list=list(competencies),
        questions=list(questions.values()),
        answers=answers,
        stages=stages,
        transitions=transitions,
        competencies=competency_scores,
        uncovered_competencies=uncovered,
        other_competencies=others,
        overall_score=overall,
        overall_explanation=overall_explanation,
        talk_ratio=ratio,
        candidate_speaking_seconds=candidate_seconds,
        agent_speaking_seconds=agent_seconds,
        speech=_speech_summary(answers, events),
        transcript=build_transcript(events),
    )


def _questions(events: list[dict]) -> dict[str, Question]:
    questions: dict[str, Question] = {}
    for event in events:
        if event.get("type") != "question.asked":
            continue
        data = _data(event)
        qid = data.get("question_id")
        if not qid or qid in questions:
            continue
        questions[qid] = Question(
            question_id=str(qid),
            stage=str(event.get("stage") or ""),
            text=str(data.get("text") or ""),
            kind=str(data.get("kind") or "main"),
            competency=data.get("competency") or None,
            asked_at=event.get("at"),
        )
    return questions


def _assessments(events: list[dict]) -> dict[str, dict]:
    """The engine's last assessment per question (a later one supersedes an earlier one)."""
    found: dict[str, dict] = {}
    for event in events:
        if event.get("type") == "response.assessed":
            data = _data(event)
            depth = data.get("depth")
            if data.get("question_id") and isinstance(depth, int | float) and not isinstance(depth, bool):
                found[data["question_id"]] = data
    return found


def _group_answers(events: list[dict]) -> list[tuple[str | None, list[dict]]]:
    """Group candidate.said events into one answer per question, in order of first utterance.

    Consecutive utterances under one question_id form an answer; if the candidate comes back to a
    question later (the engine should not let that happen) the later words join the same answer.
    A question of their own instead of an answer (`request` "own_question": the interviewer answered it and
    asked again) is the answer only when nothing else answered the question: then it counts as a question
    asked back, unanswered; otherwise the question counts once, answered by what followed. So does a question
    asked again after an answer given to an earlier one (`agent.said` with `repeat_of`) or about something else
    (`redirected`: "Coming back to my question: …").
    """
    groups: dict[str | None, list[dict]] = {}
    asked_back: dict[str | None, list[dict]] = {}
    told_again: set[str | None] = set()
    for event in events:
        if event.get("type") == "agent.said" and (_data(event).get("repeat_of") or _data(event).get("redirected")):
            # Told that their answer was one given to an earlier question (or about something else), and asked
            # again: what follows is the answer (a story given again is already the earlier question's).
            told_again.add(_data(event).get("question_id"))
        if event.get("type") != "candidate.said":
            continue
        data = _data(event)
        if not str(data.get("text") or "").strip():
            continue
        if data.get("request") == ev.OWN_QUESTION:
            groups.setdefault(data.get("question_id"), [])
            asked_back.setdefault(data.get("question_id"), []).append(event)
        elif not data.get("request"):  # asking to hear the question again (or what it means) answers nothing
            if data.get("question_id") in told_again:
                told_again.discard(data.get("question_id"))
                groups[data.get("question_id")] = []
            groups.setdefault(data.get("question_id"), []).append(event)
    return [(qid, said or asked_back.get(qid, [])) for qid, said in groups.items()]


def _measure_answer(
    qid: str | None,
    utterances: list[dict],
    question: Question | None,
    agent_lines: list[dict],
    assessments: dict[str, dict],
    competencies: list[str],
    job: JobContext | None = None,
    brought_back: bool = False,
) -> Answer:
    # Sentences are split per utterance so that every sentence (and every quote taken from one)
    # lies inside a single transcript line.
    pieces: list[str] = []
    sentence_spans: list[Span] = []
    offset = 0
    for event in utterances:
        text = " ".join(str(_data(event).get("text") or "").split())
        sentence_spans.extend(textstats.sentences(text, offset=offset))
        pieces.append(text)
        offset += len(text) + 1
    text = " ".join(pieces)

    voice = [e for e in utterances if _is_voice(e)]
    typed = [e for e in utterances if not _is_voice(e)]
    source = "voice" if not typed else "text" if not voice else "mixed"
    n_words = textstats.word_count(text)

    filler_matches = textstats.filler_matches(text)
    hedge_matches = textstats.hedge_matches(text)
    speech = speech_measures(qid, voice, utterances, question, agent_lines)
    fillers_per_minute = None
    if speech["speaking_seconds"]:
        voice_fillers = sum(len(textstats.filler_matches(str(_data(e).get("text") or ""))) for e in voice)
        fillers_per_minute = round_half_up(voice_fillers / (speech["speaking_seconds"] / 60), 1)

    delivery = None
    if voice:
        delivery = Delivery(
            time_to_first_word_seconds=speech["time_to_first_word_seconds"],
            longest_pause_seconds=speech["longest_pause_seconds"],
            fillers_per_minute=fillers_per_minute,
            words_per_minute=speech["words_per_minute"],
            speaking_seconds=speech["speaking_seconds"],
        )
    verdict = assess_answer(
        question.text if question else None,
        text,
        stage=question.stage if question else str(utterances[0].get("stage") or ""),
        sentences=sentence_spans,
        delivery=delivery,
        job=job,
        brought_back=brought_back,
    )
    star = verdict.star
    star_parts = [part for part in textstats.STAR_PARTS if star[part]]
    explanation = list(verdict.explanation)
    assessment = assessments.get(qid) if qid else None
    if assessment is not None:
        # The interviewer's depth steered the interview (follow-ups); the score is the content's, so
        # the report, the practice page and score_answers agree on the same answer.
        depth = max(1, min(5, int(round(assessment["depth"]))))
        depth_source = "interviewer"
        key_points = [str(p) for p in assessment.get("key_points") or [] if str(p).strip()]
    else:
        depth = max(1, min(5, int(round_half_up(verdict.score, 0) or 1)))
        depth_source = "content"
        key_points = []

    competency = question.competency if question else None
    wanted = {_normalise_competency(c): c for c in competencies}
    canonical = wanted.get(_normalise_competency(competency)) if competency else None
    return Answer(
        question_id=qid,
        stage=question.stage if question else str(utterances[0].get("stage") or ""),
        question=question.text if question else None,
        kind=question.kind if question else None,
        competency=canonical or competency,
        counts_for_competency=canonical is not None,
        text=text,
        source=source,
        utterances=len(utterances),
        started_at=_data(utterances[0]).get("started_at"),
        ended_at=_data(utterances[-1]).get("ended_at") or utterances[-1].get("at"),
        words=n_words,
        filler_count=len(filler_matches),
        fillers=textstats.count_by_name(filler_matches),
        fillers_per_minute=fillers_per_minute,
        hedge_count=len(hedge_matches),
        hedges=textstats.count_by_name(hedge_matches),
        sentences=sentence_spans,
        star=star,
        star_parts=star_parts,
        quantified=verdict.results,
        depth=depth,
        depth_source=depth_source,
        key_points=key_points,
        score=verdict.score,
        explanation=explanation,
        question_type=verdict.question_type,
        strengths=verdict.strengths,
        improvements=verdict.improvements,
        example_answer=verdict.example_answer,
        **speech,
    )


def _competency_scores(
    questions: list[Question], answers: list[Answer], competencies: list[str]
) -> tuple[list[CompetencyScore], list[str], list[str]]:
    by_name = {_normalise_competency(c): c for c in competencies}
    asked: dict[str, list[Question]] = {c: [] for c in competencies}
    others: list[str] = []
    for question in questions:
        canonical = by_name.get(_normalise_competency(question.competency)) if question.competency else None
        if canonical is not None:
            asked[canonical].append(question)
        elif question.competency and question.competency not in others:
            others.append(question.competency)
    answered_by_id = {a.question_id: a for a in answers}
    scores: list[CompetencyScore] = []
    uncovered: list[str] = []
    for name in competencies:
        its_questions = asked[name]
        its_answers = [answered_by_id[q.question_id] for q in its_questions if q.question_id in answered_by_id]
        if not its_questions:
            uncovered.append(name)
            explanation = ["no question targeted this competency"]
            score = None
        elif not its_answers:
            explanation = [f"{_plural(len(its_questions), 'question')} asked, none answered"]
            score = None
        else:
            score = round_half_up(sum(a.score for a in its_answers) / len(its_answers))
            listed = ", ".join(_fmt(a.score) for a in its_answers)
            explanation = [f"mean of {_plural(len(its_answers), 'answered question')} ({listed})"]
            skipped = len(its_questions) - len(its_answers)
            if skipped:
                explanation.append(f"{_plural(skipped, 'unanswered question')} skipped")
        scores.append(
            CompetencyScore(
                name=name,
                score=score,
                asked=len(its_questions),
                answered=len(its_answers),
                question_ids=[q.question_id for q in its_questions],
                explanation=explanation,
            )
        )
    return scores, uncovered, others


def _stages(
    events: list[dict], questions: list[Question], answers: list[Answer]
) -> tuple[list[StageSummary], dict[str, int]]:
    order: list[str] = []
    entered_at: dict[str, Any] = {}
    exited: dict[str, dict] = {}
    for event in events:
        stage = event.get("stage")
        if not stage:
            continue
        kind = event.get("type")
        if kind == "stage.entered" and stage not in entered_at:
            entered_at[stage] = event.get("at")
        elif kind == "stage.exited" and stage not in exited:
            exited[stage] = event
        if kind in STAGE_ACTIVITY:
            if stage not in order:
                order.append(stage)
    end_at = next((e.get("at") for e in reversed(events) if e.get("type") == "interview.ended"), None)
    transitions = {"natural": 0, "forced": 0, "ended": 0}
    summaries: list[StageSummary] = []
    answered_ids = {a.question_id for a in answers}
    for index, stage in enumerate(order):
        exit_event = exited.get(stage)
        data = _data(exit_event) if exit_event else {}
        seconds = data.get("seconds")
        if not isinstance(seconds, int | float) or isinstance(seconds, bool):
            seconds = _seconds_between(entered_at.get(stage), exit_event.get("at") if exit_event else end_at)
        reason = data.get("reason")
        transition = None
        if reason in ev.NATURAL_EXIT_REASONS:
            transition = "natural"
        elif reason in ev.FORCED_EXIT_REASONS:
            transition = "forced"
        elif reason:
            transition = "ended"
        if transition:
            transitions[transition] += 1
        its_questions = [q for q in questions if q.stage == stage]
        summaries.append(
            StageSummary(
                name=stage,
                index=index,
                seconds=round_half_up(float(seconds), 2) if seconds is not None else None,
                questions_asked=len(its_questions),
                questions_answered=sum(1 for q in its_questions if q.question_id in answered_ids),
                exit_reason=reason,
                transition=transition,
            )
        )
    return summaries, transitions


def _speech_summary(answers: list[Answer], events: list[dict]) -> SpeechSummary:
    voice = [
        _data(e)
        for e in events
        if e.get("type") == "candidate.said"
        and _is_voice(e)
        and str(_data(e).get("text") or "").strip()
    ]
    speaking = sum(
        max(0.0, d)
        for d in (_seconds_between(u.get("started_at"), u.get("ended_at")) for u in voice)
        if d is not None
    )
    voice_words = sum(textstats.word_count(str(u.get("text"))) for u in voice)
    voice_fillers = sum(len(textstats.filler_matches(str(u.get("text")))) for u in voice)
    fillers: dict[str, int] = {}
    for answer in answers:
        for name, n in answer.fillers.items():
            fillers[name] = fillers.get(name, 0) + n
    delays = [a.time_to_first_word_seconds for a in answers if a.time_to_first_word_seconds is not None]
    voiced = [a for a in answers if a.pause_count is not None]
    return SpeechSummary(
        words=sum(a.words for a in answers),
        speaking_seconds=round_half_up(speaking, 2) if voice else None,
        words_per_minute=round_half_up(voice_words / (speaking / 60), 1) if speaking else None,
        filler_count=sum(a.filler_count for a in answers),
        fillers=dict(sorted(fillers.items())),
        fillers_per_minute=round_half_up(voice_fillers / (speaking / 60), 1) if speaking else None,
        hedge_count=sum(a.hedge_count for a in answers),
        mean_time_to_first_word_seconds=round_half_up(sum(delays) / len(delays), 2) if delays else None,
        pause_count=sum(a.pause_count or 0 for a in voiced) if voiced else None,
    )


# ---------------------------------------------------------------------------------------------
# Transcript


def build_transcript(events: list[dict]) -> list[TranscriptLine]:
    """Interviewer and candidate lines in order; a candidate's consecutive utterances to one question join."""
    events = sorted(
        (e for e in events if isinstance(e, dict)),
        key=lambda e: (e.get("seq") is None, e.get("seq") or 0),
    )
    spoken_ids = {_data(e).get("question_id") for e in events if e.get("type") == "agent.said"}
    lines: list[TranscriptLine] = []
    for event in events:
        kind, data = event.get("type"), _data(event)
        stage = str(event.get("stage") or "")
        text = " ".join(str(data.get("text") or "").split())
        if not text:
            continue
        if kind == "agent.said" or (kind == "question.asked" and data.get("question_id") not in spoken_ids):
            lines.append(TranscriptLine("interviewer", stage, text, data.get("question_id"), event.get("at")))
        elif kind == "candidate.said":
            previous = lines[-1] if lines else None
            if (
                previous is not None
                and previous.speaker == "candidate"
                and previous.question_id == data.get("question_id")
            ):
                previous.text = f"{previous.text} {text}"
                if previous.source != data.get("source", "text"):
                    previous.source = "mixed"
                continue
            lines.append(
                TranscriptLine(
                    "candidate", stage, text, data.get("question_id"), event.get("at"), data.get("source", "text")
                )
            )
    return lines
