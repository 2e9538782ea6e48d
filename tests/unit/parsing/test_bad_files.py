"""Hostile and broken files: each is refused with a clear message before or while parsing."""

import io
import zipfile

import pytest

from interviews.parsing import DocumentError, Limits, parse_document

from .documents import RESUMES, blank_pdf, encrypted_pdf, flate_bomb_pdf, html_pdf, rezip, text_docx

ACCOUNTANT_PDF = (RESUMES / "resume_word_generated_accountant.pdf").read_bytes()
ACCOUNTANT_DOCX = (RESUMES / "resume_docx_word_accountant.docx").read_bytes()


def refused(data, filename, kind="resume", **limits):
    with pytest.raises(DocumentError) as caught:
        parse_document(data, filename, kind, limits=Limits(**limits) if limits else Limits())
    return caught.value.message


def test_it_refuses_an_empty_file():
    assert refused(b"", "cv.pdf") == "The resume file is empty. Please choose the file again."


def test_it_refuses_a_file_over_the_size_limit():
    message = refused(ACCOUNTANT_PDF + b"\n" * (5 * 1024 * 1024), "cv.pdf")
    assert "too large" in message and "the limit is 5 MB" in message


def test_the_size_limit_is_configurable():
    assert "the limit is 0.1 MB" in refused(ACCOUNTANT_PDF, "cv.pdf", max_bytes=104857)


def test_it_refuses_an_extension_it_does_not_accept():
    assert refused(b"hello world, this is text", "cv.txt") == "A resume must be a PDF or DOCX file (this one has .txt)."
    assert refused(b"<html></html>", "jd.html", kind="jd") == (
        "A job description must be a PDF, DOCX, TXT or MD file (this one has .html).")


POSTING_MD = (
    b"---\ntitle: Registered Veterinary Nurse\ncompany: Hillcrest Animal Hospital\nlocation: Leeds\n---\n\n"
    b"# Registered Veterinary Nurse\n\n## What we're looking for\n- Registered with the RCVS\n"
    b"- At least 2 years' experience in small animal practice\n- Confident monitoring general anaesthesia\n"
)


@pytest.mark.parametrize("filename", ["posting.md", "Posting.MARKDOWN"])
def test_a_job_description_saved_as_markdown_is_read_like_a_text_file(filename):
    parsed = parse_document(POSTING_MD, filename, "jd")
    assert parsed.requirements["title"] == "Registered Veterinary Nurse"
    assert parsed.requirements["company"] == "Hillcrest Animal Hospital"
    assert "Confident monitoring general anaesthesia" in parsed.requirements["must_haves"]
    assert "This .md file is not UTF-8 text" in refused(b"caf\xe9 au lait " * 10, "posting.md", kind="jd")


def test_it_refuses_a_program_renamed_pdf():
    message = refused(b"MZ\x90\x00\x03" + b"\x00" * 200, "resume.pdf")
    assert message.startswith("This file is a program, not a document.")


def test_it_refuses_text_named_pdf():
    assert refused(b"Jane Doe\nEngineer\n", "resume.pdf") == (
        "This file is named .pdf but is not a PDF (it looks like plain text)."
    )


def test_it_refuses_wrong_magic_bytes():
    assert "is not a PDF (it looks like an image)" in refused(b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "cv.pdf")
    assert refused(ACCOUNTANT_PDF, "cv.docx") == "This file is named .docx but is not a Word document."
    assert "is not a PDF (it looks like a zip" in refused(ACCOUNTANT_DOCX, "cv.pdf")


def test_it_refuses_an_old_word_doc():
    assert "Old Word .doc files" in refused(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "cv.docx")


def test_it_refuses_a_truncated_pdf():
    message = refused(ACCOUNTANT_PDF[: len(ACCOUNTANT_PDF) // 2], "cv.pdf")
    assert message.startswith("This PDF is incomplete or damaged")


def test_it_refuses_a_corrupt_pdf_with_a_clear_message():
    corrupt = b"%PDF-1.7\n" + b"garbage " * 200 + b"\n%%EOF\n"
    assert refused(corrupt, "cv.pdf") == "This PDF is damaged and could not be read. Please export it again and re-upload."


def test_it_refuses_an_encrypted_pdf():
    message = refused(encrypted_pdf(ACCOUNTANT_PDF), "cv.pdf")
    assert message == "This PDF is password-protected. Please remove the password and re-upload."


def test_it_refuses_a_pdf_over_the_page_limit():
    assert refused(blank_pdf(21), "cv.pdf") == (
        "This PDF has 21 pages; the limit is 20. Please upload a shorter document."
    )


def test_the_page_limit_is_configurable():
    two_pages = html_pdf("<p>Jane Doe, Engineer</p><p style='page-break-before:always'>Python developer</p>")
    assert "the limit is 1" in refused(two_pages, "cv.pdf", max_pages=1)


def test_it_refuses_a_docx_zip_bomb():
    bomb = rezip(ACCOUNTANT_DOCX, extra={"word/media/bomb.bin": b"\x00" * (60 * 1024 * 1024)})
    assert len(bomb) < 5 * 1024 * 1024
    assert "zip bomb" in refused(bomb, "cv.docx")


def test_it_refuses_a_docx_that_expands_past_the_total_limit():
    big = rezip(ACCOUNTANT_DOCX, extra={f"word/media/{i}.bin": b"\x00" * (900 * 1024) for i in range(60)})
    assert "expands to" in refused(big, "cv.docx", max_compression_ratio=10_000)


def test_it_refuses_a_docx_with_ten_thousand_entries():
    crowded = rezip(ACCOUNTANT_DOCX, extra={f"customXml/item{i}.txt": b"" for i in range(10_000)},
                    compression=zipfile.ZIP_STORED)
    assert refused(crowded, "cv.docx").startswith("This Word document has too many parts (100")


@pytest.mark.parametrize("name", ["../../etc/evil.xml", "word/../../evil.xml", "/etc/passwd", "C:\\evil.xml"])
def test_it_refuses_a_docx_with_unsafe_paths(name):
    assert refused(rezip(ACCOUNTANT_DOCX, extra={name: b"x"}), "cv.docx") == (
        "This Word document contains unsafe file paths and was refused."
    )


def test_it_refuses_a_docx_with_a_doctype_and_an_external_entity():
    with zipfile.ZipFile(io.BytesIO(ACCOUNTANT_DOCX)) as archive:
        document = archive.read("word/document.xml")
    evil = document.replace(
        b"?>", b'?>\n<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', 1
    )
    message = refused(rezip(ACCOUNTANT_DOCX, replace={"word/document.xml": evil}), "cv.docx")
    assert message == "This Word document contains a DOCTYPE or entity declarations and was refused."


def test_it_finds_a_doctype_hidden_in_utf16():
    evil = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE x [<!ENTITY a "b">]><x/>'.encode("utf-16")
    assert "DOCTYPE" in refused(rezip(ACCOUNTANT_DOCX, extra={"word/evil.xml": evil}), "cv.docx")


def test_it_refuses_a_zip_that_is_not_a_word_document():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("hello.txt", "hi")
    assert "no word/document.xml" in refused(out.getvalue(), "cv.docx")


def test_it_refuses_a_damaged_zip():
    assert "damaged" in refused(ACCOUNTANT_DOCX[:3000], "cv.docx")


def test_it_refuses_a_docx_without_text():
    assert "no readable text" in refused(text_docx(""), "cv.docx")


def test_it_refuses_a_txt_that_is_not_utf8():
    assert "not UTF-8" in refused("Café résumé olé".encode("latin-1") * 3, "jd.txt", kind="jd")


def test_a_pdf_decompression_bomb_is_refused():
    message = refused(flate_bomb_pdf(400 * 1024 * 1024), "cv.pdf")
    assert "decompression bomb" in message


def test_a_parse_that_balloons_past_the_memory_limit_is_killed_and_reported_clearly():
    # 60 MB of page content is legal for pypdf's own guard; 100 MB of address space is not enough to read it.
    message = refused(flate_bomb_pdf(60 * 1024 * 1024), "cv.pdf", memory_bytes=150 * 1024 * 1024)
    assert message.startswith("This document took too long or too much memory to read")


def test_a_parse_that_runs_too_long_is_killed_and_reported_clearly():
    message = refused(ACCOUNTANT_PDF, "cv.pdf", wall_seconds=0.05)
    assert message.startswith("This document took too long or too much memory to read")
