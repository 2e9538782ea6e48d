"""Job-description facts: title, company, must-haves, nice-to-haves, responsibilities, level."""

from __future__ import annotations

import re

from agent_worker.core.facts.cleanup import (
    _clean_line,
    _dedupe,
    _is_bullet,
    _lines,
    _prepare,
    _shorten,
    _strip_bullet,
    strip_instructions,
)
from agent_worker.core.facts.models import JobRequirements
from agent_worker.core.facts.patterns import _LOCATION_RE, _TITLE_WORDS
from agent_worker.core.facts.resume import _split_items
from agent_worker.core.facts.skills import _vocabulary_skills

_JD_SECTIONS = {
    "nice": r"nice[- ]to[- ]haves?|nice to have(?: skills)?|bonus(?: points)?(?: if you have)?|preferred(?: qualifications| skills| experience)?|"
    r"pluses|plus|extra credit|good to have|it'?s a plus(?: if you have)?|desired(?: skills| qualifications)?|"
    r"even better if(?: you have)?|additional(?: qualifications| skills)|ideally(?:,? you have)?",
    "must": r"requirements?|minimum requirements|job requirements|must[- ]haves?|must have(?: skills)?|"
    r"(?:minimum |basic |required |key |essential )?qualifications|required skills|skills(?: (?:&|and) experience)?|"
    r"experience|what you(?:'ll| will)? (?:need|bring)|what we(?:'re| are)? looking for|who you are|"
    r"about you|you have|you should have|you bring|your profile|your skills|the ideal candidate|"
    r"skills and qualifications|requirements and qualifications|competencies|essential criteria|"
    r"what you need to succeed|what it takes|you might be a fit if|what we look for|what we(?:'re| are) seeking|"
    r"who we(?:'re| are) looking for|you(?:'ll| will) need|what you(?:'ll| will)? have|we(?:'d| would) love (?:you )?to hear from you if",
    "resp": r"(?:key |main |core |primary )?responsibilities|(?:your )?role and responsibilities|what you(?:'ll| will) do|what you'll be doing|"
    r"the role|your role|role|day[- ]to[- ]day|duties|(?:key )?duties and responsibilities|in this role(?:,? you will)?|"
    r"you will|your mission|job description|description|what the job involves|the job|your impact|"
    r"what you(?:'ll| will) work on|position summary|role description|about the role",
    "other": r"about us|about the company|who we are|benefits|perks|compensation|salary|pay|how to apply|"
    r"equal opportunity|eeo|why join us|why us|our culture|the team|about the team|location|quick summary|"
    r"overview|company overview|what we offer|we offer|summary|apply|contact|job type|schedule|"
    r"about [A-Z][\w&.-]*(?: [A-Z][\w&.-]*){0,3}",
}
_JD_SECTION_RE = {
    name: re.compile(r"^(?:" + pattern + r")\s*[:：]?\s*(?P<inline>.*)$", re.IGNORECASE) for name, pattern in _JD_SECTIONS.items()
}


def _jd_section(line: str) -> tuple[str, str] | None:
    """Classify a heading line; return (section, inline text after a colon)."""
    probe = _strip_bullet(line) if len(line) < 40 else line
    probe = probe.replace("’", "'").strip().strip("*_#: ").strip()
    colon = probe.find(":")
    if 0 < colon <= 45:
        head, inline = probe[:colon].strip(" *_"), probe[colon + 1 :].strip()
        for name, pattern in _JD_SECTION_RE.items():
            match = pattern.match(head)
            if match and not match.group("inline"):
                return name, inline
        return None
    if not probe or len(probe) > 70:
        return None
    for name, pattern in _JD_SECTION_RE.items():
        match = pattern.match(probe)
        if not match:
            continue
        inline = match.group("inline").strip()
        head_len = len(probe) - len(inline)
        if inline and ":" not in probe[:head_len + 1]:
            continue  # "Experience with Python" is an item, not a heading
        if not inline and (probe.endswith(".") or len(probe.split()) > 8):
            continue
        return name, inline
    return None


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


_NICE_HINT = re.compile(r"\b(?:a plus|is a plus|bonus|nice to have|preferred|desirable|ideally|advantage|asset)\b", re.I)
_MUST_HINT = re.compile(
    r"\b(?:required|requirement|must|minimum|at least|\d+\+?\s*years|proficien\w*|experience (?:with|in)|"
    r"degree|license|licence|certified|certification)\b",
    re.I,
)
_JD_TITLE_RE = re.compile(r"^(?:job\s+title|title|position|role|job)\s*[:：]\s*(?P<v>.+)$", re.IGNORECASE)
_JD_COMPANY_RE = re.compile(r"^(?:company|employer|organi[sz]ation|hiring company)\s*[:：]\s*(?P<v>.+)$", re.I)


def _jd_company(lines: list[str], title: str | None) -> str | None:
    for line in lines:
        match = _JD_COMPANY_RE.match(line)
        if match:
            return _shorten(match.group("v"), 60)
    for line in lines:
        match = re.match(r"^(?i:about)\s+(?P<v>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})\s*:?$", line.strip("#*_ "))
        if match and match.group("v").lower().split()[0] not in {"the", "us", "you", "our", "this", "your", "role", "we"}:
            return match.group("v")
    # "Acme Corp — Berlin" just under the title.
    for line in [ln for ln in lines if ln][1:3]:
        first = re.split(r"\s+[—–|·•]\s+|\s+-\s+|,\s+", line)[0].strip()
        if (
            first != line.strip()
            and re.match(r"^[A-Z][\w&.'-]*(?:\s+(?:&\s+)?[A-Z][\w&.'-]*){0,3}$", first)
            and not _LOCATION_RE.match(first)
            and not _TITLE_WORDS.search(first)
            and not _jd_section(first)
        ):
            return first
    head = " ".join(lines[:15])
    for pattern in (
        r"\b(?:at|join)\s+(?P<v>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,2})(?=[,.!\s]|$)",
        r"(?P<v>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,2})\s+(?:is hiring|is looking for|is seeking|offers)\b",
    ):
        for match in re.finditer(pattern, head):
            value = match.group("v")
            if value.split()[0].lower() not in {"the", "our", "a", "an", "we", "you", "this", "least", "all", "home"}:
                if not title or value.lower() not in title.lower():
                    return value
    if title:
        match = re.search(r"\b(?:at|@)\s+(?P<v>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,2})$", title)
        if match:
            return match.group("v")
    return None


def _jd_title(lines: list[str], raw_lines: list[str]) -> str | None:
    for line in lines[:20]:
        match = _JD_TITLE_RE.match(line)
        if match:
            return _shorten(match.group("v"), 80)
    for line in [ln for ln in lines if ln][:8]:
        if _jd_section(line) or _is_bullet(line) or len(line) > 80 or line.endswith("."):
            continue
        if re.search(r"https?://|@|\$|\d{3}", line) or not re.search(r"[A-Za-z]{2}", line):
            continue
        if _TITLE_WORDS.search(line) and not re.match(r"^[\w-]+$", line):
            return _shorten(line, 80)
    for raw in raw_lines[:10]:
        if re.match(r"^\s*#{1,3}\s*\S", raw):
            line = _clean_line(raw)
            if line and not _jd_section(line) and len(line) <= 80:
                return line
    return None


def extract_job_requirements(text: str) -> JobRequirements:
    """Extract the requirements of a job description (after dropping lines addressed to a reader)."""
    clean = strip_instructions(text or "")
    lines = _lines(clean)
    buckets: dict[str, list[str]] = {"must": [], "nice": [], "resp": [], "top": [], "other": []}
    current = "top"
    base_indent = None
    parent_nice = False
    raw_lines = _prepare(clean).split("\n")
    for raw, line in zip(raw_lines, lines, strict=False):
        if not line:
            continue
        heading = _jd_section(line)
        indent = len(raw.expandtabs(4)) - len(raw.expandtabs(4).lstrip())
        if heading:
            current, inline = heading
            parent_nice = False
            base_indent = indent
            if inline:
                buckets[current].extend(i for i in _split_items(inline) if len(i) > 1)
            continue
        item = _strip_bullet(line)
        if not item:
            continue
        # A nested list under a "Bonus:" item of a requirements list.
        if current == "must" and _is_bullet(line) and re.fullmatch(
            r"(?:bonus(?: points)?|nice to have|preferred|pluses|a plus|extra)\s*:?", item, re.I
        ):
            parent_nice, base_indent = True, indent
            continue
        if parent_nice and (base_indent is None or indent > base_indent):
            buckets["nice"].append(item)
            continue
        parent_nice = False
        buckets[current].append(item)

    def items(bucket: list[str], limit: int) -> list[str]:
        out = []
        for entry in bucket:
            for sentence in (re.split(r"(?<=[.!?])\s+(?=[A-Z])", entry) if len(entry) > 200 else [entry]):
                sentence = sentence.strip()
                if len(sentence) >= 3 and not re.match(r"^(?:job type|salary|location)\s*:", sentence, re.I):
                    out.append(_shorten(sentence, 160))
        return _dedupe(out, limit)

    must = items(buckets["must"], 15)
    nice = items(buckets["nice"], 12)
    resp = items(buckets["resp"], 12)
    # Preferences listed among the must-haves belong with the nice-to-haves.
    # ("BSN preferred" after a semicolon, or a preference in brackets, only qualifies a must-have.)
    moved = [
        m for m in must
        if _NICE_HINT.search(re.split(r"[;,(]", m)[0]) and not re.search(r"\brequired\b|\bmust\b", m, re.I)
    ]
    must = [m for m in must if m not in moved]
    nice = _dedupe(moved + nice, 12)
    if not must and not nice:
        loose = [_strip_bullet(ln) for ln in lines if ln and len(ln) <= 220]
        must = _dedupe([_shorten(ln, 160) for ln in loose if _MUST_HINT.search(ln) and not _NICE_HINT.search(ln)], 12)
        nice = _dedupe([_shorten(ln, 160) for ln in loose if _NICE_HINT.search(ln)], 8)
    if not resp:
        resp = _dedupe(
            [_shorten(_strip_bullet(ln), 160) for ln in buckets["top"] if _is_bullet(ln) or re.match(r"^you(?:'ll| will)\b", ln, re.I)],
            10,
        )

    body = "\n".join(lines)
    title = _jd_title(lines, raw_lines)
    years = _years_asked(must, lines)
    return JobRequirements(
        title=title,
        company=_jd_company(lines, title),
        must_haves=must,
        nice_to_haves=nice,
        skills=_dedupe(_vocabulary_skills(body), 40),
        seniority_signals=_job_seniority(title, lines, years),
        responsibilities=resp,
        experience_years=years,
    )
