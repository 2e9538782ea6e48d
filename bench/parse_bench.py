"""Document parsing: MockFlow's checked, sandboxed parse beside raw pypdf on the same files.

The ratio shows what the safety costs (magic-byte and zip checks, a child process with limits,
normalisation and fact extraction) against `PdfReader(...).pages[i].extract_text()` alone.
"""

import io
import json
import statistics
import sys
import time
from pathlib import Path

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from interviews.parsing import parse_document  # noqa: E402

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


def timed(fn, *args) -> float:
    samples = []
    for _ in range(RUNS):
        started = time.perf_counter()
        fn(*args)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def main() -> None:
    rows = []
    for name in FILES:
        data = (FIXTURES / name).read_bytes()
        raw = timed(raw_pypdf, data)
        ours = timed(parse_document, data, name, "resume")
        rows.append({"file": name, "pages": len(PdfReader(io.BytesIO(data)).pages),
                     "raw_pypdf_ms": round(raw * 1000, 1), "mockflow_ms": round(ours * 1000, 1),
                     "ratio": round(ours / raw, 1)})
    result = {"runs_per_file": RUNS, "statistic": "median", "files": rows,
              "mean_overhead_ms": round(statistics.mean(r["mockflow_ms"] - r["raw_pypdf_ms"] for r in rows), 1)}
    out = ROOT / "bench" / "results" / "parse.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    print("| file | pages | raw pypdf (ms) | MockFlow parse (ms) | ratio |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['file']} | {r['pages']} | {r['raw_pypdf_ms']} | {r['mockflow_ms']} | {r['ratio']}x |")
    print(f"| mean overhead | | | +{result['mean_overhead_ms']} ms | |")


if __name__ == "__main__":
    main()
