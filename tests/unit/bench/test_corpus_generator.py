"""The generated resume corpus (bench/corpus/): people are reproducible and span professions and locales, and a
rendered document's text holds its truth (name, employers, titles, schools).

The documents of tests/fixtures/generated/ are each layout family's first document, copied from the corpus by
`python -m bench.corpus.build --samples tests/fixtures/generated`; the held-out folder is there for these tests
only (see bench/corpus/README.md: not opened while writing reader rules). The Word layouts are also built here
from scratch with python-docx.
"""

from __future__ import annotations

import html
import io
import json
import re
import unicodedata
import zipfile
from pathlib import Path

import pytest
from pdfminer.high_level import extract_text

from bench.corpus.layouts import FAMILIES, HELD_OUT, TUNING
from bench.corpus.people import LOCALES, make_resume
from bench.corpus.professions import PROFESSIONS
from bench.corpus.render_docx import BUILDERS

GENERATED = Path(__file__).resolve().parents[2] / "fixtures" / "generated"


def flat(text: str) -> str:
    """Text compared loosely: NFKC, curly quotes straight, case and whitespace folded."""
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", " ", text).strip().lower()


def docx_text(data: bytes) -> str:
    """Every w:t of the body, text boxes, headers and footers (text boxes once, whatever the reader does)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        parts = [n for n in archive.namelist() if re.fullmatch(r"word/(document|header\d*|footer\d*)\.xml", n)]
        xml = "".join(archive.read(n).decode("utf-8") for n in parts)
    # A paragraph's end is a line's end (a text box's paragraphs sit inside the paragraph that anchors it).
    lines = re.sub(r"</w:p>", "\n", re.sub(r"<w:tab/>", "\t", xml))
    return html.unescape(re.sub(r"<w:t(?: [^>]*)?>([^<]*)</w:t>|<[^>]+>", lambda m: m.group(1) or "", lines))


def truth_strings(resume: dict) -> list[str]:
    return ([resume["basics"]["name"]] + [w["name"] for w in resume["work"]] + [w["position"] for w in resume["work"]]
            + [e["institution"] for e in resume["education"]])


def missing_from(text: str, resume: dict) -> list[str]:
    body = flat(text)
    # A theme may print a name in capitals or split a long employer over two lines: compare without spaces too.
    squeezed = body.replace(" ", "")
    return [s for s in truth_strings(resume) if flat(s) not in body and flat(s).replace(" ", "") not in squeezed]


def samples() -> list[tuple[str, Path]]:
    return [(family.name, GENERATED / family.split / layout) for family in FAMILIES for layout in family.layouts()]


def test_every_family_has_its_samples_in_its_half():
    for family in FAMILIES:
        for layout in family.layouts():
            assert (GENERATED / family.split / layout).exists(), layout
        assert (GENERATED / family.split / f"{family.name}.json").exists()


@pytest.mark.parametrize(("family", "path"), samples(), ids=[p.name for _, p in samples()])
def test_rendered_sample_text_holds_its_truth(family, path):
    resume = json.loads((path.parent / f"{family}.json").read_text())
    text = docx_text(path.read_bytes()) if path.suffix == ".docx" else extract_text(str(path))
    assert missing_from(text, resume) == []


@pytest.mark.parametrize("family", [f.name for f in FAMILIES])
def test_sample_truth_is_what_the_generator_makes_from_its_seed(family):
    split = next(f.split for f in FAMILIES if f.name == family)
    kept = json.loads((GENERATED / split / f"{family}.json").read_text())
    assert make_resume(kept["meta"]["seed"]) == kept


@pytest.mark.parametrize("family", sorted(BUILDERS))
def test_word_layout_built_now_holds_its_truth(family):
    resume = make_resume(f"test/{family}")
    out = io.BytesIO()
    BUILDERS[family](resume).save(out)
    assert missing_from(docx_text(out.getvalue()), resume) == []


def test_text_box_layouts_put_text_in_text_boxes():
    for family, inside in (("docx-textbox-headings", "Work History"), ("docx-textbox-sidebar", "Education")):
        resume = make_resume(f"test/{family}")
        out = io.BytesIO()
        BUILDERS[family](resume).save(out)
        with zipfile.ZipFile(out) as archive:
            xml = archive.read("word/document.xml").decode()
        boxes = html.unescape("".join(re.findall(r"<w:txbxContent>(.*?)</w:txbxContent>", xml, flags=re.S)))
        assert inside in boxes
        if family == "docx-textbox-sidebar":
            assert resume["education"][0]["institution"] in boxes


def test_people_are_reproducible_and_differ_by_seed():
    assert make_resume("family/1") == make_resume("family/1")
    assert make_resume("family/1")["basics"]["name"] != make_resume("family/2")["basics"]["name"]


def test_people_span_professions_and_locales():
    people = [make_resume(f"spread/{i}") for i in range(300)]
    professions = {p["meta"]["profession"] for p in people}
    locales = {p["meta"]["locale"] for p in people}
    assert professions == {p.key for p in PROFESSIONS}
    assert locales == set(LOCALES)
    software = sum(p["meta"]["profession"] == "software" for p in people)
    assert software < len(people) / 5


def test_work_history_is_dated_backwards_and_well_formed():
    for i in range(100):
        resume = make_resume(f"dates/{i}")
        work = resume["work"]
        assert 2 <= len(work) <= 5
        starts = [w["startDate"] for w in work]
        assert starts == sorted(starts, reverse=True)
        for job in work:
            assert job["name"] and job["position"] and job["highlights"]
            assert "{" not in job["name"] + "".join(job["highlights"])
            assert job.get("endDate") is None or job["endDate"] >= job["startDate"]
        assert all("endDate" in w for w in work[1:])
        assert len({w["name"] for w in work}) == len(work)


def test_split_has_every_kind_on_both_sides():
    for kind in ("theme", "docx", "latex"):
        assert {f.split for f in FAMILIES if f.kind == kind} == {TUNING, HELD_OUT}
    layouts = [layout for f in FAMILIES for layout in f.layouts()]
    assert len(layouts) >= 12 and len(set(layouts)) == len(layouts)
