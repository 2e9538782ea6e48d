"""Put back the spaces pypdf loses in some LaTeX PDFs ("DevOpsEngineer at DunamuInc."), with pdfminer.six.

LuaTeX and XeLaTeX often draw no space glyph between words: a word gap is a kerning offset in a TJ array,
and pypdf only counts it as a space when it is wider than half the width pypdf believes a space has. For
the CID fonts these engines embed, that width is often guessed far too wide, so most gaps are lost.
pdfminer.six decides from where each glyph lands instead, so it spaces those pages correctly; but its
layout analysis splits a row ("Engineer ... Jan 2019 - Present") into separate blocks, which loses the
structure the facts are read from. So pypdf's text is kept, and a page that reads as run together gets
pdfminer's word breaks copied into it, token by token. Runs inside the sandboxed child process only; this
module is the only one that imports pdfminer.
"""

from __future__ import annotations

import io
import re
import signal
import threading
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise
from typing import Any

# A page is run together when this share of its letters sits in "words" of 20 or more letters.
# Ordinary pages in English, Spanish or German score 0-0.05 (long compounds, never most of the text);
# the awesome-cv fixture scores 0.6-0.8 per page.
LONG_WORD_LETTERS = 20
RUN_TOGETHER_SHARE = 0.15
MIN_LETTERS = 100
# CPU seconds the second extraction may take, within the child's own CPU limit (limits.py).
FALLBACK_CPU_SECONDS = 5.0
RESERVE_CPU_SECONDS = 2.0  # left for normalising and extracting the facts afterwards

_TOKEN = re.compile(r"\S+")
_NOT_A_WORD = re.compile(r"https?:|www\.|@|/|\\|_|\d{3}")


def _spaced_letter(ch: str) -> bool:
    """A letter of a script that puts spaces between words (Latin, Greek, Cyrillic; not Chinese or Thai)."""
    return ch.isalpha() and ord(ch) < 0x0530


def run_together_share(text: str) -> float:
    """Share of the letters of `text` that sit in tokens of 20 or more letters (links and emails aside)."""
    total = long_letters = 0
    for token in _TOKEN.findall(text or ""):
        letters = sum(1 for ch in token if _spaced_letter(ch))
        total += letters
        if letters >= LONG_WORD_LETTERS and not _NOT_A_WORD.search(token):
            long_letters += letters
    return long_letters / total if total else 0.0


def looks_run_together(text: str) -> bool:
    letters = sum(1 for ch in text or "" if _spaced_letter(ch))
    return letters >= MIN_LETTERS and run_together_share(text) >= RUN_TOGETHER_SHARE


def respace(text: str, reference: str) -> str:
    """Split the tokens of `text` where `reference` (the same page, properly spaced) has word breaks.

    A token is looked up, without its spaces, in the reference without its spaces, near where the last one
    was found; only an occurrence that starts and ends on the reference's own word breaks counts, so a
    token never takes the spacing of an unrelated stretch of text. A token not found stays as it is.
    """
    text = unicodedata.normalize("NFKC", text)
    flat_chars: list[str] = []
    breaks: list[bool] = []  # breaks[i]: the reference has whitespace just before flat[i]
    pending = True
    for ch in unicodedata.normalize("NFKC", reference):
        if ch.isspace():
            pending = True
            continue
        flat_chars.append(ch)
        breaks.append(pending)
        pending = False
    breaks.append(True)  # the end of the reference is a word break
    flat = "".join(flat_chars)
    cursor = 0

    def aligned(token: str, start: int, stop: int) -> int:
        at = flat.find(token, start, stop + len(token))
        tries = 0
        while at >= 0 and tries < 50:
            if breaks[at] and breaks[at + len(token)]:
                return at
            tries += 1
            at = flat.find(token, at + 1, stop + len(token))
        return -1

    def split(match: re.Match[str]) -> str:
        nonlocal cursor
        token = match.group(0)
        if len(token) < 4:
            return token
        at = aligned(token, cursor, len(flat))
        if at < 0:
            at = aligned(token, 0, cursor)
        if at < 0:
            return token
        cursor = at + len(token)
        pieces, start = [], 0
        for k in range(1, len(token)):
            if breaks[at + k]:
                pieces.append(token[start:k])
                start = k
        pieces.append(token[start:])
        if len(pieces) == 1:
            return token
        # Letter-spaced headings ("S U M M A R Y") are spaced in the reference, not run together in ours.
        if any(len(a) == 1 and len(b) == 1 and a.isalnum() and b.isalnum() for a, b in pairwise(pieces)):
            return token
        return " ".join(pieces)

    return _TOKEN.sub(split, text)


class _OutOfTime(BaseException):
    """Raised by the CPU timer inside pdfminer; a BaseException so that no `except Exception` swallows it."""


@contextmanager
def _cpu_timer(seconds: float) -> Iterator[None]:
    """Raise _OutOfTime after `seconds` of this process's CPU time (main thread only; else no timer)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise _OutOfTime

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)  # first: no SIGPROF may arrive once the handler is reset
        signal.signal(signal.SIGPROF, previous if previous is not None else signal.SIG_DFL)


def cpu_budget() -> float:
    """CPU seconds the fallback may use: at most FALLBACK_CPU_SECONDS, and never the child's last ones."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_CPU)
    if soft == resource.RLIM_INFINITY:
        return FALLBACK_CPU_SECONDS
    used = time.process_time()
    return max(0.0, min(FALLBACK_CPU_SECONDS, soft - used - RESERVE_CPU_SECONDS))


def reference_pages(data: bytes, wanted: set[int], budget: float) -> dict[int, str]:
    """pdfminer.six's text of the `wanted` pages (0-based), as many as fit in `budget` CPU seconds.

    Anything that goes wrong (a file pdfminer cannot read, too little time or memory) gives fewer pages
    or none: the caller keeps pypdf's text for those.
    """
    if not wanted or budget <= 0.5:
        return {}
    found: dict[int, str] = {}
    deadline = time.process_time() + budget
    try:
        with _cpu_timer(budget):
            from pdfminer.converter import PDFPageAggregator
            from pdfminer.layout import LAParams, LTTextContainer
            from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
            from pdfminer.pdfpage import PDFPage

            manager = PDFResourceManager(caching=True)
            # boxes_flow=None: no hierarchical grouping of text boxes (slow on busy pages, and the
            # order of blocks does not matter here: only the spaces inside lines are used).
            device = PDFPageAggregator(manager, laparams=LAParams(boxes_flow=None))
            interpreter = PDFPageInterpreter(manager, device)
            for index, page in enumerate(PDFPage.get_pages(io.BytesIO(data))):
                if index > max(wanted) or time.process_time() > deadline:
                    break
                if index not in wanted:
                    continue
                interpreter.process_page(page)
                layout = device.get_result()
                found[index] = "\n".join(
                    element.get_text() for element in layout if isinstance(element, LTTextContainer)
                )
    except (_OutOfTime, Exception):  # MemoryError and RecursionError too: keep what was read
        pass
    return found


Line = tuple[float, float, float, float, str]  # x0, y0, x1, y1 (PDF points, y upwards) and the line's text


def _pieces(line: Any) -> list[Line]:  # a pdfminer LTTextLineHorizontal
    """A pdfminer line cut where two glyphs are more than 0.6 em apart: pdfminer joins the cells of a table row
    ("B.Sc., TU Munich" and "Software Engineer, Beta Labs", 0.7 em apart) when they come close; a word space is
    about a third of an em, a wide justified one half."""
    pieces: list[Line] = []
    chars: list[Any] = []
    text = ""

    def close() -> None:
        if chars and text.strip():
            pieces.append((chars[0].x0, min(c.y0 for c in chars), chars[-1].x1, max(c.y1 for c in chars), text.strip()))

    for item in line:
        if not hasattr(item, "x0"):  # a space pdfminer inferred between words
            text += item.get_text()
            continue
        if chars and item.x0 - chars[-1].x1 > 0.6 * max(getattr(item, "size", 0.0), chars[-1].size, 1.0):
            close()
            chars, text = [], ""
        chars.append(item)
        text += item.get_text()
    close()
    return pieces


def page_lines(data: bytes, budget: float) -> list[tuple[float, list[Line]]]:
    """Each page's width and its text lines with their boxes (pdfminer.six's layout analysis), for
    columns.py; as many pages as fit in `budget` CPU seconds, and [] when anything goes wrong."""
    if budget <= 0.5:
        return []
    pages: list[tuple[float, list[Line]]] = []
    try:
        with _cpu_timer(budget):
            from pdfminer.high_level import extract_pages
            from pdfminer.layout import LAParams, LTTextContainer, LTTextLineHorizontal

            for layout in extract_pages(io.BytesIO(data), laparams=LAParams(boxes_flow=None)):
                lines = [
                    piece
                    for box in layout if isinstance(box, LTTextContainer)
                    for line in box if isinstance(line, LTTextLineHorizontal)
                    for piece in _pieces(line)
                ]
                pages.append((layout.width, lines))
    except (_OutOfTime, Exception):  # MemoryError and RecursionError too: the other readings stand
        return []
    return pages
