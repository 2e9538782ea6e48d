"""What each sentence of an answer does: sets the scene, states a goal, acts, reports an outcome.

A sentence's STAR part comes from what it does, not from where it sits: "I wrote a script that
matched the ledger" is an action wherever it appears, "timeouts dropped to zero" a result. Also
per sentence: who acts ("I" or "we"), whether it is a hypothetical ("I would…"), a generic claim
("I'm a team player"), blame ("it was their fault"), filler or a repeat of an earlier sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent_worker.core.answers import results as results_mod
from agent_worker.core.reading.lexicon import (  # noqa: F401  (STOPWORDS re-exported for older callers)
    FILLER_PHRASES,
    REASON_SENTENCE,
    SCENE_SENTENCE,
    STOPWORDS,
    TASK_SENTENCE,
)
from agent_worker.core.reading.tokens import Span, content_stems, stem, word_count, words  # noqa: F401

_IRREGULAR_PAST = (
    "built|wrote|rewrote|ran|led|took|made|set|found|chose|brought|sent|gave|told|spoke|met|put|kept|held|"
    "began|got|went|paid|sold|taught|caught|split|cut|shut|drew|fought|sought|bought|thought\\s+through|"
    "stood|undertook|overtook|broke|shipped|spent|left|dug|rolled|stepped|owned|pulled|pushed|booked|"
    "asked|called|sat|walked|pair(?:ed)?|read|rebuilt|swapped|dropped|added|saw|spotted|rang|drove|flew|woke"
)
_NOT_ACTIONS = {
    "was", "were", "had", "felt", "thought", "knew", "wanted", "liked", "loved", "needed", "used", "seemed",
    "hoped", "believed", "guess", "think", "mean", "enjoyed", "realised", "realized", "learned", "learnt",
    "assumed", "heard", "became", "looked", "happened", "tried", "noticed", "decided",
    "did", "ended",
}
# "I started out at an agency", "I moved to a bigger company": a career, not a step in the story.
_CAREER = re.compile(
    r"\b(?:(?:started|moved|worked|spent|was)\s+(?:out\b|at\b|to\s+(?:a|an)\b|for\b|as\b|in\s+(?:a|an)\b)|"
    # "I joined the company in 2019", "joined Stripe as an analyst"; not "I joined the CRM data with billing"
    r"joined\s+(?:as|in|on|at|when|after|straight)\b|joined\s+(?:(?:the|a|an|our|my|their|this|that)\s+)?(?:[\w&-]+\s+){0,2}?"
    r"(?:company|team|firm|startup|hospital|ward|practice|agency|group|department|school|bank|organi[sz]ation|board|"
    r"business|clinic|unit|squad|staff|project)s?\b)",
    re.I,
)
_ADVERBS = r"(?:(?:then|also|first|quickly|eventually|finally|personally|immediately|actually|just|myself|really|basically|soon)\s+)*"
# "re-assigned", "double-checked": a hyphenated verb is still a verb.
_PAST_VERB = rf"(?:{_IRREGULAR_PAST})|(?:[a-z]+-)?[a-z]+ed"
_I_PAST = re.compile(rf"\b(?:i)\s+{_ADVERBS}({_PAST_VERB})\b", re.I)
_WE_PAST = re.compile(rf"\b(?:we|the\s+team|they)\s+{_ADVERBS}({_PAST_VERB})\b", re.I)
_I_PERFECT = re.compile(r"\bi['’]ve\s+(?:\w+\s+)?(?:built|led|owned|written|run|designed|rewritten|shipped|managed)\b", re.I)

# "I'd say it was my idea", "I would think so": an opinion about what happened, not what they would do
# ("I'd say to the patient…" is).
_HYPOTHETICAL = re.compile(
    r"\b(?:i|we|you)(?:\s+would\b|['’]d\b(?!\s+(?:been|had|already|never|just|done|gone|seen|made|got|\w+ed)\b))"
    r"(?!\s+(?:like|love|think|guess|imagine|argue|say(?!\s+to\b))\b)|\bif\s+i\s+(?:were|was|had|disagreed|ever)\b|"
    r"\bi['’]d\s+(?:probably|first|try)\b|\bin\s+(?:that|this|such\s+a)\s+(?:kind\s+of\s+)?situation\b|"
    r"\byou\s+(?:have|need)\s+to\b|\byou\s+just\b",
    re.I,
)
# What they usually do: a hypothetical, unless the sentence is a platitude ("I'm a good communicator
# generally"), which is generic rather than an answer about what they would do.
_HABITUAL = re.compile(
    r"\b(?:usually|generally|normally|typically)\b(?![^.!?]*\b(?:was|were|had|happened|took|went|came|\w+ed)\b)", re.I
)
_GENERIC = re.compile(
    r"\b(?:team\s+player|hard[\s-]?work(?:ing|er)|fast\s+learner|passionate|perfectionist|people\s+person|"
    r"(?:i'?m|i\s+am)\s+(?:very|really|quite)?\s*good\s+at|(?<!since\sthen\s)(?<!now\s)(?<!days\s)i\s+always(?![^.!?]*\b(?:because|so\s+that)\b)|best\s+practices?|is\s+(?:really\s+|so\s+|always\s+)?key|"
    r"(?:is|are)\s+(?:very|really|the\s+most|so)\s+important|great\s+fit|i\s+care\s+too\s+much|work\s+too\s+hard|"
    r"leverag\w*|synerg\w*|best[\s-]in[\s-]class|cutting[\s-]edge|world[\s-]class|robust|exceeded\s+expectations|"
    r"(?:i\s+|and\s+)(?:usually\s+|always\s+|just\s+)*(?:try|do)\s+my\s+best(?=[\s,.!]*(?:and\b|$))|"
    r"\band\s+see\s+what\s+happens|"
    r"\bi\s+learn(?:ed|t)\s+(?:a\s+lot|so\s+much)(?:\s+from\s+(?:it|that|this))?(?:\s+overall)?(?=[\s,.!]*(?:$|,|and\b|it\b))|"
    r"(?:a|such\s+a)\s+great\s+(?:learning\s+)?experience|"
    r"think\s+outside|go[\s-]getter|self[\s-]starter|detail[\s-]oriented|results[\s-]driven|"
    # a virtue as the whole method: "the most important thing is to listen and be patient"
    r"the\s+(?:most\s+)?important\s+thing\s+is\s+(?:to\s+)?(?:listen|be\s+(?:patient|honest|calm|positive|kind|"
    r"organi[sz]ed|professional)|stay\s+(?:calm|positive|focused)|communicat\w*|work\s+hard|have\s+a\s+(?:good|positive)\s+attitude))\b",
    re.I,
)
_BLAME = re.compile(
    r"\b(?:(?:their|his|her|its)\s+fault|(?:not|wasn['’]t|was\s+not|isn['’]t)\s+(?:really\s+)?(?:my|our)\s+fault|"
    r"nothing\s+i\s+could\s+(?:really\s+)?(?:do|have\s+done)|dropped\s+the\s+ball|unprofessional|"
    r"(?:they|he|she|everybody\s+else|everyone\s+else|the\s+other\s+team|management|qa|the\s+\w+\s+(?:team|manager))\s+"
    r"(?:never|didn['’]t|did\s+not|don['’]t|kept\s+changing|failed\s+to|should\s+have|took\s+ages)|"
    r"should\s+have\s+made\s+them|because\s+the\s+\w+(?:\s+\w+)?\s+(?:kept|didn['’]t|never|changed))\b",
    re.I,
)
# "It depends on the situation", said as the whole of it (not "it depends on the load: below 1,000…"): no answer.
_DEPENDS = (r"(?:i\s+(?:guess|think|suppose)\s+)?it\s+(?:all\s+|really\s+|just\s+)?depends(?:\s+on\s+the\s+(?:situation|context|day|"
            r"case|project|person|people|team|circumstances))?(?:,?\s+really)?(?=[\s,.!]*(?:sorry|to\s+be\s+honest|$))")
# "Nothing more to add", "Not much more to add there", "I've got nothing else to say", "No, nothing more from me".
_NOTHING_TO_ADD = (r"(?:no,?\s+)?(?:i\s+(?:have|['’]ve\s+got)\s+|i['’]ve\s+)?(?:nothing|not\s+(?:much|a\s+lot))\s+(?:more|else)\s+"
                   r"(?:to\s+(?:add|say)|from\s+me)(?:\s+(?:there|here|on\s+(?:that|this)(?:\s+one)?))?")
# "I think I've covered that", "I've already answered that in my last answer", "I've said all I can on that one":
# nothing new, because the candidate thinks an earlier answer holds it. A non-answer of its own kind (`non_answer`
# is this or `_NON_ANSWER`; no phrase is in both), with advice of its own in the report, and asked once more live
# when no earlier answer did cover the question.
COVERED_ALREADY = re.compile(
    # led by "Not much more to add there," or "Nothing else to say," (nothing to add, because it was covered)
    rf"^\W*(?:{_NOTHING_TO_ADD}[,;]?\s+(?:but\s+|and\s+|so\s+)?)?"
    r"(?:i\s+think\s+)?i(?:['’]ve|\s+have)?\s+(?:already\s+)?(?:covered|said|answered)\s+(?:that|it|this|"
    r"(?:what|all)\s+i\s+can|everything(?:\s+i\s+can)?)(?:\s+(?:already|before|earlier))?"
    r"(?:\s+(?:in|with)\s+(?:my|the)\s+(?:last|previous|earlier|first|other)\s+(?:answer|question|one|story))?"
    r"(?:\s+(?:on|about|for)\s+(?:that|it|this)(?:\s+one)?)?(?=[\s,.!]*(?:thanks?|thank\s+you|sorry|$))",
    re.I,
)
# Saying there is nothing to say: never material for an example answer.
_NON_ANSWER = re.compile(
    r"\b(?:i\s+(?:do\s+not|don['’]t|can['’]t|cannot|can\s+not)\s+(?:really\s+)?(?:remember|recall|know|think\s+of\s+(?:one|any|an?\s+\w+)|say)|"
    r"(?:no|not\s+a(?:\s+clue|n\s+idea))\s*(?:idea|clue)?\b(?=[\s,.!?]*$)|no\s+idea|nothing\s+(?:really\s+)?(?:comes|springs)\s+to\s+mind|nothing\s+(?:really\s+)?stands\s+out|"
    r"i['’]d\s+rather\s+(?:skip|not\s+say|pass)|(?:skip|pass\s+on)\s+this(?:\s+one)?|i\s+(?:have|['’]ve)\s+(?:no|never\s+had\s+an?)\s+(?:idea|answer|example)|"
    r"i(?:\s+(?:have\s+not|haven['’]t|never)|['’]ve\s+never)\s+(?:really\s+)?(?:done|had|worked\s+(?:on|with))\s+(?:that|this|it|one|any(?:thing\s+like\s+that)?|"
    r"(?:an?|any)\s+(?:\w+\s+)?(?:job|role|position|experience)\s+like\s+(?:that|this|it))(?:\s+yet)?(?=[\s,.!?]*(?:sorry|$))|"
    r"^\W*(?:no,?\s+)?that['’]s\s+(?:all|it)(?:\s+i\s+(?:have|can\s+say|know|can\s+think\s+of))?(?:\s+from\s+me)?(?:\s+(?:on|about|for)\s+(?:that|this|it)(?:\s+one)?)?"
    r"(?=[\s,.!]*(?:thanks?|thank\s+you|sorry|$))|"
    r"^\W*(?:(?:um|uh|hmm|well|honestly),?\s+)?(?:(?:i['’]m|i\s+am)\s+(?:really\s+|honestly\s+)?)?not\s+(?:really\s+)?sure(?:,?\s+really)?"
    rf"(?=[\s,.!]*(?:sorry|to\s+be\s+honest|{_DEPENDS}|$))|"
    rf"^\W*(?:(?:um|uh|hmm|well|honestly),?\s+)?{_DEPENDS}|"
    rf"^\W*{_NOTHING_TO_ADD}(?=[\s,.!]*(?:thanks?|thank\s+you|sorry|$)))\b",
    re.I,
)
_REFLECTION = re.compile(r"\b(?:since\s+then|now\s+i|i\s+learned|i\s+learnt|next\s+time|these\s+days\s+i|i\s+now)\b", re.I)
_PAST_STATE = re.compile(r"\b(?:was|were|had|did|went|took|got|made)\b", re.I)

@dataclass
class Sentence:
    """One sentence of an answer and what it does."""

    span: Span
    part: str | None = None  # situation, task, action, result, or None
    own_action: bool = False
    team_action: bool = False
    hypothetical: bool = False
    usual: bool = False  # a hypothetical told as what usually happens ("we usually do code reviews"), not "I would"
    generic: bool = False
    blame: bool = False
    repeat: bool = False
    filler_words: int = 0
    reasons: int = 0
    reflection: bool = False
    setback: bool = False  # an outcome that went against them: "they left anyway"
    names: list[str] = field(default_factory=list)
    numbers: int = 0
    outcome: bool = False
    non_answer: bool = False  # "I don't remember", "no idea", "I'd rather skip this one"
    steps: int = 0  # actions of the candidate's own in this sentence ("I profiled…, added…, and rolled…")
    team_steps: int = 0  # of the team's, told as "we" ("we looked at…, we found…, we raised…" is three)
    # The STAR parts it carries, each with its own span: one for most sentences; an action clause and a result
    # clause for "I renewed the certificate and restarted the pods, so we were back in 25 minutes".
    clauses: list[tuple[str, Span]] = field(default_factory=list)
    scene_change: bool = False  # a change that set the scene ("our audit was moved forward by two weeks"), not a result
    job_words: list[str] = field(default_factory=list)  # the posting's words it uses, when the job is known
    # What they do as a rule, told in the present: "I start from the problem", "Then I write a one-page brief".
    habit: int = 0

    @property
    def text(self) -> str:
        return self.span.text

    @property
    def words(self) -> int:
        return word_count(self.span.text)

    @property
    def is_question(self) -> bool:
        """Asks something: ends with "?" and opens like a question (not a statement said with a rising tone)."""
        text = self.span.text.strip()
        return text.endswith("?") and bool(_QUESTION_OPENING.match(text))

    @property
    def concrete(self) -> bool:
        """Says something checkable: a number, a name, or a thing the candidate did."""
        return bool(self.numbers or self.names or self.own_action)


_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][\w+#.-]*[a-zA-Z0-9+#]|[A-Z]{2,})\b")
_COMMON_CAPS = {
    "I", "I'm", "I've", "I'd", "I'll", "So", "And", "But", "The", "Then", "When", "After", "Yes", "No", "Our",
    "We", "It", "In", "At", "On", "For", "If", "That", "This", "Honestly", "OK", "Okay", "Well", "Oh",
}
_TECH = re.compile(
    r"\b(?:sql|python|java|golang|go|rust|react|kafka|redis|postgres(?:ql)?|mysql|kubernetes|docker|terraform|"
    r"aws|gcp|azure|s3|api|apis|ci|cd|jaeger|grafana|pandas|jupyter|excel|spark|airflow|dbt|tableau|"
    r"javascript|typescript|node|django|rails|graphql|elasticsearch|profiler|p95|p99|cron|queue|cache|index)\b",
    re.I,
)
_QUESTION_OPENING = re.compile(
    r"(?i)^(?:(?:and|so|also|yes|okay|ok|well|one|another)[,.]?\s+)*"
    r"(?:[^,?]{1,40},\s+)?"  # a short lead-in: "Before I go on, how big is the team…?"
    r"(?:what|how|why|who|whom|when|where|which|could|can|"
    r"would|will|do|does|did|is|are|was|were|should|may|might|have|has|any)\b"
)
_CARRIED_ACTION = re.compile(rf"(?i)^(?:and|then|also)[\s,]+{_ADVERBS}({_PAST_VERB})\b")
_MORE_STEPS = re.compile(rf"(?:,|\band\b)\s+(?:then\s+)?(?:i\s+)?({_PAST_VERB})\b", re.I)
_NUMBERISH = re.compile(rf"\b(?!one\b|an?\s)(?:{results_mod.NUMBER})\b|\d+", re.I)


def analyse_sentences(text: str, spans: list[Span], result_spans: list[Span] | None = None) -> list[Sentence]:
    """Each sentence with its features and its STAR part, judged by what it does."""
    out: list[Sentence] = []
    said: set[str] = set()
    if result_spans is None:
        result_spans = results_mod.result_spans(text, spans)
    seen_action = False
    for span in spans:
        body = span.text
        sentence = Sentence(span=span)
        i_past = [m for m in _I_PAST.finditer(body) if _is_action(body, m)]
        we_past = [m for m in _WE_PAST.finditer(body) if _is_action(body, m)]
        sentence.generic = bool(_GENERIC.search(body))
        would = bool(_HYPOTHETICAL.search(body))
        sentence.usual = not would and bool(_HABITUAL.search(body)) and not sentence.generic
        sentence.hypothetical = would or sentence.usual
        # "… and renewed the certificate. And restarted the pods": a sentence cut where the speaker paused
        # goes on with the same subject.
        carried = _CARRIED_ACTION.match(body) if out and out[-1].own_action else None
        if carried and carried.group(1).lower() not in _NOT_ACTIONS:
            i_past = [carried]
        sentence.own_action = bool(i_past or _I_PERFECT.search(body)) and not sentence.hypothetical
        sentence.team_action = bool(we_past) and not sentence.own_action and not sentence.hypothetical
        sentence.team_steps = len({m.group(1).lower() for m in we_past}) if sentence.team_action else 0
        if not would:
            sentence.habit = habit_steps(body)
        own_verbs: list[int] = []
        if sentence.own_action:
            more = [m for m in _MORE_STEPS.finditer(body, i_past[0].end()) if m.group(1).lower() not in _NOT_ACTIONS] if i_past else []
            # "I restarted the pods, I restarted all of them" is one step said twice.
            sentence.steps = max(1, len({m.group(1).lower() for m in i_past + more}))
            own_verbs = [m.start(1) for m in i_past + more]
        sentence.blame = bool(_BLAME.search(body))
        sentence.filler_words = sum(len(m.group(0).split()) for m in FILLER_PHRASES.finditer(body))
        sentence.reasons = len(REASON_SENTENCE.findall(body))
        sentence.reflection = bool(_REFLECTION.search(body))
        sentence.names = sorted(
            {m.group(1) for m in _NAME.finditer(body) if m.group(1) not in _COMMON_CAPS}
            | {m.group(0).lower() for m in _TECH.finditer(body)}
        )
        sentence.numbers = len(_NUMBERISH.findall(body))
        # "I covered that earlier" reads as an action; it is the whole sentence, so it is the claim and nothing else.
        sentence.non_answer = bool(COVERED_ALREADY.search(body)) or (bool(_NON_ANSWER.search(body)) and not (
            sentence.own_action or sentence.team_action or sentence.numbers))
        inside = [r for r in result_spans if r.start >= span.start and r.end <= span.end]
        # "I renewed the certificate" is the candidate acting, not an outcome in words like "she renewed".
        worded = [m for m in results_mod.outcome_matches(body) if m.start() not in own_verbs]
        sentence.outcome = bool(inside) or (bool(worded) and not sentence.hypothetical)
        sentence.setback = sentence.outcome and not inside and results_mod.is_setback(body)
        stems = content_stems(body)
        # A repeat says nothing new: (almost) every content word was said before. An outcome names the story's
        # own subject again by nature ("no insulin errors on our ward since"): it repeats only when it adds no word.
        shared = len(stems & said)
        mostly = len(stems) >= 3 and shared / len(stems) >= 0.75 and not sentence.outcome
        if stems and (shared == len(stems) >= 2 or mostly):
            sentence.repeat = True
        said |= stems
        sentence.part = _part_of(sentence, bool(inside), seen_action)
        sentence.clauses = _clauses(sentence, inside, worded, own_verbs)
        if any(part == "action" for part, _ in sentence.clauses):
            seen_action = True
        out.append(sentence)
    _opening_scene(out)
    _problem_first(out)
    return out


# "I start", "then I write", "we agree": a step of how they work, in the habitual present. Not a state ("I think",
# "I'm", "I love"), a modal ("I would", "I can"), a past action (counted as their own action) nor a hedge ("I try").
_NOT_HABITS = frozenset(
    "am was were have has had think believe feel like love want need know hope guess mean care enjoy prefer tend "
    "would could should will can can't cannot don't do did does didn't won't wouldn't must may might shall "
    "try find see get got use really also just always never usually generally normally typically often sometimes first "
    "then still even only personally definitely absolutely actually basically simply probably maybe".split()
)
_HABIT = re.compile(r"(?i)\b(?:i|we)\s+(?:(?:always|usually|generally|normally|typically|often|first|then|also|still|"
                    r"never|only|mostly|mainly|sometimes|rarely|just|really|now|(?:like|try|tend)\s+to)\s+)*([a-z][a-z'’-]*)\b")


_PAST_FORM = re.compile(rf"(?:{_IRREGULAR_PAST}|came|did|said|felt|[a-z-]+ed|\w*['’]\w*)", re.I)


_SAME_IN_PAST = frozenset("put set cut read split let hit shut spread cost quit".split())
_PRESENT = re.compile(r"(?i)\b(?:is|are|isn['’]t|aren['’]t|does|doesn['’]t|don['’]t|it['’]s|that['’]s)\b")


def habit_steps(body: str) -> int:
    """How many steps of their usual way of working the sentence tells: "I talk to five customers before I write
    anything" is two. Only present-tense verbs of their own count ("I start", "we agree"), never "I think"."""
    verbs = [m.group(1).lower() for m in _HABIT.finditer(body)]
    steps = sum(1 for v in verbs if v not in _NOT_HABITS and v not in _NOT_ACTIONS and not _PAST_FORM.fullmatch(v))
    # "I put every request against our two goals, and anything that doesn't move one waits": "put", "set", "read"
    # are present too, in a sentence told in the present.
    if steps or _PRESENT.search(body):
        steps += sum(1 for v in verbs if v in _SAME_IN_PAST)
    return steps


# A measure rising or falling the wrong way, told as what happened to them (a patient, the orders, a reading), not as
# what the candidate did: "went from 16 to 28 over my shift", "jumped from 500 a day to 3,000", "dropped to 85 over 50".
_GOT_WORSE = re.compile(
    r"(?i)\b(?:had\s+(?:dropped|fallen|gone\s+(?:up|down)|risen|grown|climbed|doubled|shrunk)|jumped|spiked|soared|shot\s+up|climbed|rose|grew|doubled|tripled|surged|ballooned|went\s+up|"
    r"(?:heart|respiratory|pulse|breathing)\s+rate|blood\s+pressure|temperature|saturations?|sats|(?:went|dropped|fell)\s+"
    r"(?:from\s+[^.;!?]{1,25}?\s+)?to\s+[^.;!?]{0,20}?\b(?:over|megohms|degrees|mmol))\b"
)
_TOLD_AS_OUTCOME = re.compile(r"(?i)\b(?:as\s+a\s+result|in\s+the\s+end|since\s+then|after\s+that|afterwards|by\s+the\s+end)\b")


def _problem_first(sentences: list[Sentence]) -> None:
    """ "Our audit was moved forward by two weeks." before anything the candidate did is the problem they faced,
    not their result: a change told before their first action, by someone else, sets the scene. Only when a
    later sentence tells how it turned out, or the change is a measure getting worse: an answer that opens on its
    result and never comes back to it is told headline first."""
    # what follows each sentence, worked out once from the end (slicing the rest at every sentence was quadratic)
    acts_later, outcome_later = [False] * len(sentences), [False] * len(sentences)
    for index in range(len(sentences) - 2, -1, -1):
        after = sentences[index + 1]
        acts_later[index] = acts_later[index + 1] or after.own_action
        outcome_later[index] = outcome_later[index + 1] or after.outcome
    for index, sentence in enumerate(sentences):
        if sentence.own_action:
            return
        # A measure of someone else's or something's getting worse ("his heart rate went from 80 to 140", "orders
        # jumped from 500 a day to 3,000") is the problem whether or not the outcome is told.
        worse = bool(_GOT_WORSE.search(sentence.text))
        if (sentence.part == "result" and not sentence.team_action and not _TOLD_AS_OUTCOME.search(sentence.text)
                and acts_later[index] and (worse or outcome_later[index])):
            sentence.part = "situation"
            sentence.clauses = [("situation", sentence.span)]
            sentence.outcome = False
            sentence.scene_change = True


_TIME_OPENER = re.compile(
    r"(?i)^(?:last\s+(?:year|spring|summer|autumn|fall|winter|month|quarter)|(?:in|during)\s+(?:my\s+(?:first|second|last)\s+\w+|"
    r"(?:19|20)\d\d)|one\s+(?:night|day|morning|evening|weekend)|a\s+(?:few|couple\s+of)\s+\w+\s+ago|"
    r"(?:two|three|four|five|six)\s+(?:weeks|months|years)\s+ago)\b"
)


def _opening_scene(sentences: list[Sentence]) -> None:
    """ "Last spring I ran a referral program …" opens the story: the scene, when nothing else sets it and the
    candidate's actions follow in the next sentences."""
    if not sentences or any(s.part == "situation" for s in sentences):
        return
    first = sentences[0]
    if first.part == "action" and _TIME_OPENER.match(first.text) and any(s.own_action for s in sentences[1:]):
        first.part = "situation"
        first.clauses = [("situation", first.span)]


_TRAILING_LINK = re.compile(r"(?:[\s,;:—–-]|\b(?:and|so|but|which|then|until)\b)*$", re.I)


def _clauses(sentence: Sentence, inside: list[Span], worded: list[re.Match[str]], own_verbs: list[int]) -> list[tuple[str, Span]]:
    """The sentence's STAR part, split in two when the candidate's own actions come before the outcome."""
    span, body = sentence.span, sentence.span.text
    if not sentence.part:
        return []
    whole = [(sentence.part, span)]
    if sentence.part == "task" and own_verbs:
        return _task_then_actions(sentence, own_verbs) or whole
    if sentence.part != "result" or not own_verbs:
        return whole
    if inside:
        split = inside[0].start - span.start
        after = inside[-1].end - span.start
    else:
        split = results_mod.clause_start(body, worded[0].start())
        after = len(body)
    if split <= min(own_verbs):
        return whole
    action_end = len(_TRAILING_LINK.sub("", body[:split]))
    if word_count(body[:action_end]) < 3:
        return whole
    # The result clause runs to the end of the sentence unless the candidate goes on to another action.
    if not _MORE_STEPS.search(body, after) and not _I_PAST.search(body, after):
        after = len(body)
    return [
        ("action", Span(span.start, span.start + action_end, body[:action_end])),
        ("result", Span(span.start + split, span.start + after, body[split:after])),
    ]


def _task_then_actions(sentence: Sentence, own_verbs: list[int]) -> list[tuple[str, Span]]:
    """ "I was the on-call engineer, so I declared an incident and …": the task, then what they did about it."""
    span, body = sentence.span, sentence.span.text
    task = TASK_SENTENCE.search(body)
    later = [v for v in own_verbs if task and v > task.end()]
    if task is None or not later:
        return []
    subject = re.search(rf"(?i)\bi\s+{_ADVERBS}$", body[: later[0]])
    cut = subject.start() if subject else later[0]
    end = len(_TRAILING_LINK.sub("", body[:cut]))
    if not re.search(r"[,;]|\b(?:so|and|then)\b", body[task.end() : cut]) or word_count(body[:end]) < 3:
        return []
    return [
        ("task", Span(span.start, span.start + end, body[:end])),
        ("action", Span(span.start + cut, span.end, body[cut:])),
    ]


def _is_action(body: str, match: re.Match[str]) -> bool:
    if match.group(1).lower() == "used":
        # "I used Python for the forecasts" is a step; "I used to …" is a habit, "I used it a bit" is not telling.
        return bool(re.match(r"\s+(?!to\b|it\b|them\b)[\w-]+(?:\s+[\w-]+){0,3}?\s+(?:to|for)\s+\w+", body[match.end(1):], re.I))
    if match.group(1).lower() == "decided":
        # "I decided to turn back to the harbour" is a step (a decision taken); "I decided that it was fine" is not
        return bool(re.match(r"\s+to\s+(?!be\b)[a-z]+", body[match.end(1):], re.I))
    if match.group(1).lower() in _NOT_ACTIONS:
        return False
    if match.group(1).lower() == "joined" and re.match(r"\s+(?:[A-HJ-Z]|I\w)|\s*(?:[,.;!?]|$)", body[match.end(1):]):
        return False  # "I joined Stripe", "I joined IBM": an employer
    return not _CAREER.match(body, match.start(1))


def _part_of(sentence: Sentence, has_result: bool, seen_action: bool) -> str | None:
    body = sentence.text
    if sentence.hypothetical or sentence.generic and not sentence.own_action:
        return None
    if sentence.is_question:
        return None
    if has_result:
        return "result"
    if TASK_SENTENCE.search(body) and not (sentence.own_action and seen_action):
        return "task"
    if sentence.outcome and (seen_action or not sentence.own_action):
        return "result" if seen_action or re.search(r"(?i)\b(?:as a result|in the end|since then)\b", body) else "situation"
    if sentence.own_action or sentence.team_action:
        return "action"
    if sentence.reflection:
        return None
    # Before the first action, a sentence with something in it sets the scene.
    if not seen_action and sentence.words >= 5 and (
        SCENE_SENTENCE.search(body) or _PAST_STATE.search(body) or sentence.names or sentence.numbers
        or re.search(r"(?i)\b(?:noticed|saw|spent|needed|wanted|kept|used|took|lost)\b", body)
    ):
        return "situation"
    return None
