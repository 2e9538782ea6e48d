"""Positions on a resume: title, employer and dates from the common layouts."""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_worker.core.facts.cleanup import _is_bullet, _shorten, _strip_bullet
from agent_worker.core.facts.entry_words import organisation_words, title_words
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
    """How much `text` reads as a job title rather than an organisation: above 0 a title, below an employer."""
    text = re.sub(r"(?<=[a-z])(?=[A-Z][a-z])", " ", text)  # "DevOpsEngineer" from fonts without spaces
    return title_words(text) * 2 - organisation_words(text)


def _trim_part(part: str) -> str:
    """A part without its edge punctuation, but "Acme, Inc." and "Van Dijk B.V." keep the dot of their company form."""
    trimmed = part.strip(" .,;:|")
    if re.search(r"(?i:\b(?:inc|corp|ltd|co)|\b(?:[A-Za-z]\.)+[A-Za-z])$", trimmed) and part.rstrip(" ,;:|").endswith("."):
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
    if scores[best] <= 0 and (len(core) > 2 or len(set(scores)) > 1):
        return None, core[0]
    # Of two names the one less like an organisation is the title; where they read alike (neither has a job's
    # or an organisation's word) the document's own order decides later (_in_document_order).
    title = core[best]
    others = [p for i, p in enumerate(core) if i != best]
    return title, others[0] if others else None


# ", " separates parts, except before a company form: "Omnious Co., Ltd." and "Acme, Inc." are one name.
_SEPARATORS = re.compile(
    r"\s+[|—–·•]\s+|\s+-\s+|\s*\|\s*|,\s+(?!(?i:inc|ltd|llc|llp|corp|co|gmbh|plc|pty|limited)\b)|\s{3,}"
)
_COMPANY_FORM = r"\b(?:Inc|Corp|Ltd|LLC|LLP|GmbH|Co|PLC|Pty|Limited)\.?"
_PARTNERS = re.compile(r"[A-Z][\w'’]+ (?:and|&|und|et|y|en) [A-Z][\w'’]+")


def _parts(text: str) -> list[str]:
    parts = [p for p in _SEPARATORS.split(text) if p and p.strip(" .,;:|")]
    for i in range(len(parts) - 2, -1, -1):
        first, rest = parts[i].strip(), parts[i + 1].strip()
        if re.fullmatch(r"[A-Z][\w'’]+", first) and not title_words(first) and _PARTNERS.fullmatch(rest) and (
                f"{first}, {rest}" in text):
            parts[i: i + 2] = [f"{first}, {rest}"]  # a firm of partners: "Chung, Moss and Murphy"
    return parts


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
            if i > 0 and re.fullmatch(r"[A-Z]{2}", raw[i + 1].strip(" .,;:|")) and re.fullmatch(
                    r"[A-Z][a-z]+(?: [A-Z][a-z]+)?", part.strip()):
                continue  # the city of "…, Pomona, CA": a place, never an employer
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


# "2022-12-01 —" closing a line: a range whose end a theme leaves blank for a current job.
_OPEN_RANGE = re.compile(rf"(?<![\w/])(?P<start>{_DATE})\s*[-–—]\s*$", re.IGNORECASE)


def _entry_dates(line: str) -> tuple[tuple[int, int], str | None, str | None, float] | None:
    """Where an entry line's dates are, its start and end, and how sure they make the entry: a range, a
    template's "year–year", or one date closing a short line."""
    match = _RANGE_RE.search(line)
    if match:
        if match.group("pstart"):
            return match.span(), None, None, 0.9
        return match.span(), _tidy_date(match.group("start")), _tidy_date(match.group("end")), 0.9
    match = _OPEN_RANGE.search(line)
    if match:
        return match.span(), _tidy_date(match.group("start")), None, 0.9
    match = _ONE_DATE_AT_END.search(line)
    rest = line[: match.start()].strip(" ,;:|-–—") if match else ""
    if match and 2 <= len(rest) <= 70 and len(rest.split()) <= 8 and not rest.endswith("."):
        return match.span(), _tidy_date(match.group("start")), None, 0.75
    return None


def _is_employer_line(line: str) -> bool:
    """A short line naming an employer under an entry's title and dates ("Acme Corp", "Acme Corp, Berlin"):
    not a sentence, a bullet, a title or a section of its own."""
    return (_is_plain_line(line) and len(line.split()) <= 6 and not line.rstrip().endswith((".", ":"))
            and _starts_a_name(line) and _title_score(line) <= 0 and not _is_duty(line))


_NOT_AN_EMPLOYER = re.compile(r"(?i)\b(?:programm?e?s?|fellowship|scholarship|grant|curriculum|course)\b")


def _names_an_entry(first: str, second: str) -> bool:
    """Two lines that are a title and an employer, in either order: one reads as a job, the other as an
    organisation ("Staff Nurse" over "St Mary's Hospital")."""
    scores = sorted((_title_score(first), _title_score(second)))
    return scores[0] < 0 < scores[1]


# A duty's first word (past tense or a present "-s"/"-ing") and the words a wrapped line stops on.
_DUTY_START = re.compile(
    r"^(?:[A-Z][a-z]+(?:ed|ised|ized)|Ran|Led|Built|Made|Kept|Took|Won|Cut|Set|Grew|Drove|Wrote|Taught|Sold|"
    r"Met|Gave|Held|Brought|Beat|Sent|Spent|Found|Got|Put|Dealt|Oversaw|Undertook)\b"
)
_DANGLING = re.compile(r"(?i)(?:\b(?:and|the|of|to|a|an|with|for|in|on|at|by|so)|-)$")


def _is_duty(part: str) -> bool:
    """A piece of a duty beside an entry's dates ("Reorganised the pick faces so fast-", "Supervised a shift
    of 4 operatives and"): a theme that sets the first duty on the title's row. No name starts with a verb
    and runs on for four words, or stops on "and"."""
    words = part.split()
    # "Managing the rota …" is a duty, "Founding Member & Site Reliability Engineer" a title.
    starts = bool(_DUTY_START.match(part)) or (bool(re.match(r"[A-Z][a-z]+ing\b", part)) and not title_words(part))
    return (len(words) >= 4 and starts and not organisation_words(part)) or (
        len(words) >= 3 and bool(_DANGLING.search(part.rstrip()) or re.search(r"\d\s*%", part)))


def _names_something(part: str) -> bool:
    """A part of a line that can be a name ("Danggeun Pay Inc. (KarrotPay)"), not a sentence of duties ("Owned
    the VAT returns since 2019.") or a bullet's wrapped tail ("balances with the")."""
    sentence = part.rstrip().endswith(".") and not re.search(
        _COMPANY_FORM + r"$|(?:\b[A-Za-z][a-z]{0,3}\.){2,}$", part.rstrip())  # "S.Com.", "B.V." end no sentence
    return _starts_a_name(part) and len(part.split()) <= 8 and not sentence


# A surname's particle may begin a firm's name in lower case: "van Straaten Home and Garden", "de la Cruz SL".
_PARTICLE = re.compile(r"^(?:van|von|de|der|den|del|della|la|le|di|da|du|ten|ter|zu)\s+[A-ZÀ-Þ]")


def _starts_a_name(part: str) -> bool:
    first = part[:1]
    return (first.isalnum() and not first.islower()) or bool(_PARTICLE.match(part))  # "Acme", "3M", "字节跳动"


def _position_confidence(title: str | None, employer: str | None, ceiling: float, by_order: bool = False) -> float:
    """How sure a reading of title and employer is: both found, a title word in the title (or the document's
    order of title and employer, `by_order`), an employer that reads as a name (not a sentence, a degree or a
    fragment in lower case)."""
    confidence = ceiling if title and employer else min(ceiling, 0.65)
    if title and ((_title_score(title) <= 0 and not by_order) or len(title.split()) > 10):
        confidence = min(confidence, 0.5)
    if employer and (
        not _starts_a_name(employer) or len(employer.split()) > 6 or _DEGREE_RE.search(employer) or _title_score(employer) > 0
    ):
        confidence = min(confidence, 0.4)
    if employer and _NOT_AN_EMPLOYER.search(employer):
        confidence = min(confidence, 0.5)  # a study programme or a grant may be the entry, or may be its employer
    return round(confidence, 2)


@dataclass
class _Reading:
    """One dated entry as read: its two names, dates, how sure its dates make it, and whether its title came
    before its employer in the text (None when only one was read or either could not be placed)."""

    title: str | None
    employer: str | None
    start: str | None
    end: str | None
    ceiling: float
    title_first: bool | None
    by_order: bool = False  # its title was told from its employer by the document's order, not by their words
    spare: str | None = None  # with one name read, the short line under the dates: its other name, if the order says


def _title_first(title: str | None, employer: str | None, lines: list[str], i: int) -> bool | None:
    """Whether the title stands before the employer: on the entry's dated line, or else in the lines around it
    (the nearest ones first: "Care Assistant | Oak Lodge" above must not place this entry's "Oak Lodge")."""
    if not title or not employer:
        return None
    for text in (lines[i], "\n".join(lines[max(0, i - 1): i + 2]), "\n".join(lines[max(0, i - 2): i + 3])):
        at_title, at_employer = text.find(title), text.find(employer)
        if at_title >= 0 and at_employer >= 0 and at_title != at_employer:
            return at_title < at_employer
    return None


def _told_apart(reading: _Reading) -> bool:
    """The entry's words tell its title from its employer: the title reads more like a job than the employer."""
    return bool(reading.title and reading.employer) and _title_score(reading.title or "") > _title_score(
        reading.employer or "")


def _in_document_order(readings: list[_Reading]) -> list[_Reading]:
    """The entries with the order the document keeps for all of them applied to those their words leave open.

    A resume writes its entries alike: title then employer, or employer then title. That order is learnt from
    the entries whose words tell the two apart ("Staff Nurse" and "St Mary's Hospital") and given to those
    whose words do not ("Key Holder" and "Cordier Stores" read alike to a list of words, "Brand Ambassador" and
    "Raya"). Without a clear order such an entry is a guess (below 0.6, for the candidate to confirm); an entry
    whose words go against the document's order is less sure (0.7): one of the two readings is wrong.
    """
    votes = [r.title_first for r in readings if r.title_first is not None and _told_apart(r)]
    first, later = votes.count(True), votes.count(False)
    order = True if first > later else False if later > first else None
    for r in readings:
        if r.title_first is None:
            if r.spare and max(first, later) >= 2 and order is not None:
                _fill_from_spare(r, title_after_employer=not order)
            continue
        if _told_apart(r):
            if order is not None and r.title_first != order:
                r.ceiling = min(r.ceiling, 0.7)
            continue
        if order is None or max(first, later) < 2:
            r.ceiling = min(r.ceiling, 0.5)
            continue
        if r.title_first != order:
            r.title, r.employer, r.title_first = r.employer, r.title, order
        r.ceiling, r.by_order = min(r.ceiling, 0.8), True
    return readings


def _fill_from_spare(reading: _Reading, title_after_employer: bool) -> None:
    """An entry with one name read gets the line under its dates as its other name, where the document puts
    that name there: its title under an employer's dated line, its employer under a title's."""
    if title_after_employer and reading.employer and not reading.title and _title_score(reading.spare or "") >= 0:
        reading.title, reading.by_order = reading.spare, True
    elif not title_after_employer and reading.title and not reading.employer and _title_score(reading.spare or "") <= 0:
        reading.employer, reading.by_order = reading.spare, True
    reading.ceiling = min(reading.ceiling, 0.8)


def _lines_above(lines: list[str], i: int, claimed: int) -> list[str]:
    """The (up to two) plain lines right above an entry's dated line i, nearest last: they stop at a line of
    another entry (a bullet, a dated line, a line an entry above was read from). A blank line right above is
    passed over when a short name stands over it ("Farrell Freight", a blank, "Logistics Coordinator  2026 –
    Present"): a layout reading that keeps the rows' gaps."""
    top = i - 1
    if top - 1 > claimed and not lines[top] and _is_plain_line(lines[top - 1]) and len(lines[top - 1].split()) <= 6 \
            and not _is_duty(lines[top - 1]):
        top -= 1
    above: list[str] = []
    for j in range(top, max(claimed, top - 2), -1):
        if not _is_plain_line(lines[j]):
            break
        above.insert(0, lines[j])
    return above


def _last_line_read(title: str | None, employer: str | None, lines: list[str], i: int) -> int:
    """The last line an entry dated on line i was read from: a line under the dates when a name came from there
    (and not from the dated line or the lines above)."""
    last = i
    for name in (title, employer):
        if not name or any(name in lines[j] for j in range(max(0, i - 2), i + 1)):
            continue
        last = max([last] + [j for j in (i + 1, i + 2) if j < len(lines) and name in lines[j]])
    return last


def _extract_positions(sections: list[tuple[str, list[str]]]) -> list[Position]:
    readings: list[_Reading] = []
    for name, lines in sections:
        if name in ("education", "skills", "other", "certifications", "awards", "summary", "projects"):
            continue
        claimed = -1  # the last line an entry of this section was read from
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
            parts = [p for p in _place_free_parts(rest) if not _is_duty(p)] if rest else []
            # A line the entry above was read from is not this entry's ("Lagerist" under the entry above).
            prev = [
                lines[j] for j in range(i - 1, max(claimed, i - 3), -1) if _is_plain_line(lines[j])
            ]
            # Stop at the first non-plain line above: the lines of another entry.
            above = _lines_above(lines, i, claimed)
            title: str | None
            employer: str | None
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if not parts and nxt and _is_plain_line(nxt) and _title_score(nxt) > 0 and (
                    not above or _title_score(above[-1]) <= 0) and not nxt.rstrip().endswith(".") and not (
                    len(above) >= 2 and _names_an_entry(above[-2], above[-1])):
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
                if title and employer and _title_score(title) <= 0 and _is_plain_line(nxt) and _title_score(nxt) > 0:
                    title, employer = nxt, parts[0]  # "Enactus, Pomona  2013 – Present" over "Member"
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
            reading = _Reading(title, employer, start, end, ceiling, _title_first(title, employer, lines, i))
            below = lines[i + 1] if i + 1 < len(lines) else ""
            if bool(title) != bool(employer) and _is_plain_line(below) and _names_something(below) and (
                    len(below.split()) <= 6 and below not in (title, employer)):
                reading.spare = below
            readings.append(reading)
            claimed = _last_line_read(title, employer, lines, i)
    readings = [r for r in readings if _starts_a_name(r.title or "") or _starts_a_name(r.employer or "")]
    positions = [
        Position(title=_shorten(r.title or "", 80), employer=_shorten(r.employer, 80) if r.employer else None,
                 start=r.start, end=r.end, confidence=_position_confidence(r.title, r.employer, r.ceiling, r.by_order))
        for r in _in_document_order(readings)
    ]
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
