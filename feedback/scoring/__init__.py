"""Score one answer by its content: the single place the report, the practice page and
`manage.py score_answers` get a score, STAR parts, results, evidence and an example answer from.

`assess_answer(question, answer, job=…)` depends on nothing but the two texts, the posting when one is
known (its title, duties and must-haves: `JobContext`) and, for a voice answer, its speech measures, so the
same answer to the same job scores the same wherever it is seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agent_worker.core.answers.offtopic import read_sentences
from agent_worker.core.answers.relevance import misses_the_ask, speaks_to_the_ask
from agent_worker.core.answers.sentences import COVERED_ALREADY
from agent_worker.core.reading.answer import read
from agent_worker.core.repeating import off_the_question
from agent_worker.core.text import asks_to_skip
from feedback import textstats
from feedback.scoring import approach, examples, offtopic, rubrics
from feedback.scoring.evidence import Delivery, Evidence, fallback_strength, improvements, strengths
from feedback.scoring.job import JobContext
from feedback.textstats import Span

EXAMPLE_AT_OR_BELOW = 3.0
STRENGTH_AT_OR_ABOVE = 3.5
ASKED_INSTEAD = "asked_question"

__all__ = ["Assessment", "Delivery", "Evidence", "JobContext", "assess_answer", "highlight_segments", "question_type"]

question_type = rubrics.question_type
# The rubrics that take the question's wording (the others read only the answer, or the posting).
_SCORERS = {
    rubrics.CLOSING: rubrics.score_closing,
    rubrics.GENERAL: rubrics.score_general,
    rubrics.PROPOSAL: rubrics.score_proposal,
    rubrics.APPROACH: approach.score_approach,
}


@dataclass
class Assessment:
    question_type: str
    score: float
    explanation: list[str]
    star: dict[str, list[Span]]
    results: list[Span]
    strengths: list[Evidence]
    improvements: list[Evidence]
    example_answer: str | None
    relevance: float
    flags: list[str] = field(default_factory=list)

    def star_text(self, text: str) -> dict[str, str | None]:
        """Each STAR part as one verbatim piece of the answer: its first run of sentences."""
        out: dict[str, str | None] = {}
        for part in textstats.STAR_PARTS:
            spans = self.star.get(part) or []
            if not spans:
                out[part] = None
                continue
            end = spans[0].end
            for following in spans[1:]:
                if text[end : following.start].strip():
                    break
                end = following.end
            out[part] = text[spans[0].start : end]
        return out

    def to_contract(self, text: str) -> dict[str, Any]:
        """The shape `manage.py score_answers` prints for one answer."""
        return {
            "score": self.score,
            "question_type": self.question_type,
            "star": self.star_text(text),
            "results": [r.text for r in self.results],
            "strengths": [{"quote": s.quote, "why": s.text} for s in self.strengths],
            "improvements": [{"quote": i.quote, "advice": i.text} for i in self.improvements],
            "example_answer": self.example_answer,
            "explanation": self.explanation,
        }


def assess_answer(
    question: str | None,
    answer: str,
    *,
    stage: str | None = None,
    sentences: list[Span] | None = None,
    delivery: Delivery | None = None,
    job: JobContext | None = None,
    brought_back: bool = False,
) -> Assessment:
    """Score one answer 1-5 on the rubric its question calls for, with its evidence.

    `brought_back`: the interviewer already brought the candidate back to this question once after an answer
    about something else, and this is what followed; about something else again, the interview moved on and
    the question counts as unanswered.

    `job`, the posting the interview is for: an answer that names its work is credited for it (with the
    sentence quoted), and an introduction or a motivation answer that names nothing of it is told so.

    `sentences` may carry the answer's sentence spans when the caller split it itself (the report
    splits per utterance so a quote never spans two transcript lines); by default the text is split here.
    """
    text = answer or ""
    spans = sentences if sentences is not None else list(read(text).spans)  # split once, with the reading
    kind = rubrics.question_type(question, stage)
    analysed, results = read_sentences(text, spans)
    if job is not None:
        for sentence in analysed:
            sentence.job_words = job.shared_words(sentence.text)
    words = textstats.word_count(text)
    rel = rubrics.relevance(question, text)
    skipped = asks_to_skip(text)  # "Can we skip this one?" declines the question: it asks nothing of the job
    if kind != rubrics.CLOSING and analysed and all(s.is_question for s in analysed) and not skipped:
        return _asked_instead(kind, analysed, results, rel)
    if brought_back and question and off_the_question(question, text, stage,
                                                      job_words=job.stems if job is not None else frozenset()):
        return _off_topic_again(kind, question, results, rel)
    told_story = False
    elsewhere = rubrics.story_elsewhere(kind, question or "", analysed, rel)
    if kind in (rubrics.CLOSING, rubrics.GENERAL, rubrics.PROPOSAL, rubrics.APPROACH):
        verdict = _SCORERS[kind](analysed, words, results, rel, question or "")
        if elsewhere:
            # A good story about something else is still not an answer: no "scored as the story it tells".
            verdict.cap(2.0, "a story about something other than what was asked", "off_topic")
            verdict.flags.add(rubrics.STORY_ELSEWHERE)
        elif kind != rubrics.CLOSING and rubrics.tells_a_story(text, analysed, results):
            # A story with a result answers "how do you…" as well as "tell me about a time…": never less.
            as_story = rubrics.score_story(analysed, words, results, rel)
            if as_story.value > verdict.value:
                verdict, told_story = as_story, True
                verdict.explanation.insert(1, "scored as the story it tells (what you did and how it turned out)")
    elif kind == rubrics.STORY:
        verdict = rubrics.score_story(analysed, words, results, rel)
        if rubrics.looks_back(question):
            # "What would you do differently now?" after their story: the lesson alone ("Next time I'd start three
            # months before the contract ends") answers it, scored as such when that beats scoring it as a story.
            lesson = rubrics.score_general(analysed, words, results, rel, question or "")
            if lesson.value > verdict.value:
                verdict, kind = lesson, rubrics.GENERAL
    elif kind == rubrics.INTRO:
        verdict = rubrics.score_intro(analysed, words, results, rel, job=job)
    else:
        verdict = rubrics.score_motivation(analysed, words, results, rel, job=job)
    if not elsewhere and offtopic.about_something_else(kind, question or "", analysed, results):
        # Small talk, or a description where nothing happens: not a thin story, so not coached as one.
        verdict.cap(1.5, "the answer is about something other than what was asked", "off_topic")
    _by_what_was_asked(verdict, kind, question, text)
    if kind in (rubrics.STORY, rubrics.GENERAL, rubrics.PROPOSAL, rubrics.APPROACH):
        rubrics.job_points(verdict, analysed, job)
    # Nothing to tell: every sentence says so ("I'm not sure really, I guess it depends"), or a platitude
    # beside it ("I usually just try my best").
    # A closing question ("Anything you'd like to add?") answered "No, nothing more from me" has its own advice
    # (nothing_added): it asked for nothing to tell.
    if kind != rubrics.CLOSING and analysed and (skipped or any(s.non_answer for s in analysed) and all(
            s.non_answer or s.generic for s in analysed)):
        verdict.flags.add(rubrics.NOTHING_TO_TELL)
        if skipped:
            verdict.flags.add(rubrics.SKIPPED)
        elif any(COVERED_ALREADY.search(s.text) for s in analysed):
            verdict.flags.add(rubrics.COVERED_ALREADY)
    score = rubrics.finish(verdict)
    flags = verdict.flags
    star: dict[str, list[Span]] = {part: [] for part in textstats.STAR_PARTS}
    if kind == rubrics.STORY or told_story:
        for sentence in analysed:
            for part, span in sentence.clauses:
                star[part].append(span)
    found_strengths = strengths(kind, analysed, results, flags, job=job)
    if not found_strengths and score >= STRENGTH_AT_OR_ABOVE:
        extra = fallback_strength(analysed)
        found_strengths = [extra] if extra else []
    found_improvements = improvements(kind, analysed, results, flags, words=words, delivery=delivery, job=job,
                                      question=question or "")
    example = None
    if score <= EXAMPLE_AT_OR_BELOW and words:
        example = examples.example_answer(kind, question, analysed, results, flags)
    return Assessment(
        question_type=kind,
        score=score,
        explanation=verdict.explanation,
        star=star,
        results=results,
        strengths=found_strengths,
        improvements=found_improvements,
        example_answer=example,
        relevance=round(rel, 2),
        flags=sorted(flags),
    )



def _by_what_was_asked(verdict: rubrics.Score, kind: str, question: str | None, text: str) -> None:
    """What the question asks for (a conflict, a failure, what draws them…; `relevance.ASKS`, the table the live
    interviewer reads too): an answer that speaks to it earns a little, a good story that does not is capped below
    an ordinary answer to this question."""
    if kind == rubrics.CLOSING or verdict.flags & {"off_topic", rubrics.STORY_ELSEWHERE}:
        return
    missed = misses_the_ask(question, text)
    if missed is not None:
        verdict.cap(rubrics.OFF_QUESTION_CAP, f"a story about something other than what was asked ({missed.about})",
                    rubrics.OFF_QUESTION)
        return
    ask = speaks_to_the_ask(question, text)
    if ask is not None and textstats.word_count(text) >= 15:
        # The motivation rubric has no point of its own for what draws them: the ask is that point.
        verdict.add(0.8 if kind == rubrics.MOTIVATION else 0.4, f"for speaking to what was asked ({ask.about})")


def _asked_instead(kind: str, analysed: list, results: list[Span], rel: float) -> Assessment:
    """The candidate asked their own question instead of answering: scored as unanswered, not coached as a story."""
    return _unanswered(kind, results, rel, "you asked a question of your own instead", Evidence(
        ASKED_INSTEAD,
        analysed[0].text,
        "You asked a question here rather than answering this one, so it counts as unanswered. "
        "Answer the question first; keep your own questions for when the interviewer invites them at the end.",
    ))


def _off_topic_again(kind: str, question: str, results: list[Span], rel: float) -> Assessment:
    """Brought back to the question once, and what followed was about something else: unanswered, and told so, not
    scored as an off-topic answer (nothing of it is quoted back; what came before the bringing-back may have been
    small talk, a story told before or "I think I've covered that", so the note names only what followed)."""
    return _unanswered(kind, results, rel, "brought back to the question once, the answer that followed was about "
                       "something else", Evidence(
        rubrics.OFF_TOPIC_AGAIN,
        None,
        f"You were asked {offtopic.asked_about(question)}, and when the interviewer came back to it, the answer was "
        "about something else, so this question counts as unanswered. Say the question back to yourself in a few "
        "words, then answer exactly that; if nothing comes to mind, say so and give the closest thing you have done.",
    ))


def _unanswered(kind: str, results: list[Span], rel: float, why: str, advice: Evidence) -> Assessment:
    return Assessment(
        question_type=kind,
        score=1.0,
        explanation=[f"not answered: {why}", "= 1"],
        star={part: [] for part in textstats.STAR_PARTS},
        results=results,
        strengths=[],
        improvements=[advice],
        example_answer=None,
        relevance=round(rel, 2),
        flags=[advice.key],
    )


def highlight_segments(text: str, star: dict[str, list[Span]]) -> list[tuple[str, str | None]]:
    """The answer as consecutive (text, STAR part or None) pieces, for highlighting on a page.

    A sentence that carries two parts shows the later one (Result over Action over Task over
    Situation): the later parts are the ones candidates most often leave out.
    """
    part_of: dict[tuple[int, int], str] = {}
    for part in textstats.STAR_PARTS:
        for span in star.get(part, []):
            part_of[(span.start, span.end)] = part
    segments: list[tuple[str, str | None]] = []
    cursor = 0
    for (start, end), part in sorted(part_of.items()):
        if start < cursor:
            continue
        if start > cursor:
            segments.append((text[cursor:start], None))
        segments.append((text[start:end], part))
        cursor = end
    if cursor < len(text):
        segments.append((text[cursor:], None))
    return segments
