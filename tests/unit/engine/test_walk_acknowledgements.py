"""Two acknowledgements in a row with the same words ("Good question." twice, in session 7's walk as a candidate
who asked four questions back; "Okay." and "Okay, thanks." on consecutive turns): the interviewer varies them. Over
whole interviews no acknowledgement opening is said on two consecutive turns, nor more than ACK_LIMIT times."""

from collections import Counter

import pytest

from agent_worker.core.phrases import ACK_LIMIT, opening, vary_opening
from agent_worker.core.simulate import simulate
from tests.unit.engine import scripts
from tests.unit.engine.test_walk_three_candidates import WALKS, replies, walk_events


def acknowledgement_openings(events) -> list[str]:
    """The opening of the interviewer's first line after each thing the candidate said ("" when it opens with
    the question itself)."""
    return [opening(reply) for _, reply in replies(events)]


def interviews():
    for walk in sorted(WALKS):
        for seed in (walk, f"{walk}-2", f"{walk}-3"):
            yield f"{walk}/{seed}", walk_events(walk, seed)
    for seed in ("coop", "coop-2"):
        yield f"cooperative/{seed}", simulate(scripts.cooperative(seed))
    yield "vague", simulate(scripts.vague())


@pytest.mark.parametrize(("name", "events"), list(interviews()), ids=lambda v: v if isinstance(v, str) else "")
def test_no_acknowledgement_repeats_on_consecutive_turns_or_is_worn_out(name, events):
    said = acknowledgement_openings(events)
    for before, after in zip(said, said[1:], strict=False):
        assert not before or before != after, (name, before, said)
    worn = {o: n for o, n in Counter(o for o in said if o).items() if n > ACK_LIMIT}
    assert not worn, (name, worn, said)


def test_good_question_is_not_said_twice_in_a_row():
    reply = "Good question. The job description doesn't say how big the team is."
    said = ["Good question. The job description says the role is hybrid. Now, back to my question. Tell me more."]
    varied = vary_opening(reply, said, "seed", 1)
    assert not varied.startswith("Good question.") and varied.endswith("The job description doesn't say how big the "
                                                                      "team is."), varied
    assert vary_opening(reply, ["Okay. Tell me about a project."], "seed", 1) == reply  # fresh: kept


def test_a_longer_acknowledgement_keeps_its_own_words_and_changes_only_its_opening():
    said = ["Thanks, that helps. What came next?", "Thanks. Tell me more."]
    varied = vary_opening("Thanks, over 30 percent is a concrete outcome.", said, "seed", 2)
    assert varied.endswith(", over 30 percent is a concrete outcome.") and not varied.startswith("Thanks,"), varied


def test_an_opening_said_often_enough_is_rested_even_when_not_just_said():
    said = ["Okay. A?", "Right. B?", "Okay. C?", "Sure. D?", "Okay. E?", "I see. F?"]
    assert opening(vary_opening("Okay. Next question?", said, "seed", 3)) != "okay"
