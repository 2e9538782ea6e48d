"""Word resumes in the shapes that went wrong on documents nobody here had tuned to (issue 26), built with
python-docx. The PDFs beside them in tests/fixtures/resumes/made/ are these documents turned into PDF by
LibreOffice (`soffice --headless --convert-to pdf`), as many candidates upload them: `python -m
tests.unit.parsing.word_layouts OUTDIR` writes the DOCX files to convert."""

from __future__ import annotations

import sys
from pathlib import Path

from docx.enum.text import WD_TAB_ALIGNMENT
from docx.shared import Inches, Pt

from .documents import docx_bytes

MADE = Path(__file__).resolve().parents[2] / "fixtures" / "resumes" / "made"


def _para(document, text: str, *, bold: bool = False, size: float | None = None, style: str | None = None,
          tabs: tuple[tuple[float, str], ...] = ((6.9, "right"),)):
    """A paragraph whose tab-separated fields sit at `tabs` (inches, alignment); the first field in `bold`."""
    paragraph = document.add_paragraph(style=style)
    for position, align in tabs:
        paragraph.paragraph_format.tab_stops.add_tab_stop(
            Inches(position), WD_TAB_ALIGNMENT.RIGHT if align == "right" else WD_TAB_ALIGNMENT.LEFT)
    fields = text.split("\t")
    for i, field in enumerate(fields):
        run = paragraph.add_run(field)
        run.bold = bold and i == 0
        if size:
            run.font.size = Pt(size)
        if i < len(fields) - 1:
            paragraph.add_run("\t")
    return paragraph


def fields_at_tab_stops() -> bytes:
    """Employer, city, title and dates on one line at tab stops, duties as bullets (one sentence with a year)."""
    fields = ((2.6, "left"), (3.8, "left"), (6.9, "right"))

    def build(document):
        for section in document.sections:
            section.left_margin = section.right_margin = Inches(0.8)
        _para(document, "Tomás Herrera", bold=True, size=20)
        _para(document, "Madrid · tomas.herrera@example.com")
        _para(document, "Summary", bold=True, size=13)
        _para(document, "Accountant with seven years in audit and month-end close for retail groups.")
        _para(document, "Work History", bold=True, size=13)
        _para(document, "Grupo Alvarez SA\tMadrid\tSenior Accountant\tJan 2021 – Present", bold=True, tabs=fields)
        _para(document, "Prepared the monthly close for twelve subsidiaries and reconciled intercompany balances with "
                        "the", style="List Bullet")
        _para(document, "Owned the VAT returns for Spain and Portugal since 2019.", style="List Bullet")
        _para(document, "Deloitte\tBarcelona\tAudit Associate\tSep 2017 – Dec 2020", bold=True, tabs=fields)
        _para(document, "Audited retail and hospitality clients, testing controls over revenue and inventory.",
              style="List Bullet")
        _para(document, "Education", bold=True, size=13)
        _para(document, "Universidad Complutense de Madrid\tBachelor of Business Administration\t2013 – 2017",
              tabs=((3.8, "left"), (6.9, "right")))
        _para(document, "Skills", bold=True, size=13)
        _para(document, "SAP, Excel, IFRS, Audit")

    return docx_bytes(build)


def employer_below_title() -> bytes:
    """Title and right-aligned dates on one line, the employer on the next, a sentence of duties above the
    next entry."""
    def build(document):
        _para(document, "Sam Okafor", bold=True, size=20)
        _para(document, "Experience", bold=True, size=13)
        _para(document, "Warehouse Supervisor\tMar 2020 – Present", bold=True)
        _para(document, "Harbor Freight Logistics")
        _para(document, "Scheduled twelve pickers across three shifts and trained new starters on the scanners",
              style="List Bullet")
        _para(document, "Responsible for the daily cycle counts, the goods-in checks and the health and safety log.")
        _para(document, "Forklift Operator\tJun 2016 – Feb 2020", bold=True)
        _para(document, "Crestline Distribution")
        _para(document, "Education", bold=True, size=13)
        _para(document, "Leeds City College\t2014 – 2016")

    return docx_bytes(build)


if __name__ == "__main__":
    for name, make in (("word_fields_at_tab_stops", fields_at_tab_stops), ("word_employer_below_title", employer_below_title)):
        (Path(sys.argv[1]) / f"{name}.docx").write_bytes(make())
