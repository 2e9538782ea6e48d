"""Words that pypdf runs together in LaTeX PDFs get their spaces back; other documents are left alone."""

import io

import pytest
from pypdf import PdfReader

from interviews.parsing import Limits, parse_document, spacing
from interviews.parsing.extract import _drop_page_counters, pdf_text

from .documents import RESUMES

RUN_TOGETHER = "resume_latex_awesomecv_3page.pdf"
ALREADY_SPACED = [
    "resume_word_generated_accountant.pdf",
    "resume_latex_moderncv_classic_4page.pdf",
    "resume_latex_moderncv_spanish.pdf",
    "resume_two_column_latex_altacv.pdf",
]


def fixture_bytes(name):
    return (RESUMES / name).read_bytes()


def pypdf_pages(data):
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def pypdf_text(data):
    """What pdf_text gives without re-spacing: pypdf's pages without their page counters."""
    return "\n\n".join(_drop_page_counters(pypdf_pages(data)))


@pytest.fixture(scope="module")
def awesome_cv():
    return parse_document(fixture_bytes(RUN_TOGETHER), RUN_TOGETHER, "resume")


def test_the_awesome_cv_resume_reads_with_spaces_between_words(awesome_cv):
    text = awesome_cv.text
    for phrase in (
        "DevOps Engineer · Software Architect",
        "Be the change that you want to see in the world.",
        "Dunamu Inc. | Seoul, S.Korea",  # the place right-aligned apart from the employer
        "Founding Member & Site Reliability Engineer & Infrastructure Team Lead",
        "POSTECH(Pohang University of Science and Technology)",
        "Saved over 30% of the overall AWS costs",
        "B.S. in Computer Science and Engineering",
    ):
        assert phrase in text
    for joined in ("DevOpsEngineer", "DunamuInc.", "FoundingMember&", "PohangUniversityof", "Seoul,S.Korea"):
        assert joined not in text
    assert spacing.run_together_share(text) < 0.02


def test_the_awesome_cv_resume_keeps_each_role_on_its_row(awesome_cv):
    text = awesome_cv.text
    assert "Danggeun Pay Inc. (KarrotPay) | Seoul, S.Korea\n" in text
    assert "Founding Member & Site Reliability Engineer & Infrastructure Team Lead Mar. 2021 - Jun. 2023" in text
    first = awesome_cv.highlights["positions"][0]
    assert first["title"] == "DevOps Engineer" and first["start"] == "Sep. 2023" and first["end"] == "Mar. 2024"


def test_the_awesome_cv_results_are_read_once_spaced(awesome_cv):
    results = awesome_cv.highlights["results"]
    assert any(r.startswith("Saved over 30% of the overall AWS costs") for r in results)
    assert "Over 90% of AWS resources were all managed through standardized terraform modules" in results


@pytest.mark.parametrize(
    "name,phrases",
    [
        ("resume_latex_moderncv_classic_4page.pdf",
         ["General description no longer than 1–2 lines.", "Did you notice the indentation when the line wraps?"]),
        ("resume_latex_moderncv_spanish.pdf",
         ["Descripción general, no más de 1 ó 2 líneas.", "Una breve descripción de la tesis"]),
        ("resume_two_column_latex_altacv.pdf",
         ["A short abstract would also work.", "Thesis title: Wonderful Research"]),
    ],
)
def test_the_other_latex_resumes_read_with_spaces_between_words(name, phrases):
    text = parse_document(fixture_bytes(name), name, "resume").text
    for phrase in phrases:
        assert phrase in text
    assert spacing.run_together_share(text) < 0.02


@pytest.mark.parametrize("name", ALREADY_SPACED)
def test_a_spaced_pdf_is_left_as_pypdf_reads_it_and_not_read_again(name, monkeypatch):
    def refuse(*args):
        raise AssertionError("pdfminer must not re-read a document whose words are spaced")

    monkeypatch.setattr(spacing, "reference_pages", refuse)
    data = fixture_bytes(name)
    pages, text = pdf_text(data, 20)
    assert text == pypdf_text(data)


def test_the_word_resume_reads_as_it_did():
    text = parse_document(fixture_bytes("resume_word_generated_accountant.pdf"), "resume.pdf", "resume").text
    assert text.startswith("Ebony Moore\nSeattle, WA | 206-555-0149 | emoore@email.com\nSummary\n\n")
    assert "Gilmore Financial, New Orleans, LA, Certified Public Accountant\nOct. 2021 – Current\n" in text
    assert spacing.run_together_share(text) == 0


def test_only_the_run_together_pages_are_read_again(monkeypatch):
    asked = []
    real = spacing.reference_pages

    def spy(data, wanted, budget):
        asked.append(set(wanted))
        return real(data, wanted, budget)

    monkeypatch.setattr(spacing, "reference_pages", spy)
    pdf_text(fixture_bytes(RUN_TOGETHER), 20)
    assert asked == [{0, 1, 2}]


def test_without_a_reference_the_pypdf_text_stands(monkeypatch):
    monkeypatch.setattr(spacing, "reference_pages", lambda data, wanted, budget: {})
    data = fixture_bytes(RUN_TOGETHER)
    assert pdf_text(data, 20)[1] == pypdf_text(data)


def test_a_child_near_its_cpu_limit_skips_the_second_reading_instead_of_failing():
    # 3 CPU seconds: the child's imports and pypdf's reading take about 1.1 s, so the fallback's budget (what is
    # left less RESERVE_CPU_SECONDS) is under its half-second minimum; the whole parse takes 1.4-1.8 s. (2 s left
    # no room: with both cores busy, CPU time stretches and the child was killed at its limit.)
    parsed = parse_document(fixture_bytes(RUN_TOGETHER), RUN_TOGETHER, "resume",
                            limits=Limits(cpu_seconds=3, wall_seconds=120))
    assert parsed.pages == 3
    assert "DevOpsEngineer" in parsed.text  # pypdf's text: no time was left for pdfminer


# The heuristic and the re-spacing on their own.

ENGLISH = (
    "Led the migration of forty services to Kubernetes and cut the deploy time by sixty percent, while "
    "mentoring two junior engineers and running the on-call rotation for the payments platform."
)


def test_ordinary_text_does_not_look_run_together():
    assert not spacing.looks_run_together(ENGLISH)
    german = "Softwareentwicklungsingenieur bei der Firma, zuständig für die Qualitätssicherung. " + ENGLISH
    assert not spacing.looks_run_together(german)
    assert not spacing.looks_run_together("See https://example.com/a-very-long-path-with-many-words " + ENGLISH)


def test_text_without_spaces_looks_run_together():
    assert spacing.looks_run_together(ENGLISH.replace(" the ", "the").replace(" and ", "and").replace(" of ", "of")
                                      .replace("two junior", "twojunior").replace("forty services", "fortyservices"))
    assert spacing.looks_run_together("Ledtheservicemeshresearchacrossenterpriseclusters. " * 5)


def test_text_in_a_script_without_spaces_is_not_run_together():
    chinese = "负责公司核心交易系统的架构设计与开发工作，带领五人团队完成微服务改造，将系统延迟降低百分之四十。" * 4
    assert not spacing.looks_run_together(chinese + " Python Kubernetes PostgreSQL Redis Kafka " * 3)


def test_a_short_text_is_never_judged():
    assert not spacing.looks_run_together("Supercalifragilisticexpialidocious")


def test_respace_copies_the_word_breaks_of_the_reference():
    ours = "DevOpsEngineer Sep. 2023-Mar. 2024\nDunamuInc. Seoul,S.Korea"
    reference = "Dunamu Inc.\n\nSeoul, S.Korea\n\nDevOps Engineer\nSep. 2023 - Mar. 2024"
    assert spacing.respace(ours, reference) == "DevOps Engineer Sep. 2023 - Mar. 2024\nDunamu Inc. Seoul, S.Korea"


def test_respace_ignores_a_match_that_straddles_other_words():
    # "nowhere" occurs in "know here" without its spaces, but not on the reference's word breaks.
    assert spacing.respace("nowhere to be found", "I know here is nowhere") == "nowhere to be found"
    assert spacing.respace("thenew plan", "the newest plan") == "thenew plan"


def test_respace_does_not_letter_space_a_heading():
    assert spacing.respace("SUMMARY of work", "S U M M A R Y of work") == "SUMMARY of work"


def test_respace_keeps_a_token_the_reference_does_not_have():
    assert spacing.respace("Unknownword here", "something else entirely") == "Unknownword here"


def test_an_unreadable_pdf_gives_no_reference():
    assert spacing.reference_pages(b"%PDF-1.7 not really a pdf %%EOF", {0}, 2.0) == {}
    assert spacing.reference_pages(fixture_bytes(RUN_TOGETHER), {0}, 0.0) == {}


def test_the_cpu_timer_stops_work_that_runs_too_long():
    with pytest.raises(spacing._OutOfTime), spacing._cpu_timer(0.05):
        while True:
            pass


# Page counters (a running footer that numbers the pages) are dropped; repeated lines are not.


def test_the_page_counters_of_a_latex_resume_are_dropped():
    awesome = pdf_text(fixture_bytes(RUN_TOGETHER), 20)[1]
    assert "Résumé 3" not in awesome and "February 10, 2026" not in awesome
    classic = pdf_text(fixture_bytes("resume_latex_moderncv_classic_4page.pdf"), 20)[1]
    assert not any(line in ("1/4", "2/4", "3/4", "4/4") for line in classic.split("\n"))
    assert "Dear Sir or Madam" in classic


def test_the_awesome_cv_education_ends_with_its_own_lines():
    education = parse_document(fixture_bytes(RUN_TOGETHER), RUN_TOGETHER, "resume").highlights["education"]
    assert education == [
        "B.S. in Computer Science and Engineering, POSTECH(Pohang University of Science and Technology) "
        "(Mar. 2010 - Aug. 2017)",  # without the city of "Pohang, S.Korea"
    ]  # the scholarship line under it is no school


def test_only_lines_whose_numbers_change_from_page_to_page_are_counters():
    pages = [
        "Jane Doe\nExperience\n- Built things\nJane Doe · jane@example.com\nPage 1 of 3",
        "Skills\n- Python 3\nJane Doe · jane@example.com\nPage 2 of 3",
        "Education\nB.Sc. Physics, 2014\nJane Doe · jane@example.com\nPage 3 of 3",
    ]
    kept = _drop_page_counters(pages)
    assert not any("Page" in page for page in kept)
    assert all("Jane Doe · jane@example.com" in page for page in kept)
    assert "- Python 3" in kept[1] and "B.Sc. Physics, 2014" in kept[2]


def test_a_single_page_keeps_its_page_number():
    assert _drop_page_counters(["Jane Doe\nPython\n1/1"]) == ["Jane Doe\nPython\n1/1"]
