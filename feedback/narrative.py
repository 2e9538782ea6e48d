"""The written feedback: strengths, improvements, pointers, an example answer, what to practise.

Two sources, one shape (`Narrative`, in `narrative_types`):
- `rules_narrative(analysis)`: coaching assembled from the evidence each answer already carries
  (`feedback.scoring`: strengths and improvements with the sentence that shows them, an example
  answer built from the candidate's own words). It never fails, and it is what a report shows when
  no language model is configured or the model fails.
- `generate_narrative`, which asks a model (prompt, schema and checks in `narrative_llm`) with the
  same evidence, and falls back to the rules when the reply does not validate.
"""

from __future__ import annotations

from collections.abc import Callable

from feedback.analysis import Answer, CompetencyScore, InterviewAnalysis
from feedback.coverage import not_covered, shown_elsewhere
from feedback.narrative_llm import (
    NARRATIVE_JSON_SCHEMA,
    WEAK_SCORE,
    NarrativeValidationError,
    build_narrative_messages,
    build_sceptic_messages,
    parse_and_validate_narrative,
)
from feedback.narrative_types import (
    EvidenceItem,
    ExampleAnswer,
    ExamplePart,
    Narrative,
    QuestionPointer,
    scored_answers,
    weakest_answer,
)
from feedback.scoring import STRENGTH_AT_OR_ABOVE, Evidence
from feedback.scoring.evidence import stands_out
from feedback.scoring.examples import is_outline

__all__ = [
    "NARRATIVE_JSON_SCHEMA", "EvidenceItem", "ExampleAnswer", "ExamplePart", "Narrative", "NarrativeValidationError",
    "QuestionPointer", "build_narrative_messages", "build_sceptic_messages", "generate_narrative",
    "parse_and_validate_narrative", "rules_narrative", "weakest_answer",
]

MAX_ITEMS = 3
# Strengths that quote what the candidate does or would do, step by step ("steps", "proposal", "example", "check").
_DOING = frozenset({"steps", "proposal", "example", "check"})

# Titles for the evidence keys `feedback.scoring` produces.
TITLES = {
    "result": "You put numbers on your impact",
    "outcome": "You said what came of it",
    "own_action": "Specific about what you did",
    "reasons": "You explained your decisions",
    "context": "Context in one sentence",
    "headline": "A clear opening",
    "achievement": "A concrete achievement",
    "thread": "A story that leads to this role",
    "specific": "You knew why this role",
    "job_work": "The job's own work",
    "experience": "Interest backed by experience",
    "bring": "You said what you would bring",
    "question": "Good questions for the interviewer",
    "evidence": "You used the last word well",
    "concrete": "A concrete detail",
    "off_topic": "Answer the question that was asked",
    "off_topic_again": "Answer the question when you are brought back to it",
    "asked_question": "Answer before you ask",
    "hypothetical": "Tell one real time, not what you would or usually do",
    "blame": "Own the story",
    "no_action": "Say what you did yourself",
    "nothing_to_tell": "Offer the closest example you have",
    "how_they_work": "Tell one real time",
    "we": "Say \"I\" for your part",
    "background": "Less background, more action",
    "no_result": "Finish with the result",
    "no_amount": "Put a number on the result",
    "no_context": "Set the scene in one sentence",
    "no_headline": "Open with who you are",
    "personal": "Keep to your working life",
    "no_thread": "Say why this role is next",
    "money": "Lead with what draws you to the work",
    "not_specific": "Be specific about this role",
    "not_this_job": "Point it at this job",
    "flattery": "Say what you know about them",
    "perks": "Ask about the work first",
    "nothing_added": "Use the last word",
    "no_example": "Back it with an example",
    "no_reason": "Say why",
    "generic": "Show it, don't claim it",
    "padding": "Say each point once",
    "rambling": "Shorter and to the point",
    "short": "Give the interviewer more to work with",
    "long_pause": "A long silence",
    "slow_start": "Start with a headline",
    "fillers": "Fewer filler words",
    "pace": "Find your pace",
    # what-would-you-do questions
    "problem": "A specific problem",
    "proposal": "A concrete proposal",
    "measure": "How you would know it worked",
    "example": "Backed by what you have done",
    "story_elsewhere": "Answer the question that was asked",
    "off_question": "Answer the question that was asked",
    "no_proposal": "Say what you would do",
    "no_problem": "Say what is wrong today",
    "vague_proposal": "Say the step itself",
    "no_measure": "Say how you would know it worked",
    "example_only": "Lead with what you would do",
    # approach questions
    "steps": "Concrete steps of how you work",
    "principle": "The reason behind your approach",
    "check": "You check it worked",
    "no_steps": "Say what you actually do",
    "vague_steps": "Say the step itself",
    "thin_steps": "Say more about each step",
    "no_check": "Say how you check it worked",
}
EXAMPLE_NOTES = (
    "Your own sentences, in the order interviewers listen for, without filler, hedges or repeats. "
    "Answer each \"Your turn\" in its place: only you know the answer."
)

_NO_ANSWERS_PRACTICE = [
    "Start a Quick practice interview and answer at least two questions: about five minutes.",
    "Prepare one story from a recent project as Situation, Task, Action, Result before you start.",
    "Check your microphone before the interview starts, or switch to text mode, so your answers are recorded.",
]
_GENERIC_PRACTICE = [
    "Run another Quick practice and compare your scores on the dashboard.",
    "Prepare three STAR stories (a success, a conflict, a failure) that you can adapt to different questions.",
]


def rules_narrative(analysis: InterviewAnalysis) -> Narrative:
    """Coaching built from the measured analysis alone; it never fails."""
    if not analysis.has_answers or not analysis.interview_answers():
        if analysis.answers:
            summary = (
                "There is nothing to assess yet: the interview ended before you answered an interview "
                "question, so it has no scores. The suggestions below get you to a useful report next time."
            )
        else:
            summary = (
                "There is nothing to assess yet: no answers were recorded in this interview, so it has "
                "no scores. That is fine for a first try; the suggestions below get you to a useful report."
            )
        return Narrative(
            source="rules",
            has_answers=False,
            summary=summary,
            strengths=[],
            improvements=[],
            question_pointers=[],
            example_answer=None,
            practice_next=list(_NO_ANSWERS_PRACTICE),
        )
    answers = scored_answers(analysis)
    strengths = _pick(sorted(answers, key=lambda a: -a.score), lambda a: a.strengths)
    improvements = _pick(sorted(answers, key=lambda a: a.score), lambda a: a.improvements)
    return Narrative(
        source="rules",
        has_answers=True,
        summary=_summary(analysis, improvements),
        strengths=strengths,
        improvements=improvements,
        question_pointers=[_pointer(a) for a in analysis.interview_answers()],
        example_answer=example_answer(analysis),
        practice_next=_practice_next(analysis, [i.key for a in answers for i in a.improvements]),
    )


def _label(answer: Answer) -> str:
    return _question_label(answer.question)


def _question_label(text: str | None) -> str:
    question = (text or "this question").strip()
    return question if len(question) <= 90 else question[:87].rstrip() + "..."


def question_lead(answer: Answer) -> str:
    """How an item with no quote names its question ('In your answer to "…": '); the page shows a link instead."""
    return f'In your answer to "{_label(answer)}": '


def _item(answer: Answer, evidence: Evidence) -> EvidenceItem:
    detail = evidence.text
    # "You were asked "…", but this answer…" names its question already: 'In your answer to "…"' would say it twice.
    if evidence.quote is None and not detail.startswith("You were asked"):
        detail = f"{question_lead(answer)}{detail[:1].lower()}{detail[1:]}"
    return EvidenceItem(title=TITLES.get(evidence.key, evidence.key.replace("_", " ").capitalize()), detail=detail,
                        quote=evidence.quote, question_id=answer.question_id)


def _pick(answers: list[Answer], items_of: Callable[[Answer], list[Evidence]]) -> list[EvidenceItem]:
    """Up to three items, one kind each, spread over the answers before a second from the same one."""
    found: list[EvidenceItem] = []
    keys: set[str] = set()
    quotes: set[str] = set()
    for per_answer in (1, MAX_ITEMS):
        for answer in answers:
            taken = sum(1 for item in found if item.question_id == answer.question_id)
            for evidence in items_of(answer):
                if len(found) >= MAX_ITEMS or taken >= per_answer:
                    break
                if evidence.key in keys or (evidence.quote and evidence.quote in quotes):
                    continue
                keys.add(evidence.key)
                if evidence.quote:
                    quotes.add(evidence.quote)
                found.append(_item(answer, evidence))
                taken += 1
    return found


def _summary(analysis: InterviewAnalysis, improvements: list[EvidenceItem]) -> str:
    counts = analysis.counts()
    asked, answered = counts["questions_asked"], counts["questions_answered"]
    parts = [f"You answered {answered} of {asked} interview question{'s' if asked != 1 else ''}."]
    scored = _scored_competencies(analysis)
    if scored:
        (best, best_score), (worst, worst_score) = max(scored, key=_by_score), min(scored, key=_by_score)
        if best.name != worst.name and best_score != worst_score:
            parts.append(
                f"Your strongest area was {best.name} ({best_score:g}/5) and the biggest opportunity is "
                f"{worst.name} ({worst_score:g}/5)."
            )
        else:
            parts.append(f"You scored {analysis.overall_score:g}/5 overall on the competencies you covered.")
    else:
        parts.append("None of your answers targeted this role's competencies, so there is no score this time.")
    missing = not_covered(analysis)
    if missing:
        parts.append(f"Not covered this time: {', '.join(missing)}.")
    shown = shown_elsewhere(analysis)
    if shown:
        listed = "; ".join(f'{s.competency} in your answer to "{_question_label(s.question)}"' for s in shown)
        parts.append(f"Shown without a question of its own: {listed}{'' if listed[-2:-1] in '.?!' else '.'}")
    moment = strongest_moment(analysis)
    if moment:
        parts.append(f'Your strongest moment: "{moment}"')
    if improvements:
        parts.append(f"First thing to work on: {improvements[0].title[:1].lower()}{improvements[0].title[1:]}.")
    return " ".join(parts)


def strongest_moment(analysis: InterviewAnalysis) -> str | None:
    """The one sentence to hold up, from the best-scored answered question that has one: a concrete result or a
    specific thing they did (`stands_out`), or, in a well-scored answer, the step of how they work or what they
    would do that it was praised for. None when nothing said was that strong: the summary then names no moment
    rather than an opening line ("Yes, I'm ready"), a job title or small talk."""
    for answer in sorted((a for a in scored_answers(analysis) if a.is_answered), key=lambda a: -a.score):
        for evidence in answer.strengths:
            if evidence.quote and (stands_out(evidence.quote) or (
                    answer.score >= STRENGTH_AT_OR_ABOVE and evidence.key in _DOING)):
                return evidence.quote
    return None


def _pointer(answer: Answer) -> QuestionPointer:
    pointer, quote = "A solid answer: keep its structure.", None
    if answer.improvements:
        pointer, quote = answer.improvements[0].text, answer.improvements[0].quote
    elif answer.strengths:
        pointer, quote = f"Keep this: {answer.strengths[0].text}", answer.strengths[0].quote
    return QuestionPointer(question_id=answer.question_id, question=answer.question, pointer=pointer, quote=quote,
                           score=answer.score)


def _scored_competencies(analysis: InterviewAnalysis) -> list[tuple[CompetencyScore, float]]:
    """The competencies with a score, each with it."""
    return [(c, c.score) for c in analysis.competencies if c.score is not None]


def _by_score(pair: tuple[CompetencyScore, float]) -> float:
    return pair[1]


def example_answer(analysis: InterviewAnalysis) -> ExampleAnswer | None:
    """The improved answer to the weakest question that has one (answers scoring 3 or less do), preferring one
    built from the candidate's words over a non-answer's outline of questions."""
    candidates = [(a, a.example_answer) for a in scored_answers(analysis) if a.example_answer]
    if not candidates:
        return None
    answer, text = min(candidates, key=lambda pair: (is_outline(pair[1]), pair[0].score))
    return ExampleAnswer(question_id=answer.question_id, question=answer.question, answer=text, notes=EXAMPLE_NOTES)


def _practice_next(analysis: InterviewAnalysis, keys: list[str]) -> list[str]:
    items: list[str] = []
    suggestions = {
        "no_result": 'End every story with its outcome: say "As a result, ..." and finish with a number.',
        # Any trade's numbers, not a software team's ("% faster, users served" read oddly to a plumber).
        "no_amount": "For each job on your resume, write down one number (people served, jobs done, mistakes caught, "
        "time or money saved) and use them in your answers.",
        "no_context": "Practise a one-sentence opener for each story: where you were and what you owned.",
        "fillers": "Record yourself answering one question for two minutes, count the fillers, and replace "
        "each with a short pause.",
        "short": "Practise 60-90 second answers: context in one sentence, then what you did, then the result.",
        "pace": "Read one answer aloud at 120-160 words a minute (about 2-3 words a second) to find your pace.",
        "slow_start": "Prepare a one-line headline for your three best stories so you can start at once.",
        "long_pause": 'Practise saying "Let me think for a moment" and then your headline, instead of a long silence.',
        "we": 'Retell one team story saying "I" for every step you took yourself.',
        "hypothetical": "Pick three real stories (a success, a conflict, a failure) so no question leaves you "
        "answering with what you would do.",
        "padding": "Write one answer down, cut every sentence that repeats a point, and say the short version aloud.",
        "rambling": "Time one answer: two minutes at most, with the result said in the last twenty seconds.",
        "off_topic": "Before answering, repeat the question to yourself in five words and check your answer fits it.",
        "off_question": "For each kind of question (a conflict, a failure, a strength, what draws you), note one real "
        "story that fits it, so a good story about something else is not the one you reach for.",
        "story_elsewhere": "Before answering, repeat the question to yourself in five words; when it asks what you "
        "would do, answer with your proposal, not a story about something else.",
        "how_they_work": "For each way of working you are proud of, note one real time you worked that way, and tell "
        "that when a question asks for an example.",
        "blame": "Retell a story that went wrong focusing on what you did and what you changed afterwards.",
        "no_thread": "Write a three-sentence introduction: who you are now, one achievement, why this role is next.",
        "money": "Note two things in the job description you would like to do, and open your answer to "
        "\"why this role\" with them; pay can come up at the offer stage.",
        "not_specific": "Read the job description again and note two things in it that match your experience.",
        "not_this_job": "Read the posting's duties and end your introduction with the part of your work closest to them.",
        "nothing_added": "Prepare two questions for the interviewer about how the team works and how success is judged.",
        "asked_question": "Write your questions for the interviewer down and keep them for the end; answer each "
        "question first, even briefly.",
    }
    for name in not_covered(analysis)[:1]:
        items.append(f"Prepare a story that shows {name}: this interview did not cover it.")
    scored = _scored_competencies(analysis)
    if len(scored) > 1:
        weakest, weakest_score = min(scored, key=_by_score)
        if weakest_score < 4:
            items.append(f"Do a Quick practice focused on {weakest.name}, your lowest score ({weakest_score:g}/5).")
    for key in keys:
        if key in suggestions:
            items.append(suggestions[key])
    for generic in _GENERIC_PRACTICE:
        if len(items) >= 2:
            break
        items.append(generic)
    return list(dict.fromkeys(items))[:4]


# ---------------------------------------------------------------------------------------------
# The LLM path


Complete = Callable[[list[dict[str, str]]], str]


def _ask(
    complete: Complete,
    messages: list[dict[str, str]],
    *,
    attempts: int,
    validate: Callable[[str], Narrative],
) -> tuple[Narrative | None, str]:
    """Call the model up to `attempts` times, feeding each validation error back; (narrative, last error)."""
    messages = list(messages)
    error = "no attempt was made"
    for _ in range(max(1, attempts)):
        reply = complete(messages)
        try:
            return validate(reply), ""
        except NarrativeValidationError as exc:
            error = str(exc)
            messages += [
                {"role": "assistant", "content": reply if isinstance(reply, str) else str(reply)},
                {
                    "role": "user",
                    "content": f"That reply was rejected: {error}. Reply again with only the corrected JSON object.",
                },
            ]
    return None, error


def generate_narrative(
    analysis: InterviewAnalysis,
    transcript: str | None = None,
    *,
    complete: Complete | None,
    attempts: int = 3,
    sceptic: bool = False,
) -> Narrative:
    """The narrative from the model when `complete` is given and its output validates, else from rules.

    `complete(messages) -> str` is the network call (the caller owns its client, timeouts and
    transport retries). An invalid reply is retried with the error fed back, up to `attempts` calls;
    after that, or on any exception from `complete`, this falls back to `rules_narrative` with a
    `fallback_reason`. It never raises.
    """
    if complete is None:
        return rules_narrative(analysis)
    if not analysis.has_answers or not analysis.interview_answers():
        unassessed = rules_narrative(analysis)
        unassessed.fallback_reason = "there were no answers to assess"
        return unassessed
    transcript = analysis.transcript_text() if transcript is None else transcript
    # Quotes must be the candidate's own words; the interviewer's lines are not evidence.
    evidence_text = analysis.candidate_text() or transcript

    def validate(reply: str) -> Narrative:
        return parse_and_validate_narrative(reply, evidence_text, analysis=analysis)

    try:
        narrative, error = _ask(
            complete, build_narrative_messages(analysis, transcript), attempts=attempts, validate=validate
        )
    except Exception as exc:  # noqa: BLE001 - any failure of the model call means "use the rules"
        fallback = rules_narrative(analysis)
        fallback.fallback_reason = f"the language model call failed ({type(exc).__name__})"
        return fallback
    if narrative is None:
        fallback = rules_narrative(analysis)
        fallback.fallback_reason = f"the language model's output was invalid {attempts} times (last: {error})"
        return fallback

    has_weak = any(a.score < WEAK_SCORE for a in analysis.interview_answers())
    if sceptic and has_weak:
        try:
            reviewed, _error = _ask(
                complete,
                build_sceptic_messages(analysis, transcript, narrative),
                attempts=attempts,
                validate=validate,
            )
        except Exception:  # noqa: BLE001 - the review is optional; keep the validated first draft
            reviewed = None
        if reviewed is not None:
            reviewed.sceptic_reviewed = True
            return reviewed
    return narrative
