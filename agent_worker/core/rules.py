"""The rules a brain's proposals are checked against: the three tools (ask_question, assess_response,
transition_stage) and a restatement, as functions over the interview's state that return a `Decision`.

A function here changes nothing: it says what the tool call comes to (its result for the brain, the events to
record, whether the stage is left, a line to say). The engine carries the decision out, recording each event
through the fold (`InterviewState.apply`), so a rebuilt engine makes the same decisions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from agent_worker.core import events as ev
from agent_worker.core.asks import overused, same_ask
from agent_worker.core.ladder import rung_for
from agent_worker.core.plans import Stage
from agent_worker.core.records import MAX_RESTATEMENTS, REQUEST, QuestionRecord
from agent_worker.core.repeating import NotAnAnswer
from agent_worker.core.repeating import not_an_answer as _not_an_answer
from agent_worker.core.seeding import derive_uuid
from agent_worker.core.state import InterviewState
from agent_worker.core.text import cap, is_near_duplicate, normalise
from agent_worker.core.tools import ToolResult

__all__ = ["EXTRA_QUESTIONS", "Decision", "ask_question",
           "assess_response", "earlier_same_ask", "gate", "not_an_answer", "restatable_question",
           "restate_question", "transition_stage"]


# How many questions past its budget a stage may ask while answers stay substantive and time is left.
EXTRA_QUESTIONS = 6

_CLOSED = ToolResult(False, "closed", "The interview is closing: do not ask anything more.")


@dataclass(frozen=True)
class Decision:
    """What a tool call comes to. The engine records `record` (in order), then does the rest."""

    result: ToolResult
    record: tuple[tuple[str, dict[str, Any]], ...] = ()
    approved: str | None = None  # a question approved and not yet said: its id
    limit_hit: bool = False  # the stage's questions were used up (the engine moves on as max_questions)
    move: str | None = None  # leave the stage, for this reason
    restate: tuple[str, str] | None = None  # (words, question id): the current question said again


# -- ask_question ---------------------------------------------------------------------------------


def ask_question(state: InterviewState, now: float, question: str, competency: str | None, kind: str, *,
                 closing: bool) -> Decision:
    """Approve a question before it is said, or reject it as a duplicate or over the limit."""
    stage = state.current_stage
    if stage is None or state.ended or closing:
        return Decision(_CLOSED)
    text = cap(question, 400)
    if not normalise(text):
        return Decision(ToolResult(False, "empty", "The question is empty. Ask a real question."))
    kind = kind if kind in ev.QUESTION_KINDS else "main"
    record = state.stage
    last = state.by_id.get(record.approved[-1]) if record.approved else None
    if last is not None and not last.answered and normalise(last.text) == normalise(text):
        # The same call again (a retry): approve the same question, count nothing twice.
        return Decision(_approval(state, now, last.stage_index, last.question_id, repeated=True))
    restating = restatable_question(state, closing=closing)
    if restating is not None and earlier_same_ask(state, text, kind) is restating:
        # The candidate asked to hear it again: the same question in other words, not a new one.
        return Decision(ToolResult(True, "restated", "That is the current question in other words, as the "
                                                     "candidate asked: say it now. It stays the same question, "
                                                     "not a new one.", {"question_id": restating.question_id}))
    if len(record.approved) >= question_budget(state, now, stage):
        return Decision(ToolResult(False, "limit", f"Rejected: this stage's {stage.max_questions} question(s) are "
                                                   "used up. Move on now: call transition_stage."),
                        record=_rejected(state, text, "limit"), limit_hit=True)
    earlier = earlier_same_ask(state, text, kind)
    if earlier is not None:
        return Decision(ToolResult(False, "duplicate", "Rejected: that repeats an earlier question "
                                                       f"(“{cap(earlier.text, 120)}”): it asks the same thing. Ask "
                                                       "about something else, or build on what the candidate "
                                                       "actually said."),
                        record=_rejected(state, text, "duplicate"))
    resolved = _resolve_competency(state, stage, competency, state.thread_of_next(kind))
    qid = derive_uuid(state.seed, "question", len(state.order) + 1)
    asked = {"question_id": qid, "text": text, "kind": kind, "competency": resolved}
    return Decision(_approval(state, now, state.stage_index, qid, number=len(record.approved) + 1),
                    record=((ev.QUESTION_ASKED, asked),), approved=qid)


def earlier_same_ask(state: InterviewState, text: str, kind: str = "main") -> QuestionRecord | None:
    """An earlier question asking what `text` asks: nearly the same words, or the same intent
    (`asks.same_ask`, leaving aside the candidate's words). A follow-up's probes (their part, the
    result, the why) repeat only within the story it follows."""
    thread = state.thread_of_next(kind)
    said = state.said_words  # kept as the answers come, not gathered again on every ask
    for qid in state.order:
        earlier = state.by_id[qid]
        if is_near_duplicate(text, earlier.text) or same_ask(
                text, earlier.text, same_thread=thread is not None and earlier.thread == thread,
                candidate_words=said):
            return earlier
    # A follow-up's probe at most twice an interview, never in the same words (`asks.overused`).
    follow_ups = [state.by_id[qid] for qid in state.order if state.by_id[qid].kind == "follow_up"]
    repeated = overused(text, [q.text for q in follow_ups], said) if kind == "follow_up" else None
    return follow_ups[repeated] if repeated is not None else None


def _rejected(state: InterviewState, text: str, reason: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The rejection to record, unless the last event is that very rejection (a retry)."""
    last = state.events[-1] if state.events else None
    data = {"text": text, "reason": reason}
    if last is not None and last.type == ev.QUESTION_REJECTED and last.data == data:
        return ()
    return ((ev.QUESTION_REJECTED, data),)


def _resolve_competency(state: InterviewState, stage: Stage, competency: str | None, thread: str | None) -> str | None:
    """The role's competency the question names; else, for a follow-up, its story's; else the stage's."""
    if competency:
        wanted = normalise(competency)
        for known in state.context.competencies:
            if normalise(known) == wanted:
                return known
    main = state.by_id.get(thread) if thread else None
    if main is not None and main.competency:
        return main.competency
    return state.context.competency_for(stage)


def _approval(state: InterviewState, now: float, stage_index: int, question_id: str, *, number: int | None = None,
              repeated: bool = False) -> ToolResult:
    """The approval of a question (its `number` in the stage: counted from the stage's approved questions)."""
    stage = state.plan.stages[stage_index]
    record = state.stages[stage_index]
    number = number if number is not None else record.approved.index(question_id) + 1
    elapsed = now - record.entered_at
    left = max(0.0, stage.max_seconds - elapsed)
    percent = round(100 * left / stage.max_seconds) if stage.max_seconds else 0
    need = max(0, stage.min_questions - number)
    if number > stage.max_questions:
        after = ("An extra question: the answers are substantive and time is left, so the stage goes on "
                 f"until about {round(reserve_seconds(stage))} s are left.")
    elif number == stage.max_questions and stage.target_depth is not None and stage.max_questions >= 2:
        after = ("The stage's planned questions are used up: after the answer, call transition_stage, "
                 "unless the answers stay substantive and time is left (then keep going).")
    elif number >= stage.max_questions:
        after = "This is the stage's last question: after the answer, call transition_stage."
    elif need:
        after = f"{need} more question{'s' if need > 1 else ''} needed before moving on."
    else:
        after = "You may move on after this answer if the stage's goal is met."
    message = (f"{'Already approved. ' if repeated else ''}Approved: question {number} of this stage "
               f"(it asks {stage.min_questions}-{stage.max_questions}). Time left: {round(left)} s "
               f"({percent}%). {after} Now say the question.")
    return ToolResult(True, "approved", message, {
        "question_id": question_id, "number": number, "min_questions": stage.min_questions,
        "max_questions": stage.max_questions, "seconds_left": round(left), "repeated": repeated})


# -- the stage's budget and gates -----------------------------------------------------------------


def gate(state: InterviewState, now: float, stage: Stage) -> str | None:
    """Why the stage may not be left yet (None: it may)."""
    record = state.stage
    if len(record.approved) >= stage.max_questions:
        return None  # reaching max_questions always allows moving on
    elapsed = now - record.entered_at
    if elapsed < stage.min_seconds:
        return (f"min_seconds: this stage lasts at least {stage.min_seconds:g} s "
                f"({max(1, round(stage.min_seconds - elapsed))} s to go)")
    if len(record.spoken) < stage.min_questions:
        missing = stage.min_questions - len(record.spoken)
        return (f"min_questions: ask {missing} more question{'s' if missing > 1 else ''} first "
                f"({len(record.spoken)} of at least {stage.min_questions} asked)")
    return None


def reserve_seconds(stage: Stage) -> float:
    """The end of a stage kept for its last answer and the move on."""
    return max(15.0, stage.max_seconds * 0.1)


def question_budget(state: InterviewState, now: float, stage: Stage, last_depth: int | None = None) -> int:
    """How many questions the stage may ask: past its budget while the last answer (of `last_depth`, by default
    the last one assessed) was substantive and time is left, up to `EXTRA_QUESTIONS` more."""
    depth = state.last_depth if last_depth is None else last_depth
    if stage.target_depth is None or stage.max_questions < 2 or depth is None:
        return stage.max_questions
    elapsed = now - state.stage.entered_at
    if depth >= 3 and stage.max_seconds - elapsed > reserve_seconds(stage):
        return stage.max_questions + EXTRA_QUESTIONS
    return stage.max_questions


# -- assess_response ------------------------------------------------------------------------------


def assess_response(state: InterviewState, now: float, depth: int, key_points: Iterable[str], *,
                    closing: bool) -> Decision:
    """Record the depth of the candidate's last answer (once per answer) and say what to do next."""
    stage = state.current_stage
    question = state.current_question()
    if stage is None or state.ended or closing:
        return Decision(ToolResult(False, "closed", "The interview is closing: nothing to assess."))
    if question is None or state.answer_turn == 0 or not question.answered:
        return Decision(ToolResult(False, "no_answer", "There is no answer to assess yet. Wait for the candidate."))
    if state.assessed_turn >= state.answer_turn and state.last_depth is not None:
        guidance = _guidance(state, now, state.last_depth)
        return Decision(ToolResult(True, guidance.code, "Already assessed this answer. " + guidance.message,
                                   {**guidance.data, "repeated": True}))
    try:
        score = max(1, min(5, int(depth)))
    except (TypeError, ValueError):
        return Decision(ToolResult(False, "invalid", "depth must be a whole number from 1 to 5."))
    points = [cap(str(p), 200) for p in list(key_points)[:8] if str(p).strip()]
    assessed = {"question_id": question.question_id, "depth": score, "key_points": points}
    return Decision(_guidance(state, now, score, assessed=question.question_id),
                    record=((ev.RESPONSE_ASSESSED, assessed),))


# The main stage (the one that asks for a piece of work in depth) is not left for want of answers before it has
# offered this many ways in (or all it may ask) and run half its time: the person who most needs practice gets
# more than three questions and 46 seconds of it (issue 28).
MAIN_STAGE_DEPTH = 4
WAYS_IN = 4


def _struggling(state: InterviewState, now: float, stage: Stage, depth: int, assessed: str | None) -> bool:
    """The last two answers of the stage were thin: move on rather than drag the stage out, once the main stage
    has asked `WAYS_IN` questions and run half its time."""
    depths = [depth if qid == assessed else state.by_id[qid].depth for qid in state.stage.spoken]
    known = [d for d in depths if d is not None]
    thin = depth <= 2 and (len(known) < 2 or (known[-2] or 0) <= 2)
    if not thin or (stage.target_depth or 0) < MAIN_STAGE_DEPTH:
        return thin
    return (len(state.stage.spoken) >= min(WAYS_IN, stage.max_questions)
            and now - state.stage.entered_at >= stage.max_seconds / 2)


def _guidance(state: InterviewState, now: float, depth: int, *, assessed: str | None = None) -> ToolResult:
    """What to do after an answer of `depth` (`assessed`: the question whose answer is being given that depth)."""
    stage = state.current_stage
    assert stage is not None
    record = state.stage
    left = stage.max_seconds - (now - record.entered_at)
    spoken, approved = len(record.spoken), len(record.approved)
    best = max(record.best_depth, depth)
    target = stage.target_depth
    data: dict[str, Any] = {"depth": depth, "target_depth": target, "questions": spoken}
    budget = question_budget(state, now, stage, depth)  # as it will be once this depth is the last assessed
    if spoken >= budget or approved >= budget:
        return ToolResult(True, "move_on", "Ready to move on: this stage's questions are done. "
                                           "Call transition_stage now.", data)
    gate_open = gate(state, now, stage) is None
    if gate_open and (target is None or left <= reserve_seconds(stage) or _struggling(state, now, stage, depth, assessed)):
        return ToolResult(True, "move_on", "Ready to move on: call transition_stage now.", data)
    if best >= (target or 0) and depth >= 3:
        data["keep_going"] = True
    if target is not None and depth < target:
        rung = rung_for(stage.name, depth)
        data["probe"] = rung.probe
        return ToolResult(True, "follow_up", f"Depth {depth} of a target {target}. Ask a follow-up: {rung.hint}",
                          data)
    missing = max(0, stage.min_questions - spoken)
    more = f" {missing} more question(s) needed." if missing else ""
    return ToolResult(True, "ask_question", "Good. The answers are substantive and time is left: follow up "
                                            f"on what they said, or ask another question on a new topic.{more}",
                      data)


# -- transition_stage -----------------------------------------------------------------------------


def transition_stage(state: InterviewState, now: float, stage_name: str | None, *, closing: bool) -> Decision:
    """Move to the next stage if the gates allow it; say why not otherwise.

    `stage_name` names the stage being left: a call for a stage already left (a tool call racing the timer) is a
    no-op, never a second transition.
    """
    stage = state.current_stage
    if stage is None or state.ended:
        return Decision(ToolResult(False, "closed", "The interview is over."))
    if stage_name is not None and stage_name != stage.name:
        return Decision(ToolResult(False, "stale", f"The interview has already left the {stage_name} stage. "
                                                   "Wait to be asked for the next question."))
    if closing:
        return Decision(ToolResult(True, "closing", "The interview is already closing. Say nothing more."))
    refusal = gate(state, now, stage)
    if refusal is not None:
        last = state.events[-1] if state.events else None
        again = last is not None and last.type == ev.TRANSITION_REFUSED and last.data.get("reason") == refusal
        return Decision(ToolResult(False, "refused", f"Not yet: {refusal}. Ask another question now; do not wait.",
                                   {"reason": refusal}),
                        record=() if again else ((ev.TRANSITION_REFUSED, {"reason": refusal}),))
    exit_reason = "max_time" if now - state.stage.entered_at >= stage.max_seconds else "natural"
    if state.is_last_stage:
        return Decision(ToolResult(True, "closing", "The interview is closing; the closing line is being said. "
                                                    "Say nothing more."), move=exit_reason)
    return Decision(ToolResult(True, "moved", "Moved on. The bridge to the next stage is being said; ask the "
                                              "next stage's first question when asked."), move=exit_reason)


# -- the candidate asked about the question, or answered another --------------------------------


def restatable_question(state: InterviewState, *, closing: bool) -> QuestionRecord | None:
    """The question to say again now: the candidate asked about it, it is unanswered, and it has been
    restated fewer than `MAX_RESTATEMENTS` times (then the interview moves on)."""
    if state.brain_due != REQUEST or state.ended or closing:
        return None
    question = state.current_question()
    if question is None or question.answered or question.restatements >= MAX_RESTATEMENTS:
        return None
    request = state.last_request()
    if request is not None and request[0] == ev.OWN_QUESTION and question.asked_back > 1:
        return None  # asked again once after their own question; a second one is answered, then we move on
    return question


def restate_question(state: InterviewState, text: str, *, closing: bool) -> Decision:
    """Say the current question again (in other words, or with what it means) at the candidate's request.
    Not a new question: nothing is counted, and the answer that follows is filed under it."""
    clean = cap(text, 600)
    if not clean:
        return Decision(ToolResult(False, "empty", "Nothing to say."))
    question = restatable_question(state, closing=closing)
    if question is None:
        return Decision(ToolResult(False, "limit", "The question has been restated enough (or nobody asked): ask a "
                                                   "different question or move on."))
    return Decision(ToolResult(True, "restated", "Restated.", {"question_id": question.question_id}),
                    restate=(clean, question.question_id))


def answer_since_asked(question: QuestionRecord) -> str:
    """The question's answers since it was last said again (a redirect, a repeat), or all of them."""
    return " ".join(question.answers[question.asked_again_at:])


def not_an_answer(state: InterviewState) -> NotAnAnswer | None:
    """Whether the current answer (since the question was last said) answers another question: the story
    given to an earlier one, or something else (small talk, the office, a weekend for "what draws you")."""
    question = state.current_question()
    if question is None or not question.answered:
        return None
    return _not_an_answer(question, answer_since_asked(question), [q for q in state.questions() if q is not question],
                          job_words=state.context.job_words, read=state.reading)
