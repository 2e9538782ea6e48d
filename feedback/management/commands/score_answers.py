"""Score answers from a JSON file with the same code as the report and the practice page.

Input: {"role": str (optional), "job_description": str (optional), "questions": [{"question": str,
"competency": str (optional), "answer": str}]}. Output (stdout, JSON): {"overall": 1..5, "job": ...,
"answers": [...]} as the issue's contract says. Bad input exits 2 with the reason on stderr.

"job_description" is the posting's text, read as the setup page reads an uploaded posting (its title,
duties and must-haves; "role" stands in for a title it does not state). Each answer is then also judged
against the job, as the report judges the answers of an interview set up with that posting: an answer
naming the job's work is credited with the sentence quoted, and an introduction or a motivation answer
naming none of it is told so. "job" in the output shows what was read ({"title", "duties", "must_haves"};
null without a posting, or when the text has no duties or must-haves to judge by).
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand

from feedback.practice import InputError, score_document


class Command(BaseCommand):
    help = "Score interview answers from a JSON file (or - for stdin) and print the feedback as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help='JSON file: {"role": ..., "job_description": ..., "questions": [{"question", "answer"}]}; - reads stdin')

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                raw = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as handle:
                    raw = handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            self._fail(f"cannot read {path}: {exc}")
        try:
            data = json.loads(raw)
        except ValueError as exc:
            self._fail(f"{path} is not JSON ({exc})")
        try:
            result = score_document(data)
        except InputError as exc:
            self._fail(str(exc))
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))

    def _fail(self, message: str):
        sys.stderr.write(f"score_answers: {message}\n")
        sys.exit(2)
