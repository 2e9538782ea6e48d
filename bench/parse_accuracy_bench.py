"""Parse accuracy: the facts `manage.py parse_document` prints, scored field by field against hand-made truth.

The truth (bench/truth/*.json) is what a careful recruiter takes from each fixture resume and posting: the
candidate's name, each position (title, employer, dates), the schools (institutions only) and skills; a
posting's company (null when the text never names it), title, location, genuine must-haves, nice-to-haves,
responsibilities, and the pitch/benefit/boilerplate lines that must never be listed as requirements. A
template's placeholders ("Job title, Employer", "Your University") are no facts of the candidate's: a resume's
truth lists them under `placeholders`, and each printed fact containing one is counted apart. A posting's
conditions of employment (relocation, hours, the right to work) are its `conditions`, not must-haves.
The calibration table counts, per confidence band, how many printed facts that carry a confidence are right.

Scoring. A fact the command prints counts as right when it matches the truth, wrong when it does not (a
low-confidence wrong fact is still wrong), and a truth item nothing printed matches is missed. For lists of
sentences (must-haves...) each truth item is a pattern: a printed item is right when it matches one (or one
of the `acceptable` soft requirements), and a printed requirement matching a `pitch` pattern is counted
apart. Documents are read from `tests/fixtures/` and, where present, the shared fixture folder beside the
checkout (`../shared/fixtures`); truth without its document is skipped and said so.

`--save-before --checkout PATH` scores the parser of another checkout (the commit before the work) and stores
it as bench/results/parse_accuracy_before.json: the table then shows it beside the current run.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRUTH = ROOT / "bench" / "truth"
RESULTS = ROOT / "bench" / "results"
BEFORE = RESULTS / "parse_accuracy_before.json"
# `--checkout PATH` scores another checkout's parser (an older commit, for the "before" column).
CHECKOUT = Path(sys.argv[sys.argv.index("--checkout") + 1]) if "--checkout" in sys.argv else ROOT
RESUME_FIELDS = ["name", "employer", "title", "dates", "school", "skill"]
JD_FIELDS = ["company", "job_title", "location", "must_have", "nice_to_have", "responsibility", "condition"]
# Confidence bands for the calibration table: how often a printed fact of each band is right.
BANDS = [(0.0, 0.6), (0.6, 0.75), (0.75, 0.9), (0.9, 1.01)]


def shared_fixtures() -> list[Path]:
    found = []
    env = os.environ.get("MOCKFLOW_SHARED_FIXTURES")
    for base in ([Path(env)] if env else []) + [ROOT.parent / "shared" / "fixtures", ROOT.parents[1] / "shared" / "fixtures"]:
        if base.is_dir() and base not in found:
            found.append(base)
    return found


def document_for(truth_name: str) -> Path | None:
    name = truth_name.removesuffix(".json")
    if name.startswith("tests__"):
        path = ROOT / "tests" / "fixtures" / "job_descriptions" / name.removeprefix("tests__")
        return path if path.exists() else None
    for base in shared_fixtures() + [ROOT / "tests" / "fixtures"]:
        for sub in ("resumes", "job_descriptions"):
            if (base / sub / name).exists():
                return base / sub / name
    return None


def norm(text) -> str:
    text = unicodedata.normalize("NFKC", str(text or "")).lower()
    return re.sub(r"[^\w]+", "", text)


def value(fact):
    """A fact printed bare or as {"value": ..., "confidence": ...}."""
    return fact.get("value") if isinstance(fact, dict) and "value" in fact else fact


def same(pred, truth) -> bool:
    p, t = norm(value(pred)), norm(truth)
    if not p or not t:
        return False
    return p == t or (len(t) >= 3 and t in p) or (len(p) >= 4 and p in t)


class Tally:
    def __init__(self, match=None):
        # How a printed name, employer or title is compared with the truth (the corpus bench is stricter).
        self.match = match or same
        self.counts: dict[str, Counter] = {}
        self.notes: list[str] = []
        self.calibration: list[tuple[float, bool]] = []  # (confidence, right) of each printed fact that has one

    def calibrate(self, confidence, right: bool):
        if isinstance(confidence, int | float):
            self.calibration.append((float(confidence), right))

    def add(self, field: str, outcome: str, doc: str = "", detail: str = ""):
        self.counts.setdefault(field, Counter())[outcome] += 1
        if outcome in ("wrong", "missed", "pitch") and detail:
            self.notes.append(f"{doc}: {field} {outcome}: {detail}")

    def scalar(self, field, pred, truth, doc) -> bool | None:
        """Score one printed fact; True when it is right, False when wrong, None when nothing was printed."""
        pred = value(pred)
        if truth is None:
            self.add(field, "wrong" if pred else "right_none", doc, f"{pred!r} (the text names none)")
            return False if pred else None
        if not pred:
            self.add(field, "missed", doc, repr(truth))
            return None
        if self.match(pred, truth):
            self.add(field, "right")
            self.add(field, "found")
            return True
        self.add(field, "wrong", doc, f"{pred!r} for {truth!r}")
        return False


def same_dates(got: dict, want: dict) -> bool:
    """A position's printed dates against the truth's, as printed text (the fixtures' truth is the text shown)."""
    return same(got.get("start"), want["start"]) and (want.get("end") is None or same(got.get("end"), want["end"]))


def score_resume(doc: str, out: dict, truth: dict, tally: Tally, dates_right=same_dates):
    """Score one resume's printed facts; `dates_right(printed position, truth position)` judges its dates (the
    generated corpus compares them as dates, bench/corpus_bench.py)."""
    facts = out.get("highlights") or {}
    name_right = tally.scalar("name", facts.get("name"), truth.get("name"), doc)
    if name_right is not None:
        tally.calibrate((facts.get("confidence") or {}).get("name"), name_right)
    placeholders = truth.get("placeholders", [])
    printed = [facts.get("name"), *(facts.get("skills") or []), *(facts.get("education") or []),
               *(facts.get("projects") or []), *(facts.get("results") or []),
               *(f"{value(p).get('title') or ''} | {value(p).get('employer') or ''}" for p in facts.get("positions") or [])]
    for fact in printed:
        hit = [p for p in placeholders if norm(p) and norm(p) in norm(value(fact))]
        if hit:
            tally.add("placeholder_as_fact", "pitch", doc, f"{value(fact)!r} (template text {hit[0]!r})")
    predicted = [{k: value(v) for k, v in (value(p) or {}).items()} for p in facts.get("positions") or []]
    unused = list(range(len(predicted)))
    for want in truth.get("positions", []):
        best = None
        for i in unused:
            got = predicted[i]
            hits = tally.match(got.get("employer"), want["employer"]) + tally.match(got.get("title"), want["title"])
            if hits and (best is None or hits > best[1]):
                best = (i, hits)
        if best is None:
            for field in ("employer", "title"):
                if want[field]:
                    tally.add(field, "missed", doc, want[field])
            if want.get("start"):
                tally.add("dates", "missed", doc, f"{want['start']} - {want['end']}")
            continue
        unused.remove(best[0])
        got = predicted[best[0]]
        position_right = True
        for field in ("employer", "title"):
            if want[field]:
                position_right &= tally.scalar(field, got.get(field), want[field], doc) is not False
            elif got.get(field):
                tally.add(field, "wrong", doc, f"{got[field]!r} (none stated)")
                position_right = False
        tally.calibrate(got.get("confidence"), position_right)
        if want.get("start"):
            dates_ok = dates_right(got, want)
            if not got.get("start"):
                tally.add("dates", "missed", doc, f"{want['start']} - {want['end']}")
            else:
                tally.add("dates", "right" if dates_ok else "wrong", doc,
                          f"{got.get('start')} - {got.get('end')} for {want['start']} - {want['end']}")
                tally.add("dates", "found" if dates_ok else "missed")
    for i in unused:
        for field in ("employer", "title"):
            if predicted[i].get(field):
                tally.add(field, "wrong", doc, f"{predicted[i][field]!r} (no such position)")
        tally.calibrate(predicted[i].get("confidence"), False)
    schools = list(truth.get("education", []))
    for entry in facts.get("education") or []:
        match = next((s for s in schools if norm(s) in norm(value(entry))), None)
        if match is None:
            tally.add("school", "wrong", doc, repr(value(entry)))
        else:
            schools.remove(match)
            tally.add("school", "right")
            tally.add("school", "found")
    for school in schools:
        tally.add("school", "missed", doc, school)
    skills = truth.get("skills", [])
    matched = set()
    for skill in facts.get("skills") or []:
        hit = [s for s in skills if same(skill, s) or same(s, value(skill))]
        tally.add("skill", "right" if hit else "wrong", doc, repr(value(skill)))
        matched.update(hit)
    for skill in skills:
        tally.add("skill", "found" if skill in matched else "missed", doc, skill)


def _matches(item: str, patterns: list[str]) -> list[str]:
    return [p for p in patterns if re.search(p, item, re.IGNORECASE)]


def score_list(field: str, items, truth_keys, acceptable, pitch, doc, tally: Tally):
    found = set()
    for item in items or []:
        text = str(value(item))
        if _matches(text, pitch) and not _matches(text, truth_keys):
            tally.add(field, "wrong", doc, repr(text[:90]))
            if field in ("must_have", "nice_to_have"):
                tally.add("pitch_as_requirement", "pitch", doc, repr(text[:90]))
            continue
        hits = _matches(text, truth_keys)
        found.update(hits)
        tally.add(field, "right" if hits or _matches(text, acceptable) else "wrong", doc, repr(text[:90]))
    for key in truth_keys:
        tally.add(field, "found" if key in found else "missed", doc, key)


def score_jd(doc: str, out: dict, truth: dict, tally: Tally):
    reqs = out.get("requirements") or {}
    for field in ("company", "title", "location"):
        right = tally.scalar("job_title" if field == "title" else field, reqs.get(field), truth.get(field), doc)
        if right is not None:
            tally.calibrate((reqs.get("confidence") or {}).get(field), right)
    pitch = truth.get("pitch", [])
    score_list("must_have", reqs.get("must_haves"), truth["must_haves"], truth.get("acceptable", []), pitch, doc, tally)
    score_list("nice_to_have", reqs.get("nice_to_haves"), truth["nice_to_haves"],
               truth.get("acceptable", []) + truth["must_haves"], pitch, doc, tally)
    score_list("responsibility", reqs.get("responsibilities"), truth["responsibilities"],
               truth.get("acceptable_responsibilities", []), pitch, doc, tally)
    # Conditions of employment (relocation, hours, the right to work): listed apart, never as a requirement.
    score_list("condition", reqs.get("conditions"), truth.get("conditions", []), [], pitch, doc, tally)


def parse(path: Path, kind: str) -> dict:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "mockflow_site.settings"}
    env.pop("PYTHONPATH", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "parse_document", str(path), "--as", kind],
        cwd=CHECKOUT, env=env, capture_output=True, text=True, timeout=120,
    )
    if result.returncode != 0:
        return {"error": result.stderr.strip()}
    return json.loads(result.stdout)


def run() -> dict:
    tally, skipped, documents = Tally(), [], 0
    for truth_file in sorted(TRUTH.glob("*.json")):
        truth = json.loads(truth_file.read_text())
        path = document_for(truth_file.name)
        if path is None:
            skipped.append(truth_file.name.removesuffix(".json"))
            continue
        documents += 1
        out = parse(path, truth["kind"])
        doc = truth_file.name.removesuffix(".json")
        (score_resume if truth["kind"] == "resume" else score_jd)(doc, out, truth, tally)
    fields = {}
    for field in RESUME_FIELDS + JD_FIELDS + ["pitch_as_requirement", "placeholder_as_fact"]:
        c = tally.counts.get(field, Counter())
        fields[field] = {k: c.get(k, 0) for k in ("found", "missed", "right", "right_none", "wrong", "pitch")}
    bands = []
    for low, high in BANDS:
        inside = [right for confidence, right in tally.calibration if low <= confidence < high]
        bands.append({"band": [low, min(high, 1.0)], "facts": len(inside), "right": sum(inside)})
    return {"documents": documents, "skipped": skipped, "fields": fields, "notes": tally.notes, "calibration": bands}


def row(field: str, c: dict) -> str:
    truth_total = c["found"] + c["missed"]
    reported = c["right"] + c["wrong"]
    found = f"{c['found']}/{truth_total} ({100 * c['found'] / truth_total:.0f}%)" if truth_total else "-"
    precise = f"{c['right']}/{reported} ({100 * c['right'] / reported:.0f}%)" if reported else "-"
    extra = f" (+{c['right_none']} 'none stated' right)" if c.get("right_none") else ""
    return f"{found}{extra} | {precise} | {c['wrong']} | {c['missed']}"


def calibration_table(result: dict, before: dict | None) -> str:
    """How often a printed fact is right, by the confidence it was printed with (name, positions, a posting's
    company, title and location: the facts that carry one). Below CONFIDENT (0.6) a fact is not spoken and is
    shown to the candidate to confirm."""
    lines = ["\nCalibration: of the printed facts that carry a confidence (name, positions, a posting's company, title "
             "and location), how many are right, by confidence band. Below 0.6 a fact is not spoken until the "
             "candidate confirms it on the setup page.\n",
             "| confidence | " + ("before: right of printed | " if before else "") + "right of printed |",
             "|---|" + ("---|" if before else "") + "---|"]
    old = {tuple(b["band"]): b for b in (before or {}).get("calibration", [])}

    def cell(band: dict | None) -> str:
        if not band or not band["facts"]:
            return "-"
        return f"{band['right']}/{band['facts']} ({100 * band['right'] / band['facts']:.0f}%)"

    for band in result["calibration"]:
        low, high = band["band"]
        label = f"{low:.2f}-{high:.2f}" if high < 1 else f">= {low:.2f}"
        lines.append(f"| {label} | " + (cell(old.get(tuple(band["band"]))) + " | " if before else "") + cell(band) + " |")
    return "\n".join(lines)


def main() -> None:
    result = run()
    RESULTS.mkdir(parents=True, exist_ok=True)
    if "--save-before" in sys.argv:
        result["checkout_note"] = "the parser at commit " + subprocess.run(
            ["git", "log", "-1", "--format=%h"], cwd=CHECKOUT, capture_output=True, text=True).stdout.strip()
        BEFORE.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    (RESULTS / "parse_accuracy.json").write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    before = json.loads(BEFORE.read_text()) if BEFORE.exists() else None
    print(f"{result['documents']} documents (the fixture resumes but the blank scan, and every posting) scored against "
          f"bench/truth/: found = truth items the parser printed rightly; right of reported = printed items "
          f"that are right (a low-confidence wrong fact counts as wrong)"
          + (f"; skipped (document absent): {', '.join(result['skipped'])}" if result["skipped"] else "") + ".")
    print("A half-edited template's placeholders ('Job title, Employer', 'Your University', 'XX公司') are no facts: "
          "the truth lists them apart, and one printed as a fact counts as wrong and in the placeholder row. "
          "Conditions of employment (relocation, hours, the right to work) are conditions, not must-haves.")
    if before:
        print(f"Before: {before.get('checkout_note', 'the parser before issue 12')}, scored with the same truth.")
    print("Goals: employers, titles and schools found >= 90% with >= 95% of what is reported right; the company right "
          "on every posting (or none when it names none); >= 80% of must-haves found; no pitch listed as a requirement.")
    head = "| field | found | right of reported | wrong | missed |"
    if before:
        head = "| field | before: found | before: right of reported | found | right of reported | wrong | missed |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for field in RESUME_FIELDS + JD_FIELDS:
        c = result["fields"][field]
        label = ("resume " if field in RESUME_FIELDS else "job ") + field.removeprefix("job_").replace("_", "-")
        if before:
            b = before["fields"][field]
            b_cells = row(field, b).split(" | ")[:2]
            print(f"| {label} | {b_cells[0]} | {b_cells[1]} | {row(field, c)} |")
        else:
            print(f"| {label} | {row(field, c)} |")
    for field, label in (("pitch_as_requirement", "pitch or boilerplate listed as a requirement"),
                         ("placeholder_as_fact", "template placeholder printed as a fact")):
        count = result["fields"][field]["pitch"]
        if before:
            print(f"| {label} | {before['fields'].get(field, {}).get('pitch', '-')} | | {count} | | | |")
        else:
            print(f"| {label} | {count} |")
    print(calibration_table(result, before))
    if "-v" in sys.argv:
        print("\n".join(result["notes"]), file=sys.stderr)


if __name__ == "__main__":
    main()
