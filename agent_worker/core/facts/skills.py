"""The skills vocabulary: canonical names, aliases, and where short language names count."""

from __future__ import annotations

import re

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


# "ML" among functional languages ("Haskell, F#, Elm, ML, OCaml") is the language, not machine learning.
_FUNCTIONAL_NEIGHBOURS = re.compile(r"OCaml|Haskell|Erlang|Elixir|F#|Lisp|Scheme|Standard ML|Clojure")


# An organisation named after a skill is not the skill: "Certified Kubernetes Application Developer, The Linux
# Foundation" names who gave the certificate, and "Python Software Foundation" is no Python.
_ORGANISATION_AFTER = re.compile(r"(?:\s+Software)?\s+(?:Foundation|Institute|Society|Association)\b")


def _find_skills(text: str) -> list[tuple[int, str]]:
    found = []
    for canonical, pattern in _VOCABULARY:
        for match in pattern.finditer(text):
            if _ORGANISATION_AFTER.match(text, match.end()):
                continue
            if match.group(0) == "ML":
                line_start = text.rfind("\n", 0, match.start()) + 1
                line_end = text.find("\n", match.end())
                if _FUNCTIONAL_NEIGHBOURS.search(text[line_start: line_end if line_end >= 0 else len(text)]):
                    continue
            found.append((match.start(), canonical))
            break
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


def is_known_skill(name: str) -> bool:
    """Whether a name is one of the vocabulary's skills, under any of its spellings ("Haskell", "k8s")."""
    return _canonical_skill(name) != name or any(canonical.lower() == name.strip().lower() for canonical, _ in _VOCABULARY)


_PATTERNS = {canonical: pattern for canonical, pattern in _VOCABULARY}


def find_term(term: str, text: str) -> re.Match[str] | None:
    """Where a term is named in a text, as a whole word in any case, except that a skill the vocabulary keeps to
    its capitals or to a list ("REST", "Epic", "Go") is not the everyday word ("the rest of my time", "an epic
    week", "go live")."""
    pattern = _PATTERNS.get(term)
    spans = [m.span() for m in pattern.finditer(text)] if pattern is not None else []
    for match in re.finditer(r"(?<!\w)" + re.escape(term) + r"(?!\w)", text, re.IGNORECASE):
        if pattern is None or any(start <= match.start() < end for start, end in spans):
            return match
    return None
