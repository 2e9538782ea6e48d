"""The report as a PDF: the page's own template in print mode, through WeasyPrint.

This is WeasyPrint's only import site. The URL fetcher loads our static files from disk and
refuses everything else (no network, no file: URLs, nothing a transcript could point at).
"""

from __future__ import annotations

import logging
import mimetypes
import os
import posixpath
import ssl
import threading
from urllib.parse import unquote, urljoin, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string

# Before WeasyPrint's import, which parses its own stylesheets and logs each step at INFO. Warnings
# (CSS it does not support) stay quiet too; real problems (a refused URL, a broken font) log as errors.
logging.getLogger("weasyprint").setLevel(logging.ERROR)

from weasyprint import CSS, HTML  # noqa: E402
from weasyprint.urls import URLFetcher, URLFetcherResponse  # noqa: E402

# Relative links in the printed page resolve against this; only its /static/ paths are served.
BASE_URL = "https://report.mockflow.invalid/"

# The report's only stylesheet. Not the site's app.css or report.css: those are screen layouts
# (grids, flex, media queries) that cost render time and print nothing the report needs.
PRINT_STYLESHEET = "css/report_print.css"


class StaticFilesOnlyFetcher(URLFetcher):
    """Serve /static/ URLs of BASE_URL from disk; refuse every other URL (and remember it)."""

    # Never used (fetch opens no connection), but the base class builds an HTTPS handler, and with
    # no context Python's default one loads the whole CA store: about 50 ms of every render.
    _unused_tls = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)

    def __init__(self):
        super().__init__(allowed_protocols=(), allow_redirects=False, ssl_context=self._unused_tls)
        self.refused: list[str] = []
        self.served: list[str] = []

    def fetch(self, url, headers=None):
        path = static_file_for(url)
        if path is None:
            self.refused.append(url)
            raise ValueError(f"the report loads nothing from outside: {url[:200]}")
        with open(path, "rb") as handle:
            body = handle.read()
        self.served.append(url)
        content_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body=body, headers={"Content-Type": content_type})


def static_file_for(url: str) -> str | None:
    """The file on disk behind a static URL of BASE_URL, or None."""
    parts = urlsplit(url)
    base = urlsplit(BASE_URL)
    static_prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    if (parts.scheme, parts.netloc) != (base.scheme, base.netloc) or not parts.path.startswith(static_prefix):
        return None
    relative = unquote(parts.path[len(static_prefix):])
    normalised = posixpath.normpath(relative)
    if normalised.startswith(("..", "/")) or "\\" in relative or "\x00" in relative:
        return None
    found = finders.find(normalised)
    if found:
        return found if isinstance(found, str) else found[0]
    candidate = settings.STATIC_ROOT / normalised
    return str(candidate) if candidate.is_file() else None


def render_html_to_pdf(html: str, *, fetcher: StaticFilesOnlyFetcher | None = None, stylesheets=()) -> bytes:
    """Any of our HTML as PDF bytes, with the static-only fetcher (and any parsed stylesheets)."""
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher or StaticFilesOnlyFetcher())
    return document.write_pdf(stylesheets=list(stylesheets))


_parsed: dict[tuple[str, int], CSS] = {}
_parsed_lock = threading.Lock()


def print_stylesheet() -> CSS:
    """The report's print stylesheet, parsed once per process (and again when the file changes).

    Parsing it costs about as much as laying out a page, on every report otherwise; WeasyPrint
    shares its own default stylesheets between documents the same way.
    """
    url = urljoin(BASE_URL, settings.STATIC_URL.strip("/") + "/" + PRINT_STYLESHEET)
    path = static_file_for(url)
    if path is None:
        raise FileNotFoundError(f"the report's stylesheet is missing: {PRINT_STYLESHEET}")
    key = (path, os.stat(path).st_mtime_ns)
    with _parsed_lock:
        sheet = _parsed.get(key)
        if sheet is None:
            with open(path, encoding="utf-8") as handle:
                # Its own URLs (none today) resolve under /static/ and go through the same fetcher.
                sheet = CSS(string=handle.read(), base_url=url, url_fetcher=StaticFilesOnlyFetcher())
            _parsed.clear()
            _parsed[key] = sheet
    return sheet


def render_report_html(report) -> str:
    from feedback.presenters import report_context
    from feedback.replay import replays_by_question
    from feedback.selectors import recordings_of

    replays = replays_by_question(recordings_of(report.interview))
    return render_to_string("feedback/report_print.html", report_context(report, print_mode=True, replays=replays))


def render_report_pdf(report, *, fetcher: StaticFilesOnlyFetcher | None = None) -> bytes:
    """The report's PDF bytes: the same template as the page, in print mode, with the print stylesheet."""
    return render_html_to_pdf(render_report_html(report), fetcher=fetcher, stylesheets=[print_stylesheet()])
