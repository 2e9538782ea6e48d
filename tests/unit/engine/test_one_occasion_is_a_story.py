"""A short answer that tells one occasion with the candidate's own steps is a story: the interviewer asks for what
is missing from it, not for "one specific time". Before, a dog groomer's "Our dog-grooming salon kept double-booking,
so I moved bookings to one shared calendar and the clashes stopped." was answered "Thanks. Can you pick one specific
time: what was going on, and what did you do?" (a story under 30 words with no "last year" or measured result was
not one), and so was a nurse's 58-word night-shift story ("I sat her up…" was not read as a step). Over the 433
labelled answers of tests/fixtures/feedback (the scoring pairs and the off-topic sets' real answers) the "one
specific time" probes went from 165 (133 without a name, 32 naming one) to 129 (101 and 28); none is new. The cases
here are other answers than the groomer's, from those fixtures."""

import pytest

from agent_worker.core.listening import read_answer
from tests.unit.engine.test_work_in_leisure_words import answered

ONE_TIME = "one specific time"
ONE_TIME_ANCHORED = "one particular time"


def reply_to(question: str, answer: str) -> str:
    return answered(question, answer).said()[-1]


# (question, answer, what the follow-up asks for instead)
OCCASIONS = [
    ("Tell me about a time you improved a process.",
     "Our dog-grooming salon kept double-booking, so I moved bookings to one shared calendar and the clashes stopped.",
     "Why did you go that way?"),
    ("Describe a time you made a mistake at work.",
     "I booked the team's conference hotel for the wrong weekend; I called the hotel that afternoon and moved it at no "
     "charge.", "What came of it?"),
    ("Tell me about a time you dealt with a complaint.",
     "A parent complained that her son was left out of the football team, so I met her, explained the selection and "
     "gave him a trial the next week.", "What came of it?"),
    ("Tell me about a time you handled a complaint.",
     "A customer said her oat latte tasted burnt. I remade it, checked the grinder and found the dose was off after a "
     "delivery of new coffee beans, and recalibrated it before the lunch rush.", "What came of it?"),
    ("Describe a time you used your initiative.",
     "Our cattery had no way of knowing which cats were on special diets, so I made colour-coded cards for every pen. "
     "Feeding mistakes stopped.", "Why did you go that way?"),
    ("Tell me about a time you adapted for a client.",
     "A client with a bad back couldn't do most floor poses, so I rebuilt her class around chair and standing work. "
     "She's come every week for a year.", "What came of it?"),
    ("Tell me about a time you had to work through the night.",
     "Before opening night the set's revolve jammed. Two of us stayed until four in the morning, stripped the motor, "
     "found a sheared pin, and replaced it; the show opened on time.", "Which part of that was yours personally"),
    ("Tell me about a time you had to deliver bad news to a player.",
     "I had to tell a sixteen-year-old he wasn't being kept on by the academy. I did it face to face with his parents "
     "there, gave him the names of two clubs who'd watched him, and rang one of them myself.", "What came of it?"),
    ("Describe a time you solved a difficult problem.",
     "The till kept double-charging cards, so I rang the provider, found the update that caused it and rolled it "
     "back.", "What came of it?"),
    ("Describe a time you adapted your teaching for a pupil.",
     "Lily is dyslexic, so I gave her the reading on coloured paper and audio versions of the texts.", "What came of it?"),
]


@pytest.mark.parametrize(("question", "answer", "asked_for"), OCCASIONS)
def test_one_occasion_with_their_own_steps_is_asked_for_what_it_lacks(question, answer, asked_for):
    assert read_answer(answer).story
    reply = reply_to(question, answer)
    assert ONE_TIME not in reply and ONE_TIME_ANCHORED not in reply, reply
    assert asked_for in reply, reply


def test_a_full_story_told_with_irregular_steps_goes_one_step_deeper():
    answer = ("On a night shift one of my post-op patients had a saturation of 88 percent and was more drowsy than at "
              "handover. I sat her up, started two litres of oxygen, and called the rapid response team within five "
              "minutes instead of waiting for the morning round. She went home two days later without a respiratory "
              "event.")
    reading = read_answer(answer)
    assert reading.story and reading.own_part and reading.strong
    assert ONE_TIME not in reply_to("Describe a time you noticed a patient deteriorating.", answer)


@pytest.mark.parametrize(("question", "answer"), [
    # a habit, told in the present ("I let", "I work", "I check"): a particular time is still what is missing
    ("How do you stay calm with an animal that is frightened?",
     "I slow everything down: I let the dog sniff the clippers before they're switched on, I work on the back end "
     "first, and if it's still shaking I stop and book a shorter session rather than muzzling it."),
    ("How do you make sure food is safe?",
     "I check fridge temperatures at the start and end of every shift, date every container I open, and I don't let "
     "anything raw go on the top shelf."),
    # a claim about themselves, and a time named with nothing told of it
    ("Tell me about a time you handled a conflict in your team.",
     "I'm very good at handling conflict. I always stay calm and I listen to everybody. I think communication is the "
     "most important thing in a team, and I'm a real team player."),
    ("Tell me about a time you mentored someone.", "Yes, I mentored a junior analyst. It went well."),
    ("Tell me about a time you dealt with a complaint.",
     "When a parent is upset, the head of year sees them first and I join the meeting."),
    ("How do you keep students motivated?",
     "I let each pupil pick one piece a term that they choose themselves, and I record them at the start and end so "
     "they can hear how far they've come."),
    ("Tell me about a time you had to lead without formal authority.",
     "In that kind of situation I would try to build relationships with people first. I would listen to everyone and "
     "get them on board."),
])
def test_a_habit_a_claim_or_a_bare_mention_is_still_asked_for_one_time(question, answer):
    assert not read_answer(answer).story
    assert ONE_TIME in reply_to(question, answer)


def test_what_someone_wanted_is_not_thanked_as_the_outcome():
    answer = ("The shift manager wanted to skip the forklift checks to hit the dispatch target; I said no, did them in "
              "twenty minutes and we still made the 6 pm lorry.")
    reply = reply_to("Describe a time you disagreed with your manager.", answer)
    assert "dispatch target" not in reply and ONE_TIME not in reply, reply
