"""What each sentence of an answer does: sets the scene, states a goal, acts, reports an outcome.

A sentence's STAR part comes from what it does, not from where it sits: "I wrote a script that
matched the ledger" is an action wherever it appears, "timeouts dropped to zero" a result. Also
per sentence: who acts ("I" or "we"), whether it is a hypothetical ("I would…"), a generic claim
("I'm a team player"), blame ("it was their fault"), filler or a repeat of an earlier sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from feedback import textstats
from feedback.scoring import results as results_mod
from feedback.textstats import Span

_IRREGULAR_PAST = (
    "built|wrote|rewrote|ran|led|took|made|set|found|chose|brought|sent|gave|told|spoke|met|put|kept|held|"
    "began|got|went|paid|sold|taught|caught|split|cut|shut|drew|fought|sought|bought|thought\\s+through|"
    "stood|undertook|overtook|broke|shipped|spent|left|dug|rolled|stepped|owned|pulled|pushed|booked|"
    "asked|called|sat|walked|pair(?:ed)?|read|rebuilt|swapped|dropped|added"
)
_NOT_ACTIONS = {
    "was", "were", "had", "felt", "thought", "knew", "wanted", "liked", "loved", "needed", "used", "seemed",
    "hoped", "believed", "guess", "think", "mean", "enjoyed", "realised", "realized", "learned", "learnt",
    "assumed", "heard", "became", "looked", "happened", "tried", "joined", "noticed", "decided",
    "did", "ended",
}
# "I started out at an agency", "I moved to a bigger company": a career, not a step in the story.
_CAREER = re.compile(r"\b(?:started|moved|worked|spent|was)\s+(?:out\b|at\b|to\s+(?:a|an)\b|for\b|as\b|in\s+(?:a|an)\b)", re.I)
_ADVERBS = r"(?:(?:then|also|first|quickly|eventually|finally|personally|immediately|actually|just|myself|really|basically|soon)\s+)*"
# "re-assigned", "double-checked": a hyphenated verb is still a verb.
_PAST_VERB = rf"(?:{_IRREGULAR_PAST})|(?:[a-z]+-)?[a-z]+ed"
_I_PAST = re.compile(rf"\b(?:i)\s+{_ADVERBS}({_PAST_VERB})\b", re.I)
_WE_PAST = re.compile(rf"\b(?:we|the\s+team|they)\s+{_ADVERBS}({_PAST_VERB})\b", re.I)
_I_PERFECT = re.compile(r"\bi['’]ve\s+(?:\w+\s+)?(?:built|led|owned|written|run|designed|rewritten|shipped|managed)\b", re.I)

_TASK = re.compile(
    r"\b(?:my\s+(?:task|job|role|responsibility|goal|mission|assignment|brief)\s+was|"
    r"i\s+was\s+(?:asked|tasked|responsible|in\s+charge|supposed|expected|assigned|brought\s+in|given)|"
    r"i\s+(?:needed|had|wanted)\s+to|i\s+owned|it\s+was\s+(?:my\s+job|up\s+to\s+me|on\s+me)|"
    r"the\s+(?:goal|challenge|objective|aim|task|requirement|target|deadline)\s+was|i\s+took\s+(?:over|ownership|on)|"
    r"(?:it|that)\s+had\s+to|nobody\s+owned|i\s+volunteered|assigned\s+to\s+me|(?:given|handed)\s+to\s+me)\b",
    re.I,
)
_SITUATION = re.compile(
    r"\b(?:at\s+my\s+(?:last|previous|current|first|old|former)\s+\w+|when\s+i\s+(?:was|worked|joined|started)|"
    r"while\s+(?:i\s+was\s+)?(?:working|building)|(?:our|the|my)\s+[\w\s-]{0,30}?\b(?:was|were|had|kept|took|started|"
    r"fell|broke|grew)\b|there\s+(?:was|were)|we\s+(?:were|had)|back\s+in|(?:in|during)\s+(?:19|20)\d\d|"
    r"(?:weeks?|months?|years?)\s+(?:before|ago)|(?:two|three|four|a\s+few)\s+weeks\s+before)\b",
    re.I,
)
_HYPOTHETICAL = re.compile(
    r"\b(?:i|we|you)\s+(?:would|'d|’d)\b(?!\s+(?:like|love)\b)|\bif\s+i\s+(?:were|was|had|disagreed|ever)\b|"
    r"\bi['’]d\s+(?:probably|first|try)\b|\bin\s+(?:that|this|such\s+a)\s+(?:kind\s+of\s+)?situation\b|"
    r"\b(?:usually|generally|normally|typically)\b|\byou\s+(?:have|need)\s+to\b|\byou\s+just\b",
    re.I,
)
_GENERIC = re.compile(
    r"\b(?:team\s+player|hard[\s-]?work(?:ing|er)|fast\s+learner|passionate|perfectionist|people\s+person|"
    r"(?:i'?m|i\s+am)\s+(?:very|really|quite)?\s*good\s+at|i\s+always|best\s+practices?|is\s+key|"
    r"(?:is|are)\s+(?:very|really|the\s+most|so)\s+important|great\s+fit|i\s+care\s+too\s+much|work\s+too\s+hard|"
    r"leverag\w*|synerg\w*|best[\s-]in[\s-]class|cutting[\s-]edge|world[\s-]class|robust|exceeded\s+expectations|"
    r"think\s+outside|go[\s-]getter|self[\s-]starter|detail[\s-]oriented|results[\s-]driven)\b",
    re.I,
)
_BLAME = re.compile(
    r"\b(?:(?:their|his|her|its)\s+fault|(?:not|wasn['’]t|was\s+not|isn['’]t)\s+my\s+fault|"
    r"nothing\s+i\s+could\s+(?:really\s+)?(?:do|have\s+done)|dropped\s+the\s+ball|unprofessional|"
    r"(?:they|he|she|everybody\s+else|everyone\s+else|the\s+other\s+team|management|qa|the\s+\w+\s+(?:team|manager))\s+"
    r"(?:never|didn['’]t|did\s+not|don['’]t|kept\s+changing|failed\s+to|should\s+have|took\s+ages)|"
    r"should\s+have\s+made\s+them|because\s+the\s+\w+(?:\s+\w+)?\s+(?:kept|didn['’]t|never|changed))\b",
    re.I,
)
# Saying there is nothing to say: never material for an example answer.
_NON_ANSWER = re.compile(
    r"\b(?:i\s+(?:do\s+not|don['’]t|can['’]t|cannot|can\s+not)\s+(?:really\s+)?(?:remember|recall|know|think\s+of\s+(?:one|any|an?\s+\w+)|say)|"
    r"(?:no|not\s+a(?:\s+clue|n\s+idea))\s*(?:idea|clue)?\b(?=[\s,.!?]*$)|no\s+idea|nothing\s+comes\s+to\s+mind|"
    r"i['’]d\s+rather\s+(?:skip|not\s+say|pass)|(?:skip|pass\s+on)\s+this(?:\s+one)?|i\s+(?:have|['’]ve)\s+(?:no|never\s+had\s+an?)\s+(?:idea|answer|example))\b",
    re.I,
)
_FILLER_PHRASES = re.compile(
    r"\b(?:at\s+the\s+end\s+of\s+the\s+day|to\s+be\s+honest|so\s+yeah|pretty\s+much|the\s+whole\s+story|"
    r"really,?\s+really|which\s+is\s+a\s+lot|you\s+know|basically|i\s+mean|like\s+i\s+said|as\s+i\s+said|"
    r"kind\s+of|sort\s+of|and\s+stuff|and\s+so\s+on|or\s+whatever|honestly|a\s+bit\s+of\s+everything)\b",
    re.I,
)
_REASON = re.compile(
    r"\b(?:because|so\s+that|instead\s+of|rather\s+than|trade-?off|in\s+order\s+to|to\s+avoid|which\s+meant|"
    r"the\s+reason|since\s+(?:the|it|we|our)|based\s+on|so\s+(?:i|we)\s+could)\b",
    re.I,
)
_REFLECTION = re.compile(r"\b(?:since\s+then|now\s+i|i\s+learned|i\s+learnt|next\s+time|these\s+days\s+i|i\s+now)\b", re.I)
_PAST_STATE = re.compile(r"\b(?:was|were|had|did|went|took|got|made)\b", re.I)

STOPWORDS = frozenset(
    "a an the and or but so of to in on at for from by with about as is are was were be been being it its this that "
    "these those i me my we our us you your he she they them their his her what which who whom how why when where "
    "do did does done have has had can could would should will just very really also then than there here into out "
    "up down over under again more most some any all each every no not only own same too s t don now tell time "
    "describe walk through give example like want way thing things one get got make made".split()
)


def stem(word: str) -> str:
    word = word.lower().replace("’", "'")
    for suffix in ("ing", "ed", "es", "s", "er", "ly"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word[:6]


def content_stems(text: str) -> set[str]:
    return {stem(w) for w in textstats.words(text) if w.lower() not in STOPWORDS and not w[:1].isdigit()}


@dataclass
class Sentence:
    """One sentence of an answer and what it does."""

    span: Span
    part: str | None = None  # situation, task, action, result, or None
    own_action: bool = False
    team_action: bool = False
    hypothetical: bool = False
    generic: bool = False
    blame: bool = False
    repeat: bool = False
    filler_words: int = 0
    reasons: int = 0
    reflection: bool = False
    names: list[str] = field(default_factory=list)
    numbers: int = 0
    outcome: bool = False
    non_answer: bool = False  # "I don't remember", "no idea", "I'd rather skip this one"
    steps: int = 0  # actions of the candidate's own in this sentence ("I profiled…, added…, and rolled…")

    @property
    def text(self) -> str:
        return self.span.text

    @property
    def words(self) -> int:
        return textstats.word_count(self.span.text)

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
    r"(?i)^(?:(?:and|so|also|yes|okay|ok|well|one|another)[,.]?\s+)*(?:what|how|why|who|whom|when|where|which|could|can|"
    r"would|will|do|does|did|is|are|was|were|should|may|might|have|has|any)\b"
)
_MORE_STEPS = re.compile(rf"(?:,|\band\b)\s+(?:then\s+)?(?:{_PAST_VERB})\b", re.I)
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
        sentence.hypothetical = bool(_HYPOTHETICAL.search(body))
        sentence.own_action = bool(i_past or _I_PERFECT.search(body)) and not sentence.hypothetical
        sentence.team_action = bool(we_past) and not sentence.own_action and not sentence.hypothetical
        if sentence.own_action:
            sentence.steps = 1 + len(_MORE_STEPS.findall(body[i_past[0].end():] if i_past else ""))
        sentence.generic = bool(_GENERIC.search(body))
        sentence.blame = bool(_BLAME.search(body))
        sentence.filler_words = sum(len(m.group(0).split()) for m in _FILLER_PHRASES.finditer(body))
        sentence.reasons = len(_REASON.findall(body))
        sentence.reflection = bool(_REFLECTION.search(body))
        sentence.names = sorted(
            {m.group(1) for m in _NAME.finditer(body) if m.group(1) not in _COMMON_CAPS}
            | {m.group(0).lower() for m in _TECH.finditer(body)}
        )
        sentence.numbers = len(_NUMBERISH.findall(body))
        sentence.non_answer = bool(_NON_ANSWER.search(body)) and not (sentence.own_action or sentence.team_action or sentence.numbers)
        stems = content_stems(body)
        # A repeat says nothing new: (almost) every content word was said before.
        shared = len(stems & said)
        if stems and (shared == len(stems) >= 2 or (len(stems) >= 3 and shared / len(stems) >= 0.75)):
            sentence.repeat = True
        said |= stems
        has_result = any(r.start >= span.start and r.end <= span.end for r in result_spans)
        sentence.outcome = has_result or (results_mod.is_outcome(body) and not sentence.hypothetical)
        sentence.part = _part_of(sentence, has_result, seen_action)
        if sentence.part == "action":
            seen_action = True
        out.append(sentence)
    return out


def _is_action(body: str, match: re.Match) -> bool:
    if match.group(1).lower() in _NOT_ACTIONS:
        return False
    return not _CAREER.match(body, match.start(1))


def _part_of(sentence: Sentence, has_result: bool, seen_action: bool) -> str | None:
    body = sentence.text
    if sentence.hypothetical or sentence.generic and not sentence.own_action:
        return None
    if sentence.is_question:
        return None
    if has_result:
        return "result"
    if _TASK.search(body) and not (sentence.own_action and seen_action):
        return "task"
    if sentence.outcome and (seen_action or not sentence.own_action):
        return "result" if seen_action or re.search(r"(?i)\b(?:as a result|in the end|since then)\b", body) else "situation"
    if sentence.own_action or sentence.team_action:
        return "action"
    if sentence.reflection:
        return None
    # Before the first action, a sentence with something in it sets the scene.
    if not seen_action and sentence.words >= 5 and (
        _SITUATION.search(body) or _PAST_STATE.search(body) or sentence.names or sentence.numbers
        or re.search(r"(?i)\b(?:noticed|saw|spent|needed|wanted|kept|used|took|lost)\b", body)
    ):
        return "situation"
    return None
