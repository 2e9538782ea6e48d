"""A half-edited resume template: its placeholders are no facts, are never spoken, and are named to the candidate."""

import pytest

from agent_worker.core.facts import extract_resume_facts, summarise_for_interview
from agent_worker.core.facts.placeholders import is_placeholder

HALF_EDITED = """Your Name Here
Experience
Data Analyst, Northwind Traders | Mar 2021 - Present
- Built the weekly sales dashboard used by 40 store managers
Job Title 2, Company 2 | Month 20XX - Ongoing
- Lorem ipsum dolor sit amet, consectetur adipiscing elit
Education
B.Sc. in Your Discipline, University of Leeds (2017 - 2020)
M.Sc. in Your Discipline, Your University (2020 - 2021)
Skills
Python, SQL, XXX, YYY
Projects
Project 1
Route planner for food banks
"""


def test_a_half_edited_template_keeps_only_what_the_candidate_wrote():
    facts = extract_resume_facts(HALF_EDITED)
    assert facts.name is None
    assert [(p.title, p.employer, p.start, p.end) for p in facts.positions] == [
        ("Data Analyst", "Northwind Traders", "Mar 2021", "Present")]
    assert facts.education == ["B.Sc., University of Leeds (2017 - 2020)"]
    assert {"Python", "SQL"} <= set(facts.skills) and not {"XXX", "YYY"} & set(facts.skills)
    assert facts.projects == ["Route planner for food banks"]
    # Each line that still has template text in it, whole, so the candidate finds it in their document.
    assert facts.template_text[:4] == ["Your Name Here", "Job Title 2, Company 2",
                                       "B.Sc. in Your Discipline, University of Leeds (2017 - 2020)",
                                       "M.Sc. in Your Discipline, Your University (2020 - 2021)"]


def test_the_interviewer_is_never_told_a_placeholder():
    summary = summarise_for_interview(extract_resume_facts(HALF_EDITED), None)
    assert "Data Analyst at Northwind Traders" in summary
    for placeholder in ("Company 2", "Job Title", "Your University", "Your Discipline", "XXX", "Project 1", "Lorem"):
        assert placeholder not in summary


def test_a_chinese_templates_placeholders_go_and_its_labelled_title_joins_the_current_job():
    text = ("XXX\n个人信息\n- 所在公司:XX 职 位:研发工程师\n工作及教育经历\n- XX公司 2015.4~至今 XX部门\n"
            "- 字节跳动 2013.2~2015.3 后端开发\n- XX大学 2010.9~2013.1 研究生\n"
            "近期主要研发经历\n1. 具体功能\n2. 运用哪些技术\n")
    facts = extract_resume_facts(text)
    assert facts.name is None
    current = facts.positions[0]
    assert (current.title, current.employer, current.start, current.end) == ("研发工程师", None, "2015.4", "至今")
    assert "XX公司" in facts.template_text and not any("XX" in e for e in facts.education)
    assert facts.projects == []


@pytest.mark.parametrize("text", ["Job title", "Employer", "Company 1", "Job Title 2", "category 1 XXX", "YYY",
                                  "Degree, Institution, City, Grade.", "Your Name Here", "Funding agency/institution",
                                  "título del puesto", "Empleador", "XX公司", "Month 20XX", "Lorem ipsum dolor sit amet"])
def test_template_placeholders_are_recognised(text):
    assert is_placeholder(text)


@pytest.mark.parametrize("text", ["Project Manager", "C", "R", "Stanford University", "Company Secretary",
                                  "Project management", "Director of Engineering", "Name.com", "Your Bank Ltd",
                                  "Oxford University Press", "研发工程师", "字节跳动", "Senior Title Examiner"])
def test_real_facts_are_not_placeholders(text):
    assert not is_placeholder(text)
