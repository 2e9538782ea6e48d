"""One word, one place: the event vocabulary is defined in agent_worker/core/events.py only.

Elsewhere it is imported. A set, tuple or list that spells out two or more of its words, or a dict that
classifies them (reason -> kind or status), is a copy that will drift; label dicts for the page
(reason -> "time ran out") are presentation and allowed.
"""

import ast
import re
from pathlib import Path

from agent_worker.core import events as ev

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "interviews", "feedback", "agent_worker", "mockflow_site")
OWNER = ROOT / "agent_worker" / "core" / "events.py"
STATUSES = {"draft", "ready", "live", "completed", "abandoned", "failed"}
VOCABULARY = (
    set(ev.EVENT_TYPES) | set(ev.EXIT_REASONS) | set(ev.PAUSE_REASONS) | set(ev.RESUME_REASONS)
    | (set(ev.END_REASONS) - STATUSES)
)
A_KIND = re.compile(r"^[a-z_]+$")


def _strings(nodes):
    return [n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _copies_in(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Set | ast.Tuple | ast.List):
            words = [s for s in _strings(node.elts) if s in VOCABULARY]
            if len(words) >= 2:
                yield node.lineno, words
        elif isinstance(node, ast.Dict):
            keys = [s for s in _strings([k for k in node.keys if k is not None]) if s in VOCABULARY]
            values = _strings(node.values)
            if len(keys) >= 2 and len(values) == len(node.values) and all(A_KIND.match(v) for v in values):
                yield node.lineno, keys


def product_modules():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts and path != OWNER:
                yield path


def test_no_module_but_core_events_spells_out_the_event_vocabulary():
    copies = [
        f"{path.relative_to(ROOT)}:{line}: {words}"
        for path in product_modules()
        for line, words in _copies_in(ast.parse(path.read_text(), filename=str(path)))
    ]
    assert copies == [], "import these from agent_worker.core.events instead:\n" + "\n".join(copies)


def test_the_check_finds_a_copy():
    tree = ast.parse('FORCED = frozenset({"max_time", "inactivity"})\nKIND = {"natural": "natural", "max_time": "forced"}')
    assert sorted(line for line, _ in _copies_in(tree)) == [1, 2]


def test_label_dicts_for_the_page_are_not_copies():
    tree = ast.parse('LABELS = {"max_time": "time ran out", "inactivity": "a long silence"}')
    assert list(_copies_in(tree)) == []


def test_every_exit_reason_has_a_kind_and_every_end_reason_a_status():
    assert set(ev.EXIT_KIND.values()) == {"natural", "forced", "ended"}
    assert set(ev.STATUS_BY_END_REASON) == set(ev.END_REASONS)
    assert set(ev.STATUS_BY_END_REASON.values()) <= STATUSES
