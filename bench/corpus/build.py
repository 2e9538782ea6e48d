"""Build the generated corpus: `python -m bench.corpus.build [--per-family N] [--family NAME ...]`.

Each family's documents go to var/corpus/docs/<family>/ (gitignored): NNN.json (the truth, a JSON Resume
document) and NNN.pdf / NNN.docx. A family is rebuilt only when the generator's code or the count changed (a
stamp beside the documents records both), so a second `make bench` reuses the first one's documents.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from bench.corpus.layouts import BY_NAME, FAMILIES, Family
from bench.corpus.people import make_resume

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CACHE = ROOT / "var" / "corpus"
PER_FAMILY = 16


@dataclass(frozen=True)
class Document:
    family: str
    layout: str  # family.format, e.g. "docx-tabstops.pdf"
    split: str
    path: Path
    truth: Path


# What a family's documents are made from: the people, and the renderer of its kind.
SOURCES = {"theme": ["render_html.py", "themes/package-lock.json", "themes/render.mjs"],
           "docx": ["render_docx.py"], "latex": ["render_latex.py"]}


def _code_stamp(family: Family, per_family: int) -> str:
    digest = hashlib.sha256(f"{family.name}/{per_family}".encode())
    for name in ["people.py", "professions.py", "dates.py", *SOURCES[family.kind]]:
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()


def for_themes(resume: dict) -> dict:
    """The same resume with the older schema's field names too ('company', 'website'), as people whose theme
    predates JSON Resume 1.0 write it; without them those themes leave the employer out."""
    copy_ = copy.deepcopy(resume)
    for job in copy_["work"]:
        job.setdefault("company", job["name"])
        job.setdefault("website", job.get("url", ""))
    for entry in copy_.get("volunteer", []):
        entry.setdefault("website", "")
    return copy_


def documents(family: Family, per_family: int, cache: Path = CACHE) -> list[Document]:
    folder = cache / "docs" / family.name
    return [Document(family.name, f"{family.name}.{fmt}", family.split, folder / f"{i:03d}.{fmt}", folder / f"{i:03d}.json")
            for i in range(per_family) for fmt in family.formats]


def build_family(family: Family, per_family: int, cache: Path = CACHE) -> list[Document]:
    folder = cache / "docs" / family.name
    stamp = folder / ".stamp"
    docs = documents(family, per_family, cache)
    # A folder built with this count, or with the default count when fewer are asked for (the same people: a
    # document's seed is its index), is kept: `--per-family 4` reads the first 4 of the default corpus.
    counts = [n for n in {per_family, PER_FAMILY} if n >= per_family]
    built = stamp.read_text() if stamp.exists() else None
    if any(built == _code_stamp(family, n) for n in counts) and all(d.path.exists() for d in docs):
        return docs
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    resumes = {}
    for i in range(per_family):
        resume = make_resume(f"{family.name}/{i}")
        resumes[i] = resume
        (folder / f"{i:03d}.json").write_text(json.dumps(resume, ensure_ascii=False, indent=1))
    if family.kind == "theme":
        from bench.corpus.render_html import print_pdfs, render_html

        jobs = []
        for i, resume in resumes.items():
            source = folder / f"{i:03d}.theme.json"
            source.write_text(json.dumps(for_themes(resume), ensure_ascii=False))
            jobs.append({"theme": family.name.removeprefix("theme-"), "resume": str(source.resolve()),
                         "html": str((folder / f"{i:03d}.html").resolve())})
        render_html(jobs, cache)
        print_pdfs([(folder / f"{i:03d}.html", folder / f"{i:03d}.pdf") for i in resumes])
    elif family.kind == "docx":
        from bench.corpus.render_docx import convert_to_pdf, write_docx

        for i, resume in resumes.items():
            write_docx(family.name, resume, folder / f"{i:03d}.docx")
        convert_to_pdf([folder / f"{i:03d}.docx" for i in resumes], folder)
    elif family.kind == "latex":
        from bench.corpus.render_latex import render_latex

        for i, resume in resumes.items():
            render_latex(family.name, resume, folder / f"{i:03d}.pdf")
    missing = [d.path.name for d in docs if not d.path.exists()]
    if missing:
        raise RuntimeError(f"{family.name}: not rendered: {', '.join(missing)}")
    stamp.write_text(_code_stamp(family, per_family))
    return docs


def build(names: list[str] | None = None, per_family: int = PER_FAMILY, cache: Path = CACHE,
          log=print) -> list[Document]:
    chosen = [BY_NAME[n] for n in names] if names else list(FAMILIES)
    built = []
    for family in chosen:
        log(f"corpus: {family.name} ({family.split})", flush=True)
        built += build_family(family, per_family, cache)
    return built


def copy_samples(target: Path, per_family: int = PER_FAMILY, cache: Path = CACHE) -> list[Path]:
    """The first document of each family (its truth JSON and each format) into target/<split>/, the small set the
    tests keep (tests/fixtures/generated/)."""
    copied = []
    for family in FAMILIES:
        folder = target / family.split
        folder.mkdir(parents=True, exist_ok=True)
        for doc in build_family(family, per_family, cache)[: len(family.formats)]:
            for source, name in ((doc.path, doc.layout), (doc.truth, f"{family.name}.json")):
                shutil.copy(source, folder / name)
                copied.append(folder / name)
    return copied


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-family", type=int, default=PER_FAMILY)
    parser.add_argument("--family", action="append", help="only these families (default: all)")
    parser.add_argument("--samples", type=Path, help="copy each family's first document here (tests/fixtures/generated)")
    args = parser.parse_args()
    if args.samples:
        print(f"{len(copy_samples(args.samples, args.per_family))} files under {args.samples}")
        return 0
    docs = build(args.family, args.per_family)
    print(f"{len(docs)} documents under {CACHE / 'docs'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
