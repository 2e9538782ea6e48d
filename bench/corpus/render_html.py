"""JSON Resume themes from the npm registry: rendered to HTML by the theme's own render function (node), then
printed to PDF by Chromium through Playwright's `page.pdf`, as a candidate who exports their JSON Resume does.

The themes are pinned in bench/corpus/themes/package.json (and its lock file) and installed once into
var/corpus/npm with `npm ci`. Requests a theme makes to the network (web fonts, CDN stylesheets) are refused, so
the page falls back to local fonts, as it does offline; the layout is the theme's own.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
THEMES = HERE / "themes"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def install_themes(cache: Path) -> Path:
    """node_modules with the pinned themes, installed under `cache` when the lock file changed."""
    target = cache / "npm"
    lock = (THEMES / "package-lock.json").read_text()
    stamp = target / ".installed-lock"
    if not (stamp.exists() and stamp.read_text() == lock):
        target.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(THEMES / name, target / name)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
                       cwd=target, check=True)
        stamp.write_text(lock)
    return target / "node_modules"


def render_html(jobs: list[dict], cache: Path) -> None:
    """Each job {"theme", "resume" (a JSON file), "html"}: the theme's HTML written to job["html"]."""
    if not jobs:
        return
    modules = install_themes(cache)
    listing = (cache / "html-jobs.json").resolve()
    listing.write_text(json.dumps(jobs))
    script = modules.parent / "render.mjs"
    shutil.copy(THEMES / "render.mjs", script)
    result = subprocess.run(["node", str(script), str(listing)], capture_output=True, text=True)
    if result.returncode:
        raise RuntimeError("theme rendering failed:\n" + result.stderr[-3000:])


def print_pdfs(pages: list[tuple[Path, Path]]) -> None:
    """Print each (html, pdf) pair with Chromium, A4, backgrounds on, as 'Save as PDF' does."""
    if not pages:
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.route("http*://**", lambda route: route.abort())
        for html, pdf in pages:
            page.goto(html.resolve().as_uri(), wait_until="load")
            page.pdf(path=str(pdf), format="A4", print_background=True,
                     margin={"top": "12mm", "bottom": "12mm", "left": "10mm", "right": "10mm"})
        browser.close()
