"""The scripted interviewer: no model, questions from the bank, the resume and the JD, and the ladder.

It is the embedded default, the test double and the fallback when the LLM fails. It holds no state
of its own: everything it needs is read from the turn (hence from the events), and every choice is
hashed from the seed, so a rebuilt engine gets the same interviewer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_worker.core.bank import DEFAULT_BANK, FOLLOW_UPS, GENERIC_QUESTIONS, BankQuestion, load_bank
from agent_worker.core.brain import BrainTurn
from agent_worker.core.seeding import pick, shuffled
from agent_worker.core.tailoring import InterviewContext, safe_phrase
from agent_worker.core.text import is_near_duplicate, normalise, words

__all__ = ["MAX_FOLLOW_UPS", "ScriptedBrain", "judge_depth", "key_points"]

MAX_FOLLOW_UPS = 2

# -- the depth judge ------------------------------------------------------------------------------

_METRIC_RE = re.compile(
    r"(?:[$€£]\s?\d[\d,.]*\s?(?:k|m|bn|million|billion)?|\b\d[\d,.]*\s?(?:%|percent|x\b|ms\b|seconds?\b|minutes?\b|"
    r"hours?\b|days?\b|weeks?\b|months?\b|k\b|m\b|million\b|billion\b|users?\b|customers?\b|people\b|engineers?\b|"
    r"services?\b|requests?\b|times\b))",
    re.IGNORECASE,
)
_ACTION_RE = re.compile(
    r"\bI\s+(?:personally\s+|then\s+|also\s+|first\s+)?(?:led|built|designed|wrote|implemented|decided|created|"
    r"introduced|migrated|rewrote|proposed|owned|ran|set up|drove|automated|negotiated|analy[sz]ed|"
    r"investigated|found|fixed|launched|shipped|organi[sz]ed|convinced|mentored|refactored|measured|chose|"
    r"replaced|profiled|prototyped|started|reduced|cut|added|moved|split|pushed|talked|coordinated)\b",
    re.IGNORECASE,
)
_SITUATION_RE = re.compile(
    r"\b(?:at (?:my|our|the)|when I was|when we|last year|in \d{4}|the (?:problem|issue|situation|challenge) "
    r"was|we had|our team|the company|there was)\b", re.IGNORECASE)
_TASK_RE = re.compile(
    r"\b(?:my (?:goal|job|task|role|responsibility) was|I was (?:responsible|asked|tasked)|we needed to|"
    r"I needed to|the goal was|had to)\b", re.IGNORECASE)
_RESULT_RE = re.compile(
    r"\b(?:as a result|result(?:ed|s)? (?:in|was)|which (?:reduced|increased|cut|improved|saved|doubled|halved)|"
    r"reduc(?:ed|ing)|increas(?:ed|ing)|improv(?:ed|ing)|sav(?:ed|ing)|cut|grew|dropped|went (?:from|down|up)|"
    r"outcome|impact|in the end|ended up)\b", re.IGNORECASE)
_VAGUE_RE = re.compile(
    r"\b(?:i guess|stuff|things|kind of|sort of|basically|various|etc|i don'?t know|not sure|generally|"
    r"usually|whatever|i think so|maybe|some projects|a lot of|many things|just)\b", re.IGNORECASE)


def judge_depth(answer: str) -> int:
    """Judge an answer's depth, 1 (vague) to 5 (a specific story with measured results)."""
    count = len(words(answer))
    if count == 0:
        return 1
    metric = bool(_METRIC_RE.search(answer))
    action = len(_ACTION_RE.findall(answer))
    parts = sum(bool(r.search(answer)) for r in (_SITUATION_RE, _TASK_RE, _RESULT_RE)) + (action > 0)
    vague = len(_VAGUE_RE.findall(answer))
    score = 1.0
    score += min(count, 120) / 60  # up to +2 for a developed answer
    score += 0.6 * min(parts, 4)
    score += 0.5 if action >= 2 else 0.0
    score += 0.8 if metric and _RESULT_RE.search(answer) else (0.3 if metric else 0.0)
    score -= 0.5 * min(vague, 4) * (1.0 if count < 80 else 0.5)
    if count < 12:
        score = min(score, 2.0)
    return max(1, min(5, int(score)))


def key_points(answer: str, known_terms: list[str]) -> list[str]:
    """A few short notes on what an answer covered (our words, not the candidate's sentences)."""
    points: list[str] = []
    lowered = answer.lower()
    for term in known_terms:
        if term and re.search(r"(?<!\w)" + re.escape(term.lower()) + r"(?!\w)", lowered):
            points.append(f"mentions {term}")
        if len(points) >= 3:
            break
    metric = _METRIC_RE.search(answer)
    if metric:
        points.append("quantified result: " + metric.group(0).strip()[:20])
    star = [name for name, r in (("situation", _SITUATION_RE), ("task", _TASK_RE), ("result", _RESULT_RE))
            if r.search(answer)]
    if _ACTION_RE.search(answer):
        star.insert(min(2, len(star)), "action")
    if star:
        points.append("STAR: " + ", ".join(star))
    return points[:6]


# -- acknowledgements -----------------------------------------------------------------------------

_ACK_SHORT = ("Okay.", "Got it.", "I see.", "Okay, thanks.")
_ACK_MEDIUM = ("Thanks, that's helpful.", "Okay, that makes sense.", "Thanks for that.", "Understood, thank you.")
_ACK_RICH = ("That's a really clear example, thank you.", "Thanks, that's a very concrete answer.",
             "Great, that's exactly the kind of detail I was after.", "That's a strong example, thanks.")
_ACK_METRIC = ("{metric}, that's a meaningful result.", "Thanks. {metric} is a solid outcome.",
               "Nice, {metric} is a real difference.")
_ACK_SKILL = ("Thanks, it's useful to hear how you've used {skill}.", "Okay, good to hear about the {skill} side.",
              "Thanks, that {skill} context helps.")
_ACK_READY = ("Great.", "Wonderful.", "Perfect.", "Lovely.")
_ACK_CLOSING_QUESTION = (
    "That's a good question. In a real process the hiring team would be the best people to answer it.",
    "Good question. The team you'd work with can give you the specifics on that.",
)
_ACK_CLOSING_NONE = ("No problem at all.", "That's fine, thank you.")

_SAFE_METRIC_RE = re.compile(r"^[$€£]?\s?\d[\d,.]*\s?(?:%|percent|x|ms|k|m)?$", re.IGNORECASE)


@dataclass(frozen=True)
class _Candidate:
    text: str
    competency: str | None
    kind: str = "main"


class ScriptedBrain:
    """A thoughtful scripted interviewer. Stateless: every answer comes from the turn and the seed."""

    name = "scripted"

    def __init__(self, question_bank: list[dict[str, object]] | None = None) -> None:
        self._bank_override = load_bank(question_bank) if question_bank is not None else None  # type: ignore[arg-type]

    # -- the turn ---------------------------------------------------------------------------------

    def take_turn(self, turn: BrainTurn) -> None:
        stage = turn.stage
        if turn.reason == "stage_started" or turn.question is None:
            if stage.max_questions == 0 or not self._ask_main(turn, ack=""):
                turn.transition_stage("nothing to ask in this stage")
            return
        answer = turn.answer
        depth = judge_depth(answer)
        if stage.target_depth is not None:
            result = turn.assess_response(depth, key_points(answer, self._terms(turn.engine.context)))
            move = result.code
        else:
            move = "move_on"
        ack = self._acknowledge(turn, answer, depth)
        if move == "move_on":
            if ack and turn.stage_index == len(turn.engine.plan.stages) - 1:
                turn.say(ack)
            if turn.transition_stage("the stage's goal is met").ok:
                return
        if move == "follow_up" and self._follow_ups_for_current(turn) < MAX_FOLLOW_UPS:
            probe = str(turn.results[-1].data.get("probe", "")) if turn.results else ""
            if self._ask_follow_up(turn, probe, ack):
                return
        if not self._ask_main(turn, ack) and not self._ask_follow_up(turn, "", ack):
            turn.transition_stage("no more questions to ask")

    # -- asking -----------------------------------------------------------------------------------

    def _ask(self, turn: BrainTurn, candidate: _Candidate, ack: str) -> bool:
        asked = [q.text for q in turn.questions()]
        if any(is_near_duplicate(candidate.text, previous) for previous in asked):
            return False
        result = turn.ask_question(candidate.text, candidate.competency, candidate.kind)
        if result.ok:
            turn.say(f"{ack} {candidate.text}".strip())
            return True
        if result.code == "limit":
            turn.transition_stage("this stage's questions are used up")
            return True
        return False

    def _ask_main(self, turn: BrainTurn, ack: str) -> bool:
        for candidate in self._main_candidates(turn):
            if self._ask(turn, candidate, ack):
                return True
        return False

    def _ask_follow_up(self, turn: BrainTurn, probe: str, ack: str) -> bool:
        rungs = [probe] if probe in FOLLOW_UPS else []
        rungs += [r for r in ("situation_task", "role_challenges", "implementation", "impact_result")
                  if r not in rungs]
        number = len(turn.questions())
        for rung in rungs:
            for text in shuffled(FOLLOW_UPS[rung], turn.seed, "follow_up", rung, number):
                if self._ask(turn, _Candidate(text, None, "follow_up"), ack):
                    return True
        return False

    def _follow_ups_for_current(self, turn: BrainTurn) -> int:
        count = 0
        for question in reversed([q for q in turn.questions() if q.stage_index == turn.stage_index]):
            if question.kind != "follow_up":
                break
            count += 1
        return count

    # -- where questions come from ----------------------------------------------------------------

    def _bank(self, context: InterviewContext) -> list[BankQuestion]:
        if self._bank_override is not None:
            return self._bank_override
        if context.question_bank:
            own = load_bank(context.question_bank)
            if own:
                return own
        return load_bank(DEFAULT_BANK)

    def _main_candidates(self, turn: BrainTurn) -> list[_Candidate]:
        stage = turn.stage
        context = turn.engine.context
        values = context.bridge_values(turn.engine.plan)
        level = normalise(context.level)
        bank = [q for q in self._bank(context) if q.stage == stage.name
                and (not q.level or not level or normalise(q.level) == level)]
        asked_in_stage = [q for q in turn.questions() if q.stage_index == turn.stage_index]
        key = (stage.name, len(turn.questions()))
        from_bank: list[_Candidate] = []
        openers = [q for q in bank if "opener" in q.tags or "ready" in q.tags or "questions" in q.tags]
        rest = [q for q in bank if q not in openers]
        ordered = shuffled(openers, turn.seed, "openers", stage.name) + shuffled(rest, turn.seed, "bank", *key)
        if asked_in_stage:
            ordered = shuffled(rest, turn.seed, "bank", *key) + shuffled(openers, turn.seed, "openers", stage.name)
        for q in ordered:
            text = q.text.replace("{role}", values["role"]).replace("{company}", values["company"])
            from_bank.append(_Candidate(text, q.competency))
        facts = self._fact_questions(turn)
        if stage.name in ("greeting", "closing") or not asked_in_stage:
            # Open a stage with the bank's opener, then weave in what the resume and the JD say.
            merged = from_bank[:1] + facts + from_bank[1:]
        else:
            merged = facts + from_bank
        if not merged:
            merged = [_Candidate(t, None) for t in shuffled(GENERIC_QUESTIONS, turn.seed, "generic", *key)]
        return merged

    def _fact_questions(self, turn: BrainTurn) -> list[_Candidate]:
        """Questions built from extracted facts (short phrases), never from the documents' sentences."""
        stage = turn.stage.name
        context = turn.engine.context
        seed = turn.seed
        resume, job = context.resume_facts, context.job_requirements
        out: list[_Candidate] = []
        if stage == "self_intro":
            if resume.positions:
                position = resume.positions[0]
                title = safe_phrase(position.title, 50)
                employer = safe_phrase(position.employer, 40)
                if title:
                    where = f" at {employer}" if employer else ""
                    out.append(_Candidate(pick((
                        f"Your resume says you're a {title}{where}. What does that involve day to day?",
                        f"As a {title}{where}, what are you accountable for, and what do you enjoy most?",
                    ), seed, "fact", "position"), "communication"))
            shared = [s for s in job.skills if s.lower() in {r.lower() for r in resume.skills}]
            skill = safe_phrase(shared[0], 30) if shared else ""
            if skill:
                out.append(_Candidate(pick((
                    f"This role leans on {skill}, which is on your resume too. How did you come to it?",
                    f"You list {skill}, and the role needs it. How much of your current work involves it?",
                ), seed, "fact", "skill_intro"), "communication"))
        elif stage == "past_experience":
            competency = turn.engine.context.competency_for(turn.stage)
            for index, result in enumerate(resume.results[:3]):
                phrase = _as_second_person(result)
                if phrase:
                    out.append(_Candidate(pick((
                        f"{phrase}. What was the hardest decision along the way?",
                        f"{phrase}. Walk me through how you approached it.",
                        f"{phrase}. What would you do differently if you did it again?",
                    ), seed, "fact", "result", index), competency))
            for index, project in enumerate(resume.projects[:2]):
                name = safe_phrase(project, 50)
                if name and name.lower() not in {"skills", "projects", "experience"}:
                    out.append(_Candidate(pick((
                        f"Your resume mentions {name}. What problem did it solve, and what was your part?",
                        f"Tell me about {name}: why it existed and the toughest part of building it.",
                    ), seed, "fact", "project", index), competency))
            have = {r.lower() for r in resume.skills}
            missing = [s for s in job.skills if s.lower() not in have and s.lower() not in _SOFT_SKILLS]
            gap = _spoken_skill(safe_phrase(missing[0], 30)) if missing else ""
            if gap:
                out.append(_Candidate(
                    f"The role calls for {gap}. Where have you done something close to it, "
                    "or how would you get up to speed?", competency))
            order = shuffled(range(len(out)), seed, "fact_order", stage)
            out = [out[i] for i in order]
        return out

    # -- acknowledging ----------------------------------------------------------------------------

    def _terms(self, context: InterviewContext) -> list[str]:
        terms = [*context.resume_facts.skills, *context.job_requirements.skills]
        return [t for t in dict.fromkeys(safe_phrase(t, 30) for t in terms) if t]

    def _acknowledge(self, turn: BrainTurn, answer: str, depth: int) -> str:
        stage = turn.stage.name
        key = ("ack", len(turn.questions()), turn.stage_index)
        if turn.stage_index == 0:
            return pick(_ACK_READY, turn.seed, *key)
        if turn.stage_index == len(turn.engine.plan.stages) - 1:
            asks = "?" in answer or re.search(r"\b(?:what|how|when|who|could you|can you)\b", answer, re.I)
            return pick(_ACK_CLOSING_QUESTION if asks else _ACK_CLOSING_NONE, turn.seed, *key)
        count = len(words(answer))
        if count < 12 or depth <= 1:
            return pick(_ACK_SHORT, turn.seed, *key)
        metric = _METRIC_RE.search(answer)
        if metric and depth >= 3 and _SAFE_METRIC_RE.match(metric.group(0).strip()):
            line = pick(_ACK_METRIC, turn.seed, *key).format(metric=metric.group(0).strip())
            return line[0].upper() + line[1:]
        lowered = answer.lower()
        skills = [t for t in self._terms(turn.engine.context)
                  if re.search(r"(?<!\w)" + re.escape(t.lower()) + r"(?!\w)", lowered)]
        if skills and stage != "greeting" and depth >= 2 and len(turn.questions()) % 2 == 0:
            return pick(_ACK_SKILL, turn.seed, *key).format(skill=skills[0])
        return pick(_ACK_RICH if depth >= 4 else _ACK_MEDIUM, turn.seed, *key)


_SOFT_SKILLS = {"communication", "leadership", "teamwork", "collaboration", "problem solving", "ownership",
                "mentoring", "english", "stakeholder management"}


def _spoken_skill(skill: str) -> str:
    """Lower-case a multi-word common-noun skill ("Distributed systems"); keep names ("Kubernetes", "AWS")."""
    parts = skill.split()
    if len(parts) > 1 and parts[0][:1].isupper() and parts[0][1:].islower() and all(p.islower() for p in parts[1:]):
        return skill.lower()
    return skill


_PAST_VERB_RE = re.compile(r"^(?:[A-Z][a-z]+ed|Led|Built|Ran|Grew|Cut|Drove|Made|Wrote|Won|Shipped|Took|Set)\b")


def _as_second_person(result: str) -> str:
    """Turn a resume result ("Led the migration of 40 services to Kubernetes, ...") into "You led ..."."""
    head = re.split(r",|;| - | – | — ", result.strip())[0].strip(" .")
    if len(words(head)) < 3:
        return ""
    phrase = safe_phrase(head, 80)
    if not phrase:
        return ""
    if _PAST_VERB_RE.match(phrase):
        return "You " + phrase[0].lower() + phrase[1:]
    return f"Your resume mentions “{phrase}”"
