"""What a candidate's question asks about, said back when the posting does not answer it: a level word keeps the job
title after it (the lead's walk, session 8: "doesn't say anything about the first three months or a junior")."""

from agent_worker.core.followups import answer_candidate_question, question_topics

JD = [("the job description", "Data Scientist\nSan Francisco, CA\nYou will analyse our identity graph with Redshift and Pregel, and "
                               "report to the head of data science.")]


def test_a_level_word_keeps_the_title_that_follows_it():
    phrases = [p for p, _ in question_topics("What do the first three months look like for a junior data scientist?", JD)]
    assert "a junior data scientist" in phrases


def test_the_honest_no_names_the_whole_phrase():
    said = answer_candidate_question("What does the first three months look like for a junior data scientist on the team?", JD)
    assert "a junior data scientist" in said and "or a junior," not in said


def test_title_words_alone_are_still_no_topic():
    assert question_topics("What does a data scientist do here?", JD) == []
