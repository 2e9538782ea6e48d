"""`manage.py parse_document`: JSON only on stdout, or a clear message on stderr and exit status 2.

Two tests run the real command line (a fresh interpreter, its exit status); the others call the same
command in this process, which saves a Django start-up (seconds on a loaded machine) each.
"""

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from .documents import JOB_DESCRIPTIONS, RESUMES, encrypted_pdf, rezip

ROOT = Path(__file__).resolve().parents[3]


def command_line(*args):
    return subprocess.run(
        [sys.executable, "manage.py", "parse_document", *map(str, args)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )


@pytest.fixture
def run(capsys):
    """The command in this process: its exit status, stdout and stderr, as `command_line` gives them."""

    def call(*args):
        returncode = 0
        try:
            call_command("parse_document", *map(str, args))
        except SystemExit as exit:
            returncode = exit.code
        out, err = capsys.readouterr()
        return SimpleNamespace(returncode=returncode, stdout=out, stderr=err)

    return call


def test_the_command_line_prints_a_resume_as_json_with_highlights():
    result = command_line(RESUMES / "resume_word_generated_accountant.pdf")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"kind", "pages", "chars", "text", "highlights"}
    assert data["kind"] == "resume" and data["pages"] == 2 and data["chars"] == len(data["text"])
    assert data["highlights"]["name"] == "Ebony Moore"


def test_it_prints_a_job_description_as_json_with_requirements(run):
    result = run(JOB_DESCRIPTIONS / "jd_registered_nurse.txt")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"kind", "pages", "chars", "text", "requirements"}
    assert "BLS" in data["requirements"]["skills"]


def test_it_reads_a_pdf_as_a_job_description_when_asked(run):
    data = json.loads(run(RESUMES / "resume_word_generated_accountant.pdf", "--as", "jd").stdout)
    assert data["kind"] == "jd" and "requirements" in data


def test_the_command_line_exits_2_with_the_message_on_stderr_for_a_pdf_without_a_text_layer():
    result = command_line(RESUMES / "resume_blank_page_no_text_layer.pdf")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == (
        "This PDF has no text layer (it may be a scan). Please upload a PDF exported from your editor, or a DOCX."
    )


def _pdf() -> bytes:
    return (RESUMES / "resume_word_generated_accountant.pdf").read_bytes()


def _docx() -> bytes:
    return (RESUMES / "resume_docx_word_accountant.docx").read_bytes()


# Each bad file made only for its own test (the zip bomb alone is 60 MB to write).
BAD_FILES = {
    "empty.pdf": lambda: b"",
    "huge.pdf": lambda: _pdf() + b"\n" * (6 * 1024 * 1024),
    "program.pdf": lambda: b"MZ" + b"\x00" * 100,
    "text.pdf": lambda: b"just some text",
    "truncated.pdf": lambda: _pdf()[:5000],
    "locked.pdf": lambda: encrypted_pdf(_pdf()),
    "bomb.docx": lambda: rezip(_docx(), extra={"word/media/x.bin": b"\x00" * (60 * 1024 * 1024)}),
    "escape.docx": lambda: rezip(_docx(), extra={"../evil.xml": b"x"}),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_bad_file_exits_2_with_a_clear_message(tmp_path, run, name):
    path = tmp_path / name
    path.write_bytes(BAD_FILES[name]())
    result = run(path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() and "Traceback" not in result.stderr


def test_a_txt_resume_exits_2(tmp_path, run):
    path = tmp_path / "resume.txt"
    path.write_bytes(b"A resume cannot be plain text")
    result = run(path, "--as", "resume")
    assert result.returncode == 2
    assert result.stderr.strip() == "A resume must be a PDF or DOCX file (this one has .txt)."


def test_a_missing_file_exits_2(tmp_path, run):
    result = run(tmp_path / "nope.pdf")
    assert result.returncode == 2 and "No such file" in result.stderr
