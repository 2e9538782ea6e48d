"""`manage.py parse_document PATH [--as resume|jd]`: the parsed document as JSON on stdout.

Any failure prints a clear message on stderr and exits with status 2; stdout then stays empty.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from interviews.parsing import DEFAULT_LIMITS, DocumentError, parse_document


class Command(BaseCommand):
    help = "Parse a resume or job description (PDF, DOCX, or TXT for a job description) and print JSON."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the document to parse")
        parser.add_argument(
            "--as", dest="kind", choices=["resume", "jd"], default=None,
            help="what the document is (default: jd for .txt files, resume otherwise)",
        )

    def handle(self, *args, path, kind, **options):
        file = Path(path)
        kind = kind or ("jd" if file.suffix.lower() == ".txt" else "resume")
        try:
            with file.open("rb") as handle:
                data = handle.read(DEFAULT_LIMITS.max_bytes + 1)  # never read more than the limit needs
                if len(data) > DEFAULT_LIMITS.max_bytes:
                    size, limit = file.stat().st_size / 1048576, DEFAULT_LIMITS.max_bytes / 1048576
                    self._fail(f"The file is too large ({size:.3g} MB); the limit is {limit:.3g} MB.")
            parsed = parse_document(data, file.name, kind)
        except DocumentError as exc:
            self._fail(exc.message)
        except FileNotFoundError:
            self._fail(f"No such file: {path}")
        except IsADirectoryError:
            self._fail(f"This is a directory, not a file: {path}")
        except OSError as exc:
            self._fail(f"Cannot read {path}: {exc.strerror or exc}")
        sys.stdout.write(json.dumps(parsed.model_dump(exclude_none=True), ensure_ascii=False) + "\n")
        sys.stdout.flush()

    def _fail(self, message: str):
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
        sys.exit(2)
