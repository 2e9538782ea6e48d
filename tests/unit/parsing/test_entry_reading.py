"""How a resume's lines become positions and schools (issue 26): the title told from the employer by their
words in several trades and languages, by the order the document keeps for all its entries, and how sure each
reading is."""

from agent_worker.core.facts import extract_resume_facts


def read(text: str) -> list[tuple[str, str | None, float]]:
    return [(p.title, p.employer, p.confidence) for p in extract_resume_facts(text).positions]


def test_an_entry_whose_words_do_not_tell_title_from_employer_takes_the_order_of_the_documents_other_entries():
    title_first = read(
        "Work\nStaff Nurse\nSt Mary's Hospital\nJan 2020 – Present\n"
        "Healthcare Assistant\nLeeds Care Homes Ltd\nJan 2017 – Dec 2019\n"
        "Brand Ambassador\nRaya\nJan 2015 – Dec 2016\n"
    )
    assert [(t, e) for t, e, _ in title_first] == [
        ("Staff Nurse", "St Mary's Hospital"),
        ("Healthcare Assistant", "Leeds Care Homes Ltd"),
        ("Brand Ambassador", "Raya"),
    ]
    employer_first = read(
        "Berufserfahrung\nKlinikum Nord | 2020 – heute\nKrankenpfleger\n"
        "Müller Logistik GmbH | 2017 – 2019\nLagerist\n"
        "Raya | 2015 – 2016\nBrand Ambassador\n"
    )
    assert [(t, e) for t, e, _ in employer_first][1:] == [
        ("Lagerist", "Müller Logistik GmbH"),
        ("Brand Ambassador", "Raya"),
    ]
    # Told by its words and the order alike: sure; by the order alone: less sure, but spoken.
    assert title_first[0][2] >= 0.9 and 0.6 <= title_first[2][2] < 0.9


def test_with_no_order_to_learn_an_entry_whose_words_do_not_tell_is_asked_about():
    ((title, employer, confidence),) = read("Experience\nBrand Ambassador\nRaya\nJan 2015 – Dec 2016\n")
    assert {title, employer} == {"Brand Ambassador", "Raya"} and confidence < 0.6


def test_an_entry_read_against_the_documents_order_is_not_sure():
    positions = read(
        "Experience\nStaff Nurse | St Mary's Hospital | 2020 – 2023\nCare Assistant | Oak Lodge Care Home | 2018 – 2020\n"
        "Night Care Assistant | Oak Lodge Care Home | 2017 – 2018\nMeadow House Care Home | Senior Carer | 2016 – 2017\n"
    )
    assert positions[-1][:2] == ("Senior Carer", "Meadow House Care Home") and positions[-1][2] < 0.9
    assert all(confidence >= 0.9 for _, _, confidence in positions[:-1])


def test_job_heads_and_organisations_of_the_trades_and_languages():
    positions = read(
        "Werkervaring\nHeftruckchauffeur, Van Dijk Transport B.V., 2019 – 2022\n"
        "Key Holder, Cordier Stores, 2016 – 2019\nAuxiliar de enfermería, Hospital Universitario de Burgos, 2014 – 2016\n"
        "HGV Driver, Chung, Moss and Murphy, 2012 – 2014\nCommis Chef, Haack & Sons, 2010 – 2012\n"
    )
    assert [(t, e) for t, e, _ in positions] == [
        ("Heftruckchauffeur", "Van Dijk Transport B.V."),
        ("Key Holder", "Cordier Stores"),
        ("Auxiliar de enfermería", "Hospital Universitario de Burgos"),
        ("HGV Driver", "Chung, Moss and Murphy"),
        ("Commis Chef", "Haack & Sons"),
    ]


def test_a_themes_one_word_headings_and_an_open_range():
    facts = extract_resume_facts(
        "Martine Pinto\nContact\nEmail\nAbout\nElectrician with 7 years' experience.\nWork\n"
        "New Rachelside Cold Store | 2022-12-01 —\nWarehouse Manager\nHighlights\n"
        "Anderson Freight | 2018-05-01 — 2022-12-01\nShift Supervisor\n"
    )
    assert [(p.title, p.employer, p.start, p.end) for p in facts.positions] == [
        ("Warehouse Manager", "New Rachelside Cold Store", "2022-12-01", None),
        ("Shift Supervisor", "Anderson Freight", "2018-05-01", "2022-12-01"),
    ]


def test_a_school_is_the_name_beside_a_degree_in_any_language():
    facts = extract_resume_facts(
        "Ana Ruiz\nEducation | Kingsbridge Training Centre\nDiploma in Retail Management\nMar 2013 – Dec 2013\n"
        "Hogeschool van Alem | 2009 – 2012\nBachelor Bedrijfskunde\n"
        "IUT de Hebert-les-Bains\nFeb 2007 - Nov 2009\nBSc - Adult Nursing\n"
    )
    schools = ("Kingsbridge Training Centre", "Hogeschool van Alem", "IUT de Hebert-les-Bains")
    degrees = ("Diploma in Retail Management", "Bachelor Bedrijfskunde", "BSc - Adult Nursing")
    assert len(facts.education) == 3
    assert all(
        school in item and degree in item
        for item, school, degree in zip(facts.education, schools, degrees, strict=True)
    )


def test_a_first_duty_on_the_titles_row_is_no_employer_and_the_name_over_a_gap_is():
    facts = extract_resume_facts(
        "Abigail Rivera\nEmail arivera@example.com\nWork\nFarrell Freight\n\n"
        "Logistics Coordinator 2026-02-01 - Present Reorganised the pick faces so fast-\n"
        "Completed daily forklift pre-use checks and kept the safety log\n\n"
        "Hermanos Arnau S.Com.\n\nSenior Software Engineer 2024-04-01 - 2025-10-01 Ran on-call for the payments platform\n"
        "Mentored 4 junior developers\n\n"
        "van Straaten Home and Garden\n\nKey Holder 2022-01-01 - 2023-03-01 Beat the store's sales target by 40%\n"
    )
    assert [(p.title, p.employer) for p in facts.positions] == [
        ("Logistics Coordinator", "Farrell Freight"),
        ("Senior Software Engineer", "Hermanos Arnau S.Com."),
        ("Key Holder", "van Straaten Home and Garden"),
    ]


def test_the_candidates_own_name_or_a_contact_label_is_no_employer():
    facts = extract_resume_facts(
        "Email | a@example.com | Phone | 3314272081\nLogistics Coordinator 2026-02-01 - Present\n"
        "Team Leader 2013-05-01 - 2016-04-01\nAbigail Rivera\nLogistics Coordinator\n"
    )
    assert all(
        p.employer in (None,) and p.confidence < 0.6
        for p in facts.positions
        if p.title == "Logistics Coordinator"
    )
    assert all(p.employer != "Abigail Rivera" for p in facts.positions)
