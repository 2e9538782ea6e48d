"""Answer scoring: accuracy on the labelled pairs, and the cost of scoring one answer.

The pairs (tests/fixtures/feedback/labelled_pairs.json) are two answers to the same question where one
is clearly better: written after public interview guides' good and weak examples and their named
anti-patterns (rambling, "we" instead of "I", all background, blaming others, a hypothetical instead of a
real example, padding, results only in words, off-topic). A pair counts as right only when the better
answer scores strictly higher (a tie is wrong). "Before" is the scoring this replaced (depth from word
counts and STAR cue words), measured on the same pairs at commit d142185: 24 of 38. The rules were tuned
on the labelled pairs; the held-out pairs (heldout_pairs.json) were written afterwards and first scored
12 of 12 before any rule changed (later fixes there touched flags and evidence, not the ordering). Ten
more (ids h2-…: nursing, accounting, customer success, marketing, SRE, data science) were added before the
sentence-role and results-in-words changes and scored 10 of 10 then; no rule was tuned on them. Four more
(ids h3-…: nursing, accounting, customer success, an audit motivation) were written with four labelled ones
(i14-…) before the employer-words and example-answer changes and scored 4 of 4 then; the audit answer's
advice ("name something specific") contradicted it, which the employer-words change fixed, not its order.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections import defaultdict
from pathlib import Path

from feedback.scoring import assess_answer, question_type

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ROOT / "tests" / "fixtures" / "feedback" / "labelled_pairs.json"
HELD_OUT = ROOT / "tests" / "fixtures" / "feedback" / "heldout_pairs.json"
RESULTS = ROOT / "bench" / "results" / "answer_scoring.json"
BEFORE = {"right": 24, "pairs": 38}
# A good answer to an approach question should read as one: a hiring manager rates a clear "how I work" about 3.5-4.
GOOD_APPROACH = 3.5
OFF_TOPIC = ROOT / "tests" / "fixtures" / "feedback" / "off_topic_cases.json"
# The off-topic cases scored by main at c19fc1e, before the check for short and work-worded off-topic answers. 15
# off-topic and 35 on-topic cases were written after the check's first version and scored before it changed: 13 of
# 15 caught, 7 of 35 called off-topic (thin answers on the subject: "It happens a lot in retail"); 10 more on-topic
# ones written after the second version: 7 of 10 called off-topic ("The store policy is a refund within thirty
# days"). The third version catches small talk and the workplace's setting only: 10 of those 15, 0 of those 45.
# 15 off-topic and 15 on-topic cases written after the third version, scored once and not tuned on: 10 of 15 caught
# (the misses are subjects it has no word for: a rescue greyhound, learning Spanish, an open-plan office), 0 of 15.
# Then 8 of those 12 misses caught by reading a pursuit of their own by how it is told (learning a language, training
# for a race, a pet adopted, a band) and the office's layout. Before that change 10 + 10 more cases were written and
# not tuned on (off_topic_heldout.json): 1 of 10 caught and 1 of 10 false alarms before it, 4 of 10 and 1 of 10 after
# (the false alarm, "Our dog-grooming salon kept double-booking, so I moved bookings…", predates the change).
# Then work told in leisure's words (agent_worker/core/answers/workframe.py): that false alarm answered, 0 of 10.
OFF_TOPIC_BEFORE = {"caught": 0, "false_alarms": 0}
OFF_TOPIC_HELD_OUT = ROOT / "tests" / "fixtures" / "feedback" / "off_topic_heldout.json"
# Genuine answers from people whose work is made of leisure-like words (a dog groomer, a tour guide, a chef, a ski
# instructor…) and small talk, in three sets, each written before it was first scored: the first (62 + 10) before
# the work-frame change, 4 of 62 false alarms and 9 of 10 caught then (the live interviewer: 7 of 62, with the
# motivation redirect); the second (34 + 10) after its first version, 7 of 34 before any change and 5 of 34 after
# that version; the third (25 + 8) when it was done, 4 of 25 before any change and 1 of 25 on its first run. All
# three were tuned on afterwards.
# Off-question pairs (issue 28): an ordinary answer to the question against an excellent answer to another one. Two
# held-out sets, each written and committed before the change it measures: the first 1 of 10 before relevance by
# what the question asks, 4 of 10 after; the second (20 professions, 12 competencies) 7 of 21 on its first run.
OFF_QUESTION_HELD_OUT = [ROOT / "tests" / "fixtures" / "feedback" / f"off_question_heldout{n}.json" for n in ("", "_2")]
OFF_TOPIC_LEISURE_WORK = [ROOT / "tests" / "fixtures" / "feedback" / f"off_topic_leisure_work{n}.json"
                          for n in ("", "_2", "_3")]


def off_topic_counts(path: Path = OFF_TOPIC) -> dict[str, int]:
    """Off-topic answers called off-topic, and on-topic near misses (short, other professions) wrongly called so."""
    cases = json.loads(path.read_text())
    off = cases["off_topic"] + cases.get("off_topic_missed", [])
    flagged = lambda c: "off_topic" in assess_answer(c["question"], c["answer"]).flags  # noqa: E731
    return {"caught": sum(map(flagged, off)), "off_topic": len(off),
            "false_alarms": sum(map(flagged, cases["on_topic"])), "on_topic": len(cases["on_topic"])}


def ordered_right(path: Path) -> dict[str, int]:
    """Pairs in a file whose better answer scores strictly higher than its worse one."""
    pairs = json.loads(path.read_text())["pairs"]
    right = sum(assess_answer(p["question"], p["better"]).score > assess_answer(p["question"], p["worse"]).score
                for p in pairs)
    return {"right": right, "pairs": len(pairs)}


def main() -> None:
    pairs = json.loads(PAIRS.read_text())["pairs"]
    by_pattern: dict[str, list[bool]] = defaultdict(list)
    gaps, better_scores, worse_scores, timings = [], [], [], []
    for pair in pairs:
        started = time.perf_counter()
        better = assess_answer(pair["question"], pair["better"]).score
        worse = assess_answer(pair["question"], pair["worse"]).score
        timings.append((time.perf_counter() - started) / 2)
        by_pattern[pair["pattern"]].append(better > worse)
        gaps.append(better - worse)
        better_scores.append(better)
        worse_scores.append(worse)
    right = sum(ok for oks in by_pattern.values() for ok in oks)
    held_out = json.loads(HELD_OUT.read_text())["pairs"]
    held_right = ordered_right(HELD_OUT)["right"]
    approach = [assess_answer(p["question"], p["better"]).score for p in pairs + held_out
                if question_type(p["question"]) == "approach"]
    result = {
        "pairs": len(pairs),
        "right": right,
        "accuracy": right / len(pairs),
        "before": BEFORE,
        "held_out": {"right": held_right, "pairs": len(held_out)},
        "by_pattern": {k: [sum(v), len(v)] for k, v in sorted(by_pattern.items())},
        "mean_gap": statistics.mean(gaps),
        "better_mean": statistics.mean(better_scores),
        "worse_mean": statistics.mean(worse_scores),
        "ms_per_answer_median": statistics.median(timings) * 1000,
        "approach_better": {"good": sum(v >= GOOD_APPROACH for v in approach), "answers": len(approach),
                            "mean": statistics.mean(approach)},
        "off_topic": {**off_topic_counts(), "before": OFF_TOPIC_BEFORE},
        "off_topic_held_out": off_topic_counts(OFF_TOPIC_HELD_OUT),
        "off_topic_leisure_work": [off_topic_counts(path) for path in OFF_TOPIC_LEISURE_WORK],
        "off_question_held_out": [ordered_right(path) for path in OFF_QUESTION_HELD_OUT],
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2))
    load = os.getloadavg()[0]
    result["load_average_1min"] = load
    RESULTS.write_text(json.dumps(result, indent=2))
    print(f"{len(pairs)} labelled pairs (tests/fixtures/feedback/labelled_pairs.json) and {len(held_out)} held-out "
          f"pairs; a tie counts as wrong; load average {load:.1f} (the timing moves with it)")
    print()
    print("| measure | value |")
    print("|---|---|")
    print(f"| pairs ordered right, now | {right} of {len(pairs)} ({result['accuracy']:.0%}) |")
    print(f"| pairs ordered right, before (old scoring) | {BEFORE['right']} of {BEFORE['pairs']} "
          f"({BEFORE['right'] / BEFORE['pairs']:.0%}) |")
    print(f"| held-out pairs ordered right | {held_right} of {len(held_out)} ({held_right / len(held_out):.0%}) |")
    for pattern, (ok, n) in result["by_pattern"].items():
        print(f"| labelled, {pattern} | {ok} of {n} |")
    off = result["off_topic"]
    print(f"| off-topic answers called off-topic (off_topic_cases.json), now / before | {off['caught']} of "
          f"{off['off_topic']} / {OFF_TOPIC_BEFORE['caught']} of {off['off_topic']} |")
    print(f"| on-topic near misses called off-topic (false alarms), now / before | {off['false_alarms']} of "
          f"{off['on_topic']} / {OFF_TOPIC_BEFORE['false_alarms']} of {off['on_topic']} |")
    held = result["off_topic_held_out"]
    print(f"| held-out off-topic cases (off_topic_heldout.json): caught, false alarms | {held['caught']} of "
          f"{held['off_topic']}, {held['false_alarms']} of {held['on_topic']} |")
    for path, counts in zip(OFF_TOPIC_LEISURE_WORK, result["off_topic_leisure_work"], strict=True):
        print(f"| work in leisure's words ({path.name}): caught, false alarms | {counts['caught']} of "
              f"{counts['off_topic']}, {counts['false_alarms']} of {counts['on_topic']} |")
    for path, counts in zip(OFF_QUESTION_HELD_OUT, result["off_question_held_out"], strict=True):
        print(f"| held-out off-question pairs ({path.name}): ordered right | {counts['right']} of {counts['pairs']} |")
    print(f"| mean score, better / worse answer | {result['better_mean']:.2f} / {result['worse_mean']:.2f} |")
    good = result["approach_better"]
    print(f"| approach questions, better answers at {GOOD_APPROACH} or more (labelled and held-out) | {good['good']} of "
          f"{good['answers']} (mean {good['mean']:.2f}) |")
    print(f"| scoring one answer, median | {result['ms_per_answer_median']:.2f} ms |")


if __name__ == "__main__":
    main()
