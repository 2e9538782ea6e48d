"""Dates as layouts print them, and the comparison the bench scores them with."""

from __future__ import annotations

import re

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
PRESENT = ("present", "current", "now", "today", "ongoing", "heute", "aujourd", "actualidad", "actualmente", "heden",
           "nu", "date", "presente", "à ce jour", "bis heute")
MONTH_WORDS = {m.lower()[:3]: i + 1 for i, m in enumerate(MONTHS)} | {
    "sept": 9, "mär": 3, "mai": 5, "okt": 10, "dez": 12, "janv": 1, "févr": 2, "fév": 2, "mars": 3, "avr": 4,
    "juin": 6, "juil": 7, "août": 8, "déc": 12, "ene": 1, "abr": 4, "ago": 8, "dic": 12, "mrt": 3, "mei": 5,
}


def show(iso: str | None, style: str) -> str:
    """An ISO date ('2019-03-01') as a layout prints it; None is the present."""
    if not iso:
        return {"numeric": "Present", "long": "Present", "year": "Present"}.get(style, "Present")
    year, month = int(iso[:4]), int(iso[5:7])
    if style == "numeric":
        return f"{month:02d}/{year}"
    if style == "long":
        return f"{MONTHS[month - 1]} {year}"
    if style == "year":
        return str(year)
    return f"{MONTHS[month - 1][:3]} {year}"


def read(text: str | None) -> tuple[int, int | None] | str | None:
    """(year, month or None) from a printed date, "present" for an open end, None when no date is in it."""
    if not text:
        return None
    low = str(text).strip().lower()
    if any(low.startswith(word) for word in PRESENT):
        return "present"
    year = re.search(r"(19|20)\d\d", low)
    if not year:
        return None
    month = None
    iso = re.search(r"((?:19|20)\d\d)[-/.](\d{1,2})\b", low)
    numeric = re.search(r"\b(\d{1,2})[/.-]((?:19|20)\d\d)", low)
    if iso:
        month = int(iso.group(2))
    elif numeric:
        month = int(numeric.group(1))
    else:
        for word in re.findall(r"[^\W\d_]+", low):
            if word[:4] in MONTH_WORDS or word[:3] in MONTH_WORDS:
                month = MONTH_WORDS.get(word[:4]) or MONTH_WORDS.get(word[:3])
                break
    return int(year.group(0)), month if month and 1 <= month <= 12 else None


def date_same(printed, iso: str | None) -> bool:
    """A printed date is right when its year is the truth's and its month, when it has one, too; an open end is
    right as 'Present' (or any word for now)."""
    got = read(printed)
    if iso is None:
        return got == "present"
    if not isinstance(got, tuple):
        return False
    year, month = got
    return year == int(iso[:4]) and (month is None or month == int(iso[5:7]))
