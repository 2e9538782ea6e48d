"""An example answer built from the candidate's own best material for the question.

Their sentences (facts, names and numbers kept; filler, hedges, repeats, blame and hypotheticals
dropped) are put in the order the question type calls for, and each missing part is written as a
question for them to answer ("Your turn: what changed after you rewrote the job, and by how
much?"). Nothing is invented, nothing is bracketed, and it is never a copy of the original.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agent_worker.core.answers.sentences import Sentence
from agent_worker.core.reading.lexicon import STOPWORDS
from feedback import textstats
from feedback.scoring import approach, offtopic, rubrics

_SECOND_PERSON = [
    (re.compile(r"\bI\s+was\b"), "you were"),
    (re.compile(r"\bI['’]m\b"), "you're"),
    (re.compile(r"\bI['’]ve\b"), "you've"),
    (re.compile(r"\bI['’]d\b"), "you'd"),
    (re.compile(r"\bI\b", re.I), "you"),
    (re.compile(r"\bmyself\b", re.I), "yourself"),
    (re.compile(r"\bmy\b", re.I), "your"),
    (re.compile(r"\bme\b", re.I), "you"),
    (re.compile(r"\bwe\b", re.I), "you"),
    (re.compile(r"\bour\b", re.I), "your"),
]

_PROMPT = re.compile(r"Your turn:[^?]*\?(?:\s*Give the before and the after\.)?\s*")


def is_outline(text: str | None) -> bool:
    """An example with nothing of the candidate's in it: only "Your turn" prompts and the questions a good answer
    covers (a non-answer's). It is an outline, not "an improved version, from your own words"."""
    if not text or not text.strip():
        return False
    rest = _PROMPT.sub("", text).strip()
    return all(line.text.strip().startswith("Your turn:") or line.text.rstrip().endswith("?")
               for line in textstats.sentences(rest))


def _clean(sentence: Sentence, *, max_words: int = 40) -> str:
    return _cleaned(sentence.text, max_words)


@lru_cache(maxsize=2048)
def _cleaned(text: str, max_words: int) -> str:
    """A sentence as said back (kept: the improved version asks for each sentence's clean form several times)."""
    text = textstats.strip_hedges(textstats.strip_fillers(text)).strip()
    # Reordered, a sentence cannot lean on the one before it: "And my mother was a nurse" -> "My mother was…".
    text = re.sub(r"^(?:and|but|also|plus)[,]?\s+(?=\w)", "", text, flags=re.I)
    text = text[:1].upper() + text[1:]
    if textstats.word_count(text) > max_words and re.search(r"[:;]\s", text):
        # Two sentences joined by a colon or semicolon are said as two, whole: cutting at a comma could
        # leave the head of a list ("Last month I had a fall, a new admission and…" became "I had a fall.").
        parts = [p.strip() for p in re.split(r"[:;]\s+", text) if p.strip()]
        text = " ".join(_sentence_case(p) for p in parts)
        if all(textstats.word_count(p) <= max_words for p in parts):
            return text
    if textstats.word_count(text) > max_words:
        # A run-on sentence keeps its first clauses: the headline of what it says.
        kept = ""
        for clause in re.split(r"(?<=,)\s+", text):
            if kept and textstats.word_count(kept + " " + clause) > max_words // 2:
                break
            kept = f"{kept} {clause}".strip()
        text = kept.rstrip(",")
        if not _HOLDS_SOMETHING.search(text):
            # Its head says nothing of theirs ("So on one project, which was a migration."): no piece to keep.
            return ""
    if text and text[-1] not in ".!?":
        text += "."
    return text


# What a kept head of a run-on must hold to be worth saying back: a number, a name (a capital past the first word),
# or something they did ("I moved", not "I think" nor "The trade-off, I suppose").
_HOLDS_SOMETHING = re.compile(
    r"\d|(?<=\s)[A-Z][a-z]|\bI\s+(?!(?:think|guess|believe|feel|mean|suppose|reckon|know|would\s+say)\b)[a-z]+")


# Where the story happened, named: "at Kasa", "at my last job".
_WORKPLACE = re.compile(r"\b[Aa]t\s+(?:(?:my|our)\s+(?:last|previous|current|old|first)\s+(?:job|company|employer|role|"
                        r"team|workplace)\b|(?!I\b)[A-Z][\w&.'-]+)")


def _sentence_case(part: str) -> str:
    part = part[:1].upper() + part[1:]
    return part if part[-1] in ".!?" else part + "."


def _usable(sentence: Sentence, *, general: bool = False) -> bool:
    """Worth keeping: not a non-answer, a repeat, blame or a generic claim (nor a hypothetical, where a real example is asked for)."""
    hypothetical = sentence.hypothetical and not general
    # A signpost ("Two things.", "Good question.") says nothing on its own once the sentences are reordered.
    signpost = sentence.words < 4 and not (sentence.own_action or sentence.names)
    return not (sentence.repeat or sentence.blame or hypothetical or sentence.generic or sentence.non_answer
                or signpost) and bool(textstats.word_count(_clean(sentence)))


def _as_you(sentence: Sentence, *, whole: bool = False) -> str:
    """The main clause of one of their sentences, said back to them: "you rewrote the job in SQL".

    `whole`: what the sentence says, opening kept ("the company you work for was founded in 1998"), for
    saying back what an answer is about rather than what they did."""
    clause = re.split(r",\s+|\s+and\s+(?=I\b)|;|\s+so\s+", _clean(sentence), maxsplit=1)[0].strip().rstrip(".!?")
    clause = re.sub(r"(?i)^(?:so|then|and|after that|first|next)[, ]+", "", clause)
    if whole:
        # "Your identity graph is exactly the kind of problem I want: messy records from …" is about the first part.
        clause = clause.split(": ", 1)[0]
    else:
        # "Most of my networking is inside that server: I wrote the epoll loop" is what they did after the colon.
        clause = re.sub(r"^[^:]*:\s+(?=I\s)", "", clause)
        # "Last spring I ran a referral program" is asked back as "after you ran a referral program".
        clause = re.sub(r"^(?:[\w'’-]+,?\s+){1,5}?(?<!and\s)(?<!or\s)(?=I\s)", "", clause)
    for pattern, replacement in _SECOND_PERSON:
        clause = pattern.sub(replacement, clause)
    words = clause.split()
    if words and words[0].lower() in STOPWORDS:
        words[0] = words[0].lower()  # "The traffic was terrible" is said back mid-sentence
    if len(words) > 20:
        words = words[:20]
        while len(words) > 1 and words[-1].lower().strip(",;") in STOPWORDS:
            words.pop()  # "… a sunny Sunday morning with your" ends on what it says: "… a sunny Sunday morning"
        words[-1] = words[-1].rstrip(",;")
    return " ".join(words)


def example_answer(kind: str, question: str | None, sentences: list[Sentence], results: list, flags: set[str]) -> str:
    """The improved answer as one paragraph of their sentences and "Your turn:" questions."""
    usable = [s for s in sentences if _usable(s, general=kind in (rubrics.GENERAL, rubrics.APPROACH))]
    if rubrics.STORY_ELSEWHERE in flags:
        # An outline for the question that was asked: never their story about something else.
        if kind == rubrics.PROPOSAL and rubrics._IMPROVE_Q.search(question or ""):
            return ("Your turn: what would you choose, in one line? What is wrong with it today, as specifically as "
                    "you can say: how many steps, how long it takes, who it fails? What would you change, and why would "
                    "that fix it? How would you know it worked, and what would it cost?")
        if kind == rubrics.PROPOSAL:
            return ("Your turn: what would you do first, in one line? What would you do next, and why in that order? "
                    "How would you know it worked, and what would it cost?")
        return ("Your turn: what is your approach, in one sentence? Why do you work that way? When did you last work "
                "that way, and what came of it?")
    if flags & {"off_topic", rubrics.OFF_QUESTION}:
        # Nothing of an answer to another question belongs in this one: the outline of answering what was asked,
        # a story's for a story question (naming what it asked), and for a follow-up such as "Why did you choose
        # Kafka?" the outline of answering it.
        if kind == rubrics.STORY and asks_for_an_instance(question or ""):
            return " ".join(_story_outline(question))
        return ("Your turn: what is the question asking, in a few words, and what is your answer to it? "
                "What from your own work backs that answer up?")
    if kind == rubrics.STORY:
        pieces = _story(usable, results, flags, question)
    elif kind == rubrics.INTRO:
        pieces = _intro(usable)
    elif kind == rubrics.MOTIVATION:
        pieces = _motivation(usable)
    elif kind == rubrics.CLOSING:
        pieces = _closing(usable)
    elif kind == rubrics.APPROACH:
        pieces = _approach(usable, flags)
    elif kind == rubrics.PROPOSAL:
        pieces = _proposal(usable, flags, improve=bool(rubrics._IMPROVE_Q.search(question or "")))
    else:
        pieces = _general(usable)
    if not any(s.own_action or s.names or s.numbers or s.habit or s.hypothetical for s in usable):
        # Nothing of theirs to build on (no step, no name, no number: "The main thing was the number: we measured it
        # before and after, and it held"): their sentence between the questions is no improved version of it, and
        # the questions alone are how to answer this one, as for a story.
        theirs = {_clean(s) for s in usable}
        pieces = [p for p in pieces if p not in theirs] or pieces
    text = " ".join(p for p in pieces if p)
    original = textstats.normalise_for_quote(" ".join(s.text for s in sentences))
    if textstats.normalise_for_quote(text) == original:
        text += " Your turn: what would you do differently next time, knowing what you know now?"
    return text


_INSTANCE = re.compile(r"(?:about|for an example of) (?:(?:a|an|one) (?:time|situation|moment|occasion|example)\b ?|(?=when\b))(.*)")


def asks_for_an_instance(question: str) -> bool:
    """ "Tell me about a time you…", "Describe a situation where…": a story is the answer (not a follow-up such
    as "Why did you choose Kafka there?", which a story outline would not fit)."""
    return bool(re.match(r"(?:about|for an example of) (?:a|an|one|your|when)\b", offtopic.asked_about(question)))


def _story_outline(question: str | None) -> list[str]:
    """A story's parts as questions, for when there is nothing of theirs to build on: named for what was asked
    ("think of one real time you disagreed with a colleague") when the question says it plainly."""
    time = _INSTANCE.match(offtopic.asked_about(question or ""))
    subject = f"one real time {time.group(1)}" if time and time.group(1) else "one real time this happened to you"
    return [
        f"Your turn: think of {subject}. Where were you, and what was at stake?",
        "What did you do yourself, step by step?",
        "What changed because of it, and by how much?",
    ]


def _story(usable: list[Sentence], results: list, flags: set[str], question: str | None = None) -> list[str]:
    # Nothing concrete to build on (no step of their own, no name, no number: "We had a lot going on, so we worked
    # on it as a team and it went well overall"): the example is an outline, not their sentence in prompts.
    concrete = any(s.own_action or s.names or s.numbers for s in usable)
    if ("hypothetical" in flags and not any(s.own_action for s in usable)) or not concrete:
        return _story_outline(question)
    situation = [s for s in usable if s.part == "situation"]
    # The scene is the earliest sentence with the most in it (a name, a number), not the shortest detail.
    situation.sort(key=lambda s: (-(min(len(s.names), 2) + min(s.numbers, 2)), s.span.start))
    if "background" in flags and not situation and usable:
        # All scene and no story: its first sentence is the one line of context to keep.
        situation = [usable[0]]
    task = [s for s in usable if s.part == "task"][:1]
    # A sentence can carry an action and its outcome ("I restarted the pods, so we were back in 25 minutes"):
    # it is kept whole among the actions, and its outcome counts as said.
    acting = [s for s in usable if any(part == "action" for part, _ in s.clauses) and s not in situation[:1]]
    actions = [s for s in acting if s.own_action][:3] or acting[:3]
    outcome = [s for s in usable if s.part == "result" and s not in actions][:2]
    told = actions + outcome
    pieces: list[str] = []
    if situation:
        pieces.append(_clean(situation[0]))
    else:
        # Where it was may be told already, in a sentence of what they did ("At Kasa we were on DC/OS and …"):
        # asked again right before it, "where were you working?" reads as if nobody listened.
        told_where = any(_WORKPLACE.search(s.text) for s in usable)
        pieces.append("Your turn: what was at stake, and why did it matter?" if told_where else
                      "Your turn: where were you working, and what was at stake?")
    pieces.extend(_clean(s) for s in task)
    if actions:
        pieces.extend(_clean(s) for s in actions)
        if not any(s.own_action for s in actions):
            pieces.append('Your turn: which of these steps did you take yourself? Say them with "I".')
    else:
        pieces.append("Your turn: what did you do yourself, step by step?")
    pieces.extend(_clean(s) for s in outcome)
    lesson = [s for s in usable if s.reflection and s not in told][:1]
    pieces.extend(_clean(s) for s in lesson)
    ended = [s for s in told if s.part == "result"]
    if ended and "blame" in flags and not lesson:
        # "In the end he left the company": not their result to measure, but something to learn from.
        pieces.append("Your turn: what did you learn from it, and what do you do differently now?")
    elif ended and all(s.setback for s in ended):
        if not lesson:
            pieces.append("Your turn: what did you learn from it, and what do you do differently now?")
    elif ended:
        if not any(s.span.start <= r.start < s.span.end for r in results for s in told):
            pieces.append("Your turn: by how much did it change? Give the before and the after.")
    else:
        # Only their own action is said back: a scene told as "we" came out as "after you was at was a company".
        lead = next((s for s in actions if s.own_action), None)
        if lead is not None:
            pieces.append(f"Your turn: what changed after {_as_you(lead)}, and by how much?")
        else:
            pieces.append("Your turn: what changed because of what you did, and by how much?")
    return pieces


def _intro(usable: list[Sentence]) -> list[str]:
    headline = next((s for s in usable if rubrics._ROLE_STATEMENT.search(s.text)), None)
    personal = {id(s) for s in usable if rubrics._PERSONAL.search(s.text)}
    work = [s for s in usable if id(s) not in personal and s is not headline and not rubrics._FORWARD.search(s.text)]
    work.sort(key=lambda s: -(len(s.names) + min(s.numbers, 3) + (2 if s.outcome else 0) + (1 if s.own_action else 0)))
    forward = next((s for s in usable if rubrics._FORWARD.search(s.text)), None)
    pieces = [_clean(headline) if headline else "Your turn: who are you now, in one line: your role and your years in it?"]
    pieces.extend(_clean(s) for s in work[:2])
    if not any(s.outcome or s.numbers for s in work[:2]):
        pieces.append("Your turn: what is one result you are proud of, with a number?")
    pieces.append(_clean(forward) if forward else "Your turn: why is this role the right next step for you?")
    return pieces


def _motivation(usable: list[Sentence]) -> list[str]:
    kept = [s for s in usable if not rubrics._MONEY.search(s.text) and not rubrics._FLATTERY.search(s.text)]
    specific = [s for s in kept if rubrics._ROLE_SPECIFIC.search(s.text)]
    experience = [s for s in kept if s not in specific and (s.own_action or s.numbers or s.names)]
    rest = [s for s in kept if s not in specific and s not in experience]
    pieces = [_clean(s) for s in specific[:2]] or ["Your turn: what about this role's work fits what you do well?"]
    pieces.extend(_clean(s) for s in experience[:2])
    if not experience:
        pieces.append("Your turn: when have you done this kind of work before, and what came of it?")
    pieces.extend(_clean(s) for s in rest[:1])
    if not any(rubrics._BRING.search(s.text) for s in kept):
        pieces.append("Your turn: what would you bring to this team in your first six months?")
    return pieces


def _closing(usable: list[Sentence]) -> list[str]:
    good = [s for s in usable if s.text.rstrip().endswith("?") and not rubrics._MONEY.search(s.text)]
    evidence = [s for s in usable if s.own_action or s.outcome]
    if good:
        pieces = [_clean(s) for s in good[:2]]
        if len(good) < 2:
            pieces.append('Another to consider: "What would success look like for this role after six months?"')
        return pieces
    if evidence:
        return [_clean(s) for s in evidence[:3]] + ["Your turn: which part of the role does this prepare you for?"]
    return [
        "Thank you, yes, two questions.",
        "What would success look like for this role after the first six months?",
        "And what is the biggest challenge the team is working on this year?",
    ]


def _general(usable: list[Sentence]) -> list[str]:
    # The direct answer is what they say before their example; how it turned out goes after the example.
    first_example = next((i for i, s in enumerate(usable) if s.own_action), len(usable))
    direct = [s for s in usable[:first_example] if not s.outcome or s.reasons][:2]
    direct += [s for s in usable[first_example:] if s.reasons and not s.own_action and not s.outcome][: 2 - len(direct)]
    example = [s for s in usable if s.own_action and s not in direct][:2]
    outcome = [s for s in usable if s.outcome and s not in direct and s not in example][:1]
    pieces = [_clean(s) for s in direct] or ["Your turn: what is your approach, in one sentence, and why?"]
    if not any(s.reasons for s in usable):
        pieces.append("Your turn: why do you work this way? What goes wrong otherwise?")
    pieces.extend(_clean(s) for s in example + outcome)
    if not example:
        pieces.append("Your turn: when did you last do this at work, and what came of it?")
    return pieces


def _approach(usable: list[Sentence], flags: set[str]) -> list[str]:
    """An outline of how they work, from their own steps in their order: the principle, the steps, the check, a
    real time they worked that way and how it turned out; each part they left out asked for."""
    steps = approach.concrete_steps(usable) + [s for s in rubrics.proposing(usable) if not approach.is_vague(s)]
    principle = approach.principles(usable)[:1]
    check = [s for s in approach.checks(usable) if s not in principle][:1]
    kept = [s for s in steps if s not in check][:3]
    told = principle + kept + check
    instance = [s for s in approach.examples(usable) if s not in told][:1]
    outcome = [s for s in usable if s.outcome and instance and s.span.start > instance[0].span.start and s not in told][:1]
    pieces = [_clean(s) for s in sorted(principle + kept, key=lambda s: s.span.start)]
    if not kept:
        pieces.append("Your turn: how do you work, as a rule? What do you do first, and what next, said so someone "
                      "could picture you doing it?")
    if not principle:
        pieces.append("Your turn: why do you work this way? What goes wrong otherwise?")
    pieces.extend(_clean(s) for s in check)
    if not check:
        pieces.append("Your turn: how do you check it worked, and when?")
    pieces.extend(_clean(s) for s in instance + outcome)
    if not instance:
        pieces.append("Your turn: when did you last work this way, and what came of it?")
    return pieces


_HEDGE = re.compile(r"(?i)\b(?:never|haven['’]t|not\s+sure|honestly|good\s+question)\b")


def _proposal(usable: list[Sentence], flags: set[str], *, improve: bool) -> list[str]:
    """Their choice, the problem, the change and its reason, how they would know: missing parts asked for."""
    proposals = rubrics.proposing(usable)
    problem = [s for s in usable if s not in proposals and not s.own_action and rubrics._PROBLEM.search(s.text)][:1]
    direct = [s for s in usable[:1] if s not in proposals and s not in problem
              and not (s.own_action or s.team_action or _HEDGE.search(s.text))]
    backing = [s for s in usable if s.own_action][:1]
    pieces = [_clean(s) for s in direct + problem]
    if not problem and improve:
        pieces.append("Your turn: what is wrong with it today, as specifically as you can say: how many steps, how "
                      "long it takes, who it fails?")
    plain = [s for s in proposals if not (rubrics._VAGUE_FIX.search(s.text) or s.generic) or s.numbers or s.names]
    pieces.extend(_clean(s) for s in plain[:2])
    if not plain:
        pieces.append("Your turn: what exactly would you change? What would people see or do differently?" if improve
                      else "Your turn: what exactly would you do first, and then?")
    if "no_reason" in flags:
        pieces.append("Your turn: why would that help, and who is it for?")
    pieces.extend(_clean(s) for s in backing)
    if "no_measure" in flags:
        pieces.append("Your turn: how would you know it worked? Which number would you watch before and after?")
    return pieces
