"""What an answer was about, said back in the advice: whole words, ending where a sentence could (the lead's walk,
session 8: "…messy records from a thousand sources that have to." was cut mid-clause at twenty words)."""

from feedback.scoring import assess_answer

SPECIFIC_TIME = "Can you pick one specific time: what was going on, and what did you do?"


def _first_advice(question, answer):
    return assess_answer(question, answer).improvements[0].text


def test_a_sentence_with_a_colon_is_said_back_by_its_first_part():
    advice = _first_advice(SPECIFIC_TIME, "Your identity graph is exactly the kind of problem I want: messy records from a "
                           "thousand sources that have to be matched and checked. Matching ledgers to bank exports is a "
                           "small version of that, and I'd like to learn Redshift and do it at scale.")
    assert "than what was asked: your identity graph is exactly the kind of problem you want. It cannot" in advice


def test_a_long_sentence_is_cut_on_a_word_that_ends_it_not_on_with_your():
    advice = _first_advice("Tell me about a time you disagreed with a colleague.",
                           "My favourite thing in the whole wide world is walking along the river on a sunny Sunday "
                           "morning with my two dogs and a very large cup of coffee from the bakery.")
    assert "on a sunny Sunday morning. It cannot score well here." in advice
