"""A resume laid out as a table whose main column is narrow (a Word template, saved as PDF): the column wraps an
entry's line inside its dates or after its separators, and each wrapped piece must not become a fact."""

import pytest

from interviews.parsing import parse_document
from interviews.parsing.normalise import join_split_dates, join_wrapped_lines

from .documents import html_pdf

ENTRIES = [
    ("Shift Lead (Picking)", "Brightfield Distribution Ltd, Rotherham | Jan 2023 – Present",
     "Lead a night pick team of 8 across ambient and chilled"),
    ("Warehouse Operative", "Brightfield Distribution Ltd, Rotherham | Mar 2020 – Dec 2022",
     "Picked and loaded for 60 stores a night"),
    ("Delivery Driver's Mate", "Pennine Furniture Direct, Sheffield | Jun 2018 – Feb 2020",
     "Two-person deliveries of up to 30 drops a day"),
]
SCHOOL = "BTEC Level 2 Warehousing and Storage — Sheffield College, 2018"


@pytest.fixture(scope="module")
def narrow_column_resume():
    main = "<h3>WORK HISTORY</h3>" + "".join(
        f"<p><b>{title}</b></p><p>{where}</p><p>• {bullet}</p>" for title, where, bullet in ENTRIES)
    main += f"<h3>EDUCATION</h3><p>{SCHOOL}</p>"
    side = "<p><b>KWAME ASANTE</b></p><p>Sheffield</p><p>kwame.asante@example.net</p><h3>SKILLS</h3><p>Reach truck</p>"
    css = ("@page{size:A4;margin:20mm} td{vertical-align:top} .side{width:45mm} .main{width:62mm} "
           "p{margin:0 0 2mm} body{font:10pt sans-serif}")
    pdf = html_pdf(f"<table><tr><td class=side>{side}</td><td class=main>{main}</td></tr></table>", css)
    return parse_document(pdf, "kwame.pdf", "resume")


def test_an_employer_wrapped_after_its_comma_is_read_whole_with_its_dates(narrow_column_resume):
    positions = narrow_column_resume.highlights["positions"]
    assert [(p["employer"], p["start"], p["end"]) for p in positions[:2]] == [
        ("Brightfield Distribution Ltd", "Jan 2023", "Present"),
        ("Brightfield Distribution Ltd", "Mar 2020", "Dec 2022"),
    ]
    # The third line's dates are whole too. Its "Pennine Furniture Direct, Sheffield" is read as title and employer
    # (a one-word town after a comma reads like "Brand Ambassador, Raya"): open in issue 26.
    assert (positions[2]["start"], positions[2]["end"]) == ("Jun 2018", "Feb 2020")


def test_a_bullet_and_a_school_wrapped_by_the_column_are_one_line_each(narrow_column_resume):
    assert narrow_column_resume.highlights["education"] == [SCHOOL]
    assert "- Lead a night pick team of 8 across ambient and chilled" in narrow_column_resume.text.splitlines()


def test_a_date_range_cut_by_a_wrap_is_put_back_together():
    assert join_split_dates("Brightfield Distribution Ltd, Rotherham | Jan\n2023 – Present") == (
        "Brightfield Distribution Ltd, Rotherham | Jan 2023 – Present")
    assert join_split_dates("Pennine Furniture Direct | Jun 2018\n– Feb 2020") == "Pennine Furniture Direct | Jun 2018 – Feb 2020"
    assert join_split_dates("Brightfield Distribution Ltd, Rotherham |\nMar 2020 – Dec 2022") == (
        "Brightfield Distribution Ltd, Rotherham | Mar 2020 – Dec 2022")


def test_years_stacked_in_a_dates_column_stay_apart():
    assert join_split_dates("2019\n2020\nSkills") == "2019\n2020\nSkills"
    assert join_wrapped_lines("Warehouse Operative\nBrightfield Distribution Ltd") == (
        "Warehouse Operative\nBrightfield Distribution Ltd")


def test_a_company_whose_name_starts_in_lower_case_is_not_the_end_of_the_line_before():
    text = "- Managed the diaries of 4 directors and booked travel\nvan Tours & Sprong"
    assert join_wrapped_lines(text) == text
