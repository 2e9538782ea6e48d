"""How the report page shows the narrative's points: linked to their answer, never saying a thing twice."""

from types import SimpleNamespace

from feedback.narrative_types import EvidenceItem
from feedback.presenters import _page_item
from feedback.scoring import Evidence


def _card(number, question, improvements):
    return {"number": number, "answer": SimpleNamespace(question=question, improvements=improvements)}


def test_a_point_its_card_already_makes_shows_only_its_headline_and_the_link():
    advice = "Back the answer with one real example from your work: what you did and what came of it."
    card = _card(3, "What's the piece of work you're proudest of?", [Evidence("no_example", None, advice)])
    item = EvidenceItem(title="Back it with an example",
                        detail=f'In your answer to "What\'s the piece of work you\'re proudest of?": '
                               f"{advice[:1].lower()}{advice[1:]}",
                        quote=None, question_id="q3")

    point = _page_item(item, {"q3": card})

    assert point["number"] == 3 and point["on_card"] is True
    assert point["detail"] == advice


def test_a_detail_that_repeats_its_title_says_it_once():
    card = _card(6, "How do you review code?", [Evidence("no_example", None, "Give one real example.")])
    item = EvidenceItem(title="Say why", detail='In your answer to "How do you review code?": say why: the reason '
                        "behind your approach is what the question is testing.", quote=None, question_id="q6")

    point = _page_item(item, {"q6": card})

    assert point["on_card"] is False
    assert point["detail"] == "The reason behind your approach is what the question is testing."
