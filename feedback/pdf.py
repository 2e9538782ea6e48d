"""The report as a PDF: the page's own template in print mode, through WeasyPrint.

This is WeasyPrint's only import site. The URL fetcher loads our static files from disk and
refuses everything else (no network, no file: URLs, nothing a transcript could point at).
"""

from __future__ import annotations

import logging
import mimetypes
import posixpath
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

# The shared stylesheets carry screen-only rules (media queries, overflow-x) that WeasyPrint ignores
# with a warning on every render; real problems (a refused URL, a broken font) still log as errors.
logging.getLogger("weasyprint").setLevel(logging.ERROR)

# Relative links in the printed page resolve against this; only its /static/ paths are served.
BASE_URL = "https://report.mockflow.invalid/"


class StaticFilesOnlyFetcher(URLFetcher):
    """Serve /static/ URLs of BASE_URL from disk; refuse every other URL (and remember it)."""

    def __init__(self):
        super().__init__(allowed_protocols=(), allow_redirects=False)
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


def render_html_to_pdf(html: str, *, fetcher: StaticFilesOnlyFetcher | None = None) -> bytes:
    """Any of our HTML as PDF bytes, with the static-only fetcher."""
    return HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher or StaticFilesOnlyFetcher()).write_pdf()


def render_report_html(report) -> str:
    from feedback.selectors import report_context

    return render_to_string("feedback/report_print.html", report_context(report, print_mode=True))


def render_report_pdf(report, *, fetcher: StaticFilesOnlyFetcher | None = None) -> bytes:
    """The report's PDF bytes: the same template as the page, in print mode."""
    return render_html_to_pdf(render_report_html(report), fetcher=fetcher)
