"""Over every script the tests keep (the golden simulations, re-run against today's code by
test_simulate_golden.py): no follow-up intent used three times in one interview, and no two follow-ups in the same
words, the candidate's own words set aside ("Looking back at the migration, what would you do differently?" and
"Looking back at the rota, …" are the same words) (issue 28)."""

from collections import Counter

import pytest

from agent_worker.core.asks import THREAD_INTENTS, intents_of
from agent_worker.core.text import normalise
from tests.unit.engine.golden import load

CASES = [case for case in load() if case.get("events")]


def follow_ups(events: list[dict]) -> list[str]:
    return [e["data"]["text"] for e in events
            if e["type"] == "question.asked" and e["data"].get("kind") == "follow_up"]


def own_words(text: str, said: set[str]) -> str:
    return " ".join(w for w in normalise(text).split() if w not in said)


def test_the_kept_scripts_ask_follow_ups():
    assert sum(len(follow_ups(case["events"])) for case in CASES) >= 200


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["name"])
def test_no_follow_up_intent_three_times_and_no_two_follow_ups_in_the_same_words(case):
    asked = follow_ups(case["events"])
    uses = Counter(intent for text in asked for intent in intents_of(text) & THREAD_INTENTS)
    assert not [intent for intent, n in uses.items() if n >= 3], (uses, asked)
    said = {w for e in case["events"] if e["type"] == "candidate.said" for w in normalise(e["data"]["text"]).split()}
    wordings = Counter(own_words(text, said) for text in asked)
    assert not [w for w, n in wordings.items() if n >= 2], asked
