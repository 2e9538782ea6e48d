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
