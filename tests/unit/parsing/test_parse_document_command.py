"""`manage.py parse_document`: JSON only on stdout, or a clear message on stderr and exit status 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .documents import JOB_DESCRIPTIONS, RESUMES, encrypted_pdf, rezip

ROOT = Path(__file__).resolve().parents[3]


def run(*args):
    return subprocess.run(
        [sys.executable, "manage.py", "parse_document", *map(str, args)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )


def test_it_prints_a_resume_as_json_with_highlights():
    result = run(RESUMES / "resume_word_generated_accountant.pdf")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"kind", "pages", "chars", "text", "highlights"}
    assert data["kind"] == "resume" and data["pages"] == 2 and data["chars"] == len(data["text"])
    assert data["highlights"]["name"] == "Ebony Moore"


def test_it_prints_a_job_description_as_json_with_requirements():
    result = run(JOB_DESCRIPTIONS / "jd_registered_nurse.txt")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"kind", "pages", "chars", "text", "requirements"}
    assert "BLS" in data["requirements"]["skills"]


def test_it_reads_a_pdf_as_a_job_description_when_asked():
    data = json.loads(run(RESUMES / "resume_word_generated_accountant.pdf", "--as", "jd").stdout)
    assert data["kind"] == "jd" and "requirements" in data


def test_a_pdf_without_a_text_layer_exits_2_with_the_message_on_stderr():
    result = run(RESUMES / "resume_blank_page_no_text_layer.pdf")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == (
        "This PDF has no text layer (it may be a scan). Please upload a PDF exported from your editor, or a DOCX."
    )


def _bad_files(tmp):
    accountant_pdf = (RESUMES / "resume_word_generated_accountant.pdf").read_bytes()
    accountant_docx = (RESUMES / "resume_docx_word_accountant.docx").read_bytes()
    return {
        "empty.pdf": b"",
        "huge.pdf": accountant_pdf + b"\n" * (6 * 1024 * 1024),
        "program.pdf": b"MZ" + b"\x00" * 100,
        "text.pdf": b"just some text",
        "truncated.pdf": accountant_pdf[:5000],
        "locked.pdf": encrypted_pdf(accountant_pdf),
        "bomb.docx": rezip(accountant_docx, extra={"word/media/x.bin": b"\x00" * (60 * 1024 * 1024)}),
        "escape.docx": rezip(accountant_docx, extra={"../evil.xml": b"x"}),
        "resume.txt": b"A resume cannot be plain text",
    }


@pytest.mark.parametrize(
    "name", ["empty.pdf", "huge.pdf", "program.pdf", "text.pdf", "truncated.pdf", "locked.pdf", "bomb.docx",
             "escape.docx"],
)
def test_a_bad_file_exits_2_with_a_clear_message(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(_bad_files(tmp_path)[name])
    result = run(path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() and "Traceback" not in result.stderr


def test_a_txt_resume_exits_2(tmp_path):
    path = tmp_path / "resume.txt"
    path.write_bytes(b"A resume cannot be plain text")
    result = run(path, "--as", "resume")
    assert result.returncode == 2
    assert result.stderr.strip() == "A resume must be a PDF or DOCX file (this one has .txt)."


def test_a_missing_file_exits_2(tmp_path):
    result = run(tmp_path / "nope.pdf")
    assert result.returncode == 2 and "No such file" in result.stderr
