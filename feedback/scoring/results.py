"""Results: outcomes that say what changed and by how much, in digits or in words.

"Cut reconciliation from six hours to forty minutes", "halved the build time", "timeouts dropped
to zero", "fell by a third" are results. Numbers that only describe the setting are not: a team
of five, a 60/40 split, 2021, nine months of work, 12 microservices. The rules below look for the
shape of a change (a change verb with "by", "from … to …", a multiplier) rather than for any
number, which is what keeps the setting's numbers out.
"""

from __future__ import annotations

import re

from feedback.textstats import Span

_UNITS = (
    "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
)
# A number in digits ("2,000", "3.5", "$40k") or in words ("forty", "two hundred", "a third").
NUMBER = (
    rf"(?:[$€£]\s?)?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn)\b)?"
    rf"|(?:(?:{_UNITS})\b(?:[\s-](?:{_UNITS})\b)?(?:\s(?:hundred|thousand|million)\b)?)"
    r"|(?:a|one)\s+(?:half|third|quarter|fifth|tenth|hundred|thousand|million|dozen)"
    r"|half|twice|two\s+thirds|three\s+quarters|an?\s+(?:hour|day|week|month|year|minute|second)"
)
_QUALIFIER = r"(?:(?:about|around|roughly|almost|nearly|over|under|more\s+than|less\s+than|just|only|below|above)\s+)?"
_AMOUNT = (
    rf"{_QUALIFIER}(?:{NUMBER})(?:\s?(?:%|percent\b|per\s+cent\b|x\b|times\b|percentage\s+points?\b))?"
    r"(?:\s+(?!(?:and|but|so|which|in|within|the|a|an|over|after|before|to|of|by|for|with|as|than|from|at|on)\b)[a-z]+\b)?"
)

_CHANGE_VERBS = (
    r"cut|cuts|reduced|reduce|reducing|lowered|decreased|dropped|drop|fell|fall|shrank|shortened|trimmed|"
    r"increased|increase|raised|grew|rose|boosted|lifted|improved|improving|sped\s+up|brought(?:\s+down)?|"
    r"went(?:\s+(?:down|up))?|came\s+down|moved|saved|freed|took|went\s+from|climbed|jumped|slashed|"
    r"doubled|tripled|halved"
)
_NOUN_PHRASE = r"(?:[^\W\d_][\w'’/-]*\s+){0,5}?"

_PATTERNS = [
    # "cut reconciliation from six hours to forty minutes", "went from 40 to 12", "from 3.1 to 4.2"
    re.compile(
        rf"\b(?:{_CHANGE_VERBS})\b[^.;!?]{{0,60}}?\bfrom\s+{_AMOUNT}[^.;!?]{{0,30}}?\s(?:down\s+|up\s+)?to\s+"
        rf"(?:{_AMOUNT}|zero|none|nothing)",
        re.I,
    ),
    # "from three hours to ninety minutes" after a change ("That halved the build time, from …")
    re.compile(rf"\bfrom\s+{_AMOUNT}\s+\w+(?:\s+\w+)?\s+(?:down\s+|up\s+)?to\s+(?:under\s+|about\s+)?{_AMOUNT}", re.I),
    # "reduced latency by 40%", "fell by a third", "went down by forty percent"
    re.compile(rf"\b(?:{_CHANGE_VERBS})\b[^.;!?]{{0,60}}?\bby\s+{_AMOUNT}", re.I),
    # "halved the error rate", "doubled sign-ups"
    re.compile(
        r"\b(?:halved|doubled|tripled|quadrupled)\s+(?:the\s+|our\s+|their\s+|its\s+|my\s+)?[^\W\d_][\w'’-]*"
        r"(?:\s+(?!(?:in|on|at|by|for|within|after|before|and|but|from|over|during|of)\b)[^\W\d_][\w'’-]*){0,2}",
        re.I,
    ),
    # "clashes went from monthly to none", "from daily to once a quarter"
    re.compile(
        r"\b(?:went|dropped|fell|came\s+down|moved|cut\s+\w+)\s+from\s+(?:hourly|daily|weekly|monthly|every\s+\w+)\s+to\s+"
        r"(?:none|zero|nothing|never|once\s+a\s+\w+|(?:hourly|daily|weekly|monthly|quarterly|yearly))\b",
        re.I,
    ),
    # "dropped to zero", "fell to about one a month", "went down to 0.1%"
    re.compile(rf"\b(?:dropped|fell|went\s+down|came\s+down|shrank|decreased)\s+to\s+(?:{_AMOUNT}|zero|none|nothing)", re.I),
    # "compliance went up to 88 percent", "rose to 4.6%": a level reached (a rate, or from a baseline said before)
    re.compile(rf"\b(?:went\s+up|rose|climbed|increased|improved|jumped|was\s+up)\s+to\s+(?P<level>{_AMOUNT})", re.I),
    # "every patient was seen within our 30 minute target": a target met
    re.compile(
        rf"\b(?:within|under|inside|below|ahead\s+of)\s+(?:our|the|their|its|my)\s+{_AMOUNT}[\s-]?(?:target|goal|sla|limit|standard|benchmark)\b",
        re.I,
    ),
    # "40% faster", "three times the traffic", "twice as accurate"
    re.compile(
        rf"\b{_AMOUNT}\s+(?:faster|slower|fewer|less|more|lower|higher|cheaper|smaller|bigger|quicker|"
        r"reduction|increase|improvement|drop|decrease|gain|savings?|the\s+traffic|the\s+load)\b",
        re.I,
    ),
    re.compile(r"\b(?:twice|three\s+times|four\s+times|\d+\s?x)\s+as\s+\w+", re.I),
    # "take three days instead of fourteen"
    re.compile(rf"\b(?:{_CHANGE_VERBS}|take|takes|takes\s+about|now\s+\w+)\b[^.;!?]{{0,40}}?{_AMOUNT}[^.;!?]{{0,30}}?\binstead\s+of\s+(?:the\s+)?{_AMOUNT}", re.I),
    # "three days early", "two weeks ahead of schedule"
    re.compile(rf"\b{_AMOUNT}\s+(?:early|ahead\s+of\s+schedule|sooner|ahead)\b", re.I),
    # "saved 4 hours a week", "freed about four hours of my week", "saving $20k a year"
    re.compile(rf"\b(?:saved|saving|saves|freed|freeing)\b[^.;!?]{{0,25}}?{_AMOUNT}", re.I),
    # "99.95% delivery", "a 0.70 precision" are levels reached
    re.compile(
        rf"\b{_AMOUNT}\s+(?:uptime|delivery|availability|accuracy|precision|recall|coverage|conversion|"
        r"satisfaction|retention|success\s+rate)\b",
        re.I,
    ),
]

# A result is named from the start of its clause: these end a clause.
_CLAUSE_BREAK = re.compile(r"[;:—–]|,\s+(?:and|but|so|which|while|then|where|when|because|after)\b|,\s+(?=(?:i|we|it|they|that|this)\s)|\band\s+(?=[^\W\d_]+\s+(?:dropped|fell|went|rose|grew))|\bso\s+(?=i\b)", re.I)
_LEADING = re.compile(r"^(?:(?:and|but|so|which|then|also|yeah|well|oh)\b[\s,]*)+", re.I)
_YEAR_RANGE = re.compile(r"\bfrom\s+(?:19|20)\d\d\s+to\s+(?:19|20)\d\d\b", re.I)


def result_spans(text: str, sentences: list[Span]) -> list[Span]:
    """Every result in the answer, as the clause that names what changed and by how much."""
    found: list[Span] = []
    for sentence in sentences:
        for span in _sentence_results(text, sentence):
            if any(span.start < other.end and other.start < span.end for other in found):
                merged = [o for o in found if span.start < o.end and o.start < span.end]
                start = min([span.start] + [o.start for o in merged])
                end = max([span.end] + [o.end for o in merged])
                found = [o for o in found if o not in merged]
                span = Span(start, end, text[start:end], cue=span.cue)
            found.append(span)
    return sorted(found, key=lambda s: s.start)


def _sentence_results(text: str, sentence: Span) -> list[Span]:
    body = text[sentence.start : sentence.end]
    spans = []
    for pattern in _PATTERNS:
        for match in pattern.finditer(body):
            if _YEAR_RANGE.search(match.group(0)):
                continue
            if "level" in match.groupdict() and not _is_level(match.group("level"), text[: sentence.start]):
                continue
            start = _clause_start(body, match.start())
            piece = body[start : match.end()].rstrip(" ,")
            lead = _LEADING.match(piece)
            if lead:
                start += lead.end()
                piece = piece[lead.end() :]
            if len(piece.split()) < 3:
                continue
            spans.append(Span(sentence.start + start, sentence.start + start + len(piece), piece, cue=match.group(0)))
    return spans


def _is_level(amount: str, before: str) -> bool:
    """A value risen to is a result when it is a rate or the answer gave a baseline earlier ("was 61 percent")."""
    return bool(re.search(r"(?i)%|percent|per\s+cent|points?\b", amount) or _BASELINE.search(before))


_BASELINE = re.compile(rf"\b(?:was|were|stood\s+at|sat\s+at|at|of)\s+{_QUALIFIER}(?:\d|(?:{_UNITS})\b)", re.I)


def _clause_start(body: str, position: int) -> int:
    start = 0
    for match in _CLAUSE_BREAK.finditer(body, 0, position):
        start = match.end()
    while start < len(body) and body[start] in " ,":
        start += 1
    # A clause that opens with "from …" or "by …" names its change in the clause before.
    if re.match(r"(?i)(?:from|by|to)\b", body[start:]) and start > 0:
        return _clause_start(body, max(0, start - 2))
    return start


_QUALITATIVE = re.compile(
    r"\b(?:as\s+a\s+result|which\s+meant|that\s+meant|this\s+meant|ended\s+up|in\s+the\s+end|since\s+then|"
    r"the\s+(?:outcome|result|impact)\s+was|since\s*$|(?:have|has)\s*(?:not|n['’]t)\s+(?:had|seen|happened)|happened\s+again|renewed|accepted|approved|adopted|went\s+live|shipped|launched|"
    r"delivered|submitted|on\s+(?:time|schedule)|ahead\s+of\s+schedule|no\s+longer|never\s+\w+\s+again|"
    r"stopped\s+\w+ing|promoted|still\s+(?:use|what\s+we\s+use|in\s+use|running)|on\s+(?:her|his|their)\s+own|"
    r"(?:fixed|resolved|solved)\s+(?:it|the|that)|(?:was|were|got)\s+(?:fixed|resolved|solved)|"
    r"agreed|signed|closed\s+the|were\s+delivered|went\s+out|made\s+(?:the|it)\s+part\s+of|became|"
    r"(?:was|were|got)\s+(?:better|faster|happier|easier)|worked\s+out|asked\s+for\s+me|"
    r"(?:it|this|that|which)\s+(?:improved|reduced|increased|sped\s+up|fixed|solved|halved|doubled)|"
    r"referred|kept\s+(?:her|his|their|the|our)\s+\w+|came\s+back|were\s+back|was\s+back|"
    r"(?:were|was)\s+able\s+to|managed\s+to|successfully|"
    r"(?:nobody|no\s+one|not\s+(?:a\s+)?single\s+\w+|none\s+of\s+(?:them|the\s+(?:\w+\s+){0,2}\w+))\s+(?:left|was\s+(?:harmed|missed|lost|late)|"
    r"missed|complained|waited|got\s+hurt|came\s+back|fell\s+behind|dropped\s+out)|(?:met|hit|beat|made)\s+(?:our|the|their)\s+(?:\w+\s+){0,2}(?:target|goal|deadline))\b",
    re.I,
)


def is_outcome(sentence: str) -> bool:
    """An outcome in words, without an amount ("they renewed", "it shipped on time", "it got fixed")."""
    return bool(_QUALITATIVE.search(sentence))
