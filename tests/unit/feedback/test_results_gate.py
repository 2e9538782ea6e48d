"""Each result pattern is tried only on sentences holding a word it needs (`_needs`, beside the pattern): the
results found must not change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent_worker.core.answers import results
from feedback import textstats

PAIRS = Path(__file__).resolve().parents[2] / "fixtures" / "feedback"


def _answers() -> list[str]:
    texts = []
    for name in ("labelled_pairs.json", "heldout_pairs.json"):
        for pair in json.loads((PAIRS / name).read_text())["pairs"]:
            texts += [pair["better"], pair["worse"]]
    return texts


@pytest.mark.parametrize("text", _answers())
def test_the_gate_finds_the_same_results_as_every_pattern_on_every_sentence(text, monkeypatch):
    spans = textstats.sentences(text)
    gated = results.result_spans(text, spans)

    monkeypatch.setattr(results, "_PATTERNS", [(("",), pattern) for _, pattern in results._PATTERNS])
    monkeypatch.setattr(results, "_PROFESSION_PATTERNS", [(("",), pattern) for _, pattern in results._PROFESSION_PATTERNS])

    assert gated == results.result_spans(text, spans)


def test_a_pattern_without_the_words_it_needs_is_refused():
    with pytest.raises(TypeError):
        results._needs(results.ZERO_AFTER)
    with pytest.raises(TypeError):
        results._needs("From", results.ZERO_AFTER)
