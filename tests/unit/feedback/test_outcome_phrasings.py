"""Outcomes told the way each profession tells them are results; the setting's numbers are not.

The phrasings follow the shapes of the sample answers in public interview guides for sales, nursing,
teaching, support and finance roles (retold, not copied): a renewal with its term, seats added, a
patient discharged without a complication, a class that passed, a backlog cleared, money recovered.
"""

from __future__ import annotations

import pytest

from feedback.scoring import assess_answer
from tests.unit.feedback.test_scoring import results_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # sales
        ("The customer renewed for two years and added 20 seats.", "The customer renewed for two years and added 20 seats"),
        ("In the end they signed a three-year contract.", "In the end they signed a three-year contract"),
        ("I finished the year at 130% of quota.", "I finished the year at 130% of quota"),
        ("I closed a $250k deal with them in March.", "I closed a $250k deal"),
        ("They renewed for another year.", "They renewed for another year"),
        # nursing
        ("She went home two days later without a respiratory event.", "She went home two days later without a respiratory event"),
        ("He was discharged on day three with no complications.", "He was discharged on day three with no complications"),
        # teaching
        ("All 26 students passed the end-of-unit test.", "All 26 students passed the end-of-unit test"),
        ("Both of them moved up two reading levels by March.", "Both of them moved up two reading levels"),
        ("Twenty-four of my twenty-eight pupils passed the exam.", "Twenty-four of my twenty-eight pupils passed the exam"),
        # support
        ("I cleared the backlog of refund tickets in three days.", "I cleared the backlog of refund tickets in three days"),
        ("Our satisfaction score went from 71 to 88.", "Our satisfaction score went from 71 to 88"),
        # finance
        ("I recovered $42,000 in duplicate payments.", "I recovered $42,000"),
        ("The audit came back with zero findings.", "The audit came back with zero findings"),
        ("We exceeded our savings target by 15 percent.", "We exceeded our savings target by 15 percent"),
    ],
)
def test_outcomes_in_each_professions_words_are_results(text, expected):
    found = results_of(text)
    assert found and found[0] == expected, found


@pytest.mark.parametrize(
    "text",
    [
        "I managed 40 accounts with a combined value of $2m.",
        "I had 30 students in my class and 6 of them had reading plans.",
        "I was a nurse on a 28-bed ward for two years.",
        "I spent 60% of my time on renewals and 40% on new business.",
        "The contract ran for two years.",
        "Two days later I called the customer back.",
        "I went home two days later and slept.",
        "In March 2023 we added 12 people to the support team.",
        "I was the night nurse for a patient whose oxygen saturation dropped to 88 percent.",
        "The renewal was due in two months and they were using 20 seats.",
    ],
)
def test_the_settings_numbers_stay_not_results(text):
    assert results_of(text) == []


def test_the_nurse_is_credited_with_the_patients_outcome_not_with_the_problem():
    answer = ("I was the night nurse for a post-op patient whose oxygen saturation dropped to 88 percent. I raised the "
              "head of the bed, started her on two litres of oxygen and called the rapid response team within five "
              "minutes. She went home two days later without a respiratory event.")
    verdict = assess_answer("Tell me about a time you cared for a deteriorating patient.", answer)
    contract = verdict.to_contract(answer)
    assert contract["results"] == ["She went home two days later without a respiratory event"]
    assert contract["star"]["result"] == "She went home two days later without a respiratory event."
    assert not (contract["star"]["result"] or "").startswith("I was the night nurse")


def test_a_renewal_with_its_term_is_not_told_to_add_a_number():
    answer = ("Our biggest customer was unhappy after a failed rollout and had told us they would not renew. I set up "
              "weekly calls with their operations lead and rebuilt their onboarding plan myself. The customer renewed "
              "for two years and added 20 seats.")
    verdict = assess_answer("Tell me about a time you saved an at-risk account.", answer)
    assert verdict.to_contract(answer)["results"] == ["The customer renewed for two years and added 20 seats"]
    assert not any(i.key in {"no_amount", "no_result"} for i in verdict.improvements)
    assert any(s.key == "result" for s in verdict.strengths)
