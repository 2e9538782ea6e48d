import json
from pathlib import Path

import pytest

from feedback.analysis import InterviewAnalysis, analyse_interview, round_half_up
from feedback.textstats import Span

from .events import EventLog

COMPETENCIES = ["problem solving", "communication", "leadership", "teamwork"]

SPOKEN_1 = (
    "Um, at my last job we had a slow checkout page. My task was to make it faster. "
    "So I profiled the service and, like, added a Redis cache."
)  # 29 words
SPOKEN_2 = "It cut latency by 40% and saved $12k a month for the whole team, you know."  # 16 words
TYPED = "Basically I think maybe I would probably ask the team what they need."  # 13 words

# "So I profiled the service and, like," ends at 4.0 s; "added" starts at 6.5 s: a 2.5 s pause.
WORDS_1 = [{"word": w, "start": i * 0.5, "end": i * 0.5 + 0.4} for i, w in enumerate("um at my last job".split())] + [
    {"word": "like", "start": 3.6, "end": 4.0},
    {"word": "added", "start": 6.5, "end": 6.9},
]


def crafted_interview() -> EventLog:
    """A voice answer, a typed answer and an unanswered question, over two stages."""
    log = EventLog().start(0).enter("self_intro", 0, index=0)
    log.ask("self_intro", "q1", "Tell me about a project you're proud of.", 5, 10, competency="problem solving")
    log.say("self_intro", "q1", SPOKEN_1, 12.5, 32.5, words=WORDS_1)
    log.say("self_intro", "q1", SPOKEN_2, 35.5, 45.5)
    log.assess("self_intro", "q1", 4, 46, key_points=["profiled", "cache"])
    log.exit("self_intro", 48, "natural", questions=1, seconds=48)
    log.enter("past_experience", 48, index=1)
    log.agent("past_experience", "Thanks. Let's talk about working with others.", 48, 50)
    log.ask("past_experience", "q2", "How do you handle a disagreement?", 50, 54, competency="Communication")
    log.say("past_experience", "q2", TYPED, 60, 60, source="text")
    log.ask("past_experience", "q3", "Tell me about a time you led a team.", 70, 76, competency="leadership")
    log.add("candidate.reprompted", "past_experience", 96, question_id="q3", text="Take your time.")
    log.exit("past_experience", 120, "inactivity", questions=2)
    log.end(121, "completed")
    return log


@pytest.fixture
def analysis() -> InterviewAnalysis:
    return analyse_interview(crafted_interview().events, competencies=COMPETENCIES)


@pytest.fixture
def spoken(analysis):
    return analysis.answer_for("q1")


@pytest.fixture
def typed(analysis):
    return analysis.answer_for("q2")


def test_it_groups_consecutive_utterances_to_one_question_into_one_answer(analysis, spoken):
    assert [a.question_id for a in analysis.answers] == ["q1", "q2"]
    assert spoken.utterances == 2
    assert spoken.text == f"{SPOKEN_1} {SPOKEN_2}"
    assert spoken.source == "voice"


def test_it_measures_words_speaking_time_and_words_per_minute(spoken):
    assert spoken.words == 45
    assert spoken.speaking_seconds == 30.0
    assert spoken.words_per_minute == 90.0


def test_it_measures_time_to_first_word_from_the_end_of_the_agents_question(spoken):
    assert spoken.time_to_first_word_seconds == 2.5


def test_it_counts_pauses_between_words_and_between_utterances(spoken):
    assert spoken.pause_count == 2
    assert spoken.longest_pause_seconds == 3.0


def test_it_counts_fillers_per_minute_of_speech(spoken):
    assert spoken.fillers == {"like": 1, "um": 1, "you know": 1}
    assert spoken.filler_count == 3
    assert spoken.fillers_per_minute == 6.0


def test_it_finds_each_star_part_by_what_its_sentence_does(spoken):
    assert spoken.star_parts == ["situation", "task", "action", "result"]
    assert spoken.star["situation"] == [Span(0, 47, "Um, at my last job we had a slow checkout page.")]
    assert spoken.star["task"] == [Span(48, 78, "My task was to make it faster.")]
    assert spoken.star["action"] == [Span(79, 136, "So I profiled the service and, like, added a Redis cache.")]
    assert spoken.star["result"] == [Span(137, 211, SPOKEN_2)]
    assert spoken.text[137:211] == SPOKEN_2


def test_it_finds_results_as_the_clause_that_says_what_changed_and_by_how_much(spoken):
    assert [r.text for r in spoken.quantified] == ["It cut latency by 40% and saved $12k"]
    assert spoken.text[spoken.quantified[0].start : spoken.quantified[0].end] == "It cut latency by 40% and saved $12k"


def test_the_score_comes_from_the_content_and_the_interviewers_depth_is_kept_beside_it(spoken):
    assert (spoken.depth, spoken.depth_source, spoken.key_points) == (4, "interviewer", ["profiled", "cache"])
    assert spoken.question_type == "story"
    assert spoken.score == 4.7
    assert spoken.explanation[0] == "1 to start"
    assert '+1.3 for a result with an amount ("It cut latency by 40% and saved $12k")' in spoken.explanation
    assert spoken.explanation[-1] == "= 4.7"
    assert [s.key for s in spoken.strengths] == ["result", "own_action"]
    assert all(s.quote in spoken.text for s in spoken.strengths)


def test_a_typed_answer_has_no_speech_measures_but_still_counts_fillers_and_hedges(typed):
    assert typed.source == "text"
    assert typed.speaking_seconds is None
    assert typed.words_per_minute is None
    assert typed.time_to_first_word_seconds is None
    assert typed.pause_count is None
    assert typed.longest_pause_seconds is None
    assert typed.fillers_per_minute is None
    assert typed.fillers == {"basically": 1}
    assert typed.hedges == {"i think": 1, "maybe": 1, "probably": 1}


def test_without_an_assessment_the_score_still_says_why(typed):
    # "How do you handle a disagreement?" asks how they work: one hedged step in 13 words is too thin to show it.
    assert (typed.depth, typed.depth_source, typed.question_type) == (2, "content", "approach")
    assert typed.score == 1.5
    assert typed.explanation[-1] == "= 1.5"
    assert {i.key for i in typed.improvements} >= {"short", "no_reason"}
    assert typed.example_answer.startswith("I would ask the team what they need.")
    assert "Your turn:" in typed.example_answer


def test_it_scores_competencies_on_the_roles_fixed_list_and_reports_coverage(analysis):
    assert analysis.competency_scores() == {
        "problem solving": 4.7,
        "communication": 1.5,
        "leadership": None,
        "teamwork": None,
    }
    coverage = {c.name: (c.asked, c.answered) for c in analysis.competencies}
    assert coverage == {"problem solving": (1, 1), "communication": (1, 1), "leadership": (1, 0), "teamwork": (0, 0)}
    assert analysis.uncovered_competencies == ["teamwork"]
    leadership = analysis.competencies[2]
    assert leadership.explanation == ["1 question asked, none answered"]


def test_a_competency_named_in_another_case_still_counts(typed):
    assert typed.competency == "communication"
    assert typed.counts_for_competency


def test_the_overall_score_is_the_mean_of_competencies_with_data(analysis):
    assert analysis.overall_score == 3.1
    assert analysis.overall_explanation == [
        "mean of 2 competencies with answers (problem solving 4.7, communication 1.5)"
    ]


def test_unanswered_questions_are_skipped(analysis):
    assert [(q.question_id, q.answered) for q in analysis.questions] == [("q1", True), ("q2", True), ("q3", False)]
    assert analysis.answer_for("q3") is None


def test_talk_ratio_counts_voice_speech_against_the_agents_speech(analysis):
    assert analysis.candidate_speaking_seconds == 30.0
    assert analysis.agent_speaking_seconds == 17.0
    assert analysis.talk_ratio == 0.638


def test_it_reports_stage_durations_questions_and_forced_transitions(analysis):
    stages = [(s.name, s.seconds, s.questions_asked, s.questions_answered, s.exit_reason, s.transition)
              for s in analysis.stages]
    assert stages == [
        ("self_intro", 48.0, 1, 1, "natural", "natural"),
        ("past_experience", 72.0, 2, 1, "inactivity", "forced"),
    ]
    assert analysis.transitions == {"natural": 1, "forced": 1, "ended": 0}


def test_it_summarises_speech_over_the_voice_answers(analysis):
    speech = analysis.speech
    assert (speech.words, speech.speaking_seconds, speech.words_per_minute) == (58, 30.0, 90.0)
    assert (speech.filler_count, speech.fillers_per_minute, speech.hedge_count) == (4, 6.0, 3)
    assert speech.mean_time_to_first_word_seconds == 2.5


def test_it_keeps_the_transcript_by_stage(analysis):
    assert analysis.transcript_text().splitlines()[:4] == [
        "[self_intro]",
        "Interviewer: Tell me about a project you're proud of.",
        f"Candidate: {SPOKEN_1} {SPOKEN_2}",
        "[past_experience]",
    ]


def test_the_analysis_survives_a_json_round_trip(analysis):
    restored = InterviewAnalysis.model_validate(json.loads(json.dumps(analysis.model_dump())))
    assert restored == analysis


# An analysis as Report.analysis stored it before the pydantic adapter (the dataclasses' to_dict), made
# from crafted_interview() by the code of that time.
STORED_ANALYSIS = Path(__file__).resolve().parents[2] / "fixtures" / "feedback" / "stored_analysis_v2.json"


def test_an_analysis_stored_before_loads_and_dumps_to_the_same_json():
    stored = json.loads(STORED_ANALYSIS.read_text())
    restored = InterviewAnalysis.model_validate({**stored, "added_by_a_newer_version": True})
    assert restored.answers[0].star["result"][0].text
    assert restored.answers[0].strengths[0].key
    assert json.dumps(restored.model_dump()) == json.dumps(stored)


def test_a_stored_analysis_with_a_broken_part_is_refused_not_half_read():
    stored = json.loads(STORED_ANALYSIS.read_text())
    stored["answers"][0]["score"] = "high"
    with pytest.raises(ValueError, match="score"):
        InterviewAnalysis.model_validate(stored)


def test_star_highlights_cover_the_whole_answer_in_order(spoken):
    segments = spoken.highlight_segments()
    assert "".join(text for text, _part in segments) == spoken.text
    assert [part for _text, part in segments if part] == ["situation", "task", "action", "result"]


def test_an_interview_without_answers_says_so_and_has_no_scores():
    log = EventLog().start(0).enter("greeting", 0)
    log.ask("greeting", "q1", "Are you ready to begin?", 1, 3)
    log.ask("greeting", "q2", "Tell me about yourself.", 25, 28, competency="communication")
    log.say("greeting", "q2", "   ", 30, 31)
    log.exit("greeting", 60, "inactivity", questions=2).end(61, "no_answers")
    analysis = analyse_interview(log.events, competencies=["communication", "leadership"])
    assert analysis.has_answers is False
    assert analysis.answers == []
    assert analysis.competency_scores() == {"communication": None, "leadership": None}
    assert analysis.overall_score is None
    assert analysis.talk_ratio is None
    assert analysis.speech.words_per_minute is None
    assert analysis.end_reason == "no_answers"


def test_an_empty_event_list_is_an_interview_without_answers():
    analysis = analyse_interview([], competencies=["communication"])
    assert (analysis.has_answers, analysis.overall_score, analysis.stages) == (False, None, [])


def test_a_text_interview_has_no_talk_ratio():
    log = EventLog().start(0).enter("self_intro", 0)
    log.ask("self_intro", "q1", "Tell me about yourself.", 1, 1, competency="communication")
    log.say("self_intro", "q1", "I am a backend engineer who builds payment systems in Python and Go.", 9, 9,
            source="text")
    analysis = analyse_interview(log.events, competencies=["communication"])
    assert analysis.talk_ratio is None
    assert analysis.speech.speaking_seconds is None
    assert analysis.overall_score is not None


def test_time_to_first_word_falls_back_to_when_the_question_was_asked():
    log = EventLog().start(0).enter("self_intro", 0)
    log.ask("self_intro", "q1", "Tell me about yourself.", 4, 4, competency="communication", spoken=False)
    log.say("self_intro", "q1", "I build payment systems.", 7.25, 9)
    answer = analyse_interview(log.events, competencies=["communication"]).answers[0]
    assert answer.time_to_first_word_seconds == 3.25
    assert answer.words_per_minute == round_half_up(4 / (1.75 / 60))


def test_events_are_read_in_seq_order():
    events = crafted_interview().events
    shuffled = list(reversed(events))
    assert analyse_interview(shuffled, competencies=COMPETENCIES) == analyse_interview(events, competencies=COMPETENCIES)


def test_a_long_repetitive_answer_is_marked_down_not_up():
    log = EventLog().start(0).enter("past_experience", 0)
    log.ask("past_experience", "q1", "Tell me about a project.", 0, 2, competency="ownership")
    text = "I think maybe it was probably fine. " + "We worked on the product together every day. " * 45
    log.say("past_experience", "q1", text, 3, 200)
    answer = analyse_interview(log.events, competencies=["ownership"]).answers[0]
    assert answer.words > 350
    assert answer.score <= 1.5
    assert any(line.startswith("−1.5 for padding") for line in answer.explanation)
    assert any(line.startswith("−0.5 for length (367 words") for line in answer.explanation)


def test_round_half_up_rounds_like_a_person():
    assert round_half_up(2.25) == 2.3
    assert round_half_up(0.6383, 3) == 0.638
    assert round_half_up(None) is None


def test_an_utterance_without_a_source_is_treated_as_typed():
    log = EventLog().start(0).enter("self_intro", 0)
    log.ask("self_intro", "q1", "Tell me about yourself.", 1, 2, competency="communication")
    event = log.say("self_intro", "q1", "I build payment systems in Go.", 3, 6).events[-1]
    del event["data"]["source"]
    answer = analyse_interview(log.events, competencies=["communication"]).answers[0]
    assert (answer.source, answer.words_per_minute) == ("text", None)


def test_a_mixed_answer_measures_speech_over_its_spoken_part_only():
    log = EventLog().start(0).enter("self_intro", 0)
    log.ask("self_intro", "q1", "Tell me about yourself.", 1, 2, competency="communication")
    log.say("self_intro", "q1", "I build payment systems, um, in Go.", 3, 7)  # 7 words in 4 s
    log.say("self_intro", "q1", "And I mentor two juniors.", 20, 20, source="text")
    answer = analyse_interview(log.events, competencies=["communication"]).answers[0]
    assert answer.source == "mixed"
    assert (answer.words, answer.speaking_seconds, answer.words_per_minute) == (12, 4.0, 105.0)
    assert answer.fillers_per_minute == 15.0
    assert answer.time_to_first_word_seconds == 1.0


def test_voice_utterances_without_durations_give_no_talk_ratio():
    log = EventLog().start(0).enter("self_intro", 0)
    log.ask("self_intro", "q1", "Tell me about yourself.", 1, 2, competency="communication")
    log.say("self_intro", "q1", "I build payment systems in Go.", 5, 5)
    analysis = analyse_interview(log.events, competencies=["communication"])
    assert analysis.talk_ratio is None
    assert analysis.answers[0].words_per_minute is None


def test_a_42_second_pause_in_a_spoken_answer_is_named_in_its_advice():
    log = EventLog().start(0).enter("past_experience", 0)
    log.ask("past_experience", "q1", "Tell me about a time you improved a process.", 0, 3, competency="ownership")
    log.say("past_experience", "q1", "At my last job invoices were checked by hand every week.", 4, 8)
    log.say("past_experience", "q1", "I wrote a script that matched them to orders.", 50, 54)  # 42 s of silence
    answer = analyse_interview(log.events, competencies=["ownership"]).answers[0]
    assert answer.longest_pause_seconds == 42.0
    pause = [i for i in answer.improvements if i.key == "long_pause"]
    assert pause and pause[0].quote is None
    assert "You paused for 42 seconds" in pause[0].text


def test_a_slow_start_is_named_only_when_it_matters():
    log = EventLog().start(0).enter("past_experience", 0)
    log.ask("past_experience", "q1", "Tell me about a time you improved a process.", 0, 3, competency="ownership")
    log.say("past_experience", "q1", "At my last job I wrote a script that matched invoices to orders.", 15, 20)
    log.ask("past_experience", "q2", "Tell me about a time you helped a colleague.", 30, 33, competency="ownership")
    log.say("past_experience", "q2", "I paired with a new analyst on her first SQL report for a week.", 35, 40)
    first, second = analyse_interview(log.events, competencies=["ownership"]).answers
    assert any(i.key == "slow_start" and "12 seconds" in i.text for i in first.improvements)
    assert not any(i.key == "slow_start" for i in second.improvements)


QUESTION_BACK = "How many nurses are on the night shift, and is there a preceptor program for new grads?"


def asked_back_interview() -> EventLog:
    """The crafted interview plus a fourth question the candidate answered only with a question of their own."""
    log = crafted_interview()
    log.events = [e for e in log.events if e["type"] != "interview.ended"]
    log.ask("past_experience", "q4", "What was the hardest part of the one-page checklist, and how did you get past it?",
            122, 126, competency="teamwork")
    log.say("past_experience", "q4", QUESTION_BACK, 130, 130, source="text")
    log.end(140, "completed")
    return log


def test_a_question_asked_back_counts_as_unanswered_everywhere_the_report_counts():
    analysis = analyse_interview(asked_back_interview().events, competencies=COMPETENCIES)
    plain = analyse_interview(crafted_interview().events, competencies=COMPETENCIES)
    back = analysis.answer_for("q4")

    assert back is not None and back.text == QUESTION_BACK  # still shown, with its plain note
    assert back.is_answered is False
    assert any("rather than answering" in i.text for i in back.improvements)
    assert next(q for q in analysis.questions if q.question_id == "q4").answered is False
    assert len(analysis.interview_questions()) == 4
    assert [a.question_id for a in analysis.answered_interview_answers()] == ["q1", "q2"]
    teamwork = next(c for c in analysis.competencies if c.name == "teamwork")
    assert teamwork.score is None and teamwork.asked == 1 and teamwork.answered == 0
    assert teamwork.explanation == ["1 question asked, none answered"]
    assert analysis.overall_score == plain.overall_score
    stage = next(s for s in analysis.stages if s.name == "past_experience")
    assert (stage.questions_asked, stage.questions_answered) == (3, 1)
    assert InterviewAnalysis.model_validate(json.loads(json.dumps(analysis.model_dump()))).answer_for("q4").is_answered is False
