"""The follow-up ladder is one table: the rung the rules give a model brain and the scripted interviewer's
wordings for the same gap come from it."""

import pytest

from agent_worker.core.followups import follow_up_options
from agent_worker.core.ladder import STAR_LADDER, rung_for


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_every_story_rung_has_wordings_with_and_without_something_named(depth):
    rung = rung_for("past_experience", depth)
    assert rung.named and rung.plain
    assert all("{a}" in text for text in rung.named)


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_the_scripted_follow_up_on_a_gap_is_worded_from_its_rung(depth):
    rung = STAR_LADDER[depth]
    options = follow_up_options("past_experience", [rung.gap], "the diff job", "mid", strong=False,
                                made="the diff job")
    assert options[0] == (rung.gap, rung.named[0].format(a="the diff job"))


def test_a_self_introduction_climbs_its_own_ladder():
    assert rung_for("self_intro", 1).probe == "background"
    assert rung_for("past_experience", 9).probe == "impact_result"
