"""Results across trades: whether the report and the live interviewer hear a measured outcome (money in words, a
rate, a count, a cadence, "from N to M" in any unit), take none from the problem's own measurement, and score a
"next time I'd …, because …" answer to a look-back question on that question.

Two sets from professions beyond software (nursing, warehouse, hospitality, teaching, trades, care, admin, finance,
retail): `trades_results_tuning.json`, which the rules were tuned on, and `trades_results_heldout.json`, written
before any rule changed and never tuned on. A case counts as right for the report and for the live interviewer
separately.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETS = {"tuning": ROOT / "tests" / "fixtures" / "feedback" / "trades_results_tuning.json",
        "held-out": ROOT / "tests" / "fixtures" / "feedback" / "trades_results_heldout.json"}
LOOKBACK_PASS = 3.0


def judge(case: dict) -> tuple[bool, bool, str]:
    """(report right, live right, what was heard) for one case."""
    from agent_worker.core.followups import acknowledgement
    from agent_worker.core.listening import read_answer
    from agent_worker.core.reading.answer import read
    from feedback.scoring import assess_answer

    answer, kind = case["answer"], case["kind"]
    reading = read(answer)
    live = read_answer(answer)
    ack = acknowledgement(live, "bench", 1)
    if kind == "lookback":
        score = assess_answer(case["question"], answer).score
        return score >= LOOKBACK_PASS, True, f"score {score}"
    if kind == "result":
        heard = reading.results[0].text if reading.results else ""
        return bool(reading.results), bool(live.results), f"report {heard!r}; live {live.results!r}"
    # a problem: nothing from the sentence that measures it is taken for the outcome
    first = reading.spans[0]
    numbers = set(re.findall(r"\d[\d,.]*|\b(?:fifteen|forty|fourteen)\b", first.text))
    report_ok = not any(r.start < first.end for r in reading.results)
    live_ok = not any(n in phrase for n in numbers for phrase in (*live.results, live.outcome, ack))
    return report_ok, live_ok, f"report {[r.text for r in reading.results]!r}; live {live.results!r}; ack {ack!r}"


def measure(path: Path, verbose: bool = False) -> dict[str, dict[str, int]]:
    counts: dict[str, dict[str, int]] = {}
    for case in json.loads(path.read_text())["cases"]:
        report_ok, live_ok, heard = judge(case)
        row = counts.setdefault(case["kind"], {"cases": 0, "report": 0, "live": 0})
        row["cases"] += 1
        row["report"] += report_ok
        row["live"] += live_ok
        if verbose and not (report_ok and live_ok):
            print(f"  {case['id']}: report {'ok' if report_ok else 'WRONG'}, live {'ok' if live_ok else 'WRONG'}: {heard}")
    return counts


def main() -> int:
    import django

    django.setup()
    verbose = "-v" in sys.argv
    print("| set | kind | cases | report right | live right |")
    print("|---|---|---:|---:|---:|")
    for name, path in SETS.items():
        # Only the tuning set's misses are ever printed: the held-out set is reported, never read while tuning.
        for kind, row in measure(path, verbose and name == "tuning").items():
            live = "n/a" if kind == "lookback" else row["live"]
            print(f"| {name} | {kind} | {row['cases']} | {row['report']} | {live} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
