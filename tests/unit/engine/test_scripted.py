"""The scripted interviewer: depth judge, fact-based questions, variety, never a repeated question."""

import itertools

import pytest

from agent_worker.core.scripted import judge_depth
from agent_worker.core.simulate import simulate
from agent_worker.core.text import word_overlap
from tests.unit.engine.scripts import CANDIDATE, STRONG, cooperative, vague

VAGUE = [
    "I guess I did some stuff with backend things.",
    "Various projects, you know, basically a lot of things.",
    "Not sure, I just worked on whatever came up.",
    "I think it went fine.",
    "We did some work on the servers and it was okay I guess, kind of a lot of things going on generally.",
    "Yes.",
]
SPECIFIC = [
    "At Acme in 2022 our checkout was timing out for 5% of users. My task was to fix it before Black Friday. I "
    "profiled the service, I found an N+1 query and I rewrote it with a batched loader. As a result p99 latency "
    "went from 2.4 seconds to 300 ms and failed checkouts dropped by 80%.",
    "When I was at Globex the team had no on-call process. I was responsible for setting one up, so I wrote "
    "runbooks, I introduced alert thresholds and I ran drills every month. In the end our mean time to recovery "
    "fell from 3 hours to 40 minutes, and pages dropped by half.",
    "Last year we needed to cut cloud costs. I analysed our AWS bill, I moved batch jobs to spot instances and I "
    "automated shutting down idle environments, which saved $18k a month, a 35% reduction.",
]


@pytest.mark.parametrize("answer", VAGUE)
def test_a_vague_answer_is_judged_one_or_two(answer):
    assert judge_depth(answer) in (1, 2)


@pytest.mark.parametrize("answer", SPECIFIC)
def test_a_specific_star_answer_with_numbers_is_judged_four_or_five(answer):
    assert judge_depth(answer) in (4, 5)


def test_a_concrete_answer_without_results_lands_in_between():
    answer = ("I built the internal deploy tool for our team. I wrote it in Go and I designed the plugin system "
              "so other teams could add their own steps.")
    assert 2 <= judge_depth(answer) <= 4


def questions(events):
    return [e["data"]["text"] for e in events if e["type"] == "question.asked"]


def many_candidates():
    roles = ["Backend Engineer", "Product Manager", "Data Scientist", "Designer"]
    levels = ["junior", "mid", "senior"]
    styles = [cooperative, vague]
    for n, (role, level, style) in enumerate(itertools.islice(itertools.cycle(itertools.product(roles, levels, styles)), 100)):
        script = style(f"seed-{n}")
        script["candidate"].update(role=role, level=level)
        if n % 3 == 0:
            script["candidate"]["resume_text"] = ""
        yield script


def test_across_100_interviews_no_two_questions_share_80_percent_of_their_words():
    openings = set()
    for script in many_candidates():
        events = simulate(script)
        asked = questions(events)
        assert [e for e in events if e["type"] == "question.rejected"] == []
        for a, b in itertools.combinations(asked, 2):
            assert word_overlap(a, b) < 0.8, (a, b)
        openings.add(asked[1])
    assert len(openings) >= 2  # wording varies by seed


def test_questions_are_built_from_resume_and_jd_facts():
    events = simulate(cooperative("facts"))
    asked = " ".join(questions(events))
    assert any(fact in asked for fact in ("You led the migration", "You built", "You reduced", "distributed systems",
                                          "Senior Software Engineer", "Kubernetes", "Python"))


def test_the_interviewer_acknowledges_answers_briefly():
    events = simulate(cooperative("ack"))
    lines = [e["data"]["text"] for e in events if e["type"] == "agent.said" and "question_id" in e["data"]]
    questions_only = set(questions(events))
    acknowledged = [line for line in lines if line not in questions_only]
    assert len(acknowledged) >= 2
    for line in acknowledged:
        ack = line.split(". ")[0]
        assert len(ack.split()) <= 14
    candidate_words = " ".join(STRONG)
    for line in lines:
        assert candidate_words.find(line[:60]) == -1  # never parrots the candidate at length


def test_a_role_brings_its_own_question_bank():
    bank = [{"stage": "self_intro", "text": "What got you into product management?", "competency": "motivation"},
            {"stage": "self_intro", "text": "Which product do you admire, and why?", "competency": "product_sense"},
            {"stage": "past_experience", "text": "Tell me about a launch you led end to end.", "competency": "ownership"},
            {"stage": "past_experience", "text": "Describe a roadmap trade-off you had to defend.", "competency": "judgement"}]
    script = cooperative("bank")
    script["candidate"].update(question_bank=bank, resume_text="", job_description="")
    asked = questions(simulate(script))
    assert "What got you into product management?" in asked or "Which product do you admire, and why?" in asked
    assert any(q in asked for q in ("Tell me about a launch you led end to end.",
                                    "Describe a roadmap trade-off you had to defend."))


def test_the_candidate_dict_is_not_changed():
    before = dict(CANDIDATE)
    simulate(cooperative())
    assert CANDIDATE == before
