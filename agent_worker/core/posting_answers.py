"""Answers to the candidate's own questions about the job, from the job description and the research: the sentence
that answers what they asked, quoted as it would be read aloud; what the posting leaves out, named; nothing guessed.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from agent_worker.core.asks import content_stopwords, stem, word_stems
from agent_worker.core.facts import extract_job_requirements
from agent_worker.core.facts.cleanup import clean_line, strip_instructions
from agent_worker.core.facts.job_layout import _jd_section, front_matter
from agent_worker.core.posting_asks import Term, answered_by, terms_asked
from agent_worker.core.tailoring import safe_phrase
from agent_worker.core.text import cap, normalise

__all__ = ["answer_candidate_question", "question_topics"]

_GENERIC_QUESTION_WORDS = {"team", "role", "job", "company", "work", "process", "interview", "next", "steps",
                           "position", "people", "day", "typical", "looks", "look", "kind", "usually",
                           "like", "days", "week", "many", "much", "often", "exactly", "currently", "per", "see",
                           "covered", "offered", "provided", "included", "available", "required", "supported",
                           "paid", "handled", "structured", "organised", "organized", "shared", "split", "works",
                           "between", "among", "across", "within", "without", "involve", "involves", "entail",
                           "entails", "responsibilities", "duties", "spend", "spent", "time", "would", "doing", "each",
                           "every", "after", "before", "main", "key", "usual", "use", "uses", "using", "used",
                           "offer", "offers", "big", "large", "size", "get", "gets", "have", "has", "need", "needs",
                           "provide", "provides", "give", "gives", "ask", "asking", "quick", "question",
                           "questions", "wondering", "wonder", "curious", "versus", "lot", "lots", "bit", "there",
                           "any", "side", "involved", "start", "starts", "begin", "begins", "happen", "during"}
_ABOUT_THEMSELVES_RE = re.compile(
    r",?\s*\b(?:coming|moving|switching|transitioning) (?:from|over from|out of)\b[^,?.]*|"
    r",?\s*\b(?:as (?:someone|a person) (?:who|with)|given (?:my|that i)|since i(?:'ve| have)?)\b[^,?.]*",
    re.IGNORECASE)
_ARTICLES = {"the": "the", "a": "a", "an": "an", "any": "a", "your": "the", "our": "the"}


_401K_RE = re.compile(r"\b401\s*\(\s*k\s*\)", re.IGNORECASE)


def _sentences(text: str) -> list[str]:
    """The posting's sentences as read aloud: markdown undone ("_You have product experience_" is said without
    its underscores, "[blog](https://…)" is "blog")."""
    read = "\n".join(clean_line(line) for line in (text or "").splitlines())
    read = re.sub(r"(?<![<>\w])<\s?(?=\d)", "under ", re.sub(r"(?<![<>\w])>\s?(?=\d)", "over ", read))
    read = _401K_RE.sub("401k", read)
    # Not at a "?": a posting's own question belongs to its answer ("No experience? No problem - we'll train you").
    lines = re.split(r"(?<=[.!])\s+|\n+", read)
    return [" ".join(s.strip(" +*-•#").split()) for s in lines if s.strip(" +*-•#")]


def _title_words(text: str) -> set[str]:
    """The words of a document's title lines (before its first sentence): the job itself ("nurse"), which
    a question shares with every sentence and which answers nothing."""
    out: set[str] = set()
    for line in (text or "").splitlines():
        if len(line.split()) >= 8 or line.rstrip().endswith("."):
            break
        out |= word_stems(line)
    return out


_ASK_LEAD_IN_RE = re.compile(r"^\s*(?:sorry,?\s+)?(?:(?:can|could|may) i (?:just )?ask(?: you)?(?: something| a (?:quick )?"
                            r"question)?(?: first| before (?:that|i answer))?|"
                            # "Before I answer, what does the team use…?": the lead-in asks about nothing.
                            r"(?:but |so |actually,? )?before i (?:answer|start|begin|go on|do)(?: that| this| it)?)"
                            r"\s*[,:?-]?\s*", re.IGNORECASE)


def question_topics(question: str, sources: list[tuple[str, str]]) -> list[tuple[str, frozenset[str]]]:
    """What a question asks about, as phrases ("the night shift", "a preceptor program"), each with its
    (stemmed) words: runs of telling words, leaving aside words of any job ("team", "role") and the words of
    this job's title ("nurses" for a nurse job), which every sentence of the posting shares."""
    question = _ASK_LEAD_IN_RE.sub("", question)  # "Can I ask first, …": the lead-in asks about nothing
    # "Would this role be more product or marketing? The title says product marketing.": the question is what is
    # asked, not what they said around it.
    asked = [s for s in re.split(r"(?<=[.!?])\s+", question.strip()) if s.endswith("?")]
    question = " ".join(asked) or question
    # "…, coming from inpatient med surg?": where the candidate comes from is theirs, not asked of the posting.
    question = _401K_RE.sub("401k", _ABOUT_THEMSELVES_RE.sub(" ", question))
    role = set().union(*(_title_words(text) for _, text in sources)) if sources else set()
    # Said back as they wrote it when it is an acronym ("SRE", not "sre").
    acronyms = {w.lower(): w for w in re.findall(r"\b[A-Z]{2,}s?\b", question)}
    topics: list[tuple[str, frozenset[str]]] = []
    run: list[str] = []
    # A comma ends a phrase ("the lifting, the shifts"): "" between them, as at the end.
    tokens = [t for part in re.split(r"[,;]", question) for t in normalise(part.replace("-", " ")).split() + [""]]
    for i, token in enumerate(tokens):
        telling = (token and len(token) > 2 and token not in content_stopwords() and
                   token not in _GENERIC_QUESTION_WORDS and stem(token) not in role)
        if telling:
            run.append(token)
            continue
        if run:
            before = tokens[i - len(run) - 1] if i - len(run) - 1 >= 0 else ""
            article = _ARTICLES.get(before, "")
            # "a junior" is "a junior data scientist": the job's title words that follow finish the phrase.
            title = list(itertools.takewhile(lambda w: w and stem(w) in role, tokens[i:]))
            spoken = " ".join(acronyms.get(w, w) for w in run + title)
            # "on-call", "in-house": a hyphenated word whose first part tells nothing is said whole.
            if before and re.search(rf"\b{before}-{run[0]}\b", question, re.IGNORECASE):
                spoken, article = f"{before}-{spoken}", ""
            topics.append(((f"{article} " if article else "") + spoken, frozenset(stem(w) for w in run)))
            run = []
    return topics


# Words of how long or how many, which a question about something else shares with any date in the posting.
_TIME_WORDS = frozenset("year day week month hour minute one two three four five six seven eight nine ten".split())
_HOW_MANY_RE = re.compile(r"\bhow (?:many|big|large)\b|\bwhat(?:'s| is) the (?:ratio|number of)\b", re.IGNORECASE)
_COUNT_RE = re.compile(r"\d+|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|a few|"
                       r"handful)\b", re.IGNORECASE)


def _counts(sentence: str, asked: set[str]) -> bool:
    """Whether a sentence gives a number of what was asked about ("four to six post-operative and medical
    patients"), not a number of something else beside it ("a 28-bed unit", "$19 per hour … clients")."""
    tokens = re.findall(r"[$£€]?\w+", sentence.lower())
    for i, token in enumerate(tokens):
        if token[0] in "$£€" or not _COUNT_RE.fullmatch(token) and not re.fullmatch(r"\d[\d,]*\+?", token):
            continue
        if any(stem(t) in asked for t in tokens[i + 1:i + 8]):
            return True
    return False


def _covered(topic: frozenset[str], sentence_words: set[str]) -> bool:
    shared = len(topic & sentence_words)
    return shared == len(topic) or shared >= 2


def _listed(phrases: list[str]) -> str:
    return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " or " + phrases[-1]


def _alternatives(question: str, phrases: list[str]) -> bool:
    """Whether the question offers its first topic and another as alternatives ("Do you use voice picking or
    handheld scanners?"): the one the posting names answers it, and the other is named as not said."""
    low = question.lower()
    first = low.find(phrases[0].lower()) if phrases else -1
    return first >= 0 and any(
        re.fullmatch(r",?\s+or\s+", low[first + len(phrases[0]):low.find(p.lower(), first + len(phrases[0]))] or "")
        for p in phrases[1:] if low.find(p.lower(), first + len(phrases[0])) > first)


def answer_candidate_question(question: str, sources: list[tuple[str, str]], *, brief: bool = False) -> str:
    """Answer from the job description or the research when they hold the answer; say so honestly if not.

    `sources` are (label, text) pairs such as ("the job description", jd). A sentence is quoted only when
    it covers one of the things the question is about (all the words of "night shift", not just "nurses"),
    cleaned and capped; what it leaves unanswered is named, and nothing is guessed. `brief`: the quote alone,
    when the interviewer's own question follows.
    """
    terms = _terms_answer(question, sources, brief)
    if terms:
        return terms
    named = next(((what, where) for pattern, what, where in _NAMED_ASKS if pattern.search(question)), None)
    if named is not None and named[0]:
        # "Who would I report to?" is answered by a sentence saying whom the role reports to, never by one that
        # shares the word ("Prepare financial reports"); what else the question asks ("what on-call looks like
        # and how big the team is") is named when that sentence does not cover it.
        pattern = next(p for p, what, _ in _NAMED_ASKS if what == named[0])
        asked = word_stems(" ".join(m.group(0) for m in pattern.finditer(question)))
        others = [(p, w) for p, w in question_topics(pattern.sub(" ", question), sources)
                  if not w & asked and _speakable(p)]
        return _named_answer(named[0], named[1], sources, brief, others)
    topics = question_topics(question, sources)
    # Words in many sentences of the posting ("patients" in a nurse's) answer nothing by themselves: when the
    # question is also about something else, the quoted sentence must cover that.
    counts: dict[str, int] = {}
    for _, text in sources:
        for sentence in _sentences(text):
            for w in word_stems(sentence):
                counts[w] = counts.get(w, 0) + 1
    telling = [(p, w) for p, w in topics if any(counts.get(x, 0) < 3 for x in w) and not w <= _TIME_WORDS]
    needed = {p for p, _ in telling} or {p for p, _ in topics}
    # "Is there overtime during the audit?": what it asks about first is nowhere in the posting, so a sentence on
    # the audit does not answer it.
    absent = topics[0][0] if len(topics) > 1 and not any(counts.get(x, 0) for x in topics[0][1]) else ""
    found: list[tuple[int, int, str, str, list[str]]] = []  # (covered, shared words, label, sentence, covered)
    for label, text in sources:
        for sentence in _sentences(text):
            # A sentence, not a heading, a slug or a link ("ien-registered-nurse-emergency-room-austin-tx").
            if not 20 <= len(sentence) <= 220 or "http" in sentence or "/" in sentence or \
                    sum(w.islower() for w in sentence.split()) < 3:
                continue
            have = word_stems(sentence)
            answered = [phrase for phrase, words in topics if _covered(words, have)]
            spoken = _quotable(sentence) if answered else ""
            if spoken:
                found.append((len(answered), sum(len(words & have) for _, words in topics), label, spoken,
                              answered + [phrase for phrase, words in topics if words & have and phrase not in answered]))
    ranked = sorted((f for f in found if needed & set(f[4][:f[0]])), key=lambda f: (-f[0], -f[1]))
    if _HOW_MANY_RE.search(question):
        # "How many patients would I have?" is answered by a number of them, not by a sentence naming patients.
        asked = set().union(*(w for p, w in topics if p in needed)) if needed else set()
        ranked = [f for f in ranked if _counts(f[3], asked)]
    if absent and not _alternatives(question, [p for p, _ in topics]):
        ranked = []
    if ranked:
        covered, _, label, sentence, shared = ranked[0]
        answered = shared[:covered]  # what it covers, not every phrase it shares a word with ("team")
        quote = f"{label[0].upper() + label[1:]} says: “{cap(sentence, 200)}.”"
        # What the first sentence leaves out may be in another ("tax season" beside "month-end close"): quoted
        # too, never said to be missing.
        also = next((f for f in found if set(f[4][:f[0]]) - set(answered)), None)
        if also is not None:
            quote += f" It also says: “{cap(also[3], 200)}.”"
            answered = answered + also[4][:also[0]]  # what it covers, not every phrase it shares a word with
        left = [phrase for phrase, _ in topics if phrase not in answered and _speakable(phrase)]
        rest = (f" It doesn't say anything about {_listed(left[:3])}; the hiring team can tell you more."
                if left else "" if brief else " The hiring team can tell you how that works in practice.")
        return f"Good question. {quote}{rest}"
    if _ABOUT_THE_WORK_RE.search(question) and (not topics or _WHICH_KIND_RE.search(question)):
        summary = _work_summary(sources, "week" if re.search(r"\bweek", question, re.IGNORECASE) else
                                "day" if re.search(r"\bday", question, re.IGNORECASE) else "")
        if summary:
            return summary
    where = _where_it_is(question, sources, brief)
    if where:
        return where
    labels = [label for label, text in sources if (text or "").strip()]
    if not labels:
        return ("Good question. I don't have that in the job description or my notes, so I'd rather not guess; "
                "it's a good one to ask the hiring team.")
    said = (f"{labels[0][0].upper() + labels[0][1:]} doesn't" if len(labels) == 1 else
            f"{labels[0][0].upper() + labels[0][1:]} and {' and '.join(labels[1:])} don't")
    # What the question asks first, when the posting never names it, is what it doesn't say ("overtime").
    nameable = ([absent] if absent else []) + [p for p, _ in topics if _speakable(p) and p != absent]
    if nameable:
        return (f"Good question. {said} say anything about {_listed(nameable[:3])}, so I'd rather not guess; that's "
                "a good one for the hiring team.")
    if topics:
        return f"Good question. {said} go into that, so I'd rather not guess; that's a good one for the hiring team."
    return ("Good question. I don't have that in the job description or my notes, so I'd rather not guess; "
            "it's a good one to ask the hiring team.")


# What a candidate commonly asks, said back as a person would when the posting is silent on it ("who the role
# reports to", not "anything about report").
# Each: how it is asked, how it is said back when the posting is silent ("" keeps the question's own words), and
# what a sentence of the posting must say to answer it.
_NAMED_ASKS: tuple[tuple[re.Pattern[str], str, re.Pattern[str]], ...] = (
    (re.compile(r"\breport(?:s|ing)? (?:in)?to\b|\b(?:my|the|your) (?:direct |line )?(?:manager|boss|supervisor)\b|"
                r"\bwho (?:would|will|do|does) (?:i|this role|the role) (?:work for|be working for)\b", re.I),
     "who the role reports to", re.compile(r"\breport(?:s|ing)? (?:directly )?(?:in)?to\b|\bled by\b", re.I)),
    (re.compile(r"\bhow (?:big|large|many people)\b[^?]*\bteam\b|\bteam(?:'s)? size\b|\bsize of the team\b", re.I),
     "how big the team is", re.compile(r"\bteam of (?:\d|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                                      r"(?:about|around|over|under|fewer than|more than) \d|a (?:few|handful|dozen))|"
                                      r"\bteam\s*\((?:under|over|about|around)?\s*\d|"
                                      r"\b\d+[-\s]+(?:person|people|member|strong)\s+team\b|"
                                      r"\b(?:small|large|growing|tight-knit) team\b|\bteam\b[^.;]{0,30}\b\d+\s+(?:people|members)\b", re.I)),
    (re.compile(r"\bnext steps?\b|\b(?:interview|hiring|recruiting) process\b|\bhear back\b", re.I),
     "what the next steps are", re.compile(r"\binterview (?:process|stages?|rounds?|loop)\b|\b(?:\w+\s+)?interviews? with\b|"
                                          r"\b(?:hiring|recruiting|application|selection) process\b|\bnext steps?\b|"
                                          r"\bwe(?:['’]ll| will) (?:be in touch|contact you|reach out)\b", re.I)),
)


def _named_answer(what: str, where: re.Pattern[str], sources: list[tuple[str, str]], brief: bool,
                  others: Sequence[tuple[str, frozenset[str]]] = ()) -> str:
    """A common ask answered from the sentence that answers it (or, in a long one, its clause: "you'll be working
    in a small team (under 10)"), or said back as a person would ("The job description doesn't say who the role
    reports to"); "" when `what` is "" and no sentence answers it. `others`: what else the question asks, named
    when the sentence does not cover it."""
    for label, text in sources:
        for sentence in _sentences(text):
            if not where.search(sentence) or (len(sentence.split()) < 4 and not re.search(r"\d", sentence)):
                continue  # a heading ("Salary and Benefits") answers nothing
            if len(sentence) > 200:  # longer than is said: its clause that answers
                clauses = re.split(r"[,;]\s+|\s[-–—]\s", sentence)
                sentence = next((c.strip() for c in clauses if where.search(c)), "")
            spoken = safe_phrase(sentence, 200)
            if spoken:
                left = [p for p, w in others if not _covered(w, word_stems(spoken))]
                rest = (f" It doesn't say anything about {_listed(left[:3])}; the hiring team can tell you more."
                        if left else "" if brief else " The hiring team can tell you how that works in practice.")
                quote = cap(spoken[0].upper() + spoken[1:], 200)
                return f"Good question. {label[0].upper() + label[1:]} says: “{quote}.”{rest}"
    labels = [label for label, text in sources if (text or "").strip()]
    if not what or not labels:
        return ""
    said = (f"{labels[0][0].upper() + labels[0][1:]} doesn't" if len(labels) == 1 else
            f"{labels[0][0].upper() + labels[0][1:]} and {' and '.join(labels[1:])} don't")
    also = f" or anything about {_listed([p for p, _ in others][:3])}" if others else ""
    return f"Good question. {said} say {what}{also}; that's a good one to ask the hiring team."
# "Is this role remote?", "Where is the job based?": the posting's location answers it when it has one.
_WHERE_RE = re.compile(r"\bremote(?:ly)?\b|\bhybrid\b|\bwork from home\b|\bon-?site\b|\bin the office\b|"
                       r"\bwhere (?:is|would|will)\b[^?]*\b(?:based|located|work|working)\b", re.I)


def _where_it_is(question: str, sources: list[tuple[str, str]], brief: bool = False) -> str:
    """The posting's location said back ("The job description says the role is remote."), or ""."""
    if not _WHERE_RE.search(question):
        return ""
    for label, text in sources:
        location = extract_job_requirements(text).location if label == "the job description" and text else None
        if not location or not safe_phrase(location, 60):
            continue
        source = label[0].upper() + label[1:]
        if location.lower().startswith("remote"):
            extra = location[6:].strip(" ,-–—()") if len(location) > 6 else ""
            said = f"the role is remote ({extra})" if extra else "the role is remote"
        else:
            said = f"the role is based in {location}"
        rest = "" if brief else " The hiring team can tell you how that works in practice."
        return f"Good question. {source} says {said}.{rest}"
    return ""


def _speakable(phrase: str) -> bool:
    """Whether a topic reads as a thing when said back: "the night shift", "SRE", "a preceptor program",
    "scheduling"; not a lone word out of the question ("report", "manager", "big")."""
    words_ = phrase.split()
    return (words_[0] in ("the", "a", "an") or any(w.isupper() for w in words_) or len(words_) >= 2
            or phrase.endswith("ing") or "-" in phrase)


# "What does a typical week look like?", "What would I be doing day to day?", "What does the role involve?"
_ABOUT_THE_WORK_RE = re.compile(
    r"\b(?:typical (?:day|week|month)|day[- ]to[- ]day|(?:day|week)s? look like|what (?:would|will|do|does) "
    r"(?:i|you|they|the \w+|\w+s) (?:be )?(?:doing|do|work on)\b|(?:role|job|position|work) (?:involve|entail)|"
    r"responsibilit|duties|spend (?:most of )?(?:their|my|your|the) (?:time|days?|week)|"
    r"(?:role|job|position|work) (?:(?:be|is) )?(?:more|mostly)\b)", re.IGNORECASE)
# "Would the role be more product management or more marketing?": which kind of work it is, whatever the kinds.
_WHICH_KIND_RE = re.compile(r"\b(?:role|job|position|work)\b[^?]*\b(?:more|mostly)\b[^?]*\bor\b", re.IGNORECASE)
# A posting's headings for what the job is: its summary, then its responsibilities.
_SUMMARY_HEADING_RE = re.compile(
    r"^(?:about (?:the|this) (?:position|role|job)|(?:the|your) (?:role|position|job)|(?:role|position|job) "
    r"(?:summary|overview|description)|overview|what you(?:'|’)?ll do|what you will do)$", re.IGNORECASE)
_DUTIES_HEADING_RE = re.compile(
    r"^(?:(?:job |key |main |your |core )?(?:responsibilities|duties)|what you(?:'|’)?ll (?:do|be doing)|"
    r"what you will (?:do|be doing)|in this role,? you will)$", re.IGNORECASE)
# "The Clinician Onboarding Advisor works …", "This role is …", "You will be …": said to the candidate.
_THIRD_PERSON_RE = re.compile(r"^(?:(?:[Tt]he|[Tt]his|[Oo]ur)\s+(?:[A-Z][\w-]*\s+){1,5}|(?:[Tt]he|[Tt]his) (?:role|position|person)\s+)"
                              r"(is|has|does|[a-z]+s)\b\s+(.*)$")
_SECOND_PERSON_RE = re.compile(r"^(?:in this role,?\s+)?you(?: will|'ll|’ll)\s+(.*)$", re.IGNORECASE)
_BASE_FORMS = {"is": "be", "has": "have", "does": "do"}


def _sections(text: str) -> list[tuple[str, list[str]]]:
    """A posting's headed sections: (heading, its lines), a heading being a "## …" line or a short line
    ending in ":" on its own."""
    out: list[tuple[str, list[str]]] = []
    for raw in (text or "").splitlines():
        line = raw.strip()
        heading = re.match(r"^#{1,6}\s*(.+?)\s*:?$", line) or re.match(r"^([A-Z][^.!?]{2,40}):$", line)
        if heading:
            out.append((heading.group(1).strip(" *_"), []))
        elif line and out:
            out[-1][1].append(line)
    return out


def _to_you(sentence: str) -> str:
    """A posting's sentence about the person in the job, said to the candidate ("you'd work …"), or ""."""
    found = _THIRD_PERSON_RE.match(sentence)
    if found:
        verb, rest = found.group(1), found.group(2)
        if verb in _BASE_FORMS:
            base = _BASE_FORMS[verb]
        elif re.search(r"(?:ss|ch|sh|x|z)es$", verb):
            base = verb[:-2]
        elif verb.endswith("ies"):
            base = verb[:-3] + "y"
        else:
            base = verb[:-1]
        return f"you'd {base} {rest}"
    found = _SECOND_PERSON_RE.match(sentence)
    return f"you'd {found.group(1)}" if found else ""


def _doing(duty: str) -> str:
    """A responsibility's first clause as something done ("Act as the main contact and …" -> "acting as the
    main contact"; "Collaborate with our product and design teams to define…" -> "collaborating with our product and
    design teams"), or ""."""
    clause = re.split(r"[.;:!?]\s|,\s", duty.strip(" -*•+"), maxsplit=1)[0].strip(" .!?")
    # The first of two things done ("Act as the main contact and hand them on…"), not half of one thing ("with our
    # product and design teams"), nor a purpose tacked on ("… teams to define feature specifications").
    two = next((m for m in re.finditer(r"\s+and\s+\w+\s+(\w+)", clause)
                if not re.fullmatch(r"\w*[^s]s", m.group(1))), None)
    clause = clause[:two.start()] if two else clause
    if len(clause.split()) > 12:
        clause = re.split(r"\s+to\s+", clause, maxsplit=1)[0]
    tokens = clause.split()
    if not 3 <= len(tokens) <= 12 or not tokens[0].isalpha():
        return ""
    verb = tokens[0].lower()
    if verb.endswith("ie"):
        verb = verb[:-2] + "ying"
    elif verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        verb = verb[:-1] + "ing"
    elif re.search(r"[^aeiou][aeiou][bdgmnpt]$", verb) and len(verb) <= 4:
        verb = verb + verb[-1] + "ing"
    else:
        verb = verb + "ing"
    return " ".join([verb, *tokens[1:]])


def _work_summary(sources: list[tuple[str, str]], span: str = "") -> str:
    """What the job involves, from the posting's summary of the position and its responsibilities, in the
    interviewer's words and naming the source; "" when the posting has neither."""
    rest = f" The hiring team can tell you how a {span} actually goes." if span else \
        " The hiring team can tell you how it works in practice."
    for label, text in sources:
        sections = _sections(text)
        summary = next((_to_you(s) for h, lines in sections if _SUMMARY_HEADING_RE.match(h)
                        for s in _sentences(" ".join(lines))[:2] if _to_you(s)), "")
        listed = [line for h, lines in sections if _DUTIES_HEADING_RE.match(h)
                  for line in lines if line.startswith(("-", "*", "•", "+"))]
        if not listed and label == "the job description":
            # Headed in its own way ("Your Role and Responsibilities", no "##" nor ":"): as the setup page read it.
            listed = extract_job_requirements(text).responsibilities
        duties = [d for d in (_doing(line) for line in listed) if d and safe_phrase(d, 90)]
        spoken = safe_phrase(summary, 230) if summary else ""
        source = label[0].upper() + label[1:]
        if spoken:
            also = f" It also lists {duties[0]}." if duties else ""
            return f"Good question. From {label}: {spoken}.{also}{rest}"
        if duties:
            return (f"Good question. {source} lists {_listed(duties[:2]).replace(' or ', ' and ')} among the "
                    f"responsibilities.{rest}")
    return ""


# Words a posting uses in their plain sense ("our warehouse management system", "the first of the month after
# hire", "nursing assistants") that the guard against instructions in a document also watches for.
_PLAIN_WORDS_RE = re.compile(r"\b(?:systems?|hire|hired|assistants?)\b|\byou are (?=applying|based|expected|responsible|able)",
                             re.IGNORECASE)


def _quotable(sentence: str) -> str:
    """A posting's sentence as it can be said, or "" when it reads like an instruction to the interviewer."""
    if strip_instructions(sentence).strip() != sentence.strip():
        return ""
    plain = _PLAIN_WORDS_RE.sub("item", sentence)
    return sentence.strip(" .;:,-") if safe_phrase(plain, 200) else ""


_BULLETS = ("-", "*", "•", "+")


def _headed_sentences(text: str) -> list[tuple[str, str]]:
    """The posting's sentences, each with the heading of the section it sits under ("" before the first): a
    "## …" line, a short line ending in ":" or in bold, a section's plain name on its own line, or the label of a
    line ("Physical demands: …")."""
    out: list[tuple[str, str]] = []
    heading = ""
    for raw in (text or "").splitlines():
        line = raw.strip()
        marked = re.match(r"^#{1,6}\s*(.+?)\s*:?$", line) or re.match(r"^\*\*([^*]{2,60})\*\*:?$", line) or \
            re.match(r"^([A-Z][^.!?:]{2,50}):$", line)
        if marked:
            heading = marked.group(1)
            continue
        # A job board's plain heading on a line of its own ("About us", "Responsibilities", "Benefits"), as the
        # setup page reads it.
        section = _jd_section(line) if len(line.split()) <= 6 and not line.startswith(_BULLETS) else None
        if section is not None and not section[1]:
            heading = line.rstrip(" :")
            continue
        label = re.match(r"^([A-Z][\w ,&/-]{2,30}):\s+\S", line)
        for sentence in _sentences(line):
            out.append((label.group(1) if label else heading, sentence))
    return out


def _terms_answer(question: str, sources: list[tuple[str, str]], brief: bool) -> str:
    """A question about the job's terms (the pay, the hours, the holiday, training, a licence …) answered from the
    sentences that say them (or the section headed for them), the one sharing most of the question's words first;
    what no sentence says is named as not said. "" when it asks about no such term, or about one only another
    reading answers (working from home: the place)."""
    question = _ASK_LEAD_IN_RE.sub("", question)
    # What is asked, not what they said around it ("… The title says growth marketing.").
    question = " ".join(s for s in re.split(r"(?<=[.!?])\s+", question.strip()) if s.endswith("?")) or question
    found = terms_asked(_401K_RE.sub("401k", question))
    if not found:
        return ""
    asked = [term for term, _ in found]
    # Said back in the question's own words where they read as a thing ("the salary", "lifting", "overtime").
    own = {p: w for p, w in question_topics(question, sources) if _speakable(p)}
    names = {term: next((p for p, w in own.items() if w & word_stems(words)), term.name) for term, words in found}
    wanted = word_stems(_ABOUT_THEMSELVES_RE.sub(" ", question)) - _GENERIC_QUESTION_WORDS
    labels = [label for label, text in sources if (text or "").strip()]
    where = "" if all(term.settled_by_silence for term in asked) else _where_it_is(question, sources, brief)
    if "the role is remote" in where:  # the posting's location says it ("Remote, 5+ years")
        return where
    for label, text in sources:
        _, body = front_matter(text or "")  # the fields above a posting are read by the setup page, not quoted
        # A sentence, not a slug ("patient-success-advisor-remote") nor a link.
        headed = [(heading, sentence) for heading, sentence in _headed_sentences(body)
                  if 12 <= len(sentence) <= 240 and "http" not in sentence and " " in sentence.strip()]
        quotes: list[str] = []
        silent: list[Term] = []
        for term in asked:
            said = _said_of(term, headed, wanted)
            if not said:
                silent.append(term)
                continue
            quotes += [q for q in said[: 2 if len(asked) == 1 else 1] if q not in quotes]
        if not quotes:
            continue
        source = label[0].upper() + label[1:]
        quote = " It also says: ".join(f"“{cap(q[0].upper() + q[1:], 200)}.”" for q in quotes[:3])
        left = [names[term] for term in silent]
        rest = (f" It doesn't say anything about {_listed(left[:3])}; the hiring team can tell you more." if left
                else "" if brief else " The hiring team can tell you how that works in practice.")
        return f"Good question. {source} says: {quote}{rest}"
    if not labels:
        return ""
    if not all(term.settled_by_silence for term in asked):
        return where
    said_by = (f"{labels[0][0].upper() + labels[0][1:]} doesn't" if len(labels) == 1 else
               f"{labels[0][0].upper() + labels[0][1:]} and {' and '.join(labels[1:])} don't")
    return (f"Good question. {said_by} say anything about {_listed([names[t] for t in asked][:3])}, so I'd rather not "
            "guess; that's a good one for the hiring team.")


def _said_of(term: Term, headed: list[tuple[str, str]], wanted: set[str]) -> list[str]:
    """The sentences that answer `term`, best first: those saying it before those only under its heading, then
    those sharing more of the question's words; the second only when it sits in the first one's section."""
    found: list[tuple[bool, bool, int, int, str, str]] = []
    for order, (heading, sentence) in enumerate(headed):
        by_words, placed, elsewhere = answered_by(term, heading, sentence)
        if by_words or (placed and len(sentence.split()) >= 3):
            shared = len(wanted & (word_stems(sentence) | word_stems(heading)))
            found.append((not by_words or elsewhere, not placed, -shared, order, heading, sentence))
    said = [(f, spoken) for f, spoken in ((f, _quotable(f[5])) for f in sorted(found)) if spoken]
    if not said:
        return []
    best = said[0][0]
    also = [spoken for f, spoken in said[1:] if best[4] and f[4] == best[4] and f[0] == best[0]]
    return [said[0][1], *also[:1]]
