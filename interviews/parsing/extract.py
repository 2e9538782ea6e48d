"""Text extraction with pypdf (pdfminer.six for run-together pages) and python-docx. Runs inside the sandboxed
child process only."""

from __future__ import annotations

import io
import re
import zipfile
from collections import Counter
from typing import Any

from .errors import DocumentError
from .normalise import join_split_dates, join_wrapped_lines, normalise_text
from .textsize import page_shown_chars

NO_TEXT_LAYER = (
    "This PDF has no text layer (it may be a scan). Please upload a PDF exported from your editor, or a DOCX."
)
TOO_BIG = "This PDF expands to far more data than a document should (a decompression bomb) and was refused."
_MIN_TEXT_CHARS = 20


# ---------------------------------------------------------------------------------------------
# PDF
# ---------------------------------------------------------------------------------------------


def too_much_text(chars: int, max_chars: int, *, about: bool = False) -> DocumentError:
    amount = f"about {chars:,}" if about else f"{chars:,}"
    return DocumentError(
        f"This document has too much text ({amount} characters; the limit is {max_chars:,}). "
        "Please upload just your resume or the job description."
    )


def pdf_text(data: bytes, max_pages: int, max_chars: int | None = None) -> tuple[int, str]:
    from pypdf import PdfReader
    from pypdf.errors import FileNotDecryptedError, LimitReachedError, PdfReadError, PdfStreamError

    damaged = "This PDF is damaged and could not be read. Please export it again and re-upload."
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise DocumentError("This PDF is password-protected. Please remove the password and re-upload.")
        count = len(reader.pages)
    except DocumentError:
        raise
    except (PdfReadError, PdfStreamError, FileNotDecryptedError, ValueError, KeyError, TypeError, OSError,
            IndexError, AttributeError, RecursionError, zipfile.BadZipFile):
        raise DocumentError(damaged) from None
    if count == 0:
        raise DocumentError(damaged)
    if count > max_pages:
        raise DocumentError(f"This PDF has {count} pages; the limit is {max_pages}. Please upload a shorter document.")
    pages = []
    shown = 0
    for page in reader.pages:
        try:
            if max_chars is not None:  # refuse a huge document before the slow extraction (textsize.py)
                shown += page_shown_chars(page)
                if shown > max_chars:
                    raise too_much_text(shown, max_chars, about=True)
        except LimitReachedError:
            raise DocumentError(TOO_BIG) from None
        except (PdfReadError, PdfStreamError, ValueError, KeyError, TypeError, OSError, IndexError, AttributeError,
                RecursionError):
            raise DocumentError(damaged) from None
    extracted = 0
    for page in reader.pages:
        try:
            pages.append(_page_text(page))
            extracted += len(pages[-1])
            if max_chars is not None and extracted > max_chars * 2:  # raw text: stop, whatever pages remain
                raise too_much_text(extracted, max_chars, about=True)
        except LimitReachedError:  # pypdf's own guard against decompression bombs
            raise DocumentError(TOO_BIG) from None
        except (PdfReadError, PdfStreamError, ValueError, KeyError, TypeError, OSError, IndexError, AttributeError,
                RecursionError):
            raise DocumentError(damaged) from None
    return count, "\n\n".join(_drop_page_counters(_respace_run_together(data, pages)))


def _respace_run_together(data: bytes, pages: list[str]) -> list[str]:
    """Give the pages whose words pypdf ran together the word breaks pdfminer.six finds (spacing.py)."""
    from . import spacing

    wanted = {i for i, text in enumerate(pages) if spacing.looks_run_together(text)}
    if not wanted:
        return pages
    references = spacing.reference_pages(data, wanted, spacing.cpu_budget())
    fixed = list(pages)
    for index, reference in references.items():
        candidate = spacing.respace(pages[index], reference)
        if spacing.run_together_share(candidate) < spacing.run_together_share(pages[index]):
            fixed[index] = candidate
    return fixed


def _drop_page_counters(pages: list[str]) -> list[str]:
    """Drop the running header or footer that numbers the pages ("Jane Doe · Résumé 2", "3/4", "Page 2 of 5").

    Such a line sits among the first two or last three lines of at least half the pages (two at least), and
    is the same on each but for its numbers, one of which is that page's number; left in, the last page's
    copy reads as part of the last section (an education item "February 10, 2026 Jane Doe · Résumé 3").
    A line repeated unchanged is left alone.
    """
    if len(pages) < 2:
        return pages
    split = []
    seen: dict[str, set[str]] = {}
    pages_with: Counter[str] = Counter()
    for number, text in enumerate(pages, start=1):
        lines = text.split("\n")
        filled = [i for i, line in enumerate(lines) if line.strip()]
        edges = {
            i for i in filled[:2] + filled[-3:]
            if len(lines[i].strip()) <= 80 and str(number) in re.findall(r"\d+", lines[i])
        }
        split.append((lines, edges))
        masks = set()
        for i in edges:
            mask = re.sub(r"\d+", "#", lines[i].strip())
            seen.setdefault(mask, set()).add(lines[i].strip())
            masks.add(mask)
        pages_with.update(masks)
    need = max(2, -(-len(pages) // 2))
    counters = {mask for mask, n in pages_with.items() if n >= need and len(seen[mask]) > 1}
    if not counters:
        return pages
    return [
        "\n".join(line for i, line in enumerate(lines) if not (i in edges and re.sub(r"\d+", "#", line.strip()) in counters))
        for lines, edges in split
    ]


def pdf_layout_text(data: bytes) -> str:
    """The PDF's text laid out as on the page (pypdf's layout mode): each printed row is one line, whatever
    order the PDF drew it in. "" when that reading fails."""
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        pages = [page.extract_text(extraction_mode="layout") or "" for page in reader.pages]
    except Exception:  # noqa: BLE001 - the plain reading stands; this one is only a second opinion
        return ""
    return "\n\n".join(_drop_page_counters(pages))


def _positions_score(text: str, *, dated_only: bool = True, sure: bool = False) -> float:
    """The entries a reading finds, each by its confidence (squared when `sure`: two entries read by halves
    weigh less than one read whole)."""
    from agent_worker.core.facts.resume import read_resume_facts

    return sum(p.confidence ** (2 if sure else 1) for p in read_resume_facts(text).positions
               if p.start or not dated_only)


def _dated_entries(text: str) -> int:
    from agent_worker.core.facts.resume import read_resume_facts

    return sum(1 for p in read_resume_facts(text).positions if p.start)


def _resume_reading(data: bytes, text: str) -> str:
    """The best reading of a resume PDF (_best_reading), with a date that wraps in its narrow column read as one
    line (columns.with_wrapped_dates) and each printed row's fields set apart where the page shows a gap
    between them (columns.with_fields); an entry's line wrapped inside its dates put back together
    (normalise.join_split_dates), and a bullet or a sentence wrapped by its column read whole
    (normalise.join_wrapped_lines)."""
    from . import columns, spacing

    pages = spacing.page_lines(data, spacing.cpu_budget())
    best = _best_reading(data, columns.with_wrapped_dates(text, pages), pages)
    return join_wrapped_lines(join_split_dates(columns.with_fields(columns.with_wrapped_dates(best, pages), pages)))


def _best_reading(data: bytes, text: str, pages: list) -> str:
    """The plain reading follows the order the PDF drew its text in. A two-column resume laid out as a table
    (sidebar cell, then main cell, row by row) mixes its columns on each line: it is read by where its lines
    sit instead, column after column (columns.py), unless that finds fewer entries. A PDF that drew its dates apart from their entries (a
    floated date column drawn first) reads them all together at the top: when the plain reading finds fewer
    entries than its text has date ranges, the layout reading (each printed row one line) and the column
    reading are tried too, and the one that finds the most (and surest) entries is kept; a sidebar layout the
    plain reading reads right never loses that way."""
    from agent_worker.core.facts.patterns import _RANGE_RE
    from agent_worker.core.facts.resume import read_resume_facts

    from . import columns

    if pages and columns.drawn_out_of_order(text, pages):
        # Headings in text boxes or floats drawn after the body: the page's rows, top to bottom, unless that
        # finds under half the dated entries. Not "more entries wins": without its headings the plain reading
        # takes the education that follows the last job for more jobs.
        by_rows = normalise_text(columns.column_text(pages))
        if 2 * _dated_entries(by_rows) >= _dated_entries(text):
            return by_rows
    pieces = columns.interleaved(text, pages) if pages else None
    if pieces is not None:
        # A label or date column beside the entries (moderncv) mixes on each line too, and is read right
        # across: the column reading must find more entries than the plain one, not counting the plain
        # reading's entries made of both columns ("Berlin Platform Engineer" at "Contact Experience").
        plain = sum(p.confidence for p in read_resume_facts(text).positions
                    if not columns.mixes(columns.squeezed(f"{p.title} {p.employer or ''}"), pieces))
        by_columns = normalise_text(columns.column_text(pages))
        if _positions_score(by_columns, dated_only=False) > plain:
            return by_columns
    ranges = len(_RANGE_RE.findall(text))
    # An entry counts when both its title and employer were read: a reading that found dates with only one of
    # them (a theme that draws its dates apart from the titles) tries the other readings too.
    found = sum(1 for p in read_resume_facts(text).positions if p.title and p.employer)
    if not ranges or found * 2 > ranges:
        return text
    best, best_score = text, _positions_score(text, sure=True)
    for candidate in (normalise_text(pdf_layout_text(data)), normalise_text(columns.column_text(pages))):
        score = _positions_score(candidate, sure=True) if candidate else 0.0
        if score > best_score:
            best, best_score = candidate, score
    return best


def _page_text(page: Any) -> str:
    """Plain extraction follows the content stream. LaTeX, Word and browsers draw a sidebar and a main
    column one after the other, so this keeps two-column resumes in reading order, and keeps a row
    ("Engineer, Acme ... Jan 2019 - Present") on one line, which position-based column splitting breaks."""
    return page.extract_text() or ""


# ---------------------------------------------------------------------------------------------
# DOCX
# ---------------------------------------------------------------------------------------------

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_MC_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"


def _paragraph_text(p: Any) -> str:
    """Text of a w:p element: its runs, tabs and breaks, without the text boxes anchored in it."""
    parts: list[str] = []
    for node in p.iter():
        if node.tag == _W + "txbxContent":
            continue
        if _inside(node, p, _W + "txbxContent"):
            continue
        if node.tag == _W + "t" and node.text:
            parts.append(node.text)
        elif node.tag in (_W + "tab", _W + "ptab"):
            parts.append("\t")
        elif node.tag in (_W + "br", _W + "cr"):
            parts.append("\n")
        elif node.tag == _W + "noBreakHyphen":
            parts.append("-")
    text = _tab_fields("".join(parts))
    is_list = p.find(f"{_W}pPr/{_W}numPr") is not None
    style = p.find(f"{_W}pPr/{_W}pStyle")
    if style is not None and "list" in (style.get(_W + "val") or "").lower():
        is_list = True
    if is_list and text.strip():
        text = "- " + text.strip()
    return text


def _tab_fields(text: str) -> str:
    """A line whose fields sit at tab stops ("Grupo Alvarez SA<tab>Madrid<tab>Senior Accountant<tab>2021 –
    Present") with its fields set apart by " | ": read as spaces they run together into one title. A label's
    tab ("Name:<tab>Jane") stays a space."""
    lines = []
    for line in text.split("\n"):
        fields = [f.strip() for f in line.split("\t") if f.strip()]
        if len(fields) >= 2 and not fields[0].endswith((":", "：")):
            line = " | ".join(fields)
        lines.append(line)
    return "\n".join(lines)


def _inside(node: Any, stop: Any, tag: str) -> bool:
    parent = node.getparent()
    while parent is not None and parent is not stop:
        if parent.tag == tag:
            return True
        parent = parent.getparent()
    return False


def _text_boxes(p: Any) -> list[str]:
    """Text boxes anchored in a paragraph (python-docx's paragraph API does not return them)."""
    boxes = []
    for box in p.iter(_W + "txbxContent"):
        if _inside(box, p, _MC_FALLBACK) or _inside(box, p, _W + "txbxContent"):
            continue  # the VML fallback repeats the DrawingML text box; nested boxes come with their parent
        boxes.append(_block_text(box))
    return [b for b in boxes if b.strip()]


def _is_label(box: str) -> bool:
    lines = [line for line in box.split("\n") if line.strip()]
    return len(lines) <= 2 and all(len(line.split()) <= 5 for line in lines)


def _table_text(tbl: Any) -> str:
    rows = []
    for tr in tbl.iter(_W + "tr"):
        if _inside(tr, tbl, _W + "tbl"):
            continue
        cells: list[str] = []
        for tc in tr.findall(_W + "tc"):
            text = _block_text(tc).strip()
            if text and (not cells or cells[-1] != text):  # merged cells repeat their text
                cells.append(text)
        if len(cells) > 1 and any(cell.count("\n") >= 2 for cell in cells):
            dates = [cell for cell in cells if _dates_cell(cell)]
            entry = [cell for cell in cells if not _dates_cell(cell)]
            if dates and len(entry) == 1:
                # An entry in a row, its dates in a cell of their own (a right-hand dates column): the dates go on
                # the entry's first line, as a right tab stop would put them.
                first, _, rest = entry[0].partition("\n")
                rows.append(" | ".join([first, *dates]) + (f"\n{rest}" if rest else ""))
                continue
            rows.extend(cells)  # a table that lays out the page (a sidebar cell, a main cell): a cell at a time
        elif cells:
            rows.append(" | ".join(c.replace("\n", " ") for c in cells) if len(cells) > 1 else cells[0])
    return "\n".join(rows)


def _dates_cell(cell: str) -> bool:
    """A table cell that holds only a date or a date range ("Mar 2020 – Present", "2016 – 2019")."""
    from agent_worker.core.facts.patterns import _RANGE_RE

    text = " ".join(cell.split())
    return len(text) <= 40 and bool(_RANGE_RE.fullmatch(text))


def _block_text(container: Any) -> str:
    """Text of a body-like element in document order: paragraphs, tables, content controls."""
    out: list[str] = []
    for child in container.iterchildren():
        tag = child.tag
        if tag == _W + "p":
            # A short box anchored in a paragraph is a heading or label drawn beside it ("EXPERIENCE" beside
            # the section's first line): it reads first. A longer one (a sidebar, a whole section) reads after.
            boxes = _text_boxes(child)
            out.extend(b for b in boxes if _is_label(b))
            out.append(_paragraph_text(child))
            out.extend(b for b in boxes if not _is_label(b))
        elif tag == _W + "tbl":
            out.append(_table_text(child))
        elif tag in (_W + "sdt", _W + "customXml", _W + "sdtContent", _W + "ins", _W + "smartTag"):
            content = child.find(_W + "sdtContent") if tag == _W + "sdt" else None
            out.append(_block_text(content if content is not None else child))
    return "\n".join(t for t in out if t is not None)


def docx_text(data: bytes) -> tuple[int, str]:
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    damaged = "This Word document is damaged or not a real DOCX. Please save it again and re-upload."
    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile, OSError, AttributeError, TypeError):
        raise DocumentError(damaged) from None
    except Exception as exc:  # lxml's XMLSyntaxError and friends
        if type(exc).__module__.startswith("lxml"):
            raise DocumentError(damaged) from None
        raise
    seen_parts: set[int] = set()
    headers: list[str] = []
    footers: list[str] = []
    for section in document.sections:
        for attr, bucket in (
            ("first_page_header", headers), ("header", headers), ("even_page_header", headers),
            ("first_page_footer", footers), ("footer", footers), ("even_page_footer", footers),
        ):
            try:
                part = getattr(section, attr)
                if part.is_linked_to_previous:
                    continue
                element = part._element
            except (AttributeError, KeyError, ValueError):
                continue
            if id(element) in seen_parts:
                continue
            seen_parts.add(id(element))
            text = _block_text(element).strip()
            if text and text not in bucket:
                bucket.append(text)
    body = _block_text(document.element.body)
    text = "\n".join([*headers, body, *footers])
    return _docx_pages(data, text), text


def _docx_pages(data: bytes, text: str) -> int:
    """Pages as the authoring app counted them (docProps/app.xml); else an estimate."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            app = archive.read("docProps/app.xml").decode("utf-8", "replace")
        match = re.search(r"<(?:\w+:)?Pages>(\d+)</", app)
        if match and int(match.group(1)) > 0:
            return int(match.group(1))
    except (KeyError, zipfile.BadZipFile, OSError):
        pass
    return max(1, -(-len(text) // 3000))


# ---------------------------------------------------------------------------------------------
# Entry point (called by the sandbox by dotted path)
# ---------------------------------------------------------------------------------------------


def warm() -> None:
    """Import what a parse uses: a spare child started ahead calls this while it waits for its document
    (interviews.parsing.sandbox), so the upload does not wait for these imports."""
    import docx  # noqa: F401
    import pypdf  # noqa: F401
    from pdfminer import high_level, layout  # noqa: F401

    from agent_worker.core import facts  # noqa: F401
    from agent_worker.core.facts import resume  # noqa: F401

    from . import columns, spacing  # noqa: F401


def parse(data: bytes, doctype: str, kind: str, max_pages: int, max_chars: int) -> dict[str, Any]:
    """Extract, normalise and understand one document; return the JSON-able result."""
    if doctype == "pdf":
        pages, raw = pdf_text(data, max_pages, max_chars)
    elif doctype == "docx":
        pages, raw = docx_text(data)
    elif doctype == "txt":
        raw = data.decode("utf-8-sig")
        pages = 1
    else:
        raise ValueError(f"unknown document type {doctype!r}")
    text = normalise_text(raw)
    if doctype == "pdf" and kind == "resume" and len(re.sub(r"\W", "", text)) >= _MIN_TEXT_CHARS:
        text = _resume_reading(data, text)
    if len(re.sub(r"\W", "", text)) < _MIN_TEXT_CHARS:
        if doctype == "pdf":
            raise DocumentError(NO_TEXT_LAYER)
        raise DocumentError("This document has no readable text. Please check the file and upload it again.")
    if len(text) > max_chars:
        raise too_much_text(len(text), max_chars)
    return understand(text, kind, pages)


def understand(text: str, kind: str, pages: int) -> dict[str, Any]:
    """Drop the lines addressed to a reader, then extract the facts from what is left."""
    # Imported here (about 1 s): a document refused for its size or form never pays for it.
    from agent_worker.core.facts import extract_job_requirements, extract_resume_facts, strip_instructions

    text = re.sub(r"\n{3,}", "\n\n", strip_instructions(text)).strip()
    if kind == "jd":
        text = join_wrapped_lines(text)
    result: dict[str, Any] = {"kind": kind, "pages": pages, "chars": len(text), "text": text}
    if kind == "resume":
        result["highlights"] = extract_resume_facts(text).model_dump()
    else:
        result["requirements"] = extract_job_requirements(text).model_dump()
    return result
