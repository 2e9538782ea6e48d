"""A document with far too much text is refused at once, before pypdf's slow extraction (textsize.py)."""

import random
import time

import pytest
from pypdf import PdfReader

from interviews.parsing.api import parse_document
from interviews.parsing.errors import DocumentError
from interviews.parsing.textsize import page_shown_chars, shown_chars

from .documents import RESUMES, html_pdf, merged_pdf

WORDS = "engineer team python data system design led built shipped customers reliability latency cloud".split()


@pytest.fixture(scope="module")
def hundred_thousand_words() -> bytes:
    rng = random.Random(7)
    page = html_pdf("<p>" + " ".join(rng.choice(WORDS) for _ in range(5000)) + "</p>", css="body{font-size:3pt}")
    return merged_pdf(*[page] * 20)  # 20 pages (the page limit) of 5,000 words each


def test_a_100000_word_pdf_is_refused_in_under_two_seconds(hundred_thousand_words):
    started = time.monotonic()
    with pytest.raises(DocumentError, match="too much text"):
        parse_document(hundred_thousand_words, "long.pdf", "resume")
    assert time.monotonic() - started < 2.0


def test_the_estimate_counts_literal_and_hex_strings_not_dictionaries():
    stream = b"BT (Hello) Tj [(Ab) -20 (c\\)d)] TJ <00480049> Tj /P << /MCID 0 >> BDC ET"
    assert shown_chars(stream) == 5 + 2 + 4 + 2


@pytest.mark.parametrize("name", [
    "resume_latex_awesomecv_3page.pdf", "resume_two_column_latex_altacv.pdf", "resume_word_generated_accountant.pdf"])
def test_real_resumes_are_estimated_near_their_length(name):
    reader = PdfReader(RESUMES / name)
    estimate = sum(page_shown_chars(page) for page in reader.pages)
    text = sum(len(page.extract_text() or "") for page in reader.pages)
    assert 0.5 * text < estimate < 2 * text < 20_000
