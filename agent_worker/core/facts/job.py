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
    _CITY_STATE,
    _header_lines,
    _jd_company,
    _jd_location,
    _jd_section,
    _jd_title,
    front_field,
    front_matter,
)
from agent_worker.core.facts.job_level import _job_seniority, _years_asked
from agent_worker.core.facts.models import JobRequirements
from agent_worker.core.facts.resume import _split_items
from agent_worker.core.facts.skills import _vocabulary_skills

_NICE_HINT = re.compile(r"\b(?:a plus|is a plus|bonus|nice to have|preferred|desirable|ideally|advantage|asset|"
                        r"would be useful|not essential)\b", re.I)
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
    r"\b(?:night|weekend|rotating|evening|12-hour|on-call|on call) (?:shifts?|work|rotations?|rotas?|rosters?)\b|"
    r"\bshift work\b|\bwork (?:nights|weekends|holidays|shifts)\b|"
    r"\bwork (?:one|1|two|2|every|alternate|some) (?:weekend|night|evening)s?\b|\bflexible schedule\b|\btime ?zones?\b|"
    r"\b(?:PST|EST|CET|UTC|GMT)\b|\b(?:desire|willing\w*) to work in\b|"
    r"\b(?:be |are )?(?:based|located|living|reside|residing) in\b|\bcommut\w*|"
    # A driver's licence to get to work is a condition; a commercial one (a CDL, class A) is the job's credential.
    r"(?<!commercial )(?<!class [a-d] )\bdriver'?s licen[cs]e\b(?!.*\b(?:CDL|class [a-d])\b)|"
    r"\blift(?:ing)? (?:up to )?\d+\s*(?:lbs?|pounds|kg)\b|"
    # Where and how the body works: the cold, the heat, the standing ("Able to work in temperatures down to -10°F").
    r"\bwork (?:in|inside) (?:temperatures|(?:an? )?(?:freezer|cold|refrigerated|hot|outdoor)\w*)|"
    r"\b(?:stand|sit|walk)(?:ing)? for (?:up to |long periods|most|a full|the (?:whole|full|entire))",
    re.I,
)


# What the employer promises to do or give ("we will train you", "full training is given", "No experience is
# needed"): said to win the candidate, never asked of them.
_PROMISE = re.compile(
    r"\b(?:we|we(?:'|’)ll|we will)\s+(?:will\s+)?(?:provide|offer|train|certify|teach|pay for|cover|support|give|fund|"
    r"sponsor|arrange|apply for|help you)\b|"
    r"\b(?:full|paid|free)\s+training\b|\btraining (?:is |will be )?(?:provided|given)\b|"
    r"^no (?:prior |previous )?(?:experience|qualifications?) (?:is |are )?(?:needed|necessary|required)\b",
    re.I,
)


def _is_pitch(item: str, company: str | None) -> bool:
    """A line selling the job or the company ("Read our blog", "Flint will provide training…", "Are you a
    Lisp hacker?"), a promise ("we'll train you"), or equal-opportunity and benefits boilerplate."""
    if _BOILERPLATE.search(item) or _PITCH_START.match(item) or _PROMISE.search(item):
        return True
    if item.rstrip().endswith("?") and not _MUST_HINT.search(item):
        return True
    if not company:
        return False
    return bool(
        re.match(rf"^(?:{re.escape(company)})\s+(?:will|offers?|provides?|is|are|has|was|helps|gives|pays)\b", item,
                 re.I)
    )


# A line of the job's terms, not of the candidate: a heading left in a list ("Knowledge, Skills, and Abilities:"),
# the place ("Tyler, TX", "Location: Hartwell, GA"), the hours or the pay ("Hours: …", "$22.50 per hour").
_TERMS_LINE = re.compile(
    r"^(?:location|hours|work hours|schedule|work schedule|shifts?|pay|salary|compensation|wages?|rate of pay|"
    r"benefits|perks|start date|job type|employment type|contract)\s*[:：]|"
    r"[$£€]\s?\d[\d,.]*(?:\s*[-–]\s*[$£€]?\s?\d[\d,.]*)?\s*(?:k\b)?\s*(?:per|an|a|/)\s*(?:hour|hr|year|yr|month|week|annum)\b",
    re.I,
)


def _is_terms(item: str, location: str | None) -> bool:
    """Whether a listed line is a heading, the job's place, or its hours and pay: never a requirement."""
    bare = item.strip(" *_#").rstrip(".")
    if bare.endswith(":") or _TERMS_LINE.search(bare):
        return True
    return bool(_CITY_STATE.fullmatch(bare) or (location and bare.lower() == location.lower()))


def _without_promise(item: str) -> str:
    """A requirement without the promise in brackets or in a clause after it ("Valid forklift certification (we will
    certify …)", "Food hygiene certificate, or willing to obtain - we will train you", "…, as full training is
    given"): what is asked stays."""
    item = re.sub(r"\s*\((?=[^()]*\bwe\b)[^()]*\)", "", item, flags=re.I).strip()
    clauses = re.split(r"(\s*(?:[,;:]|\s[-–—])\s*(?:as |but |and |since )?)", item)
    while len(clauses) >= 3 and _PROMISE.search(clauses[-1].strip()):
        clauses = clauses[:-2]
    return "".join(clauses).strip()


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
    fields, body = front_matter(text or "")
    clean = strip_instructions(body)
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
        if heading is None and current != "top" and (re.match(r"^\s*#{1,6}\s", raw) or
                                                     re.fullmatch(r"\s*\*\*[^*]{2,60}\*\*\s*", raw)):
            heading = ("other", "")  # a heading of its own ("## Work Year"): what follows is no requirement
        if heading and heading[1] and _is_bullet(line):
            # "- Location: Hartwell, GA" among the requirements: a labelled line, not the start of a section.
            if heading[0] != "other":
                buckets[heading[0]].extend(i for i in _split_items(heading[1]) if len(i) > 1)
            continue
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
    # Front matter states them as fields ("title = …"): read as such, never shown raw.
    if front_field(fields, "title", "job_title", "position", "role"):
        title, title_confidence = _shorten(str(front_field(fields, "title", "job_title", "position", "role")), 80), 0.95
    if front_field(fields, "company", "employer", "organization", "organisation", "hiring_company"):
        company = _shorten(str(front_field(fields, "company", "employer", "organization", "organisation",
                                           "hiring_company")), 60)
        company_confidence = 0.95
    if front_field(fields, "location", "job_location", "city"):
        location, location_confidence = _shorten(str(front_field(fields, "location", "job_location", "city")), 60), 0.95

    def items(bucket: list[str], limit: int) -> list[str]:
        out = []
        for entry in bucket:
            # The sentences of an item, without those that sell ("Are you a Lisp hacker? If so, join us.").
            sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", _without_promise(entry))]
            kept = [s for s in sentences if not _is_pitch(s, company) and not _is_terms(s, location)]
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
        if (_NICE_HINT.search(re.split(r"[;,(]", m)[0]) or _NICE_ANYWHERE.search(re.split(r";", m)[0]))
        and not re.search(r"\brequired\b|\bmust\b", m, re.I)
    ]
    must = [m for m in must if m not in moved]
    # "Excellent spoken English; Spanish is a plus", like "Associate degree in nursing; BSN preferred", is a
    # must-have that names what would be better.
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
    # A skill named only in a condition of the job ("share the on-call rota") is not one the job asks the resume
    # to show: it would be a gap the interviewer asks about.
    skill_text = "\n".join(ln for ln in lines if not any(c.rstrip("…") in ln for c in conditions))
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
        skills=_dedupe(_vocabulary_skills(_without_team_names(skill_text)), 40),
        seniority_signals=_job_seniority(title, lines, years),
        responsibilities=resp,
        conditions=conditions,
        experience_years=years,
    )
