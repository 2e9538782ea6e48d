"""The shapes of the failures issue 26 quotes from resumes nobody here had tuned to, each on a document made
with that shape: the exact facts a recruiter reads from it."""

import json

import pytest

from interviews.parsing import parse_document
from interviews.parsing.normalise import normalise_text

from .documents import docx_bytes, html_pdf, read_positions
from .test_generated_layouts import ROW, _text_box
from .word_layouts import MADE, employer_below_title, fields_at_tab_stops

HERRERA = [
    {"title": "Senior Accountant", "employer": "Grupo Alvarez SA", "start": "Jan 2021", "end": "Present"},
    {"title": "Audit Associate", "employer": "Deloitte", "start": "Sep 2017", "end": "Dec 2020"},
]
OKAFOR = [
    {"title": "Warehouse Supervisor", "employer": "Harbor Freight Logistics", "start": "Mar 2020", "end": "Present"},
    {"title": "Forklift Operator", "employer": "Crestline Distribution", "start": "Jun 2016", "end": "Feb 2020"},
]


def test_section_headings_in_text_boxes_beside_their_first_line_open_their_sections():
    def build(document):
        document.add_paragraph("Maria Keller")
        document.add_paragraph("maria.keller@example.com | +49 170 1234567")
        summary = document.add_paragraph("Operations lead with ten years in logistics, known for calm under pressure.")
        summary._p.append(_text_box(["PROFILE"]))
        first = document.add_paragraph("Northwind Logistics")
        first._p.append(_text_box(["WORK EXPERIENCE"]))
        document.add_paragraph("Operations Manager\tMar 2019 – Present")
        document.add_paragraph("Ran a warehouse team of 40 across two shifts with Kubernetes-style rotas.")
        document.add_paragraph("Contoso Freight")
        document.add_paragraph("Shift Supervisor\tJun 2014 – Feb 2019")
        school = document.add_paragraph("University of Mannheim")
        school._p.append(_text_box(["EDUCATION"]))
        document.add_paragraph("B.Sc. Business Administration\t2010 – 2014")
        skills = document.add_paragraph("SAP, Excel, Forklift licence")
        skills._p.append(_text_box(["SKILLS"]))

    facts = parse_document(docx_bytes(build), "cv.docx", "resume").highlights
    assert read_positions(facts["positions"]) == [
        {"title": "Operations Manager", "employer": "Northwind Logistics", "start": "Mar 2019", "end": "Present"},
        {"title": "Shift Supervisor", "employer": "Contoso Freight", "start": "Jun 2014", "end": "Feb 2019"},
    ]
    assert facts["education"] == ["B.Sc. Business Administration, University of Mannheim (2010 – 2014)"]


@pytest.mark.parametrize(("name", "document", "expected"), [
    ("cv.docx", fields_at_tab_stops, HERRERA),
    ("cv.pdf", lambda: (MADE / "word_fields_at_tab_stops.pdf").read_bytes(), HERRERA),
    ("cv.docx", employer_below_title, OKAFOR),
    ("cv.pdf", lambda: (MADE / "word_employer_below_title.pdf").read_bytes(), OKAFOR),
])
def test_a_word_resume_and_its_pdf_keep_employer_city_and_title_apart_and_no_duty_is_an_employer(
        name, document, expected):
    facts = parse_document(document(), name, "resume").highlights
    assert read_positions(facts["positions"]) == expected
    assert all(p["confidence"] >= 0.9 for p in facts["positions"])


def test_a_latex_cvs_date_is_no_employer_and_its_placeholder_title_is_template_text_without_the_section_name():
    # moderncv's shape: the section's name in the left column on the first entry's row, dates at the right; an
    # entry whose start date sits on a line of its own above it.
    row = "display:flex;gap:12px"
    pdf = html_pdf(
        "<h1 style='font-size:20pt'>Alex Novak</h1><p>alex.novak@example.com</p>"
        f"<div style='{row}'><b style='width:90px'>Experience</b><span>Job title, Employer, City</span>"
        "<span style='margin-left:auto'>2019 – 2021</span></div>"
        "<p style='margin-left:102px'>Description of what you did.</p>"
        "<div style='margin-left:102px'>Sep 2018</div>"
        f"<div style='{ROW}'><b>Data Engineer | Vela Analytics</b><span>2019 – 2021</span></div>"
        "<div style='margin-left:102px'>June 2017</div>"
        f"<div style='{ROW}'><b>Teaching Assistant</b><span>2016 – 2017</span></div>"
    )
    facts = parse_document(pdf, "cv.pdf", "resume").highlights
    assert read_positions(facts["positions"]) == [
        {"title": "Data Engineer", "employer": "Vela Analytics", "start": "2019", "end": "2021"},
        {"title": "Teaching Assistant", "employer": None, "start": "2016", "end": "2017"},
    ]
    assert facts["template_text"] == ["Job title, Employer"]


def test_a_chinese_templates_section_label_is_no_name_and_its_placeholders_are_template_text():
    def build(document):
        for line in ("研究经历", "张三", "电话：138xxxx0000 | 邮箱：xxx@xxx.com", "个人总结",
                     "工作经历", "XX公司\t职位名称\t2021.07 - 至今", "某某大学\t2018.09 - 2021.06",
                     "教育背景", "学校名称\t专业名称\t硕士\t2018.09 - 2021.06"):
            document.add_paragraph(line)

    facts = parse_document(docx_bytes(build), "cv.docx", "resume").highlights
    assert facts["name"] is None and facts["positions"] == [] and facts["education"] == []
    assert {"张三", "XX公司", "某某大学"} <= set(facts["template_text"])
    assert "研究经历" not in str(facts) and "个人总结" not in str(facts)


def test_a_long_academic_cvs_programme_is_no_sure_employer_and_a_glued_date_still_dates_its_title():
    cv = html_pdf(
        "<h1>Dr. Lena Fischer</h1><p>Curriculum Vitae</p>"
        "<h2>Academic Appointments</h2>"
        f"<div style='{ROW}'><b>Lecturer in Genetics, University of Bristol</b><span>2021 – Present</span></div>"
        "<div>Postdoctoral Researcher<span style='letter-spacing:0'>2019 – 2021</span></div>"
        "<div>Max Planck Institute for Biology</div>"
        "<h2>Research Experience</h2>"
        f"<div style='{ROW}'><b>Graduate Research Programme in Systems Biology</b><span>2014 – 2015</span></div>"
        "<h2>Education</h2>"
        f"<div style='{ROW}'><b>PhD, University of Cambridge</b><span>2015 – 2019</span></div>"
    )
    facts = parse_document(cv, "cv.pdf", "resume").highlights
    sure = [p for p in facts["positions"] if p["confidence"] >= 0.6]
    assert read_positions(sure) == [
        {"title": "Lecturer in Genetics", "employer": "University of Bristol", "start": "2021", "end": "Present"},
        {"title": "Postdoctoral Researcher", "employer": "Max Planck Institute for Biology", "start": "2019",
         "end": "2021"},
    ]
    assert all("Programme" not in (p["employer"] or "") for p in sure)


GENERATED = MADE.parents[1] / "generated" / "tuning"  # the corpus's tuning layouts (bench/corpus/README.md)


def truth_positions(family: str) -> list[tuple[str, str]]:
    truth = json.loads((GENERATED / f"{family}.json").read_text())
    return [(work["position"], work["name"]) for work in truth["work"]]


def test_a_word_table_that_lays_out_a_sidebar_and_the_main_column_is_read_a_cell_at_a_time():
    facts = parse_document((GENERATED / "docx-table-sidebar.docx").read_bytes(), "cv.docx", "resume").highlights
    assert facts["name"] == "Sean Taylor"
    assert [(p["title"], p["employer"]) for p in facts["positions"]] == truth_positions("docx-table-sidebar")


def test_small_capital_headings_iso_dates_and_dates_above_their_entry():
    # theme-paper: "W ORK E XPERIENCE", "2024-02-01 TO 2026-04-01" on its own line over "Home Carer at Lamy …"
    facts = parse_document((GENERATED / "theme-paper.pdf").read_bytes(), "cv.pdf", "resume").highlights
    assert [(p["title"], p["employer"]) for p in facts["positions"]] == truth_positions("theme-paper")
    assert facts["positions"][0]["start"] == "2024-02-01" and facts["positions"][0]["end"] == "2026-04-01"


def test_a_word_made_pdf_whose_section_headings_are_drawn_after_the_body_reads_them_where_they_sit():
    # LibreOffice draws a Word document's text boxes after its body: the text layer gives every heading at the
    # end, and a bullet as a private-use Symbol glyph. The page's rows, top to bottom, put them back.
    line, slot = "margin:0;height:16px;line-height:16px", "height:32px"
    heading = "position:absolute;left:0;font-weight:bold"
    cv = html_pdf(
        "<div style='position:relative'>"
        f"<div style='{line};height:40px;font-size:18pt'>Maria Williamson</div><div style='{slot}'></div>"
        f"<p style='{line}'>Electrician with eight years in domestic and commercial work.</p>"
        f"<div style='{slot}'></div>"
        f"<p style='{line}'>Approved Electrician — Jan 2020 to Jun 2022</p>"
        f"<p style='{line}'>Bailey Builders, Hansonbury</p>"
        f"<p style='{line}'>- Read drawings and priced jobs up to £400k</p>"
        f"<p style='{line}'>Electrician — Feb 2018 to Nov 2019</p>"
        f"<p style='{line}'>Stevens Construction, Port Frankland</p>"
        f"<p style='{line}'>- Supervised 12 subcontractors on a social housing refit</p>"
        f"<div style='{slot}'></div>"
        f"<p style='{line}'>Hansonbury College, 2016</p>"
        f"<p style='{line}'>City &amp; Guilds Electrical Installation</p>"
        f"<div style='{heading};top:48px'>PROFESSIONAL SUMMARY</div>"
        f"<div style='{heading};top:96px'>WORK HISTORY</div>"
        f"<div style='{heading};top:224px'>EDUCATION</div>"
        "</div>"
    )
    facts = parse_document(cv, "cv.pdf", "resume").highlights
    assert read_positions(facts["positions"]) == [
        {"title": "Approved Electrician", "employer": "Bailey Builders", "start": "Jan 2020", "end": "Jun 2022"},
        {"title": "Electrician", "employer": "Stevens Construction", "start": "Feb 2018", "end": "Nov 2019"},
    ]
    assert [school.startswith("Hansonbury College") for school in facts["education"]] == [True]


def test_a_word_bullet_drawn_as_a_private_use_symbol_glyph_stays_a_bullet():
    text = "\uf0b7 Read drawings and priced jobs\n\uf0a7 Trained apprentices"
    assert normalise_text(text) == "- Read drawings and priced jobs\n- Trained apprentices"


def test_a_latex_cvs_dates_that_wrap_in_their_narrow_left_column_date_the_entry_beside_them():
    # moderncv's shape: each entry's dates right-aligned in a narrow column left of it, wrapping onto two or
    # three lines ("Nov" over "2023–" over "Present"), which the text layer gives as lines of their own.
    def entry(dates: str, head: str, duty: str) -> str:
        return (
            "<div style='display:flex;gap:8px;margin-top:8px'>"
            f"<div style='width:62px;text-align:right;flex:none'>{dates}</div>"
            f"<div><div>{head}</div><div>○ {duty}</div></div></div>"
        )

    cv = html_pdf(
        "<h1>Isidor Scheuermann</h1><h2 style='margin-left:70px'>Experience</h2>"
        + entry("Nov 2023–Present", "Finance Manager, Schmidt LLP, Torgau", "Processed supplier invoices")
        + entry("Jul 2022–Oct 2023", "Accountant, Nette Bank, Magdeburg", "Ran payroll for 12 employees")
        + "<h2 style='margin-left:70px'>Education</h2>"
        + entry("2004–2007", "ACCA Professional Qualification, Universität Torgau", "Passed all papers")
    )
    facts = parse_document(cv, "cv.pdf", "resume").highlights
    assert read_positions(facts["positions"]) == [
        {"title": "Finance Manager", "employer": "Schmidt LLP", "start": "Nov 2023", "end": "Present"},
        {"title": "Accountant", "employer": "Nette Bank", "start": "Jul 2022", "end": "Oct 2023"},
    ]


def test_a_word_table_with_each_entrys_dates_in_a_right_hand_cell_dates_the_entry_beside_them():
    # A row a job: title, employer and duties in the left cell, the dates alone in the right one. Read a cell at a
    # time, each job's dates came after its duties and dated the next job.
    def build(document):
        document.add_paragraph("Dana Okafor")
        document.add_paragraph("EXPERIENCE")
        table = document.add_table(rows=0, cols=2)
        for job in OKAFOR:
            cells = table.add_row().cells
            cells[0].text = job["title"]
            cells[0].add_paragraph(f"{job['employer']}, Leeds")
            cells[0].add_paragraph("Loaded six trailers a day", style="List Bullet")
            cells[1].text = f"{job['start']} – {job['end']}"

    facts = parse_document(docx_bytes(build), "cv.docx", "resume").highlights
    assert read_positions(facts["positions"]) == OKAFOR
