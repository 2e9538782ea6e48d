"""Answers written after public interview guides' weak examples (all background, rambling, blaming others),
read as the candidate reads their feedback: each gets advice about its own fault, and nothing contradicts it."""

from feedback.scoring import assess_answer

ALL_BACKGROUND = (
    "So the company I was at was a mid-sized e-commerce company, around two hundred people, and we sold furniture "
    "online mostly in Europe. The team was six engineers and we used Django and PostgreSQL and a bit of React on the "
    "front. The product team had been asking for a lot of features and the codebase was about eight years old, with "
    "a lot of legacy in it. The search page had been built by a contractor years before, and nobody really owned it. "
    "The business was growing quickly and traffic was increasing every month."
)
RAMBLING = (
    "Well, um, I think, you know, failure is a really important part of growth, and I think everyone fails sometimes, "
    "and I think the important thing is to learn, and so, like, there was this one time when we had a project, and it "
    "was kind of a big project, and we had a lot of things going on, and basically the timeline was really tight and "
    "there were a lot of stakeholders and the requirements kept changing, and so we kind of, you know, didn't quite hit "
    "the deadline, and I think, looking back, there were a lot of things that could have gone differently, and the main "
    "thing, I guess, is that communication is key, and also planning, and I think I learned a lot about myself, and "
    "about working in a team, and about how important it is to, like, plan ahead and communicate with everyone, and so, "
    "yeah, that is basically what I learned from it, and I think it made me a better engineer overall, and a better "
    "teammate, and it was a really valuable experience for me."
)
BLAMING = (
    "Honestly my coworker was the problem. He never answered messages and he always missed his deadlines, and "
    "management did nothing about it. It was really frustrating for everyone because he kept blaming QA. In the end "
    "he left the company, so it sorted itself out."
)


def test_an_answer_that_is_all_background_is_told_to_cut_it_not_to_add_context():
    verdict = assess_answer("Describe a project where you improved performance.", ALL_BACKGROUND)

    keys = [i.key for i in verdict.improvements]
    assert "background" in verdict.flags and keys[0] == "background", keys
    assert "no_context" not in keys, "an answer that is all context is not told to open with context"
    assert verdict.improvements[0].quote in ALL_BACKGROUND
    example = verdict.example_answer or ""
    assert example.startswith("So the company I was at was a mid-sized e-commerce company"), "one line of the scene kept"
    assert "where were you working" not in example and "you was" not in example
    assert "Your turn: what did you do yourself, step by step?" in example


def test_a_rambling_answer_hears_that_first_and_in_words_that_fit_its_length():
    verdict = assess_answer("Tell me about a time you failed.", RAMBLING)

    first = verdict.improvements[0]
    assert first.key == "rambling"
    assert "150-250" not in first.text, "183 words is inside 150-250: the fault is what they say, not how many words"
    assert "general remarks" in first.text
    quotes = [i.quote for i in verdict.improvements if i.quote]
    assert len(quotes) == len(set(quotes)), "one sentence is not quoted under two pieces of advice"


def test_a_story_that_blames_others_is_asked_what_they_learned_not_by_how_much_it_changed():
    verdict = assess_answer("Tell me about a time you had a conflict with a coworker.", BLAMING)

    assert verdict.improvements[0].key == "blame"
    quotes = [i.quote for i in verdict.improvements if i.quote]
    assert len(quotes) == len(set(quotes))
    example = verdict.example_answer or ""
    assert "by how much" not in example and "before and the after" not in example
    assert "what did you learn from it" in example
