"""Results: outcomes that say what changed and by how much, in digits or in words.

"Cut reconciliation from six hours to forty minutes", "halved the build time", "timeouts dropped
to zero", "fell by a third" are results. Numbers that only describe the setting are not: a team
of five, a 60/40 split, 2021, nine months of work, 12 microservices. The rules below look for the
shape of a change (a change verb with "by", "from … to …", a multiplier) rather than for any
number, which is what keeps the setting's numbers out.
"""

from __future__ import annotations

import re

from agent_worker.core.reading.lexicon import CADENCE_UNITS, MONEY_WORDS, NUMBER_WORDS
from agent_worker.core.reading.tokens import Span

_UNITS = "|".join(NUMBER_WORDS)
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
    r"(?:\s+(?!(?:and|or|but|so|which|in|within|the|a|an|over|after|before|to|of|by|for|with|as|than|from|at|on)\b)[a-z]+\b)?"
)

_CHANGE_VERBS = (
    r"cut|cuts|reduced|reduce|reducing|lowered|decreased|dropped|drop|fell|fall|shrank|shortened|trimmed|"
    r"increased|increase|raised|grew|rose|boosted|lifted|improved|improving|sped\s+up|brought(?:\s+down)?|"
    r"went(?:\s+(?:down|up))?|came\s+down|moved|saved|freed|took|went\s+from|climbed|jumped|slashed|"
    r"doubled|tripled|halved"
)
# How often something happens, for "from weekly to daily".
_FREQUENCY = (
    r"(?:hourly|daily|nightly|weekly|fortnightly|bi-?weekly|monthly|quarterly|yearly|annually|none|zero|nothing|never|"
    rf"(?:once|twice|(?:{NUMBER})\s+times)\s+(?:a|an|per|every)\s+\w+|every\s+(?:other\s+|few\s+|(?:{NUMBER})\s+)?\w+|"
    r"same[- ]day|real[- ]time)\b"
)
_DURATION = r"(?:seconds|minutes|hours|days|weeks|months|years|an?\s+(?:hour|day|week|month)|(?:second|minute|hour|day|week|month|year)s?)"
# What a count of none is about: "without a failure", "no findings".
_ZERO_OF = (
    r"(?:failures?|outages?|incidents?|errors?|complaints?|pages?|alerts?|issues?|problems?|crash(?:es)?|defects?|"
    r"findings?|escalations?|breaches|breach|falls?|misses|missed\s+\w+|late\s+\w+|re-?admissions?|rollbacks?|bugs?|"
    r"events?|complications?|infections?|exceptions?|adjustments?|relapses?|sores?|returns?|repeats?|recurrences?|"
    r"downtime|data\s+loss|(?:lost|missed)\s+(?:[\w-]+\s+)?(?:days?|hours?|shifts?|orders?|sales?|data))\b"
)
# When something was back: "by lunchtime", "by noon", "by the end of the shift", "by 9am".
_WHEN = (
    r"(?:lunch(?:time)?|noon|midday|midnight|the\s+(?:hour|end\s+of\s+the\s+(?:day|shift|week)|next\s+(?:day|morning|shift)|"
    r"morning|afternoon|evening|weekend)|end\s+of\s+(?:day|shift)|\d{1,2}(?::\d\d)?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d\d)\b"
)
_BACK = r"back(?:\s+(?:up|online|in\s+place|to\s+normal|on\s+track|in\s+service|on\s+schedule))?(?:\s+and\s+running)?"
# "no time after that", "no choice again": nothing there was counted.
_NOT_COUNTED = r"(?:time|choice|idea|way|option|reason|chance|money|budget|one|longer|matter|doubt)\b"
# Words after "doubled" that start a comparison or a time, not the thing that doubled.
_NOT_OBJECT = (
    r"(?:in|on|at|by|for|within|after|before|and|but|from|over|during|of|compared|versus|vs|than|year|month|week|"
    r"quarter|overnight|again|since|that|this|the\s+next)\b"
)
# "no complaints after that": down to none. A result only when it is measured: a baseline said before ("four or
# five missed doses a month") or a period ("in the six months after that"); otherwise an outcome in words.
ZERO_AFTER = re.compile(
    rf"\b(?:no|zero|not\s+(?:a\s+single|one))\s+(?:more\s+|further\s+|new\s+)?(?!{_NOT_COUNTED})[^\W\d_][\w'’-]*"
    r"(?:\s+[^\W\d_][\w&'’-]*){0,6}?\s+(?:since(?:\s+then)?|after\s+that|afterwards|again)\b",
    re.I,
)
# "there were no complaints", "we had no escalations": the same, measured only with a baseline or a period.
NO_COUNT = re.compile(rf"\b(?:had|got|received|there\s+were|saw)\s+no\s+(?:[\w-]+\s+){{0,2}}?{_ZERO_OF}", re.I)
_NOUN_PHRASE = r"(?:[^\W\d_][\w'’/-]*\s+){0,5}?"


def _needs(*words_then_pattern: str | re.Pattern[str]) -> tuple[tuple[str, ...], re.Pattern[str]]:
    """A result pattern with the words (lower case) it cannot match without: a sentence holding none of them is
    not searched with it. Most sentences hold no result, and trying every pattern at every position was two
    fifths of the cost of scoring an answer."""
    *words, pattern = words_then_pattern
    if not isinstance(pattern, re.Pattern) or not words or not all(isinstance(w, str) and w == w.lower() for w in words):
        raise TypeError("_needs(word, …, pattern): lower-case words, then the compiled pattern")
    return tuple(str(w) for w in words), pattern


_PATTERNS = [
    # "cut reconciliation from six hours to forty minutes", "went from 40 to 12", "from 3.1 to 4.2"
    _needs('from', re.compile(
        rf"\b(?:{_CHANGE_VERBS})\b[^.;!?]{{0,60}}?\bfrom\s+{_AMOUNT}[^.;!?]{{0,30}}?\s(?:down\s+|up\s+)?to\s+"
        rf"(?:{_AMOUNT}|zero|none|nothing)",
        re.I,
    )),
    # "from three hours to ninety minutes" after a change ("That halved the build time, from …")
    _needs('from', re.compile(rf"\bfrom\s+{_AMOUNT}\s+\w+(?:\s+\w+)?\s+(?:down\s+|up\s+)?to\s+(?:under\s+|about\s+)?{_AMOUNT}", re.I)),
    # "reduced latency by 40%", "fell by a third", "went down by forty percent"
    _needs('by', re.compile(rf"\b(?:{_CHANGE_VERBS})\b[^.;!?]{{0,60}}?\bby\s+{_AMOUNT}", re.I)),
    # "halved the error rate", "doubled sign-ups"
    _needs('halved', 'doubled', 'tripled', 'quadrupled', re.compile(
        rf"\b(?:halved|doubled|tripled|quadrupled)\b(?:\s+(?!{_NOT_OBJECT})(?:(?:the|our|their|its|my)\s+)?[^\W\d_][\w'’-]*"
        rf"(?:\s+(?!{_NOT_OBJECT})[^\W\d_][\w'’-]*){{0,2}})?",
        re.I,
    )),
    # "clashes went from monthly to none", "releases went from weekly to daily", "from daily to once a quarter"
    _needs('from', re.compile(rf"\bfrom\s+{_FREQUENCY}\s+to\s+{_FREQUENCY}", re.I)),
    # "cut the backlog in half", "brought the wait down by half"
    _needs('half', re.compile(rf"\b(?:{_CHANGE_VERBS})\b[^.;!?]{{0,40}}?\bin\s+half\b", re.I)),
    # "we were back in about 25 minutes", "the site was back up by lunchtime": a recovery, timed
    _needs('back', re.compile(rf"\b(?:was|were|is|are|got\s+(?:it|them|everything|\w+)|came|be|been)\s+{_BACK}\s+(?:in|within|after|by|before|inside)\s+(?:{_WHEN}|{_AMOUNT})", re.I)),
    # "By noon every appointment was back in place", "within the hour all of them were restored"
    _needs('back', 'restored', 'recovered', 'rebooked', 'fixed', 'resolved', re.compile(
        rf"\b(?:by|within|inside)\s+(?:{_WHEN}|{_AMOUNT}),?\s+(?:every|all|each|everything|everyone|the|our|their|its)\b"
        rf"[^.;!?]{{0,50}}?\b(?:was|were|had\s+been)\s+(?:{_BACK}|restored|recovered|rebooked|fixed|resolved)",
        re.I,
    )),
    # "every appointment was back in place", "all twelve patients were rebooked": all of it restored
    _needs('back', 'restored', 'recovered', 'rebooked', 'scheduled', 'fixed', 'resolved', 'delivered', re.compile(
        rf"\b(?:every|each|all(?:\s+of)?(?:\s+(?:the|our|their|her|his|its))?)\s+(?:[\w'’-]+\s+){{1,3}}?(?:was|were|had\s+been)\s+"
        rf"(?:{_BACK}|restored|recovered|rebooked|re-?scheduled|fixed|resolved|delivered\s+on\s+time)",
        re.I,
    )),
    # "we haven't had an expiry outage since", "haven't had one since", "it hasn't happened again": down to none
    _needs('since', 'again', re.compile(
        r"\b(?:(?:have|has|had)\s*(?:n['’]t|\s+not|\s+never)|never)\s+(?:had|seen|lost|missed|got|received|needed|run\s+into)\s+"
        rf"(?:a|an|one|another|any|a\s+single)\s+(?!{_NOT_COUNTED}|day\s+off|days\s+off|weekend|holiday|vacation|break)"
        r"[^.;!?]{0,40}?\b(?:since|again)\b",
        re.I,
    )),
    # "we didn't have a repeat of that kind of incident in the following year", "never saw a recurrence"
    _needs('repeat', 'recurrence', re.compile(
        r"\b(?:did\s*(?:n['’]t|\s+not)\s+(?:have|see|get)|never\s+(?:had|saw|got))\s+(?:a|an|another|any|a\s+single)\s+"
        r"(?:repeat|recurrence)\b(?:\s+of(?:\s+(?!(?:in|since|after|for|during|over|again|afterwards)\b)[\w'’-]+){1,6})?"
        r"(?:\s+(?:in|over|for|during)\s+the\s+(?:following|next|rest\s+of\s+the)\s+\w+|\s+since(?:\s+then)?|\s+after\s+that|\s+again)?",
        re.I,
    )),
    _needs('since', 'again', re.compile(
        r"\b(?:(?:has|have|had)\s*(?:n['’]t|\s+not)|never)\s+(?:happened|recurred|come\s+back|came\s+back|returned|"
        r"gone\s+down|went\s+down|been\s+late|slipped)\s+(?:again|since)\b",
        re.I,
    )),
    # "there have been no missed doses since", "not a single late filing since then": measured only with a
    # baseline or a period (see ZERO_AFTER below)
    _needs('since', 'after', 'again', ZERO_AFTER),
    # "the Monday cleanup went away completely", "re-typing stopped entirely": gone altogether
    _needs('completely', 'entirely', 'altogether', re.compile(r"\b(?:went\s+away|stopped|disappeared|vanished|ended)\s+(?:completely|entirely|altogether)\b", re.I)),
    # "the job has run without a failure for the last three months", "has gone without an outage since"
    _needs('without', re.compile(
        rf"\b(?:ha[sd]|have)\s+(?:now\s+)?(?:run|gone|been\s+running|worked|operated)\s+(?:for\s+[^.;!?]{{0,30}}?\s+)?without\s+"
        rf"(?:a\s+single|a|an|any|one)\s+(?:[\w-]+\s+){{0,2}}?{_ZERO_OF}"
        rf"(?:\s+(?:for|in)\s+(?:the\s+)?(?:last\s+|past\s+)?{_AMOUNT}|\s+since(?:\s+then)?)?",
        re.I,
    )),
    # "the auditors raised no findings", "there were no escalations that quarter", "nobody missed a dose"
    _needs('raised', 'found', 'reported', 'logged', re.compile(rf"\b(?:raised|found|reported|logged)\s+no\s+(?:[\w-]+\s+){{0,2}}?{_ZERO_OF}", re.I)),
    _needs('no', NO_COUNT),
    _needs('no', re.compile(
        r"\b(?:nobody|no\s+one|none\s+of\s+(?:them|(?:the|our|their|my|his|her)\s+(?:[\w-]+\s+){0,2}?[\w-]+))\s+(?:was\s+|were\s+|got\s+)?"
        r"(?:(?:has|have)\s+(?:slipped|failed|been\s+late|gone\s+down|broken)|"
        r"missed\s+(?:a|an|any|the|their|his|her)\s+[\w-]+|left\s+without|fell\s+behind|dropped\s+out|complained|"
        r"was\s+(?:harmed|missed|lost|late)|came\s+back|got\s+hurt|waited\s+(?:more|longer|over))",
        re.I,
    )),
    # "all my patients got their meds on time", "every order went out on schedule"
    _needs('time', 'schedule', re.compile(
        r"\b(?:every|each|all(?:\s+of)?(?:\s+(?:the|our|their|my|her|his|its))?)\s+(?:[\w'’-]+\s+){1,3}?"
        r"(?:got|went\s+out|arrived|shipped|were\s+(?:seen|done|paid|delivered|filed|closed)|was\s+(?:seen|done|paid|delivered|filed|closed))"
        r"(?:\s+[\w'’-]+){0,3}?\s+on\s+(?:time|schedule)\b",
        re.I,
    )),
    # "she was hitting every payment deadline", "we met every SLA that quarter"
    _needs('every', re.compile(r"\b(?:hit|hitting|met|meeting|made|making|beat)\s+every\s+(?:[\w-]+\s+){0,2}?(?:deadline|target|goal|sla|milestone)s?\b", re.I)),
    # "went back to normal by the next day", "it's now ready by 8am", "she got there with an hour to spare"
    _needs('back', re.compile(rf"\b(?:went|came|got)\s+{_BACK}\s+(?:in|within|after|by|before|inside)\s+(?:{_WHEN}|{_AMOUNT})", re.I)),
    _needs('now', re.compile(rf"\b(?:is|are|was|were|['’]s|['’]re)\s+now\s+(?:ready|done|finished|out|live|available|closed|sent)\s+"
               rf"(?:by|before|within|in|inside)\s+(?:{_WHEN}|{_AMOUNT})", re.I)),
    _needs('spare', re.compile(rf"\bwith\s+{_AMOUNT}\s+to\s+spare\b", re.I)),
    # "came down from hours to minutes", "from days to the same day"
    _needs('from', re.compile(rf"\b(?:{_CHANGE_VERBS})\b[^.;!?]{{0,40}}?\bfrom\s+(?:{_DURATION})\s+to\s+(?:{_DURATION}|the\s+same\s+day|same[- ]day)\b", re.I)),
    # "the revenue lift held at about 3%", "a reduction of 12%", "savings came to $40k"
    _needs('lift', 'increase', 'improvement', 'gain', 'growth', 'reduction', 'drop', 'decrease', 'saving', re.compile(
        rf"\b(?:lift|uplift|increase|improvement|gain|growth|reduction|drop|decrease|saving|savings)\s+"
        rf"(?:of|held\s+at|was|came\s+to|stayed\s+at|settled\s+at)\s+{_AMOUNT}",
        re.I,
    )),
    # "now approvals take two or three days" after "took about two weeks": a new level against the old one
    _needs('now', re.compile(rf"\bnow\s+(?:only\s+)?(?:\w+\s+)?(?:takes?|runs?|lasts?|costs?|needs?)\s+(?P<level>(?:{NUMBER})\s+or\s+{_AMOUNT}|{_AMOUNT})", re.I)),
    # "we delivered everything on the new date", "filed every return on time": a deadline met in full
    _needs('time', 'schedule', 'date', 'deadline', 'day', re.compile(
        r"\b(?:delivered|submitted|filed|shipped|finished|closed|handed\s+(?:in|over)|completed)\s+(?:everything|all\s+(?:of\s+)?"
        r"(?:it|them|the\s+\w+)|every\s+\w+)\s+(?:on|by|before)\s+(?:time|schedule|the\s+(?:new\s+|agreed\s+)?(?:date|deadline|day))\b",
        re.I,
    )),
    # "within a month we were deploying daily again"
    _needs('again', re.compile(rf"\b(?:were|was|are|is|got)\s+(?:\w+ing\s+|back\s+to\s+)?{_FREQUENCY}\s+again\b", re.I)),
    # "she passed her sign-off first time", "it passed the audit on the first attempt"
    _needs('passed', re.compile(r"\bpassed\s+(?:[\w'’-]+\s+){1,4}?(?:first\s+time|(?:at|on)\s+the\s+first\s+(?:attempt|try|go))\b", re.I)),
    # "dropped to zero", "fell to about one a month", "went down to 0.1%"
    _needs('dropped', 'fell', 'down', 'shrank', 'decreased', re.compile(rf"\b(?:dropped|fell|went\s+down|came\s+down|shrank|decreased)\s+to\s+(?:{_AMOUNT}|zero|none|nothing)", re.I)),
    # "compliance went up to 88 percent", "rose to 4.6%": a level reached (a rate, or from a baseline said before)
    _needs('up', 'rose', 'climbed', 'increased', 'improved', 'jumped', re.compile(rf"\b(?:went\s+up|rose|climbed|increased|improved|jumped|was\s+up)\s+to\s+(?P<level>{_AMOUNT})", re.I)),
    # "every patient was seen within our 30 minute target": a target met
    _needs('target', 'goal', 'sla', 'limit', 'standard', 'benchmark', re.compile(
        rf"\b(?:within|under|inside|below|ahead\s+of)\s+(?:our|the|their|its|my)\s+{_AMOUNT}[\s-]?(?:target|goal|sla|limit|standard|benchmark)\b",
        re.I,
    )),
    # "40% faster", "three times the traffic", "twice as accurate"
    _needs('faster', 'slower', 'fewer', 'less', 'more', 'lower', 'higher', 'cheaper', 'smaller', 'bigger', 'quicker', 'reduction', 'increase', 'improvement', 'drop', 'decrease', 'gain', 'saving', 'traffic', 'load', re.compile(
        rf"\b{_AMOUNT}\s+(?:faster|slower|fewer|less|more(?!\s+(?:{_DURATION}|people|engineers|nurses|staff|hires|"
        r"members|rounds?|sessions?|meetings?|times?)\b)|lower|higher|cheaper|smaller|bigger|quicker|"
        r"reduction|increase|improvement|drop|decrease|gain|savings?|the\s+traffic|the\s+load)\b",
        re.I,
    )),
    _needs('as', re.compile(r"\b(?:twice|three\s+times|four\s+times|\d+\s?x)\s+as\s+\w+", re.I)),
    # "take three days instead of fourteen"
    _needs('instead', re.compile(rf"\b(?:{_CHANGE_VERBS}|take|takes|takes\s+about|now\s+\w+)\b[^.;!?]{{0,40}}?{_AMOUNT}[^.;!?]{{0,30}}?\binstead\s+of\s+(?:the\s+)?{_AMOUNT}", re.I)),
    # "three days early", "two weeks ahead of schedule"
    # (a time: "two questions ahead of the call" is no result)
    # (a time, for work done: "we submitted three days early"; not "two questions ahead of the call", nor "a coach
    # arriving two hours early", the problem, nor "I decided to turn back two hours early", a decision)
    _needs('early', 'ahead', 'sooner', re.compile(
        r"\b(?:finish\w*|deliver\w*|submit\w*|ship\w*|launch\w*|complet\w*|done|ready|live|closed|handed\s+\w+|filed|"
        rf"opened|paid|signed|came\s+in|went\s+out|arrived)\b[^.;!?]{{0,40}}?\b{_QUALIFIER}(?:{NUMBER})\s+{_DURATION}\s+"
        r"(?:early|ahead\s+of\s+schedule|sooner|ahead)\b", re.I)),
    # "saved 4 hours a week", "freed about four hours of my week", "saving $20k a year"
    _needs('sav', 'free', re.compile(rf"\b(?:saved|saving|saves|freed|freeing)\b[^.;!?]{{0,25}}?{_AMOUNT}", re.I)),
    # "99.95% delivery", "a 0.70 precision" are levels reached
    _needs('uptime', 'delivery', 'availability', 'accuracy', 'precision', 'recall', 'coverage', 'conversion', 'satisfaction', 'retention', 'rate', re.compile(
        rf"\b{_AMOUNT}\s+(?:uptime|delivery|availability|accuracy|precision|recall|coverage|conversion|"
        r"satisfaction|retention|success\s+rate|(?:open|click(?:-through)?|response|reply|completion|attendance)\s+rate)\b",
        re.I,
    )),
]

_MONEY = (
    r"(?:[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|million|thousand)\b)?|"
    r"\d[\d,]*(?:\.\d+)?\s?(?:k|m|million|thousand)?\s+(?:dollars|pounds|euros))"
)
_TERM = rf"(?:another|a\s+further|an\s+extra|{NUMBER})[\s-]+(?:more\s+)?(?:years?|months?|quarters?|terms?)"
_WITHOUT_ONE = rf"\b(?:without\s+(?:a|an|any|a\s+single)|with\s+no)\s+(?:[\w-]+\s+){{0,2}}?{_ZERO_OF}"
_LEARNERS = r"(?:students|pupils|learners|children|kids|trainees|apprentices|candidates|them)"
_CLIENTS = r"(?:seats|licen[cs]es|users|accounts|customers|clients|locations|sites|stores|subscribers|members|sign-?ups|new\s+logos)"
# Outcomes as professions tell them: a renewal with its term, a deal's size, a patient home without a
# complication, a class that passed, a backlog cleared in a time, money recovered.
# How often, in words: "one release a year", "once every two weeks", "three or four times a week", "every quarter",
# "once a fortnight", "every night" (a rate or a cadence in any trade).
_CADENCE_UNIT = rf"(?:{'|'.join(CADENCE_UNITS)})s?"
_CADENCE = (
    rf"(?:(?:once|twice|(?:{NUMBER})(?:\s+or\s+(?:{NUMBER}))?(?:\s+[\w'’-]+){{0,2}}?)\s+(?:a|an|per|every|each)\s+"
    rf"(?:(?:other|few|(?:{NUMBER}))\s+)?{_CADENCE_UNIT}|every\s+(?:(?:other|few|(?:{NUMBER}))\s+)?{_CADENCE_UNIT}"
    rf"|{_FREQUENCY})"
)
# Money, in digits or words: "$40k", "150 dollars", "two thousand pounds", "around eleven thousand dollars".
_MONEY_AMOUNT = (
    rf"(?:[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|million|thousand)\b)?|(?:{NUMBER})(?:\s+and\s+(?:{NUMBER}))?"
    rf"(?:\s?(?:k|m|million|thousand|hundred(?:\s+thousand)?)\b)?\s+(?:{'|'.join(MONEY_WORDS)})\b)"
)
# Outcomes told as a rate, a cadence or money, in any trade (tuned on tests/fixtures/feedback/trades_results_tuning.json):
_RATE_PATTERNS = [
    # "we went from one release a year to one every two weeks", "from refusing four mornings a week to once a
    # fortnight", "went from seeing the numbers every quarter to every week": a cadence before and after
    _needs('from', re.compile(
        rf"\bfrom\s+(?:[\w'’-]+\s+){{0,4}}?{_CADENCE}(?:\s+or\s+so)?\s+to\s+(?:[\w'’-]+\s+){{0,3}}?{_CADENCE}", re.I)),
    # "roughly 150 dollars a month we stopped losing", "about a thousand pounds a month the pharmacy keeps", "two
    # hundred and fifty dollars a month we don't pay any more": money a period, kept
    _needs('$', '€', '£', *MONEY_WORDS, re.compile(
        rf"{_QUALIFIER}{_MONEY_AMOUNT}(?:\s+(?:a|an|per|every|each)\s+(?:week|month|quarter|year))?\s+"
        r"(?:(?:that\s+)?(?:we|they|i|the\s+[\w-]+|our\s+[\w-]+|she|he)\s+)(?:stopped\s+losing|no\s+longer\s+(?:lose|pay|spend)|"
        r"(?:don['’]t|do\s+not|didn['’]t|won['’]t)\s+(?:pay|lose|spend|waste)|keeps?|kept|saves?|saved|gets?\s+back|got\s+back)\b",
        re.I,
    )),
    # "we got back around eleven thousand dollars", "won back £3,000", "we won back 14 accounts"
    _needs('back', re.compile(rf"\b(?:got|get|won|clawed|paid)\s+back\s+{_QUALIFIER}{_MONEY_AMOUNT}", re.I)),
    _needs('back', re.compile(rf"\b(?:won|winning|brought|bringing)\s+back\s+{_QUALIFIER}(?:{NUMBER})\s+(?:lapsed\s+|lost\s+)?{_CLIENTS}\b", re.I)),
    # "within a season we were at sixty lessons a month" after "bookings had dropped to about twenty a month": a rate
    # reached, against one said before
    _needs('at', 'to', re.compile(
        rf"\b(?:were|was|are|is|got|reached|came|went)\s+(?:at|up\s+to|back\s+to)\s+(?P<rate>{_QUALIFIER}(?:{NUMBER})"
        rf"(?:\s+[\w'’-]+){{0,2}}?\s+(?:a|an|per|every|each)\s+{_CADENCE_UNIT})\b", re.I)),
    # "Everyone was in a room within ninety minutes", "all of them were seen inside the hour": everyone, in a time
    _needs('within', 'inside', 'under', re.compile(
        rf"\b(?:everyone|everybody|every\s+[\w'’-]+|all\s+(?:of\s+)?(?:them|(?:the|our|my|their)\s+[\w'’-]+))\s+"
        rf"(?:was|were|had\s+been|got)\s+[^.;!?]{{0,40}}?\b(?:within|inside|in\s+under)\s+(?:{_WHEN}|{_AMOUNT})", re.I)),
    # "…, up from fourteen the year before", "down from 12 percent": a level against the one before
    _needs('from', re.compile(rf"\b(?:up|down)\s+from\s+{_AMOUNT}", re.I)),
]
_PROFESSION_PATTERNS = [
    # "the customer renewed for two years", "they signed a three-year contract", "extended for another year"
    _needs('for', re.compile(rf"\b(?:renewed|extended|re-?signed|signed\s+on|signed\s+up|committed)\b(?:\s+(?:the|their|its|our)\s+\w+)?\s+for\s+{_TERM}", re.I)),
    _needs('contract', 'deal', 'renewal', 'extension', 'agreement', 'commitment', re.compile(rf"\b(?:signed|closed|won|landed|secured|booked|agreed)\s+(?:a|an)\s+(?:new\s+)?(?:{NUMBER})[\s-](?:year|month)\s+"
               r"(?:contract|deal|renewal|extension|agreement|commitment)\b", re.I)),
    # "…and added 20 seats", "expanded to 40 licences" (by the customer: "I added 20 users to the test group" is a step)
    _needs('added', 'bought', 'expanded', 'upgraded', 'grew', re.compile(rf"(?<!\bI\s)(?<!\bwe\s)\b(?:added|bought|expanded\s+(?:to|by)|upgraded\s+to|grew\s+to)\s+(?:another\s+|a\s+further\s+)?"
               rf"(?:{NUMBER})\s+(?:more\s+|extra\s+|new\s+)?{_CLIENTS}\b", re.I)),
    # "I closed a $250k deal", "recovered $42,000", "brought in £1.2m of new business"
    _needs('$', '€', '£', 'dollars', 'pounds', 'euros', re.compile(rf"\b(?:brought\s+in|generated|recovered|won|closed|secured|landed|booked|clawed\s+back|collected|raised|sold)\s+"
               rf"(?:(?:a|an|another|over|more\s+than|about|nearly|almost)\s+)?{_MONEY}(?:\s+(?:deal|contract|order|account|renewal))?", re.I)),
    # "I finished the year at 130% of quota", "hit 112 percent of target"
    _needs('quota', 'target', 'plan', 'goal', re.compile(rf"\b{_AMOUNT}\s+of\s+(?:my\s+|our\s+|the\s+|their\s+|her\s+|his\s+)?(?:annual\s+|quarterly\s+|sales\s+)?(?:quota|target|plan|goal)\b", re.I)),
    # "we exceeded our savings target by 15 percent", "beat quota by a third"
    _needs('exceeded', 'beat', 'surpassed', 'overachieved', 'outperformed', re.compile(rf"\b(?:exceeded|beat|surpassed|overachieved|outperformed)\b[^.;!?]{{0,40}}?\bby\s+{_AMOUNT}", re.I)),
    # "she went home two days later without a respiratory event", "he was discharged on day three with no complications"
    _needs('home', 'discharged', 'left', re.compile(
        r"(?<!\bI\s)(?<!\bwe\s)\b(?:went\s+home|was\s+discharged|were\s+discharged|got\s+discharged|left\s+(?:the\s+)?(?:hospital|ward|unit|icu))\b"
        rf"[^.;!?]{{0,40}}?(?:(?:\b{_AMOUNT}\s+(?:later|early|earlier|ahead\s+of\s+\w+)\b|\bon\s+day\s+(?:{NUMBER}))"
        rf"(?:\s+{_WITHOUT_ONE})?|{_WITHOUT_ONE})",
        re.I,
    )),
    # "all 26 students passed the test", "twenty-four of my twenty-eight pupils passed", "both of them moved up two reading levels"
    _needs('passed', 'graduated', 'qualified', 'through', 'met', re.compile(
        rf"\b(?:all|every|each|both|(?:{NUMBER})\s+of)(?:\s+of)?(?:\s+(?:the|my|our|their|her|his|these|those))?(?:\s+(?:{NUMBER}))?\s+"
        rf"(?:[\w'’-]+\s+){{0,2}}?{_LEARNERS}\s+(?:passed|graduated|qualified|got\s+through|met\s+(?:the|their)\s+\w+)"
        r"(?:\s+(?:the|their|its|her|his)(?:\s+(?!(?:in|on|at|by|and|but|with|after|before|first)\b)[\w'’-]+){1,3})?",
        re.I,
    )),
    _needs('up', re.compile(rf"\b(?:moved|went|jumped|climbed)\s+up\s+(?:by\s+)?(?:{NUMBER})\s+(?:[\w-]+\s+)?(?:levels?|grades?|bands?|sets?|places?)\b", re.I)),
    # "I cleared the backlog of refund tickets in three days", "the queue was cleared within a week"
    _needs('cleared', 'through', 'closed', 'caught', re.compile(
        rf"\b(?:cleared|worked\s+through|closed\s+out|caught\s+up\s+on)\s+(?:the|all|every|our|my|a)\b[^.;!?]{{0,40}}?\b(?:in|within)\s+{_AMOUNT}",
        re.I,
    )),
    _needs('cleared', re.compile(rf"\b(?:was|were|got)\s+cleared\s+(?:in|within)\s+{_AMOUNT}", re.I)),
    # "the audit came back with zero findings", "closed with no exceptions"
    _needs('with', re.compile(rf"\b(?:came\s+back|closed|finished|ended|passed|shipped|launched|migrated|went\s+live|cut\s+over|rolled\s+(?:it\s+)?out|"
               rf"delivered|completed)\b(?:\s+(?:the|it|them|our|their)(?:\s+[\w-]+){{0,2}}?)?\s+with\s+(?:zero|no|not\s+a\s+single)\s+(?:[\w-]+\s+){{0,2}}?{_ZERO_OF}", re.I)),
]

# A result is named from the start of its clause: these end a clause.
_CLAUSE_BREAK = re.compile(
    r"[;:—–]|,\s+(?:and|but|so|which|while|then|where|when|because|after)\b|,\s+(?=(?:i|we|it|they|that|this)\s)|"
    r"\band\s+(?=(?:[^\W\d_][\w&-]*\s+){1,3}(?:dropped|fell|went|rose|grew|came|halved|doubled)\b)|\bso\s+(?=i\b)|"
    r"\band\s+(?=(?:we|it|they|there|nobody|no\s+one|none)\s)|\bso\s+(?=(?:we|it|they|there|everything|everyone)\s)",
    re.I,
)
_LEADING = re.compile(r"^(?:(?:and|but|so|which|then|also|yeah|well|oh)\b[\s,]*)+", re.I)
_ONE_BY_ONE = re.compile(r"(?i)\b(\w+)\s+by\s+\1\b")  # "one by one", "step by step"
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


_ALL_PATTERNS = _PATTERNS + _PROFESSION_PATTERNS + _RATE_PATTERNS
# Any word some result pattern needs: a sentence holding none is not searched at all (an answer of many short
# sentences, "Yes. No. Okay.", paid sixty substring tests per sentence).
_ANY_NEEDED = re.compile("|".join(sorted({re.escape(w) for needs, _ in _ALL_PATTERNS for w in needs},
                                         key=len, reverse=True)))


def _sentence_results(text: str, sentence: Span) -> list[Span]:
    body = text[sentence.start : sentence.end]
    lower = body.lower()
    spans: list[Span] = []
    if not _ANY_NEEDED.search(lower):
        return spans
    for needs, pattern in _ALL_PATTERNS:
        if not any(word in lower for word in needs):
            continue
        for match in pattern.finditer(body):
            if _WHOSE.search(body, max(0, match.start() - 60), match.start()):
                continue  # "a patient whose saturation dropped to 88 percent" is the problem, not their result
            if _YEAR_RANGE.search(match.group(0)) or _ONE_BY_ONE.search(match.group(0)):
                continue
            if "level" in match.groupdict() and not _is_level(match.group("level"), text[: sentence.start]):
                continue
            if "rate" in match.groupdict() and not _RATE_BEFORE.search(text, 0, sentence.start):
                continue
            if pattern in (ZERO_AFTER, NO_COUNT) and not _measured_zero(body, text[: sentence.start], match.group(0)):
                continue
            start = clause_start(body, match.start())
            if _FINDING.search(body, start, match.start()):
                continue  # what they noticed before acting ("saw that podcasts cost four times more") changed nothing
            piece = body[start : match.end()].rstrip(" ,")
            lead = _LEADING.match(piece)
            if lead:
                start += lead.end()
                piece = piece[lead.end() :]
            if len(piece.split()) < 3:
                continue
            spans.append(Span(sentence.start + start, sentence.start + start + len(piece), piece, cue=match.group(0)))
    return spans


_WHOSE = re.compile(r"\bwhose\s+(?:[\w'’-]+\s+){0,3}$", re.I)
# A comparison they noticed or found is a finding, not an outcome of theirs.
_FINDING = re.compile(r"\b(?:noticed|saw|spotted|realised|realized|discovered)\b", re.I)


_PERIOD = re.compile(rf"\b(?:(?:{NUMBER})\s+(?:more\s+)?{_DURATION}|(?:that|this|the\s+next|the\s+following|all|the\s+whole|the\s+rest\s+of\s+the)\s+(?:year|quarter|month|term|season|winter|summer|audit|close|project|launch|release|sprint|shift|week))\b", re.I)
# A count said before, as a rate ("four or five missed doses a month", "30 percent of orders"): the baseline.
_RATE_BEFORE = re.compile(
    rf"\b(?!one\b|an?\s)(?:{NUMBER})(?:\s+or\s+(?:{NUMBER}))?(?:\s*%|\s+percent\b|(?:\s+[\w'’-]+){{0,4}}?\s+"
    r"(?:a|an|per|every|each)\s+(?:day|night|week|month|quarter|year|shift|term|hour|close))",
    re.I,
)


def _measured_zero(sentence: str, before: str, said: str) -> bool:
    """ "No complaints after that" measures something only against a count said before, or over a stated period
    ("since" is one: from then until now)."""
    if re.search(r"(?i)\bsince\b", said) or _PERIOD.search(sentence) or _RATE_BEFORE.search(before):
        return True
    # or a count of the same thing: "we logged 30 complaints" before "no complaints after that"
    counted = re.search(r"(?i)\b(?:no|zero|single|one)\s+(?:more\s+|further\s+|new\s+)?([^\W\d_][\w'’-]*)", said)
    noun = counted.group(1)[:5] if counted else None
    return bool(noun and re.search(rf"(?i)(?:\d[\d,]*|\b(?:{_UNITS}))(?:\s+[\w'’-]+){{0,2}}?\s+{re.escape(noun)}", before))


def _is_level(amount: str, before: str) -> bool:
    """A value risen to is a result when it is a rate or the answer gave a baseline earlier ("was 61 percent")."""
    return bool(re.search(r"(?i)%|percent|per\s+cent|points?\b", amount) or _BASELINE.search(before))


_BASELINE = re.compile(
    rf"\b(?:(?:was|were|stood\s+at|sat\s+at|at|of)|(?:took|takes|lasted|cost)(?:\s+[\w'’-]+){{0,5}}?)\s+{_QUALIFIER}"
    rf"(?:\d|(?:{_UNITS})\b|an?\s)",
    re.I,
)


def clause_start(body: str, position: int) -> int:
    """Where the clause holding `position` begins (results are named from the start of their clause)."""
    start = 0
    for match in _CLAUSE_BREAK.finditer(body):
        if match.end() > position:
            break
        start = match.end()
    while start < len(body) and body[start] in " ,":
        start += 1
    # A clause that opens with "from …" or "by …" names its change in the clause before.
    if re.match(r"(?i)(?:from|by|to)\b", body[start:]) and start > 0:
        return clause_start(body, max(0, start - 2))
    return start


_QUALITATIVE = re.compile(
    r"\b(?:as\s+a\s+result|which\s+meant|that\s+meant|this\s+meant|ended\s+up|in\s+the\s+end|since\s+then|"
    r"the\s+(?:outcome|result|impact)\s+was|since\s*$|(?:have|has)\s*(?:not|n['’]t)\s+(?:had|seen|happened)|happened\s+again|renewed|accepted|approved|adopted|went\s+live|shipped|launched|"
    r"delivered|submitted|on\s+(?:time|schedule)|ahead\s+of\s+schedule|no\s+longer|never\s+\w+\s+again|"
    r"stopped\s+\w+ing|promoted|still\s+(?:use|what\s+we\s+use|in\s+use|running)|on\s+(?:her|his|their)\s+own|"
    r"(?:fixed|resolved|solved)\s+(?:it|the|that)|(?:was|were|got)\s+(?:fixed|resolved|solved)|"
    r"agreed|signed|closed\s+the|were\s+delivered|went\s+out|made\s+(?:the|it)\s+part\s+of|became|"
    r"(?:was|were|got)\s+(?:better|faster|happier|easier)|worked\s+out|asked\s+for\s+me|"
    r"(?:no|zero|not\s+a\s+single)\s+(?:more\s+|further\s+)?[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,4}?\s+(?:after\s+that|afterwards)|"
    r"(?:was|were)\s+(?:fine|okay|ok|stable|safe|settled)\s+(?:after\s+that|afterwards|again|by\s+the\s+\w+)|"
    r"(?:it|this|that|which)\s+(?:improved|reduced|increased|sped\s+up|fixed|solved|halved|doubled)|"
    r"now\s+(?:reads?|uses?|follows?|runs?|trains?|asks?|owns?|relies|rely)\b|changed\s+how\b|"
    r"referred|kept\s+(?:her|his|their|the|our)\s+\w+|came\s+back|were\s+back|was\s+back|"
    r"(?:were|was)\s+able\s+to|managed\s+to|successfully|"
    # a failure told plainly is an outcome too
    r"only\s+(?:brought|got|drew|generated|produced|attracted|reached|converted)\b|fell\s+short|flopped|backfired|"
    r"(?:did\s*n['’]?t|did\s+not)\s+(?:work|pay\s+off|land|take\s+off|catch\s+on)|missed\s+(?:the|our|its)\s+(?:\w+\s+)?(?:target|deadline|goal)|"
    r"(?:nobody|no\s+one|not\s+(?:a\s+)?single\s+\w+|none\s+of\s+(?:them|the\s+(?:\w+\s+){0,2}\w+))\s+(?:left|was\s+(?:harmed|missed|lost|late)|"
    r"missed|complained|waited|got\s+hurt|came\s+back|fell\s+behind|dropped\s+out)|(?:met|hit|beat|made)\s+(?:our|the|their)\s+(?:\w+\s+){0,2}(?:target|goal|deadline))\b",
    re.I,
)


_SETBACK = re.compile(
    r"\b(?:left\s+(?:anyway|us\s+anyway|in\s+the\s+end)|(?:we|i)\s+lost\s+(?:the|them|that|her|him|their)\b|"
    r"(?:was|were|got)\s+(?:cancell?ed|shelved|scrapped)|only\s+(?:brought|got|drew|generated|produced|attracted|reached|converted)|"
    r"fell\s+short|flopped|backfired|(?:did\s*n['’]?t|did\s+not)\s+(?:work|pay\s+off|land|take\s+off|catch\s+on|renew)|"
    r"missed\s+(?:the|our|its)\s+(?:\w+\s+)?(?:target|deadline|goal)|churned|never\s+(?:launched|shipped|went\s+live))",
    re.I,
)


def is_setback(sentence: str) -> bool:
    """An outcome that went against them ("they left anyway", "it only brought in a handful of sign-ups")."""
    return bool(_SETBACK.search(sentence))


def outcome_matches(sentence: str) -> list[re.Match[str]]:
    """Each outcome in words, without an amount ("they renewed", "it shipped on time", "it got fixed").

    Not one told inside a relative clause: "the customers whose orders had already shipped" is background.
    """
    return [m for m in _QUALITATIVE.finditer(sentence) if not _RELATIVE_BEFORE.search(sentence, 0, m.start())]


_RELATIVE_BEFORE = re.compile(r"\b(?:whose|who|which|that)\s+(?:[\w'’-]+\s+){0,3}?(?:had\s+|has\s+|have\s+)?(?:already\s+)?$", re.I)
