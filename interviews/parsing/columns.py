"""A PDF page read by where its text lines sit: columns one after the other, a row's pieces together.

A two-column resume laid out as a table (Word templates, HTML tables) is drawn row by row, sidebar cell then
main cell, so the drawing order interleaves the columns ("Python, Go   Platform Engineer, Acme Corp"), and
pypdf's layout mode puts both cells on one line. Here the page's text lines (pdfminer.six's boxes, from
spacing.page_lines) are split at a gutter: an x position that lines start at and that no line crosses
between the page's full-width header and footer. Each column is read top to bottom, and pieces of one row
inside a column (a title and its right-aligned dates) stay on one line. A page with no such gutter is read
row by row. Runs inside the sandboxed child process only.
"""

from __future__ import annotations

from agent_worker.core.facts.patterns import _RANGE_RE

from .spacing import Line

_EDGE = 2.0  # points of slack when comparing positions
_LINE = 12.0  # points: about a line of body text


def _rows(lines: list[Line]) -> list[str]:
    """Lines grouped into rows (boxes that overlap vertically by half a line), top to bottom, each row's
    pieces left to right."""
    return ["  ".join(piece[4] for piece in row) for row in _row_groups(lines)]


def _row_groups(lines: list[Line]) -> list[list[Line]]:
    rows: list[list[Line]] = []
    for line in sorted(lines, key=lambda ln: (-ln[3], ln[0])):
        height = max(line[3] - line[1], 1.0)
        row = rows[-1] if rows else None
        if row is not None:
            top, bottom = max(r[3] for r in row), min(r[1] for r in row)
            if min(top, line[3]) - max(bottom, line[1]) >= height / 2:
                row.append(line)
                continue
        rows.append([line])
    return [sorted(row, key=lambda ln: ln[0]) for row in rows]


def _split(lines: list[Line], gutter: float) -> tuple[list[Line], list[Line], list[Line], list[Line]] | None:
    """(header, left, right, footer) at `gutter`, or None when a line crosses it where both columns run."""
    left = [ln for ln in lines if ln[2] <= gutter + _EDGE]
    right = [ln for ln in lines if ln[0] >= gutter - _EDGE]
    if len(left) < 3 or len(right) < 3:
        return None
    # Where the columns sit side by side: from where both have begun to where the first one ends.
    span_top = min(max(ln[3] for ln in left), max(ln[3] for ln in right))
    span_bottom = max(min(ln[1] for ln in left), min(ln[1] for ln in right))
    if span_top <= span_bottom:
        return None
    # The header ends with the last line across the gutter above that span; the footer starts with the first
    # one below it. A column's own lines above or below the span stay in the column.
    crossing = [ln for ln in lines if ln[2] > gutter + _EDGE and ln[0] < gutter - _EDGE]
    header_cut = min((ln[1] for ln in crossing if ln[1] >= span_top - _EDGE), default=float("inf"))
    footer_cut = max((ln[3] for ln in crossing if ln[3] <= span_bottom + _EDGE), default=float("-inf"))
    header = [ln for ln in lines if ln[1] >= header_cut - _EDGE]
    footer = [ln for ln in lines if ln[3] <= footer_cut + _EDGE and ln not in header]
    inside = [ln for ln in lines if ln not in header and ln not in footer]
    if any(ln[2] > gutter + _EDGE and ln[0] < gutter - _EDGE for ln in inside):
        return None
    return (header, [ln for ln in inside if ln[2] <= gutter + _EDGE], [ln for ln in inside if ln[0] >= gutter - _EDGE],
            footer)


def _gutter(lines: list[Line], width: float) -> float | None:
    """The x where a second column starts: at least three lines start there, and no line crosses it between
    the header and the footer; the one that splits the page's lines most evenly."""
    starts: dict[int, int] = {}
    for line in lines:
        if 0.15 * width < line[0] < 0.85 * width:
            starts[round(line[0])] = starts.get(round(line[0]), 0) + 1
    best, best_balance = None, 0
    for x, count in starts.items():
        if count < 3:
            continue
        split = _split(lines, float(x))
        if split is None:
            continue
        balance = min(len(split[1]), len(split[2]))
        if balance > best_balance:
            best, best_balance = float(x), balance
    return best


def interleaved(text: str, pages: list[tuple[float, list[Line]]]) -> tuple[list[str], list[str]] | None:
    """The two columns' pieces (squeezed: no spaces, lower case) when a page has two columns side by side and
    the plain reading (`text`, in drawing order) puts pieces of both on one line at least twice: a table
    layout read across its rows. None otherwise: a sidebar drawn before or after the main column is read
    right as drawn."""
    plain = [squeezed(line) for line in text.split("\n")]
    for width, lines in pages:
        gutter = _gutter(lines, width)
        split = _split(lines, gutter) if gutter is not None else None
        if split is None:
            continue
        left = [squeezed(ln[4]) for ln in split[1] if len(squeezed(ln[4])) >= 6]
        right = [squeezed(ln[4]) for ln in split[2] if len(squeezed(ln[4])) >= 6]
        if sum(1 for line in plain if mixes(line, (left, right))) >= 2:
            return left, right
    return None


def squeezed(text: str) -> str:
    return "".join(text.split()).lower()


def mixes(text: str, pieces: tuple[list[str], list[str]]) -> bool:
    """True when squeezed `text` holds a piece of each column."""
    return any(piece in text for piece in pieces[0]) and any(piece in text for piece in pieces[1])


def read_page(width: float, lines: list[Line]) -> str:
    """A page's text in reading order: header, left column, right column, footer."""
    gutter = _gutter(lines, width)
    split = _split(lines, gutter) if gutter is not None else None
    if split is None:
        return "\n".join(_rows(lines))
    header, left, right, footer = split
    return "\n".join(_rows(header) + _rows(left) + _rows(right) + _rows(footer))


def column_text(pages: list[tuple[float, list[Line]]]) -> str:
    return "\n\n".join(read_page(width, lines) for width, lines in pages)


def with_fields(text: str, pages: list[tuple[float, list[Line]]]) -> str:
    """`text` with the fields of a printed row set apart by " | " where the page shows them apart (pieces more
    than 0.6 em apart, spacing._pieces: tab stops, a right-aligned date) and the text reads them as one run of
    words ("Grupo Alvarez SA Madrid Senior Accountant Jan 2021 – Present"). Only a line that holds exactly one
    such row's words is changed, so a reading that mixed columns or rows is left alone."""
    rows: dict[str, list[str]] = {}
    for _, lines in pages:
        for row in _row_groups(lines):
            if len(row) >= 2:
                rows.setdefault(squeezed("".join(piece[4] for piece in row)), [piece[4] for piece in row])
    if not rows:
        return text
    out = []
    for line in text.split("\n"):
        fields = rows.get(squeezed(line)) if " | " not in line else None
        out.append(" | ".join(" ".join(f.split()) for f in fields) if fields else line)
    return "\n".join(out)


def drawn_out_of_order(text: str, pages: list[tuple[float, list[Line]]]) -> bool:
    """True when every page has one column and the plain reading (`text`, in drawing order) goes back up one
    to a line alone on its row: a heading in a text box or a float drawn after the body it heads ("WORK
    HISTORY" read after the last entry). Then the printed rows, top to bottom, are the reading order. Cells
    side by side (a grid of schools) are read one after the other, which goes back up to a row already
    begun: that is their reading order. So is a page with two columns; such a document is not judged here."""
    where: dict[str, tuple[int, float, bool]] = {}
    repeated: set[str] = set()  # a line printed twice (the same duty under two jobs) says nothing of order
    for number, (width, lines) in enumerate(pages):
        if _gutter(lines, width) is not None:
            return False
        for row in _row_groups(lines):
            for line in row:
                key = squeezed(line[4])
                if key in where:
                    repeated.add(key)
                elif len(key) >= 6:
                    where[key] = (number, line[3], len(row) == 1)
    for key in repeated:
        del where[key]
    previous: tuple[int, float, bool] | None = None
    for row_text in text.split("\n"):
        here = where.get(squeezed(row_text))
        if here is None:
            continue
        if previous is not None and here[0] == previous[0] and here[1] > previous[1] + 2 * _LINE and here[2]:
            return True
        previous = here
    return False


def with_wrapped_dates(text: str, pages: list[tuple[float, list[Line]]]) -> str:
    """`text` with a right-aligned date that wraps in its narrow column put back on one line: moderncv's date
    column ("Jul 2022–Oct" over "2023"), a right-hand dates column. The plain reading gives the pieces as
    lines of their own, which no date range reads across. Pieces are one date when they are short, end at the
    same x, each sits right under the one before, and only together do they hold a date range."""
    wrapped = {
        squeezed("".join(piece[4] for piece in stack))
        for _, lines in pages
        for stack in _stacks(lines)
        if len(stack) > 1 and _range_across([piece[4] for piece in stack])
    }
    if not wrapped:
        return text
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        run = _wrapped_run(lines, i, wrapped)
        out.append(" ".join(line.strip() for line in lines[i : i + run]) if run > 1 else lines[i])
        i += max(run, 1)
    return "\n".join(out)


def _stacks(lines: list[Line]) -> list[list[Line]]:
    """Runs of short pieces (four words at most), each right under the one before and ending at the same x."""
    stacks: list[list[Line]] = []
    for line in sorted(lines, key=lambda ln: (-ln[3], ln[0])):
        for stack in stacks:
            last = stack[-1]
            if abs(last[2] - line[2]) <= _EDGE and 0 <= last[1] - line[3] <= max(last[3] - last[1], 1.0) / 2:
                stack.append(line)
                break
        else:
            stacks.append([line])
    return [stack for stack in stacks if all(len(piece[4].split()) <= 4 for piece in stack)]


def _range_across(pieces: list[str]) -> bool:
    """True when a date range starts in one piece and ends in a later one, the pieces read as one line."""
    joined, cuts = "", []
    for piece in pieces:
        joined = f"{joined} {piece.strip()}" if joined else piece.strip()
        cuts.append(len(joined))
    return any(m.start() < cut < m.end() for m in _RANGE_RE.finditer(joined) for cut in cuts[:-1])


def _wrapped_run(lines: list[str], start: int, wrapped: set[str]) -> int:
    """How many lines from `start` make one of the `wrapped` dates together (0 when none)."""
    joined = ""
    for count, line in enumerate(lines[start : start + 6], start=1):
        joined += squeezed(line)
        if joined in wrapped:
            return count
        if not joined or not any(date.startswith(joined) for date in wrapped):
            return 0
    return 0
