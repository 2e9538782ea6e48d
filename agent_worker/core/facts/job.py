"""Job-description facts: must-haves, nice-to-haves and responsibilities, without the pitch."""

from __future__ import annotations

import re

from agent_worker.core.facts.cleanup import (
    _dedupe,
    _is_bullet,
    _lines,
    _prepare,
    _shorten,
    _strip_bullet,
    strip_instructions,
)
from agent_worker.core.facts.job_layout import (
    _header_lines,
    _jd_company,
    _jd_location,
    _jd_section,
    _jd_title,
)
from agent_worker.core.facts.job_level import _job_seniority, _years_asked
from agent_worker.core.facts.models import JobRequirements
from agent_worker.core.facts.resume import _split_items
from agent_worker.core.facts.skills import _vocabulary_skills

_NICE_HINT = re.compile(r"\b(?:a plus|is a plus|bonus|nice to have|preferred|desirable|ideally|advantage|asset)\b", re.I)
_NICE_ANYWHERE = re.compile(r"\bwould be (?:an? )?(?:\w+ )?(?:asset|plus|advantage|bonus)\b|\bis a plus\b", re.I)
# Lines of a posting that sell the job or the company, or are boilerplate: never a requirement or a duty.
_PITCH_START = re.compile(
    r"^(?:we|we'?re|we'?ve|we'?ll|our|us|read|check out|learn more|visit|if so|join|apply|send|e-?mail us|please|"
    r"follow us|find out|want to|interested\?|sounds? (?:good|like you)|this is your chance)\b",
    re.I,
)
_BOILERPLATE = re.compile(
    r"\b(?:equal (?:employment )?opportunity|eeo\b|regardless of (?:race|colou?r|religion|gender|sex|age)|"
    r"reasonable accommodations?|affirmative action|401\(?k\)?|paid time off|unlimited (?:pto|vacation)|"
    r"(?:medical|health|dental|vision) (?:insurance|benefits|coverage)|stock options|sign-on bonus|"
    r"tuition reimbursement|background check|e-verify)\b",
    re.I,
)
_DUTY_REQUIRED = re.compile(r"\b(?:is|are) required\b|\brequired to\b|\bmust (?:have|be|hold|possess)\b", re.I)
_MUST_HINT = re.compile(
    r"\b(?:required|requirement|must|minimum|at least|\d+\+?\s*years|proficien\w*|experience (?:with|in)|"
    r"degree|license|licence|certified|certification)\b",
    re.I,
)

# Conditions of employment: what the candidate must accept (relocation, the right to work, travel, shifts, a place
# or hours of work), not a skill or experience a resume shows. Listed apart, never a gap.
_CONDITION = re.compile(
    r"\brelocat\w*|\b(?:work|employment) (?:authori[sz]ation|permit|visa)|\bauthori[sz]ed to work|"
    r"\b(?:eligible|eligibility|right) to work\b|\bvisa\b|\bsponsorship\b|\bcitizen(?:ship|s)?\b|"
    r"\bsecurity clearance\b|\bbackground (?:check|screening)|\bdrug (?:test|screen)\w*|"
    r"\b(?:willing\w*|able|ability) to travel\b|\btravel (?:up to|required|is required|\d+\s*%)|\b\d+\s*% travel\b|"
    r"\b(?:night|weekend|rotating|evening|12-hour|on-call) (?:shifts?|work|rotation)\b|\bshift work\b|"
    r"\bwork (?:nights|weekends|holidays|shifts)\b|\bflexible schedule\b|\btime ?zones?\b|"
    r"\b(?:PST|EST|CET|UTC|GMT)\b|\b(?:desire|willing\w*) to work in\b|"
    r"\b(?:be |are )?(?:based|located|living|reside|residing) in\b|\bcommut\w*|\bdriver'?s licen[cs]e\b|"
    r"\blift(?:ing)? (?:up to )?\d+\s*(?:lbs?|pounds|kg)\b",
    re.I,
)


def _is_pitch(item: str, company: str | None) -> bool:
    """A line selling the job or the company ("Read our blog", "Flint will provide training…", "Are you a
    Lisp hacker?"), or equal-opportunity and benefits boilerplate."""
    if _BOILERPLATE.search(item) or _PITCH_START.match(item):
        return True
    if item.rstrip().endswith("?") and not _MUST_HINT.search(item):
        return True
    if not company:
        return False
    return bool(
        re.match(rf"^(?:{re.escape(company)})\s+(?:will|offers?|provides?|is|are|has|was|helps|gives)\b", item, re.I)
    )


_PROFILE_HEADING = re.compile(
    r"^(?:about you|who you are|your profile|the ideal candidate|you might be a fit if|what it takes|"
    r"what you need to succeed)\b",
    re.IGNORECASE,
)
# The teams a duty names ("feedback to Engineering, product management and the rest of the team", "coordinate
# with Product, Legal and other departments"): whom one works with, not a skill the job asks for.
_TEAM_LIST = re.compile(
    r"\b(?:to|with|across|between|among|alongside)\s+(?:the\s+)?(?P<teams>(?:[\w&/-]+(?:\s+[\w&/-]+){0,2},\s*){1,8}"
    r"(?:[\w&/-]+(?:\s+[\w&/-]+){0,2},?\s+)?)(?:and|&)\s+(?:the rest of (?:the|our) (?:team|company|organi[sz]ation)|"
    r"(?:all\s+)?(?:other|the other|our other)\s+(?:teams|departments|functions|groups)|the (?:wider|broader|whole|entire) "
    r"(?:team|company))",
    re.IGNORECASE,
)


def _without_team_names(text: str) -> str:
    """`text` with the lists of teams a duty names blanked out."""
    return _TEAM_LIST.sub(lambda m: m.group(0).replace(m.group("teams"), " " * len(m.group("teams"))), text)


def _header_years(lines: list[str]) -> str | None:
    """ "Remote, 11+ years" in a posting's header: the experience it asks for."""
    for line in _header_lines(lines):
        match = re.search(r"(?:^|,\s*)(\d{1,2}\s*(?:\+|-\s*\d{1,2})?\s*(?:years?|yrs?))(?:\s+of experience)?$", line, re.I)
        if match:
            return re.sub(r"\s+", " ", match.group(1))
    return None


def extract_job_requirements(text: str) -> JobRequirements:
    """Extract the requirements of a job description (after dropping lines addressed to a reader)."""
    clean = strip_instructions(text or "")
    lines = _lines(clean)
    # "profile": a must-have section that describes the person ("About you", "Who you are"), listed after the
    # required qualifications when a posting has both.
    buckets: dict[str, list[str]] = {"must": [], "profile": [], "nice": [], "resp": [], "top": [], "other": []}
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
            if current == "must" and _PROFILE_HEADING.match(_strip_bullet(line).strip("*_#: ")):
                current = "profile"
            parent_nice = False
            base_indent = indent
            if inline:
                buckets[current].extend(i for i in _split_items(inline) if len(i) > 1)
            continue
        item = _strip_bullet(line)
        if not item:
            continue
        # A nested list under a "Bonus:" item of a requirements list.
        if current in ("must", "profile") and _is_bullet(line) and re.fullmatch(
            r"(?:bonus(?: points)?|nice to have|preferred|pluses|a plus|extra)\s*:?", item, re.I
        ):
            parent_nice, base_indent = True, indent
            continue
        if parent_nice and (base_indent is None or indent > base_indent):
            buckets["nice"].append(item)
            continue
        parent_nice = False
        buckets[current].append(item)

    title, title_confidence = _jd_title(lines, raw_lines)
    location, location_confidence = _jd_location(lines)
    company, company_confidence = _jd_company(lines, title, location)

    def items(bucket: list[str], limit: int) -> list[str]:
        out = []
        for entry in bucket:
            # The sentences of an item, without those that sell ("Are you a Lisp hacker? If so, join us.").
            sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", entry)]
            kept = [s for s in sentences if not _is_pitch(s, company)]
            for sentence in kept if len(entry) > 200 else [" ".join(kept)]:
                if len(sentence) >= 3 and not re.match(r"^(?:job type|salary|location)\s*:", sentence, re.I):
                    out.append(_shorten(sentence, 160))
        return _dedupe(out, limit)

    # A requirement stated in the introduction ("Relocation to the USA is required").
    stated = [s for s in items(buckets["top"], 40) if _DUTY_REQUIRED.search(s)]
    must = items(stated + buckets["must"] + buckets["profile"], 15)
    header_years = _header_years(lines)
    if header_years and not any(re.search(r"\b(?:years?|yrs?)\b", m, re.I) for m in must):
        must.insert(0, f"{header_years} of experience")
    nice = items(buckets["nice"], 12)
    resp = items(buckets["resp"], 12)
    # Preferences listed among the must-haves belong with the nice-to-haves.
    # ("BSN preferred" after a semicolon, or a preference in brackets, only qualifies a must-have.)
    moved = [
        m for m in must
        if (_NICE_HINT.search(re.split(r"[;,(]", m)[0]) or _NICE_ANYWHERE.search(m))
        and not re.search(r"\brequired\b|\bmust\b", m, re.I)
    ]
    must = [m for m in must if m not in moved]
    nice = _dedupe(moved + nice, 12)
    if not must and not nice:
        loose = [_strip_bullet(ln) for ln in lines if ln and len(ln) <= 220 and not _is_pitch(_strip_bullet(ln), company)]
        must = _dedupe([_shorten(ln, 160) for ln in loose if _MUST_HINT.search(ln) and not _NICE_HINT.search(ln)], 12)
        nice = _dedupe([_shorten(ln, 160) for ln in loose if _NICE_HINT.search(ln)], 8)
    if not resp:
        resp = _dedupe(
            [_shorten(_strip_bullet(ln), 160) for ln in buckets["top"] if _is_bullet(ln) or re.match(r"^you(?:'ll| will)\b", ln, re.I)],
            10,
        )

    # Its header may state them too ("Full-time, 12-hour shifts (days/nights rotation)"), beside the place.
    header = [ln.strip(" #*") for ln in _header_lines(lines)[1:]
              if len(ln) <= 80 and _CONDITION.search(ln) and not (location and location in ln)]
    conditions = _dedupe([c for c in header + must + nice if _CONDITION.search(c)], 8)
    must = [m for m in must if m not in conditions]
    nice = [n for n in nice if n not in conditions]
    body = "\n".join(lines)
    # The years its header states ("Remote, 5+ years") are what the posting asks; a must-have's years ("two years
    # as a registered nurse") are one requirement's.
    years = header_years or _years_asked(must, lines)
    return JobRequirements(
        title=title,
        company=company,
        location=location,
        confidence={"company": company_confidence, "title": title_confidence, "location": location_confidence},
        must_haves=must,
        nice_to_haves=nice,
        skills=_dedupe(_vocabulary_skills(_without_team_names(body)), 40),
        seniority_signals=_job_seniority(title, lines, years),
        responsibilities=resp,
        conditions=conditions,
        experience_years=years,
    )
