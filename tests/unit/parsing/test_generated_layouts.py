"""Layouts whose drawing order is not their reading order, sections in Word text boxes, and fake-bold CJK text:
for each, the exact facts a recruiter would read."""

from xml.sax.saxutils import escape

from docx.oxml import parse_xml

from interviews.parsing import parse_document
from interviews.parsing.normalise import normalise_text

from .documents import docx_bytes, html_pdf, read_positions

ROW = "display:flex;justify-content:space-between"
BOTH_ROLES = [
    {"title": "Platform Engineer", "employer": "Acme Corp", "start": "Jan 2019", "end": "Present"},
    {"title": "Software Engineer", "employer": "Beta Labs", "start": "Jun 2015", "end": "Dec 2018"},
]


def test_dates_floated_right_and_drawn_first_stay_with_their_roles():
    # WeasyPrint, like many HTML-to-PDF tools, draws floats first: the text layer lists every date before the
    # roles, and only the page's layout says which date is whose.
    body = (
        "<h1>Kim Lee</h1><h2>Experience</h2>"
        "<div><span style='float:right'>Jan 2019 – Present</span><b>Platform Engineer</b>, Acme Corp</div>"
        "<p>- Cut cloud costs by 30%</p>"
        "<div><span style='float:right'>Jun 2015 – Dec 2018</span><b>Software Engineer</b>, Beta Labs</div>"
        "<p>- Built the billing service</p><h2>Skills</h2><p>Python, Go</p>"
    )
    parsed = parse_document(html_pdf(body), "cv.pdf", "resume")
    assert read_positions(parsed.highlights["positions"]) == BOTH_ROLES
    assert parsed.highlights["name"] == "Kim Lee"
    assert [p["confidence"] >= 0.6 for p in parsed.highlights["positions"]] == [True, True]


def test_right_aligned_dates_and_places_under_the_employer_line():
    body = (
        "<h1>Kim Lee</h1><h2>Experience</h2>"
        f"<div style='{ROW}'><b>Acme Corp</b><span>Berlin, Germany</span></div>"
        f"<div style='{ROW}'><i>Platform Engineer</i><span>Jan 2019 – Present</span></div><p>- Cut cloud costs by 30%</p>"
        f"<div style='{ROW}'><b>Beta Labs</b><span>Paris, France</span></div>"
        f"<div style='{ROW}'><i>Software Engineer</i><span>Jun 2015 – Dec 2018</span></div>"
        "<h2>Education</h2>"
        f"<div style='{ROW}'><b>Technical University of Munich</b><span>Munich, Germany</span></div>"
        f"<div style='{ROW}'><i>B.Sc. Informatics</i><span>2011 – 2015</span></div>"
    )
    parsed = parse_document(html_pdf(body), "cv.pdf", "resume")
    assert read_positions(parsed.highlights["positions"]) == BOTH_ROLES
    assert parsed.highlights["education"] == ["B.Sc. Informatics, Technical University of Munich (2011 – 2015)"]


def test_a_sidebar_drawn_after_the_main_column_is_still_read_as_its_own_column():
    body = (
        "<h1>Kim Lee</h1><div style='display:flex'>"
        "<div style='order:2;width:62%'><h2>Experience</h2>"
        "<p>Platform Engineer, Acme Corp — Jan 2019 – Present</p><p>- Cut cloud costs by 30%</p>"
        "<p>Software Engineer, Beta Labs — Jun 2015 – Dec 2018</p><p>- Built the billing service</p></div>"
        "<div style='order:1;width:33%;margin-right:5%'><h2>Skills</h2><p>Python, Go, Kubernetes</p>"
        "<h2>Education</h2><p>B.Sc. Informatics, TU Munich</p></div></div>"
    )
    parsed = parse_document(html_pdf(body), "cv.pdf", "resume")
    assert read_positions(parsed.highlights["positions"]) == BOTH_ROLES
    assert parsed.highlights["education"] == ["B.Sc. Informatics, TU Munich"]
    assert {"Python", "Go", "Kubernetes"} <= set(parsed.highlights["skills"])


def _table_resume(header: str, rows: list[tuple[str, str]]) -> bytes:
    """Two columns laid out as a table, as Word templates and HTML resumes do: drawn row by row, the sidebar
    cell then the main cell, so the drawing order interleaves the columns."""
    cells = "".join(f"<tr><td style='width:32%;vertical-align:top'>{a}</td><td style='vertical-align:top'>{b}</td></tr>"
                    for a, b in rows)
    return html_pdf(f"{header}<table style='width:100%;border-collapse:collapse'>{cells}</table>")


def test_a_two_column_resume_laid_out_as_a_table_is_read_column_by_column():
    rows = [("<b>Skills</b>", "<b>Experience</b>"),
            ("Python, Go, Kubernetes", "Platform Engineer, Acme Corp — Jan 2019 – Present"),
            ("<b>Education</b>", "- Cut cloud costs by 30%"),
            ("B.Sc. Informatics, TU Munich", "Software Engineer, Beta Labs — Jun 2015 – Dec 2018"),
            ("<b>Languages</b>", "- Built the billing service"),
            ("English, German", "")]
    parsed = parse_document(_table_resume("<h1>Kim Lee</h1>", rows), "cv.pdf", "resume")
    assert read_positions(parsed.highlights["positions"]) == BOTH_ROLES
    assert parsed.highlights["education"] == ["B.Sc. Informatics, TU Munich"]
    assert parsed.highlights["results"] == ["Cut cloud costs by 30%"]
    assert {"Python", "Go", "Kubernetes"} <= set(parsed.highlights["skills"])
    assert "Kubernetes Platform Engineer" not in parsed.text


def test_a_sidebar_table_under_a_full_width_header_keeps_each_roles_right_aligned_dates():
    header = "<h1>Kim Lee</h1><p>kim.lee@example.com · +49 30 1234567 · Berlin, Germany · github.com/kimlee</p>"
    role = "<div style='{row}'><b>{title}</b><span>{dates}</span></div><div>{employer}</div>".replace("{row}", ROW)
    rows = [("<b>Contact</b>", "<b>Experience</b>"),
            ("Berlin", role.format(title="Platform Engineer", dates="Jan 2019 – Present", employer="Acme Corp")),
            ("<b>Skills</b>", "- Cut cloud costs by 30%"),
            ("Python, Go", role.format(title="Software Engineer", dates="Jun 2015 – Dec 2018", employer="Beta Labs")),
            ("<b>Education</b>", "- Built the billing service"),
            ("B.Sc. Informatics, TU Munich", "")]
    parsed = parse_document(_table_resume(header, rows), "cv.pdf", "resume")
    assert read_positions(parsed.highlights["positions"]) == BOTH_ROLES
    assert parsed.highlights["name"] == "Kim Lee"
    assert parsed.highlights["education"] == ["B.Sc. Informatics, TU Munich"]


def test_the_column_reader_splits_at_the_gutter_between_a_full_width_header_and_footer():
    from interviews.parsing.columns import read_page

    def line(x0, top, x1, text):
        return (x0, top - 10, x1, top, text)

    header = [line(50, 800, 550, "Kim Lee, kim@example.com, Berlin")]
    left = [line(50, 760, 180, "Skills"), line(50, 740, 180, "Python, Go"), line(50, 720, 180, "Education")]
    right = [line(220, 760, 400, "Platform Engineer, Acme Corp"), line(480, 760, 550, "2019 – 2024"),
             line(220, 740, 500, "- Cut cloud costs by 30%"), line(220, 720, 400, "Software Engineer, Beta Labs")]
    footer = [line(50, 60, 550, "References on request, from every employer named above")]
    assert read_page(600, header + left + right + footer).split("\n") == [
        "Kim Lee, kim@example.com, Berlin", "Skills", "Python, Go", "Education",
        "Platform Engineer, Acme Corp  2019 – 2024", "- Cut cloud costs by 30%", "Software Engineer, Beta Labs",
        "References on request, from every employer named above"]
    # A line across the gutter between the columns: no columns there, the page is read row by row.
    across = [line(50, 730, 550, "A sentence that runs the whole width of the page")]
    assert read_page(600, left + right + across).split("\n")[0] == "Skills  Platform Engineer, Acme Corp  2019 – 2024"


W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
MC = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
V = 'xmlns:v="urn:schemas-microsoft-com:vml"'
WPS = 'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"'


def _text_box(lines: list[str]):
    """A Word text box (DrawingML, with the VML fallback copy Word writes beside it) holding whole paragraphs."""
    paragraphs = "".join(f"<w:p><w:r><w:t xml:space='preserve'>{escape(line)}</w:t></w:r></w:p>" for line in lines)
    box = f"<w:txbxContent>{paragraphs}</w:txbxContent>"
    return parse_xml(
        f"<w:r {W} {MC} {V} {WPS}><mc:AlternateContent>"
        f"<mc:Choice Requires='wps'><w:drawing><wps:wsp><wps:txbx>{box}</wps:txbx></wps:wsp></w:drawing></mc:Choice>"
        f"<mc:Fallback><w:pict><v:shape><v:textbox>{box}</v:textbox></v:shape></w:pict></mc:Fallback>"
        "</mc:AlternateContent></w:r>"
    )


def test_a_whole_experience_section_in_a_word_text_box_is_read_once():
    def build(document):
        document.add_paragraph("Dana Meyer")
        document.add_paragraph("dana.meyer@example.com")
        anchor = document.add_paragraph("")
        anchor._p.append(_text_box([
            "Experience",
            "Desktop Support Manager, Meyer Tech | Mar 2019 – Present",
            "- Led a team of 6 technicians supporting 1,200 users",
            "Desktop Support Technician, Errors & Omissions Ltd | 2015 – 2019",
        ]))
        document.add_paragraph("Education")
        document.add_paragraph("B.Sc. Information Systems, University of Leeds")

    parsed = parse_document(docx_bytes(build), "cv.docx", "resume")
    assert parsed.text.count("Desktop Support Manager, Meyer Tech") == 1
    assert read_positions(parsed.highlights["positions"]) == [
        {"title": "Desktop Support Manager", "employer": "Meyer Tech", "start": "Mar 2019", "end": "Present"},
        {"title": "Desktop Support Technician", "employer": "Errors & Omissions Ltd", "start": "2015", "end": "2019"},
    ]
    assert parsed.highlights["education"] == ["B.Sc. Information Systems, University of Leeds"]
    assert parsed.highlights["results"] == ["Led a team of 6 technicians supporting 1,200 users"]


def test_fake_bold_cjk_text_is_read_once_per_character():
    assert normalise_text("学学学位位位:硕硕硕士士士") == "学位:硕士"
    assert normalise_text("教教育育背背景景") == "教育背景"
    assert normalise_text("谢谢你") == "谢谢你"  # a real doubled character stays
    assert normalise_text("工作经历 2018.03-至今") == "工作经历 2018.03-至今"


def test_a_resume_with_fake_bold_cjk_headings_reads_its_sections():
    def build(document):
        document.add_paragraph("王小明")
        document.add_paragraph("工工工作作作经经经历历历")
        document.add_paragraph("后端工程师 – 阿里巴巴 2018.03-至今")
        document.add_paragraph("教教教育育育背背背景景景")
        document.add_paragraph("浙江大学 计算机科学 本科 2014.09-2018.06")

    parsed = parse_document(docx_bytes(build), "cv.docx", "resume")
    assert "工作经历" in parsed.text and "工工工" not in parsed.text
    assert read_positions(parsed.highlights["positions"]) == [
        {"title": "后端工程师", "employer": "阿里巴巴", "start": "2018.03", "end": "至今"}]
    assert parsed.highlights["education"] == ["浙江大学 计算机科学 本科 2014.09-2018.06"]
