"""Template text left in a resume: "Job title, Employer", "Company 1", "XXX, YYY", "Your University", "XX公司".

A candidate who uploads a half-edited template gets what a recruiter would say: the template's placeholders
are no facts about them. They are left out of the facts (so the interviewer never speaks them) and kept
apart, word for word, so the setup page can tell the candidate which lines still read as template text.
"""

from __future__ import annotations

import re

from agent_worker.core.facts.models import Position, ResumeFacts

# A template's field labels in English and Spanish: a fact made of these words alone names nothing the
# candidate did ("Job title", "Funding agency/institution", "Degree, Institution, City, Grade").
_TEMPLATE_WORDS = frozenset(
    "job title position role employer company name project duration funding agency institution organisation "
    "organization location city country date dates month year description degree school university grade "
    "your here discipline category skill level comment hobby item achievement sub address street number "
    "postcode zip"
    " título del puesto empleador institución grado ciudad país fecha año descripción categoría empresa nombre "
    "universidad proyecto".split()
)
# Filler, wherever it stands: lorem ipsum, "John Doe", "XXX" / "YYY" / "20XX", "Your University", "XX公司".
_FILLER_RE = re.compile(
    r"\blorem ipsum\b|\bdolor sit amet\b|\b(?:john|jane)\s+doe\b|(?<![^\W\d_])(?:x{2,}|y{3,}|z{3,})(?![^\W\d_])|\b(?:19|20)xx\b|"
    r"\byour (?:name|university|school|college|discipline|company|employer|title|position|job|degree|"
    r"city|country|address|field|major)\b|(?:^|[^A-Za-z])XX+(?=[\u4e00-\u9fff])|"
    # A Chinese template's: its John Doe (张三), "某某公司", "公司名称" (company name), "你的名字" (your name).
    r"^(?:张三|李四|王五)$|某某|(?:公司|职位|岗位|学校|专业|项目|学院|部门)名称|你的(?:名字|姓名)|(?:^|\s)姓名(?:$|\s)",
    re.IGNORECASE,
)
# A Chinese template's prompts in place of a project ("1.具体功能", "2.运用哪些技术", "3.效果如何").
_CJK_PROMPT_RE = re.compile(r"哪些|如何|具体功能|地址")


def is_placeholder(text: str | None) -> bool:
    """True for a fact that is template text: only a template's field labels (with numbers), or filler."""
    phrase = (text or "").strip()
    if not phrase:
        return False
    if _FILLER_RE.search(phrase) or _CJK_PROMPT_RE.search(phrase):
        return True
    tokens = re.findall(r"[^\W\d_]+", phrase.lower())
    # Single letters ride along ("Project 1 a"), but a fact of single letters only ("C", "R") is a skill.
    return any(t in _TEMPLATE_WORDS for t in tokens) and all(t in _TEMPLATE_WORDS or len(t) == 1 for t in tokens)


def _without_filler(text: str) -> str:
    """An education item without its placeholder pieces: "B.Sc. in Your Discipline, Stanford University
    (1998 – 2001)" is "B.Sc., Stanford University (1998 – 2001)"; all filler leaves nothing."""
    text = re.sub(r"\s+in\s+your\s+\w+", "", text, flags=re.IGNORECASE)
    chunks = [c for c in re.split(r",\s*", text) if c.strip()]
    kept = [c for c in chunks if not is_placeholder(re.sub(r"\([^)]*\)", "", c).strip(" ."))]
    if not kept or all(is_placeholder(k) for k in kept):
        return ""
    # What is left must still name something: a date range or a degree alone is no school.
    rest = ", ".join(kept)
    return rest if re.search(r"[^\W\d_]{3,}", re.sub(r"\([^)]*\)", "", rest)) else ""


def _position_without_filler(position: Position) -> Position | None:
    title = "" if is_placeholder(position.title) else position.title
    employer = None if is_placeholder(position.employer) else position.employer
    if not (title or employer):
        return None
    start = None if is_placeholder(position.start) else position.start
    end = None if is_placeholder(position.end) else position.end
    return position.model_copy(update={"title": title, "employer": employer, "start": start, "end": end})


def without_template_text(facts: ResumeFacts) -> ResumeFacts:
    """The facts without a template's placeholders; what was left out goes to `template_text`."""
    left_out: list[str] = []
    name = facts.name
    if is_placeholder(name):
        left_out.append(str(name))
        name = None
    positions = []
    for position in facts.positions:
        kept = _position_without_filler(position)
        # Word for word what the template says: "Job title, Employer", or the one field that is filler.
        fields = [position.title, position.employer] if kept is None else [
            position.title if kept.title != position.title else None,
            position.employer if kept.employer != position.employer else None]
        left_out.extend([", ".join(f for f in fields if f)] if any(fields) else [])
        if kept is not None:
            positions.append(kept)
    education = []
    for item in facts.education:
        kept_item = _without_filler(item) if _FILLER_RE.search(item) or is_placeholder(item) else item
        if kept_item != item:
            left_out.append(item)
        if kept_item:
            education.append(kept_item)

    def real(items: list[str]) -> list[str]:
        left_out.extend(i for i in items if is_placeholder(i))
        return [i for i in items if not is_placeholder(i)]

    skills, projects, results = real(facts.skills), real(facts.projects), real(facts.results)
    template_text = list(dict.fromkeys(left_out))
    return facts.model_copy(update={
        "name": name, "positions": positions, "education": education, "skills": skills, "projects": projects,
        "results": results,
        "confidence": facts.confidence if name else {k: v for k, v in facts.confidence.items() if k != "name"},
        "template_text": template_text[:12],
    })
