"""Word resumes built with python-docx in the layouts people use, and their PDFs made by LibreOffice.

- docx-tabstops: one column, 'Title, Employer' with the dates on a right tab stop, name and contact in the header.
- docx-table-sidebar: a two-column table, a shaded left column with contact, skills and education.
- docx-textbox-headings: each section heading inside a text box (w:txbxContent) on a coloured band.
- docx-dates-column: each entry a borderless two-column table with the dates in the right-hand column; the
  contact line in the page footer.
- docx-textbox-sidebar: a floating text box down the left page edge holds contact, education and skills.
- docx-word-headings: Word's built-in Heading styles; 'Employer | City', then 'Title' with the dates right-tabbed.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable
from itertools import count
from pathlib import Path
from typing import Any

from docx import Document
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_TAB_ALIGNMENT
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls
from docx.shared import Cm, Pt, RGBColor

from bench.corpus.dates import show

ACCENT = RGBColor(0x1F, 0x4E, 0x79)
_shape_ids = count(1)


def _span(entry: dict, style: str, sep: str = " – ") -> str:
    return f"{show(entry.get('startDate'), style)}{sep}{show(entry.get('endDate'), style)}"


def _contact(resume: dict) -> str:
    basics = resume["basics"]
    return " · ".join(x for x in (basics.get("email"), basics.get("phone"), basics["location"].get("city")) if x)


def _skills(resume: dict) -> list[str]:
    return [k for group in resume.get("skills", []) for k in group.get("keywords", [])]


def _degree(edu: dict) -> str:
    return f"{edu['studyType']} {edu['area']}".strip()


def _margins(doc, cm: float = 2.0) -> None:
    for section in doc.sections:
        section.left_margin = section.right_margin = Cm(cm)
        section.top_margin = section.bottom_margin = Cm(1.6)


def _right_tab(paragraph, doc) -> None:
    section = doc.sections[0]
    width = section.page_width - section.left_margin - section.right_margin
    paragraph.paragraph_format.tab_stops.add_tab_stop(width, WD_TAB_ALIGNMENT.RIGHT)


def _bullets(container, items: list[str]) -> None:
    for item in items:
        container.add_paragraph(item, style="List Bullet")


def _run(paragraph, text: str, bold: bool = False, size: float | None = None, color=None, italic: bool = False):
    run = paragraph.add_run(text)
    run.bold, run.italic = bold, italic
    if size:
        run.font.size = Pt(size)
    if color is not None:
        run.font.color.rgb = color
    return run


def _section_heading(doc, text: str, size: float, space_before: float) -> None:
    p = doc.add_paragraph()
    _run(p, text, bold=True, size=size, color=ACCENT)
    p.paragraph_format.space_before = Pt(space_before)


def _shade(cell, fill: str) -> None:
    cell._tc.get_or_add_tcPr().append(parse_xml(f'<w:shd {nsdecls("w")} w:val="clear" w:color="auto" w:fill="{fill}"/>'))


def _no_borders(table) -> None:
    borders = "".join(f'<w:{side} w:val="nil"/>' for side in ("top", "left", "bottom", "right", "insideH", "insideV"))
    table._tbl.tblPr.append(parse_xml(f'<w:tblBorders {nsdecls("w")}>{borders}</w:tblBorders>'))


def _textbox(paragraph, inner_xml: str, width_cm: float, height_cm: float, fill: str | None = None,
             anchor: tuple[float, float] | None = None) -> None:
    """A DrawingML text box (wps:txbx / w:txbxContent) in `paragraph`: inline, or floating at (x, y) cm from the
    page's top-left corner. `inner_xml` is the box's paragraphs (w:p elements)."""
    emu = 360000
    cx, cy = int(width_cm * emu), int(height_cm * emu)
    shape_id = next(_shape_ids)
    fill_xml = f'<a:solidFill><a:srgbClr val="{fill}"/></a:solidFill>' if fill else "<a:noFill/>"
    graphic = (
        '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        '<a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">'
        '<wps:wsp xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:cNvSpPr txBox="1"/>'
        f'<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="{cx}" cy="{cy}"/></a:xfrm>'
        f'<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>{fill_xml}<a:ln><a:noFill/></a:ln></wps:spPr>'
        f'<wps:txbx><w:txbxContent>{inner_xml}</w:txbxContent></wps:txbx>'
        '<wps:bodyPr rot="0" vert="horz" wrap="square" lIns="91440" tIns="45720" rIns="91440" bIns="45720" anchor="t">'
        '<a:noAutofit/></wps:bodyPr></wps:wsp></a:graphicData></a:graphic>'
    )
    doc_pr = f'<wp:docPr id="{shape_id}" name="Text Box {shape_id}"/><wp:cNvGraphicFramePr/>'
    if anchor is None:
        drawing = (f'<wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="{cx}" cy="{cy}"/>'
                   f'<wp:effectExtent l="0" t="0" r="0" b="0"/>{doc_pr}{graphic}</wp:inline>')
    else:
        x, y = (int(v * emu) for v in anchor)
        drawing = (
            f'<wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="2" '
            f'behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/>'
            f'<wp:positionH relativeFrom="page"><wp:posOffset>{x}</wp:posOffset></wp:positionH>'
            f'<wp:positionV relativeFrom="page"><wp:posOffset>{y}</wp:posOffset></wp:positionV>'
            f'<wp:extent cx="{cx}" cy="{cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapSquare wrapText="right"/>'
            f'{doc_pr}{graphic}</wp:anchor>'
        )
    run = paragraph.add_run()
    run._r.append(parse_xml(
        f'<w:drawing {nsdecls("w")} xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">'
        f'{drawing}</w:drawing>'))


def _box_paragraph(text: str, bold: bool = False, size: float = 10, color: str = "000000", caps: bool = False) -> str:
    from xml.sax.saxutils import escape

    props = f'<w:sz w:val="{int(size * 2)}"/><w:color w:val="{color}"/>' + ("<w:b/>" if bold else "") + ("<w:caps/>" if caps else "")
    return (f'<w:p {nsdecls("w")}><w:pPr><w:spacing w:after="60"/></w:pPr>'
            f'<w:r><w:rPr>{props}</w:rPr><w:t xml:space="preserve">{escape(text)}</w:t></w:r></w:p>')


def _volunteer(resume: dict) -> list[tuple[str, str, dict]]:
    return [(v["position"], v["organization"], v) for v in resume.get("volunteer", [])]


# --- layouts -------------------------------------------------------------------------------------------------

def tabstops(resume: dict) -> Any:
    doc = Document()
    _margins(doc)
    basics = resume["basics"]
    header = doc.sections[0].header.paragraphs[0]
    _run(header, basics["name"], bold=True, size=18, color=ACCENT)
    line = doc.sections[0].header.add_paragraph()
    _run(line, _contact(resume), size=9)
    doc.add_paragraph(basics["summary"])

    def heading(text: str):
        _section_heading(doc, text.upper(), 11, 10)

    heading("Experience")
    for job in resume["work"]:
        p = doc.add_paragraph()
        _right_tab(p, doc)
        _run(p, job["position"], bold=True)
        _run(p, f", {job['name']}")
        _run(p, "\t" + _span(job, "short"), italic=True)
        _bullets(doc, job["highlights"])
    heading("Education")
    for edu in resume["education"]:
        p = doc.add_paragraph()
        _right_tab(p, doc)
        _run(p, _degree(edu), bold=True)
        _run(p, f", {edu['institution']}\t{_span(edu, 'year')}")
    heading("Skills")
    doc.add_paragraph(", ".join(_skills(resume)))
    if resume.get("volunteer"):
        heading("Volunteering")
        for role, org, v in _volunteer(resume):
            p = doc.add_paragraph()
            _right_tab(p, doc)
            _run(p, f"{role}, {org}\t{_span(v, 'short')}")
    return doc


def table_sidebar(resume: dict) -> Any:
    doc = Document()
    _margins(doc, 1.4)
    basics = resume["basics"]
    table = doc.add_table(rows=1, cols=2)
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    _no_borders(table)
    left, right = table.rows[0].cells
    left.width, right.width = Cm(5.8), Cm(12.2)
    _shade(left, "E8EEF4")
    p = left.paragraphs[0]
    _run(p, basics["name"], bold=True, size=16, color=ACCENT)
    _run(left.add_paragraph(), basics["label"], italic=True)
    for label, items in (("Contact", [basics["email"], basics["phone"], basics["location"]["city"]]),
                         ("Skills", _skills(resume))):
        _run(left.add_paragraph(), label.upper(), bold=True, size=10, color=ACCENT)
        for item in items:
            left.add_paragraph(item)
    _run(left.add_paragraph(), "EDUCATION", bold=True, size=10, color=ACCENT)
    for edu in resume["education"]:
        _run(left.add_paragraph(), edu["institution"], bold=True)
        left.add_paragraph(f"{_degree(edu)}, {_span(edu, 'year', '–')}")
    p = right.paragraphs[0]
    _run(p, "PROFILE", bold=True, size=11, color=ACCENT)
    right.add_paragraph(basics["summary"])
    _run(right.add_paragraph(), "WORK EXPERIENCE", bold=True, size=11, color=ACCENT)
    for job in resume["work"]:
        _run(right.add_paragraph(), job["position"], bold=True)
        _run(right.add_paragraph(), f"{job['name']} | {_span(job, 'numeric', ' - ')}", italic=True)
        for item in job["highlights"]:
            right.add_paragraph("• " + item)
    if resume.get("volunteer"):
        _run(right.add_paragraph(), "VOLUNTEERING", bold=True, size=11, color=ACCENT)
        for role, org, v in _volunteer(resume):
            right.add_paragraph(f"{role}, {org} ({_span(v, 'numeric', ' - ')})")
    return doc


def textbox_headings(resume: dict) -> Any:
    doc = Document()
    _margins(doc)
    basics = resume["basics"]
    p = doc.add_paragraph()
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    _run(p, basics["name"], bold=True, size=20)
    p = doc.add_paragraph(_contact(resume))
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER

    def heading(text: str):
        _textbox(doc.add_paragraph(), _box_paragraph(text, bold=True, size=12, color="FFFFFF", caps=True), 17.0, 0.8,
                 fill="2E5E8C")

    heading("Professional Summary")
    doc.add_paragraph(basics["summary"])
    heading("Work History")
    for job in resume["work"]:
        p = doc.add_paragraph()
        _run(p, job["position"], bold=True)
        _run(p, f" — {_span(job, 'long', ' to ')}")
        _run(doc.add_paragraph(), f"{job['name']}, {job['location']}", italic=True)
        _bullets(doc, job["highlights"])
    heading("Education")
    for edu in resume["education"]:
        p = doc.add_paragraph()
        _run(p, edu["institution"], bold=True)
        _run(p, f", {show(edu['endDate'], 'year')}")
        doc.add_paragraph(_degree(edu))
    heading("Skills")
    _bullets(doc, _skills(resume))
    return doc


def dates_column(resume: dict) -> Any:
    doc = Document()
    _margins(doc)
    basics = resume["basics"]
    p = doc.add_paragraph()
    _run(p, basics["name"].upper(), bold=True, size=18)
    _run(doc.add_paragraph(), basics["label"], size=12, color=ACCENT)
    footer = doc.sections[0].footer.paragraphs[0]
    footer.alignment = WD_ALIGN_PARAGRAPH.CENTER
    _run(footer, f"{basics['location']['address']}, {basics['location']['city']} · {basics['email']} · {basics['phone']}",
         size=8)
    doc.add_paragraph(basics["summary"])

    def heading(text: str):
        _section_heading(doc, text, 12, 8)

    def entry(left_lines: list[tuple[str, bool]], right: str, bullets: list[str]):
        table = doc.add_table(rows=1, cols=2)
        table.autofit = False
        _no_borders(table)
        for column, width in zip(table.columns, (Cm(13.0), Cm(4.0)), strict=True):
            column.width = width
        a, b = table.rows[0].cells
        a.width, b.width = Cm(13.0), Cm(4.0)
        first = True
        for text, bold in left_lines:
            para = a.paragraphs[0] if first else a.add_paragraph()
            first = False
            _run(para, text, bold=bold)
        for item in bullets:
            a.add_paragraph("– " + item)
        b.paragraphs[0].alignment = WD_ALIGN_PARAGRAPH.RIGHT
        _run(b.paragraphs[0], right, size=9)

    heading("Employment")
    for job in resume["work"]:
        entry([(job["name"], True), (job["position"], False)], _span(job, "short"), job["highlights"])
    heading("Education and training")
    for edu in resume["education"]:
        entry([(edu["institution"], True), (_degree(edu), False)], _span(edu, "year"), [])
    heading("Skills")
    doc.add_paragraph(" · ".join(_skills(resume)))
    if resume.get("volunteer"):
        heading("Volunteering")
        for role, org, v in _volunteer(resume):
            entry([(org, True), (role, False)], _span(v, "short"), [])
    return doc


def textbox_sidebar(resume: dict) -> Any:
    doc = Document()
    for section in doc.sections:
        section.left_margin, section.right_margin = Cm(7.6), Cm(1.6)
        section.top_margin = section.bottom_margin = Cm(1.5)
    basics = resume["basics"]
    box = [_box_paragraph("Contact", bold=True, size=11, color="1F4E79", caps=True)]
    box += [_box_paragraph(x, size=9) for x in (basics["email"], basics["phone"], basics["location"]["city"])]
    box.append(_box_paragraph("Education", bold=True, size=11, color="1F4E79", caps=True))
    for edu in resume["education"]:
        box += [_box_paragraph(edu["institution"], bold=True, size=9), _box_paragraph(_degree(edu), size=9),
                _box_paragraph(_span(edu, "year"), size=9)]
    box.append(_box_paragraph("Skills", bold=True, size=11, color="1F4E79", caps=True))
    box += [_box_paragraph(s, size=9) for s in _skills(resume)]
    first = doc.add_paragraph()
    _textbox(first, "".join(box), 5.6, 26.0, fill="EEF2F6", anchor=(1.0, 1.5))
    _run(first, basics["name"], bold=True, size=22, color=ACCENT)
    _run(doc.add_paragraph(), basics["label"], size=12)
    doc.add_paragraph(basics["summary"])

    def heading(text: str):
        _section_heading(doc, text.upper(), 11, 8)

    heading("Experience")
    for job in resume["work"]:
        p = doc.add_paragraph()
        _run(p, f"{job['position']} at {job['name']}", bold=True)
        _run(doc.add_paragraph(), f"{_span(job, 'short')} | {job['location']}", italic=True, size=9)
        _bullets(doc, job["highlights"])
    if resume.get("volunteer"):
        heading("Volunteering")
        for role, org, v in _volunteer(resume):
            doc.add_paragraph(f"{role} at {org}, {_span(v, 'short')}")
    return doc


def word_headings(resume: dict) -> Any:
    doc = Document()
    _margins(doc, 2.2)
    basics = resume["basics"]
    doc.add_heading(basics["name"], level=0)
    doc.add_paragraph(_contact(resume))
    doc.add_heading("Summary", level=1)
    doc.add_paragraph(basics["summary"])
    doc.add_heading("Experience", level=1)
    for job in resume["work"]:
        doc.add_heading(f"{job['name']} | {job['location']}", level=2)
        p = doc.add_paragraph()
        _right_tab(p, doc)
        _run(p, job["position"], italic=True)
        _run(p, "\t" + _span(job, "numeric", " – "))
        _bullets(doc, job["highlights"])
    doc.add_heading("Education", level=1)
    for edu in resume["education"]:
        doc.add_heading(edu["institution"], level=2)
        p = doc.add_paragraph()
        _right_tab(p, doc)
        _run(p, f"{_degree(edu)}\t{_span(edu, 'year', ' – ')}")
    doc.add_heading("Skills", level=1)
    doc.add_paragraph(", ".join(_skills(resume)))
    return doc


BUILDERS: dict[str, Callable[[dict], Any]] = {
    "docx-tabstops": tabstops,
    "docx-table-sidebar": table_sidebar,
    "docx-textbox-headings": textbox_headings,
    "docx-dates-column": dates_column,
    "docx-textbox-sidebar": textbox_sidebar,
    "docx-word-headings": word_headings,
}


def write_docx(family: str, resume: dict, path: Path) -> None:
    BUILDERS[family](resume).save(str(path))


def convert_to_pdf(docx_files: list[Path], out_dir: Path) -> None:
    """LibreOffice's PDFs of the DOCX files (one soffice run for all), written beside them in out_dir."""
    if not docx_files:
        return
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            ["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
             "--outdir", str(out_dir), *map(str, docx_files)],
            check=True, capture_output=True, timeout=60 + 20 * len(docx_files),
        )
