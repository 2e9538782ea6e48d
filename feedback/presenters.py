"""Presenters: what the report page, its PDF and email, and the dashboards show, made from what the
selectors read (labels, durations, measures, SVG charts). Selectors return data; presenters format it."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from feedback import charts
from feedback.models import Report, StepStatus
from feedback.replay import Replay
from feedback.scoring.rubrics import TYPE_LABELS
from interviews.models import Interview

STAGE_TITLES = {
    "greeting": "Welcome",
    "self_intro": "About you",
    "past_experience": "Past experience",
    "closing": "Closing",
}
STEP_LABELS = {"analysis": "Analysis", "narrative": "Written feedback", "pdf": "PDF", "email": "Email"}



def _stage_title(interview: Interview, name: str) -> str:
    for stage in (interview.plan_snapshot or {}).get("stages", []):
        if stage.get("name") == name and stage.get("title"):
            return stage["title"]
    return STAGE_TITLES.get(name) or name.replace("_", " ").capitalize() or "Interview"


def name_label(name: str | None) -> str:
    text = (name or "").replace("_", " ").strip()
    return text[:1].upper() + text[1:]


EXIT_LABELS = {
    "natural": "moved on naturally",
    "max_questions": "all questions asked",
    "max_time": "time ran out",
    "inactivity": "moved on after a silence",
    "max_duration": "the interview reached its time limit",
    "candidate_ended": "you ended the interview",
    "disconnected": "the connection dropped",
}


def duration_text(seconds: float | None) -> str:
    if seconds is None:
        return "n/a"
    total = int(round(seconds))
    return f"{total // 60}:{total % 60:02d}"


def _num(value, unit: str = "", places: int = 1) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, float):
        text = f"{value:.{places}f}"
        if places:
            text = text.rstrip("0").rstrip(".")
    else:
        text = str(value)
    return f"{text}{unit}"


def fallback_note(reason: str | None) -> str:
    """Why the rules wrote the feedback, in words for the candidate (the stored reason is for staff)."""
    if not reason:
        return ""
    if reason.startswith("the language model call failed"):
        return "the language model could not be reached"
    if reason.startswith("the language model's output was invalid"):
        return "its drafts did not pass our checks (every quote must be your own words)"
    return reason


def answer_measures(answer) -> list[tuple[str, str]]:
    """A voice answer's speech measures as (label, text); none for a typed answer (nothing to measure)."""
    if not answer.is_voice:
        return []
    fillers = f"{answer.filler_count}"
    if answer.fillers_per_minute is not None:
        fillers += f" ({_num(answer.fillers_per_minute)}/min)"
    return [
        ("Speaking time", duration_text(answer.speaking_seconds)),
        ("Pace", _num(answer.words_per_minute, " wpm", 0)),
        ("Time to first word", _num(answer.time_to_first_word_seconds, " s")),
        ("Longest pause", _num(answer.longest_pause_seconds, " s") if answer.longest_pause_seconds else "none over 2 s"),
        ("Filler words", fillers),
    ]


def overview_measures(analysis) -> list[tuple[str, str]]:
    """The interview's measures; the speech ones only when something was spoken."""
    speech = analysis.speech
    measures = [("Duration", duration_text(analysis.duration_seconds)), ("Words you said", str(speech.words))]
    if speech.speaking_seconds is None:
        return measures
    fillers = f"{speech.filler_count}"
    if speech.fillers_per_minute is not None:
        fillers += f" ({_num(speech.fillers_per_minute)}/min)"
    return measures + [
        ("Your speaking time", duration_text(speech.speaking_seconds)),
        ("Pace", _num(speech.words_per_minute, " wpm", 0)),
        ("Filler words", fillers),
        ("Talk ratio (you)", f"{round(analysis.talk_ratio * 100)}%" if analysis.talk_ratio is not None else "—"),
        ("Time to first word (mean)", _num(speech.mean_time_to_first_word_seconds, " s")),
    ]




@dataclass
class StageBlock:
    name: str
    title: str
    lines: list


def report_summary(report: Report) -> dict:
    """The few facts an email or a list shows: score, summary, source."""
    narrative = report.narrative or {}
    return {
        "overall_score": report.overall_score,
        "has_answers": bool((report.analysis or {}).get("has_answers")),
        "summary": narrative.get("summary", ""),
        "source": report.narrative_source,
        "practice_next": narrative.get("practice_next", []),
        # The email shows these with their quotes, so its summary is backed by the candidate's own words.
        "strengths": [{"title": s.get("title", ""), "quote": s.get("quote")} for s in narrative.get("strengths", [])],
        "improvements": [
            {"title": i.get("title", ""), "detail": i.get("detail", ""), "quote": i.get("quote")}
            for i in narrative.get("improvements", [])
        ],
    }


def report_context(report: Report, *, print_mode: bool = False, retakes: dict | None = None,
                   replays: dict[str, list[Replay]] | None = None) -> dict:
    """Everything the report template shows (page and PDF alike). `retakes` (question id -> its retakes' count
    and best score, `selectors.attempt_totals`) is given on the candidate's own page, where every question can be
    tried again; `replays` (question id -> its recordings, `replay.replays_by_question`) where answers were kept:
    the page plays them, the PDF says they are on the page."""
    from feedback.analysis import InterviewAnalysis
    from feedback.coverage import not_covered, shown_elsewhere
    from feedback.narrative import Narrative

    interview = report.interview
    context: dict = {
        "interview": interview,
        "report": report,
        "print_mode": print_mode,
        "analysis": None,
        "narrative": None,
        "llm_model": settings.OPENAI_MODEL,
        "step_rows": [
            {"name": step, "label": STEP_LABELS[step], "status": report.step_status(step),
             "error": report.step_errors.get(step, ""), "attempts": report.step_attempts.get(step, 0)}
            for step in ("analysis", "narrative", "pdf", "email")
        ],
        "building": report.status in (Report.Status.PENDING, Report.Status.BUILDING),
        "email_waiting": report.email_status == StepStatus.WAITING,
        "has_recordings": bool(replays),
    }
    if not report.has_content:
        return context
    analysis = InterviewAnalysis.model_validate(report.analysis)
    narrative = Narrative.model_validate(report.narrative)
    answers = {a.question_id: a for a in analysis.answers}
    pointers = {p.question_id: p for p in narrative.question_pointers}
    numbered = []
    for number, answer in enumerate(analysis.interview_answers(), 1):
        numbered.append({
            "number": number,
            "answer": answer,
            "stage_title": _stage_title(interview, answer.stage),
            "competency": name_label(answer.competency) if answer.competency else "",
            "pointer": pointers.get(answer.question_id) if narrative.source == "llm" else None,
            "segments": answer.highlight_segments(),
            "measures": answer_measures(answer),
            "type_label": TYPE_LABELS.get(answer.question_type, ""),
            "result_praised": any(e.key in ("result", "outcome") for e in answer.strengths),
            # The page shows one point of each kind on the card and folds the rest.
            "more_points": max(0, len(answer.strengths) - 1) + max(0, len(answer.improvements) - 1),
            "star_present": ([(part, part in answer.star_parts) for part in ("situation", "task", "action", "result")]
                             if answer.question_type == "story" and answer.is_answered else []),
            "example": (narrative.example_answer if narrative.example_answer
                        and narrative.example_answer.question_id == answer.question_id else None),
            "retakes": (retakes or {}).get(answer.question_id or ""),
            "replays": (replays or {}).get(answer.question_id or "", []),
        })
    stages: list[StageBlock] = []
    for line in analysis.transcript:
        if not stages or stages[-1].name != line.stage:
            stages.append(StageBlock(line.stage, _stage_title(interview, line.stage), []))
        stages[-1].lines.append(line)
    competencies = [
        {"score": c, "label": name_label(c.name),
         "answers": [answers[q] for q in c.question_ids if q in answers and answers[q].is_answered]}
        for c in analysis.competencies
    ]
    covered = [c for c in analysis.competencies if c.score is not None]
    by_id = {answer.question_id: item for answer, item in zip(analysis.interview_answers(), numbered, strict=True)}
    context.update({
        "analysis": analysis,
        "narrative": narrative,
        "answers": numbered,
        "competencies": competencies,
        "covered_count": len(covered),
        "competency_count": len(analysis.competencies),
        "not_covered": not_covered(analysis),
        "shown_elsewhere": [{"shown": shown, "number": by_id[shown.question_id]["number"] if shown.question_id in by_id else None}
                            for shown in shown_elsewhere(analysis)],
        **analysis.counts(),
        "stages": stages,
        "stage_rows": [
            {"summary": s, "title": _stage_title(interview, s.name), "duration": duration_text(s.seconds),
             "exit": EXIT_LABELS.get(s.exit_reason or "", s.exit_reason or "")}
            for s in analysis.stages
        ],
        "overview_measures": overview_measures(analysis),
        "charts": (charts.analysis_charts(analysis, stage_title=lambda name: _stage_title(interview, name))
                   if analysis.has_answers else {}),
        "any_voice": any(a.is_voice for a in analysis.answers),
        "example": narrative.example_answer,
        "page_improvements": [_page_item(i, by_id) for i in narrative.improvements],
        "fallback_note": fallback_note(narrative.fallback_reason),
        "can_retake": retakes is not None and not print_mode,
    })
    return context


def _page_item(item, numbered: dict) -> dict:
    """A narrative point as the page shows it: its answer's number as a link instead of the question quoted,
    and only its headline when its answer's card, just below, already says the same thing with the same quote."""
    from feedback.narrative import question_lead

    card = numbered.get(item.question_id)
    detail = item.detail
    on_card = False
    if card is not None:
        lead = question_lead(card["answer"])
        if detail.startswith(lead):
            detail = detail[len(lead):][:1].upper() + detail[len(lead) + 1:]
        shown = card["answer"].improvements[:1]
        on_card = bool(shown) and shown[0].text == detail and shown[0].quote == item.quote
    if detail.lower().startswith(item.title.lower() + ":"):  # "Say why (question 6). Say why: the reason…"
        detail = detail[len(item.title) + 1 :].strip()
        detail = detail[:1].upper() + detail[1:]
    return {"item": item, "number": card["number"] if card else None, "detail": detail, "on_card": on_card}


def per_day_chart(rows: list[dict], *, title: str = "Interviews per day", narrow: bool = False) -> str:
    """Interviews per day as columns: inline SVG (presentation attributes only, so CSP allows it)."""
    return charts.day_columns_chart(rows, title=title, narrow=narrow)


def trend_charts(trends: list[dict]) -> list[dict]:
    """The dashboard's progress charts, one per role of `selectors.competency_trends` (wide and narrow)."""
    shown = []
    for trend in trends:
        role, points, names = trend["role"], trend["points"], trend["competencies"]
        title = f"{role.title}: competency scores over time"
        if trend["count"] > len(points):
            title = f"{role.title}: competency scores, latest {len(points)} interviews"
        shown.append({
            "role": role,
            "count": trend["count"],
            "chart": charts.competency_trend_chart(points, competencies=names, title=title),
            "chart_narrow": charts.competency_trend_chart(points, competencies=names, title=title, narrow=True),
        })
    return shown


def staff_overview_view(overview: dict) -> dict:
    """`selectors.staff_overview` for the staff page: stages and report steps labelled, in the interview's
    order, latencies in words, and the per-day chart."""
    order = list(STAGE_TITLES)
    forced = sorted(overview["forced_rows"],
                    key=lambda row: (order.index(row["stage"]) if row["stage"] in order else 99, row["stage"]))
    title = f"Interviews per day, last {overview['days']} days"
    return {
        **overview,
        "forced_rows": [{**row, "stage": STAGE_TITLES.get(row["stage"]) or name_label(row["stage"])} for row in forced],
        "failed_by_step": {STEP_LABELS.get(step, step): n for step, n in overview["failed_by_step"].items()},
        "latency_p50_text": latency_text(overview["latency_p50"]),
        "latency_p95_text": latency_text(overview["latency_p95"]),
        "days_chart": per_day_chart(overview["per_day"], title=title),
        "days_chart_narrow": per_day_chart(overview["per_day"], title=title, narrow=True),
    }


def latency_text(seconds: float | None) -> str:
    """A response latency as people read it: "850 ms", "2.4 s", or "n/a"."""
    if seconds is None:
        return "n/a"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"


def _points(items, text_key: str) -> list[dict]:
    """Evidence as the shared partial shows it: {text, quote}, from the analysis (objects) or a stored retake."""
    if items and isinstance(items[0], dict):
        return [{"text": item[text_key], "quote": item.get("quote")} for item in items]
    return [{"text": item.text, "quote": item.quote} for item in items]


def retake_context(interview: Interview, original, attempts: list) -> dict:
    """The retake page: the question, and the interview's answer beside every retake, each with what changed
    since the interview's answer."""
    from feedback.retakes import AttemptSummary, summary_of_answer, what_changed
    from feedback.selectors import job_context_of

    first = summary_of_answer(original)
    columns = [{
        "label": "In the interview", "when": interview.created_at, "text": original.text or "(no answer)",
        "score": original.score if original.is_answered else None,
        "strengths": _points(original.strengths[:2], "text"), "improvements": _points(original.improvements[:2], "text"),
        "changes": [], "latest": not attempts,
    }]
    for number, attempt in enumerate(attempts, 2):
        columns.append({
            "label": f"Try {number}", "when": attempt.created_at, "text": attempt.answer, "score": attempt.score,
            "strengths": _points(attempt.assessment.get("strengths", [])[:2], "why"),
            "improvements": _points(attempt.assessment.get("improvements", [])[:2], "advice"),
            "changes": what_changed(first, AttemptSummary.from_dict(attempt.summary)),
            "latest": number == len(attempts) + 1,
        })
    job = job_context_of(interview)
    return {
        "interview": interview,
        "original": original,
        "question": original.question or "(a question not recorded)",
        "competency": name_label(original.competency) if original.competency else "",
        "stage_title": _stage_title(interview, original.stage),
        "job_title": (job.title if job and job.title else interview.role.title),
        "columns": columns,
        "best": max((c["score"] for c in columns if c["score"] is not None), default=None),
    }
