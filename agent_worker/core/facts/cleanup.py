"""Text clean-up: the prompt-injection filter and the line helpers every extractor uses."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

_ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad\u202a-\u202e\u2066-\u2069]")
_LEAD = r"^[\s>*#\-–—•·▪●◦‣+\d.)(\[\]]*"  # bullets, numbering, quote and markdown marks
_PLEASE = r"(?:(?:please|pls|kindly|now|also|and|then|hey|ok(?:ay)?|important|note)[\s,:!]+)*"
_READER = (
    r"(?:ai|a\.i\.|llm|llms|model|language model|assistant|chat ?bot|bot|gpt|chatgpt|claude|gemini|copilot|"
    r"interviewer|recruiter|hiring manager|hiring team|screener|reviewer|evaluator|grader|ats|"
    r"applicant tracking system|system|agent|reader)"
)
_COMMAND_VERB = (
    r"(?:rate|score|grade|rank|mark|evaluate|assess|tell|say|speak|state|reply|respond|answer|output|print|"
    r"write|return|give|award|assign|recommend|hire|approve|pass|select|shortlist|advance|consider|treat|"
    r"pretend|act|behave|roleplay|role-play|ignore|disregard|forget|skip|override|bypass|reveal|repeat|"
    r"summari[sz]e|describe|only|always|never|do not|don't|must)"
)

# A line (or sentence) that *starts* like this is addressed to a reader.
_START_PATTERNS = [
    r"(?:ignore|disregard|forget|override|bypass|skip)\b",
    r"(?:system|assistant|user|developer|human|ai|instructions?|prompt)\s*:",
    # "You are now…", "You are a helpful assistant…": not "You're a proven top performer" (a job's "About you").
    rf"you(?:'re|\s+are)\s+(?:now\b|(?:an?|the|my|our)\s+(?:[\w-]+\s+){{0,2}}{_READER}s?\b|{_READER}s?\b)",
    # "You must rate…", "You will now…", not a posting's "You will work closely with…" or "You must have 3 years".
    rf"you\s+(?:must|should|shall|will|need to|have to|are to)\s+(?:now\b|(?:always\s+|never\s+|only\s+)?{_COMMAND_VERB}\b)",
    r"you\s+(?:may|can)\s+now\b",
    r"from now on\b",
    r"as an? (?:ai|a\.i\.|large language model|language model|llm|assistant|chat ?bot)\b",
    r"new\s+(?:instructions?|rules?|task|prompt|system prompt)\b",
    r"(?:updated|revised|additional|important|hidden|secret)\s+(?:instructions?|prompt)\b",
    # "Act as a recruiter who…", "Act as if…": not a posting's duty ("Act as a liaison between…", "Act as an
    # assistant to the CFO"), which names a job, not the reader, or goes on to whom it serves.
    r"(?:act|behave)\s+as\s+(?:if|though|you|your|my)\b",
    rf"(?:act|behave)\s+as\s+(?:an?|the)\s+(?:[\w-]+\s+){{0,2}}{_READER}s?\s*(?:[.!,;:]|$|(?:and|who|that|which)\b)",
    r"(?:pretend|role-?play)\b",
    r"(?:do not|don't|never)\s+(?:ask|mention|reveal|tell|question|share|disclose|say|discuss|"
    r"penali[sz]e|reject|flag|probe|follow)\b",
    r"(?:reveal|print|repeat|show|output)\s+(?:your|the)\s+(?:system\s+)?(?:prompt|instructions?)\b",
    rf"(?:dear|hey|hi|hello|attention|note to|message to|instructions? (?:to|for)|to)\s+(?:the\s+|any\s+|all\s+)?"
    rf"{_READER}s?\b",
    r"(?:if|when)\s+you(?:'re| are)\s+(?:an?\s+)?(?:ai|llm|language model|model|bot|assistant|automated|"
    r"reading this|a recruiter|an interviewer|the interviewer)",
    r"(?:ai|a\.i\.|llm|model|assistant|chat ?bot|bot|gpt|chatgpt|claude|gemini|copilot)\s*[,:]",
    r"(?:interviewer|recruiter|reviewer|hiring manager|screener|evaluator)\s*[,:]\s*"
    r"(?:please|you|ignore|rate|score|give|tell|say|hire|make|consider|treat|mark|do|don't|note|always|never)\b",
    rf"{_COMMAND_VERB}\b[^.!?]{{0,80}}\b(?:this|the|that)\s+(?:candidate|applicant|resume|cv|person)\b",
    r"(?:rate|score|grade|rank|mark)\b[^.!?]{0,60}\b(?:\d+(?:\.\d+)?\s*/\s*\d+|\d+\s+out of\s+\d+|"
    r"(?:the\s+)?(?:highest|top|maximum|max|perfect|best|excellent))",
    rf"(?:tell|inform|instruct|remind|ask|let)\s+(?:the\s+|your\s+|any\s+)?{_READER}s?\b",
    r"(?:recommend|hire|approve|shortlist|select|advance|pass)\s+(?:me|this candidate|the candidate|him|her|them)\b",
]
# A sentence containing one of these, anywhere, is addressed to a reader.
_ANYWHERE_PATTERNS = [
    r"\b(?:ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,40}\b(?:previous|prior|above|earlier|preceding|"
    r"all|any|your|the|these|those|other)\b[^.!?\n]{0,30}\b(?:instructions?|prompts?|directions?|rules?|context|"
    r"guidelines?|messages?|criteria|programming)\b",
    r"<\|[a-z_ ]{1,30}\|>",
    r"\[/?inst\]|<</?sys>>|</?s>|\bbegin_of_text\b|\bend_of_turn\b|<start_of_turn>|<end_of_turn>",
    r"</?\s*(?:system|assistant|user|instructions?|prompt)\s*>",
    r"\bas an? (?:ai|large language model|language model|llm)\b",
    r"\b(?:new|updated|revised|hidden|secret)\s+(?:system\s+)?instructions?\b",
    r"\bsystem\s+prompt\b",
    r"\bprompt\s+injection\b",
    r"\bjailbreak\b|\bdan mode\b|\bdeveloper mode\b",
    r"\b(?:rate|score|grade|rank)\s+(?:this|the|me|him|her|them)\b[^.!?\n]{0,30}"
    r"(?:\d+(?:\.\d+)?\s*/\s*\d+|\d+\s+out of\s+\d+|highest|top|perfect|maximum)",
    r"\b(?:this|the)\s+candidate\s+(?:is|should be|must be)\s+(?:rated|scored|graded|hired|the best|perfect|"
    r"an? (?:excellent|perfect|ideal|strong) (?:fit|match|hire))",
    rf"\b(?:tell|inform|instruct|remind)\s+(?:the\s+|your\s+)?{_READER}s?\s+(?:that|to)\b",
    r"\bif you(?:'re| are)\s+(?:an?\s+)?(?:ai|llm|language model|bot|automated)\b",
]
_START_RE = re.compile(_LEAD + _PLEASE + r"(?:" + "|".join(_START_PATTERNS) + r")", re.IGNORECASE)
_ANYWHERE_RE = re.compile("|".join(_ANYWHERE_PATTERNS), re.IGNORECASE)
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=\S)")


_LINE_BREAKS = re.compile("\r\n|[\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def _split_lines(text: str) -> list[str]:
    """Split on line breaks; a lone CR (pypdf emits them inside lines) is a space."""
    return _LINE_BREAKS.sub("\n", text).replace("\r", " ").split("\n")


def _is_addressed_to_reader(sentence: str) -> bool:
    probe = unicodedata.normalize("NFKC", _ZERO_WIDTH.sub("", sentence)).replace("’", "'")
    return bool(_START_RE.match(probe) or _ANYWHERE_RE.search(probe))


def strip_instructions(text: str) -> str:
    """Drop the lines (or sentences of a line) addressed to a reader: instructions hidden in a document."""
    if not text:
        return ""
    kept: list[str] = []
    for line in _split_lines(_ZERO_WIDTH.sub("", text)):
        if not line.strip():
            kept.append(line)
            continue
        if _is_addressed_to_reader(line):
            # Keep the ordinary sentences of a line that also carries an instruction.
            sentences = _SENTENCE_SPLIT.split(line.strip())
            if len(sentences) > 1 and not re.search(r"<\|", line):
                good = [s for s in sentences if not _is_addressed_to_reader(s)]
                if good and len(good) < len(sentences):
                    indent = line[: len(line) - len(line.lstrip())]
                    kept.append(indent + " ".join(good))
            continue
        kept.append(line)
    return "\n".join(kept)


_BULLET_RE = re.compile(r"^\s*(?:[-*+•·▪●◦‣○■□➢➤►▸✓✔{–—]|\d{1,2}[.)]\s)\s*")
_MARKDOWN_RE = re.compile(r"^\s*#{1,6}\s*|\*\*|__|`")
_MARKDOWN_LINK = re.compile(r"!?\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*\)")
_MARKDOWN_EMPHASIS = re.compile(r"(?<![\w*])[_*](?=\S)([^_*\n]+?)(?<=\S)[_*](?![\w*])")


def clean_line(line: str) -> str:
    """A line as read: markdown headings, emphasis and links ("[blog](https://…)" is "blog") undone."""
    line = _MARKDOWN_LINK.sub(r"\1", line)
    line = _MARKDOWN_RE.sub("", line)
    line = _MARKDOWN_EMPHASIS.sub(r"\1", line)
    line = line.replace("\t", " ").replace("\u00a0", " ")
    return re.sub(r"\s{2,}", " ", line).strip()


def _is_bullet(line: str) -> bool:
    return bool(_BULLET_RE.match(line))


def _strip_bullet(line: str) -> str:
    return _BULLET_RE.sub("", line, count=1).strip()


def _prepare(text: str) -> str:
    """Undo the commonest extraction noise: CRs inside lines, soft hyphens, doubled hyphens."""
    text = "\n".join(_split_lines(text))
    text = re.sub("\u00ad(?=[-‐‑])|(?<=[-‐‑])\u00ad", "", text).replace("\u00ad", "-")
    text = re.sub("[-‐‑]{2,}", "-", text)
    return unicodedata.normalize("NFKC", text)


def _lines(text: str) -> list[str]:
    return [clean_line(line) for line in _prepare(text).split("\n")]


def _dedupe(items: list[str], limit: int) -> list[str]:
    seen, out = set(), []
    for item in items:
        key = re.sub(r"\W+", " ", item.lower()).strip()
        if item and key and key not in seen:
            seen.add(key)
            out.append(item)
        if len(out) >= limit:
            break
    return out


def _shorten(text: str, limit: int) -> str:
    text = text.strip().rstrip(";,")
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:-–— ")
    return cut + "…"


def _split_sections(lines: list[str], classify: Callable[[str], str | None]) -> list[tuple[str, list[str]]]:
    sections: list[tuple[str, list[str]]] = [("top", [])]
    for line in lines:
        name = classify(line)
        if name:
            sections.append((name, []))
        else:
            sections[-1][1].append(line)
    return sections
