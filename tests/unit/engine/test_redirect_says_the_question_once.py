"""Bringing a candidate back to a motivation question says the question once. Before, "What keeps you going when
the work gets hard?" answered with a weekend was told "Thanks for sharing that. I'd still like to hear your answer to
my question, what keeps you going when the work gets hard — what keeps you going at work when it gets hard?", and
"What motivates you at work?" "…what motivates you at work — what keeps you going at work when it gets hard?": the
pointer after the dash asked the question again. Checked over every question of the banks (the engine's default
bank, its follow-up ladder and generic questions, the seeded roles' banks) and the fixtures' questions."""

import importlib
import json
import re
from pathlib import Path

import pytest

from agent_worker.core.bank import DEFAULT_BANK, GENERIC_QUESTIONS
from agent_worker.core.followups import about_motivation, redirect_line
from agent_worker.core.ladder import STAR_LADDER
from agent_worker.core.listening import read_answer

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SEEDED = importlib.import_module("interviews.migrations.0002_seed_roles_and_plans")
FOR_JUNIORS = importlib.import_module("interviews.migrations.0006_question_levels").FOR_JUNIORS


def _fixture_questions() -> list[str]:
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("question"), str):
                found.append(node["question"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(FIXTURES.rglob("*.json")):
        walk(json.loads(path.read_text()))
    return found


def _all_questions() -> list[str]:
    texts = [e["text"] for e in DEFAULT_BANK] + GENERIC_QUESTIONS + [t for r in STAR_LADDER.values() for t in (*r.named, *r.plain)]
    texts += [text for role in SEEDED.ROLES for items in role["questions"].values() for text, _ in items]
    texts += [text for _, text, _, _ in FOR_JUNIORS] + _fixture_questions()
    # A shape no bank holds since the follow-up ladder lost its unused wordings for self-introductions.
    texts.append("Where would you like your career to be in a couple of years?")
    filled = (t.replace("{role}", "Sales").replace("{company}", "Acme") for t in texts)
    return sorted({t for t in filled if about_motivation(t)})


QUESTIONS = _all_questions()
ELSEWHERE = (
    "Honestly my weekends are mostly about my dog and hiking. Last month we did this trail up near Traverse City and "
    "it rained the whole time, but it was still kind of great, we saw a bald eagle.",
    "My boss at Brightside never listens, to be honest. He changes the schedule every week without telling anyone and "
    "then blames the front desk when patients get upset.",
)
_STOP = {"what", "about", "your", "you", "the", "this", "that", "with", "work", "itself", "and", "for", "when", "to",
         "in", "at", "a", "of", "it", "do", "does", "are", "is", "me", "my", "i'd", "hear", "still", "like"}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower())


def test_the_banks_hold_motivation_questions_of_many_shapes():
    assert len(QUESTIONS) >= 15
    assert {q.split()[0] for q in QUESTIONS} >= {"What", "Why", "How", "Where"}


@pytest.mark.parametrize("answer", ELSEWHERE)
@pytest.mark.parametrize("question", QUESTIONS)
def test_the_way_back_says_the_question_once(question, answer):
    line = redirect_line(question, answer, read_answer(answer))
    if not line:
        return  # not brought back (the grievance is heard as leaving for something), nothing said twice
    words = _words(line)
    runs = [" ".join(words[i:i + 3]) for i in range(len(words) - 2)]
    assert len(runs) == len(set(runs)), line  # no three words said twice
    assert line.count("?") <= 1, line
    # what follows the question asks nothing the question already asked (its own words: "keeps you going")
    _, _, pointer = line.partition(" — ")
    assert not (set(_words(pointer)) - _STOP) & set(_words(question)), line
    if "going" in _words(question) or "motivat" in question.lower():
        assert not re.search(r"keeps? you going|motivat", pointer), line
    # said back as something to hear, not left as a question inside the sentence ("why are you interested")
    assert not re.search(r"hear (?:what|why|how|where|which) (?:do|does|are|is|would|can) you\b", line), line


@pytest.mark.parametrize(("question", "line"), [
    ("What keeps you going when the work gets hard?",
     "Thanks for sharing that. I'd still like to hear what keeps you going when the work gets hard."),
    ("What motivates you at work?", "Thanks for sharing that. I'd still like to hear what motivates you at work."),
    ("Why are you interested in this role?",
     "Thanks for sharing that. I'd still like to hear why you are interested in this role in particular — what about "
     "the work itself appeals to you?"),
    ("Tell me what motivates you.", "Thanks for sharing that. I'd still like to hear what motivates you."),
    ("What matters most to you in your work?",
     "Thanks for sharing that. I'd still like to hear what matters most to you in your work."),
    ("What is it that keeps you going?", "Thanks for sharing that. I'd still like to hear what it is that keeps you "
     "going."),
])
def test_questions_of_other_shapes_are_said_back_once(question, line):
    assert redirect_line(question, ELSEWHERE[0], read_answer(ELSEWHERE[0])) == line
