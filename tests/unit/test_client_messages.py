"""The interview socket's client messages: each mistake gets its code and the page's sentence."""

import pytest

from interviews.live.messages import Answer, BadMessage, Resume, read_client_message


def test_an_answer_is_read_with_its_text_stripped():
    message = read_client_message({"type": "answer", "text": "  I led the migration. ", "client_id": "c1"})
    assert message == Answer(type="answer", text="I led the migration.", client_id="c1")


def test_resume_counts_from_zero_when_last_seq_is_left_out():
    assert read_client_message({"type": "resume"}) == Resume(type="resume", last_seq=0)


@pytest.mark.parametrize("message, code, text", [
    ({"type": "dance"}, "unknown_type", "Unknown message type: use resume, start, answer, typing, leave, "
                                        "agent_left or switch_to_text."),
    ({"text": "no type"}, "unknown_type", None),
    ({"type": 3}, "unknown_type", None),
    ({"type": "resume", "last_seq": True}, "bad_request", "last_seq must be a whole number, 0 or more."),
    ({"type": "resume", "last_seq": "4"}, "bad_request", "last_seq must be a whole number, 0 or more."),
    ({"type": "answer", "text": "   "}, "bad_request", "An answer needs some text."),
    ({"type": "answer"}, "bad_request", "An answer needs some text."),
    ({"type": "answer", "text": "Yes", "client_id": 7}, "bad_request",
     "client_id must be a string of 1 to 64 characters."),
])
def test_a_bad_message_is_refused_with_the_pages_sentence(message, code, text):
    with pytest.raises(BadMessage) as refused:
        read_client_message(message)
    assert refused.value.code == code
    if text is not None:
        assert refused.value.message == text
