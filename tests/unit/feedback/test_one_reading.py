"""One reading of an answer: the live interviewer and the report read the same words once, and agree on them."""

from __future__ import annotations

from agent_worker.core.answers.offtopic import answers_something_else
from agent_worker.core.listening import read_answer
from agent_worker.core.reading import answer as reading
from agent_worker.core.reading.tokens import sentences
from feedback.scoring import assess_answer

QUESTION = "Tell me about a time you fixed a problem at work."
ANSWER = ("I love hiking on weekends with my dog. Last spring our checkout service kept timing out in the evening peak. "
          "I profiled the slow requests, found the connection pool was exhausted and raised its limit. Timeouts dropped "
          "from about 40 a day to 2.")


def test_a_turn_analyses_an_answer_once_for_the_interviewer_and_the_report(monkeypatch):
    """The interviewer's reading, its off-topic check and the report's scoring used to analyse it three times."""
    calls = []
    original = reading.analyse_sentences
    monkeypatch.setattr(reading, "analyse_sentences", lambda *a, **k: calls.append(1) or original(*a, **k))
    reading._read.cache_clear()
    reading._read_whole.cache_clear()
    read_answer(ANSWER)
    answers_something_else(QUESTION, ANSWER)
    assess_answer(QUESTION, ANSWER)
    assert len(calls) == 1


def test_the_interviewer_hears_the_results_the_report_scores():
    assessment = assess_answer(QUESTION, ANSWER)
    live = read_answer(ANSWER)
    assert live.results == tuple(r.text for r in assessment.results)
    assert live.result_said == "from about 40 a day to 2"


def test_a_report_marking_its_sentences_leaves_the_shared_reading_as_it_was():
    first = reading.read(ANSWER).sentence_list()
    first[0].job_words = ["checkout"]
    assert reading.read(ANSWER).sentences[0].job_words == []


def test_an_answer_of_empty_sentences_has_no_sentence_and_splits_in_one_pass():
    text = ". " * 4000
    assert sentences(text) == []
    assert sentences("We met Dr. Patel at St. Mary's. No. 1 was the ward.")[0].text == "We met Dr. Patel at St. Mary's."


ONE_OFFS = (
    "The flour delivery did not come on Friday, so I rang the provider and I sat with them until it was delivered "
    "within two hours.",
    "The cake cracked an hour before the party. I remade it that afternoon and I drove it over; it was delivered "
    "on time.",
)


def test_a_short_one_off_story_is_a_story_for_the_interviewer_and_the_report():
    """c9587fd taught the interviewer that "I rang", "I remade it" are the candidate's steps, told once; the report's
    `tells_a_story` reads them with the same functions now (it used to count neither as a step)."""
    from agent_worker.core.answers.offtopic import read_sentences
    from feedback.scoring.rubrics import tells_a_story

    for answer in ONE_OFFS:
        analysed, results = read_sentences(answer, list(sentences(answer)))
        assert read_answer(answer).story
        assert tells_a_story(answer, analysed, results)

