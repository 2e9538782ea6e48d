"""HTTP range requests (RFC 9110 §14) for small stored files, so that a browser's <audio> can seek."""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse

_ONE_RANGE = re.compile(r"^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$")


class RangeNotSatisfiable(ValueError):
    """The range asks for nothing inside the file."""


def byte_range(header: str | None, size: int) -> tuple[int, int] | None:
    """The first and last byte one `Range: bytes=…` header asks for; None to send the whole file (no header,
    another unit, several ranges, or a header that is not a range). RangeNotSatisfiable when it lies outside."""
    match = _ONE_RANGE.match(header or "")
    if match is None:
        return None
    first, last = match.groups()
    if not first and not last:
        return None
    if not first:  # the last N bytes
        length = int(last)
        if length == 0 or size == 0:
            raise RangeNotSatisfiable(header)
        return max(0, size - length), size - 1
    start = int(first)
    if last and int(last) < start:
        return None  # not a valid range: the header is ignored
    if start >= size:
        raise RangeNotSatisfiable(header)
    return start, min(int(last), size - 1) if last else size - 1


def ranged_response(request: HttpRequest, data: bytes, content_type: str) -> HttpResponse:
    """`data` whole (200) or the part the request's Range asks for (206 with Content-Range; 416 outside it)."""
    size = len(data)
    try:
        wanted = byte_range(request.headers.get("Range"), size)
    except RangeNotSatisfiable:
        response = HttpResponse(status=416)
        response["Content-Range"] = f"bytes */{size}"
    else:
        if wanted is None:
            response = HttpResponse(data, content_type=content_type)
        else:
            start, end = wanted
            response = HttpResponse(data[start : end + 1], content_type=content_type, status=206)
            response["Content-Range"] = f"bytes {start}-{end}/{size}"
    response["Accept-Ranges"] = "bytes"
    return response
