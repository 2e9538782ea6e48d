"""Checks on an uploaded file before any parser reads it: size, type, and the zip inside a DOCX."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable
from pathlib import PurePosixPath, PureWindowsPath

from .errors import DocumentError
from .limits import DEFAULT_LIMITS, Limits

ALLOWED = {"resume": (".pdf", ".docx"), "jd": (".pdf", ".docx", ".txt", ".md", ".markdown")}
PLAIN_TEXT = (".txt", ".md", ".markdown")  # a posting saved from a job board, a notes app or a repository
KIND_LABEL = {"resume": "resume", "jd": "job description"}

_DOCTYPE_RE = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)


def sniff(data: bytes) -> str:
    """Name the type the bytes say they are: pdf, zip, exe, doc, text, or unknown."""
    head = data[:1024]
    if data.startswith(b"%PDF-"):
        return "pdf"
    if data.startswith(b"PK\x03\x04"):
        return "zip"
    if data.startswith((b"MZ", b"\x7fELF", b"\xcf\xfa\xed\xfe", b"\xfe\xed\xfa", b"#!")):
        return "exe"
    if data.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return "doc"
    if data.startswith((b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"II*\x00", b"MM\x00*")):
        return "image"
    if b"%PDF-" in head:
        return "pdf"  # a few producers put junk before the header; readers accept it
    if b"\x00" not in head:
        try:
            head.decode("utf-8")
            return "text"
        except UnicodeDecodeError as exc:
            if exc.start >= len(head) - 4:  # a multi-byte character cut by the 1024-byte window
                return "text"
    return "unknown"


def listed(names: Iterable[str]) -> str:
    """'PDF or DOCX'; 'PDF, DOCX, TXT or MD'."""
    items = list(names)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def _mb(size: int) -> str:
    return f"{size / 1048576:.3g}"


def extension(filename: str) -> str:
    name = (filename or "").strip().lower()
    return name[name.rfind(".") :] if "." in name else ""


def check_upload(data: bytes, filename: str, kind: str, limits: Limits = DEFAULT_LIMITS) -> str:
    """Refuse what must not reach a parser; return the document type: pdf, docx or txt."""
    if kind not in ALLOWED:
        raise ValueError(f"kind must be 'resume' or 'jd', not {kind!r}")
    label = KIND_LABEL[kind]
    allowed = ALLOWED[kind]
    allowed_text = listed(e.lstrip(".").upper() for e in allowed if e != ".markdown")
    if not data:
        raise DocumentError(f"The {label} file is empty. Please choose the file again.")
    if len(data) > limits.max_bytes:
        raise DocumentError(f"The {label} file is too large ({_mb(len(data))} MB); the limit is {_mb(limits.max_bytes)} MB.")
    ext = extension(filename)
    found = sniff(data)
    if found == "exe":
        raise DocumentError(f"This file is a program, not a document. Please upload your {label} as {allowed_text}.")
    if ext not in allowed:
        shown = ext or "no extension"
        raise DocumentError(f"A {label} must be a {allowed_text} file (this one has {shown}).")
    if found == "doc":
        raise DocumentError("Old Word .doc files are not supported. Please save it as DOCX or PDF and upload that.")
    if ext == ".pdf":
        if found != "pdf":
            what = {"text": "plain text", "zip": "a zip or Office file", "image": "an image"}.get(found, "something else")
            raise DocumentError(f"This file is named .pdf but is not a PDF (it looks like {what}).")
        check_pdf_bytes(data)
        return "pdf"
    if ext == ".docx":
        if found != "zip":
            raise DocumentError("This file is named .docx but is not a Word document.")
        check_docx_zip(data, limits)
        return "docx"
    if found not in ("text", "unknown") or b"\x00" in data:
        raise DocumentError(f"This {ext} file is not plain text. Please paste the job description instead.")
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DocumentError(f"This {ext} file is not UTF-8 text. Please save it as UTF-8 or paste the text.") from None
    return "txt"


def check_pdf_bytes(data: bytes) -> None:
    """Refuse a PDF that is visibly cut short; the child checks encryption and pages."""
    if b"%%EOF" not in data[-4096:]:
        raise DocumentError(
            "This PDF is incomplete or damaged (it ends too early). Please export it again and re-upload."
        )


def _unsafe_name(name: str) -> bool:
    if name.startswith(("/", "\\")) or PureWindowsPath(name).drive or "\x00" in name:
        return True
    parts = PurePosixPath(name.replace("\\", "/")).parts
    return ".." in parts


def check_docx_zip(data: bytes, limits: Limits = DEFAULT_LIMITS) -> None:
    """Check a DOCX's zip directory and XML before python-docx reads it."""
    bad = "This Word document is damaged or not a real DOCX. Please save it again and re-upload."
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        raise DocumentError(bad) from None
    with archive:
        infos = archive.infolist()
        if len(infos) > limits.max_zip_entries:
            raise DocumentError(
                f"This Word document has too many parts ({len(infos)}); it is not a normal DOCX."
            )
        total = 0
        for info in infos:
            if _unsafe_name(info.filename):
                raise DocumentError("This Word document contains unsafe file paths and was refused.")
            if info.flag_bits & 0x1:
                raise DocumentError("This Word document is password-protected. Please remove the password and re-upload.")
            total += info.file_size
            ratio = info.file_size / max(info.compress_size, 1)
            if ratio > limits.max_compression_ratio and info.file_size > 1024 * 1024:
                raise DocumentError("This Word document expands to far more data than it holds (a zip bomb) and was refused.")
        if total > limits.max_uncompressed_bytes:
            raise DocumentError(
                f"This Word document expands to {_mb(total)} MB, more than the "
                f"{_mb(limits.max_uncompressed_bytes)} MB allowed; it was refused."
            )
        names = {info.filename for info in infos}
        if "word/document.xml" not in names:
            raise DocumentError("This file is a zip but not a Word document (it has no word/document.xml).")
        for info in infos:
            if info.is_dir() or not info.filename.lower().endswith((".xml", ".rels", ".vml")):
                continue
            try:
                raw = _read_bounded(archive, info, limits.max_uncompressed_bytes)
            except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError):
                raise DocumentError(bad) from None
            if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
                raw = raw.decode("utf-16", "replace").encode("utf-8")
            if _DOCTYPE_RE.search(raw):
                raise DocumentError("This Word document contains a DOCTYPE or entity declarations and was refused.")


def _read_bounded(archive: zipfile.ZipFile, info: zipfile.ZipInfo, cap: int) -> bytes:
    out = bytearray()
    with archive.open(info) as handle:
        while chunk := handle.read(65536):
            out += chunk
            if len(out) > cap:
                raise DocumentError("This Word document expands to too much data and was refused.")
    return bytes(out)
