"""Text measures for one answer: words, fillers, hedges, STAR parts, quantified results.

Pure and deterministic (stdlib only), so the numbers on a report can be recomputed by hand:
every rule below is a regular expression or a short word list, never a model.
"""

from __future__ import annotations

import re
import unicodedata

# Words and sentences (shared with the live interview): agent_worker/core/answers/spans.py.
from agent_worker.core.reading.tokens import _WORD, Span, sentences, word_count, words  # noqa: E402, F401

# ---------------------------------------------------------------------------------------------
# Fillers and hedges

FILLER_NAMES = (
    "um", "uh", "er", "ah", "like", "you know", "sort of", "kind of",
    "basically", "actually", "literally", "i mean",
)
HEDGE_NAMES = (
    "i think", "maybe", "probably", "i guess", "sort of", "kind of", "i'm not sure", "perhaps", "might",
)

_SIMPLE_FILLERS = {
    "um": re.compile(r"\b(?:u+m+|h?mm+)\b", re.I),
    "uh": re.compile(r"\bu+h+\b", re.I),
    "er": re.compile(r"\b(?:e+r+|e+r+m+)\b", re.I),
    "ah": re.compile(r"\ba+h+\b", re.I),
    "basically": re.compile(r"\bbasically\b", re.I),
    "actually": re.compile(r"\bactually\b", re.I),
    "literally": re.compile(r"\bliterally\b", re.I),
}
_VOCALISED = ("um", "uh", "er", "ah")

# "what kind of database", "a sort of queue" are nouns, not fillers or hedges.
_DETERMINERS = {
    "a", "an", "the", "this", "that", "these", "those", "what", "which", "any", "some", "every", "each",
    "one", "same", "no", "my", "our", "your", "their", "his", "her", "its", "other", "different",
    "right", "wrong", "of", "whatever", "certain", "new", "only", "particular", "specific",
}
_SORT_KIND = re.compile(r"\b(sort|kind)\s+of\b", re.I)

# "you know" is a filler unless it is a real verb phrase: "do you know", "if you know", "you know that ...".
_YOU_KNOW = re.compile(r"\byou\s+know\b", re.I)
_YOU_KNOW_BEFORE = {
    "do", "did", "does", "don't", "didn't", "if", "whether", "would", "will", "to", "as", "let", "that",
    "because", "when", "what", "how", "might", "may", "could", "should", "can",
}
_YOU_KNOW_AFTER = {
    "that", "how", "what", "why", "where", "when", "who", "whom", "whether", "if", "about", "the", "a",
    "an", "it", "him", "her", "them", "this", "these", "those", "me", "us", "your", "my", "our", "their",
    "his", "its", "which", "anything", "something", "everything", "nothing", "more", "enough", "so",
}

# "like" is a filler only in the shapes speech coaches count: set off by a comma ("we had, like,
# a lot"), after another filler ("um, like"), at the start of a sentence before a comma
# ("Like, we ..."), or before a number ("like 3 weeks"). "I like Python", "looks like", "something
# like that" and "would like to" are not fillers.
_LIKE = re.compile(r"\blike\b", re.I)
_I_MEAN = re.compile(r"\bi\s+mean\b", re.I)

_HEDGES = {
    "i think": re.compile(r"\bi\s+think\b", re.I),
    "maybe": re.compile(r"\bmaybe\b", re.I),
    "probably": re.compile(r"\bprobably\b", re.I),
    "i guess": re.compile(r"\bi\s+guess\b", re.I),
    "i'm not sure": re.compile(r"\b(?:i['’]?m|i\s+am)\s+not\s+(?:really\s+|quite\s+|totally\s+|100%\s+)?sure\b", re.I),
    "perhaps": re.compile(r"\bperhaps\b", re.I),
    "might": re.compile(r"\bmight\b", re.I),
}


def _word_before(text: str, pos: int) -> str:
    match = re.search(r"([^\W_]+(?:['’][^\W_]+)*)\W*$", text[:pos])
    return match.group(1).lower().replace("’", "'") if match else ""


def _gap_before(text: str, pos: int) -> str:
    """The non-word characters just before pos (to see a comma or a sentence start)."""
    match = re.search(r"[\W_]*$", text[:pos])
    return match.group(0) if match else ""


def _word_after(text: str, pos: int) -> str:
    match = re.match(r"\s*([^\W_]+(?:['’][^\W_]+)*)", text[pos:])
    return match.group(1).lower() if match else ""


def _gap_after(text: str, pos: int) -> str:
    match = re.match(r"[\W_]*", text[pos:])
    return match.group(0) if match else ""


def _sort_kind_spans(text: str) -> list[tuple[int, int, str]]:
    found = []
    for match in _SORT_KIND.finditer(text):
        if _word_before(text, match.start()) in _DETERMINERS and "," not in _gap_before(text, match.start()):
            continue
        found.append((match.start(), match.end(), f"{match.group(1).lower()} of"))
    return found


def _is_filler_like(text: str, match: re.Match) -> bool:
    before_gap = _gap_before(text, match.start())
    after_gap = _gap_after(text, match.end())
    after = _word_after(text, match.end())
    if "," in after_gap or after_gap.strip().startswith(("—", "-", "...", "…")):
        return True
    if _word_before(text, match.start()) in {"um", "uh", "er", "ah", "umm", "uhh", "erm"}:
        return True
    if after[:1].isdigit() and "," not in before_gap:
        return True
    return after in {"um", "uh", "er", "erm", "ah"}


def _is_filler_you_know(text: str, match: re.Match) -> bool:
    after_gap = _gap_after(text, match.end())
    if any(ch in after_gap for ch in ",.?!;—…"):
        return True
    if not _word_after(text, match.end()):
        return True
    if _word_before(text, match.start()) in _YOU_KNOW_BEFORE and "," not in _gap_before(text, match.start()):
        return False
    return _word_after(text, match.end()) not in _YOU_KNOW_AFTER


def filler_matches(text: str) -> list[tuple[int, int, str]]:
    """Every filler in text as (start, end, name), in order of position."""
    text = text or ""
    found: list[tuple[int, int, str]] = []
    for name, pattern in _SIMPLE_FILLERS.items():
        found.extend((m.start(), m.end(), name) for m in pattern.finditer(text))
    found.extend((m.start(), m.end(), "like") for m in _LIKE.finditer(text) if _is_filler_like(text, m))
    found.extend((m.start(), m.end(), "you know") for m in _YOU_KNOW.finditer(text) if _is_filler_you_know(text, m))
    found.extend(
        (m.start(), m.end(), "i mean")
        for m in _I_MEAN.finditer(text)
        if _word_before(text, m.start()) not in {"what", "which", "if"}
    )
    found.extend(_sort_kind_spans(text))
    return sorted(found)


def hedge_matches(text: str) -> list[tuple[int, int, str]]:
    """Every hedge in text as (start, end, name), in order of position."""
    text = text or ""
    found: list[tuple[int, int, str]] = []
    for name, pattern in _HEDGES.items():
        found.extend((m.start(), m.end(), name) for m in pattern.finditer(text))
    found.extend(_sort_kind_spans(text))
    return sorted(found)


def count_by_name(matches: list[tuple[int, int, str]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for _start, _end, name in matches:
        counts[name] = counts.get(name, 0) + 1
    return dict(sorted(counts.items()))


def strip_fillers(text: str) -> str:
    """Text with its vocalised fillers ("um", "uh") and their commas removed, for a cleaner example."""
    out = text
    for start, end, name in reversed(filler_matches(text)):
        if name not in _VOCALISED and name not in {"like", "you know", "basically", "i mean"}:
            continue
        left = out[:start].rstrip()
        right = out[end:]
        right = re.sub(r"^\s*[,…]+", "", right)
        if left.endswith(","):
            left = left[:-1]
        glue = " " if left and right and not right.startswith((" ", ".", ",", "?", "!")) else ""
        out = left + glue + right
    out = re.sub(r"\s{2,}", " ", out).strip()
    out = re.sub(r"^[,\s]+", "", out)
    return out[:1].upper() + out[1:] if out else out


# Hedges that can go without breaking the sentence: "I think (that)" / "I guess" opening a clause or
# closing one after a comma, and the adverbs "maybe", "probably", "perhaps". "might", "I'm not sure"
# and "I think about ..." stay: removing them would change or break what was said.
_REMOVABLE_HEDGES = (
    re.compile(r"(?i)(^|[.!?;]\s+|,\s*)(?:and\s+)?i\s+(?:think|guess)(?:\s+that)?(?!\s+(?:about|of|so)\b)\s*,?\s*(?=\w)"),
    re.compile(r"(?i),?\s*\bi\s+(?:think|guess)\s*(?=[.!?]|$)"),
    re.compile(r"(?i)\s*\b(?:maybe|probably|perhaps)\b,?"),
)


def strip_hedges(text: str) -> str:
    """Text without the hedges that can be dropped cleanly, for an example answer said with confidence."""
    out = text
    out = _REMOVABLE_HEDGES[0].sub(lambda m: m.group(1), out)
    out = _REMOVABLE_HEDGES[1].sub("", out)
    out = _REMOVABLE_HEDGES[2].sub("", out)
    out = re.sub(r"\s{2,}", " ", out).strip()
    out = re.sub(r"^[,\s]+", "", out)
    out = re.sub(r"\s+([,.!?])", r"\1", out)
    return out[:1].upper() + out[1:] if out else out


# The STAR parts, in the order a story tells them (found by feedback.scoring).
STAR_PARTS = ("situation", "task", "action", "result")


# ---------------------------------------------------------------------------------------------
# Quotes

_QUOTE_CHARS = str.maketrans(
    {
        "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'", "`": "'",
        "“": '"', "”": '"', "„": '"', "‟": '"', "″": '"',
        "–": "-", "—": "-", "‑": "-",
        "…": "...", "\u00a0": " ",
    }
)


def normalise_for_quote(text: str) -> str:
    """Fold case, quotes, dashes and whitespace so a faithful quote matches its source."""
    text = unicodedata.normalize("NFKC", text or "").translate(_QUOTE_CHARS)
    return re.sub(r"\s+", " ", text).strip().casefold()


def trim_quote(quote: str) -> str:
    """A quote without the quotation marks, ellipses and end punctuation a writer wraps it in."""
    text = normalise_for_quote(quote)
    previous = None
    while previous != text:
        previous = text
        text = text.strip(" \"'").removeprefix("...").removesuffix("...").strip(" \"'")
        text = text.rstrip(".,;:!?").strip()
    return text


def quote_occurs(quote: str, source: str) -> bool:
    needle = trim_quote(quote)
    return bool(needle) and needle in normalise_for_quote(source)
