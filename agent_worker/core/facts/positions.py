"""Positions on a resume: title, employer and dates from the common layouts."""

from __future__ import annotations

import re

from agent_worker.core.facts.cleanup import _is_bullet, _shorten, _strip_bullet
from agent_worker.core.facts.job_layout import _TRADE_TITLE_WORDS
from agent_worker.core.facts.models import Position
from agent_worker.core.facts.patterns import (
    _DATE,
    _DEGREE_RE,
    _EMPLOYER_WORDS,
    _END,
    _LOCATION_RE,
    _MONTH,
    _RANGE_RE,
    _TITLE_WORDS,
    _YEAR,
)


def _title_score(text: str) -> int:
    text = re.sub(r"(?<=[a-z])(?=[A-Z][a-z])", " ", text)  # "DevOpsEngineer" from fonts without spaces
    titles = len(_TITLE_WORDS.findall(text)) + len(_TRADE_TITLE_WORDS.findall(text))
    return titles * 2 - len(_EMPLOYER_WORDS.findall(text))


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
        if match and (_TITLE_WORDS.search(match.group("title")) or _TRADE_TITLE_WORDS.search(match.group("title"))):
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
    """A line that can hold an entry's title or employer: not a bullet, not dated, not a date alone."""
    return (bool(line) and not _is_bullet(line) and len(line) <= 90 and not _entry_dates(line)
            and bool(re.search(r"[^\W\d_]", _ANY_DATE.sub(" ", line))))


_ANY_DATE = re.compile(rf"(?<![\w/])(?:{_DATE}|{_END})(?![\w/])", re.IGNORECASE)


# "Summer 2013, 2014" or "June 2019" closing an entry's line: an entry with one date.
_ONE_DATE_AT_END = re.compile(
    rf"(?<![\w/])(?P<start>{_MONTH}\s*,?\s*{_YEAR}|{_YEAR})(?:\s*,\s*{_YEAR})*\s*$", re.IGNORECASE
)


def _entry_dates(line: str) -> tuple[tuple[int, int], str | None, str | None, float] | None:
    """Where an entry line's dates are, its start and end, and how sure they make the entry: a range, a
    template's "year–year", or one date closing a short line."""
    match = _RANGE_RE.search(line)
    if match:
        if match.group("pstart"):
            return match.span(), None, None, 0.9
        return match.span(), _tidy_date(match.group("start")), _tidy_date(match.group("end")), 0.9
    match = _ONE_DATE_AT_END.search(line)
    rest = line[: match.start()].strip(" ,;:|-–—") if match else ""
    if match and 2 <= len(rest) <= 70 and len(rest.split()) <= 8 and not rest.endswith("."):
        return match.span(), _tidy_date(match.group("start")), None, 0.75
    return None


def _is_employer_line(line: str) -> bool:
    """A short line naming an employer under an entry's title and dates ("Acme Corp", "Acme Corp, Berlin"):
    not a sentence, a bullet, a title or a section of its own."""
    return (_is_plain_line(line) and len(line.split()) <= 6 and not line.rstrip().endswith((".", ":"))
            and line[:1].isupper() and _title_score(line) <= 0)


_NOT_AN_EMPLOYER = re.compile(r"(?i)\b(?:programm?e?s?|fellowship|scholarship|grant|curriculum|course)\b")


def _names_something(part: str) -> bool:
    """A part of a line that can be a name ("Danggeun Pay Inc. (KarrotPay)"), not a sentence of duties ("Owned
    the VAT returns since 2019.") or a bullet's wrapped tail ("balances with the")."""
    sentence = part.rstrip().endswith(".") and not re.search(_COMPANY_FORM + r"$", part.rstrip())
    return part[:1].isupper() and len(part.split()) <= 8 and not sentence


def _position_confidence(title: str | None, employer: str | None, ceiling: float) -> float:
    """How sure a reading of title and employer is: both found, a title word in the title, an employer that
    reads as a name (not a sentence, a degree or a fragment in lower case)."""
    confidence = ceiling if title and employer else min(ceiling, 0.65)
    if title and (_title_score(title) <= 0 or len(title.split()) > 10):
        confidence = min(confidence, 0.5)
    if employer and (
        employer[:1].islower() or len(employer.split()) > 6 or _DEGREE_RE.search(employer) or _title_score(employer) > 0
    ):
        confidence = min(confidence, 0.4)
    if employer and _NOT_AN_EMPLOYER.search(employer):
        confidence = min(confidence, 0.5)  # a study programme or a grant may be the entry, or may be its employer
    return round(confidence, 2)


def _extract_positions(sections: list[tuple[str, list[str]]]) -> list[Position]:
    positions: list[Position] = []
    for name, lines in sections:
        if name in ("education", "skills", "other", "certifications", "awards", "summary", "projects"):
            continue
        for i, line in enumerate(lines):
            dates = _entry_dates(_strip_bullet(line) if _is_bullet(line) else line)
            if not dates:
                continue
            (begin, finish), start, end, ceiling = dates
            if _is_bullet(line):
                # A list item is an entry only when it is short and names a title or an employer
                # ("- Acme Corp 2015.4~至今"), not an achievement with a year in it.
                line = _strip_bullet(line)
                rest = (line[:begin] + " " + line[finish:]).strip()
                if len(rest) > 40 or not (_EMPLOYER_WORDS.search(rest) or _title_score(rest) > 0):
                    continue
                ceiling = min(ceiling, 0.7)
            elif ceiling < 0.9 and name == "top":
                continue  # one date in a resume's header or an unnamed section: not an entry
            rest = line[:begin] + "   " + line[finish:]
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
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if not parts and nxt and _is_plain_line(nxt) and _title_score(nxt) > 0 and (
                    not above or _title_score(above[-1]) <= 0) and not nxt.rstrip().endswith("."):
                # Dates on a line of their own above the entry they date ("2024-02-01 to 2026-04-01" over
                # "Home Carer at Lamy Support Services"): the entry is below, not the last entry's duties above.
                parts = _place_free_parts(nxt) or _parts(nxt)
                after = lines[i + 2] if i + 2 < len(lines) else ""
                if len(parts) == 1 and " at " not in nxt and _is_employer_line(after):
                    parts.append((_place_free_parts(after) or _parts(after))[0])
                ceiling = min(ceiling, 0.85)
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
                    elif above and _title_score(above[-1]) <= 0 and title and employer is None and _names_something(
                            above[-1]) and _names_something((_place_free_parts(above[-1]) or _parts(above[-1]))[0]):
                        employer = (_place_free_parts(above[-1]) or _parts(above[-1]))[0]
                    elif above and title is None and _title_score(above[-1]) > 0:
                        title = above[-1]
                    elif title and employer is None and _is_employer_line(nxt):
                        employer = (_place_free_parts(nxt) or _parts(nxt))[0]  # "Title  2019 – 2021" / "Acme"
            if not title and not employer:
                continue
            if not title and parts:
                # No title word anywhere: read "Title, Employer" as the most common order.
                fallback = [p for p in parts if not _LOCATION_RE.match(p.strip(" .,;:|"))]
                if len(fallback) >= 2 and not _EMPLOYER_WORDS.search(fallback[0]):
                    title, employer = fallback[0], fallback[1]
                    ceiling = min(ceiling, 0.5)
            positions.append(
                Position(
                    title=_shorten(title or "", 80),
                    employer=_shorten(employer, 80) if employer else None,
                    start=start,
                    end=end,
                    confidence=_position_confidence(title, employer, ceiling),
                )
            )
    unique: list[Position] = []
    for position in positions:  # a dated entry read twice is one; a template's undated ones are each kept
        if position not in unique or not position.start:
            unique.append(position)
    return unique[:12]


def _tidy_date(value: str) -> str:
    value = re.sub(r"\s+", " ", value.strip())
    return value[:1].upper() + value[1:] if value.islower() else value


# A title given in the personal details ("所在公司:XX 职 位:研发工程师", "Current position: Data Analyst").
_LABELLED_TITLE = re.compile(r"(?:职\s*[位务]|current (?:position|title|role)|job title)\s*[:：]\s*(?P<title>[^:：|]+?)\s*$",
                             re.IGNORECASE)


def _with_labelled_title(positions: list[Position], lines: list[str]) -> list[Position]:
    """Positions with the title the personal details give to the current one, when its entry names none."""
    match = next((m for m in (_LABELLED_TITLE.search(_strip_bullet(ln)) for ln in lines[:25]) if m), None)
    untitled = [p for p in positions if not p.title]
    if match is None or not untitled:
        return positions
    current = next((p for p in untitled if p.end and re.match(_END, p.end, re.IGNORECASE)), None)
    if current is None and positions and not positions[0].title:
        current = positions[0]
    if current is not None:
        current.title = _shorten(match.group("title"), 80)
    return positions
