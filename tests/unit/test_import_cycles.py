"""`bin/import-cycles` (run by `make lint`): the product's modules import each other in no cycle, counting imports
inside functions and under TYPE_CHECKING; and the check does find a cycle when there is one."""

import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bin" / "import-cycles"


def _checker():
    loader = importlib.machinery.SourceFileLoader("import_cycles", str(SCRIPT))
    spec = importlib.util.spec_from_loader("import_cycles", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_product_has_no_import_cycle():
    result = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "none among" in result.stdout


def test_a_cycle_through_a_late_import_or_type_checking_is_found(tmp_path):
    checker = _checker()
    _write(tmp_path, {
        "feedback/__init__.py": "",
        "feedback/a.py": "from feedback.b import thing\n",
        "feedback/b.py": "def thing():\n    from feedback import c\n    return c\n",
        "feedback/c.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from feedback.a import x\n"),
        "feedback/d.py": "from . import a\n",  # relative, and only into the cycle: not part of it
        "feedback/migrations/0001_initial.py": "import feedback.d\n",
        "interviews/__init__.py": "import feedback.a\n",
    })
    graph = checker.import_graph(tmp_path)
    assert graph["feedback.d"] == {"feedback.a": 1}
    assert "feedback.migrations.0001_initial" not in graph
    found = checker.cycles(graph)
    assert found == [["feedback.a", "feedback.b", "feedback.c"]]
    text = checker.describe(found[0], graph)
    assert "feedback/b.py:2 imports feedback.c" in text
    assert "feedback/c.py:3 imports feedback.a" in text


def test_no_cycle_when_imports_only_go_one_way(tmp_path):
    checker = _checker()
    _write(tmp_path, {
        "feedback/__init__.py": "",
        "feedback/a.py": "import feedback.b\nfrom feedback.b import c as see\n",
        "feedback/b.py": "import os\n",
        "feedback/services/__init__.py": "",
        "feedback/services/x.py": "from ..a import b\n",
    })
    graph = checker.import_graph(tmp_path)
    assert graph["feedback.services.x"] == {"feedback.a": 1}
    assert checker.cycles(graph) == []
