"""The PDF: the page's template in print mode, every section, page numbers, nothing fetched from outside."""

import io
import os
import re
import subprocess

import pytest
from django.contrib.staticfiles import finders
from django.utils import timezone
from pypdf import PdfReader

from feedback.models import Report
from feedback.pdf import (
    StaticFilesOnlyFetcher,
    print_stylesheet,
    render_html_to_pdf,
    render_report_html,
    render_report_pdf,
    static_file_for,
)
from interviews.signals import interview_completed
from tests.integration.feedback.helpers import GOOD_TURNS, completed_interview

pytestmark = pytest.mark.django_db

SECTIONS = [
    "Interview feedback",
    "Overview",
    "Competency scores",
    "Strengths",
    "What to improve",
    "Your answers, question by question",
    "An improved version, from your own words",
    "What to practise next",
    "How the interview went",
    "the whole transcript, with the interviewer's lines, is on the report page",
]


@pytest.fixture
def ready_report(alice, role, immediate_tasks, rules_only):
    interview = completed_interview(alice, role=role)
    interview_completed.send(sender=type(interview), interview=interview)
    return Report.objects.select_related("interview__role", "interview__owner").get(interview=interview)


def _text(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_the_pdf_holds_every_section_of_the_report(ready_report):
    with ready_report.pdf.open("rb") as handle:
        pdf = handle.read()

    text = " ".join(_text(pdf).split())

    for section in SECTIONS:
        assert section.lower() in text.lower(), f"missing section: {section}"
    assert "Backend Engineer" in text
    assert "checkout errors dropped by 80%" in text, "the candidate's answer, in full"
    assert "Written feedback by MockFlow's rules" in text, "the narrative's source is labelled"


@pytest.fixture
def typed_report(alice, role, immediate_tasks, rules_only):
    interview = completed_interview(alice, role=role, typed=True)
    interview_completed.send(sender=type(interview), interview=interview)
    return Report.objects.select_related("interview__role", "interview__owner").get(interview=interview)


def test_a_short_voice_interview_prints_on_two_or_three_pages(ready_report):
    reader = PdfReader(io.BytesIO(render_report_pdf(ready_report)))
    assert 2 <= len(reader.pages) <= 3


def test_a_short_typed_interview_prints_on_two_or_three_pages_without_speech_tiles(typed_report):
    pdf = render_report_pdf(typed_report)
    reader = PdfReader(io.BytesIO(pdf))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert 2 <= len(reader.pages) <= 3
    assert "n/a" not in text and "Speaking time" not in text and "Pace" not in text
    assert "[" not in text.split("An improved version, from your own words")[1].split("What to practise next")[0]


def page_fill(pdf: bytes) -> list[float]:
    """How far down each page's body (inside the header and footer margins) the text reaches, 0..1."""
    layout = subprocess.run(["pdftotext", "-bbox", "-", "-"], input=pdf, capture_output=True, check=True,
                            timeout=60).stdout.decode()
    fills = []
    for page in layout.split("<page ")[1:]:
        height = float(re.search(r'height="([\d.]+)"', page).group(1))
        top, bottom = 20 / 25.4 * 72, height - 18 / 25.4 * 72  # the @page margins
        lowest = max(float(y) for y in re.findall(r'yMax="([\d.]+)"', page) if float(y) < bottom)
        fills.append((lowest - top) / (bottom - top))
    return fills


@pytest.mark.parametrize("kind", ["typed", "voice"])
def test_a_short_interview_leaves_no_page_but_the_last_part_empty(kind, request):
    # Measured: typed 0.99, 0.89, 0.58 of each page's body; voice 0.98, 0.94, 0.76 (a card's example
    # answer kept whole left 0.87 and a hole in the card; the practise list kept whole, 0.88 of page one).
    report = request.getfixturevalue("typed_report" if kind == "typed" else "ready_report")
    fills = page_fill(render_report_pdf(report))

    assert 2 <= len(fills) <= 3
    assert all(fill > 0.8 for fill in fills[:-1]), f"a page ends early: {[round(f, 2) for f in fills]}"


LONGER_TURNS = [
    *GOOD_TURNS[:-1],
    {"say": "Another time, our deploys took forty minutes and failed a third of the time. I owned the pipeline "
            "rewrite: I split the test suite into shards, cached the Docker layers and added a canary step. "
            "Deploys went from forty minutes to nine, and failed deploys halved over the next quarter."},
    {"say": "We had a disagreement with the data team about event schemas. I set up a weekly review, wrote the "
            "schema registry proposal and got both leads to sign off. After that, breaking changes dropped "
            "from about five a month to none in six months."},
    {"say": "I learned to write the rollback plan first. Now every migration I lead has one, and we used it twice."},
    {"say": "How does the team decide what goes on the roadmap?"},
]


def test_a_longer_interview_fills_its_pages_too(alice, role, immediate_tasks, rules_only):
    interview = completed_interview(alice, role=role, typed=True, turns=LONGER_TURNS)
    interview_completed.send(sender=type(interview), interview=interview)

    fills = page_fill(render_report_pdf(Report.objects.get(interview=interview)))

    assert len(fills) <= 5
    assert all(fill > 0.8 for fill in fills[:-1]), f"a page ends early: {[round(f, 2) for f in fills]}"


def test_every_page_is_numbered(ready_report):
    pdf = render_report_pdf(ready_report)
    reader = PdfReader(io.BytesIO(pdf))
    total = len(reader.pages)

    assert total >= 2
    for number, page in enumerate(reader.pages, 1):
        assert f"Page {number} of {total}" in page.extract_text()


def test_the_pdf_is_styled_by_the_print_stylesheet_alone_and_fetches_nothing(ready_report):
    fetcher = StaticFilesOnlyFetcher()

    html = render_report_html(ready_report)
    pdf = render_report_pdf(ready_report, fetcher=fetcher)

    assert "<link" not in html and "app.css" not in html and "report.css" not in html
    assert fetcher.served == [] and fetcher.refused == [], "no stylesheet, logo or image is fetched"
    assert "Page 1 of" in _text(pdf), "the print stylesheet's page footer"


def test_the_print_stylesheet_is_parsed_once_and_again_when_it_changes(tmp_path, settings):
    (tmp_path / "css").mkdir()
    sheet = tmp_path / "css" / "report_print.css"
    sheet.write_text("@page { size: A5; }")
    settings.STATICFILES_DIRS = [tmp_path]
    finders.get_finder.cache_clear()
    try:
        first = print_stylesheet()
        assert print_stylesheet() is first

        sheet.write_text("@page { size: A4; }")
        os.utime(sheet, ns=(sheet.stat().st_atime_ns, sheet.stat().st_mtime_ns + 1_000_000))

        assert print_stylesheet() is not first
    finally:
        finders.get_finder.cache_clear()


def test_every_page_after_the_first_is_headed_with_the_candidate_role_and_date(ready_report):
    reader = PdfReader(io.BytesIO(render_report_pdf(ready_report)))
    created = timezone.localtime(ready_report.interview.created_at)
    date = f"{created.day} {created:%B %Y}"
    pages = [" ".join(page.extract_text().split()) for page in reader.pages]

    assert f"Prepared for Alice Example · {date}" in pages[0], "page one names them in its brand bar"
    for number, text in enumerate(pages[1:], 2):
        assert "Alice Example · Backend Engineer · Mid-level" in text, f"page {number}"
        assert f"Interview feedback · {date}" in text, f"page {number}"


def test_no_question_is_parted_from_its_answer(ready_report):
    reader = PdfReader(io.BytesIO(render_report_pdf(ready_report)))
    pages = [" ".join(page.extract_text().split()) for page in reader.pages]
    numbers = []

    for number, text in enumerate(pages, 1):
        cards = re.findall(r"Question (\d+):", text)
        # The meta line under each question ("… · 34 words") and its answer's measures come with it.
        metas = re.findall(r"\d+ words?\b", text)
        measures = re.findall(r"Speaking time \d", text)
        assert len(cards) == len(metas) == len(measures), f"page {number}: a question is parted from its answer"
        numbers += [int(n) for n in cards]
    assert len(numbers) >= 3 and numbers == list(range(1, len(numbers) + 1)), "every card, once, in order"


def test_page_one_renders_to_a_png(ready_report, tmp_path):
    pdf_path = tmp_path / "report.pdf"
    pdf_path.write_bytes(render_report_pdf(ready_report))

    subprocess.run(
        ["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", "-singlefile", str(pdf_path), str(tmp_path / "page1")],
        check=True,
        timeout=60,
    )

    png = (tmp_path / "page1.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) > 10_000, "a rendered page, not a blank one"


def test_the_pdf_view_serves_the_stored_file_to_its_owner(ready_report, client):
    client.force_login(ready_report.interview.owner)

    response = client.get(f"/feedback/{ready_report.interview.pk}.pdf")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content).startswith(b"%PDF-")


def test_the_pdf_view_draws_the_pdf_when_the_stored_one_is_missing(ready_report, client):
    ready_report.pdf.delete(save=True)
    client.force_login(ready_report.interview.owner)

    response = client.get(f"/feedback/{ready_report.interview.pk}.pdf")

    assert response.status_code == 200
    assert response.content.startswith(b"%PDF-")


def test_the_fetcher_serves_our_static_files_and_refuses_everything_else():
    fetcher = StaticFilesOnlyFetcher()
    html = (
        '<link rel="stylesheet" href="/static/css/report.css">'
        '<img src="http://169.254.169.254/latest/meta-data/">'
        '<img src="https://example.com/tracker.png">'
        '<img src="file:///etc/passwd">'
        '<img src="/static/../../settings.py">'
        "<p>Hello</p>"
    )

    pdf = render_html_to_pdf(html, fetcher=fetcher)

    assert pdf.startswith(b"%PDF-")
    assert fetcher.served == ["https://report.mockflow.invalid/static/css/report.css"]
    assert len(fetcher.refused) == 4
    assert static_file_for("https://report.mockflow.invalid/static/%2e%2e/%2e%2e/manage.py") is None
    assert static_file_for("https://evil.example/static/css/report.css") is None


def test_a_transcript_cannot_smuggle_markup_into_the_pdf(alice, role, immediate_tasks, rules_only):
    turns = [
        {"say": "Yes."},
        {"say": '<img src="https://evil.example/x.png"> I built a <b>cache</b> layer and it cut latency by 40%.'},
    ]
    interview = completed_interview(alice, role=role, turns=turns)
    interview_completed.send(sender=type(interview), interview=interview)
    report = Report.objects.get()
    fetcher = StaticFilesOnlyFetcher()

    text = _text(render_report_pdf(report, fetcher=fetcher))

    assert fetcher.refused == []
    assert '<img src="https://evil.example/x.png">' in " ".join(text.split())


def test_the_page_of_a_typed_interview_shows_no_speech_tiles_and_folds_the_transcript(typed_report, alice, client):
    client.force_login(alice)
    page = client.get(f"/feedback/{typed_report.interview.pk}/").content.decode()
    assert "n/a" not in page and "Talk ratio" not in page and "Speaking time" not in page
    assert '<details class="fold transcript" id="transcript"><summary><h2 id="transcript-h"' in page
    assert page.count('class="evidence-good"') >= 1 and "<q>" in page  # evidence with the candidate's words
