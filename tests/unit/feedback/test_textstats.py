import pytest

from feedback import textstats


def names(matches):
    return [name for _start, _end, name in matches]


def test_it_counts_words_with_contractions_decimals_and_hyphens_as_one():
    assert textstats.word_count("I don't know, 3.5 or 2,000 state-of-the-art — ok") == 8


def test_it_does_not_count_like_as_a_filler_when_it_is_a_verb_or_a_comparison():
    text = "I like Python. It looks like a cache. I would like to lead. Something like that."
    assert textstats.filler_matches(text) == []


def test_it_counts_like_set_off_by_commas_or_before_a_number_as_a_filler():
    text = "We had, like, a lot of traffic. It took like 3 weeks. Um like we were stuck."
    assert names(textstats.filler_matches(text)) == ["like", "like", "um", "like"]


def test_it_counts_you_know_only_when_it_is_not_a_real_question():
    assert names(textstats.filler_matches("We shipped it, you know, on time.")) == ["you know"]
    assert textstats.filler_matches("Do you know Kafka? If you know the answer, say it.") == []


def test_it_does_not_count_kind_of_after_a_determiner():
    assert textstats.filler_matches("What kind of database? A sort of queue.") == []
    assert names(textstats.filler_matches("It was kind of slow.")) == ["kind of"]
    assert names(textstats.hedge_matches("It was kind of slow.")) == ["kind of"]


def test_it_counts_vocalised_fillers_and_filler_adverbs():
    text = "Umm, uh, er, basically it actually, literally worked. I mean, ah, it did."
    assert textstats.count_by_name(textstats.filler_matches(text)) == {
        "actually": 1, "ah": 1, "basically": 1, "er": 1, "i mean": 1, "literally": 1, "uh": 1, "um": 1,
    }


def test_it_does_not_count_what_i_mean_as_a_filler():
    assert textstats.filler_matches("That is what I mean by ownership.") == []


def test_it_counts_hedges():
    text = "I think maybe we could. I guess it would probably work, but I'm not sure. Perhaps it might."
    assert textstats.count_by_name(textstats.hedge_matches(text)) == {
        "i guess": 1, "i think": 1, "i'm not sure": 1, "maybe": 1, "might": 1, "perhaps": 1, "probably": 1,
    }


def test_it_splits_sentences_with_offsets_into_the_text():
    text = "First one.  Second one? Third"
    assert [(s.start, s.end, s.text) for s in textstats.sentences(text)] == [
        (0, 10, "First one."), (12, 23, "Second one?"), (24, 29, "Third"),
    ]


def test_it_removes_vocalised_fillers_for_an_example_answer():
    assert textstats.strip_fillers("Um, so basically I, like, rewrote it, you know, in Go.") == "So I rewrote it in Go."


def test_a_quote_matches_after_folding_case_quotes_and_whitespace():
    source = "Candidate: I didn't   give up — we shipped it."
    assert textstats.quote_occurs("“I DIDN’T give up - we shipped it.”", source)
    assert textstats.quote_occurs("...we shipped it", source)
    assert not textstats.quote_occurs("we shipped it early", source)
    assert not textstats.quote_occurs("  ", source)


@pytest.mark.parametrize(
    ("said", "confident"),
    [
        ("I think maybe we could have tested more, I guess.", "We could have tested more."),
        ("We probably saved 3 hours a week.", "We saved 3 hours a week."),
        ("I guess that the cache was the fix.", "The cache was the fix."),
        ("It was slow, I think, so I profiled it.", "It was slow, so I profiled it."),
        ("I think about performance daily.", "I think about performance daily."),  # a verb, not a hedge
        ("I think so.", "I think so."),
        ("We might lose data.", "We might lose data."),  # changes the meaning: kept
    ],
)
def test_strip_hedges_drops_only_hedges_that_can_go_cleanly(said, confident):
    assert textstats.strip_hedges(said) == confident
