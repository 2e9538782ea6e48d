"""The approach rubric: "What's your approach to product management?", "How do you prioritise when everything is
urgent?", "How would you handle an angry customer?".

These ask how the candidate works, so the answer is told in the habitual present ("I start from the problem",
"I ask what happens if each thing waits a week"), and that is not a hypothetical. Credit, as a hiring manager
listens for it: concrete steps of their own, a principle with its reason, how they check it worked; a real time
they worked that way is a bonus, not a requirement. "I'm very organised and I always communicate with
stakeholders" names no step and stays low.
"""

from __future__ import annotations

import re

from agent_worker.core.answers.sentences import Sentence
from feedback.scoring import rubrics

# A step anyone could claim: "I communicate with stakeholders", "I make sure everyone is on the same page".
_VAGUE_STEP = re.compile(
    r"(?i)\b(?:communicat\w*\s+(?:with|clearly|well|openly|regularly)|make\s+sure\s+(?:everyone|everything|that\s+everyone)|"
    r"keep\s+(?:everyone|everybody|people|stakeholders)\s+(?:informed|updated|in\s+the\s+loop)|stay(?:s|ed)?\s+(?:organi[sz]ed|focused|"
    r"positive|calm|flexible)|be\s+(?:flexible|organi[sz]ed|proactive)|manage\s+my\s+time|work\s+(?:hard|smart)|"
    r"(?:do|try)\s+(?:my|our)\s+best|on\s+top\s+of\s+(?:things|everything)|go\s+with\s+the\s+flow|"
    r"whatever\s+(?:it\s+takes|is\s+needed)|as\s+needed|as\s+best\s+i\s+can|build\s+(?:a\s+)?(?:rapport|relationships?|trust)|"
    r"get\s+to\s+know\s+(?:them|the\s+\w+)|listen\s+(?:actively|carefully|to\s+(?:all\s+)?(?:the\s+)?(?:stakeholders|everyone|people))|"
    r"ask\s+open\s+questions|balance\s+(?:everyone|everybody)['’]s|(?:keep|put)\s+the\s+(?:customer|user|patient)s?\s+"
    r"(?:first|in\s+mind)|constructive\s+feedback|fun\s+and\s+engaging|keep\s+(?:them|everyone|customers?)\s+happy)\b|"
    # a claim about themselves, not a step: "I take feedback well", "I handle pressure calmly"
    r"^\s*i\s+(?:\w+\s+)?(?:take|handle|deal\s+with|work|cope|manage|respond\s+to)\b[\w\s]{0,25}?\b(?:well|positively|"
    r"seriously|professionally|calmly|effectively|under\s+pressure)\s*[.!]?$|"
    r"\bkeep\s+(?:everything|things|myself|it\s+all)\s+(?:organi[sz]ed|on\s+track|tidy|under\s+control)"
)
# A principle said with its reason or its contrast: "from the problem, not the feature", "so nobody finds out at
# the deadline", "if nothing breaks, it isn't urgent", "otherwise we build the wrong thing".
_PRINCIPLE = re.compile(
    r"(?i),\s+not\s+(?:the\s+|a\s+|an\s+|my\s+|their\s+|just\s+)?\w+|\bnot\s+because\b|\botherwise\b|\bor\s+else\b|"
    r"(?<=\w)[,;]?\s+so\s+(?:that\s+)?(?:nobody|no\s+one|everyone|everybody|it|it['’]s|they|the|people|he|she|"
    r"patients?|customers?|students?|nothing|there|(?:i|we)\s+(?:can|could|don['’]t|do\s+not|never|know|catch|see|"
    r"have|get|won['’]t))\b|"
    r"^\s*if\b[^.!?]*,\s*(?:it|i|we|that|then|they|the)\b|\b(?:what\s+matters|the\s+point)\s+(?:is|being)\b|"
    r"\bthat\s+way\b|\bworks\s+better\b|\bisn['’]t\s+\w+,\s+it['’]s\b|\bhowever\s+(?:loud|urgent|senior|big|small)\b|"
    r"\b(?:tell|show|explain\s+to)\s+(?:them|him|her|the\s+\w+)\s+why\b|\bexplain\s+why\b|"
    # an order with its criterion: "Anything that loses a customer goes first", "everything else waits"
    r"\b(?:goes|go|comes|come)\s+(?:first|next|last)\b|\beverything\s+else\s+(?:waits|queues)\b"
)
# How they know it worked, and when they look again: "After launch I check the number we agreed on".
_CHECK = re.compile(
    r"(?i)\b(?:check(?:s|ing)?(?!\s+(?:my|the|our|their)?\s*(?:e-?mails?|inbox|messages|calendar|phone|slack)\b)|measur\w*|track\w*|(?:weekly|monthly|blameless|post-?\w+)\s+review|re-review\w*|"
    r"revisit\w*|to\s+see\s+(?:which|what|whether|if|who|how)|follow\s+up|look\s+back|compar\w*|monitor\w*|"
    r"re-?assess\w*|audit\w*|debrief\w*|retro\w*|metrics?|kpis?|the\s+number|see\s+(?:whether|if)|"
    r"ask\s+(?:them|him|her|the\s+\w+)\s+(?:whether|if)|test\s+(?:whether|if)|keep\s+going\s+or\s+stop|"
    r"what\s+(?:slipped|worked|didn['’]t\s+work|went\s+(?:wrong|well)|changed))\b"
)


def is_step(sentence: Sentence) -> bool:
    """A step of how they work, said so someone could watch them do it."""
    return bool(sentence.habit) and not (sentence.generic or sentence.repeat or sentence.is_question or sentence.non_answer)


def is_vague(sentence: Sentence) -> bool:
    """Could be said by anyone about anything ("I prioritise based on impact"): a number or a name makes it a step."""
    return bool(_VAGUE_STEP.search(sentence.text) or rubrics._VAGUE_FIX.search(sentence.text)) and not (
        sentence.numbers or sentence.names)


def concrete_steps(sentences: list[Sentence]) -> list[Sentence]:
    return [s for s in sentences if is_step(s) and not is_vague(s)]


def substantial(sentence: Sentence) -> bool:
    """Says enough to picture: a number, a name, a reason, or eight words ("Then I run it locally if it touches
    anything a user sees"), not "I give constructive feedback"."""
    return bool(sentence.numbers or sentence.names or sentence.reasons or sentence.words >= 8)


def principles(sentences: list[Sentence]) -> list[Sentence]:
    """Sentences that give a reason or the principle behind what they do."""
    return [s for s in sentences if (s.reasons or _PRINCIPLE.search(s.text))
            and not (s.generic or s.repeat or s.is_question or s.blame or is_vague(s))]


# The check is what they do: "After launch I check the number", "I revisit it every Monday".
_CHECKING = re.compile(r"(?i)\b(?:i|we)\s+(?:\w+\s+)?(?:check|measure|track|review|revisit|compare|monitor|follow\s+up|"
                       r"look\s+back|re-?assess|audit|debrief|ask\s+\w+\s+(?:whether|if))\b")


def checks(sentences: list[Sentence]) -> list[Sentence]:
    """Sentences that say how they check it worked (in their way of working, not in a story's past): the ones
    where checking is what they do first ("After launch I check the number we agreed on")."""
    found = [s for s in sentences if _CHECK.search(s.text) and not (s.generic or s.repeat or s.is_question)
             and (s.habit or s.hypothetical or not (s.own_action or s.team_action))]
    return sorted(found, key=lambda s: not _CHECKING.search(s.text))


def examples(sentences: list[Sentence]) -> list[Sentence]:
    """A real time they worked this way: a past action of their own, an instance ("last winter…"), or what came of
    it at work ("At KarrotPay that rule got over 90% of our AWS resources into Terraform")."""
    return [s for s in sentences if (s.own_action and not s.habit) or rubrics._INSTANCE.search(s.text)
            or (s.part == "result" and s.outcome and not (s.habit or s.hypothetical or s.generic or s.repeat))]


def _answers_directly(first: Sentence) -> bool:
    """The first sentence says how they work: a step, a plan or a principle, not a claim, a scene or a question."""
    if first.generic or first.non_answer or first.is_question or is_vague(first):
        return False
    if first.habit or first.hypothetical:
        return True
    return first.part != "situation" and bool(
        _PRINCIPLE.search(first.text) or re.search(r"(?i)^\s*(?:my\s+(?:approach|rule|first)|first\b)", first.text))


def _specifics_and_length(score: rubrics.Score, sentences: list[Sentence], words: int, told: list[Sentence]) -> None:
    """Specifics, padding and platitudes as for any answer; length judged by its steps: a step of how they work is
    as concrete as a thing they did (a 158-word lesson plan told in steps is not rambling)."""
    points, listed = rubrics._specificity(sentences, 0.4)
    if points:
        score.add(round(points, 2), f"for specifics ({listed})")
    rubrics._penalties(score, sentences, words)
    rubrics._length_limits(score, words, short=25, long=260)
    said = {id(s) for s in told + principles(sentences) + checks(sentences)}
    if 150 < words <= 260 and len(said) < 0.4 * len(sentences):
        score.add(-0.5, f"for rambling ({words} words, few of them about how you work)", "rambling")


def score_approach(sentences: list[Sentence], words: int, results: list, rel: float, question: str = "") -> rubrics.Score:
    score = rubrics.Score(1.0, ["1 to start"])
    first = sentences[0] if sentences else None
    if first is not None and _answers_directly(first):
        score.add(0.5, "for answering directly")
    steps = concrete_steps(sentences)
    vague = [s for s in sentences if is_step(s) and is_vague(s)]
    # "How would you handle…?" is often answered "I'd…": a concrete plan is a step of how they would work.
    planned = [s for s in rubrics.proposing(sentences) if s not in steps and not is_vague(s) and not s.generic]
    told = len(steps) + len(planned)
    # A short bare step ("I write unit tests.") counts half: a list of them says what, never how or why.
    weight = sum(1 if substantial(s) else 0.5 for s in steps + planned)
    instances = examples(sentences)
    if weight >= 3:
        score.add(1.2, f"for {told} concrete steps of how you work")
    elif weight >= 1:
        score.add(0.9 if weight >= 2 else 0.6, f"for {told} concrete step{'s' if told > 1 else ''} of how you work")
    elif told:
        score.add(0.3, "for a step of how you work, said in a few words", "thin_steps")
    elif any(s.own_action and not is_vague(s) for s in instances):
        # "Last year my manager said my reports were too long, so I started writing a summary": how they work, shown.
        score.add(1.0, "for showing how you work through a real time you did it", "example_only")
    elif vague:
        score.add(0.2, "for saying what you do, in general terms only", "vague_steps")
    else:
        score.flags.add("no_steps")
    if principles(sentences):
        score.add(0.6, "for the principle behind it, with its reason")
    else:
        score.flags.add("no_reason")
    if checks(sentences):
        score.add(0.4, "for how you check it worked")
    else:
        score.flags.add("no_check")
    if instances:
        if "example_only" not in score.flags:
            score.add(0.4, "for a real time you worked this way")
        if results:
            score.add(0.3, f'for a result with an amount ("{results[0].text}")')
        elif any(s.outcome for s in sentences if s.span.start >= instances[0].span.start):
            score.add(0.3, "for saying how it turned out")
    else:
        score.flags.add("no_example")
    _specifics_and_length(score, sentences, words, told=steps + planned + instances)
    if words < 25 and told < 2:
        # "I think maybe I would probably ask the team what they need": one step, hedged, is not yet a way of working.
        score.cap(1.5, f"{words} words with at most one step in them", "short")
    if told < 2 or any(rubrics._PERSONAL.search(s.text) for s in sentences):
        # A way of working told step by step answers the question in its own words ("I greet students at the
        # door" for "your approach to classroom management"); fewer steps than that can miss it.
        rubrics._relevance_limit(score, rel, sentences)
    return score
