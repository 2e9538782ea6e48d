"""A junior practising for Sales (a student's resume, session 7's walk) was asked "How did you build and manage your
pipeline to hit your number last year?": a bank question had one level or none, so a question only an experienced
seller can answer reached every level. A question now suits several levels (`levels`)."""

import copy
import importlib

import pytest

from agent_worker.core.bank import fits_level, load_bank
from agent_worker.core.simulate import simulate
from agent_worker.core.sources import bank_for
from tests.unit.engine.checks import asked
from tests.unit.engine.test_walk_student import LEO, LEO_RESUME

QUOTA = "How did you build and manage your pipeline to hit your number last year?"
SEEDED = importlib.import_module("interviews.migrations.0002_seed_roles_and_plans")
LEVELS = importlib.import_module("interviews.migrations.0006_question_levels")


def sales_bank() -> list[dict]:
    """The Sales bank as the migrations leave it (the seeded rows, their levels, the juniors' questions)."""
    spec = next(role for role in SEEDED.ROLES if role["slug"] == "sales")
    bank = [{"stage": "greeting", "text": text, "tags": ["ready"]} for text in SEEDED.GREETING_QUESTIONS]
    for stage, questions in spec["questions"].items():
        for n, (text, competency) in enumerate(questions):
            bank.append({"stage": stage, "text": text, "competency": competency,
                         "tags": ["opener"] if n == 0 and stage != "closing" else [],
                         "levels": LEVELS.EXPERIENCED if text in LEVELS.FOR_SELLERS else []})
    for stage, text, competency, tags in LEVELS.FOR_JUNIORS:
        bank.append({"stage": stage, "text": text, "competency": competency or None, "tags": tags, "levels": ["junior"]})
    return bank


def test_a_question_can_suit_several_levels_and_a_student_is_asked_like_a_junior():
    assert fits_level(["mid", "senior"], "senior") and fits_level(["mid", "senior"], "staff")
    assert not fits_level(["mid", "senior", "manager"], "junior")
    assert not fits_level(["mid", "senior", "manager"], "student") and not fits_level(["mid"], "intern")
    assert fits_level([], "junior") and fits_level(["junior"], "student")
    # Banks stored before (a single `level`) still load as one level.
    assert load_bank([{"stage": "self_intro", "text": "Why?", "level": "senior"}])[0].levels == ("senior",)


@pytest.mark.parametrize("level", ["junior", "student", "intern"])
def test_a_junior_or_student_bank_holds_no_question_for_experienced_sellers(level):
    bank = load_bank(sales_bank())
    for stage in ("self_intro", "past_experience", "closing"):
        texts = [q.text for q in bank_for(bank, stage, level)]
        assert QUOTA not in texts and not set(LEVELS.FOR_SELLERS) & set(texts), (stage, texts)
        assert texts, stage  # still something to ask in every stage
    openers = [q.text for q in bank_for(bank, "past_experience", level) if "opener" in q.tags]
    assert openers == ["Tell me about a time you persuaded someone to say yes to something. What did you do, and "
                       "how did it go?"]


def _interview(level: str, seed: str) -> list[str]:
    answers = ["Yes, ready.", LEO, *(["In Enactus I led a group of nine students. The first week nobody talked, so "
                                      "I split them into pairs with a budget game, and by week three every one of "
                                      "them presented a budget."] * 12)]
    events = simulate({"seed": seed, "candidate": {"name": "Leo Leopard", "role": "Sales", "level": level,
                                                   "resume_text": LEO_RESUME, "question_bank": copy.deepcopy(sales_bank())},
                       "turns": [{"say": a, "delay_seconds": 2} for a in answers]})
    return [e["data"]["text"] for e in asked(events)]


@pytest.mark.parametrize("level", ["junior", "student"])
def test_a_junior_or_student_interview_never_asks_about_hitting_their_number(level):
    for seed in ("a", "b", "c", "d", "e", "f"):
        questions = _interview(level, seed)
        assert not any("your number" in q or "you've been selling" in q or "the way you sell" in q for q in questions), \
            (seed, questions)


def test_a_senior_sellers_interview_can_ask_about_hitting_their_number():
    bank = load_bank(sales_bank())
    assert QUOTA in [q.text for q in bank_for(bank, "past_experience", "senior")]
    assert QUOTA in [q.text for q in bank_for(bank, "past_experience", "mid")]
    assert any(any("your number" in q for q in _interview("senior", seed)) for seed in "abcdefghij")
