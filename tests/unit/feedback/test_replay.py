"""An answer's recording on the report: its words in time order, fillers marked by the report's one reading of
fillers, and pauses over two seconds placed before the word that ends them."""

from feedback.replay import replay_words, replays_by_question
from interviews.models import Recording


def timed(*words):
    return [{"word": w, "start": s, "end": e} for w, s, e in words]


def test_words_come_in_time_order_with_their_times():
    words = replay_words(timed(("Acme.", 1.0, 1.4), ("At", 0.5, 0.8)))
    assert [(w.text, w.start, w.end) for w in words] == [("At", 0.5, 0.8), ("Acme.", 1.0, 1.4)]


def test_fillers_are_marked_where_they_were_said():
    words = replay_words(
        timed(
            ("Um,", 0.2, 0.5),
            ("I", 0.6, 0.7),
            ("like", 0.8, 1.0),
            ("Python.", 1.1, 1.6),
            ("It", 2.0, 2.1),
            ("was,", 2.2, 2.4),
            ("like,", 2.5, 2.7),
            ("fast.", 2.8, 3.1),
        )
    )
    assert [w.text for w in words if w.filler] == ["Um,", "like,"]  # "I like Python" is no filler


def test_a_pause_over_two_seconds_is_marked_before_the_word_that_ends_it():
    words = replay_words(
        timed(("So", 0.0, 0.3), ("then", 0.4, 0.7), ("we", 3.2, 3.4), ("shipped.", 3.5, 4.0))
    )
    assert [(w.text, w.pause_before) for w in words] == [
        ("So", None),
        ("then", None),
        ("we", 2.5),
        ("shipped.", None),
    ]


def test_words_without_times_are_left_out():
    assert [w.text for w in replay_words([{"word": "x"}, {"word": "ok", "start": 1, "end": 2}, "junk"])] == [
        "ok"
    ]


def test_only_playable_recordings_are_offered_by_question_in_the_order_said():
    kept = [
        Recording(question_id="q1", seq=9, file="recordings/a/9.ogg", duration_seconds=2.0),
        Recording(question_id="q1", seq=4, file="recordings/a/4.ogg", duration_seconds=3.0),
        Recording(question_id="q2", seq=6, file="", duration_seconds=3.0),
    ]

    replays = replays_by_question(kept, url_for=lambda r: f"/audio/{r.seq}")

    assert list(replays) == ["q1"]
    assert [(r.seq, r.url) for r in replays["q1"]] == [(4, "/audio/4"), (9, "/audio/9")]
