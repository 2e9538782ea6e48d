"""Roles from the job description across professions: do the questions use the posting's words, and does any
name another trade's work?

For each posting in tests/fixtures/professions (tuning: nursing, warehouse, hospitality, retail, teaching,
trades; held-out: care work, administration, finance, sales, software, written before the code and not read
while the rules were written; held-out 2: a dental nurse, a bus driver, a bookkeeper, a hotel room attendant, an
early-years practitioner, a security officer, a call-centre advisor and an apprentice plumber, written after the
first held-out set had been reported many times and committed before the rules it measures), three seeded text interviews with neutral answers (the scripted interviewer).
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
from tests.unit.engine import professions as p  # noqa: E402

SEEDS = ("one", "two", "three")


def measure(part: str, how: str) -> dict:
    rows = []
    totals = {"main": 0, "posting": 0, "other": 0, "lines_other": 0, "bank": 0, "bank_other": 0, "themes": 0,
              "themes_found": 0}
    for job in p.jobs(part):
        row = {"profession": job.profession, "main": 0, "posting": 0, "other": 0, "examples": [],
               "themes": len(job.labels["competencies"]), "themes_found": len(p.themes_found(job))}
        for seed in SEEDS:
            if how == "posting role":
                events = p.interview(job, seed=seed)
                bank = [entry["text"] for entry in job.role.bank]
            elif how == "Sales role":
                sales, competencies = p.sales_bank()
                events = p.interview(job, seed=seed, bank=sales, role="Sales", competencies=competencies)
                bank = [entry["text"] for entry in sales]
            else:
                events = p.interview(job, seed=seed, bank=DEFAULT_BANK, role=job.role.title, competencies=[])
                bank = [entry["text"] for entry in DEFAULT_BANK]
            asked = p.questions(events)
            main = [q["text"] for q in asked[1:-1] if q["kind"] == "main"]
            row["main"] += len(main)
            row["posting"] += sum(1 for text in main if p.posting_words(text, job))
            named = [(text, p.other_trades_words(text, job)) for text in main if p.other_trades_words(text, job)]
            row["other"] += len(named)
            row["examples"] += [f"{text} ({', '.join(words)})" for text, words in named][:2]
            totals["lines_other"] += sum(1 for line in p.lines(events) if p.other_trades_words(line, job))
        totals["bank"] += len(bank)
        totals["bank_other"] += sum(1 for text in bank if p.other_trades_words(text, job))
        for key in ("main", "posting", "other", "themes", "themes_found"):
            totals[key] += row[key]
        rows.append(row)
    return {"rows": rows, "totals": totals}


def match_counts(part: str) -> dict[str, object]:
    """Of the requirements labels.json says the job's resume states (or does not), how many the match shows as met."""
    counts: dict[str, object] = {"met": 0, "met_shown": 0, "not_met": 0, "not_met_shown": 0}
    for job in p.jobs(part):
        truth = job.labels.get("match")
        if not truth:
            continue
        shown = [m.lower() for m in p.shown_met(job)]
        for key in ("met", "not_met"):
            counts[key] += len(truth[key])
            counts[f"{key}_shown"] += sum(any(phrase.lower() in m for m in shown) for phrase in truth[key])
    return counts


def main() -> None:
    results = {part: {how: measure(part, how) for how in ("posting role", "Sales role", "default bank")}
               for part in (p.TUNING, p.HELD_OUT, p.HELD_OUT_2)}
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
        match = match_counts(part)
        if match["met"]:
            print(f"\nthe match, against labels.json: requirements the resume states shown as met "
                  f"{match['met_shown']} of {match['met']}; requirements it does not state shown as met "
                  f"{match['not_met_shown']} of {match['not_met']}")
        themes = by_how["posting role"]["totals"]
        print(f"\nskill themes a recruiter looks for (labels.json) named by the built competencies: "
              f"{themes['themes_found']} of {themes['themes']}")
        print("\nper profession (posting role): " + "; ".join(
            f"{r['profession']} {r['posting']}/{r['main']} in the posting's words, {r['other']} naming another trade, "
            f"themes {r['themes_found']}/{r['themes']}" for r in by_how["posting role"]["rows"]))
        for how in ("Sales role", "default bank"):
            examples = [e for r in by_how[how]["rows"] for e in r["examples"]][:3]
            if examples:
                print(f"\n{how}, e.g.: " + " | ".join(examples))


if __name__ == "__main__":
    main()
