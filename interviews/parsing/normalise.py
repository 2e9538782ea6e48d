"""Normalise extracted text: hyphenation, bullets, whitespace, ligatures and icon-font junk."""

from __future__ import annotations

import re
import unicodedata

_LINE_BREAKS = re.compile("\r\n|[\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
_ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]")
_HYPHENS = "-\u2010\u2011"
_BULLETS = "•●▪◦‣∙○■□➢➤►▸✓✔❖◆◇♦·⁃➔→⮚\uf0b7\uf0a7\uf076\uf0d8\uf0fc"
_BULLET_RE = re.compile(rf"^\s*(?:[{re.escape(_BULLETS)}]|[*+](?=\s)|-(?=\s)|\{{(?=\s+[A-Z]))\s*")
# FontAwesome and academicons glyph names that LaTeX templates leak as text.
_ICON_WORDS = re.compile(
    r"(?<!\S)(?:HOUSE-CHIMNEY|GITHUB-SQUARE|GITHUB-ALT|GITHUB|GITLAB|LINKEDIN-IN|LINKEDIN|TWITTER|"
    r"STACK-OVERFLOW|ENVELOPE|MOBILE-ALT|MOBILE|PHONE-ALT|PHONE|GLOBE|MAP-MARKER-ALT|MAP-MARKER|HOME|SKYPE|"
    r"ORCID|GOOGLE-SCHOLAR|KEYBASE|MEDIUM|INSTAGRAM|YOUTUBE|CALENDAR-ALT|X-TWITTER)(?=\s)"
)
_SLASH_ICONS = re.compile(r"(?<!\S)/(?:[a-z]+-)*[a-z]+(?=[A-Z@0-9]|\s|$)|\S*¶\S*|⌢")
# moderncv's symbol-font letters before phone numbers, emails and links.
_CONTACT_ICON = re.compile(r"^(?:[A-Za-z]|[^\w\s])\s+(?=\+?\(?\d[\d ()+.-]{6,}|\S+@\S+\.\w|www\.|https?://)")


_CJK_RUN = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff01-\uff5e]{4,}")


def _undouble(run: str) -> str:
    """ "学学学位位位" → "学位": a font without a bold face is made bold by drawing each glyph two to four times,
    and the text layer repeats each character as often. Only a run in which every character repeats the same
    number of times (three characters at least, so "谢谢" stays) is taken for that."""
    for times in (4, 3, 2):
        if len(run) % times or len(run) // times < (3 if times == 2 else 2):
            continue
        chunks = [run[i:i + times] for i in range(0, len(run), times)]
        if all(chunk == chunk[0] * times for chunk in chunks):
            return "".join(chunk[0] for chunk in chunks)
    return run


_KEPT_SYMBOLS = "°"  # "-10°F", "a 40° incline": a unit, not an icon


def _strip_symbols(line: str) -> str:
    out = []
    for ch in line:
        category = unicodedata.category(ch)
        if (category == "Co" and ch not in _BULLETS) or ch == "\ufffd":
            continue  # private-use icon glyphs (Symbol and Wingdings bullets are kept), replacement characters
        if category == "So" and ch not in _BULLETS and ch not in _KEPT_SYMBOLS and not ("\u2460" <= ch <= "\u24ff"):
            continue  # emoji and pictograms used as icons
        if category == "Cc" and ch not in "\t":
            continue
        out.append(ch)
    return "".join(out)


def normalise_text(text: str) -> str:
    """Return clean text: one space between words, "- " bullets, words joined across hyphenated breaks."""
    if not text:
        return ""
    text = _ZERO_WIDTH.sub("", text)
    text = _LINE_BREAKS.sub("\n", text).replace("\r", " ")
    # Soft hyphens: dropped beside a real hyphen, otherwise a hyphen (some TeX fonts map "-" to U+00AD).
    text = re.sub(f"\u00ad(?=[{_HYPHENS}])|(?<=[{_HYPHENS}])\u00ad", "", text)
    text = text.replace("\u00ad", "-")
    text = re.sub(f"[{_HYPHENS}]{{2,}}", "-", text)
    # Ligatures (ﬁ, ﬂ), full-width letters, non-breaking spaces.
    text = unicodedata.normalize("NFKC", text)
    lines = []
    for raw in text.split("\n"):
        line = _CJK_RUN.sub(lambda m: _undouble(m.group(0)), _strip_symbols(raw))
        line = _ICON_WORDS.sub("", line)
        line = _SLASH_ICONS.sub("", line)
        line = re.sub(r"[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+", " ", line).strip()
        line = _CONTACT_ICON.sub("", line)
        if _BULLET_RE.match(line):
            rest = _BULLET_RE.sub("", line, count=1).strip()
            line = f"- {rest}" if rest else ""
        lines.append(line)
    # Join a word hyphenated across a line break ("manage-\nment"), not a dash or a compound at a list item.
    joined: list[str] = []
    for line in lines:
        if (
            joined
            and line
            and re.search(r"[a-zà-ÿ]{2}-$", joined[-1])
            and re.match(r"[a-zà-ÿ]", line)
        ):
            joined[-1] = joined[-1][:-1] + line  # the line wrapped mid-word: it continues the same line
            continue
        joined.append(line)
    text = "\n".join(joined)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


_ITEM_START = re.compile(r"^(?:- |\d{1,2}[.)]\s)")
_ENDS_A_LINE = re.compile(r"[.!?:;]$")
_FIELD = re.compile(r"^[a-z_]+\s*[:=]\s")  # front matter: title: …, company = "…"
# A line that cannot end there: "Brightfield Distribution Ltd," / "Rotherham | Jan 2023 – Present", "BTEC Level 2
# Warehousing and" / "Storage — Sheffield College".
_DANGLING = re.compile(r"(?:\w,|\s(?:and|or|of|&|the|for|in|with|at|to|a|an|und|et|y|en|de))$", re.IGNORECASE)
_WRAP_WIDTH = 40
# A name that starts in lower case is a new line's name, not the end of the one before: "van Tours & Sprong",
# "de Vries Logistiek", "von Allmen AG".
_PARTICLE_NAME = re.compile(r"(?:van|von|de|der|den|du|di|da|del|della|le|la|ten|ter|dos|das)\s+[A-ZÀ-Þ]")  # a line shorter than this ended where its writer ended it (a title, a heading, a short item)


def join_wrapped_lines(text: str) -> str:
    """Join the lines of a hard-wrapped paragraph or list item (a posting pasted from an email, a text file wrapped
    at 72-80 columns, a PDF's lines): "…in a busy distribution" + "centre, ideally on nights" is one requirement.
    A line continues the one before when that one is long, ends without a stop, and the next line starts in lower
    case or with a digit, or when that one cannot end there (a comma, "and", "of"); never a new list item."""
    out: list[str] = []
    for line in (text or "").split("\n"):
        before = out[-1] if out else ""
        # A list item's next line in lower case goes on with it, however narrow the column that wrapped it.
        full = len(before) >= _WRAP_WIDTH or before.startswith("- ")
        wrapped = (full and not _ENDS_A_LINE.search(before) and re.match(r"[a-zà-ÿ0-9(]", line)
                   and not _PARTICLE_NAME.match(line))
        if (
            line
            and (wrapped or _DANGLING.search(before))
            and not _ITEM_START.match(line)
            and not _DATE_START.match(line)
            and not _FIELD.match(line)
            and not _FIELD.match(before)
        ):
            out[-1] = f"{before} {line}"
            continue
        out.append(line)
    return "\n".join(out)


_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_YEAR = r"(?:19|20)\d\d"
_NOW = r"(?:present|now|current|today|date)"
# Where a line wrap cuts a date range or its entry ("…, Rotherham | Jan" / "2023 – Present"; "… | Jun 2018" /
# "– Feb 2020"; "…, Rotherham |" / "Mar 2020 – Dec 2022"; "BTEC Level 2 Warehousing —" / "Sheffield College").
_CUT_BEFORE = re.compile(rf"(?i)(?:\b{_MONTH}|\b{_YEAR}\s*(?:[–—-]|to)|\s[|–—])$")
_CUT_AFTER = re.compile(rf"(?i)^[–—]\s*(?:{_MONTH}|{_YEAR}|{_NOW})\b")
_DATE_START = re.compile(rf"(?i)^(?:{_MONTH}\s+{_YEAR}|{_YEAR}|\d{{1,2}}[/.]{_YEAR}|{_NOW})\b")


def join_split_dates(text: str) -> str:
    """Put back on one line an entry's line that a narrow column wrapped inside its dates or after its separator:
    a month left at the end of a line before its year, a range's dash before its end, a separator ('|', '—')
    before the dates or the school. Lines are joined only where one of the two pieces cannot stand alone."""
    out: list[str] = []
    for line in (text or "").split("\n"):
        before = out[-1] if out else ""
        cut = bool(before and line) and (
            (_CUT_BEFORE.search(before) is not None and (_DATE_START.match(line) is not None
                                                         or re.search(r"\s[|–—]$", before) is not None))
            or (_CUT_AFTER.match(line) is not None and re.search(rf"\b{_YEAR}$|\b{_MONTH}$", before, re.I) is not None)
        )
        if cut and not before.startswith("- "):
            out[-1] = f"{before} {line}"
            continue
        out.append(line)
    return "\n".join(out)
