"""The level a posting is for, and the years of experience it asks."""

from __future__ import annotations

import re

_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "twelve": 12, "fifteen": 15,
}
_NUMBER_WORD = r"(?:\d{1,2}|" + "|".join(_NUMBERS) + ")"
# "5+ years", "1-3 years", "at least five (5) years", "3 or more years": the experience a job asks for.
_YEARS_ASKED_RE = re.compile(
    rf"(?P<least>\b(?:at least|a minimum of|minimum(?: of)?|min\.|over|more than)\s+)?"
    rf"\b(?P<n>{_NUMBER_WORD})\s*(?:\(\d{{1,2}}\)\s*)?(?P<plus>\+|plus\b)?\s*"
    rf"(?:(?:-|–|to)\s*(?P<m>{_NUMBER_WORD})\s*\+?\s*)?(?P<more>or more\s+)?(?:years?|yrs?)\b(?P<tail>[^.;\n]{{0,60}})",
    re.IGNORECASE,
)
_NOT_EXPERIENCE_BEFORE = re.compile(r"\b(?:within|in the (?:last|past)|past|every|per|after|for|under)\s*$", re.I)
# The levels an advert is for, in the words adverts use. "Staff" only before a technical job ("Staff
# Accountant" and "Staff Nurse" are not that level); "Lead" not in "Lead Generation".
_LEVELS = [
    ("Intern", r"internships?|interns?"),
    ("Entry-level", r"entry[- ]level|new[- ]grad(?:uate)?s?|graduate"),
    ("Junior", r"junior|jr\.?"),
    ("Mid-level", r"mid[- ]?level|mid[- ]senior|intermediate|mid"),
    ("Senior", r"senior|sr\.?"),
    ("Staff", r"staff(?=[\s-]+(?:software|engineer|data|machine|ml|product|site|backend|back-end|frontend|front-end|"
              r"full[- ]?stack|platform|infrastructure|security|research|applied|scientist|designer|developer|"
              r"sre|devops|cloud|mobile|systems?|analytics|ux|ui)\b)"),
    ("Principal", r"principal"),
    ("Lead", r"(?:tech(?:nical)? |team )?lead(?![\s-]+gen(?:eration)?\b)"),
    ("Head", r"head of"),
    ("Director", r"director"),
]
_LEVEL_RE = re.compile(
    r"(?<![\w-])(?:" + "|".join(f"(?P<l{i}>{pattern})" for i, (_, pattern) in enumerate(_LEVELS)) + r")(?![\w])",
    re.IGNORECASE,
)
_LEVEL_ALTERNATIVES = "|".join(pattern for _, pattern in _LEVELS)
# Where an advert states the level of the hire in its text (not "mentor junior engineers").
_HIRE_LEVEL_RES = [
    re.compile(
        r"\b(?:looking for|hiring|seeking|searching for|recruiting)\s+(?:an?\s+|our\s+(?:next|first|new)\s+)?"
        rf"(?P<level>{_LEVEL_ALTERNATIVES})(?![\w])",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:this is|it'?s|the role is)\s+an?\s+(?P<level>{_LEVEL_ALTERNATIVES})(?:[- ]level)?\s+"
        r"(?:role|position|opening|job)\b",
        re.IGNORECASE,
    ),
    re.compile(rf"\bjoin\s+(?:us|our team|the team)\s+as\s+an?\s+(?P<level>{_LEVEL_ALTERNATIVES})(?![\w])", re.I),
    re.compile(
        r"^(?:seniority(?: level)?|(?:job |career |experience )?level|grade)\s*[:：]\s*"
        rf"(?P<level>{_LEVEL_ALTERNATIVES})(?![\w])",
        re.IGNORECASE | re.MULTILINE,
    ),
]


def _levels_in(text: str) -> list[str]:
    """The level names ("Senior", "Mid-level") that `text` uses, in order."""
    found: list[str] = []
    for match in _LEVEL_RE.finditer(text or ""):
        for i, (name, _) in enumerate(_LEVELS):
            if match.group(f"l{i}") is not None and name not in found:
                found.append(name)
    return found


def _years_number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def _years_asked(must_haves: list[str], lines: list[str]) -> str | None:
    """The experience the job asks for, as "5+ years" or "1-3 years": from the requirements first."""
    for source, need_word in ((must_haves, False), (lines, True)):
        for line in source:
            for match in _YEARS_ASKED_RE.finditer(line):
                if _NOT_EXPERIENCE_BEFORE.search(line[: match.start()]) or re.match(r"\s*(?:ago|old)\b", match.group("tail")):
                    continue
                if need_word and not re.search(r"\bexp(?:erience|\.)?\b", match.group("tail"), re.I):
                    continue
                low = _years_number(match.group("n"))
                if match.group("m"):
                    high = _years_number(match.group("m"))
                    if high > low:
                        return f"{low}-{high} years"
                plus = match.group("plus") or match.group("least") or match.group("more")
                return f"{low}+ years" if plus else f"{low} year" + ("s" if low != 1 else "")
    return None


def _job_seniority(title: str | None, lines: list[str], years: str | None) -> list[str]:
    """The level the advert is for: from its title, else from a sentence that states it. An advert that
    states none gets the experience it asks for ("3+ years of experience"), not a level guessed from it:
    a guess reads as a fact on the page ("Mid-level" means something else again in nursing)."""
    levels = _levels_in(title or "")
    if levels:
        return levels
    body = "\n".join(lines)
    for pattern in _HIRE_LEVEL_RES:
        for match in pattern.finditer(body):
            for level in _levels_in(match.group("level")):
                if level not in levels:
                    levels.append(level)
    if levels:
        return levels
    return [f"{years} of experience"] if years else []
