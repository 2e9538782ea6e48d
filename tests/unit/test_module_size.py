"""No product module is one huge file: over 1,000 lines a module holds more than one idea, and the next engineer
reads all of it to change a part. Modules are split by concept (the engine's state and its fold, its tools, its
lines; a scoring's evidence, rubrics and presentation), never to meet a line count: this is a guard against one
file swallowing the rest, not a target."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "interviews", "feedback", "agent_worker", "mockflow_site")
MAX_LINES = 1_000


def product_modules():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_it_looks_at_every_package():
    found = {path.relative_to(ROOT).parts[0] for path in product_modules()}
    assert found == set(PACKAGES)
    assert line_count(ROOT / "agent_worker" / "core" / "engine.py") > 100  # counts lines, not bytes or nothing


def test_no_product_module_is_one_huge_file():
    too_long = {str(path.relative_to(ROOT)): n for path in product_modules() if (n := line_count(path)) > MAX_LINES}
    assert not too_long, f"split these by concept: {too_long}"
