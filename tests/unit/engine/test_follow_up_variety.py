"""Follow-ups that do not repeat themselves (issue 28): one interview asked "why that choice, and what else did you
consider?" three times in near-identical words, another "looking back at X, what would you do differently next
time?" twice. A follow-up's probe (`asks.THREAD_INTENTS`) is asked at most twice an interview and never in the same
words (`asks.overused`, read by the engine's duplicate rule for any brain); its subject is what the candidate did or
chose, never an employer, and always a noun phrase."""

from collections import Counter

import pytest

from agent_worker.core.asks import MAX_INTENT_USES, THREAD_INTENTS, intents_of, overused
from agent_worker.core.followups import follow_up_options
from agent_worker.core.reading.tokens import words
from agent_worker.core.text import normalise
from tests.unit.engine import golden

CASES = golden.load()


def follow_ups_of(events: list[dict]) -> tuple[list[str], set[str]]:
    said: set[str] = set()
    asked = []
    for event in events:
        if event["type"] == "candidate.said":
            said.update(words(event["data"].get("text", "")))
        elif event["type"] == "question.asked" and event["data"].get("kind") == "follow_up":
            asked.append(event["data"]["text"])
    return asked, said


def test_over_every_script_the_tests_keep_no_follow_up_intent_is_used_three_times_nor_two_in_the_same_words():
    overused_in, same_words_in = [], []
    for case in CASES:
        asked, said = follow_ups_of(case.get("events") or [])
        uses = Counter(intent for text in asked for intent in intents_of(text) & THREAD_INTENTS)
        if uses and max(uses.values()) > MAX_INTENT_USES:
            overused_in.append((case["name"], uses.most_common(1)))
        wordings = [tuple(w for w in normalise(text).split() if w not in said) for text in asked]
        if len(set(wordings)) < len(wordings):
            same_words_in.append(case["name"])
    assert len(CASES) >= 200
    assert overused_in == []
    assert same_words_in == []


def test_why_that_choice_and_what_else_did_you_consider_is_not_asked_a_third_time():
    earlier = ["Why did you go with the shared calendar? What else was on the table?",
               "What made the night-shift rota the right call? What else did you consider?"]
    assert overused("Why did you go with the new labels? What else was on the table?", earlier) == 1
    assert overused("What came of the new labels? What changed once it was in place?", earlier) is None


def test_looking_back_at_x_what_would_you_do_differently_next_time_is_never_asked_twice_in_the_same_words():
    earlier = ["Looking back at the menu change, what would you do differently next time?"]
    said = set(words("I changed the menu and then I moved the allergen board"))
    assert overused("Looking back at the allergen board, what would you do differently next time?", earlier, said) == 0
    assert overused("On the allergen board, how did you bring along the people it affected?", earlier, said) is None


def test_why_did_you_go_with_an_employer_is_not_asked_after_a_story_whose_decision_was_elsewhere():
    options = [text for _, text in follow_up_options("past_experience", ["why", "own_part"], "Tesco", "mid", False,
                                                     kind="place")]
    assert options and not any("Tesco?" in text or "go with Tesco" in text for text in options)


@pytest.mark.parametrize("anchor", ["API", "SAP"])
def test_what_came_of_api_is_asked_as_their_work_with_it(anchor):
    options = [text for _, text in follow_up_options("past_experience", ["result"], anchor, "mid", False, kind="name")]
    assert f"What came of {anchor}?" not in " ".join(options)
    assert any(f"your work with {anchor}" in text for text in options)
