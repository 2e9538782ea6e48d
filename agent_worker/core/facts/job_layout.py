"""A posting's structure: its section headings, and the facts of its header (title, company, location)."""

from __future__ import annotations

import re

from agent_worker.core.facts.cleanup import _is_bullet, _shorten, _strip_bullet, clean_line
from agent_worker.core.facts.patterns import _LOCATION_RE, _TITLE_WORDS
from agent_worker.core.facts.skills import _vocabulary_skills

# A posting's front matter: YAML between "---" lines or TOML between "+++" lines at its top (markdown sites' postings).
_FRONT_MATTER = re.compile(r"\A\s*(?P<fence>---|\+\+\+)[ \t]*\n(?P<body>.*?)\n(?P=fence)[ \t]*(?:\n|\Z)", re.DOTALL)
_FRONT_FIELD = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)\s*(?::|=)\s*(?P<value>.*?)\s*$")


def front_matter(text: str) -> tuple[dict[str, str], str]:
    """A posting's front matter as fields ({"title": "Reach Truck Operator", …}) and the text after it. Only plain
    values are read (quotes undone); lists and tables are skipped. No front matter: ({}, text)."""
    found = _FRONT_MATTER.match(text or "")
    if not found:
        return {}, text or ""
    fields: dict[str, str] = {}
    for line in found.group("body").splitlines():
        field = _FRONT_FIELD.match(line)
        if not field or line[:1].isspace():
            continue
        value = field.group("value")
        if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) >= 2:
            value = value[1:-1]
        elif value[:1] in "[{" or not value:
            continue
        fields[field.group("key").lower().replace("-", "_")] = value.strip()
    return fields, text[found.end():]


def front_field(fields: dict[str, str], *names: str) -> str | None:
    """The first of `names` the front matter gives."""
    return next((fields[n] for n in names if fields.get(n)), None)


_JD_SECTIONS = {
    "nice": r"nice[- ]to[- ]haves?|desirable(?: qualifications| skills| experience)?|nice to have(?: skills)?|bonus(?: points)?(?: if you have)?|preferred(?: qualifications| skills| experience)?|"
    r"pluses|plus|extra credit|good to have|it'?s a plus(?: if you have)?|desired(?: skills| qualifications)?|"
    r"even better if(?: you have)?|additional(?: qualifications| skills)|ideally(?:,? you have)?",
    "must": r"requirements?|minimum requirements|job requirements|must[- ]haves?|must have(?: skills)?|"
    r"(?:minimum |basic |required |key |essential )?qualifications|"
    r"knowledge,? skills,? (?:and |& )?(?:abilities|experience)|skills,? knowledge,? (?:and |& )?(?:abilities|experience)|"
    r"what you need|what you bring|required skills|skills(?: (?:&|and) experience)?|"
    r"experience|what you(?:'ll| will)? (?:need|bring)|what we(?:'re| are)? looking for|who you are|"
    r"about you|you have|you should have|you bring|your profile|your skills|the ideal candidate|"
    r"skills and qualifications|requirements and qualifications|competencies|essential(?: criteria| skills| "
    r"requirements| experience)?|"
    r"what you need to succeed|what it takes|you might be a fit if|what we look for|what we(?:'re| are) seeking|"
    r"who we(?:'re| are) looking for|you(?:'ll| will) need|what you(?:'ll| will)? have|we(?:'d| would) love (?:you )?to hear from you if",
    "resp": r"(?:key |main |core |primary |job )?responsibilities|about the (?:position|role|job|opportunity)|"
    r"about this (?:position|role|job)|the position|the opportunity|(?:your )?role and responsibilities|what you(?:'ll| will) do|what you'll be doing|"
    r"the role|your role|role|day[- ]to[- ]day|duties|(?:job|main|your) duties|(?:the )?successful candidate will|(?:key |essential )?duties(?: and responsibilities)?|job summary|in this role(?:,? you will)?|"
    r"you will|your mission|job description|description|what the job involves|the job|your impact|"
    r"what you(?:'ll| will) work on|position summary|role description|about the role",
    # What the job offers and asks of the candidate's time and body: never requirements (issue 31).
    "other": r"(?:pay|salary|compensation|schedule)(?:,? (?:and|&) (?:benefits|perks|pay))|pay (?:&|and) perks|"
    r"(?:work )?(?:hours|schedule)|work (?:year|hours|schedule)|shifts?|physical (?:requirements|demands)|"
    r"working conditions|training|(?:hiring|interview) process|how we work|start date|safeguarding|"
    r"about us|about the company|who we are|benefits|perks|compensation|salary|pay|how to apply|"
    r"equal opportunity|eeo|why join us|why us|our culture|the team|about the team|location|quick summary|"
    r"overview|company overview|what we offer|we offer|what you(?:'ll| will)? get|what(?:'s| is) in it for you|"
    r"in return|summary|apply|contact|job type|schedule|remote|"
    r"why (?:you should |you'll |you will )?(?:join|work (?:at|for|with))(?: us| [A-Z][\w&.-]*(?: [A-Z][\w&.-]*){0,3})?|"
    r"our (?:mission|values|story)|life at [A-Z][\w&.-]*|"
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


_JD_TITLE_RE = re.compile(r"^(?:job\s+title|title|position|role|job)\s*[:：]\s*(?P<v>.+)$", re.IGNORECASE)
_JD_COMPANY_RE = re.compile(r"^(?:company|employer|organi[sz]ation|hiring company)\s*[:：]\s*(?P<v>.+)$", re.I)


_NOT_A_NAME = {
    "the", "our", "a", "an", "we", "you", "this", "least", "all", "home", "us", "them", "it", "your", "their",
    "role", "team", "position", "job", "company", "remote", "hybrid", "benefits", "why", "what", "how", "who",
}
_NAME = r"[A-Z][\w&.'’-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&.'’-]*){0,3}"
# A name on a line of its own may be longer ("J. Okafor Plumbing & Heating Ltd").
_LINE_NAME = r"[A-Z][\w&.'’-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&.'’-]*){0,5}"
# Sentences in which a posting names the hiring organisation, with how sure each makes us.
_COMPANY_MENTIONS = [
    (re.compile(rf"(?P<v>{_NAME})[ \t]+(?:is|are)[ \t]+(?:hiring|looking for|seeking|recruiting)\b"), 0.85),
    (re.compile(rf"(?P<v>{_NAME})[ \t]+(?:offers|provides|is on a mission|was founded|helps|builds|runs|moves)\b"), 0.75),
    (re.compile(rf"\b(?:join|joining)[ \t]+(?P<v>{_NAME})(?=[\s,.!?;:]|$)"), 0.7),
    (re.compile(rf"\b(?:a part of|work at|working at)[ \t]+(?P<v>{_NAME})(?=[ \t]*(?:\)|[,.!?;]\s|$))"), 0.5),
]
# The last word of an organisation's name ("Marion County Clerk's Office", "Lincoln Unified School District").
_ORG_END = re.compile(r"\b(?:Office|Inc\.?|LLC|Ltd\.?|Limited|plc|PLC|Group|Co\.?|Company|Partnership|Partners|Associates|"
                      r"Hospital|Clinic|Practice|Surgery|Pharmacy|Nursery|School|Academy|College|University|District|"
                      r"Center|Centre|Services|Agency|Department|Council|Hotel|Inn|Restaurant|Trust|Union|Contractors|"
                      r"Foods|Stores|Logistics|Distribution|Solicitors)$")
_STATE_AFTER = r"\s*,\s*(?:[A-Z]{2}|[A-Z][a-z]+)\b"


# Words before "in <name>" that make it something held in a company, not a town.
_OWNED_IN_RE = re.compile(r"\b(?:equity|stake|stakes|shares?|ownership|options?|interest|invest\w*|part|career|"
                          r"future|role|job|position|growth|belief|trust|confidence)\s+$", re.IGNORECASE)


def _is_place(name: str, text: str, location: str | None) -> bool:
    """A town is never the company: a known place, a name followed by ", ST", or one inside the location."""
    if _LOCATION_RE.match(name) or (location and name.lower() in location.lower()):
        return True
    escaped = re.escape(name)
    if re.search(rf"{escaped}\s*,\s*[A-Z]{{2}}\b|\b(?:near|based in|located in)\s+{escaped}\b", text):
        return True
    # "in Austin" is a place; "Equity in Carewell", "a stake in Acme", "a career in Northwind" are not.
    return any(not _OWNED_IN_RE.search(text[: found.start()])
               for found in re.finditer(rf"\bin\s+{escaped}\b", text))


def _usable_name(value: str, title: str | None, text: str, location: str | None) -> bool:
    first = value.split()[0].lower().strip("'’")
    return (
        first not in _NOT_A_NAME
        and not (title and value.lower() in title.lower())
        and not _TITLE_WORDS.search(value)
        and not _vocabulary_skills(value)
        and not _is_place(value, text, location)
    )


def _jd_company(lines: list[str], title: str | None, location: str | None = None) -> tuple[str | None, float]:
    """The hiring organisation and how sure we are: a "Company:" label, an "About X" heading, the line under the
    title, then the sentences that name it ("X is hiring", "join X"), then the e-mail domain; never a place."""
    text = "\n".join(lines)
    for line in lines:
        match = _JD_COMPANY_RE.match(line)
        if match:
            return _shorten(match.group("v"), 60), 0.95
    for line in lines:
        match = re.match(rf"^(?i:about)\s+(?P<v>{_NAME})\s*:?$", line.strip("#*_ "))
        if match and _usable_name(match.group("v"), title, text, location):
            return match.group("v"), 0.9
    # "Acme Corp — Berlin" just under the title.
    for line in _header_lines(lines)[1:3]:
        if title and line.strip() == title:
            continue
        first = re.split(r"\s+[—–|·•]\s+|\s+-\s+|,\s+", line)[0].strip()
        if (
            first != line.strip()
            and re.fullmatch(_NAME, first)
            and _usable_name(first, title, text, location)
            and not _jd_section(first)
        ):
            return first, 0.8
    # "ComfortPro Heating & Air" on a line of its own under the title, named again in the text.
    for line in _header_lines(lines)[1:3]:
        name = line.strip(" #*_")
        if not re.fullmatch(_LINE_NAME, name) or _jd_section(name):
            continue
        rest = text.replace(line, "")
        # Named again in the text, or ending as organisations' names do ("K. Mensah Electrical Ltd", "The Riverside
        # Inn"): the company, unless the name is a place.
        if (len(re.findall(re.escape(name), text)) >= 2 and _usable_name(name, title, rest, location)) or (
                _ORG_END.search(name) and not _is_place(name, rest, location)):
            return name, 0.8
    found: dict[str, list[float]] = {}
    for pattern, confidence in _COMPANY_MENTIONS:
        for match in pattern.finditer(text):
            value = match.group("v").strip(".'’")
            if _usable_name(value, title, text, location):
                found.setdefault(value, []).append(confidence)
    if found:
        best = max(found, key=lambda v: (max(found[v]) + 0.05 * (len(found[v]) - 1), len(found[v])))
        confidence = max(found[best]) + 0.05 * (len(found[best]) - 1)
        if confidence >= 0.5:
            return best, round(min(confidence, 0.9), 2)
    if title:
        match = re.search(rf"\b(?:at|@)\s+(?P<v>{_NAME})$", title)
        if match:
            return match.group("v"), 0.7
    match = re.search(r"\b[\w.+-]+@(?:(?:careers|jobs|mail|hr|talent)\.)?(?P<d>[a-z0-9-]{2,})\.[a-z.]{2,}\b", text, re.I)
    if match and match.group("d").lower() not in {"gmail", "yahoo", "outlook", "hotmail", "example", "email"}:
        return match.group("d").capitalize(), 0.5
    return None, 0.0


_LOCATION_PART = re.compile(
    r"^(?:(?i:remote|hybrid|on-?site)\b.*|[A-Z][\w.'’-]+(?:[ -][A-Z][\w.'’-]+)*,\s*[A-Z]{2}\b.*|"
    r"(?i:new york|san francisco|london|berlin|paris|seattle|austin|boston|chicago|toronto|los angeles|seoul|"
    r"amsterdam|dublin|munich|madrid|barcelona|lisbon|singapore|sydney|tokyo|bangalore|bengaluru)\b.*)$"
)
_CITY_STATE = re.compile(r"\b[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*,\s*[A-Z]{2}(?![A-Za-z])")
_TOWN_AND_COUNTY = re.compile(r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2}(?:,\s*[A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2}|"
                              r"\s+[A-Z]{1,2}\d{1,2}[A-Z]?(?:\s+\d[A-Z]{2})?)")


def _header_lines(lines: list[str]) -> list[str]:
    """The non-empty lines above the posting's first section heading (at most eight)."""
    out: list[str] = []
    for line in lines:
        if not line:
            continue
        # "Remote" on a line of its own under the title is where the job is, not the "Remote" section below.
        where = len(out) < 3 and re.fullmatch(r"(?i:remote|hybrid|on-?site)", line.strip(" #*_"))
        if (_jd_section(line) and not where) or len(out) >= 8:
            break
        out.append(line)
    return out


def _jd_location(lines: list[str]) -> tuple[str | None, float]:
    for line in lines:
        match = re.match(r"^(?:job\s+)?location\s*[:：]\s*(?P<v>.+)$", line, re.I)
        if match:
            return _shorten(match.group("v"), 60), 0.95
    for line in _header_lines(lines):
        if re.match(r"^[\w-]+$", line) and "-" in line:
            continue  # a URL slug ("senior-engineer-remote")
        parts = [p.strip(" #*") for p in re.split(r"\s+[—–|·•]\s+|\s+-\s+", line)]
        for part in parts:
            if len(part) <= 60 and _LOCATION_PART.match(part) and not re.search(r"\d\+?\s*years", part):
                return part, 0.85
        match = _CITY_STATE.search(line)
        if match and not _TITLE_WORDS.search(match.group(0)):
            return match.group(0), 0.8
    # "Care Home - Harrogate, North Yorkshire", "Bristol BS1": a town with its county or its postcode, after the
    # name on a line of the header (the title line is the job's, never its place).
    for line in _header_lines(lines)[1:]:
        parts = [p.strip(" #*") for p in re.split(r"\s+[—–|·•]\s+|\s+-\s+", line)]
        for part in parts[1:] if len(parts) > 1 else parts:
            if _TOWN_AND_COUNTY.fullmatch(part) and not _TITLE_WORDS.search(part):
                return part, 0.75
    if re.search(r"(?im)^(?:remote|this is a (?:fully )?remote (?:position|role|job))\b", "\n".join(lines)):
        return "Remote", 0.7
    return None, 0.0


def _without_place(title: str) -> str:
    """ "Senior Engineer (Go) - Remote" without the place the posting put after its title."""
    parts = re.split(r"\s+[—–|·•]\s+|\s+-\s+", title)
    while len(parts) > 1 and _LOCATION_PART.match(parts[-1]):
        parts.pop()
    return " - ".join(parts)


# Titles of trades and service jobs the resume-side title words leave out.
_TRADE_TITLE_WORDS = re.compile(
    r"\b(?:aide|worker|chef|cook|electrician|plumber|carpenter|welder|mechanic|driver|caregiver|carer|housekeeper|"
    r"server|bartender|barista|porter|picker|packer|handler|installer|labou?rer|attendant|hygienist|paramedic|"
    r"midwife|stocker|loader|dispatcher|merchandiser|teller|cleaner|janitor|custodian|guard|nanny|groomer)s?\b",
    re.I,
)


def _jd_title(lines: list[str], raw_lines: list[str]) -> tuple[str | None, float]:
    for line in lines[:20]:
        match = _JD_TITLE_RE.match(line)
        if match:
            return _shorten(match.group("v"), 80), 0.95
    for line in [ln for ln in lines if ln][:8]:
        if _jd_section(line) or _is_bullet(line) or len(line) > 80 or line.endswith("."):
            continue
        if re.search(r"https?://|@|\$|\d{3}", line) or not re.search(r"[A-Za-z]{2}", line):
            continue
        if (_TITLE_WORDS.search(line) or _TRADE_TITLE_WORDS.search(line)) and not re.match(r"^[\w-]+$", line):
            return _shorten(_without_place(line), 80), 0.85
    for raw in raw_lines[:10]:
        if re.match(r"^\s*#{1,3}\s*\S", raw):
            line = clean_line(raw)
            if line and not _jd_section(line) and len(line) <= 80:
                return line, 0.6
    # A plain posting's first line, when it reads as a name of a job ("Receptionist", "Warehouse Operative - Nights"):
    # short, capitalised, no sentence, no pay, no section.
    first = next((ln.strip(" #*_") for ln in lines if ln), "")
    if (first and first[0].isupper() and len(first.split()) <= 8 and not first.endswith((".", ":", "!", "?"))
            and not _jd_section(first) and not re.search(r"https?://|@|[$£€]|\d{3}", first)):
        return _shorten(_without_place(first), 80), 0.6
    return None, 0.0
