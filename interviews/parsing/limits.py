"""Limits on untrusted documents (DESIGN.md, "Rules for untrusted input")."""

from dataclasses import dataclass

MB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 5 * MB
    max_pages: int = 20
    max_chars: int = 150_000  # text after extraction: far more than any real resume or job description
    max_pasted_chars: int = 20_000
    # DOCX (a zip): checked before anything reads it.
    max_zip_entries: int = 1000
    max_uncompressed_bytes: int = 50 * MB
    max_compression_ratio: int = 100
    # The child process that parses.
    cpu_seconds: int = 10
    memory_bytes: int = 1024 * MB
    wall_seconds: float = 20.0
    max_output_bytes: int = 4 * MB
    # Children at once per process (a burst of uploads queues for them), how long an upload may wait in
    # that queue, and how many may wait: past either bound it is refused with a message to send it again.
    max_children: int = 2
    queue_wait_seconds: float = 60.0
    max_waiting: int = 60


DEFAULT_LIMITS = Limits()
