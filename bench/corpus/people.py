"""Synthetic people as JSON Resume documents (basics, work, education, skills, projects, volunteer).

Every person comes from Faker in one of several locales, seeded by (layout, index), so `make bench` builds the
same corpus on every machine. No real person's data: names, streets, e-mail addresses and organisations are all
Faker's inventions, and the employers are made from its surnames, cities and company names.
"""

from __future__ import annotations

import datetime
import hashlib
import random
import re
from typing import Any

from faker import Faker

from bench.corpus.professions import PROFESSIONS, STATIONS, SUBJECTS, WARDS, Profession

LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "nl_NL")
# The corpus is dated from a fixed day, so it does not move as time passes.
TODAY = datetime.date(2026, 11, 1)

SCHOOLS = {
    "university": {
        "en_US": ("University of {state}", "{city} State University", "{last} College", "{state} Community College"),
        "en_GB": ("University of {city}", "{city} Metropolitan University", "{city} College", "The Open University"),
        "de_DE": ("Universität {city}", "Hochschule {city}", "Technische Hochschule {city}"),
        "fr_FR": ("Université de {city}", "IUT de {city}", "École Supérieure de {city}"),
        "es_ES": ("Universidad de {city}", "Universidad Politécnica de {city}"),
        "nl_NL": ("Universiteit {city}", "Hogeschool {city}", "Hogeschool van {city}"),
    },
    "college": {
        "en_US": ("{city} Community College", "{city} Technical College", "{state} Culinary Institute"),
        "en_GB": ("{city} College", "{city} College of Further Education", "{city} Technical College"),
        "de_DE": ("Berufsschule {city}", "Berufskolleg {city}"),
        "fr_FR": ("Lycée Professionnel {last}", "CFA de {city}"),
        "es_ES": ("Instituto de Formación Profesional {city}", "CIFP {city}"),
        "nl_NL": ("ROC {city}", "MBO College {city}"),
    },
}
SCHOOLS["school"] = SCHOOLS["college"]

VOLUNTEER = ("{city} Food Bank", "Red Cross {city}", "{city} Youth Football Club", "St {last}'s Church",
             "{city} Animal Shelter", "Parkrun {city}", "{city} Library Friends")
VOLUNTEER_ROLES = ("Volunteer", "Coach", "Treasurer", "Event Volunteer", "Driver", "Shift Coordinator")


def _rng(*parts: object) -> random.Random:
    seed = int(hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()[:16], 16)
    return random.Random(seed)


def _iso(date: datetime.date) -> str:
    return f"{date.year:04d}-{date.month:02d}-01"


def _months_before(date: datetime.date, months: int) -> datetime.date:
    total = date.year * 12 + date.month - 1 - months
    return datetime.date(total // 12, total % 12 + 1, 1)


class Person:
    """One synthetic candidate, built from a locale's Faker and a profession."""

    def __init__(self, seed: str, locale: str | None = None, profession: Profession | None = None):
        self.rng = _rng(seed)
        self.locale = locale or self.rng.choice(LOCALES)
        self.fake = Faker(self.locale)
        self.fake.seed_instance(int(hashlib.sha256(seed.encode()).hexdigest()[:12], 16))
        self.profession = profession or self.rng.choice(PROFESSIONS)
        self.city = self.fake.city()

    def fill(self, pattern: str) -> str:
        fake = self.fake
        state = getattr(fake, "state", None)
        values = {
            "city": self.rng.choice([self.city, fake.city()]),
            "last": fake.last_name(),
            "last2": fake.last_name(),
            # A company name with its legal form ('Müller GmbH') stands alone; before a word ('… Logistics') a
            # surname does ('Müller Logistics', not 'Müller GmbH Logistics').
            "company": fake.company() if pattern.strip().endswith("{company}") else fake.last_name(),
            "state": state() if state else fake.city(),
        }
        text = pattern.format(**values)
        return re.sub(r"\s+", " ", text).strip()

    def bullet(self, template: str) -> str:
        money_symbol = "$" if self.locale == "en_US" else "£" if self.locale == "en_GB" else "€"
        return template.format(
            n=self.rng.choice((12, 20, 35, 60, 80, 120, 150, 200, 250)),
            n2=self.rng.randint(2, 14), n3=self.rng.randint(15, 30), pct=self.rng.choice((10, 12, 15, 18, 20, 25, 30, 40)),
            money=f"{money_symbol}{self.rng.choice((40, 75, 120, 250, 400, 900))}k",
            ward=self.rng.choice(WARDS), station=self.rng.choice(STATIONS), subject=self.rng.choice(SUBJECTS),
        )


def _employer_patterns(person: Person) -> list[str]:
    """The profession's employer patterns, those naming another country's institutions left out."""
    foreign = {"en_US": ("Klinikum", "Hôpital", "Hospital Universitario", "Ziekenhuis", "Gymnasium", "Lycée", "Colegio"),
               "en_GB": ("Klinikum", "Hôpital", "Hospital Universitario", "Ziekenhuis", "Gymnasium", "Lycée", "Colegio")}
    local = {"de_DE": ("Klinikum", "Gymnasium"), "fr_FR": ("Hôpital", "Lycée"),
             "es_ES": ("Hospital Universitario", "Colegio"), "nl_NL": ("Ziekenhuis",)}
    others = [w for loc, words in local.items() if loc != person.locale for w in words]
    skip = foreign.get(person.locale, tuple(others))
    return [p for p in person.profession.employers if not p.startswith(skip)]


def make_resume(seed: str, locale: str | None = None) -> dict[str, Any]:
    """A JSON Resume document for one synthetic person (deterministic for a seed)."""
    person = Person(seed, locale)
    fake, rng, prof = person.fake, person.rng, person.profession
    first, last = fake.first_name(), fake.last_name()
    name = f"{first} {last}"
    email_name = re.sub(r"[^a-z]", "", (first[0] + last).lower().encode("ascii", "ignore").decode()) or "candidate"
    jobs = rng.randint(2, 5)
    # Walk back from today (or a recent end when the candidate is between jobs).
    end = None if rng.random() < 0.7 else _months_before(TODAY, rng.randint(1, 8))
    cursor = end or TODAY
    ladder_top = min(len(prof.ladder) - 1, jobs + rng.randint(0, 2))
    work = []
    patterns = _employer_patterns(person)
    used_employers: set[str] = set()
    for i in range(jobs):
        length = rng.randint(8, 60)
        start = _months_before(cursor, length)
        employer = person.fill(rng.choice(patterns))
        while employer in used_employers:
            employer = person.fill(rng.choice(patterns))
        used_employers.add(employer)
        title = prof.ladder[max(0, ladder_top - i - rng.randint(0, 1))]
        bullets = rng.sample(prof.bullets, k=rng.randint(2, min(4, len(prof.bullets))))
        entry: dict[str, Any] = {
            "name": employer,
            "position": title,
            "location": person.city if rng.random() < 0.5 else fake.city(),
            "startDate": _iso(start),
            "summary": "",
            "highlights": [person.bullet(b) for b in bullets],
        }
        if i > 0 or end is not None:
            entry["endDate"] = _iso(end if i == 0 and end else cursor)
        work.append(entry)
        gap = rng.choice((0, 0, 0, 1, 2, 3))
        cursor = _months_before(start, gap)
    education = []
    study_end = _months_before(cursor, rng.randint(0, 6))
    for _ in range(rng.choice((1, 1, 2))):
        study_type, area = rng.choice(prof.degrees)
        kind = prof.schooling if study_type not in ("BSc", "BA", "BEd", "MSc", "BEng", "PGCE") else "university"
        school = person.fill(rng.choice(SCHOOLS[kind][person.locale]))
        years = 1 if study_type in ("Certificate", "PGCE", "MSc") else rng.randint(2, 3)
        study_start = _months_before(study_end, years * 12 - 3)
        education.append({"institution": school, "area": area, "studyType": study_type,
                          "startDate": _iso(study_start), "endDate": _iso(study_end), "courses": []})
        study_end = _months_before(study_start, rng.randint(1, 14))
    skills = rng.sample(prof.skills, k=min(len(prof.skills), rng.randint(4, 8)))
    resume: dict[str, Any] = {
        "basics": {
            "name": name,
            "label": work[0]["position"] if rng.random() < 0.6 else prof.label,
            "email": f"{email_name}@example.{rng.choice(['com', 'org', 'net'])}",
            "phone": fake.phone_number(),
            "summary": f"{prof.label or work[0]['position']} with {max(1, (TODAY.year - int(cursor.year)))} years' "
                       f"experience. {person.bullet(rng.choice(prof.bullets))}.",
            "location": {"city": person.city, "countryCode": person.locale[-2:], "address": fake.street_address().replace("\n", ", "),
                         "postalCode": fake.postcode(), "region": ""},
            "profiles": [],
        },
        "work": work,
        "education": education,
        "skills": [{"name": "Skills", "level": "", "keywords": skills}],
        "projects": [],
        "volunteer": [],
        "languages": [], "interests": [], "awards": [], "publications": [], "references": [], "certificates": [],
        "meta": {"locale": person.locale, "profession": prof.key, "seed": seed},
    }
    if prof.projects and rng.random() < 0.5:
        resume["projects"].append({"name": rng.choice(prof.projects), "description": person.bullet(rng.choice(prof.bullets)),
                                   "highlights": [], "startDate": _iso(_months_before(TODAY, rng.randint(6, 30)))})
    if rng.random() < 0.4:
        start = _months_before(TODAY, rng.randint(12, 60))
        resume["volunteer"].append({"organization": person.fill(rng.choice(VOLUNTEER)), "position": rng.choice(VOLUNTEER_ROLES),
                                    "startDate": _iso(start), "summary": "", "highlights": []})
    return resume
