"""The resume-to-job match: covered requirements and genuine gaps."""

from __future__ import annotations

import re
from typing import Any

from agent_worker.core.facts.models import JobRequirements, ResumeFacts
from agent_worker.core.facts.patterns import _END
from agent_worker.core.facts.skills import _vocabulary_skills

_STOPWORDS = set(
    "a an and or the of to in on for with at by from as is are be been being this that these those your our "
    "you we they it its their will would should can could must may have has had do does did not no strong "
    "excellent good great solid proven ability able experience experienced knowledge understanding skills "
    "skill working work using use including etc such other years year plus least one more well team teams "
    "demonstrable demonstrated deep broad familiarity familiar proficiency proficient".split()
)


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z0-9+#.-]{2,}", text.lower()) if w not in _STOPWORDS}


_YEARS_RE = re.compile(r"(\d{1,2})\s*(?:\+|plus)?\s*(?:-|–|to)?\s*\d{0,2}\+?\s*(?:years?|yrs?)", re.I)


def _resume_years(facts: ResumeFacts, today_year: int | None = None) -> float | None:
    spans = []
    for position in facts.positions:
        start = re.search(r"(19[5-9]\d|20\d\d)", position.start or "")
        end = re.search(r"(19[5-9]\d|20\d\d)", position.end or "")
        if not start:
            continue
        end_year: int | None
        if end:
            end_year = int(end.group(1))
        elif position.end and re.match(_END, position.end, re.I):
            end_year = today_year
        else:
            end_year = None
        if end_year is None:
            continue
        spans.append((int(start.group(1)), end_year))
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
    return float(total)


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
    "Distributed systems": r"kafka|microservices?|cassandra|distributed",
    "Observability": r"prometheus|grafana|datadog|opentelemetry|\bapm\b|monitoring|logging",
    "Incident response": r"on-?call|postmortems?|incidents?",
    "Infrastructure as code": r"terraform|cloudformation|pulumi|ansible|\biac\b",
    "Communication": r"present(?:ed|ing|ations?)\b|stakeholders?|documentation|communicat\w*",
    "Nursing care": r"\brn\b|registered nurse|patient care|nursing",
    "Accounting": r"\bgaap\b|ledger|reconcil\w*|accounts (?:payable|receivable)|\bcpa\b|accountant",
    "Excel": r"spreadsheets?|pivot tables?|vlookup",
    "Microsoft Office": r"\bexcel\b|\bword\b|powerpoint|outlook",
    "Project management": r"project manag\w*|\bpmp\b|scrum|kanban|agile",
}
_NEAR_RES = {skill: re.compile(pattern, re.IGNORECASE) for skill, pattern in _NEAR_TERMS.items()}
# A requirement that asks for something a resume can show (a credential, a language, experience of something).
_CHECKABLE = re.compile(
    r"\b(?:degree|bachelor\w*|master\w*|ph\.?d|msc|bsc|mba|licen[cs]e\w*|certif\w*|diploma|experience\w*|"
    r"years?|proficien\w*|knowledge|fluen\w*|english|spanish|french|german|background|track record|portfolio|"
    r"clearance|authori[sz]ation|visa|able to|ability to|relocat\w*|travel)\b",
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
    if skill.lower() in skills:
        return skill
    pattern = _NEAR_RES.get(skill)
    match = pattern.search(text) if pattern else None
    return match.group(0) if match else None


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
    resume_text = " ".join(
        [*facts.skills, *(p.describe() for p in facts.positions), *facts.projects, *facts.results, *facts.education,
         resume_text]
    )
    shown = {s: _shown_by(s, resume_skills, resume_text) for s in job_skills}
    matched_skills = [s for s in job_skills if shown[s]]
    missing_skills = [s for s in job_skills if not shown[s]]
    resume_words = _words(resume_text)
    if today_year is None:
        import datetime

        today_year = datetime.date.today().year
    years = _resume_years(facts, today_year)

    def judge(requirement: str) -> tuple[bool | None, str]:
        req_skills = _vocabulary_skills(requirement)
        years_match = _YEARS_RE.search(requirement)
        if years_match and years is not None:
            if years < int(years_match.group(1)):
                return False, f"asks for {years_match.group(0)}; the resume shows about {int(years)}"
            if not req_skills:
                return True, f"the resume shows about {int(years)} years"
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
        words = _words(requirement)
        common = words & resume_words
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
        bucket = qualities if ok is None else matched_requirements if ok else gaps
        bucket.append({"requirement": requirement, "why": why})
    nice_matched = [n for n in reqs.nice_to_haves if judge(n)[0]]
    total = len(matched_requirements) + len(gaps)
    return {
        "matched_skills": matched_skills,
        "missing_skills": missing_skills,
        "extra_skills": [s for s in facts.skills if s.lower() not in {j.lower() for j in job_skills}][:15],
        "matched_requirements": matched_requirements,
        "gaps": gaps,
        "qualities": qualities,
        "nice_to_haves_matched": nice_matched,
        "resume_years": years,
        "coverage": round(len(matched_requirements) / total, 2) if total else None,
    }
