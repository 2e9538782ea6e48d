"""Strengths and improvements for one answer, each with the sentence that shows it.

A strength always quotes the sentence it praises (no quote, no praise). An improvement quotes the
sentence it is about, or nothing when it is about a part that is missing: quoting some other
sentence as "missing a result" is what makes feedback look careless.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_worker.core.answers import results
from agent_worker.core.answers.offtopic import read_sentences
from agent_worker.core.answers.relevance import asked_for, example_of
from agent_worker.core.answers.sentences import Sentence
from agent_worker.core.answers.spans import sentences as sentence_spans
from feedback.scoring import approach, examples, offtopic, rubrics
from feedback.scoring.job import JobContext

MAX_ITEMS = 3
LONG_PAUSE_SECONDS = 8.0
SLOW_START_SECONDS = 8.0
FILLERS_PER_MINUTE = 6.0
# What a short answer of each kind leaves out (a motivation answer has no "result" to add).
SHORT_ADVICE = {
    rubrics.STORY: "context in one sentence, what you did, the result.",
    rubrics.GENERAL: "your approach in one sentence, why you work that way, and one real time you did it.",
    rubrics.PROPOSAL: "what you would do, step by step, why, and how you would know it worked.",
    rubrics.APPROACH: "what you do first and next, why you work that way, and how you check it worked.",
    rubrics.INTRO: "who you are now, one piece of work you are proud of, and why this role is your next step.",
    rubrics.MOTIVATION: "one thing about this job that draws you, and when you have done that kind of work before.",
}


@dataclass
class Evidence:
    """A strength (why) or an improvement (advice), with the candidate's own sentence or None."""

    key: str
    quote: str | None
    text: str


@dataclass
class Delivery:
    """Speech measures of a voice answer (all None for a typed one)."""

    time_to_first_word_seconds: float | None = None
    longest_pause_seconds: float | None = None
    fillers_per_minute: float | None = None
    words_per_minute: float | None = None
    speaking_seconds: float | None = None


def _best(sentences: list[Sentence], key) -> Sentence | None:
    ranked = sorted((s for s in sentences if key(s)), key=lambda s: -(len(s.names) + min(s.numbers, 3) + s.reasons))
    return ranked[0] if ranked else None


def strengths(kind: str, sentences: list[Sentence], results: list, flags: set[str], *, job: JobContext | None = None
              ) -> list[Evidence]:
    found: list[Evidence] = []
    used: set[int] = set()
    if flags & {"off_topic", rubrics.OFF_QUESTION}:
        return found

    def add(key: str, sentence: Sentence | None, why: str, *, concrete: bool = False) -> None:
        if sentence is None or id(sentence) in used or len(found) >= MAX_ITEMS:
            return
        # On a what-would-you-do or an approach question "I would…", "I usually…" is the answer: it can be praised.
        answer_is_hypothetical = kind in (rubrics.PROPOSAL, rubrics.APPROACH)
        if sentence.repeat or sentence.blame or (sentence.hypothetical and not answer_is_hypothetical) or sentence.generic:
            return
        # A sentence padded with filler ("Basically, …, you know, … was kind of going away") is no one to hold up as
        # the way to say it, whatever it contains.
        if sentence.filler_words >= 3:
            return
        if sentence.is_question and kind != rubrics.CLOSING:
            return
        if concrete and not sentence.concrete:
            return
        used.add(id(sentence))
        found.append(Evidence(key, sentence.text, why))

    result_sentence = None
    if results:
        result_sentence = next((s for s in sentences if s.span.start <= results[0].start < s.span.end), None)
    story = kind == rubrics.STORY
    if kind in (rubrics.STORY, rubrics.GENERAL):
        if results:
            # The quote is the sentence itself: naming the result in the text as well would say it twice.
            add(*_result_praise(result_sentence), concrete=story)
        action = _best(sentences, lambda s: s.own_action and (s.names or s.numbers or s.reasons or s.steps >= 2))
        add("own_action", action, "You said exactly what you did yourself, with the specifics that make it believable.",
            concrete=story)
        reason = _best(sentences, lambda s: s.reasons and (s.own_action or s.part in ("action", "task")))
        add("reasons", reason, "You explained why you chose this, which shows judgement, not just activity.",
            concrete=story)
        context = [s for s in sentences if s.part == "situation"]
        # "…and moved on to what you did": only when what they did follows the scene.
        if (len(context) == 1 and context[0].words <= 35 and (context[0].numbers or context[0].names)
                and any(s.own_action for s in sentences if s.span.start > context[0].span.start)):
            add("context", context[0], "You set the scene in one concrete sentence and moved on to what you did.",
                concrete=story)
        if job is not None:
            add("job_work", rubrics.job_sentence([s for s in sentences if id(s) not in used], own=True),
                "This is the job's own work, told as what you did: the interviewer can picture you doing it here.")
    elif kind == rubrics.PROPOSAL:
        proposals = rubrics.proposing(sentences)
        problem = _best(sentences, lambda s: s not in proposals and not s.own_action and (s.numbers or s.names)
                        and bool(rubrics._PROBLEM.search(s.text)))
        add("problem", problem, "You pinned down what is wrong today, with a number or a name, so your fix has a real "
            "problem to solve.")
        vague = lambda s: bool(rubrics._VAGUE_FIX.search(s.text) or s.generic) and not (s.numbers or s.names)  # noqa: E731
        change = _best(proposals, lambda s: not vague(s) and not rubrics._MEASURE.search(s.text))
        add("proposal", change, "A concrete step with the reason for it: the interviewer can picture it and "
                     "see why it would help." if change is not None and change.reasons else
                     "A concrete step, said plainly: the interviewer can picture it.")
        measure = next((s for s in sentences if rubrics._MEASURE.search(s.text) and not (s.own_action or s.team_action)), None)
        add("measure", measure, "You said how you would know it worked (or what it would cost): that is the "
                     "judgement this kind of question is listening for.")
        reason = _best(sentences, lambda s: (s.reasons or bool(rubrics._FOR_WHOM.search(s.text))) and not vague(s))
        add("reasons", reason, "You said why, which shows judgement, not just an idea.")
        if "example_only" in flags:
            add("example", _best(sentences, lambda s: s.own_action and (s.names or s.numbers or s.steps >= 2)),
                "You answered with a real time you did this, step by step, which makes your way of doing it believable.")
        elif change is not None:
            add("example", _best(sentences, lambda s: s.own_action and (s.names or s.numbers)),
                "You backed the idea with something you have done, which makes it believable.")
    elif kind == rubrics.APPROACH:
        _approach_strengths(sentences, results, result_sentence, add)
    elif kind == rubrics.INTRO:
        add("headline", next((s for s in sentences if rubrics._ROLE_STATEMENT.search(s.text)), None),
            "You opened with who you are and what you do: the interviewer knows where the story is going.")
        add("achievement", result_sentence or _best(sentences, lambda s: s.own_action and (s.names or s.numbers)),
            "A concrete piece of work with specifics makes the introduction memorable.")
        add("thread", next((s for s in sentences if rubrics._FORWARD.search(s.text)), None),
            "You tied your story to what you want next, so the introduction leads somewhere.")
        if job is not None:
            add("job_work", rubrics.job_sentence([s for s in sentences if id(s) not in used]),
                "This matches what the posting asks for, so the interviewer hears the fit.")
    elif kind == rubrics.MOTIVATION:
        add("specific", rubrics.specific_sentence(sentences, job),
            "You named what this job asks for, not praise any company could get." if job else
            "You named something specific about this role or team, not praise any company could get.")
        add("experience", _best(sentences, lambda s: (s.own_action or bool(s.numbers) or bool(rubrics._OWN_WORK.search(s.text)))
                                and s.words >= 4 and not rubrics._MONEY.search(s.text)),
            "You backed your interest with your own experience.")
        add("bring", next((s for s in sentences if rubrics._BRING.search(s.text)), None),
            "You said what you would bring, which turns interest into an offer.")
    elif kind == rubrics.CLOSING:
        for sentence in sentences:
            if sentence.is_question and not rubrics._MONEY.search(sentence.text):
                add("question", sentence, "A specific question about the work shows you are already thinking about doing it.")
        add("evidence", result_sentence or _best(sentences, lambda s: s.own_action),
            "You used the last word to add relevant experience the interview had not covered.")
    return found


def _result_praise(sentence: Sentence | None) -> tuple[str, Sentence | None, str]:
    """Praise for the result as it was said: an amount ("from 1 in 5 to 1 in 20") or in words ("we haven't had an
    arrest on the table since"), never "numbers" for a sentence that has none."""
    if sentence is not None and sentence.numbers:
        return "result", sentence, "You put an amount on the outcome: that is what an interviewer remembers."
    return "outcome", sentence, "You said what came of it, so the story has an ending the interviewer remembers."


def _approach_strengths(sentences: list[Sentence], results: list, result_sentence: Sentence | None, add) -> None:
    """How they work, praised where they said it: a concrete step, the principle and its reason, the check."""
    check = next(iter(approach.checks(sentences)), None)
    principle = next((s for s in approach.principles(sentences) if s is not check), None)
    rank = lambda s: (s in (check, principle), -(len(s.names) + min(s.numbers, 3) + s.reasons + s.habit))  # noqa: E731
    steps = approach.concrete_steps(sentences) + [s for s in rubrics.proposing(sentences) if not approach.is_vague(s)]
    add("steps", min(filter(approach.substantial, steps), key=rank, default=None), "You said what you actually do, step by step: the interviewer can "
        "picture you doing it.")
    add("principle", principle, "You gave the principle behind it and why, which shows judgement, not just a routine.")
    add("check", check, "You said how you check it worked: you close the loop, which is what this question is "
        "listening for.")
    if results:
        add(*_result_praise(result_sentence))
    add("example", _best(approach.examples(sentences), lambda s: bool(s.names or s.numbers or s.steps >= 2)),
        "You backed your approach with a real time you worked this way, which makes it believable.")


def fallback_strength(sentences: list[Sentence]) -> Evidence | None:
    """For a good answer the specific rules found nothing to praise in: its most concrete sentence."""
    usable = [s for s in sentences
              if s.concrete and not (s.repeat or s.blame or s.hypothetical or s.generic or s.is_question)]
    if not usable:
        return None
    best = max(usable, key=lambda s: (s.own_action, len(s.names) + min(s.numbers, 3) + s.steps))
    return Evidence("concrete", best.text, "A concrete, checkable detail: this is the kind of sentence that makes an answer believable.")


def stands_out(quote: str) -> bool:
    """Whether a quote is worth holding up as a best moment: a concrete result, or a specific thing the candidate
    did themselves (with a name, a number, steps or a reason to it), or does, step by step, with specifics. An
    opening line ("Yes, I'm ready"), a role ("I'm a nurse"), small talk, a question back or a plan never is."""
    read, found = read_sentences(quote, sentence_spans(quote))
    return any(not (s.hypothetical or s.generic or s.is_question or s.blame or s.repeat or s.non_answer)
               and (any(s.span.start <= r.start < s.span.end for r in found)
                    or (s.own_action and bool(s.names or s.numbers or s.reasons or s.steps >= 2))
                    or (s.habit >= 2 and bool(s.names or s.numbers or s.reasons or s.habit >= 3)))
               for s in read)


def improvements(
    kind: str,
    sentences: list[Sentence],
    results: list,
    flags: set[str],
    *,
    words: int,
    delivery: Delivery | None = None,
    job: JobContext | None = None,
    question: str = "",
) -> list[Evidence]:
    found: list[Evidence] = []

    def add(key: str, quote: Sentence | None, advice: str) -> None:
        # One sentence quoted under two pieces of advice reads as nitpicking: the first one stands.
        if quote is not None and any(f.quote == quote.text for f in found):
            return
        if len(found) < MAX_ITEMS and not any(f.key == key for f in found):
            found.append(Evidence(key, quote.text if quote else None, advice))

    first = lambda test: next((s for s in sentences if test(s)), None)  # noqa: E731
    if rubrics.SKIPPED in flags:
        add(rubrics.NOTHING_TO_TELL, None, "You asked to skip this one. In an interview a short, honest try beats "
            "a skip: take a moment, then give your best answer in a sentence or two, or the closest thing you have "
            "done (\"I haven't …, but the nearest was when I …\").")
        return found
    if rubrics.COVERED_ALREADY in flags:
        add(rubrics.NOTHING_TO_TELL, None, "You said you had covered this already. An interviewer who asks again wants "
            "something new: give this question its own answer, a line or two that points back (\"As with the … I "
            "mentioned, …\") and adds a detail or another example.")
        return found
    if rubrics.NOTHING_TO_TELL in flags:
        # STAR coaching for "I haven't done that" reads as not listening: say what to do when you have nothing.
        add(rubrics.NOTHING_TO_TELL, None, "You said you had nothing for this one. That is fine to admit, in one line, "
            "but then offer the closest thing you have done: \"I haven't …, but the nearest was when I …\", and tell that.")
        return found
    if rubrics.STORY_ELSEWHERE in flags:
        # A good story, about something else: what was asked against what the answer is about, in their words.
        told = first(lambda s: s.own_action or s.team_action)
        add(rubrics.STORY_ELSEWHERE, told, _elsewhere_advice(kind, question, told))
        if delivery is not None:
            _delivery(delivery, sentences, add)
        return found
    if rubrics.OFF_QUESTION in flags:
        # A good story, about something else than the question asks for: credited, then what was asked.
        ask = asked_for(question)
        told = first(lambda s: s.own_action or s.team_action)
        add(rubrics.OFF_QUESTION, told, f"This is a clear example of {example_of(' '.join(s.text for s in sentences))}, "
            f"but the question asked about {ask.about if ask else 'something else'}, so it cannot score well here. "
            "Answer the question asked: say it back to yourself in a few words, then tell one real time that fits it.")
        if delivery is not None:
            _delivery(delivery, sentences, add)
        return found
    if "off_topic" in flags:
        # The answer is about something else: coaching its parts (say "I", add a result) would polish the wrong
        # answer. Only what to do about the question, and how it was said when it was spoken.
        # Not quoted: the advice says back what the whole answer is about, in their words.
        # What it is about is its first sentence with something in it: not a reply of a few words ("Quite a lot.").
        about = first(lambda s: not s.non_answer and (s.words >= 4 or s.own_action or bool(s.names)))
        add("off_topic", None, _elsewhere_advice(kind, question, about or first(lambda s: not s.non_answer), story=False))
        if delivery is not None:
            _delivery(delivery, sentences, add)
        return found
    if kind == rubrics.STORY and rubrics.HOW_THEY_WORK in flags:
        add(rubrics.HOW_THEY_WORK, first(lambda s: bool(s.habit) and not s.generic),
            "This is how you usually work, which is a good start, but the question asks for one real piece of work. "
            "Pick one time you worked this way and tell it: what it was, what you did, and what came of it.")
        if delivery is not None:
            _delivery(delivery, sentences, add)
        return found
    told = first(lambda s: s.hypothetical and not s.generic)
    if "hypothetical" in flags and told:
        # "We usually do code reviews" is how things go, not a "would": said back as what it is.
        add("hypothetical", told, "This says what usually happens, not one time it happened. Tell one real time, in "
            "the past tense: what you did yourself and what came of it." if told.usual else
            "This says what you would do, not what you did. Tell one real time it happened, in the past tense.")
    if "blame" in flags:
        add("blame", first(lambda s: s.blame),
            "This puts the fault on others. Say what you did about it and what you would do differently.")
    if "rambling" in flags:
        # Said first: a long answer's other gaps are lost in it, and cutting it is what fixes them.
        add("rambling", max(sentences, key=lambda s: s.words, default=None),
            f"At {words} words the point gets lost. Aim for about 150-250 words"
            + (": context, what you did, the result." if kind == rubrics.STORY else ", one clear point.")
            if words > 250 else  # within the length, but few of the words say anything concrete
            f"Few of these {words} words say what happened or what you did: cut the general remarks and tell one "
            "real moment in order, where you were, what you did, how it turned out.")
    if "generic" in flags and flags & {"no_action", "no_example"}:
        # Platitudes and nothing else: that is the first thing to fix, before the parts of a story.
        add("generic", first(lambda s: s.generic),
            "A claim like this persuades no one on its own. Replace it with a moment that shows it.")
    if kind == rubrics.STORY:
        if "no_action" in flags and "hypothetical" not in flags:
            add("no_action", None, "Say what you did yourself, step by step, in the first person.")
        if "background" in flags:
            longest = max((s for s in sentences if s.part in ("situation", None) and not s.blame), key=lambda s: s.words, default=None)
            add("background", longest, "Cut the background to one sentence and spend the time on what you did.")
        if "we" in flags:
            # Quote a sentence told as "we" only; one that also says "I" ("When we introduced Okta, I had to connect
            # twenty systems") already gives their part, and quoting it would contradict the advice.
            only_we = lambda s: s.team_action and not s.own_action and not re.search(r"\bI\b", s.text)  # noqa: E731
            add("we", first(lambda s: only_we(s) and " we " in f" {s.text.lower()} ") or first(only_we),
                'Say "I" for your part: the interviewer is hiring you, not the team. What did you do yourself?')
        if "no_result" in flags and "hypothetical" not in flags:
            add("no_result", None, "Finish with the result: what changed because of what you did, and by how much.")
        elif "no_lesson" in flags:
            add("no_lesson", None, "Say what you learned from it and what you do differently now: that is what "
                "a story that ended badly is for.")
        elif "no_amount" in flags:
            outcome = first(lambda s: s.part == "result")
            add("no_amount", outcome, _unmeasured_zero_advice(outcome) or
                "Say how much this changed: a number before and after (time, errors, money, people) makes the outcome concrete.")
        if "no_context" in flags and not flags & {"hypothetical", "background"} and words >= 15:
            add("no_context", None, "Open with one sentence of context: where you were and what was at stake.")
    elif kind == rubrics.INTRO:
        if "no_headline" in flags:
            add("no_headline", None, 'Open with one line on who you are now: "I\'m a … with N years in …".')
        if "personal" in flags:
            add("personal", first(lambda s: bool(rubrics._PERSONAL.search(s.text))),
                "Keep personal history out unless it explains your career; spend the time on your work.")
        if rubrics.NOT_THIS_JOB in flags and job is not None:
            add(rubrics.NOT_THIS_JOB, None, f"Nothing here points at this job. The posting {job.asks_for()}: "
                "end with the part of your work closest to that.")
        if "no_thread" in flags:
            add("no_thread", None, "End with why this role is your next step, so the story leads somewhere.")
    elif kind == rubrics.MOTIVATION:
        if "money" in flags:
            # A real reason, said honestly: not something to scold, but not what the question is listening for.
            add("money", first(lambda s: bool(rubrics._MONEY.search(s.text))),
                "Pay is a real reason, and it is fine to have it, but interviewers want to hear what draws you to the "
                "work itself. Open with one thing from this job (the product, the team's problems, a duty in the "
                "posting) and why it fits what you have done.")
        # Without a posting to quote, "name something specific" would say the money advice again.
        if "not_specific" in flags and (job or "money" not in flags):
            add("not_specific", None, f"Nothing here names this job's work. The posting {job.asks_for()}: "
                "say which of those you have done and why you want more of it." if job else
                "Name something specific about this role, team or product, and link it to your experience.")
        if "flattery" in flags:
            add("flattery", first(lambda s: bool(rubrics._FLATTERY.search(s.text))),
                "Any company could hear this. Say what you know about their work and why it fits yours.")
    elif kind == rubrics.CLOSING:
        if "perks" in flags:
            add("perks", first(lambda s: bool(rubrics._MONEY.search(s.text))),
                "Save pay and perks for the offer stage; here ask about the work, the team or how success is judged.")
        if "nothing_added" in flags:
            add("nothing_added", None, 'Prepare two questions about the work ("What would success look like after six '
                'months?") or one piece of experience you have not had the chance to mention.')
    elif kind == rubrics.PROPOSAL:
        if "no_proposal" in flags:
            add("no_proposal", None, "Say what you would do: the change itself, in one sentence that starts "
                "\"I would…\". This question asks for your proposal; a hypothetical is the answer here.")
        if "example_only" in flags:
            add("example_only", None, "Your example answers this. Open with one line on what you would do this time, "
                "then tell the example as the proof.")
        if "no_problem" in flags:
            add("no_problem", None, "Say what is wrong today, as specifically as you can: how many steps, how long it "
                "takes, who it fails. A fix lands better when the problem is concrete.")
        if "vague_proposal" in flags:
            add("vague_proposal", first(lambda s: bool(rubrics._VAGUE_FIX.search(s.text)) or s.generic),
                "This could be said of anything. Say the step itself: what exactly would you do or change that someone "
                "could see?")
        if "no_reason" in flags:
            add("no_reason", None, "Say why: why this choice, and who it helps.")
        if "no_measure" in flags:
            add("no_measure", None, "Finish with how you would know it worked: the number you would watch before and "
                "after (time, steps, complaints, sales), or what it would cost.")
    elif kind == rubrics.APPROACH:
        _approach_improvements(sentences, flags, add)
    elif kind == rubrics.GENERAL:
        if "no_example" in flags:
            add("no_example", None, "Back the answer with one real example from your work: what you did and what came of it.")
        if "no_change" in flags:
            add("no_change", None, "Name one thing you would do differently, concretely, and what happened that taught "
                "you it: \"Next time I'd …, because …\".")
        if "no_reason" in flags:
            add("no_reason", None, "Say why: the reason behind your approach is what the question is testing.")
    if "generic" in flags:
        add("generic", first(lambda s: s.generic),
            "A claim like this persuades no one on its own. Replace it with a moment that shows it.")
    if "padding" in flags:
        padded = max(sentences, key=lambda s: (s.repeat, s.filler_words), default=None)
        add("padding", padded, "Say each point once and drop the filler: the same story is stronger in fewer words.")
    if "short" in flags and kind in SHORT_ADVICE:
        add("short", None, "Give the interviewer more to work with: " + SHORT_ADVICE[kind])
    if delivery is not None:
        _delivery(delivery, sentences, add)
    return found


def _approach_improvements(sentences: list[Sentence], flags: set[str], add) -> None:
    """What an approach answer leaves out, most important first: the steps, the reason, the check, an example."""
    if "short" in flags:
        add("short", None, "Give the interviewer more to work with: " + SHORT_ADVICE[rubrics.APPROACH])
    if "no_steps" in flags:
        add("no_steps", None, 'Say what you actually do, in order: "First I…, then I…". The question asks how you '
            "work, so the steps are the answer.")
    if "example_only" in flags:
        add("example_only", None, "Your example shows it. Open with how you work as a rule, in a sentence or two "
            "(\"When …, I first …, then …\"), then tell the example as the proof.")
    if "thin_steps" in flags:
        add("thin_steps", next((s for s in approach.concrete_steps(sentences) if not approach.substantial(s)), None),
            "Say more about this step: what exactly you do, with whom and when, and why it comes first.")
    if "vague_steps" in flags:
        add("vague_steps", next((s for s in sentences if approach.is_step(s) and approach.is_vague(s)), None),
            "Anyone could say this. Say the step itself: what you do, with whom and when, so the interviewer can "
            "picture it.")
    if "no_reason" in flags:
        add("no_reason", None, "Say why you work this way: what goes wrong if you skip it? The reason is what shows "
            "judgement.")
    if "no_check" in flags:
        add("no_check", None, "Say how you know it worked: what you check afterwards and when (a number you watch, a "
            "follow-up call, a review after a week).")
    if "no_example" in flags:
        add("no_example", None, "One real time you worked this way, and what came of it, would make the approach "
            "believable.")


def _elsewhere_advice(kind: str, question: str, told: Sentence | None, *, story: bool = True) -> str:
    """ "You were asked about X, but this answer is about the time you Y" (a story told) or "…about something else:
    you like hiking on weekends" (anything else): what was asked against what was said, in their words."""
    asked = question.strip()
    if not story:
        said = f": {examples._as_you(told, whole=True)}" if told is not None else ""
        opening = (f"You were asked {offtopic.asked_about(asked)}, but this answer talks about something other than "
                   f"what was asked{said}. It cannot score well here.")
        if examples.asks_for_an_instance(asked) and kind == rubrics.STORY:
            outline = "tell one real time it happened: where you were, what you did yourself, and how it turned out"
        else:
            outline = "answer exactly that in your first sentence and add one detail from your work that backs it up"
        return f"{opening} Say the question back to yourself in a few words, then {outline}."
    about = f"the time {examples._as_you(told)}" if told is not None else "something else"
    opening = (f"You were asked {offtopic.asked_about(asked)}, but this answer is about {about}." if asked
               else f"This answer is about {about}.")
    if kind == rubrics.PROPOSAL:
        if rubrics._IMPROVE_Q.search(asked):
            outline = ("name your choice and what is wrong with it today, then what you would change and why, and how "
                       "you would know it worked")
        else:
            outline = "say what you would do first, then the next steps and why, and how you would know it worked"
        return (f"{opening} It may be good work, but it is not what was asked, so it cannot score well here. This "
                f"question asks what you would do: {outline}. A story can back that up, but only one about the same thing.")
    return (f"{opening} It tells what happened, not what your approach is, so it cannot score well here. Start with "
            "your approach in one sentence: what you do first, and why. Then give one time you worked that way.")


def _unmeasured_zero_advice(outcome: Sentence | None) -> str | None:
    """ "There were no complaints after that" with nothing to measure it against: say what is missing."""
    if outcome is None:
        return None
    match = results.ZERO_AFTER.search(outcome.text) or results.NO_COUNT.search(outcome.text)
    if match is None:
        return None
    said = match.group(0)
    return (f'"{said[:1].upper() + said[1:]}" does not say how much changed: how many were there before, and for how long did it '
            'hold? A before and an after ("from about ten a week to none in the next three months") makes it a result.')


def _delivery(delivery: Delivery, sentences: list[Sentence], add) -> None:
    pause = delivery.longest_pause_seconds
    if pause is not None and pause >= LONG_PAUSE_SECONDS:
        add("long_pause", None, f"You paused for {pause:g} seconds in the middle of this answer. If you need time, "
            'say so ("Let me think for a moment") and then give the headline first.')
    start = delivery.time_to_first_word_seconds
    if start is not None and start >= SLOW_START_SECONDS:
        add("slow_start", None, f"You took {start:g} seconds to start. Open with a one-line headline while you "
            "collect your thoughts.")
    rate = delivery.fillers_per_minute
    if rate is not None and rate > FILLERS_PER_MINUTE and (delivery.speaking_seconds or 0) >= 20:
        heavy = max(sentences, key=lambda s: s.filler_words, default=None)
        add("fillers", heavy if heavy is not None and heavy.filler_words else None,
            f"About {rate:g} filler words a minute here. A short silent pause sounds more confident than a filler.")
    wpm = delivery.words_per_minute
    if wpm is not None and (delivery.speaking_seconds or 0) >= 30 and (wpm > 180 or wpm < 95):
        add("pace", None, f"You spoke at about {wpm:g} words a minute; 120-160 is easy to follow.")
