"""A posting's hard-wrapped lines (pasted from an email, a text file wrapped at 72-80 columns) are read whole."""

from interviews.parsing.api import parse_pasted_job_description
from interviews.parsing.normalise import join_wrapped_lines, normalise_text

WRAPPED = """Warehouse Team Leader
Northgate Logistics, Doncaster

About the role
We run a 24-hour distribution centre for a national grocery chain, shipping about
40,000 cases a night to 120 stores across the north of England.

Requirements
- At least 2 years leading a team of warehouse operatives in a busy distribution
  centre, ideally on nights
- Counterbalance or reach truck licence (we can train the right person)
- Comfortable with a warehouse management system and handheld scanners
"""


def test_a_requirement_wrapped_onto_a_second_line_is_one_requirement():
    must_haves = parse_pasted_job_description(WRAPPED).requirements["must_haves"]
    assert "At least 2 years leading a team of warehouse operatives in a busy distribution centre, ideally on " \
           "nights" in must_haves
    assert not any(m.startswith("centre") for m in must_haves)


def test_a_wrapped_paragraph_is_one_line_so_its_sentences_are_quoted_whole():
    text = parse_pasted_job_description(WRAPPED).text
    assert ("We run a 24-hour distribution centre for a national grocery chain, shipping about 40,000 cases a night "
            "to 120 stores across the north of England.") in text.splitlines()


def test_titles_headings_and_list_items_keep_their_own_lines():
    text = join_wrapped_lines(normalise_text(WRAPPED))
    lines = text.splitlines()
    assert lines[:2] == ["Warehouse Team Leader", "Northgate Logistics, Doncaster"]
    assert "Requirements" in lines
    assert "- Counterbalance or reach truck licence (we can train the right person)" in lines


def test_front_matter_fields_are_not_joined_into_one():
    text = 'title: Customer Service Advisor (Call Centre) at Brightwater\ncompany: Brightwater Energy\n' \
           'location = "Reading, Berkshire"\n'
    assert join_wrapped_lines(text) == text


def test_a_line_ending_a_sentence_is_not_joined_to_the_next():
    text = "You will check guests in and out, and answer their questions.\nmost shifts are early or late"
    assert join_wrapped_lines(text) == text


def test_a_degree_sign_is_a_unit_not_an_icon():
    assert normalise_text("Able to work in temperatures down to -10°F") == "Able to work in temperatures down to -10°F"
