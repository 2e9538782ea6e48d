"""Listening: what an answer contains, so the next line is about what the candidate actually said.

`read_answer(text, known_terms)` returns a `Reading`: whether it is a story (a particular time, with
their own actions) or a non-answer, the specifics it names (systems, numbers, people, outcomes),
what is missing (their own part, the result, the why), and the things it mentions that a follow-up
can name ("the diff job", "Loki"). Everything is read from the candidate's words with plain rules:
no model, the same reading every time.

Numbers are kept whole as said ("1,200", "from 2 hours to 20 minutes"); a share of time ("60% of my
time") is not a result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent_worker.core.answers.offtopic import small_talk_sentences
from agent_worker.core.facts.skills import find_term, is_known_skill
from agent_worker.core.reading.answer import read
from agent_worker.core.reading.lexicon import ACTION_RE, MINE_RE, RESULT_RE, VAGUE_RE, WHY_RE
from agent_worker.core.reading.story import from_first_step, has_result, joined_to_i, tells_a_story
from agent_worker.core.text import words

__all__ = ["NUMBER", "Reading", "named_kind", "numbers_in",
           "read_answer", "result_phrase"]

# A number as people write it: "1,200", "3.5", "40" (never "1" out of "1,200").
NUMBER = r"(?<![\d,.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])|(?<![\d,.])\d+(?:\.\d+)?(?![\d,]*\d)"
_NUMBER_RE = re.compile(NUMBER)
_UNIT = (r"(?:\s?(?:%|percent|x\b|ms\b|milliseconds?|seconds?|minutes?|hours?|days?|weeks?|months?|years?|"
         r"k\b|m\b|million|billion|users?|customers?|people|engineers?|services?|requests?|times|dollars|"
         r"euros|pounds|pages|alerts|incidents|deploys|tickets|nodes|patients|a (?:day|week|month|year)))*")
_AMOUNT = rf"(?:[$€£]\s?)?(?:{NUMBER}){_UNIT}"
_FROM_TO_RE = re.compile(
    rf"\bfrom (?:about |around |roughly |over |nearly |almost )?{_AMOUNT} (?:down |up )?to "
    rf"(?:about |around |under |below |over |nearly |less than |just )?{_AMOUNT}", re.IGNORECASE)
_BY_RE = re.compile(
    rf"\b(?:reduc\w*|cut\w*|improv\w*|increas\w*|sav\w*|drop\w*|grew|grow\w*|halv\w*|doubl\w*|lower\w*|"
    rf"rais\w*|shrank|speed\w* up|sped up|fell|decreas\w*)\b[^.;:!?]{{0,40}}?\bby (?:about |around |over |nearly )?"
    rf"{_AMOUNT}", re.IGNORECASE)
# An amount saved, won back or brought in is an outcome without "by" ("which saved us about 2,300 dollars a
# year", "freed up 10 hours a week", "brought in $40k").
_GAINED_RE = re.compile(
    rf"\b(?:sav(?:ed|ing|es)|recover(?:ed|ing|s)|brought in|generat(?:ed|ing|es)|freed up|won back|won)\b"
    rf"[^.;:!?]{{0,25}}?(?:about |around |over |nearly |almost |more than |roughly )?"
    rf"(?:[$€£]\s?(?:{NUMBER})(?:\s?(?:k|m|million|billion)\b)?|(?:{NUMBER})\s?(?:k|m|million|billion)?\s?"
    rf"(?:dollars|euros|pounds|hours?|days?|weeks?|minutes?|customers?|clients?|accounts?))"
    rf"(?:\s(?:a|per|each|every)\s(?:day|week|month|year|quarter))?", re.IGNORECASE)
# A share of someone's time or a team's make-up is not an outcome ("60% backend, 40% frontend").
_SPLIT_RE = re.compile(r"\b(?:of my time|of our time|of the time|split|spend|spent|half my|"
                       r"\d+\s?%\s*(?:/|and)\s*\d+\s?%)", re.IGNORECASE)

_PERSON_RE = re.compile(
    r"\b(?:my (?:manager|lead|boss|colleague|teammate|team lead|director|client|customer|mentor|mentee)|"
    r"the (?:customer|client|product manager|pm|cto|ceo|designer|nurse|doctor|patient|lead)|"
    r"stakeholders?|team leads?|engineers|users)\b", re.IGNORECASE)

# Nouns too general to name back to someone ("You mentioned the project ...").
_GENERIC_NOUNS = {
    "project", "projects", "thing", "things", "stuff", "work", "job", "team", "company", "time", "way", "lot",
    "bit", "one", "part", "role", "problem", "issue", "issues", "something", "anything", "everything", "people",
    "day", "week", "year", "month", "place", "idea", "point", "question", "answer", "example", "situation",
    "task", "goal", "result", "end", "servers", "server", "system", "systems", "code", "product", "process",
    "changes", "change", "help", "same", "other", "first", "last", "new", "old", "whole", "ending", "beginning",
    "start", "middle", "rest", "format", "feedback",
}
_STOP_AFTER = {"in", "on", "at", "for", "with", "that", "which", "who", "to", "from", "by", "of", "and", "but",
               "so", "because", "when", "while", "into", "across", "over", "after", "before", "it", "as", "then",
               "we", "i", "they", "was", "were", "is", "are", "had", "has", "the", "a", "an", "first", "last",
               "again", "too", "also", "later", "early", "earlier", "quickly", "myself", "ourselves", "together",
               "alone", "instead", "there", "here", "now", "today", "yesterday", "itself", "within", "without",
               "back", "up", "down", "out", "twice", "once", "until", "since", "during"}
_PHRASE_RE = re.compile(
    r"\bI\s+(?:\w+\s+){0,1}?(?:introduced|built|wrote|designed|created|set up|added|ran|led|migrated|"
    r"automated|launched|shipped|replaced|rewrote|proposed|started|moved|made|used|chose|implemented|run|"
    r"own|lead|manage|maintain|build|look after|switched to|moved to|found|recovered|caught|fixed|organised|"
    r"organized|created|negotiated|trained|redesigned|added|opened|assigned|re-assigned|reassigned)\s+"
    r"(?:a|an|the|our|my|some)\s+((?:[\w/+#.-]+\s+){0,3}[\w/+#.-]+)", re.IGNORECASE)
# The pronoun is never part of a name ("At Harrison I handled AP" names Harrison).
_CAPITALISED_RE = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-zA-Z0-9+#]*(?:[- ](?!I\b)[A-Z][a-zA-Z0-9+#]*){0,2})\b")
# A sentence's first word, capitalised, right before a name: "Reserved" before "Instance".
_SENTENCE_OPENER_RE = re.compile(r"(?:^|[.!?]\s+)([A-Z][a-zA-Z0-9+#]*)[- ]$")
# Words that open a sentence before a name without being part of it ("Honestly Terraform was …", "This Kafka …"),
# besides _NOT_NAMES and words in -ly.
_OPENING_WORDS = {"This", "That", "These", "Those", "There", "Here", "Now", "Today", "Yesterday", "Later", "Since",
                  "Because", "If", "While", "With", "For", "From", "To", "Of", "By", "As", "Once", "Every", "Each",
                  "Some", "All", "Both", "His", "Her", "Their", "Its", "Your", "They", "He", "She", "You", "Also",
                  "Still", "Even", "Only", "Just", "Next", "First", "Afterwards", "Sometimes", "Well", "Like", "Using",
                  "Our", "A", "An", "Any", "Most", "Many", "Two", "Three"}
_NOT_NAMES = {"I", "I'm", "I've", "I'd", "I'll", "OK", "Okay", "Yes", "No", "So", "And", "But", "The", "We",
              "My", "Our", "It", "In", "At", "On", "Then", "When", "After", "Before", "Last", "Another", "One",
              "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "US", "USA", "UK", "EU", "January", "February", "March", "April",
              "May", "June", "July", "August", "September", "October", "November", "December", "What", "How",
              "Dr", "Mr", "Mrs", "Ms", "Prof", "Hi", "Hello", "Hey", "University", "College", "School"}


@dataclass(frozen=True)
class Reading:
    """What one answer contains."""

    word_count: int
    non_answer: bool
    story: bool
    own_part: bool
    result: bool
    why: bool
    vague: bool
    numbers: tuple[str, ...] = ()
    # measured outcomes, as the report reads them (its result clauses): "Timeouts dropped from about 40 a night to zero"
    results: tuple[str, ...] = ()
    result_said: str = ""  # one of them as the interviewer can say it back: "from 2 hours to 20 minutes"
    people: bool = False
    anchors: tuple[str, ...] = field(default_factory=tuple)  # things named, to be named back
    made: tuple[str, ...] = field(default_factory=tuple)  # of those, what they did or chose ("the diff job", "Loki")
    outcome: str = ""  # the outcome in their words, said back: "You got the money back within two weeks"

    @property
    def substantive(self) -> bool:
        """An answer that gives the interviewer something to work with."""
        return not self.non_answer and (self.word_count >= 25 or (self.word_count >= 12 and bool(
            self.anchors or self.own_part or self.results)))

    @property
    def hollow(self) -> bool:
        """Long but vague, with nothing to hold on to: no number, nothing named ("communication is really key…, a
        lot of meetings, a lot of alignment…, everyone was happy with the result"). Nothing to thank for."""
        return self.vague and not (self.numbers or self.anchors or self.results)

    @property
    def strong(self) -> bool:
        return self.story and self.own_part and (self.result or self.why) and self.word_count >= 30

    @property
    def missing(self) -> list[str]:
        """What to ask for next about this answer, most important first."""
        if self.non_answer:
            return ["example"]
        gaps = []
        if not self.story:
            gaps.append("example")
        if not self.own_part:
            gaps.append("own_part")
        if not self.result:
            gaps.append("result")
        if not self.why:
            gaps.append("why")
        return gaps


def numbers_in(text: str) -> list[str]:
    """Every number in a text, whole as written ("1,200", "3.5")."""
    return _NUMBER_RE.findall(text)


def result_phrase(text: str) -> str:
    """A measured outcome the text states, whole ("from 4 a month to under 1"); "" if none."""
    for clause in re.split(r"(?<=[.;!?])\s+", text):
        if _SPLIT_RE.search(clause):
            continue
        found = _FROM_TO_RE.search(clause) or _BY_RE.search(clause) or _GAINED_RE.search(clause)
        if found:
            phrase = found.group(0).strip()
            if found.re is _BY_RE:
                phrase = "by " + phrase.split(" by ", 1)[1]
            return phrase
    return ""


_YOURS = {"i": "you", "we": "you", "our": "your", "my": "your", "me": "you", "us": "you", "ours": "yours",
          "mine": "yours", "myself": "yourself", "ourselves": "yourselves", "i'm": "you're", "we're": "you're"}


# What someone saw or was told is how a story starts, not what changed ("I saw the errors within minutes").
_NOTICED_RE = re.compile(r"^(?:I|we)\s+(?:\w+\s+)?(?:saw|noticed|spotted|heard|found out|got (?:paged|called|"
                         r"alerted|a call)|was (?:paged|called|alerted)|were (?:paged|called|alerted))\b", re.IGNORECASE)


# What someone wanted is an aim, not what came of it ("The shift manager wanted to skip the checks to hit the target").
_AIM_RE = re.compile(r"\b(?:wanted|wants|needed|tried|trying|hoped|planned|aimed|in order)\s+(?:\w+\s+){0,2}?to\b",
                     re.IGNORECASE)


_A_WORD_RE = re.compile(r"[^\W\d_]{2}")


def outcome_clause(text: str) -> str:
    """The clause that gives the outcome, turned to "you" ("Every patient was seen within your 30 minute
    target", "You got the money back within two weeks"); "" if none short enough to say back. Outcomes come
    last, so the last sentence that has one is used; a "so ..." clause is what followed from the rest. A clause
    that measures the change ("which saved us about 2,300 dollars a year") comes before one that only names it
    ("showed our main vendor the cheaper quote")."""
    # pieces with no word in them (". . .") hold no outcome: skipped, so an answer of them costs nothing here
    sentences = [s for s in reversed(re.split(r"(?<=[.;!?])\s+", text)) if _A_WORD_RE.search(s)]
    for sentence in sentences:
        for clause in re.split(r",\s+|\s+and\s+", sentence.strip(" .;!?")):
            gained = re.match(r"(?:which|that|this|it)\s+(.*)$", clause, re.IGNORECASE)
            if gained and result_phrase(clause) and len(clause.split()) <= 14:
                spoken = " ".join(_YOURS.get(w.lower(), w) for w in gained.group(1).split())
                return f"That {spoken}"
    for sentence in sentences:
        has_i = bool(re.search(r"\bI\b", sentence))
        clauses = re.split(r",\s+(?:and\s+|so\s+)?|\s+and\s+|\s+but\s+|\s+so\s+(?=we|I|it|they|the)",
                           sentence.strip(" .;!?"))
        for i, clause in enumerate(clauses):
            tokens = clause.split()
            if not RESULT_RE.search(clause) or _SPLIT_RE.search(clause) or not 3 <= len(tokens) <= 14:
                continue
            if _NOTICED_RE.search(clause) or _AIM_RE.search(clause):
                continue
            if tokens[0] in ("I", "we", "We"):
                tokens = ["You", *tokens[1:]]
            elif tokens[0][:1].islower():
                # "got the money back" after "I traced it": their own action; otherwise no subject to say
                if not (i and has_i and re.match(r"\w+(?:ed|ot|ut|on|ew|ade|ook)$", tokens[0])):
                    continue
                tokens = ["You", *tokens]
            spoken = " ".join(_YOURS.get(w.lower(), w) for w in tokens)
            return spoken[0].upper() + spoken[1:]
    return ""


# What they chose against ("I picked Argo CD over Flux", "instead of a rewrite") is not theirs to be asked about.
_TURNED_DOWN_RE = re.compile(
    r"(?:\b(?:chose|picked|went with|preferred|selected|took|recommended|proposed)\b[^.;!?]{1,40}?\bover|"
    r"\binstead of|\brather than|\bdecided against|\bruled out|\brejected)\s+"
    r"([^.;!?,]{1,40}?)(?=\s+(?:because|since|as|for|so|which|and|but|when|after)\b|[.;!?,]|$)", re.IGNORECASE)


# A name that is not something they worked on or with: where someone came from or lives, a relative's story,
# a person, or the company they are talking to ("Your mission …", "from the Philippines", "Dr. Patel").
_PLACE_BEFORE_RE = re.compile(r"\b(?:from|out of)\s+(?:the\s+)?$", re.IGNORECASE)
_WORKPLACE_IN_RE = re.compile(r"(?:\bat\s+(?:the\s+)?[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*)*|\b(?:an?|the|our|my)\s+"
                              r"(?:[\w-]+\s+)?(?:clinic|hospital|office|firm|practice|branch|store|shop|school|"
                              r"company|agency|bank|restaurant|warehouse|plant|lab|team|startup))\s+(?:in|near)\s+$")
_MOVE_BEFORE_RE = re.compile(r"\b(?:in|to|into|across|around|near|back to)\s+(?:the\s+)?$", re.IGNORECASE)
_LIFE_RE = re.compile(r"\b(?:came|come|comes|coming|moved here|born|gr[eo]w(?:n)? up|immigrat\w*|emigrat\w*|"
                      r"relocat\w*|lives?|lived|living|raised|visit\w*|holiday|vacation|weekends?|hik(?:e|es|ed|ing)|"
                      r"trails?|trips?|camping)\b", re.IGNORECASE)
_RELATIVE_RE = re.compile(r"\bmy (?:mother|mom|mum|father|dad|parents?|sister|brother|wife|husband|partner|son|"
                          r"daughter|kids|children|family|grand(?:mother|father|ma|pa|parents)|aunt|uncle|cousin|"
                          r"friend)\b", re.IGNORECASE)
_PERSON_BEFORE_RE = re.compile(r"(?:\b(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?|\b(?:manager|boss|colleague|lead|mentor|director|"
                               r"client|customer|patient|teammate|co-?worker|friend|CEO|CTO),?)\s+$")
_PERSON_AFTER_RE = re.compile(r"^,?\s+(?:said|told|asked|says|thinks|thought|wanted|called|emailed|suggested)\b")


# Languages someone speaks are not a place they worked or a thing they worked on ("You mentioned Spanish. What's
# the most interesting problem you've worked on there?").
LANGUAGES = frozenset({
    "english", "spanish", "french", "german", "italian", "portuguese", "dutch", "polish", "russian", "ukrainian",
    "arabic", "hebrew", "turkish", "persian", "farsi", "hindi", "urdu", "bengali", "punjabi", "tamil", "telugu",
    "marathi", "gujarati", "mandarin", "cantonese", "chinese", "japanese", "korean", "vietnamese", "thai",
    "indonesian", "malay", "tagalog", "filipino", "swahili", "greek", "swedish", "norwegian", "danish", "finnish",
    "czech", "hungarian", "romanian", "asl", "sign language",
})


# What someone is, not what they work on or with ("You mentioned bilingual."): a resume's skills list has them.
TRAITS = frozenset({"bilingual", "multilingual", "trilingual", "fluent", "detail-oriented", "detail oriented",
                    "organized", "organised", "motivated", "self-motivated", "creative", "proactive", "reliable",
                    "analytical", "hard-working", "hardworking", "team player", "punctual", "flexible"})


def _not_theirs(text: str, start: int, name: str, not_theirs: list[str]) -> bool:
    """Whether a capitalised name at `start` is a place, a person, a relative's story or the company itself."""
    sentence_start = max(text.rfind(". ", 0, start), text.rfind("? ", 0, start), text.rfind("! ", 0, start)) + 1
    before = text[sentence_start:start]
    sentence = text[sentence_start:start + len(name) + 200].split(". ")[0]
    lowered = name.lower()
    return (any(lowered == o.lower() or lowered.split()[0] == o.lower().split()[0] for o in not_theirs if o)
            or bool(re.search(r"\byour\s+$", before, re.IGNORECASE))
            # their own name ("Hi, I'm Leo"), and the town in a school's name ("University of La Verne")
            or bool(re.search(r"(?:\bI['’]m|\bI am|\bmy name is|\bname['’]s|\bthis is)\s+$", before, re.IGNORECASE))
            or bool(re.search(r"\b(?:university|college|school|institute|academy)\s+of\s+(?:the\s+)?$", before, re.IGNORECASE))
            or bool(_PLACE_BEFORE_RE.search(before))
            # "at Gilmore Financial in New Orleans", "a clinic in Austin": where the work was, not the work
            or bool(_WORKPLACE_IN_RE.search(before))
            or bool(_MOVE_BEFORE_RE.search(before) and _LIFE_RE.search(sentence))
            or bool(_RELATIVE_RE.search(before))
            or bool(_PERSON_BEFORE_RE.search(before))
            or bool(_PERSON_AFTER_RE.match(text[start + len(name):])))


_FOUND_RE = re.compile(r"I\s+(?:\w+\s+)?(?:found|caught|noticed|spotted|saw|discovered)\b", re.IGNORECASE)
_EXAMPLES_RE = re.compile(r"(?:\b(?:including|such as|e\.g\.|for example|for instance)|,\s*like)\s+[^.;!?]*", re.IGNORECASE)


def _anchors(text: str, known_terms: list[str], not_theirs: list[str] | None = None) -> list[tuple[int, str]]:
    found: list[tuple[int, int, str]] = []  # (rank, position, phrase)
    left_behind = {m.group(1).lower() for m in re.finditer(r"\bfrom ([\w/+#.-]+) to\b", text)}
    turned_down = " ".join(m.group(1).lower() for m in _TURNED_DOWN_RE.finditer(text))
    for term in known_terms:
        match = find_term(term, text) if term else None
        if match:
            found.append((1, match.start(), match.group(0)))
    for match in [*_PHRASE_RE.finditer(text), *joined_to_i(text)]:
        tokens: list[str] = []
        for token in match.group(1).split():
            if token.lower().strip(".,;:!?") in _STOP_AFTER:
                break
            if token.lower() != "own" or tokens:  # "my own service" is "the service"
                tokens.append(token.strip(".,;:!?"))
        tokens = [t for t in tokens if t]
        if tokens and not all(t.lower() in _GENERIC_NOUNS for t in tokens):
            # What they found or caught ("I found the aging report double counted …") is named back, never asked
            # about as their choice ("Why did you go with the aging report?").
            rank = 4 if _FOUND_RE.match(match.group(0)) else 0 if len(tokens) > 1 else 3
            found.append((rank, match.start(1), "the " + " ".join(tokens)))
    for match in _CAPITALISED_RE.finditer(text):
        name = match.group(1)
        if name.split()[0] in _NOT_NAMES or len(name) < 2 or _not_theirs(text, match.start(), name, not_theirs or []):
            continue
        # The tail of a name that opens the sentence ("Reserved Instance and Savings Plan purchases …", "Kafka Connect
        # was …") is no name of its own: "Looking back at Instance" named half of one.
        opener = _SENTENCE_OPENER_RE.search(text[:match.start()])
        if opener and not (opener.group(1) in _NOT_NAMES | _OPENING_WORDS or opener.group(1).endswith("ly")):
            continue
        found.append((2, match.start(), name))
    # What they moved away from ("from ELK to Loki") is not what they chose.
    found = [f for f in found if f[2].lower().removeprefix("the ") not in left_behind
             and not re.search(r"(?<!\w)" + re.escape(f[2].lower().removeprefix("the ")) + r"(?!\w)", turned_down)]
    found = [f for f in found if f[2].lower().removeprefix("the ") not in LANGUAGES | TRAITS]
    # Names given as examples in a list ("twenty systems, including AWS, GitHub and Slack") are not the subject.
    listed = [m.span() for m in _EXAMPLES_RE.finditer(text)]
    kept = [f for f in found if not any(start <= f[1] < end for start, end in listed)]
    found = kept if kept else found
    out: list[tuple[int, str]] = []
    # What they did ("the diff job"), then skills and names ("Loki"), then single words ("the logging").
    for rank, _, phrase in sorted(found):
        key = phrase.lower().removeprefix("the ")
        if any(key in o.lower() or o.lower().removeprefix("the ") in key for _, o in out):
            continue
        if len(phrase) <= 40:
            out.append((rank, phrase))
    return out[:4]


def read_answer(text: str, known_terms: list[str] | None = None, not_theirs: list[str] | None = None) -> Reading:
    """Read an answer for what it contains and what it leaves out. `not_theirs`: names that are never the
    candidate's own work (the company they are interviewing with)."""
    count = len(words(text))
    actions = ACTION_RE.findall(text)
    vague_hits = len(VAGUE_RE.findall(text))
    ranked = _anchors(text, list(known_terms or []), list(not_theirs or []))
    # A name from small talk ("My favourite film is Alien") is nothing to follow up.
    chatter = small_talk_sentences(text)
    anchors = [phrase for _, phrase in ranked if not any(phrase.removeprefix("the ") in said for said in chatter)]
    # One reading with the report: its result clauses are the results, and what came before the candidate's first
    # step (a heart rate going from 80 to 140, orders jumping to 3,000) is the problem they faced, never the outcome.
    reading = read(text)
    measured = tuple(r.text for r in reading.results)
    result = result_phrase(text)
    said_at = text.find(result) if result else -1
    if result and not any(r.start < said_at + len(result) and said_at < r.end for r in reading.results):
        result = ""
    after = from_first_step(text, reading.sentences)
    story = tells_a_story(text)
    vague = vague_hits > 0 and (count < 40 or vague_hits >= 3)
    non_answer = count < 4 or (count < 12 and not anchors and not actions) or (vague and not actions and count < 20)
    return Reading(
        word_count=count,
        non_answer=non_answer,
        story=story,
        own_part=bool(actions) or bool(MINE_RE.search(text)) or bool(joined_to_i(text)),
        result=has_result(reading),
        why=bool(WHY_RE.search(text)),
        vague=vague,
        numbers=tuple(numbers_in(text)),
        results=measured,
        result_said=result,
        people=bool(_PERSON_RE.search(text)),
        anchors=tuple(anchors),
        made=tuple(phrase for rank, phrase in ranked if rank in (0, 2, 3)),
        outcome=outcome_clause(after),
    )


# Where someone works or worked: "at Acme", "for the YMCA", "joined Stripe".
_WORKPLACE_BEFORE_RE = re.compile(r"\b(?:at|for|joined|join|joining|left|leaving)\s+(?:the\s+)?$", re.IGNORECASE)
# A kind of work or a practice said as a name ("Accounting", "Leadership"), not a tool to solve problems with.
_FIELD_WORD_RE = re.compile(r"(?:ing|tion|sion|ment|ship|ness|ance|ence|ity|ics|ogy|al)$", re.IGNORECASE)
_PRACTICES = frozenset({"payroll", "triage", "teamwork", "phlebotomy", "telemetry", "agile", "scrum", "kanban",
                        "microservices", "serverless", "devops", "gitops", "bookkeeping"})


def _tool_form(name: str) -> bool:
    """A product's or a language's name, by its form: "Haskell", "C++", "QuickBooks", "Microsoft Word" (not "AWS"
    or "GAAP", which may be a standard as well as a tool, nor "Project management", a kind of work)."""
    tokens = name.split()
    if not tokens or not name[:1].isupper() or re.fullmatch(r"[A-Z]{2,}", name) or name.lower() in _PRACTICES:
        return False
    if len(tokens) > 1:
        return all(t[:1].isupper() or t in ("on", "of", "for", "and") for t in tokens)
    return not _FIELD_WORD_RE.search(name)


def named_kind(anchor: str, text: str, employers: list[str], known_terms: list[str]) -> str:
    """What a name the candidate said is, so a follow-up can fit it: "place" (an employer, a club: asked about
    "there"), "tool" (a language or a product: solved "with" it), "topic" (a kind of work, "Project management" or
    "balance sheets": asked about as that work, in lower case), or "name" (anything else named: "DevOps", "GAAP", a
    product they built: a problem "that involved" it)."""
    lowered = anchor.lower()
    if any(lowered == e.lower() or lowered.split()[0] == e.lower().split()[0] for e in employers if e.strip()):
        return "place"
    start = text.find(anchor)
    if start >= 0 and _WORKPLACE_BEFORE_RE.search(text[max(0, start - 30):start]):
        return "place"
    if not anchor[:1].isupper():
        return "topic"
    known = any(lowered == term.lower() for term in known_terms) or is_known_skill(anchor)
    if not known or re.fullmatch(r"[A-Z]{2,}", anchor) or re.search(r"[a-z][A-Z]", anchor):
        return "name"
    return "tool" if _tool_form(anchor) else "topic"
