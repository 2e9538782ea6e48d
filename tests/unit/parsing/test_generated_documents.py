"""Layouts made by the tests: columns, tables, text boxes, headers and footers, non-English text."""

import copy

from docx.oxml import parse_xml

from interviews.parsing import parse_document
from interviews.parsing.normalise import normalise_text

from .documents import docx_bytes, html_pdf, read_positions

SIDEBAR = "<h2>Skills</h2><p>Python, Django, PostgreSQL</p><h2>Education</h2><p>B.Sc. Computer Science, 2012</p>"
MAIN = (
    "<h2>Experience</h2><p>Backend Engineer, Acme Corp — Jan 2018 – Present</p>"
    "<p>- Reduced checkout latency by 35% with query tuning and caching in PostgreSQL</p>"
    "<p>Software Developer, Beta Labs — Jun 2014 – Dec 2017</p><p>- Built the billing service used by 4,000 customers</p>"
)


def test_a_two_column_pdf_reads_one_column_after_the_other():
    body = (
        "<h1>Sam Rivera</h1><div style='display:flex'>"
        f"<div style='width:35%;margin-right:5%'>{SIDEBAR}</div><div style='width:60%'>{MAIN}</div></div>"
    )
    parsed = parse_document(html_pdf(body), "cv.pdf", "resume")
    text = " ".join(parsed.text.split())  # lines wrap inside a narrow column
    assert "Reduced checkout latency by 35% with query tuning and caching in PostgreSQL" in text
    assert text.index("B.Sc. Computer Science") < text.index("Experience")  # the sidebar, then the main column
    assert text.index("Python, Django, PostgreSQL") < text.index("B.Sc. Computer Science")
    assert text.index("Backend Engineer, Acme Corp") < text.index("Software Developer, Beta Labs")
    assert read_positions(parsed.highlights["positions"])[0] == {
        "title": "Backend Engineer", "employer": "Acme Corp", "start": "Jan 2018", "end": "Present",
    }


def test_a_newspaper_column_pdf_keeps_its_lines_whole():
    paragraphs = "".join(f"<p>Line {i}: delivered feature number {i} for the payments team.</p>" for i in range(40))
    parsed = parse_document(html_pdf(f"<h1>Ana Costa</h1><div style='columns:2'>{paragraphs}</div>"), "cv.pdf",
                            "resume")
    text = " ".join(parsed.text.split())
    for i in (0, 19, 20, 39):
        assert f"Line {i}: delivered feature number {i} for the payments team." in text
    assert text.index("Line 19:") < text.index("Line 20:") < text.index("Line 39:")


def test_a_pdf_with_accents_and_ligatures_keeps_them_readable():
    body = "<h1>José Müller-Ñúñez</h1><p>Ingénieur logiciel, Société Générale — 2019 – 2023</p><p>Ofﬁce ﬂows</p>"
    parsed = parse_document(html_pdf(body), "cv.pdf", "resume")
    assert "José Müller-Ñúñez" in parsed.text
    assert "Office flows" in parsed.text
    assert parsed.highlights["name"] == "José Müller-Ñúñez"


def test_a_docx_table_layout_is_read_row_by_row():
    def build(document):
        document.add_paragraph("Lena Fischer")
        document.add_paragraph("Experience")
        table = document.add_table(rows=2, cols=2)
        table.cell(0, 0).text = "Data Analyst, Northwind Traders"
        table.cell(0, 1).text = "Mar 2020 – Present"
        table.cell(1, 0).text = "Reporting Analyst, Contoso Ltd"
        table.cell(1, 1).text = "2017 – 2020"
        document.add_paragraph("Skills")
        skills = document.add_table(rows=1, cols=3)
        for cell, skill in zip(skills.rows[0].cells, ["SQL", "Tableau", "Python"], strict=True):
            cell.text = skill

    parsed = parse_document(docx_bytes(build), "cv.docx", "resume")
    assert "Data Analyst, Northwind Traders | Mar 2020 – Present" in parsed.text
    assert read_positions(parsed.highlights["positions"]) == [
        {"title": "Data Analyst", "employer": "Northwind Traders", "start": "Mar 2020", "end": "Present"},
        {"title": "Reporting Analyst", "employer": "Contoso Ltd", "start": "2017", "end": "2020"},
    ]
    assert {"SQL", "Tableau", "Python"} <= set(parsed.highlights["skills"])


def test_a_docx_merged_cell_is_read_once():
    def build(document):
        document.add_paragraph("Kim Lee, nurse")
        table = document.add_table(rows=1, cols=3)
        merged = table.cell(0, 0).merge(table.cell(0, 1))
        merged.text = "Registered Nurse, St. Mary Hospital"
        table.cell(0, 2).text = "2015 – 2020"

    parsed = parse_document(docx_bytes(build), "cv.docx", "resume")
    assert parsed.text.count("Registered Nurse, St. Mary Hospital") == 1


W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
MC = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
V = 'xmlns:v="urn:schemas-microsoft-com:vml"'
WPS = 'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"'


def _text_box_run(text):
    box = f"<w:txbxContent><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:txbxContent>"
    return parse_xml(
        f"<w:r {W} {MC} {V} {WPS}><mc:AlternateContent>"
        f"<mc:Choice Requires='wps'><w:drawing><wps:wsp><wps:txbx>{box}</wps:txbx></wps:wsp></w:drawing></mc:Choice>"
        f"<mc:Fallback><w:pict><v:shape><v:textbox>{box}</v:textbox></v:shape></w:pict></mc:Fallback>"
        "</mc:AlternateContent></w:r>"
    )


def test_docx_text_boxes_are_read_once_each():
    def build(document):
        document.add_paragraph("Omar Haddad")
        anchor = document.add_paragraph("Experience")
        anchor._p.append(_text_box_run("Skills: Kubernetes, Terraform, Go"))
        document.add_paragraph("Site Reliability Engineer, Cloudberry — 2019 – 2024")

    parsed = parse_document(docx_bytes(build), "cv.docx", "resume")
    assert parsed.text.count("Skills: Kubernetes, Terraform, Go") == 1
    assert {"Kubernetes", "Terraform", "Go"} <= set(parsed.highlights["skills"])


def test_docx_headers_and_footers_are_read():
    def build(document):
        section = document.sections[0]
        section.header.paragraphs[0].text = "Priya Natarajan"
        section.footer.paragraphs[0].text = "priya@example.com · References available on request"
        document.add_paragraph("Experience")
        document.add_paragraph("Product Designer, Fabrikam — 2020 – Present")
        document.add_paragraph("Skills: Figma, user research, prototyping")

    parsed = parse_document(docx_bytes(build), "cv.docx", "resume")
    assert parsed.text.startswith("Priya Natarajan")
    assert parsed.text.rstrip().endswith("References available on request")
    assert parsed.highlights["name"] == "Priya Natarajan"
    assert {"Figma", "UX research", "Prototyping"} <= set(parsed.highlights["skills"])


def test_a_docx_in_chinese_and_french_keeps_its_text():
    def build(document):
        document.add_paragraph("王小明")
        document.add_paragraph("工作经历")
        document.add_paragraph("后端工程师 – 阿里巴巴 2018.03-至今")
        document.add_paragraph("专业技能")
        document.add_paragraph("熟练使用 Python、Go、MySQL")
        document.add_paragraph("Expérience : Développeur, Société Générale, 2015 – 2018")

    parsed = parse_document(docx_bytes(build), "cv.docx", "resume")
    assert "后端工程师 – 阿里巴巴 2018.03-至今" in parsed.text
    assert "Développeur, Société Générale" in parsed.text
    assert parsed.highlights["name"] == "王小明"
    assert {"Python", "MySQL"} <= set(parsed.highlights["skills"])
    assert {"title": "后端工程师", "employer": "阿里巴巴", "start": "2018.03", "end": "至今"} in read_positions(parsed.highlights["positions"])


def test_a_job_description_can_be_a_docx():
    def build(document):
        document.add_heading("Sales Development Representative", level=1)
        document.add_paragraph("Company: Tailspin Toys")
        document.add_paragraph("Requirements")
        for item in ("1+ years of B2B sales experience", "Experience with Salesforce", "Cold calling"):
            document.add_paragraph(item, style="List Bullet")

    parsed = parse_document(docx_bytes(build), "jd.docx", "jd")
    assert parsed.requirements["title"] == "Sales Development Representative"
    assert parsed.requirements["company"] == "Tailspin Toys"
    assert parsed.requirements["must_haves"] == [
        "1+ years of B2B sales experience", "Experience with Salesforce", "Cold calling",
    ]


def test_normalising_joins_hyphenated_words_and_cleans_bullets_and_spaces():
    raw = "Leo\t\r \xa0Leopard\t\r \xa0\n• Led the manage-\nment of 9 volunteers\n● Co-\xad‐designed a 17\u00a0minute talk\n\n\n\n■ ﬁnal"
    assert normalise_text(raw) == (
        "Leo Leopard\n- Led the management of 9 volunteers\n- Co-designed a 17 minute talk\n\n- final"
    )


def test_normalising_keeps_dashes_and_capitalised_continuations():
    assert normalise_text("Python -\nDjango\nfull-\nStack") == "Python -\nDjango\nfull-\nStack"


def test_normalising_drops_icon_font_junk():
    raw = "📱 (+82) 10-9030 | 🖂 a@b.com | HOUSE-CHIMNEY www.x.com | GITHUB-SQUARE posquit0\n\uf0e0 mail\nB john@doe.org"
    assert normalise_text(raw) == "(+82) 10-9030 | a@b.com | www.x.com | posquit0\nmail\njohn@doe.org"


def test_normalising_is_idempotent():
    raw = "• One ﬁx\n  - Two\tthings\nthree-\nfour"
    once = normalise_text(raw)
    assert normalise_text(copy.copy(once)) == once
