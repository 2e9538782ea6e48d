"""Facts from resumes and job descriptions, by offline heuristics.

Pure Python (stdlib only): the interview engine imports this, and the engine imports neither django
nor livekit. Resume and job-description text is untrusted: `strip_instructions` drops the lines
addressed to a reader (prompt injection) before anything is extracted, and the extracted facts are
short phrases taken from the document, never its free-form sentences turned into instructions.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "JobRequirements",
    "Position",
    "ResumeFacts",
    "extract_job_requirements",
    "extract_resume_facts",
    "match_resume_to_job",
    "strip_instructions",
    "summarise_for_interview",
]

# ---------------------------------------------------------------------------------------------
# Prompt-injection filter
# ---------------------------------------------------------------------------------------------

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
    r"you\s+are\b",
    r"you(?:'re| are)\s+(?:now|an?|the)\b",
    r"you\s+(?:must|should|shall|will|need to|have to|are to|may now|can now)\b",
    r"from now on\b",
    r"as an? (?:ai|a\.i\.|large language model|language model|llm|assistant|chat ?bot)\b",
    r"new\s+(?:instructions?|rules?|task|prompt|system prompt)\b",
    r"(?:updated|revised|additional|important|hidden|secret)\s+(?:instructions?|prompt)\b",
    r"(?:pretend|act as|behave as|role-?play)\b",
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


# ---------------------------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------------------------


def _str_list(value: Any) -> list[str]:
    if not isinstance(value, list | tuple):
        return []
    return [str(v) for v in value if v is not None and str(v).strip()]


def _opt_str(value: Any) -> str | None:
    if value is None:
        return None
    value = str(value).strip()
    return value or None


@dataclass
class Position:
    title: str
    employer: str | None = None
    start: str | None = None
    end: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Position:
        return cls(
            title=str(data.get("title") or ""),
            employer=_opt_str(data.get("employer")),
            start=_opt_str(data.get("start")),
            end=_opt_str(data.get("end")),
        )

    def describe(self) -> str:
        text = self.title or "Role"
        if self.employer:
            text += f" at {self.employer}"
        if self.start or self.end:
            text += f" ({self.start or '?'} – {self.end or '?'})"
        return text


@dataclass
class ResumeFacts:
    name: str | None = None
    skills: list[str] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list)
    projects: list[str] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    education: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> ResumeFacts:
        data = data or {}
        positions = [
            Position.from_dict(p) for p in data.get("positions") or [] if isinstance(p, dict)
        ]
        return cls(
            name=_opt_str(data.get("name")),
            skills=_str_list(data.get("skills")),
            positions=positions,
            projects=_str_list(data.get("projects")),
            results=_str_list(data.get("results")),
            education=_str_list(data.get("education")),
        )

    def is_empty(self) -> bool:
        return not (self.name or self.skills or self.positions or self.projects or self.results or self.education)


@dataclass
class JobRequirements:
    title: str | None = None
    company: str | None = None
    must_haves: list[str] = field(default_factory=list)
    nice_to_haves: list[str] = field(default_factory=list)
    skills: list[str] = field(default_factory=list)
    # The level the advert is for ("Senior"; two for "Senior/Staff"), from its title or a sentence that states
    # it; when it states none, the experience it asks for ("3+ years of experience").
    seniority_signals: list[str] = field(default_factory=list)
    responsibilities: list[str] = field(default_factory=list)
    experience_years: str | None = None  # the experience asked for: "5+ years", "1-3 years"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> JobRequirements:
        data = data or {}
        return cls(
            title=_opt_str(data.get("title")),
            company=_opt_str(data.get("company")),
            must_haves=_str_list(data.get("must_haves")),
            nice_to_haves=_str_list(data.get("nice_to_haves")),
            skills=_str_list(data.get("skills")),
            seniority_signals=_str_list(data.get("seniority_signals")),
            responsibilities=_str_list(data.get("responsibilities")),
            experience_years=_opt_str(data.get("experience_years")),
        )

    def is_empty(self) -> bool:
        return not (
            self.title or self.must_haves or self.nice_to_haves or self.skills or self.responsibilities
        )


# ---------------------------------------------------------------------------------------------
# Skills vocabulary
# ---------------------------------------------------------------------------------------------
# "Canonical|alias|alias". An alias starting with "=" is matched case-sensitively (short or common words).

_SKILL_VOCABULARY = [
    # programming languages
    "Python", "Java", "JavaScript|JS|ECMAScript", "TypeScript", "~Go", "Rust", "C++|cpp", "C#|csharp",
    "~C", "Ruby", "PHP", "Swift", "Kotlin", "Scala", "Haskell", "Elm", "Elixir", "Erlang", "Clojure", "~R",
    "Perl", "Lua", "Dart", "Objective-C", "SQL", "Bash|shell scripting", "PowerShell", "HTML|HTML5", "CSS|CSS3",
    "Sass|SCSS", "Solidity", "Julia", "F#", "OCaml", "Nix|NixOS", "Fortran", "COBOL", "VBA", "MATLAB",
    "Assembly", "Zig",
    # frameworks and libraries
    "Django", "Flask", "FastAPI", "Ruby on Rails|Rails", "Spring Boot|Spring Framework", "React|React.js|ReactJS",
    "Angular|AngularJS", "Vue|Vue.js", "Svelte", "Next.js|NextJS", "Node.js|NodeJS", "Express",
    ".NET|dotnet|ASP.NET", "Laravel", "Symfony", "jQuery", "Redux", "GraphQL", "=REST|RESTful|REST APIs|REST API",
    "gRPC", "Celery", "React Native", "Flutter", "Tailwind CSS|Tailwind", "Bootstrap", "Webpack",
    "Selenium", "Playwright", "Cypress", "pytest", "JUnit", "Unity", "Unreal Engine", "Qt",
    # data stores and messaging
    "PostgreSQL|Postgres", "MySQL", "SQLite", "MongoDB", "Redis", "Cassandra", "DynamoDB", "Elasticsearch",
    "Oracle", "SQL Server|MSSQL", "Kafka", "RabbitMQ", "Snowflake", "BigQuery", "Redshift", "Databricks",
    # cloud and infrastructure
    "AWS|Amazon Web Services", "Azure|Microsoft Azure", "GCP|Google Cloud|Google Cloud Platform|Google Compute Platform",
    "Kubernetes|k8s", "Docker", "Terraform", "Ansible", "Helm", "Jenkins", "GitHub Actions", "GitLab CI",
    "CircleCI", "CI/CD|continuous integration|continuous delivery|continuous deployment", "Linux", "Unix",
    "Prometheus", "Grafana", "Datadog", "Nginx", "Istio", "Argo CD|ArgoCD", "Cilium", "Kustomize",
    "CloudFormation", "Pulumi", "Vault", "Consul", "Serverless", "AWS Lambda|Lambda", "OpenTelemetry",
    "Observability", "Networking|networking protocols", "TCP/IP", "DNS", "Microservices",
    "Distributed systems", "Incident response|incident management", "On-call", "Site reliability engineering|SRE",
    "DevOps", "GitOps", "Infrastructure as code", "Security engineering", "Capacity planning",
    "Performance tuning|performance optimization",
    # tools and practices
    "Git", "Jira", "Confluence", "Agile", "Scrum", "Kanban", "TDD|test-driven development", "Code review",
    "System design", "Embedded systems", "iOS", "Android", "Machine learning|=ML", "Deep learning",
    "NLP|natural language processing", "Computer vision", "LLMs|large language models", "Generative AI",
    # data
    "Pandas", "NumPy", "SciPy", "scikit-learn|sklearn", "TensorFlow", "PyTorch", "Keras", "Spark|Apache Spark|PySpark",
    "Hadoop", "Airflow|Apache Airflow", "dbt", "Statistics|statistical analysis|statistical modeling",
    "A/B testing|AB testing|experimentation", "Data visualization|data visualisation", "ETL", "Data warehousing",
    "Data analysis|data analytics", "Data modeling|data modelling", "Jupyter", "SAS", "SPSS", "Stata",
    "Tableau", "Power BI|PowerBI", "Looker", "Regression", "Forecasting", "Time series",
    # design
    "Figma", "=Sketch", "Adobe XD", "Photoshop|Adobe Photoshop", "Illustrator|Adobe Illustrator",
    "InDesign|Adobe InDesign", "UX research|user research", "Wireframing|wireframes", "Prototyping",
    "Usability testing", "Design systems|design system", "Interaction design", "UI design", "UX design",
    "Accessibility|WCAG",
    # sales and marketing
    "Salesforce", "HubSpot", "CRM", "Lead generation", "Cold calling", "Negotiation", "Account management",
    "Pipeline management", "B2B sales|B2B selling|B2B deals|B2B accounts|B2B pipeline|B2B prospecting", "SaaS sales", "Prospecting", "Customer success",
    "SEO", "=SEM", "Google Analytics", "Content marketing", "Email marketing", "Product marketing",
    "Market research", "Go-to-market|GTM",
    # finance and accounting
    "GAAP", "IFRS", "Accounts payable", "Accounts receivable", "Payroll", "Budgeting|budget forecasts",
    "Financial reporting|financial reports", "Financial modeling|financial modelling", "Financial planning",
    "Financial analysis", "Auditing|audit|audits", "Tax preparation|tax returns|taxes", "Reconciliation|reconciliations",
    "Bookkeeping", "General ledger", "Balance sheets|balance sheet", "QuickBooks", "Xero", "=SAP", "NetSuite",
    "CPA|Certified Public Accountant", "CFA", "Accounting software", "Accounting",
    # healthcare
    "Patient care", "Nursing care|nursing", "Triage", "BLS|basic life support", "ACLS|advanced cardiac life support",
    "PALS", "EMR|electronic medical records", "EHR|electronic health records", "=Epic", "Cerner",
    "Medication administration|administering medication|administer patient's medication", "IV therapy",
    "Phlebotomy", "HIPAA", "Wound care", "Telemetry", "Critical care|ICU", "Emergency care|emergency room|ER nursing",
    "Infection control", "Care planning|care plans",
    # office and operations
    "Microsoft Office|MS Office|Office 365|Microsoft 365", "Excel|Microsoft Excel|MS Excel",
    "Microsoft Word|MS Word", "PowerPoint", "=Outlook|Microsoft Outlook", "Google Workspace|G Suite",
    "Google Sheets", "Slack", "Trello", "Asana", "Notion", "Data entry", "Scheduling|calendar management",
    "Customer service", "Office administration|office management", "Bilingual",
    # transferable
    "Project management", "Product management", "Stakeholder management", "Leadership", "Mentoring|mentorship",
    "Communication|communication skills|communicator", "Teamwork|team player", "Problem solving|problem-solving",
    "Public speaking", "Attention to detail", "Organizational skills|organisational skills|organization skills|organisation skills",
    "Time management", "Documentation",
]


# One-letter and two-letter language names only count in a list of technologies or with a telling word.
_LIST_CONTEXT = {
    "Go": r"Go(?:lang)?",
    "C": r"C",
    "R": r"R",
}


def _list_context_pattern(word: str) -> str:
    return (
        rf"(?i:\bgolang\b)|(?:[,/(]\s*|\b(?:in|and|or|with|using)\s+)(?:{word})(?=\s*(?:[,/);.]|$|\s+(?:and|or)\b))|"
        rf"(?<![\w+#.-])(?:{word})(?=\s*[,/]\s*[A-Z])|"
        rf"(?<![\w+#.-])(?:{word})\s+(?=(?:programming|language|developer|engineer|code|services|libraries|runtime)\b)"
    )


def _build_vocabulary() -> list[tuple[str, re.Pattern[str]]]:
    vocabulary = []
    for entry in _SKILL_VOCABULARY:
        if entry.startswith("~"):
            word = entry[1:]
            vocabulary.append((word, re.compile(_list_context_pattern(_LIST_CONTEXT[word]), re.MULTILINE)))
            continue
        parts = entry.split("|")
        canonical = parts[0].lstrip("=")
        ci_aliases, cs_aliases = [], []
        for alias in parts:
            if alias.startswith("="):
                cs_aliases.append(re.escape(alias[1:]))
            elif not (alias is parts[0] and entry.startswith("=")):
                ci_aliases.append(re.escape(alias).replace(r"\ ", r"[\s-]+"))
        left, right = r"(?<![A-Za-z0-9_+#./])", r"(?![A-Za-z0-9_+#]|\.[A-Za-z0-9])"
        bits = []
        if ci_aliases:
            bits.append(r"(?i:" + left + "(?:" + "|".join(sorted(ci_aliases, key=len, reverse=True)) + ")" + right + ")")
        if cs_aliases:
            # Case-sensitive short words: also not followed by "&" ("R&D") or an apostrophe.
            bits.append(left + "(?:" + "|".join(cs_aliases) + ")" + r"(?![A-Za-z0-9_+#&'’]|\.[A-Za-z0-9]|-[A-Za-z])")
        vocabulary.append((canonical, re.compile("|".join(bits))))
    return vocabulary


_VOCABULARY = _build_vocabulary()


def _find_skills(text: str) -> list[tuple[int, str]]:
    found = []
    for canonical, pattern in _VOCABULARY:
        match = pattern.search(text)
        if match:
            found.append((match.start(), canonical))
    return found


def _vocabulary_skills(text: str) -> list[str]:
    return [name for _, name in sorted(_find_skills(text))]


def _is_skill_item(item: str) -> bool:
    return (
        1 < len(item) <= 32
        and len(item.split()) <= 4
        and not item.endswith(":")
        and not re.fullmatch(r"[\d\W_]+", item)
        and not re.search(r"https?://|www\.|@|\d{3}", item)
        and not (re.search(r"[\u4e00-\u9fff]", item) and len(item) > 12)
    )


def _canonical_skill(item: str) -> str:
    for canonical, pattern in _VOCABULARY:
        match = pattern.fullmatch(item.strip())
        if match:
            return canonical
    return item


# ---------------------------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------------------------

_BULLET_RE = re.compile(r"^\s*(?:[-*+•·▪●◦‣○■□➢➤►▸✓✔{–—]|\d{1,2}[.)]\s)\s*")
_MARKDOWN_RE = re.compile(r"^\s*#{1,6}\s*|\*\*|__|`")


def _clean_line(line: str) -> str:
    line = _MARKDOWN_RE.sub("", line)
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
    return [_clean_line(line) for line in _prepare(text).split("\n")]


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


# ---------------------------------------------------------------------------------------------
# Sections
# ---------------------------------------------------------------------------------------------

_RESUME_SECTIONS = {
    "summary": r"summary|professional summary|profile|professional profile|about me|objective|career objective|"
    r"perfil|resumen|个人简介|自我评价",
    "experience": r"(?:work ?|professional ?|relevant ?|employment ?|career ?)?(?:experience|history)|employment|"
    r"work history|career history|employment history|positions?|vocational|experiencia(?: laboral| profesional)?|"
    r"on campus involvement|volunteer experience|volunteering|leadership experience|工作经历|工作经验|实习经历",
    "education": r"education|education and training|academic background|qualifications|formación académica|"
    r"formación|educación|estudios|教育背景|教育经历",
    "skills": r"(?:technical |core |key |professional |computer |relevant )?(?:skills|competencies|competences)|"
    r"skills (?:&|and) (?:tools|technologies|interests|abilities)|technologies|tools|tech stack|strengths|"
    r"expertise|areas of expertise|conocimientos(?: de computación)?|habilidades|competencias|专业技能|技能|个人技能",
    "projects": r"(?:selected |personal |key |academic |side |open[- ]source )?projects?|proyectos|项目经历|项目经验|"
    r"研发经历|近期主要研发经历",
    "certifications": r"certifications?|licen[cs]es?(?: (?:&|and) certifications)?|certificates?|certificaciones",
    "awards": r"awards?|honou?rs(?:/awards)?|honou?rs (?:&|and) awards|achievements|most proud of|premios",
    "other": r"publications?|languages|idiomas|interests|hobbies|references|referees|extra \d|miscellaneous|"
    r"misceláneo|a day of my life|my life philosophy|activities|extracurricular|contact|personal information|"
    r"个人信息|基本信息|获奖经历|获奖情况|荣誉奖项|个人账号|其他信息|个人爱好|兴趣爱好|"
    r"cover letter|writing|publicaciones|附加信息|其他",
}
_RESUME_SECTION_RE = {
    name: re.compile(r"^(?:" + pattern + r")\s*:?$", re.IGNORECASE) for name, pattern in _RESUME_SECTIONS.items()
}


def _resume_section(line: str) -> str | None:
    if not line or len(line) > 45 or line.endswith("."):
        return None
    probe = re.sub(r"^[^\w]+", "", line).strip()
    for name, pattern in _RESUME_SECTION_RE.items():
        if pattern.match(probe):
            return name
    return None


def _split_sections(lines: list[str], classify) -> list[tuple[str, list[str]]]:
    sections: list[tuple[str, list[str]]] = [("top", [])]
    for line in lines:
        name = classify(line)
        if name:
            sections.append((name, []))
        else:
            sections[-1][1].append(line)
    return sections


# ---------------------------------------------------------------------------------------------
# Dates and positions
# ---------------------------------------------------------------------------------------------

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|fall|autumn|winter|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|month)\.?"
)
_YEAR = r"(?:19[5-9]\d|20[0-9Xx]{2})"
_DATE = rf"(?:{_MONTH}\s*,?\s*{_YEAR}|\d{{1,2}}\s*[/.]\s*{_YEAR}|{_YEAR}\s*[/.年-]\s*\d{{1,2}}月?|{_YEAR})"
_END = (
    r"(?:present|current(?:ly)?|now|today|ongoing|to date|date|actualidad|presente|hoy|至今|现在)"
)
_RANGE_RE = re.compile(
    rf"(?<![\w/])(?P<start>{_DATE})\s*(?:-|–|—|‒|−|~|to|until|hasta|a|至)\s*(?P<end>{_DATE}|{_END})(?![\w/])",
    re.IGNORECASE,
)
_TITLE_WORDS = re.compile(
    r"\b(?:engineer|developer|programmer|architect|manager|director|head|lead|leader|chief|officer|cto|ceo|cfo|"
    r"coo|vp|vice president|president|founder|co-founder|founding member|intern|internship|trainee|apprentice|"
    r"analyst|scientist|researcher|consultant|specialist|coordinator|administrator|assistant|associate|"
    r"accountant|auditor|bookkeeper|controller|clerk|designer|nurse|rn|physician|doctor|therapist|technician|"
    r"pharmacist|teacher|tutor|instructor|professor|lecturer|coach|representative|agent|executive|advisor|"
    r"adviser|strategist|editor|writer|member|volunteer|supervisor|owner|partner|recruiter|marketer|"
    r"salesperson|cashier|receptionist|secretary|paralegal|attorney|lawyer|operator|planner|buyer|"
    r"sre|devops|job title|puesto|título del puesto|工程师|经理|实习生)\b",
    re.IGNORECASE,
)
_EMPLOYER_WORDS = re.compile(
    r"\b(?:inc|corp|corporation|llc|ltd|limited|gmbh|ag|sa|plc|co|company|group|bank|labs?|technologies|"
    r"technology|systems|solutions|software|services|consulting|partners|holdings|university|college|school|"
    r"hospital|clinic|health|medical|institute|agency|studio|foundation|management|financial|capital|"
    r"employer|empleador|公司)\b\.?",
    re.IGNORECASE,
)
_LOCATION_RE = re.compile(
    r"^(?:[A-Z]{2}|[A-Z][a-z]+(?: [A-Z][a-z]+)?, ?[A-Z]{2}|(?i:remote|hybrid|on-?site|city|ciudad|location|"
    r"usa|u\.s\.a?\.?|uk|united states|united kingdom|canada|germany|france|india|s\.\s?korea|south korea|"
    r"new york|san francisco|london|berlin|paris|seattle|austin|boston|chicago|toronto|"
    r"new orleans|los angeles|seoul))\.?$"
)
# A degree ending in a dot ("B.S.") needs no word boundary after it: "B.S. in Physics" has none.
_DEGREE_RE = re.compile(
    r"\b(?:bachelor|master|b\.?\s?sc|m\.?\s?sc|b\.?\s?a\.|m\.?\s?a\.|b\.\s?s\.|m\.\s?s\.|ph\.?\s?d|mba|bba|"
    r"associate(?:'s)? degree|diploma|degree|doctorate|licenciatura|grado|high school|gpa|学士|硕士|博士|本科)"
    r"(?:(?<=\.)|\b)",
    re.IGNORECASE,
)


def _title_score(text: str) -> int:
    text = re.sub(r"(?<=[a-z])(?=[A-Z][a-z])", " ", text)  # "DevOpsEngineer" from fonts without spaces
    return len(_TITLE_WORDS.findall(text)) * 2 - len(_EMPLOYER_WORDS.findall(text))


def _trim_part(part: str) -> str:
    """A part without its edge punctuation, but "Acme, Inc." keeps the dot of its company form."""
    trimmed = part.strip(" .,;:|")
    if re.search(r"(?i:\b(?:inc|corp|ltd|co))$", trimmed) and part.rstrip(" ,;:|").endswith("."):
        return trimmed + "."
    return trimmed


def _split_title_employer(parts: list[str]) -> tuple[str | None, str | None]:
    parts = [_trim_part(p) for p in parts if p and p.strip(" .,;:|")]
    if not parts:
        return None, None
    # Drop location parts after the first one (employer, City, ST).
    core = [parts[0]] + [p for p in parts[1:] if not _LOCATION_RE.match(p)]
    if len(core) == 1:
        only = core[0]
        match = re.match(r"(?P<title>.+?)\s+(?:at|@|en|bei|chez)\s+(?P<employer>.+)$", only)
        if match and _TITLE_WORDS.search(match.group("title")):
            return match.group("title"), match.group("employer")
        if _title_score(only) > 0:
            return only, None
        return None, only
    scores = [_title_score(p) for p in core]
    best = max(range(len(core)), key=lambda i: (scores[i], -i))
    if scores[best] <= 0:
        return None, core[0]
    title = core[best]
    others = [p for i, p in enumerate(core) if i != best]
    return title, others[0] if others else None


# ", " separates parts, except before a company form: "Omnious Co., Ltd." and "Acme, Inc." are one name.
_SEPARATORS = re.compile(
    r"\s+[|—–·•]\s+|\s+-\s+|\s*\|\s*|,\s+(?!(?i:inc|ltd|llc|llp|corp|co|gmbh|plc|pty|limited)\b)|\s{3,}"
)
_COMPANY_FORM = r"\b(?:Inc|Corp|Ltd|LLC|LLP|GmbH|Co|PLC|Pty|Limited)\.?"
def _parts(text: str) -> list[str]:
    return [p for p in _SEPARATORS.split(text) if p and p.strip(" .,;:|")]


def _is_location(part: str) -> bool:
    return bool(_LOCATION_RE.match(part.strip(" .,;:|")))


def _drop_city(part: str) -> str:
    """"Dunamu Inc. Seoul" before ", S.Korea": the city of "City, Country" went with the employer's name.

    Dropped when it is a city we know, or follows a company form ("Inc.", "Corp."); else kept.
    """
    words = part.split()
    for n in (2, 1):
        if len(words) <= n:
            continue
        city, name = " ".join(words[-n:]), " ".join(words[:-n])
        if re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?", city) and (
            _is_location(city) or re.search(_COMPANY_FORM + r"(?:\s*\([^)]*\))?$", name)
        ):
            return name
    return part


def _place_free_parts(text: str) -> list[str]:
    """The parts of a line without its places: "Dunamu Inc. Seoul, S.Korea" gives ["Dunamu Inc."]."""
    raw = _parts(text)
    out = []
    for i, part in enumerate(raw):
        if _is_location(part):
            continue
        if i + 1 < len(raw) and _is_location(raw[i + 1]):
            part = _drop_city(part)
        out.append(part)
    return out


def _is_plain_line(line: str) -> bool:
    return bool(line) and not _is_bullet(line) and len(line) <= 90 and not _RANGE_RE.search(line)


def _extract_positions(sections: list[tuple[str, list[str]]]) -> list[Position]:
    positions: list[Position] = []
    for name, lines in sections:
        if name in ("education", "skills", "other", "certifications", "awards", "summary"):
            continue
        for i, line in enumerate(lines):
            match = _RANGE_RE.search(line)
            if not match or _is_bullet(line):
                continue
            rest = line[: match.start()] + "   " + line[match.end():]
            # Dates in brackets leave "()"; a bracket that closes a title before the dates stays.
            rest = re.sub(r"\(\s*\)|\[\s*\]", " ", rest).strip(" ,;:|-–—📅")
            rest = re.sub(r"^[^\w]+", "", rest).rstrip(" (").strip()
            if _DEGREE_RE.search(rest):
                continue
            parts = _place_free_parts(rest) if rest else []
            prev = [
                lines[j] for j in range(i - 1, max(-1, i - 3), -1) if _is_plain_line(lines[j])
            ]
            # Stop at the first non-plain line above: the lines of another entry.
            above: list[str] = []
            for j in range(i - 1, max(-1, i - 3), -1):
                if not _is_plain_line(lines[j]):
                    break
                above.insert(0, lines[j])
            title: str | None
            employer: str | None
            if not parts:
                candidates = above[-2:] if above else prev[:1]
                if len(candidates) >= 2:
                    first, second = candidates[-2], candidates[-1]
                    if _title_score(first) >= _title_score(second) and _title_score(first) > 0:
                        title, employer = first, second
                    elif _title_score(second) > 0:
                        title, employer = second, first
                    else:
                        title, employer = _split_title_employer(_parts(first) + _parts(second))
                elif candidates:
                    title, employer = _split_title_employer(_parts(candidates[0]))
                else:
                    continue
            else:
                title, employer = _split_title_employer(parts)
                if title is None or employer is None:
                    nxt = lines[i + 1] if i + 1 < len(lines) else ""
                    if title is None and nxt and _is_plain_line(nxt) and _title_score(nxt) > 0:
                        title = nxt
                    elif above and _title_score(above[-1]) <= 0 and title and employer is None:
                        employer = (_place_free_parts(above[-1]) or _parts(above[-1]))[0]
                    elif above and title is None and _title_score(above[-1]) > 0:
                        title = above[-1]
            if not title and not employer:
                continue
            if not title and parts:
                # No title word anywhere: read "Title, Employer" as the most common order.
                fallback = [p for p in parts if not _LOCATION_RE.match(p.strip(" .,;:|"))]
                if len(fallback) >= 2:
                    title, employer = fallback[0], fallback[1]
            positions.append(
                Position(
                    title=_shorten(title or "", 80),
                    employer=_shorten(employer, 80) if employer else None,
                    start=_tidy_date(match.group("start")),
                    end=_tidy_date(match.group("end")),
                )
            )
    unique: list[Position] = []
    for position in positions:
        if position not in unique:
            unique.append(position)
    return unique[:12]


def _tidy_date(value: str) -> str:
    value = re.sub(r"\s+", " ", value.strip())
    return value[:1].upper() + value[1:] if value.islower() else value


# ---------------------------------------------------------------------------------------------
# Results, projects, education, name
# ---------------------------------------------------------------------------------------------

_QUANTITY_RE = re.compile(
    r"(?:[$€£¥]\s?\d[\d,.]*\s*(?:[kmb]|million|billion|thousand)?\b|"
    r"\b\d[\d,.]*\s*(?:%|percent\b|per cent\b)|"
    r"\b\d+(?:\.\d+)?\s*[x×](?![a-z0-9])|"
    r"\b\d[\d,.]*\+?\s*(?:k|m|million|billion|thousand|hundred)?\s*(?:users|customers|clients|people|"
    r"employees|students|children|patients|members|engineers|developers|servers|nodes|requests|transactions|"
    r"downloads|accounts|projects|teams|countries|markets|stores|sites|hours|days|weeks|minutes|seconds|"
    r"ms|milliseconds|deals|leads|calls|cases|beds|reports|events|services|stars|contributors|"
    r"reviews|units|orders|tickets|incidents|releases|deployments|applications|apps|papers|courses|classes)\b|"
    r"\b(?:top|over|more than|up to|nearly|almost|about|around|approximately|by|of|from|to)\s+\d[\d,.]*\b)",
    re.IGNORECASE,
)
_RESULT_VERB_RE = re.compile(
    r"\b(?:\w+ed|cut|grew|led|built|ran|won|saved|saving|reduc\w*|increas\w*|improv\w*|boost\w*|grow\w*|"
    r"deliver\w*|achiev\w*|launch\w*|manag\w*|lead\w*|exceed\w*|generat\w*|scal\w*|lower\w*|drove|"
    r"rais\w*|serv\w*|handl\w*|instruct\w*|train\w*|mentor\w*|coach\w*|supervis\w*|oversaw|wrote|taught)\b",
    re.IGNORECASE,
)
_NOT_RESULT_RE = re.compile(r"@|https?://|www\.|\(\d{3}\)|\d{3}[-.\s]\d{3,4}[-.\s]?\d{0,4}|\bgpa\b", re.I)


def _result_phrase(line: str) -> str | None:
    text = _strip_bullet(line)
    if len(text.split()) < 3 or _NOT_RESULT_RE.search(text):
        return None
    without_dates = _RANGE_RE.sub(" ", text)
    without_dates = re.sub(rf"\b{_YEAR}\b", " ", without_dates)
    if not _QUANTITY_RE.search(without_dates) or not _RESULT_VERB_RE.search(without_dates):
        return None
    # The clause that carries the number, cut to a short phrase.
    clauses = re.split(r";\s+|\.\s+|,\s+(?=(?:and|which|while|resulting|leading|enabling)\b)", text)
    for clause in clauses:
        if _QUANTITY_RE.search(clause) and _RESULT_VERB_RE.search(clause):
            return _shorten(clause.rstrip("."), 140)
    return _shorten(text.rstrip("."), 140)


def _split_items(line: str) -> list[str]:
    line = _strip_bullet(line)
    if ":" in line:
        head, _, tail = line.partition(":")
        if len(head.split()) <= 4 and tail.strip():
            line = tail
    items = re.split(r"\s*[,;|•·/]\s*|\s+-\s+|\s{2,}|\s+(?:and|&)\s+(?=[A-Z])", line)
    items = [_SKILL_PREFIX.sub("", i.strip(" .")) for i in items]
    return [i for i in items if i]


_SKILL_PREFIX = re.compile(
    r"^(?:(?:and|or|&)\s+|(?:proficient|proficiency|fluent|skilled|experienced|expert|certified|trained)"
    r"\s+(?:in|with)\s+|(?:familiar|familiarity|experience|working knowledge)\s+(?:with|of|in)\s+|"
    r"knowledge of\s+)",
    re.IGNORECASE,
)


_NAME_TOKEN = r"[A-ZÀ-ÖØ-Þ][A-Za-zÀ-ÖØ-öø-ÿ'’.-]*"
_NAME_RE = re.compile(rf"^{_NAME_TOKEN}(?:\s+{_NAME_TOKEN}){{1,3}}$")
_CJK_NAME_RE = re.compile(r"^[\u4e00-\u9fff]{2,4}$")
_NOT_NAME = re.compile(
    r"\b(?:resume|résumé|resumé|curriculum|vitae|cv|page|summary|profile|objective|experience|education|"
    r"contact|email|phone|address|street|skills|engineer|developer|manager|accountant|title)\b",
    re.IGNORECASE,
)


def _find_name(lines: list[str]) -> str | None:
    for line in lines[:12]:
        match = re.match(r"^(?:name|nombre|姓名)\s*[:：]\s*(.+)$", line, re.IGNORECASE)
        if match:
            return _shorten(match.group(1), 60)
    for line in [ln for ln in lines if ln][:6]:
        if _resume_section(line) or _NOT_NAME.search(line) or re.search(r"\d|@", line):
            continue
        if _NAME_RE.match(line) or _CJK_NAME_RE.match(line):
            return line.title() if line.isupper() else line
    return None


_GENERIC_SKILL_WORDS = re.compile(r"(?i)\b(?:software|tools?|suite|skills?|programs?|applications?|and|or)\b")


def _only_known_skills(item: str) -> bool:
    """True for a skills item made only of skills the vocabulary found ("C++ Embedded Systems" from two tags
    on one line, "Microsoft Office software"): listing it again would show the same skill twice."""
    rest = item
    for _, pattern in _VOCABULARY:
        rest = pattern.sub(" ", rest)
    if rest == item:
        return False
    return not re.search(r"[^\W\d_]", _GENERIC_SKILL_WORDS.sub(" ", rest))


def _is_sentence(line: str) -> bool:
    return line.endswith(".") and len(line.split()) >= 4 and not re.search(r"\s[-–—:|]\s|:\s", line)


def _joined_bullets(lines: list[str]) -> list[str]:
    """Lines with each bullet's wrapped continuation lines (starting in lower case) joined to it."""
    out: list[str] = []
    in_bullet = False
    for line in lines:
        if in_bullet and line and not _is_bullet(line) and re.match(r"[a-zà-ÿ]", line):
            out[-1] = f"{out[-1]} {line}"
            continue
        out.append(line)
        in_bullet = _is_bullet(line)
    return out


_INSTITUTION_RE = re.compile(
    r"\b(?:universit(?:y|ies|ät|é|à)|universidad|college|school|institute|institut|instituto|academy|"
    r"polytechnic|politecnico|conservatory|école|ecole|escuela|hochschule|facultad|faculty)\b|大学|学院",
    re.IGNORECASE,
)
_ONE_DATE_RE = re.compile(rf"{_RANGE_RE.pattern}|(?<![\w/]){_DATE}(?![\w/])", re.IGNORECASE)


def _without_places(text: str) -> str:
    """ "Some University, Pohang, S.Korea" without the places at its end."""
    chunks = text.split(", ")
    if len(chunks) < 2 or not _is_location(chunks[-1]):
        return text
    while len(chunks) > 1 and _is_location(chunks[-1]):
        chunks.pop()
    chunks[-1] = _drop_city(chunks[-1])
    return ", ".join(chunks)


def _education_entries(section_lines: list[str]) -> list[str]:
    """One item per degree: "Ph.D. in Physics, Some University (Sept 2002 – June 2006)".

    A degree and its school on two lines (either order) make one item, and a line with only dates goes
    with the item above it; other lines (a thesis title, a prize) stay items of their own.
    """
    entries: list[dict[str, str | None]] = []
    for line in section_lines:
        text = _strip_bullet(line)
        if not text or len(text) > 150 or re.fullmatch(r"(?:descripci[oó]n|description)", text, re.I):
            continue
        if _ONE_DATE_RE.search(text) and not re.search(r"\w", _ONE_DATE_RE.sub("", text)):
            last = entries[-1] if entries else None
            if last is not None and last["text"] is None and last["dates"] is None:
                last["dates"] = re.sub(r"\s+", " ", text.strip(" ,;:|()"))
            continue
        kind = "degree" if _DEGREE_RE.search(text) else "school" if _INSTITUTION_RE.search(text) else None
        last = entries[-1] if entries else None
        other = {"degree": "school", "school": "degree"}.get(kind or "")
        if (
            kind and other and last is not None and last["text"] is None and last[kind] is None
            and last[other] is not None and last["dates"] is None
        ):
            last[kind] = text
            continue
        entries.append({"degree": text if kind == "degree" else None, "school": text if kind == "school" else None,
                        "dates": None, "text": None if kind else text})
    items = []
    for entry in entries:
        if entry["text"] is not None:
            items.append(_shorten(entry["text"], 120))
            continue
        pieces = [p for p in (entry["degree"], entry["school"]) if p]
        dates = entry["dates"]
        if len(pieces) == 2:  # the dates of either line go at the end
            found = [m.group(0) for p in pieces for m in _RANGE_RE.finditer(p)]
            pieces = [_without_places(re.sub(r"\s{2,}", " ", _RANGE_RE.sub(" ", p)).strip(" ,;:|-–—")) for p in pieces]
            dates = dates or (found[0] if found else None)
        text = ", ".join(p for p in pieces if p)
        items.append(_shorten(text + (f" ({dates})" if dates else ""), 140 if len(pieces) == 2 else 120))
    return items


# ---------------------------------------------------------------------------------------------
# Resume
# ---------------------------------------------------------------------------------------------


def extract_resume_facts(text: str) -> ResumeFacts:
    """Extract the facts of a resume (after dropping lines addressed to a reader)."""
    clean = strip_instructions(text or "")
    lines = _lines(clean)
    sections = _split_sections(lines, _resume_section)
    body = "\n".join(lines)

    # Skills: the vocabulary over the whole text, then the short items of skills sections.
    skills = _vocabulary_skills(body)
    for name, section_lines in sections:
        if name != "skills":
            continue
        for line in section_lines:
            items = _split_items(line)
            if len(items) == 1 and (len(line) > 40 or line.endswith(".")):
                continue  # a sentence, not a list of skills
            for item in items:
                if _is_skill_item(item) and not _only_known_skills(item):
                    skills.append(_canonical_skill(item))
    for line in lines:
        match = re.match(r"^(?:technical\s+)?skills\s*[:：]\s*(.+)$", line, re.IGNORECASE)
        if match:
            skills.extend(_canonical_skill(i) for i in _split_items(match.group(1)) if _is_skill_item(i))

    positions = _extract_positions(sections)

    projects: list[str] = []
    for name, section_lines in sections:
        if name != "projects":
            continue
        plain = [
            ln for ln in section_lines
            if ln and not _is_bullet(ln) and len(ln) <= 80 and not _RANGE_RE.search(ln) and not _is_sentence(ln)
        ]
        source = plain or [_strip_bullet(ln) for ln in section_lines if ln]
        for line in source:
            projects.append(_shorten(re.split(r"\s+[-–—:|]\s+|:\s", line)[0], 100))
    for line in lines:
        match = re.match(r"^(?:project|proyecto)\s*[:：]\s*(.+)$", _strip_bullet(line), re.IGNORECASE)
        if match:
            projects.append(_shorten(match.group(1), 100))

    results = [r for r in (_result_phrase(line) for line in _joined_bullets(lines)) if r]

    education: list[str] = []
    for name, section_lines in sections:
        if name == "education":
            education.extend(_education_entries(section_lines))
    if not education:
        education = [_shorten(_strip_bullet(ln), 120) for ln in lines if ln and len(ln) <= 150 and _DEGREE_RE.search(ln)]

    return ResumeFacts(
        name=_find_name(lines),
        skills=_dedupe([s.strip() for s in skills], 40),
        positions=positions,
        projects=_dedupe(projects, 10),
        results=_dedupe(results, 12),
        education=_dedupe(education, 8),
    )


# ---------------------------------------------------------------------------------------------
# Job description
# ---------------------------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------------------------
# Match and summary
# ---------------------------------------------------------------------------------------------

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


def match_resume_to_job(facts: ResumeFacts, reqs: JobRequirements, *, today_year: int | None = None) -> dict:
    """Compare resume facts with job requirements: matched skills and requirements, and the gaps."""
    resume_skills = {s.lower(): s for s in facts.skills}
    job_skills = list(reqs.skills)
    matched_skills = [s for s in job_skills if s.lower() in resume_skills]
    missing_skills = [s for s in job_skills if s.lower() not in resume_skills]
    resume_text = " ".join(
        [*facts.skills, *(p.describe() for p in facts.positions), *facts.projects, *facts.results, *facts.education]
    )
    resume_words = _words(resume_text)
    if today_year is None:
        import datetime

        today_year = datetime.date.today().year
    years = _resume_years(facts, today_year)

    def judge(requirement: str) -> tuple[bool, str]:
        req_skills = _vocabulary_skills(requirement)
        years_match = _YEARS_RE.search(requirement)
        if years_match and years is not None:
            if years < int(years_match.group(1)):
                return False, f"asks for {years_match.group(0)}; the resume shows about {int(years)}"
            if not req_skills:
                return True, f"the resume shows about {int(years)} years"
        if req_skills:
            have = [s for s in req_skills if s.lower() in resume_skills]
            missing = [s for s in req_skills if s.lower() not in resume_skills]
            if have and len(have) * 2 >= len(req_skills):
                why = "resume lists " + ", ".join(have)
                return True, why + ("; not " + ", ".join(missing) if missing else "")
            return False, "resume does not mention " + ", ".join(missing)
        words = _words(requirement)
        common = words & resume_words
        if words and (len(common) >= 2 or len(common) / len(words) >= 0.4):
            return True, "resume mentions " + ", ".join(sorted(common)[:4])
        return False, "not evident in the resume"

    matched_requirements, gaps = [], []
    for requirement in reqs.must_haves:
        ok, why = judge(requirement)
        (matched_requirements if ok else gaps).append({"requirement": requirement, "why": why})
    nice_matched = [n for n in reqs.nice_to_haves if judge(n)[0]]
    total = len(reqs.must_haves)
    return {
        "matched_skills": matched_skills,
        "missing_skills": missing_skills,
        "extra_skills": [s for s in facts.skills if s.lower() not in {j.lower() for j in job_skills}][:15],
        "matched_requirements": matched_requirements,
        "gaps": gaps,
        "nice_to_haves_matched": nice_matched,
        "resume_years": years,
        "coverage": round(len(matched_requirements) / total, 2) if total else None,
    }


def _fit(sentences: list[str], budget: int) -> str:
    """Join whole sentences while they fit the budget; shorten the first one if nothing fits."""
    out = ""
    for sentence in sentences:
        candidate = f"{out} {sentence}".strip()
        if len(candidate) <= budget:
            out = candidate
        elif not out and budget > 20:
            out = _shorten(sentence, budget)
    return out


def summarise_for_interview(
    facts: ResumeFacts | None, reqs: JobRequirements | None, max_chars: int = 600
) -> str:
    """A short factual summary of the resume and the job, for the engine's stage instructions."""
    parts: list[str] = []
    if facts is not None:
        resume: list[str] = []
        if facts.positions:
            resume.append("Recent roles: " + "; ".join(p.describe() for p in facts.positions[:2]) + ".")
        if facts.skills:
            resume.append("Skills: " + ", ".join(facts.skills[:8]) + ".")
        if facts.projects:
            resume.append("Projects: " + "; ".join(_shorten(p, 50) for p in facts.projects[:2]) + ".")
        if facts.results:
            resume.append("Results: " + "; ".join(_shorten(r, 70) for r in facts.results[:2]) + ".")
        if facts.education:
            resume.append("Education: " + _shorten(facts.education[0], 70) + ".")
        # Leave room for the job: the resume gets about half the budget when both are given.
        budget = max_chars // 2 if reqs is not None else max_chars
        parts.append(_fit(resume, budget))
    if reqs is not None:
        role = reqs.title or "the role"
        if reqs.company:
            role += f" at {reqs.company}"
        job = [f"Job: {role}."]
        if reqs.must_haves:
            job.append("Must-haves: " + "; ".join(_shorten(m, 60) for m in reqs.must_haves[:3]) + ".")
        level = ", ".join(reqs.seniority_signals[:2])
        years = reqs.experience_years
        if level and years and years not in level:
            job.append(f"Seniority: {level}; {years} of experience.")
        elif level:
            job.append(f"Seniority: {level}.")
        elif years:
            job.append(f"Experience: {years}.")
        if facts is not None:
            match = match_resume_to_job(facts, reqs)
            if match["matched_skills"]:
                job.append("Matching skills: " + ", ".join(match["matched_skills"][:5]) + ".")
            if match["missing_skills"]:
                job.append("Skills to probe: " + ", ".join(match["missing_skills"][:4]) + ".")
        elif reqs.skills:
            job.append("Skills: " + ", ".join(reqs.skills[:8]) + ".")
        if reqs.nice_to_haves:
            job.append("Nice-to-haves: " + "; ".join(_shorten(n, 50) for n in reqs.nice_to_haves[:2]) + ".")
        parts.append(_fit(job, max_chars - len(" ".join(p for p in parts if p)) - 1))
    summary = " ".join(p for p in parts if p)
    # The summary goes into instructions: it must not carry anything that reads as one.
    summary = " ".join(s for s in _SENTENCE_SPLIT.split(summary) if not _is_addressed_to_reader(s))
    summary = re.sub(r"\s+", " ", summary).strip()
    if len(summary) <= max_chars:
        return summary
    cut = summary[: max(0, max_chars - 1)]
    boundary = max(cut.rfind(". "), cut.rfind("; "))
    if boundary > max_chars // 2:
        cut = cut[: boundary + 1]
    else:
        cut = cut.rsplit(" ", 1)[0] if " " in cut else cut
    return (cut.rstrip() + "…")[:max_chars] if not cut.endswith(".") else cut
