"""Resume facts: sections, name, skills, projects, quantified results, education."""

from __future__ import annotations

import re

from agent_worker.core.facts.cleanup import (
    _dedupe,
    _is_bullet,
    _lines,
    _shorten,
    _split_sections,
    _strip_bullet,
    strip_instructions,
)
from agent_worker.core.facts.models import Position, ResumeFacts
from agent_worker.core.facts.patterns import _DATE, _DEGREE_RE, _END, _MONTH, _OUTCOME_RE, _RANGE_RE, _YEAR
from agent_worker.core.facts.placeholders import without_template_text
from agent_worker.core.facts.positions import (
    _drop_city,
    _extract_positions,
    _is_location,
    _with_labelled_title,
)
from agent_worker.core.facts.skills import _VOCABULARY, _canonical_skill, _is_skill_item, _vocabulary_skills

_RESUME_SECTIONS = {
    "summary": r"summary|professional summary|profile|professional profile|about|about me|objective|career objective|"
    r"perfil|resumen|profil|[uü]ber mich|kurzprofil|profiel|over mij|à propos|个人简介|自我评价",
    "experience": r"(?:work ?|professional ?|relevant ?|employment ?|career ?)?(?:experience|history)|employment|"
    r"work history|career history|employment history|positions?|vocational|experiencia(?: laboral| profesional)?|"
    r"on campus involvement|volunteer experience|leadership experience|"
    r"(?:research|teaching|academic|industry|industrial|clinical|military) (?:experience|positions?|appointments?)|"
    r"(?:academic |professional |research )?appointments|positions held|工作经历|工作经验|实习经历|研究经历|科研经历|"
    r"实践经历|校园经历|社会实践|"
    r"工作及教育经历|教育及工作经历|工作与教育经历|"
    # the same in the other languages the people write in, and a theme's one word ("Work")
    r"work|jobs|berufserfahrung|berufliche erfahrung|berufspraxis|werdegang|beruflicher werdegang|"
    r"werkervaring|werkzaamheden|loopbaan|exp[ée]riences?(?: professionnelles?)?|parcours professionnel|"
    r"experiencia|trayectoria(?: profesional)?",
    "education": r"education|education and training|academic background|qualifications|formación académica|"
    r"formación|educación|estudios|ausbildung|schulbildung|bildungsweg|studium|opleiding(?:en)?|"
    r"formation|études|教育背景|教育经历",
    "skills": r"(?:technical |core |key |professional |computer |relevant )?(?:skills|competencies|competences)|"
    r"skills (?:&|and) (?:tools|technologies|interests|abilities)|technologies|tools|tech stack|strengths|"
    r"expertise|areas of expertise|conocimientos(?: de computación)?|habilidades|competencias|专业技能|技能|个人技能",
    "projects": r"(?:selected |personal |key |academic |side |open[- ]source )?projects?|proyectos|项目经历|项目经验|"
    r"研发经历|近期主要研发经历",
    "certifications": r"certifications?|licen[cs]es?(?: (?:&|and) certifications)?|certificates?|certificaciones",
    "volunteer": r"volunteering|volunteer work|ehrenamt|vrijwilligerswerk|bénévolat|voluntariado",
    "awards": r"awards?|honou?rs(?:/awards)?|honou?rs (?:&|and) awards|achievements|most proud of|premios",
    "misc": r"miscellaneous|misceláneo",
    "other": r"publications?|languages|idiomas|interests|hobbies|references|referees|extra \d|"
    r"a day of my life|my life philosophy|activities|extracurricular|contact|personal information|"
    r"个人信息|基本信息|获奖经历|获奖情况|荣誉奖项|获奖荣誉|个人账号|其他信息|个人爱好|兴趣爱好|个人总结|求职意向|联系方式|"
    r"论文发表|发表论文|证书|语言能力|自我介绍|"
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


_COUNTED = (
    r"(?:users|customers|clients|people|"
    r"employees|students|children|patients|members|engineers|developers|servers|nodes|requests|transactions|"
    r"downloads|accounts|projects|teams|countries|markets|stores|sites|hours|days|weeks|minutes|seconds|"
    r"ms|milliseconds|deals|leads|calls|cases|beds|reports|events|services|stars|contributors|"
    r"reviews|units|orders|tickets|incidents|releases|deployments|applications|apps|papers|courses|classes|"
    r"executives|technicians|nurses|interns|volunteers|locations|offices|languages|products|systems|staff|vendors|"
    r"hires|candidates|agents)\b"
)
# Numbers written out: "three teams", "a dozen engineers", "doubled revenue", "cut costs by half".
_SPELLED = (
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
    r"a hundred|hundreds of|thousands of|millions of|a dozen|dozens of)\s+(?:[\w-]+\s+)?" + _COUNTED + "|"
    r"\b(?:doubled|tripled|quadrupled|halved|tenfold|(?:by|in) half)\b"
)
_QUANTITY_RE = re.compile(
    r"(?:[$€£¥]\s?\d[\d,.]*\s*(?:[kmb]|million|billion|thousand)?\b|"
    r"\b\d[\d,.]*\s*(?:%|percent\b|per cent\b)|"
    r"\b\d+(?:\.\d+)?\s*[x×](?![a-z0-9])|"
    r"\b\d[\d,.]*\+?\s*(?:k|m|million|billion|thousand|hundred)?\s*(?:[a-z][\w-]*\s+)?" + _COUNTED + "|" + _SPELLED + "|"
    r"\b(?:top|over|more than|up to|nearly|almost|about|around|approximately|by|of|from|to)\s+\d[\d,.]*\b)",
    re.IGNORECASE,
)
_RESULT_VERB_RE = re.compile(
    r"\b(?:\w+ed|cut|grew|led|built|ran|won|saved|saving|reduc\w*|increas\w*|improv\w*|boost\w*|grow\w*|"
    r"deliver\w*|achiev\w*|launch\w*|manag\w*|lead\w*|exceed\w*|generat\w*|scal\w*|lower\w*|drove|"
    r"rais\w*|serv\w*|handl\w*|instruct\w*|train\w*|mentor\w*|coach\w*|supervis\w*|oversaw|wrote|taught|"
    # the present tense of a current role ("Implement …, decreasing no-shows by 26%", "Negotiate … savings")
    r"decreas\w*|implement\w*|negotiat\w*|result\w*|sav(?:e|es|ings)|cuts|grows?|wins?|drives?|oversee\w*|"
    r"support\w*|sell|sells|sold|clos\w*|secur\w*|sign\w*)\b",
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
    items = re.split(r"\s*[,;|•·/、，；]\s*|\s+-\s+|\s{2,}|\s+(?:and|&)\s+(?=[A-Z])", line)
    items = [_SKILL_PREFIX.sub("", i.strip(" .")) for i in items]
    return [i for i in items if i]


_SKILL_PREFIX = re.compile(
    r"^(?:(?:and|or|&)\s+|(?:proficient|proficiency|fluent|skilled|experienced|expert|certified|trained)"
    r"\s+(?:in|with)\s+|(?:familiar|familiarity|experience|working knowledge)\s+(?:with|of|in)\s+|"
    r"knowledge of\s+|熟练使用|熟练掌握|熟练|熟悉|了解|掌握|精通|使用)",
    re.IGNORECASE,
)


_NAME_TOKEN = r"[A-ZÀ-ÖØ-Þ][A-Za-zÀ-ÖØ-öø-ÿ'’.-]*"
# The lower-case particles of Dutch, German, French, Spanish, Portuguese and Italian surnames ("Tim van Doorn",
# "Johannes van den Velden", "María de la Cruz").
_NAME_PARTICLE = r"(?:van|von|der|den|de|des|du|da|di|del|della|do|dos|das|la|le|ten|ter|zu|y)"
_NAME_RE = re.compile(rf"^{_NAME_TOKEN}(?:\s+(?:{_NAME_PARTICLE}\s+){{0,3}}{_NAME_TOKEN}){{1,3}}$")
_CJK_NAME_RE = re.compile(r"^[\u4e00-\u9fff]{2,4}$")
# A Chinese section label that no list of them holds ends like one: 经历, 背景, 技能, 总结 ...
_CJK_LABEL_RE = re.compile(r"(?:经历|经验|背景|技能|总结|评价|信息|意向|方式|荣誉|奖项|证书|能力|爱好|简介|介绍|项目|教育|作品|论文)$")
_NOT_NAME = re.compile(
    r"\b(?:resume|résumé|resumé|curriculum|vitae|cv|page|summary|profile|objective|experience|education|"
    r"contact|email|phone|address|street|skills|engineer|developer|manager|accountant|title)\b",
    re.IGNORECASE,
)


def _find_name(lines: list[str]) -> tuple[str | None, float]:
    """The candidate's name and how sure we are: labelled, the first line, or a name-like line further down
    (a contact block above the name, as in some LaTeX templates)."""
    for line in lines[:12]:
        match = re.match(r"^(?:name|nombre|姓名)\s*[:：]\s*(.+)$", line, re.IGNORECASE)
        if match:
            return _shorten(match.group(1), 60), 0.95
    for position, line in enumerate([ln for ln in lines if ln][:6]):
        if _resume_section(line) or _NOT_NAME.search(line) or re.search(r"\d|@", line):
            continue
        if _NAME_RE.match(line) or (_CJK_NAME_RE.match(line) and not _CJK_LABEL_RE.search(line)):
            return (line.title() if line.isupper() else line), (0.9 if position == 0 else 0.7)
    return None, 0.0


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
    r"polytechnic|politecnico|conservatory|école|ecole|escuela|hochschule|facultad|faculty|institution|institución|"
    # German, Dutch, French and Spanish schools: Berufsschule, Fachhochschule, Berufskolleg, Universiteit,
    # Hogeschool, MBO/ROC colleges, IUT, lycée, CIFP and IES (vocational and secondary schools), colegio.
    r"\w*schule|\w*kolleg|akademie|universiteit|hogeschool|mbo|roc|iut|lyc[ée]e|cifp|ies|colegio|"
    r"conservatoire|gymnasium|liceo|sixth form|(?:centro|instituto) de formaci[óo]n|formaci[óo]n profesional|"
    r"[A-Z]{3,}TECH|KAIST|MIT|UCLA|ETH|CFA|HBO|GRETA|AFPA)\b|大学|学院",
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
    chunks[-1] = _drop_school_city(_drop_city(chunks[-1]))
    return ", ".join(chunks)


def _drop_school_city(text: str) -> str:
    """ "Technical University of Munich Munich" (the city of "Munich, Germany" read onto the school's line)
    without that city: a last capitalised word after a school's name, not one its name ends with
    ("Stanford University") or needs ("University of Texas at Austin")."""
    match = re.match(r"^(?P<name>.+?)\s+(?P<city>[A-Z][a-zà-ÿ]+)$", text)
    if not match or not _INSTITUTION_RE.search(match.group("name")) or _INSTITUTION_RE.search(match.group("city")):
        return text
    if re.search(r"\b(?:at|of|in|de|di|du|del|von|für|and|&)$", match.group("name"), re.IGNORECASE):
        return text
    return match.group("name")


def _education_entries(section_lines: list[str]) -> list[str]:
    """One item per degree: "Ph.D. in Physics, Some University (Sept 2002 – June 2006)".

    A degree and its school on two lines (either order) make one item, and a line with only dates goes
    with the item above it; other lines (a thesis title, a prize) stay items of their own.
    """
    entries: list[dict[str, str | None]] = []
    for line in section_lines:
        text = re.sub(r"\s+\|\s+", " ", _strip_bullet(line))  # fields at tab stops ("School | Pohang, S.Korea")
        text = re.sub(r"^(?:year|año|yyyy)[-–—](?:year|año|yyyy)\s+", "", text)  # a template's dates
        if not text or len(text) > 150 or re.fullmatch(r"(?:descripci[oó]n|description)", text, re.I):
            continue
        if _ONE_DATE_RE.search(text) and not re.search(r"\w", _ONE_DATE_RE.sub("", text)):
            last = entries[-1] if entries else None
            if last is not None and last["text"] is None and last["dates"] is None:
                last["dates"] = re.sub(r"\s+", " ", text.strip(" ,;:|()"))
            continue
        kind = "degree" if _DEGREE_RE.search(text) else "school" if _INSTITUTION_RE.search(text) else None
        last = entries[-1] if entries else None
        if kind is None and _names_a_school(text) and last is not None and last["degree"] and not (
                last["school"] or last["text"] or last["dates"]):
            kind = "school"  # the line beside a degree names where it was taken: "Hogeschool van Alem", "ROC Heteren"
        if kind == "degree" and last is not None and last["text"] and _names_a_school(last["text"]) and not (
                last["degree"] or last["school"]):
            last["school"], last["text"], last["degree"] = last["text"], None, text
            continue
        other = {"degree": "school", "school": "degree"}.get(kind or "")
        if (
            kind and other and last is not None and last["text"] is None and last[kind] is None
            and last[other] is not None and (last["dates"] is None or kind == "degree")
            and not (_RANGE_RE.search(text) and _RANGE_RE.search(last[other] or ""))  # each dated: two entries
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
    # An education item names a school or a degree: not a thesis title, a prize or a grade on its own line.
    return [
        item for item in items
        if _INSTITUTION_RE.search(item) or (_DEGREE_RE.search(_GRADE_RE.sub("", item)) and not _THESIS_RE.search(item))
    ]


def _names_a_school(text: str) -> bool:
    """A short name standing beside a degree (no sentence, grade or thesis): the school the degree is from."""
    return (len(text.split()) <= 8 and text[:1].isupper() and not text.endswith(".") and ":" not in text
            and not _GRADE_RE.search(text) and not _THESIS_RE.search(text) and not _DEGREE_RE.search(text))


_GRADE_RE = re.compile(r"\b(?:gpa|grade)\b", re.IGNORECASE)
_THESIS_RE = re.compile(r"\b(?:thesis|tesis|dissertation|th[eè]se)\b", re.IGNORECASE)



def _unglued(lines: list[str]) -> list[str]:
    """Lines with a section heading that a PDF reading ran into the section's first line ("Experience Job title
    2019 – 2021", "EDUCATION Degree 2015 – 2019") set on a line of its own; a date glued to the word before it
    ("Postdoctoral Researcher2019 – 2021") set apart by a space."""
    out: list[str] = []
    for line in lines:
        line = _GLUED_DATE.sub(" ", line)
        line = re.sub(r"(?<=\d) T O (?=\d)", " TO ", line)  # small capitals read apart: "2019-12-01 T O 2024-02-01"
        if len(line) <= 45 and line.isupper() and _resume_section(re.sub(r"(?<![^\W\d_])(\w) (?=\w)", r"\1", line)):
            line = re.sub(r"(?<![^\W\d_])(\w) (?=\w)", r"\1", line)  # "W ORK E XPERIENCE"
        words = line.split()
        for n in (3, 2, 1):
            head, rest = " ".join(words[:n]), " ".join(words[n:]).lstrip("| ")
            if len(words) > n and _resume_section(head) and rest[:1].isupper() and (
                    head.isupper() or _RANGE_RE.search(rest) or words[n] == "|"):
                out.extend([head, rest])
                break
        else:
            out.append(line)
    return out


_GLUED_DATE = re.compile(rf"(?<=[^\W\d_])(?=(?:{_MONTH}\s*)?{_YEAR}\s*(?:-|–|—|to)\s*(?:{_MONTH}\s*)?(?:{_YEAR}|{_END}))",
                         re.IGNORECASE)


def _without_own_name(position: Position, person: str | None) -> Position:
    """A position whose employer is the candidate's own name (a header read into the first entry) or a contact
    label ("Email", "Phone") has no employer read, and is asked about."""
    employer = position.employer or ""
    if (person and employer.casefold() == person.casefold()) or _CONTACT_LABEL.match(employer):
        return position.model_copy(update={"employer": None, "confidence": min(position.confidence, 0.5)})
    return position


_CONTACT_LABEL = re.compile(r"(?i)^(?:e-?mail|phone|tel(?:ephone)?|mobile|address|website|linkedin|contact|"
                            r"telefon|t[ée]l[ée]phone|tel[ée]fono|adresse|direcci[óo]n|adres)\b")


def extract_resume_facts(text: str) -> ResumeFacts:
    """Extract the facts of a resume (after dropping lines addressed to a reader), a template's placeholders
    set apart as template text."""
    return without_template_text(read_resume_facts(text))


def read_resume_facts(text: str) -> ResumeFacts:
    """Everything the resume's text says in the places facts stand, template placeholders included: how well
    a reading of a PDF finds the entries, whoever filled them in."""
    clean = strip_instructions(text or "")
    lines = _unglued(_lines(clean))
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

    person, person_confidence = _find_name(lines)
    positions = [_without_own_name(p, person) for p in _with_labelled_title(_extract_positions(sections), lines)]

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

    # The results that measure a change first; a scope ("coordination for 13 executives") after them.
    read = [r for r in (_result_phrase(line) for line in _joined_bullets(lines)) if r]
    results = [r for r in read if _OUTCOME_RE.search(r)] + [r for r in read if not _OUTCOME_RE.search(r)]

    education: list[str] = []
    for name, section_lines in sections:
        if name == "education":
            education.extend(_education_entries(section_lines))
    if not education:
        education = [_shorten(_strip_bullet(ln), 120) for ln in lines if ln and len(ln) <= 150 and _DEGREE_RE.search(ln)]

    return ResumeFacts(
        name=person,
        confidence={"name": person_confidence} if person else {},
        skills=_dedupe([s.strip() for s in skills], 40),
        positions=positions,
        projects=_dedupe(projects, 10),
        results=_dedupe(results, 12),
        education=_dedupe(education, 8),
    )
