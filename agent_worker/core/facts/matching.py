"""The resume-to-job match: covered requirements and genuine gaps."""

from __future__ import annotations

import re
from typing import Any

from agent_worker.core.facts.models import JobRequirements, ResumeFacts
from agent_worker.core.facts.patterns import _END
from agent_worker.core.facts.resume import _INSTITUTION_RE
from agent_worker.core.facts.skills import _vocabulary_skills
from agent_worker.core.reading.tokens import content_stems

_STOPWORDS = set(
    "a an and or the of to in on for with at by from as is are be been being this that these those your our "
    "you we they it its their will would should can could must may have has had do does did not no strong "
    "excellent good great solid proven ability able experience experienced knowledge understanding skills "
    "skill working work using use including etc such other years year plus least one more well team teams "
    "demonstrable demonstrated deep broad familiarity familiar proficiency proficient business time things thing "
    "right done get getting make making way ways day days new people".split()
)


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z0-9+#.-]{2,}", text.lower()) if w not in _STOPWORDS}


_YEARS_RE = re.compile(r"(\d{1,2})\s*(?:\+|plus)?\s*(?:-|–|to)?\s*\d{0,2}\+?\s*(?:years?|yrs?)", re.I)


_UNPAID_RE = re.compile(r"(?:volunteer|member|participant)\b", re.I)


# Verbs of a requirement that say nothing of the kind of work ("building", "running").
_WORK_VERBS = set("building developing running managing leading delivering designing supporting providing "
                  "handling doing professional relevant related previous prior total minimum hands-on".split())
_MONTHS = {m: i for i, m in enumerate(
    "jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}


def _month(value: str | None, today_year: int | None) -> int | None:
    """A date of a position as a count of months ("Mar 2019" -> 2019*12+2; "2019" -> January; "Present" -> January
    of `today_year`), or None."""
    year = re.search(r"(19[5-9]\d|20\d\d)", value or "")
    if not year:
        return today_year * 12 if today_year and value and re.match(_END, value, re.I) else None
    named = re.search(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\b", value or "", re.I)
    number = re.search(r"\b(0?[1-9]|1[0-2])\s*[/.-]\s*(?:19|20)\d\d\b", value or "")
    month = _MONTHS[named.group(1).lower()] if named else int(number.group(1)) if number else 1
    return int(year.group(1)) * 12 + month - 1


def _resume_years(facts: ResumeFacts, today_year: int | None = None) -> float | None:
    """Years of work the positions' dates cover, a month counted once however many positions share it."""
    spans = []
    for position in facts.positions:
        if _UNPAID_RE.match(position.title or ""):
            continue  # a club membership or volunteering is not years of work experience
        start, end = _month(position.start, None), _month(position.end, today_year)
        if start is None or end is None or end < start:
            continue
        spans.append((start, end))
    if not spans:
        return None
    spans.sort()
    total, cur_start, cur_end = 0, spans[0][0], spans[0][1]
    for s, e in spans[1:]:
        if s <= cur_end:
            cur_end = max(cur_end, e)
        else:
            total += cur_end - cur_start
            cur_start, cur_end = s, e
    total += cur_end - cur_start
    return float(round(total / 12, 1))


# What in a resume shows a skill it does not name: "VPCs" and "subnets" are networking, "EKS" is Kubernetes.
_NEAR_TERMS = {
    "Networking": r"\bvpcs?\b|subnets?|tcp/ip|\bdns\b|load[- ]balanc\w*|\bvpns?\b|routing|firewalls?|\bbgp\b|cisco|"
                  r"direct connect|\bcdn\b|network(?:s|ing)?\b",
    "Linux": r"ubuntu|debian|rhel|red hat|centos|fedora|\bunix\b|\bbash\b|shell scripting",
    "AWS": r"\bec2\b|\bs3\b|\beks\b|\becs\b|\blambda\b|cloudformation|route ?53|\brds\b|amazon web services",
    "GCP": r"\bgke\b|bigquery|cloud run|google cloud",
    "Azure": r"\baks\b|microsoft azure",
    "Kubernetes": r"\beks\b|\bgke\b|\baks\b|\bhelm\b|kubectl|openshift|\bk8s\b",
    "Docker": r"containers?\b|containeri[sz]\w*",
    "SQL": r"postgres\w*|mysql|sql server|sqlite|oracle|bigquery|redshift|snowflake|\bsql\b",
    "CI/CD": r"jenkins|github actions|gitlab ci|circleci|argo ?cd|continuous (?:integration|delivery|deployment)",
    "Machine learning": r"scikit-learn|sklearn|tensorflow|pytorch|xgboost|predictive model\w*",
    "Statistics": r"regression|hypothesis test\w*|statistic\w*|a/b test\w*|forecast\w*",
    "Data visualization": r"tableau|power ?bi|looker|dashboards?",
    "Distributed systems": r"kafka|microservices?|cassandra|distributed|event[- ]driven|event streaming|rabbitmq|"
                           r"message (?:broker|queue|bus)s?|pub/?sub|\bsqs\b|kinesis",
    "Observability": r"prometheus|grafana|datadog|opentelemetry|\bapm\b|monitoring|logging",
    "Incident response": r"on-?call|postmortems?|incidents?",
    "Infrastructure as code": r"terraform|cloudformation|pulumi|ansible|\biac\b",
    "Communication": r"present(?:ed|ing|ations?)\b|stakeholders?|documentation|communicat\w*",
    "Nursing care": r"\brn\b|registered nurse|patient care|nursing",
    "Medication administration": r"\bmeds\b|medicines? rounds?|drug rounds?|\bmars?\b charts?|"
                                 r"administer\w* (?:\w+ )?(?:medicines?|drugs|insulin|injections?|eye ?drops)",
    "Accounting": r"\bgaap\b|ledger|reconcil\w*|accounts (?:payable|receivable)|\bcpa\b|accountant",
    "Excel": r"spreadsheets?|pivot tables?|vlookup",
    "Microsoft Office": r"\bexcel\b|\bword\b|powerpoint|outlook",
    "Project management": r"project manag\w*|\bpmp\b|scrum|kanban|agile",
    "Attention to detail": r"\baccura(?:te|cy)\b|detail[- ]oriented|\bprecis(?:e|ion)\b|error[- ]free|\berror rates?\b",
}
_NEAR_RES = {skill.lower(): re.compile(pattern, re.IGNORECASE) for skill, pattern in _NEAR_TERMS.items()}
_LINES_RE = re.compile(r"\n|(?<=[.;!?])\s+")


def shows_skill(skill: str, text: str) -> str | None:
    """What in `text` shows `skill` without naming it: its own words in another form in one line ("administered
    medication" for medication administration; a skill of two words or more), or a near term ("a message broker"
    for distributed systems). The setup page's match and the interviewer's gaps read it alike; the name alone in
    any line is no proof ("The Linux Foundation")."""
    stems = content_stems(skill)
    if len(stems) >= 2:
        line = next((line for line in _LINES_RE.split(text) if stems <= content_stems(line)), None)
        if line is not None:
            return line.strip()
    pattern = _NEAR_RES.get(skill.lower())
    match = pattern.search(text) if pattern else None
    return match.group(0) if match else None
# A requirement that asks for something a resume can show (a credential, a language, experience of something).
_CHECKABLE = re.compile(
    r"\b(?:degree|bachelor\w*|master\w*|ph\.?d|msc|bsc|mba|licen[cs]e\w*|certif\w*|diploma|experience\w*|"
    r"years?|proficien\w*|knowledge|fluen\w*|english|spanish|french|german|background|track record|portfolio|"
    r"clearance|authori[sz]ation|visa|able to|ability to|relocat\w*|travel)\b",
    re.IGNORECASE,
)


# A statement of who the candidate is ("You're tenacious - …", "You work with urgency - …"): a quality to show in
# the answers, never matched by the common words it shares with a resume ("business", "time").
_QUALITY = re.compile(
    r"^(?:you(?:'|’)re|you are|you(?:'|’)ve got|you (?:work|care|thrive|love|enjoy|like|take|get|want|act|move|"
    r"embrace|value|believe|keep|stay|pick|roll|find|see|seek|bring (?:energy|enthusiasm|a positive))\b)",
    re.IGNORECASE,
)
# Requirements about a kind of thing the resume shows by example: "at least one programming language" is shown
# by Python; "a CS degree" by "B.S. in Computer Science".
_LANGUAGES = re.compile(
    r"(?<![\w+#])(?:Python|Java|JavaScript|TypeScript|Go(?:lang)?|Rust|C\+\+|C#|Ruby|PHP|Kotlin|Swift|Scala|Haskell|"
    r"Elixir|Erlang|Clojure|OCaml|F#|Node\.js|Perl|Lua|Dart|Julia|Objective-C|Elm)(?![\w+#])"
)
_KINDS = [
    (re.compile(r"\bprogramming languages?\b|\bcoder\b|\bcoding\b|\bsoftware development\b", re.I), "skills", _LANGUAGES),
    (re.compile(r"\bdegree\b|\bbachelor|\bb\.?\s?sc?\b|\bmaster'?s\b|\bph\.?d\b|\bmsc\b|\bbsn\b", re.I), "education",
     re.compile(r"\b(?:bachelor|master|b\.?\s?sc|m\.?\s?sc|b\.\s?s\.|m\.\s?s\.|b\.?\s?a\.|ph\.?\s?d|mba|bsn|"
                r"degree|diploma|licenciatura|grado)|学士|硕士|博士|本科|研究生", re.I)),
]


# Abbreviations of fields of study, read as the field's words.
_FIELD_ABBREVIATIONS = [
    (re.compile(r"\b(?:BSN|ASN|ADN|MSN|DNP)\b"), " nursing "), (re.compile(r"\bCS\b"), " computer science "),
    (re.compile(r"\bEE\b"), " electrical engineering "), (re.compile(r"\bHR\b"), " human resources "),
    (re.compile(r"\bIT\b"), " information technology "), (re.compile(r"\b(?:BBA|MBA)\b"), " business administration "),
]
# Where a requirement names the field of the degree it asks: "Bachelor of Nursing Science", "degree in X or Y",
# "a CS degree".
_FIELD_AFTER = re.compile(
    r"\b(?:bachelor|master|associate)(?:['’]?s)?\s+of\s+(?:(?:science|arts)\s+(?:in\s+)?)?(?P<of>[^;.():]+)|"
    r"\b(?:degrees?|bachelor'?s?|master'?s?|associate'?s?|b\.?\s?sc?\.?|m\.?\s?sc?\.?|b\.?a\.|ph\.?\s?d\.?|diploma)"
    r"(?:\s*/\s*[\w.']+)*\s+in\s+(?P<in>[^;.():]+)",
    re.IGNORECASE,
)
_FIELD_BEFORE = re.compile(r"(?P<before>(?:\b[A-Za-z&-]+\s+){1,2})degree\b", re.IGNORECASE)
_FIELD_END = re.compile(
    r"\s+(?:from|with|preferred|required|is|are|plus|strongly|highly|and/or|at|by|who|that|which)\b.*$|"
    r",?\s+or\s+(?:equivalent|comparable)\b.*$",
    re.IGNORECASE,
)
# Words that name no field: a degree's own words, "related field", the article.
_NOT_FIELD = set(
    "a an the any other of in or and related relevant similar equivalent comparable field fields area areas "
    "discipline disciplines subject subjects such as e g eg like including quantitative technical scientific "
    "science sciences studies arts degree degrees bachelor bachelors master masters associate associates s "
    "program programs major concentration accredited four year 4-year university college valid advanced "
    "graduate undergraduate postgraduate have hold holds possess preferably ideally completed formal".split()
)


def _field_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", text.lower()) if w not in _NOT_FIELD and len(w) > 1}


def _expanded(text: str) -> str:
    for pattern, words in _FIELD_ABBREVIATIONS:
        text = pattern.sub(words, text)
    return text


def _degree_fields(requirement: str) -> list[tuple[str, set[str]]]:
    """The fields of study a degree requirement names, each as (how it is said, its words): "Bachelor of Nursing
    Science" names nursing; "Computer Science or a related field such as Mathematics" names two; "a related
    field" alone names none, nor does "Bachelor's degree"."""
    text = _expanded(requirement)
    match = _FIELD_AFTER.search(text)
    said = (match.group("of") or match.group("in")) if match else ""
    if not _field_words(said):
        before = _FIELD_BEFORE.search(text)
        said = before.group("before") if before else ""
    said = _FIELD_END.sub("", said).strip(" ,")
    fields = []
    for part in re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*/\s*|\bsuch as\b|\be\.g\.", said):
        words = _field_words(part)
        if words:
            named = re.sub(r"^(?:an?|the)\s+|\s+degrees?$", "", re.sub(r"\s+", " ", part).strip(" ,"), flags=re.I)
            fields.append((named.lower(), words))
    return fields


def _same_field(asked: set[str], shown: str) -> bool:
    """Whether an education entry's words name every word of a field asked ("Nursing" in "B.S. in Nursing")."""
    words = set(re.findall(r"[a-z]+", _expanded(shown).lower()))
    return all(any(w.startswith(a[:5]) or (len(w) >= 4 and a.startswith(w)) for w in words) for a in asked)


def _degree_verdict(requirement: str, facts: ResumeFacts) -> tuple[bool, str] | None:
    """A degree in a named field is shown only by a degree in that field or one the requirement names as its
    equivalent: a degree in human resources is no nursing degree. None when the requirement names no field."""
    fields = _degree_fields(requirement)
    degrees = [e for e in facts.education if _KINDS[1][2].search(e)]
    if not fields or not degrees:
        return None
    for entry in degrees:
        if any(_same_field(words, entry) for _, words in fields):
            return True, "resume shows " + _cut(entry)
    named = " or ".join(said for said, _ in fields)
    return False, f"asks for a degree in {named}; the resume shows " + _cut(_degree_only(degrees[0]), 60)


def _degree_only(entry: str) -> str:
    """An education entry without its school, places and dates: "Bachelor of Arts, Business Administration"."""
    chunks = [c for c in re.sub(r"\s*\([^)]*\)\s*$", "", entry).split(", ")]
    kept = []
    for chunk in chunks:
        if _INSTITUTION_RE.search(chunk):
            break
        kept.append(chunk)
    return ", ".join(kept) or chunks[0]


def _shown_by_kind(requirement: str, facts: ResumeFacts, text: str) -> str | None:
    for asks, where, shown in _KINDS:
        if not asks.search(requirement):
            continue
        pool = " | ".join(facts.education) if where == "education" else " ".join([*facts.skills, text])
        match = shown.search(pool)
        if match:
            if where == "education":
                return next(e for e in facts.education if shown.search(e))
            return match.group(0)
    return None


def _shown_by(skill: str, skills: dict[str, str], text: str) -> str | None:
    """What in the resume shows `skill`: the skill listed, or a near term in its text ("VPC" for Networking)."""
    return skill if skill.lower() in skills else shows_skill(skill, text)


_US_STATES = (
    "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|"
    "Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|"
    "Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|"
    "Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|"
    "West Virginia|Wisconsin|Wyoming"
)
_STATE_RE = re.compile(rf"\b({_US_STATES})\b")
_CREDENTIAL = re.compile(r"\blicen[cs]\w*|\bcertif\w*|\bcredential\w*|\bregistration\b|\bregistered\b", re.I)
_ANY_STATE = re.compile(r"\bin the state (?:you(?: are|'re) applying (?:for|in|to)|(?:where )?you(?:'ll| will) (?:work|practi[cs]e))|"
                        r"\bin (?:this|the hiring) state\b", re.I)
_CURRENT = re.compile(r"\b(?:current|active|valid|unrestricted|unencumbered|in good standing)\b", re.I)
_LAPSED = re.compile(r"\b(?:expired|lapsed|inactive|revoked|suspended)\b", re.I)
# Words of a credential requirement that qualify it rather than name it.
_QUALIFIER_WORDS = set("current active valid unrestricted unencumbered good standing state states applying apply "
                       "issued the a an in of for you are by board must hold have be with or and from this hiring "
                       "license licence licensure licensed certification certified certificate credential "
                       "registration".split())


def _credential_words(text: str) -> set[str]:
    """What a credential is ("rn", "journeyman", "electrician"), without its qualifiers."""
    states = {w.lower() for w in _STATE_RE.findall(text) for w in w.split()}
    return {w for w in re.findall(r"[a-z][a-z0-9+#-]+", text.lower())
            if w not in _QUALIFIER_WORDS and w not in states and w not in _STOPWORDS}


def _credential_verdict(requirement: str, lines: list[str]) -> tuple[bool | None, str, bool] | None:
    """A credential asked with a qualifier (a state, "current", "active") judged on the resume line that shows the
    credential: (met, why, to confirm). None when the requirement is no credential or names no qualifier."""
    if not _CREDENTIAL.search(requirement):
        return None
    asked_states = set(_STATE_RE.findall(requirement))
    any_state = bool(_ANY_STATE.search(requirement))
    current = bool(_CURRENT.search(requirement))
    if not (asked_states or any_state or current):
        return None
    core = _credential_words(requirement)
    shown = [line for line in lines if _CREDENTIAL.search(line) and core & _credential_words(line)]
    if not shown:
        return None  # judged as any requirement: by what the resume says of it
    # The line that names the credential best, and of those one that shows the state or currency asked for
    # ("PTCB Certified Pharmacy Technician" and "Ohio Board of Pharmacy technician registration, active").
    line = max(shown, key=lambda ln: (len(core & _credential_words(ln)), bool(set(_STATE_RE.findall(ln)) & asked_states),
                                      bool(_CURRENT.search(ln))))
    held = set(_STATE_RE.findall(line))
    said = _cut(line.strip(" -•*"), 60)
    if _LAPSED.search(line):
        return False, f"resume shows {said}, not a current one", False
    if asked_states:
        if held & asked_states:
            return True, "resume shows " + said, False
        where = " or ".join(sorted(asked_states))
        if held:
            return None, f"asks for one held in {where}; the resume shows {said}: confirm you hold it in {where}", True
        return None, f"asks for one held in {where}; the resume does not say where yours is held", True
    if any_state:
        return None, f"asks for one in the state you apply in; the resume shows {said}: confirm it is from there", True
    if _CURRENT.search(line):
        return True, "resume shows " + said, False
    return None, f"asks for a current one; the resume shows {said}: confirm it is current", True


# A thing a requirement names by its own name: an acronym, a product or a code ("PTCB", "ExCPT", "PioneerRx",
# "QS/1", "HGV", "ServSafe"), written with two capitals or more, or letters and digits. Not a country.
_NAMED = re.compile(r"\b(?=[A-Za-z0-9/+-]*[A-Z][A-Za-z0-9/+-]*[A-Z0-9])[A-Za-z][A-Za-z0-9/+-]*[A-Za-z0-9]\b")
_NOT_NAMED = {"US", "USA", "UK", "EU", "IT", "ID", "OK", "AM", "PM", "HR", "FT", "PT", "EEO", "EOE", "ADA"}
_ALTERNATIVES = re.compile(r"\b(?:or|one of|any of|such as|e\.g\.|for example|like|including)\b", re.I)


def _named_things(requirement: str) -> list[str]:
    return [m for m in _NAMED.findall(requirement) if m not in _NOT_NAMED and not m.isdigit()]


def _named_verdict(requirement: str, resume_text: str) -> tuple[bool, str] | None:
    """A requirement that names its thing ("PTCB or ExCPT national certification", "a pharmacy system (e.g.
    PioneerRx or QS/1)") is met when the resume names it too: one of them where it offers a choice, all of them
    otherwise. None when it names nothing or the resume names none of it (judged as any requirement then)."""
    named = _named_things(requirement)
    if not named:
        return None
    # An acronym as it is written ("PIT" is no "fire pit"); a product's name in any case ("Pioneerrx").
    found = [n for n in named if re.search(rf"(?<![\w/]){re.escape(n)}(?![\w/])", resume_text,
                                           0 if n.isupper() else re.I)]
    if not found or (len(found) < len(named) and not _ALTERNATIVES.search(requirement)):
        return None
    return True, "resume shows " + ", ".join(dict.fromkeys(found))


_CREDENTIAL_KINDS = frozenset("licence license licences licenses licensed certificate certificates certification "
                              "certified card cards qualification qualifications qualified registration registered "
                              "diploma award endorsement ticket".split())
# "(or willing to obtain)", ", or willing to work towards it": the posting takes the promise for the thing.
_WILLING_TO_OBTAIN = re.compile(r"\s*[,(;]?\s*\(?\s*\b(?:or\s+)?(?:be\s+)?willing(?:ness)? to (?:obtain|get|gain|complete|"
                                r"achieve|study|work towards?|acquire|undertake)\b[^)]*\)?", re.IGNORECASE)


def _cut(text: str, limit: int = 70) -> str:
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def match_resume_to_job(
    facts: ResumeFacts, reqs: JobRequirements, *, today_year: int | None = None, resume_text: str = ""
) -> dict[str, Any]:
    """Compare resume facts (and the resume's text, when given) with job requirements: matched skills and
    requirements, and the gaps. A skill counts as shown when a near term shows it ("VPCs" for networking);
    a quality no resume can show ("curious and empathetic") is no gap but a quality to show in the answers."""
    resume_skills = {s.lower(): s for s in facts.skills}
    job_skills = list(reqs.skills)
    pieces = [*facts.skills, *(p.describe() for p in facts.positions), *facts.projects, *facts.results,
              *facts.education, resume_text]
    resume_text = " ".join(pieces)
    shown = {s: _shown_by(s, resume_skills, resume_text) for s in job_skills}
    matched_skills = [s for s in job_skills if shown[s]]
    missing_skills = [s for s in job_skills if not shown[s]]
    resume_lines = [_words(line) for piece in pieces for line in re.split(r"\n|(?<=[.;!?])\s+", piece)]
    if today_year is None:
        import datetime

        today_year = datetime.date.today().year
    years = _resume_years(facts, today_year)

    raw_lines = [line for piece in pieces for line in re.split(r"\n|(?<=[.;!?])\s+", piece) if line.strip()]
    to_confirm: list[dict[str, str]] = []

    def judge(requirement: str) -> tuple[bool | None, str]:
        willing = _WILLING_TO_OBTAIN.search(requirement)
        if willing:
            # "Hazmat endorsement (or willing to obtain)": the thing itself, which the resume shows or not; never a
            # quality. Not shown, it is a gap the candidate can answer by saying they will get it.
            met, why = judge(_WILLING_TO_OBTAIN.sub("", requirement).strip(" ,;-–—"))
            return (True, why) if met else (False, "not in the resume; the posting takes someone willing to get it")
        credential = _credential_verdict(requirement, raw_lines)
        if credential is not None:
            met, why, confirm = credential
            if confirm:
                return None, "confirm: " + why
            return met, why
        years_match = _YEARS_RE.search(requirement)
        if years_match and years is not None and years < int(years_match.group(1)):
            return False, f"asks for {years_match.group(0)}; the resume shows about {years:.0f}"
        if years_match:
            # The years are one part of it: what they are years of must be in the resume too ("5+ years of
            # warehouse experience"), never met by a count of years alone.
            rest = _YEARS_RE.sub(" ", requirement)
            if not (_words(rest) - {"professional", "relevant", "related", "previous", "prior", "total", "minimum"}):
                return (True, f"the resume shows about {years:.0f} years") if years is not None else \
                    (False, "the resume's dates do not show it")
            met, why = judge(rest)
            # The kind of work the years are of ("warehouse", "backend services") named in one line of the resume.
            of_work = _words(rest) - _WORK_VERBS
            named = max((of_work & line for line in resume_lines), key=len, default=set())
            if not met and named and not _vocabulary_skills(rest):
                met, why = True, "resume mentions " + ", ".join(sorted(named)[:4])
            if met and years is not None:
                return True, f"{why}; about {years:.0f} years in all"
            return (False, why if met is False else "not evident in the resume")
        req_skills = _vocabulary_skills(requirement)
        degree = _degree_verdict(requirement, facts) if _KINDS[1][0].search(requirement) else None
        if degree:
            return degree
        kind = _shown_by_kind(requirement, facts, resume_text)
        if kind:
            return True, "resume shows " + _cut(kind)
        if req_skills:
            evidence = {s: _shown_by(s, resume_skills, resume_text) for s in req_skills}
            have = [s if evidence[s] == s else f"{evidence[s]} ({s})" for s in req_skills if evidence[s]]
            missing = [s for s in req_skills if not evidence[s]]
            # One of the alternatives it names is enough ("Go, Python or Rust"); else half of them.
            either = re.search(r"\b(?:or|one of|any of|such as|e\.g\.)\b", requirement, re.I)
            if have and (either or len(have) * 2 >= len(req_skills)):
                why = "resume shows " + ", ".join(have)
                return True, why + ("; not " + ", ".join(missing) if missing else "")
            return False, "resume does not mention " + ", ".join(missing)
        by_name = _named_verdict(requirement, resume_text)
        if by_name:
            return by_name
        if _QUALITY.match(requirement) and not years_match and not _CHECKABLE.search(requirement):
            return None, "a quality to show in your answers"
        # A credential's kind ("licence", "certificate") is shared by any two credentials: "Forklift licence" is not
        # shown by "Full UK driving licence"; what it is a licence for must be in the resume.
        words = _words(requirement) - _CREDENTIAL_KINDS
        # The words it shares with one line of the resume: "drive" from "a proxy drive app" and "solution" from
        # "an identity solution" two pages apart show no drive to find solutions.
        common = max((words & line for line in resume_lines), key=len, default=set())
        if words and (len(common) >= 2 or len(common) / len(words) >= 0.4):
            return True, "resume mentions " + ", ".join(sorted(common)[:4])
        if not years_match and not _CHECKABLE.search(requirement):
            return None, "a quality to show in your answers"
        return False, "not evident in the resume"

    matched_requirements: list[dict[str, str]] = []
    gaps: list[dict[str, str]] = []
    qualities: list[dict[str, str]] = []
    for requirement in reqs.must_haves:
        ok, why = judge(requirement)
        if ok is None and why.startswith("confirm: "):
            to_confirm.append({"requirement": requirement, "why": why.removeprefix("confirm: ")})
            continue
        bucket = qualities if ok is None else matched_requirements if ok else gaps
        bucket.append({"requirement": requirement, "why": why})
    nice_matched = [n for n in reqs.nice_to_haves if judge(n)[0]]
    # A credential to confirm is not yet visible: it counts against the share until the candidate confirms it.
    total = len(matched_requirements) + len(gaps) + len(to_confirm)
    return {
        "matched_skills": matched_skills,
        "missing_skills": missing_skills,
        "extra_skills": [s for s in facts.skills if s.lower() not in {j.lower() for j in job_skills}][:15],
        "matched_requirements": matched_requirements,
        "gaps": gaps,
        "qualities": qualities,
        "to_confirm": to_confirm,
        "nice_to_haves_matched": nice_matched,
        "resume_years": years,
        "coverage": round(len(matched_requirements) / total, 2) if total else None,
    }
