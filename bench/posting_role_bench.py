"""Roles from the job description across professions: do the questions use the posting's words, and does any
name another trade's work?

For each posting in tests/fixtures/professions (tuning: nursing, warehouse, hospitality, retail, teaching,
trades; held-out: care work, administration, finance, sales, software, written before the code and not read
while the rules were written), three seeded text interviews with neutral answers (the scripted interviewer).
Counted over the main questions asked (greeting and closing left out):
- "uses the posting's words": shares at least one content word with the posting's title, duties or requirements;
- "names another trade": uses a word of another profession's giveaway list (tests/fixtures/professions/
  giveaways.json) that the posting itself does not use.
Every interviewer line is checked for other trades' words as well, and the bank's questions one by one.
"Before": the same postings interviewed as the Sales role (what the issue's nurse picked, the closest of six)
and with the built-in default bank.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent_worker.core.bank import DEFAULT_BANK  # noqa: E402
from tests.unit.engine.professions import (  # noqa: E402
    HELD_OUT,
    TUNING,
    interview,
    jobs,
    lines,
    other_trades_words,
    posting_words,
    questions,
    sales_bank,
)

SEEDS = ("one", "two", "three")


def measure(part: str, how: str) -> dict:
    rows, totals = [], {"main": 0, "posting": 0, "other": 0, "lines_other": 0, "bank": 0, "bank_other": 0}
    for job in jobs(part):
        row = {"profession": job.profession, "main": 0, "posting": 0, "other": 0, "examples": []}
        for seed in SEEDS:
            if how == "posting role":
                events = interview(job, seed=seed)
                bank = [entry["text"] for entry in job.role.bank]
            elif how == "Sales role":
                sales, competencies = sales_bank()
                events = interview(job, seed=seed, bank=sales, role="Sales", competencies=competencies)
                bank = [entry["text"] for entry in sales]
            else:
                events = interview(job, seed=seed, bank=DEFAULT_BANK, role=job.role.title, competencies=[])
                bank = [entry["text"] for entry in DEFAULT_BANK]
            asked = questions(events)
            main = [q["text"] for q in asked[1:-1] if q["kind"] == "main"]
            row["main"] += len(main)
            row["posting"] += sum(1 for text in main if posting_words(text, job))
            named = [(text, other_trades_words(text, job)) for text in main if other_trades_words(text, job)]
            row["other"] += len(named)
            row["examples"] += [f"{text} ({', '.join(words)})" for text, words in named][:2]
            totals["lines_other"] += sum(1 for line in lines(events) if other_trades_words(line, job))
        totals["bank"] += len(bank)
        totals["bank_other"] += sum(1 for text in bank if other_trades_words(text, job))
        for key in ("main", "posting", "other"):
            totals[key] += row[key]
        rows.append(row)
    return {"rows": rows, "totals": totals}


def main() -> None:
    results = {part: {how: measure(part, how) for how in ("posting role", "Sales role", "default bank")}
               for part in (TUNING, HELD_OUT)}
    out = ROOT / "bench" / "results" / "posting_role_bench.json"
    out.write_text(json.dumps(results, indent=1))
    for part, by_how in results.items():
        print(f"\n{part}")
        print("| interview | main questions | use the posting's words | name another trade | lines naming another "
              "trade | bank questions naming another trade |")
        print("|---|---|---|---|---|---|")
        for how, result in by_how.items():
            t = result["totals"]
            print(f"| {how} | {t['main']} | {t['posting']} ({100 * t['posting'] / max(1, t['main']):.0f}%) | "
                  f"{t['other']} | {t['lines_other']} | {t['bank_other']} of {t['bank']} |")
        print("\nper profession (posting role): " + "; ".join(
            f"{r['profession']} {r['posting']}/{r['main']} in the posting's words, {r['other']} naming another trade"
            for r in by_how["posting role"]["rows"]))
        for how in ("Sales role", "default bank"):
            examples = [e for r in by_how[how]["rows"] for e in r["examples"]][:3]
            if examples:
                print(f"\n{how}, e.g.: " + " | ".join(examples))


if __name__ == "__main__":
    main()
