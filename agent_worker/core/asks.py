"""One ask once: questions compared by what they ask, not by their exact words.

A question carries intents from a small vocabulary ("day_to_day", "motivation", "result" ...): "What
does a typical week look like?", "What are you responsible for day to day?" and "Your resume says
you're X. What does that involve day to day?" are one ask. Besides the vocabulary, two questions are
one ask when most of their content words are shared, leaving aside the words the candidate used (a
follow-up naming "the diff job" is not the same ask as another naming it).

Follow-up intents (their own part, the result, the why ...) belong to the story being discussed: the
same probe about another story is a new ask. Main-question intents hold for the whole interview.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agent_worker.core.reading.tokens import stem as reading_stem
from agent_worker.core.text import normalise

__all__ = ["MAX_INTENT_USES", "THREAD_INTENTS", "answered_already", "content_stopwords", "content_words", "intents_of",
           "overused", "same_ask"]

# intent -> phrases (normalised words; a phrase matches on word boundaries)
INTENT_PHRASES: dict[str, tuple[str, ...]] = {
    "ready": ("ready to begin", "ready to get started", "shall we get started", "ready to start"),
    "intro": ("about yourself", "introduce yourself", "your background", "how you got to where"),
    "day_to_day": ("day to day", "typical week", "typical day", "responsible for", "accountable for",
                   "what does that involve", "describe your current role", "working on right now",
                   "work on right now", "what your current role", "most of your week"),
    "motivation": ("drew you", "draws you", "interested in this", "why this role", "next step", "next role",
                   "looking for in", "your career", "made you interested", "want next", "attracts you",
                   "interests you about", "appeals to you about"),
    "strength": ("strength", "strongest", "come to you for help", "come to you for"),
    "proudest": ("proud", "proudest", "accomplishment"),
    "enjoy": ("enjoy most", "enjoy least", "part of your job do you enjoy"),
    "teamwork": ("work with a team", "like to work with", "team culture"),
    "priorities": ("everything feels urgent", "what to focus on", "prioritise", "prioritize"),
    "growth": ("hoping to learn", "learn or do more", "grown into"),
    "hard_problem": ("hard technical", "hard problem", "under pressure", "toughest problem"),
    "disagreement": ("disagreed",),
    "failure": ("went wrong", "goal you missed", "mistake", "go to plan", "go as planned", "go wrong", "didnt go well",
                "went badly"),
    "questions_for_us": ("questions for me", "like to ask me", "curious about", "anything you d like to ask",
                         "anything youd like to ask", "any questions"),
    "research": ("my notes on", "i read that"),
    "tools": ("which tools", "what tools", "tools and methods", "tools do you", "your stack", "tech stack",
              "which technologies", "what technologies"),
    # follow-ups: about the story under discussion
    "example": ("specific example", "one particular time", "real example", "specific time", "one specific",
                "walk me through one", "pick one"),
    "own_part": ("your own part", "personally own", "your part", "which part of that was yours",
                 "what did you do yourself", "you personally"),
    "result": ("outcome", "what changed", "what came of", "impact", "how did you measure", "what did it catch",
               "any numbers", "result"),
    "why": ("why did you", "what else did you consider", "what else was on the table", "options did you weigh",
            "why that", "why not"),
    "obstacle": ("what made it hard", "toughest obstacle", "got in your way", "hardest part", "hardest decision"),
    "differently": ("differently",),
    "learning": ("what did you learn", "learned from", "what you learned"),
    "influence": ("bring others along", "convince", "get buy in", "influenced"),
    "tradeoff": ("trade off", "tradeoff", "trade offs"),
    "how": ("step by step", "how did you actually", "how you approached", "how did you go about"),
}
THREAD_INTENTS = frozenset({"example", "own_part", "result", "why", "obstacle", "differently", "learning",
                            "influence", "tradeoff", "how"})

_PATTERNS = {intent: re.compile(r"(?<![a-z])(?:" + "|".join(re.escape(normalise(p)) for p in phrases) + r")(?![a-z])")
             for intent, phrases in INTENT_PHRASES.items()}

_STOPWORDS = set("""a an the and or but if then so of to in on at by for with from into about as is are was were be
been being do does did done doing have has had having i you your yours me my we our us they them their it its this
that these those what which who whom whose when where why how would could should can will shall may might must
there here some any one two more most much many very really just also too tell me walk through let lets s d ll ve re
like think say said quick quickly briefly bit little time times thing things something anything kind sort give
example share talk describe looking look go going get got make made take took want way ways did not no yes now right
its im youre youve youd thats what whats""".split())


def intents_of(text: str) -> frozenset[str]:
    """The intents a question carries (may be empty)."""
    return _intents(normalise(text))


@lru_cache(maxsize=4096)
def _intents(norm: str) -> frozenset[str]:
    return frozenset(intent for intent, pattern in _PATTERNS.items() if pattern.search(norm))


def content_stopwords() -> set[str]:
    """Words that carry no topic ("how", "the", "many")."""
    return _STOPWORDS


def content_words(text: str, leave_aside: set[str] | frozenset[str] = frozenset()) -> set[str]:
    return {w for w in normalise(text).split() if w not in _STOPWORDS and w not in leave_aside and len(w) > 2}


def stem(word: str) -> str:
    """A plural's "s" dropped ("advisors" -> "advisor"; "process" kept)."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def word_stems(text: str) -> set[str]:
    """The stems of `content_words`, hyphenated words apart."""
    return {stem(w) for w in content_words(text.replace("-", " "))}


def same_ask(a: str, b: str, *, same_thread: bool, candidate_words: set[str] | frozenset[str] = frozenset()
             ) -> bool:
    """Whether question `a` asks what `b` asked. `same_thread`: both are about the same story."""
    ia, ib = intents_of(a), intents_of(b)
    shared = ia & ib
    if shared - THREAD_INTENTS:
        return True
    if same_thread and shared:
        return True
    wa, wb = content_words(a, candidate_words), content_words(b, candidate_words)
    small = min(len(wa), len(wb))
    if small < 3:
        return False
    return len(wa & wb) / small >= 0.75


# A follow-up's probe (the result, the why, what they would do differently…) at most this often in one interview: a
# person notices "what would you do differently next time?" the third time, whatever story it follows.
MAX_INTENT_USES = 2


def overused(text: str, earlier_follow_ups: list[str], candidate_words: set[str] | frozenset[str] = frozenset()
             ) -> int | None:
    """Which earlier follow-up (its index) a follow-up repeats: one in the same words once the candidate's own words
    are set aside ("Looking back at the migration, what would you do differently next time?" and "Looking back at
    the rota, …"), or the last of `MAX_INTENT_USES` that asked its probe already. None when it repeats none."""
    wording = _wording(text, candidate_words)
    same = [i for i, earlier in enumerate(earlier_follow_ups) if _wording(earlier, candidate_words) == wording]
    if same:
        return same[-1]
    for intent in intents_of(text) & THREAD_INTENTS:
        used = [i for i, earlier in enumerate(earlier_follow_ups) if intent in intents_of(earlier)]
        if len(used) >= MAX_INTENT_USES:
            return used[-1]
    return None


def _wording(text: str, candidate_words: set[str] | frozenset[str]) -> tuple[str, ...]:
    """The follow-up's own words: the candidate's set aside, in any form ("the menu change" after "I changed the
    menu")."""
    theirs = {reading_stem(w) for w in candidate_words}
    return tuple(w for w in normalise(text).split() if w not in candidate_words and reading_stem(w) not in theirs)


def answered_already(question: str, said: list[str], known_terms: list[str]) -> bool:
    """Whether the candidate's answers so far already answer a main question: "Which tools do you reach
    for first?" after they named two or more of their tools."""
    if "tools" not in intents_of(question):
        return False
    text = " " + normalise(" ".join(said)) + " "
    named = {t for t in known_terms if normalise(t) and f" {normalise(t)} " in text}
    return len(named) >= 2
