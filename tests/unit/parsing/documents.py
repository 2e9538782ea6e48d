"""Build documents for the parsing tests: PDFs with WeasyPrint or pypdf, DOCX with python-docx."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
RESUMES = FIXTURES / "resumes"
JOB_DESCRIPTIONS = FIXTURES / "job_descriptions"


def html_pdf(body: str, css: str = "") -> bytes:
    """A PDF with a real text layer, rendered from HTML."""
    from weasyprint import HTML

    page = f"<html><head><meta charset='utf-8'><style>body{{font-family:'DejaVu Sans',sans-serif;font-size:10pt}}{css}</style></head><body>{body}</body></html>"
    return HTML(string=page).write_pdf()


def merged_pdf(*pdfs: bytes) -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter()
    for data in pdfs:
        writer.append(io.BytesIO(data))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def blank_pdf(pages: int) -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(width=595, height=842)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def encrypted_pdf(data: bytes) -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def docx_bytes(build) -> bytes:
    """A DOCX made by python-docx; `build(document)` fills it."""
    import docx

    document = docx.Document()
    build(document)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def text_docx(text: str) -> bytes:
    def build(document):
        for line in text.splitlines():
            document.add_paragraph(line)

    return docx_bytes(build)


def rezip(data: bytes, *, extra: dict[str, bytes] | None = None, replace: dict[str, bytes] | None = None,
          compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """Copy a DOCX's zip, replacing or adding entries."""
    extra, replace = extra or {}, replace or {}
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", compression) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, replace.get(info.filename, src.read(info.filename)))
        for name, content in extra.items():
            dst.writestr(name, content)
    return out.getvalue()


def flate_bomb_pdf(expanded_bytes: int) -> bytes:
    """A one-page PDF whose small compressed content stream expands to `expanded_bytes`."""
    import zlib

    compressor = zlib.compressobj(9)
    chunk = b" " * (1024 * 1024)
    payload = compressor.compress(b"BT /F1 12 Tf 72 720 Td (Jane Doe resume) Tj ET\n")
    for _ in range(expanded_bytes // len(chunk)):
        payload += compressor.compress(chunk)
    payload += compressor.flush()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(payload) + payload + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def read_positions(positions: list[dict]) -> list[dict]:
    """Positions as read (title, employer, dates), without the confidence they were read with."""
    return [{k: p[k] for k in ("title", "employer", "start", "end")} for p in positions]
