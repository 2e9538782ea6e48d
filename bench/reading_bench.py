"""Reading cost: one turn's reading of an answer (the live interviewer's `read_answer` and the report's
`assess_answer` on the same words) by length, 1,000 to 8,000 characters, and by shape.

Shapes: ordinary prose (a told story, repeated), short sentences ("I did step 12."), empty sentences (". . ."), one-word
sentences ("Yes."), one run-on sentence with no full stop, long tokens (60 letters), repeated punctuation ("!?!?...").
The goal (issue 27): an 8,000-character answer of any shape at most 2x ordinary prose of that length, and that prose
at most 12x its first 1,000 characters. Each cell is the best of five runs with the reading caches emptied, so it is
the cost of reading a new answer, not of a cache hit, in CPU time (the machine is shared: wall time is mostly waiting).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "reading.json"
LENGTHS = (1000, 2000, 4000, 8000)
QUESTION = "Tell me about a time you fixed a problem at work."
PROSE = ("Last spring our checkout service kept timing out during the evening peak, and I was the on-call engineer that "
         "week. I profiled the slow requests with the tracing we had, found that the connection pool to Postgres was "
         "exhausted, and raised its limit after checking the database could take it. I also added an alert on pool "
         "saturation so we would see it before customers did. Timeouts dropped from about 40 a night to zero, and we "
         "have not had an incident of that kind since. ")
SHAPES = {
    "ordinary prose": PROSE,
    "short sentences": "I did step 12. ",
    "empty sentences": ". ",
    "one-word sentences": "Yes. ",
    "one run-on sentence": "and then I checked the pool and we raised the limit ",
    "long tokens": "x" * 60 + " ",
    "repeated punctuation": "!?!?...,,;; ",
}
GOAL_SHAPE = 2.0
GOAL_LENGTH = 12.0


def shaped(unit: str, length: int) -> str:
    return (unit * (length // len(unit) + 1))[:length]


def one_turn(text: str) -> float:
    """Seconds for a new answer to be read by the interviewer and scored by the report."""
    from agent_worker.core.answers.offtopic import small_talk_sentences
    from agent_worker.core.listening import read_answer
    from feedback.scoring import assess_answer, examples

    _forget_readings()
    small_talk_sentences.cache_clear()
    examples._cleaned.cache_clear()
    started = time.process_time()  # CPU time: other processes on a loaded machine do not inflate it
    read_answer(text)
    assess_answer(QUESTION, text)
    return time.process_time() - started


def _forget_readings() -> None:
    try:
        from agent_worker.core.reading import answer
    except ImportError:  # measured on a commit before the reading package, for the "before" table
        return
    answer._read.cache_clear()
    answer._read_whole.cache_clear()


def analyses_per_turn(text: str) -> int:
    """How many times one turn analyses an answer's sentences: the interviewer's reading, its off-topic check and the
    report's scoring, on an answer with a sentence of small talk (which the interviewer reads again)."""
    from agent_worker.core.answers import sentences
    from agent_worker.core.answers.offtopic import answers_something_else
    from agent_worker.core.listening import read_answer
    from agent_worker.core.reading import answer
    from feedback.scoring import assess_answer

    calls = 0
    original = answer.analyse_sentences

    def counted(*args, **kwargs):
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)

    answer._read.cache_clear()
    answer._read_whole.cache_clear()
    answer.analyse_sentences = counted  # type: ignore[assignment]
    sentences.analyse_sentences = counted  # type: ignore[assignment]
    try:
        read_answer(text)
        answers_something_else(QUESTION, text)  # the live off-topic check
        assess_answer(QUESTION, text)
    finally:
        answer.analyse_sentences = original  # type: ignore[assignment]
        sentences.analyse_sentences = original  # type: ignore[assignment]
    return calls


def main() -> int:
    import django

    django.setup()
    one_turn(PROSE)  # warm up: patterns compiled, modules loaded
    table: dict[str, list[float]] = {}
    for name, unit in SHAPES.items():
        table[name] = [min(one_turn(shaped(unit, n)) for _ in range(5)) * 1000 for n in LENGTHS]
    prose_8k = table["ordinary prose"][-1]
    growth = prose_8k / table["ordinary prose"][0]
    failures = []
    print("| shape | " + " | ".join(f"{n:,} chars (ms)" for n in LENGTHS) + " | 8,000 vs prose |")
    print("|---|" + "---:|" * (len(LENGTHS) + 1))
    for name, row in table.items():
        ratio = row[-1] / prose_8k
        if ratio > GOAL_SHAPE:
            failures.append(f"{name}: {ratio:.1f}x prose")
        print(f"| {name} | " + " | ".join(f"{ms:.1f}" for ms in row) + f" | {ratio:.2f}x |")
    print(f"\nOrdinary prose, 8,000 vs 1,000 characters: {growth:.1f}x (goal at most {GOAL_LENGTH:.0f}x); any shape at "
          f"8,000 characters at most {GOAL_SHAPE:.0f}x ordinary prose" + (f": missed by {', '.join(failures)}" if failures else ": met") + ".")
    analyses = analyses_per_turn("I love hiking on weekends with my dog. " + PROSE)
    print(f"An answer with a sentence of small talk is analysed {analyses} time(s) in one turn (the interviewer's "
          "reading, its off-topic check and the report's scoring).")
    if growth > GOAL_LENGTH:
        failures.append(f"prose grows {growth:.1f}x")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"lengths": LENGTHS, "ms": table, "prose_growth": growth, "failures": failures},
                                  indent=2) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
