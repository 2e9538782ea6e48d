"""Document parsing: MockFlow's checked, sandboxed parse beside raw pypdf on the same files.

The ratio shows what the safety costs (magic-byte and zip checks, a child process with limits,
normalisation and fact extraction) against `PdfReader(...).pages[i].extract_text()` alone. Pages whose
words pypdf runs together are read a second time with pdfminer.six (interviews/parsing/spacing.py): the
"pdfminer pages" column counts them, and "raw pdfminer" is what reading the whole file with pdfminer.six
(`pdfminer.high_level.extract_text`) would cost instead.
"""

import io
import json
import os
import statistics
import sys
import time
from pathlib import Path

import django
from pdfminer.high_level import extract_text as pdfminer_text
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mockflow_site.settings")  # the sandbox gives back DB connections
django.setup()

from interviews.parsing import parse_document, sandbox, spacing  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "resumes"
FILES = [
    "resume_word_generated_accountant.pdf",
    "resume_two_column_latex_altacv.pdf",
    "resume_latex_awesomecv_3page.pdf",
    "resume_latex_moderncv_classic_4page.pdf",
]
RUNS = 5


def raw_pypdf(data: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def raw_pdfminer(data: bytes) -> str:
    return pdfminer_text(io.BytesIO(data))


def timed(fn, *args, cold: bool = False) -> float:
    samples = []
    for _ in range(RUNS):
        if cold:
            sandbox.drop_spare()
            time.sleep(0.2)
        started = time.perf_counter()
        fn(*args)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def main() -> None:
    rows = []
    for name in FILES:
        data = (FIXTURES / name).read_bytes()
        pages = PdfReader(io.BytesIO(data)).pages
        reread = sum(1 for page in pages if spacing.looks_run_together(page.extract_text() or ""))
        raw = timed(raw_pypdf, data)
        miner = timed(raw_pdfminer, data)
        cold = timed(parse_document, data, name, "resume", cold=True)
        parse_document(data, name, "resume")  # leaves a spare child behind
        time.sleep(1.0)
        ours = timed(parse_document, data, name, "resume")
        rows.append({"file": name, "pages": len(pages), "pdfminer_pages": reread,
                     "raw_pypdf_ms": round(raw * 1000, 1), "raw_pdfminer_ms": round(miner * 1000, 1),
                     "mockflow_cold_ms": round(cold * 1000, 1), "mockflow_ms": round(ours * 1000, 1),
                     "ratio": round(ours / raw, 1)})
    result = {"runs_per_file": RUNS, "statistic": "median", "files": rows,
              "mean_overhead_ms": round(statistics.mean(r["mockflow_ms"] - r["raw_pypdf_ms"] for r in rows), 1),
              "mean_cold_overhead_ms": round(statistics.mean(r["mockflow_cold_ms"] - r["raw_pypdf_ms"] for r in rows),
                                             1)}
    out = ROOT / "bench" / "results" / "parse.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    print("MockFlow parse: with the spare child started ahead (every upload but a process's first); cold: a "
          "child started for the call, as before the spare.\n")
    print("| file | pages | pdfminer pages | raw pypdf (ms) | raw pdfminer (ms) | MockFlow parse, cold (ms) "
          "| MockFlow parse (ms) | ratio to pypdf |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['file']} | {r['pages']} | {r['pdfminer_pages']} | {r['raw_pypdf_ms']} | {r['raw_pdfminer_ms']} "
              f"| {r['mockflow_cold_ms']} | {r['mockflow_ms']} | {r['ratio']}x |")
    print(f"| mean overhead | | | | | +{result['mean_cold_overhead_ms']} ms | +{result['mean_overhead_ms']} ms | |")


if __name__ == "__main__":
    main()
