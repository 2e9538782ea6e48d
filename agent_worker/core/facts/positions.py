"""Positions on a resume: title, employer and dates from the common layouts."""

from __future__ import annotations

import re

from agent_worker.core.facts.cleanup import _is_bullet, _shorten
from agent_worker.core.facts.models import Position
from agent_worker.core.facts.patterns import (
    _DEGREE_RE,
    _EMPLOYER_WORDS,
    _LOCATION_RE,
    _RANGE_RE,
    _TITLE_WORDS,
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
