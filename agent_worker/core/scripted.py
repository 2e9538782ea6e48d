"""The scripted interviewer: no model; it listens (listening.py), follows up on what was said
(followups.py) and draws main questions from the resume, the job, the research and the bank (sources.py).

It is the embedded default, the test double and the fallback when the LLM fails. It holds no state
of its own: everything it needs is read from the turn (hence from the events), and every choice is
hashed from the seed, so a rebuilt engine gets the same interviewer.
"""

from __future__ import annotations

from functools import cache

from agent_worker.core import facts as facts_module
from agent_worker.core.asks import answered_already, intents_of
from agent_worker.core.bank import DEFAULT_BANK, GENERIC_QUESTIONS, OPENER_TAGS, BankQuestion, load_bank
from agent_worker.core.brain import BrainTurn
from agent_worker.core.events import OWN_QUESTION
from agent_worker.core.facts.skills import find_term
from agent_worker.core.followups import (
    about_motivation,
    acknowledgement,
    answer_candidate_question,
    asks_a_question,
    follow_up_options,
    model_preface,
    motivation_follow_ups,
    non_answer_probe,
    own_question,
    question_after_answer,
    says_what_drives_them,
    told_what_draws_them,
)
from agent_worker.core.listening import Reading, named_kind
from agent_worker.core.phrases import vary_opening
from agent_worker.core.reading.lexicon import ACTION_RE, METRIC_RE, RESULT_RE, SITUATION_RE, TASK_RE, VAGUE_RE
from agent_worker.core.records import QuestionRecord
from agent_worker.core.repeating import after_colon
from agent_worker.core.restating import clarification, restatement
from agent_worker.core.seeding import pick, shuffled
from agent_worker.core.sources import (
    Candidate,
    bank_for,
    must_have_question,
    research_question,
    resume_questions,
)
from agent_worker.core.tailoring import InterviewContext
from agent_worker.core.text import asks_to_skip, words

__all__ = ["MAX_STORY_FOLLOW_UPS", "ScriptedBrain", "judge_depth", "key_points"]

# -- the depth judge ------------------------------------------------------------------------------

def judge_depth(answer: str) -> int:
    """Judge an answer's depth, 1 (vague) to 5 (a specific story with measured results)."""
    count = len(words(answer))
    if count == 0:
        return 1
    metric = bool(METRIC_RE.search(answer))
    action = len(ACTION_RE.findall(answer))
    parts = sum(bool(r.search(answer)) for r in (SITUATION_RE, TASK_RE, RESULT_RE)) + (action > 0)
    vague = len(VAGUE_RE.findall(answer))
    score = 1.0
    score += min(count, 120) / 60  # up to +2 for a developed answer
    score += 0.6 * min(parts, 4)
    score += 0.5 if action >= 2 else 0.0
    score += 0.8 if metric and RESULT_RE.search(answer) else (0.3 if metric else 0.0)
    score -= 0.5 * min(vague, 4) * (1.0 if count < 80 else 0.5)
    if count < 12:
        score = min(score, 2.0)
    return max(1, min(5, int(score)))


def key_points(answer: str, known_terms: list[str]) -> list[str]:
    """A few short notes on what an answer covered (our words, not the candidate's sentences)."""
    points: list[str] = []
    for term in known_terms:
        if term and find_term(term, answer):
            points.append(f"mentions {term}")
        if len(points) >= 3:
            break
    metric = METRIC_RE.search(answer)
    if metric:
        points.append("quantified result: " + metric.group(0).strip()[:20])
    star = [name for name, r in (("situation", SITUATION_RE), ("task", TASK_RE), ("result", RESULT_RE))
            if r.search(answer)]
    if ACTION_RE.search(answer):
        star.insert(min(2, len(star)), "action")
    if star:
        points.append("STAR: " + ", ".join(star))
    return points[:6]


# -- the interviewer ------------------------------------------------------------------------------

@cache
def _default_bank() -> list[BankQuestion]:
    """The built-in bank, read once (every main question picks from it)."""
    return load_bank(DEFAULT_BANK)


_ACK_READY = ("Great.", "Wonderful.", "Perfect.", "Lovely.")
_ACK_CLOSING_NONE = ("No problem at all.", "That's fine, thank you.")
_ACK_CLOSING_ADDED = ("Thanks for adding that.", "Thank you for telling me that.")
_BACK_TO_IT = ("Now, back to my question. {q}", "Coming back to what I asked: {q}")
_LEAVE_IT = ("No problem, let's leave that one.", "That's fine, let's try something else.")
_SKIP_IT = ("Sure, we can skip that one.", "Of course, let's leave that one.")
# No answer to the question again after being brought back to it once: no probe, no praise, the next question.
_AFTER_AGAIN = ("That's alright, let's move on.", "Okay, let's leave that one there.")
# Follow-ups per story: a struggling answer gets one way in, a developing story up to three questions.
MAX_STORY_FOLLOW_UPS = 3


class ScriptedBrain:
    """A listening scripted interviewer. Stateless: every answer comes from the turn and the seed."""

    name = "scripted"

    def __init__(self, question_bank: list[dict[str, object]] | None = None) -> None:
        self._bank_override = load_bank(question_bank) if question_bank is not None else None

    # -- the turn ---------------------------------------------------------------------------------

    def take_turn(self, turn: BrainTurn) -> None:
        stage = turn.stage
        if turn.request is not None and turn.question is not None:
            self._on_request(turn, *turn.request)
            return
        if turn.reason == "stage_started" or turn.question is None:
            if stage.max_questions == 0 or not self._ask_main(turn, ack=""):
                turn.transition_stage("nothing to ask in this stage")
            return
        answer = turn.answer
        reading = turn.reading
        question = turn.question
        # Brought back to the question once (the engine said so: their earlier story, or something else) and
        # again no answer to it: the interview moves on, and the question stays unanswered (no assessment).
        again = question is not None and question.brought_back and turn.engine.not_an_answer() is not None
        depth = 1 if reading.non_answer else judge_depth(answer)
        if reading.substantive and depth < 3:
            depth = 3  # a short, concrete answer is adequate: only vague ones count as thin
        if again:
            move = "next_question"
        elif stage.target_depth is not None:
            result = turn.assess_response(depth, key_points(answer, self._terms(turn.engine.context)))
            move = result.code
        else:
            move = "move_on"
        ack = model_preface(turn.preface) or self._varied(turn, self._acknowledge(turn, answer, reading))
        # "Can we skip this one?" leaves the question: no probe into it, the next question instead.
        skip = not turn.preface and asks_to_skip(answer) and 0 < turn.stage_index < len(turn.engine.plan.stages) - 1
        if skip:
            ack = self._varied(turn, pick(_SKIP_IT, turn.seed, "skip", len(turn.questions())))
        elif again and not turn.preface:
            ack = self._varied(turn, pick(_AFTER_AGAIN, turn.seed, "again", len(turn.questions())))
        skip = skip or again
        # The answer to their own question is said whatever follows, a question or the next stage's bridge.
        reply = ack if not turn.preface and self._their_question(turn, answer, reading) else ""
        if move == "move_on":
            if turn.stage_index == len(turn.engine.plan.stages) - 1:
                if ack:
                    turn.say(ack)
                if turn.transition_stage("the stage's goal is met").ok:
                    return
            elif self._leave(turn, "the stage's goal is met", reply):
                return
            elif reply:
                ack = reply = ""  # already said; the stage goes on
        if not skip and self._ask_follow_up(turn, reading, ack, reply):
            return
        if not self._ask_main(turn, ack, reply):
            self._leave(turn, "no more questions to ask", reply)

    def _on_request(self, turn: BrainTurn, kind: str, words: str) -> None:
        """They asked to hear the question again, in other words, or what it means: say it again (a bounded
        number of times), then leave it for another question."""
        question = turn.question
        assert question is not None
        key = (question.question_id, question.restatements)
        if kind == OWN_QUESTION:
            self._on_own_question(turn, words, question)
            return
        if kind == "clarify":
            text = clarification(words, question.text, turn.seed, key)
        else:
            text = restatement(question.text, kind, question.restatements, turn.seed, key)
        if turn.restate(text).ok:
            return
        if turn.stage_index == len(turn.engine.plan.stages) - 1:
            turn.say(self._varied(turn, pick(_ACK_CLOSING_NONE, turn.seed, "leave", *key)))  # the goodbye follows
            turn.transition_stage("the candidate has no question")
            return
        ack = self._varied(turn, pick(_LEAVE_IT, turn.seed, "leave", *key))
        if not self._ask_main(turn, ack):
            turn.say(ack)
            turn.transition_stage("the question was restated enough")

    def _on_own_question(self, turn: BrainTurn, words: str, question: QuestionRecord) -> None:
        """Their own question instead of an answer: answer it briefly, then ask ours again (once; a second
        question of theirs is answered and the interview moves on, as after any answer)."""
        reply = self._varied(turn, answer_candidate_question(words, self._closing_sources(turn.engine.context),
                                                             brief=question.asked_back == 1))
        key = (question.question_id, question.asked_back)
        back = pick(_BACK_TO_IT, turn.seed, "back", *key)
        back = back.format(q=after_colon(question.text) if back.endswith(": {q}") else question.text)
        if turn.restate(f"{reply} {back}").ok:
            return
        if not self._ask_main(turn, reply, reply):
            self._leave(turn, "no more questions to ask", reply)

    @staticmethod
    def _leave(turn: BrainTurn, reason: str, reply: str) -> bool:
        """Move to the next stage, first answering the candidate's own question if they asked one."""
        if reply:
            turn.say(reply, reply=True)
        return turn.transition_stage(reason).ok

    # -- asking -----------------------------------------------------------------------------------

    def _ask(self, turn: BrainTurn, candidate: Candidate, ack: str, reply: str = "") -> bool:
        if turn.engine.earlier_same_ask(candidate.text, candidate.kind) is not None:
            return False
        result = turn.ask_question(candidate.text, candidate.competency, candidate.kind)
        if result.ok:
            turn.say(f"{ack} {candidate.text}".strip())
            return True
        if result.code == "limit":
            self._leave(turn, "this stage's questions are used up", reply)
            return True
        return False

    def _ask_main(self, turn: BrainTurn, ack: str, reply: str = "") -> bool:
        for candidate in self._main_candidates(turn):
            if self._ask(turn, candidate, ack, reply):
                return True
        return False

    def _thread(self, turn: BrainTurn) -> list[QuestionRecord]:
        """The questions about the story under discussion: the stage's last main question and its follow-ups."""
        thread: list[QuestionRecord] = []
        for question in reversed([q for q in turn.questions() if q.stage_index == turn.stage_index]):
            thread.insert(0, question)
            if question.kind != "follow_up":
                break
        return thread

    def _ask_follow_up(self, turn: BrainTurn, reading: Reading, ack: str, reply: str = "") -> bool:
        stage = turn.stage.name
        if stage not in ("self_intro", "past_experience") and turn.stage.target_depth is None:
            return False
        thread = self._thread(turn)
        probes = sum(1 for q in thread if q.kind == "follow_up")
        asked = " ".join(q.text for q in turn.questions()).lower()
        if reading.non_answer:
            if probes:
                return False  # one way in per topic; then a new topic rather than the same probe again
            anchor = next((a for a in reading.anchors if a.lower() not in asked), "")
            options = non_answer_probe(stage, anchor, turn.seed, len(turn.questions()))
        else:
            story_text = " ".join(" ".join(q.answers) for q in thread)
            story = turn.engine.reading(story_text)
            limit = 1 if stage == "self_intro" else MAX_STORY_FOLLOW_UPS
            if probes >= limit or (story.strong and probes >= 1 and not story.missing):
                return False
            anchors = [*reading.anchors, *story.anchors]
            anchor = next((a for a in anchors if a.lower() not in asked), "")
            made = next((a for a in [*reading.made, *story.made] if a.lower() not in asked), "")
            if thread and about_motivation(thread[0].text) and not probes and not (story.story and story.own_part):
                # What drives them is followed up as that, not as a story about whatever they named; an
                # answer that never said what drives them is left for the next question. One that already
                # told a time it kept them going is followed up as the story it is, never asked for one.
                options = motivation_follow_ups(made) if says_what_drives_them(story_text) else []
            else:
                context = turn.engine.context
                kind = named_kind(anchor, story_text, [p.employer or "" for p in context.resume_facts.positions],
                                  list(context.known_terms)) if anchor else ""
                named = anchor.lower() if kind == "topic" else anchor  # "You mentioned project management."
                options = [text for _, text in follow_up_options(stage, story.missing, named, context.level,
                                                                 story.strong, made, kind)]
        for text in options:
            if self._ask(turn, Candidate(text, None, "follow_up", "listening"), ack, reply):
                return True
        return False

    # -- where questions come from ----------------------------------------------------------------

    def _bank(self, context: InterviewContext) -> list[BankQuestion]:
        if self._bank_override is not None:
            return self._bank_override
        if context.question_bank:
            own = load_bank(context.question_bank)
            if own:
                return own
        return _default_bank()

    def _main_candidates(self, turn: BrainTurn) -> list[Candidate]:
        stage = turn.stage
        context = turn.engine.context
        values = context.bridge_values(turn.engine.plan)
        bank = bank_for(self._bank(context), stage.name, context.level)
        asked_in_stage = [q for q in turn.questions() if q.stage_index == turn.stage_index]
        key = (stage.name, len(turn.questions()))
        openers = [q for q in bank if OPENER_TAGS & set(q.tags)]
        rest = [q for q in bank if q not in openers]
        ordered = shuffled(openers, turn.seed, "openers", stage.name) + shuffled(rest, turn.seed, "bank", *key)
        if asked_in_stage:
            ordered = shuffled(rest, turn.seed, "bank", *key) + shuffled(openers, turn.seed, "openers", stage.name)
        from_bank = [Candidate(q.text.replace("{role}", values["role"]).replace("{company}", values["company"]),
                               q.competency) for q in ordered]
        competency = context.competency_for(stage)
        said = [" ".join(q.answers) for q in turn.questions() if q.answers]
        tailored = resume_questions(context, stage.name, turn.seed, competency, said)
        if stage.name in ("past_experience", "company_fit"):
            job = must_have_question(context, context.level, turn.seed, competency, said,
                                     [q.text for q in turn.questions()], read=turn.engine.reading)
            research = research_question(context, turn.seed, competency)
            extra = [c for c in (job, research) if c is not None]
            if stage.name == "company_fit":
                tailored = extra + tailored
            else:
                tailored = tailored[:1] + extra + tailored[1:]
        if stage.name == "self_intro" and not asked_in_stage:
            merged = from_bank[:1] + tailored + from_bank[1:]
        elif stage.name == "past_experience" and not asked_in_stage and not tailored:
            merged = from_bank
        else:
            merged = tailored + from_bank
        if not merged:
            merged = [Candidate(t, None) for t in shuffled(GENERIC_QUESTIONS, turn.seed, "generic", *key)]
        said = [" ".join(q.answers) for q in turn.questions() if q.answers]
        terms = self._terms(context)
        # What draws them, once told in passing, is not asked for again ("What interests you about this role?").
        drawn = told_what_draws_them(said, context.job_words)
        return [c for c in merged if not answered_already(c.text, said, terms)
                and not (drawn and "motivation" in intents_of(c.text))]

    # -- acknowledging ----------------------------------------------------------------------------

    def _terms(self, context: InterviewContext) -> list[str]:
        return list(context.known_terms)

    def _acknowledge(self, turn: BrainTurn, answer: str, reading: Reading) -> str:
        key = ("ack", len(turn.questions()), turn.stage_index)
        if turn.stage_index == 0:
            return pick(_ACK_READY, turn.seed, *key)
        if turn.stage_index == len(turn.engine.plan.stages) - 1:
            if asks_a_question(answer):
                return answer_candidate_question(answer, self._closing_sources(turn.engine.context))
            if not reading.non_answer and reading.word_count >= 12:
                # Something they wanted to add rather than a question: thanked, not told "no problem".
                return pick(_ACK_CLOSING_ADDED, turn.seed, *key)
            return pick(_ACK_CLOSING_NONE, turn.seed, *key)
        if self._their_question(turn, answer, reading):
            # Their own question in the middle of the interview, in place of or after an answer: answered, not
            # passed over (the question alone, when it closes an answer).
            asked = answer if own_question(answer) else question_after_answer(answer) or answer
            return answer_candidate_question(asked, self._closing_sources(turn.engine.context))
        question = turn.question
        intro = question is not None and turn.stage.name == "self_intro" and "intro" in intents_of(question.text)
        return acknowledgement(reading, turn.seed, key, intro=intro)

    @staticmethod
    def _varied(turn: BrainTurn, ack: str) -> str:
        """The acknowledgement, in other words when its opening was just said or is worn out."""
        return vary_opening(ack, turn.engine.lines_said(), turn.seed, "ack", len(turn.engine.lines_said()))

    @staticmethod
    def _their_question(turn: BrainTurn, answer: str, reading: Reading) -> bool:
        """Whether a mid-interview answer is the candidate's own question (not "could you repeat that?"):
        one that comes after an answer they gave (the engine files one instead of an answer as a request)."""
        return 0 < turn.stage_index < len(turn.engine.plan.stages) - 1 and (
            own_question(answer) or question_after_answer(answer) is not None)

    def _closing_sources(self, context: InterviewContext) -> list[tuple[str, str]]:
        sources = [("the job description", facts_module.strip_instructions(context.job_description))]
        if context.company_brief:
            sources.append(("my notes on the company", facts_module.strip_instructions(context.company_brief)))
        return sources
