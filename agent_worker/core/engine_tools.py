"""The engine's three tools (ask_question, assess_response, transition_stage) and their guidance.

A mixin of `Engine`: the rules a brain's proposals are checked against. State is the engine's; every
decision is recorded through `_emit`, so a rebuilt engine makes the same decisions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from agent_worker.core import events as ev
from agent_worker.core.asks import same_ask
from agent_worker.core.engine_state import EngineState
from agent_worker.core.plans import Stage
from agent_worker.core.records import MAX_RESTATEMENTS, REQUEST, QuestionRecord
from agent_worker.core.seeding import derive_uuid
from agent_worker.core.text import cap, is_near_duplicate, normalise
from agent_worker.core.tools import (
    TOOLS_BY_NAME,
    AskQuestionArguments,
    AssessResponseArguments,
    ToolResult,
    TransitionStageArguments,
    tool_names,
)

__all__ = ["EXTRA_QUESTIONS", "INTRO_LADDER", "LADDERS", "STAR_LADDER", "EngineTools"]


# The follow-up ladder: what to probe next, by the depth of the last answer.
STAR_LADDER = {
    1: ("situation_task", "Probe the situation and the task: ask for one specific example, when and where "
                          "it happened and what was at stake."),
    2: ("role_challenges", "Ask about their own role and the challenges they ran into."),
    3: ("implementation", "Ask for implementation detail: how exactly they did it, and the decisions and "
                          "trade-offs they made."),
    4: ("impact_result", "Ask about the impact and the result, with numbers if they have them."),
}
INTRO_LADDER = {
    1: ("background", "Ask for specifics of their background: their current role and what they work on."),
    2: ("strengths", "Ask about a strength of theirs, with a short example."),
    3: ("motivation", "Ask what they want next in their career and why this role."),
    4: ("motivation", "Ask what they want next in their career and why this role."),
}
LADDERS = {"self_intro": INTRO_LADDER}
# How many questions past its budget a stage may ask while answers stay substantive and time is left.
EXTRA_QUESTIONS = 6


class EngineTools(EngineState):
    """The tools, as methods of the engine."""

    # ============================================================================================
    # Tools (for brains, and for models through `call_tool`)
    # ============================================================================================

    def ask_question(self, question: str, competency: str | None = None, kind: str = "main") -> ToolResult:
        """Approve a question before it is said, or reject it as a duplicate or over the limit."""
        stage = self.current_stage
        if stage is None or self.ended or self._ending is not None:
            return ToolResult(False, "closed", "The interview is closing: do not ask anything more.")
        text = cap(question, 400)
        if not normalise(text):
            return ToolResult(False, "empty", "The question is empty. Ask a real question.")
        kind = kind if kind in ev.QUESTION_KINDS else "main"
        state = self._stages[self.stage_index]
        last = self._questions.get(state.approved[-1]) if state.approved else None
        if last is not None and not last.answered and normalise(last.text) == normalise(text):
            # The same call again (a retry): approve the same question, count nothing twice.
            return self._approval(last, repeated=True)
        restating = self.restatable_question()
        if restating is not None and self.earlier_same_ask(text, kind) is restating:
            # The candidate asked to hear it again: the same question in other words, not a new one.
            return ToolResult(True, "restated", "That is the current question in other words, as the candidate "
                                                "asked: say it now. It stays the same question, not a new one.",
                              {"question_id": restating.question_id})
        if len(state.approved) >= self._question_budget(stage):
            self._reject(text, "limit")
            self._limit_hit_seq = len(self.events)
            return ToolResult(False, "limit",
                              f"Rejected: this stage's {stage.max_questions} question(s) are used up. "
                              "Move on now: call transition_stage.")
        earlier = self.earlier_same_ask(text, kind)
        if earlier is not None:
            self._reject(text, "duplicate")
            return ToolResult(False, "duplicate",
                              "Rejected: that repeats an earlier question "
                              f"(“{cap(earlier.text, 120)}”): it asks the same thing. Ask about something "
                              "else, or build on what the candidate actually said.")
        resolved = self._resolve_competency(stage, competency, self._thread_of_next(kind))
        qid = derive_uuid(self.seed, "question", len(self._order) + 1)
        self._emit(ev.QUESTION_ASKED, {"question_id": qid, "text": text, "kind": kind, "competency": resolved})
        self._unspoken_qid = qid
        return self._approval(self._questions[qid])

    def earlier_same_ask(self, text: str, kind: str = "main") -> QuestionRecord | None:
        """An earlier question asking what `text` asks: nearly the same words, or the same intent
        (`asks.same_ask`, leaving aside the candidate's words). A follow-up's probes (their part, the
        result, the why) repeat only within the story it follows."""
        thread = self._thread_of_next(kind)
        said = self._said_words  # kept as the answers come, not gathered again on every ask
        for qid in self._order:
            earlier = self._questions[qid]
            if is_near_duplicate(text, earlier.text) or same_ask(
                    text, earlier.text, same_thread=thread is not None and earlier.thread == thread,
                    candidate_words=said):
                return earlier
        return None

    def last_request(self) -> tuple[str, str] | None:
        """The candidate's last words, if they asked about the question rather than answering: (kind, text)."""
        said = next((e for e in reversed(self.events) if e.type == ev.CANDIDATE_SAID), None)
        if said is None or not said.data.get("request"):
            return None
        return str(said.data["request"]), str(said.data.get("text") or "")

    def restatable_question(self) -> QuestionRecord | None:
        """The question to say again now: the candidate asked about it, it is unanswered, and it has been
        restated fewer than `MAX_RESTATEMENTS` times (then the interview moves on)."""
        if self.brain_due != REQUEST or self.ended or self._ending is not None:
            return None
        question = self.current_question()
        if question is None or question.answered or question.restatements >= MAX_RESTATEMENTS:
            return None
        request = self.last_request()
        if request is not None and request[0] == ev.OWN_QUESTION and question.asked_back > 1:
            return None  # asked again once after their own question; a second one is answered, then we move on
        return question

    def restate_question(self, text: str) -> ToolResult:
        """Say the current question again (in other words, or with what it means) at the candidate's request.
        Not a new question: nothing is counted, and the answer that follows is filed under it."""
        clean = cap(text, 600)
        if not clean:
            return ToolResult(False, "empty", "Nothing to say.")
        question = self.restatable_question()
        if question is None:
            return ToolResult(False, "limit", "The question has been restated enough (or nobody asked): ask a "
                                              "different question or move on.")
        self._queue_line(clean, "restatement", question.question_id)
        return ToolResult(True, "restated", "Restated.", {"question_id": question.question_id})

    def _thread_of_next(self, kind: str) -> str | None:
        """The story a new question of `kind` belongs to: a follow-up joins the stage's last question's."""
        if kind != "follow_up" or self.stage_index < 0 or self.stage_index not in self._stages:
            return None
        approved = self._stages[self.stage_index].approved
        return self._questions[approved[-1]].thread if approved else None

    def _reserve_seconds(self, stage: Stage) -> float:
        """The end of a stage kept for its last answer and the move on."""
        return max(15.0, stage.max_seconds * 0.1)

    def _running_long(self, stage: Stage) -> bool:
        """Substantive answers and time left: the stage goes on past its question budget towards max_seconds."""
        if stage.target_depth is None or stage.max_questions < 2 or self._last_depth is None:
            return False
        elapsed = self.clock.now() - self._stages[self.stage_index].entered_at
        return self._last_depth >= 3 and stage.max_seconds - elapsed > self._reserve_seconds(stage)

    def _question_budget(self, stage: Stage) -> int:
        if self._running_long(stage):
            return stage.max_questions + EXTRA_QUESTIONS
        return stage.max_questions

    def assess_response(self, depth: int, key_points: Iterable[str] = ()) -> ToolResult:
        """Record the depth of the candidate's last answer (once per answer) and say what to do next."""
        stage = self.current_stage
        question = self.current_question()
        if stage is None or self.ended or self._ending is not None:
            return ToolResult(False, "closed", "The interview is closing: nothing to assess.")
        if question is None or self._answer_turn == 0 or not question.answered:
            return ToolResult(False, "no_answer", "There is no answer to assess yet. Wait for the candidate.")
        if self._assessed_turn >= self._answer_turn and self._last_depth is not None:
            guidance = self._guidance(self._last_depth)
            return ToolResult(True, guidance.code, "Already assessed this answer. " + guidance.message,
                              {**guidance.data, "repeated": True})
        try:
            score = max(1, min(5, int(depth)))
        except (TypeError, ValueError):
            return ToolResult(False, "invalid", "depth must be a whole number from 1 to 5.")
        points = [cap(str(p), 200) for p in list(key_points)[:8] if str(p).strip()]
        self._emit(ev.RESPONSE_ASSESSED, {"question_id": question.question_id, "depth": score, "key_points": points})
        return self._guidance(score)

    def transition_stage(self, reason: str = "", *, stage_name: str | None = None) -> ToolResult:
        """Move to the next stage if the gates allow it; say why not otherwise.

        `stage_name` names the stage being left: a call for a stage already left (a tool call racing
        the timer) is a no-op, never a second transition.
        """
        stage = self.current_stage
        if stage is None or self.ended:
            return ToolResult(False, "closed", "The interview is over.")
        if stage_name is not None and stage_name != stage.name:
            return ToolResult(False, "stale", f"The interview has already left the {stage_name} stage. "
                                              "Wait to be asked for the next question.")
        if self._ending is not None:
            return ToolResult(True, "closing", "The interview is already closing. Say nothing more.")
        refusal = self._gate(stage)
        if refusal is not None:
            if not (self.events and self.events[-1].type == ev.TRANSITION_REFUSED
                    and self.events[-1].data.get("reason") == refusal):
                self._emit(ev.TRANSITION_REFUSED, {"reason": refusal})
            return ToolResult(False, "refused", f"Not yet: {refusal}. Ask another question now; do not wait.",
                              {"reason": refusal})
        elapsed = self.clock.now() - self._stages[self.stage_index].entered_at
        exit_reason = "max_time" if elapsed >= stage.max_seconds else "natural"
        last = self.stage_index == len(self.plan.stages) - 1
        self._advance(self.stage_index, exit_reason)
        if last:
            return ToolResult(True, "closing", "The interview is closing; the closing line is being said. "
                                               "Say nothing more.")
        return ToolResult(True, "moved", "Moved on. The bridge to the next stage is being said; ask the "
                                         "next stage's first question when asked.")

    def call_tool(self, name: str, arguments: dict[str, Any]) -> ToolResult:
        """Route a model's tool call by name; bad arguments get a message the model can act on."""
        spec = TOOLS_BY_NAME.get(name)
        if spec is None:
            return ToolResult(False, "unknown_tool", f"There is no tool called {name}; use one of {tool_names()}.")
        try:
            call = spec.read(arguments)
        except ValueError as error:
            return ToolResult(False, "invalid", f"Bad arguments for {name}: {error}.")
        if isinstance(call, AskQuestionArguments):
            return self.ask_question(call.question, call.competency, call.kind)
        if isinstance(call, AssessResponseArguments):
            return self.assess_response(call.depth, call.key_points)
        assert isinstance(call, TransitionStageArguments)
        return self.transition_stage(call.reason)

    # -- tools' helpers ---------------------------------------------------------------------------

    def _resolve_competency(self, stage: Stage, competency: str | None, thread: str | None = None) -> str | None:
        """The role's competency the question names; else, for a follow-up, its story's; else the stage's."""
        if competency:
            wanted = normalise(competency)
            for known in self.context.competencies:
                if normalise(known) == wanted:
                    return known
        main = self._questions.get(thread) if thread else None
        if main is not None and main.competency:
            return main.competency
        return self.context.competency_for(stage)

    def _reject(self, text: str, reason: str) -> None:
        last = self.events[-1] if self.events else None
        if last is not None and last.type == ev.QUESTION_REJECTED and last.data == {"text": text, "reason": reason}:
            return
        self._emit(ev.QUESTION_REJECTED, {"text": text, "reason": reason})

    def _approval(self, question: QuestionRecord, repeated: bool = False) -> ToolResult:
        stage = self.plan.stages[question.stage_index]
        state = self._stages[question.stage_index]
        number = state.approved.index(question.question_id) + 1
        elapsed = self.clock.now() - state.entered_at
        left = max(0.0, stage.max_seconds - elapsed)
        percent = round(100 * left / stage.max_seconds) if stage.max_seconds else 0
        need = max(0, stage.min_questions - number)
        if number > stage.max_questions:
            after = ("An extra question: the answers are substantive and time is left, so the stage goes on "
                     f"until about {round(self._reserve_seconds(stage))} s are left.")
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
            "question_id": question.question_id, "number": number, "min_questions": stage.min_questions,
            "max_questions": stage.max_questions, "seconds_left": round(left), "repeated": repeated})

    def _struggling(self, depth: int) -> bool:
        """The last two answers of the stage were thin: move on rather than drag the stage out."""
        state = self._stages[self.stage_index]
        depths = [self._questions[q].depth for q in state.spoken if self._questions[q].depth is not None]
        return depth <= 2 and (len(depths) < 2 or (depths[-2] or 0) <= 2)

    def _guidance(self, depth: int) -> ToolResult:
        stage = self.current_stage
        assert stage is not None
        state = self._stages[self.stage_index]
        elapsed = self.clock.now() - state.entered_at
        left = stage.max_seconds - elapsed
        spoken, approved = len(state.spoken), len(state.approved)
        best = max(state.best_depth, depth)
        target = stage.target_depth
        data: dict[str, Any] = {"depth": depth, "target_depth": target, "questions": spoken}
        budget = self._question_budget(stage)
        if spoken >= budget or approved >= budget:
            return ToolResult(True, "move_on", "Ready to move on: this stage's questions are done. "
                                               "Call transition_stage now.", data)
        gate_open = self._gate(stage) is None
        if gate_open and (target is None or left <= self._reserve_seconds(stage) or self._struggling(depth)):
            return ToolResult(True, "move_on", "Ready to move on: call transition_stage now.", data)
        if best >= (target or 0) and depth >= 3:
            data["keep_going"] = True
        if target is not None and depth < target:
            ladder = LADDERS.get(stage.name, STAR_LADDER)
            probe, hint = ladder[min(max(depth, 1), 4)]
            data["probe"] = probe
            return ToolResult(True, "follow_up", f"Depth {depth} of a target {target}. Ask a follow-up: {hint}",
                              data)
        missing = max(0, stage.min_questions - spoken)
        more = f" {missing} more question(s) needed." if missing else ""
        return ToolResult(True, "ask_question", "Good. The answers are substantive and time is left: follow up "
                                                "on what they said, or ask another question on a new topic."
                                                f"{more}", data)
