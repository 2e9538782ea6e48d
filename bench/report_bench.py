"""Feedback: the report PDF's render time beside a plain WeasyPrint page of similar length, and the
analysis time per interview, measured in one run.

The report is built from a simulated Quick practice interview (agent_worker.core.simulate) with the
rules narrative, rendered exactly as the pipeline does (the page template in print mode, charts as
inline SVG, the print stylesheet static/css/report_print.css, parsed once per process as in the task
worker). The plain page is unstyled HTML with as many pages of text and a table; the ratio is what
the report's layout and charts cost. The two are timed in alternation, so a machine that gets busier
during the run slows both alike.
"""

import gc
import io
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mockflow_site.settings")

import django  # noqa: E402

django.setup()

from pypdf import PdfReader  # noqa: E402

from agent_worker.core.plans import DEFAULT_PLAN, QUICK_PLAN  # noqa: E402
from agent_worker.core.simulate import simulate  # noqa: E402
from feedback.analysis import analyse_interview  # noqa: E402
from feedback.narrative import rules_narrative  # noqa: E402
from feedback.pdf import render_html_to_pdf, render_report_pdf  # noqa: E402
from tests.integration.feedback.helpers import COMPETENCIES, GOOD_TURNS, JOB, RESUME  # noqa: E402

RUNS = 15
RESULTS = ROOT / "bench" / "results" / "report.json"


def events_for(plan: dict, turns: list[dict]) -> list[dict]:
    script = {
        "candidate": {"name": "Alice", "role": "Backend Engineer", "level": "mid", "resume_text": RESUME,
                      "job_description": JOB, "competencies": COMPETENCIES},
        "turns": turns,
        "seed": "bench",
    }
    return simulate(script, plan=plan)


def unsaved_report(events: list[dict]):
    """A Report with its interview, role and plan as unsaved objects: no database needed to render."""
    from accounts.models import User
    from feedback.models import Report, StepStatus
    from interviews.models import Interview, Role, StagePlan

    plan = StagePlan(name="quick", version=1, title=QUICK_PLAN["title"])
    role = Role(title="Backend Engineer", slug="backend-engineer", competencies=COMPETENCIES, plan=plan)
    owner = User(email="alice@example.com", display_name="Alice")
    interview = Interview(owner=owner, role=role, plan=plan, level="mid", plan_snapshot=QUICK_PLAN, mode="voice")
    analysis = analyse_interview(events, competencies=COMPETENCIES)
    done = StepStatus.DONE
    return Report(interview=interview, status=Report.Status.READY, analysis_status=done, narrative_status=done,
                  pdf_status=done, analysis=analysis.model_dump(), narrative=rules_narrative(analysis).model_dump(),
                  narrative_source="rules")


def plain_page(pages: int) -> str:
    paragraph = (
        "<p>At Acme our checkout was failing during peak sales. My task was to find out why and fix it before "
        "Black Friday. I profiled the database queries, added a missing index and moved receipts to a queue. "
        "As a result, checkout errors dropped by 80% and revenue rose 12% that weekend.</p>"
    )
    rows = "".join(f"<tr><td>Row {i}</td><td>{i * 3}</td><td>value {i}</td></tr>" for i in range(12))
    body = "".join(f"<h2>Section {n}</h2>{paragraph * 9}<table>{rows}</table>" for n in range(pages))
    return f"<!doctype html><html><head><meta charset='utf-8'><title>Plain</title></head><body>{body}</body></html>"


def page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def timed(fn, runs: int = RUNS) -> tuple[list[float], object]:
    samples, result = [], None
    for _ in range(runs):
        gc.collect()  # the previous render's garbage is not this one's cost
        started = time.perf_counter()
        result = fn()
        samples.append(time.perf_counter() - started)
    return samples, result


def main() -> None:
    quick_events = events_for(QUICK_PLAN, GOOD_TURNS)
    long_turns = GOOD_TURNS[:1] + GOOD_TURNS[1:] * 3
    default_events = events_for(DEFAULT_PLAN, long_turns)
    report = unsaved_report(quick_events)

    report_pdf = render_report_pdf(report)  # warm up: WeasyPrint's import, fonts, caches, the stylesheet
    report_pages = page_count(report_pdf)

    # A plain page of similar length: grow it until it has as many pages as the report.
    sections = 1
    while page_count(render_html_to_pdf(plain_page(sections))) < report_pages and sections < 40:
        sections += 1
    plain_html = plain_page(sections)

    report_samples, plain_samples = [], []
    for _ in range(RUNS):
        samples, report_pdf = timed(lambda: render_report_pdf(report), runs=1)
        report_samples += samples
        samples, plain_pdf = timed(lambda: render_html_to_pdf(plain_html), runs=1)
        plain_samples += samples

    analysis = {}
    for name, events in (("quick", quick_events), ("default", default_events)):
        samples, result = timed(lambda ev=events: analyse_interview(ev, competencies=COMPETENCIES), runs=50)
        analysis[name] = {
            "events": len(events),
            "answers": len(result.answers),
            "median_ms": round(statistics.median(samples) * 1000, 3),
            "p95_ms": round(sorted(samples)[int(len(samples) * 0.95) - 1] * 1000, 3),
        }

    report_ms = statistics.median(report_samples) * 1000
    plain_ms = statistics.median(plain_samples) * 1000
    results = {
        "runs": RUNS,
        "report_pdf": {"pages": report_pages, "bytes": len(report_pdf), "median_ms": round(report_ms, 1),
                       "min_ms": round(min(report_samples) * 1000, 1)},
        "plain_pdf": {"pages": page_count(plain_pdf), "bytes": len(plain_pdf), "median_ms": round(plain_ms, 1),
                      "min_ms": round(min(plain_samples) * 1000, 1)},
        "ratio_report_to_plain": round(report_ms / plain_ms, 2),
        "report_ms_per_page": round(report_ms / report_pages, 1),
        "plain_ms_per_page": round(plain_ms / max(1, page_count(plain_pdf)), 1),
        "analysis": analysis,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")

    print("| measure | value |")
    print("|---|---|")
    print(f"| report PDF ({report_pages} pages), median of {RUNS} | {results['report_pdf']['median_ms']} ms |")
    print(f"| plain WeasyPrint page ({results['plain_pdf']['pages']} pages), median of {RUNS} | "
          f"{results['plain_pdf']['median_ms']} ms |")
    print(f"| report / plain | {results['ratio_report_to_plain']}x |")
    print(f"| per page: report / plain | {results['report_ms_per_page']} ms / {results['plain_ms_per_page']} ms |")
    for name, row in analysis.items():
        print(f"| analysis, {name} plan ({row['events']} events, {row['answers']} answers), median | "
              f"{row['median_ms']} ms (p95 {row['p95_ms']} ms) |")


if __name__ == "__main__":
    main()
