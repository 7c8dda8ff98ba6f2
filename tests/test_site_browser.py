"""The built site as its readers see it: every page in headless Chromium, laptop and phone.

Runs in ``make book`` (so in ``.ci/run``) right after the strict build, over ``_build/html``
served on localhost. Every HTML page of the book is opened at 1366 px (a laptop) and at
390 px (a phone), with every request off this machine refused (a reader with the
downloaded book offline sees what these tests see). A page fails on

- an error in the browser's console, or an uncaught exception in its scripts;
- a request that fails or is refused (a stylesheet, a script, a font, MathJax from a CDN);
- an image that does not load;
- a page wider than the window (the whole page scrolls sideways);
- math left untypeset (an element Sphinx marks as math that MathJax did not render, or
  a TeX error MathJax reports);
- at 1366 px only: a table or a figure wider than its column (a table that scrolls
  sideways, a figure the browser shrinks to fit; a cell tagged ``full-width`` has the
  wider column it asks for).

Chromium comes from Debian's packages (``.ci/run`` installs ``chromium`` where it is
missing) and is driven through Playwright with that executable (Playwright never downloads
a browser here). Where either is missing the tests are skipped and say why.
"""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.book

ROOT = Path(__file__).resolve().parents[1]
# the built site; EVALKIT_SITE points elsewhere (a part built by .ci/build_part, say)
HTML = Path(os.environ.get("EVALKIT_SITE", ROOT / "_build" / "html"))
WIDTHS = {"laptop": (1366, 900), "phone": (390, 844)}
# Chromium as root on a machine without a network (see the environment notes in .ci/run)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_executable():
    """The Chromium to drive: ``$EVALKIT_CHROMIUM``, else the first of the usual names on PATH."""
    explicit = os.environ.get("EVALKIT_CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def site_pages():
    """Every page of the built book, relative to ``_build/html`` (the redirect ``index.html`` aside)."""
    if not HTML.is_dir():
        return []
    skip = {"_static", "_sources", "_images", "_downloads"}
    return sorted(str(p.relative_to(HTML)) for p in HTML.rglob("*.html")
                  if not skip & set(p.relative_to(HTML).parts) and p.name != "index.html")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


@pytest.fixture(scope="module")
def server():
    if not HTML.is_dir():
        pytest.skip("no built book: run `make book` first")
    handler = functools.partial(_QuietHandler, directory=str(HTML))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    executable = chromium_executable()
    if executable is None:
        pytest.skip("browser test skipped: no Chromium found (install Debian's `chromium` package, "
                    "as .ci/run does, or set EVALKIT_CHROMIUM to a Chromium executable)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="browser test skipped: Playwright is not installed (requirements.txt)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


# Runs in the page once it has loaded: loads every image eagerly, waits for MathJax, then
# returns what a reader would see wrong.
_INSPECT = """
async (checkWidths) => {
  const problems = [];
  const images = [...document.images];
  images.forEach(img => { img.loading = "eager"; });
  await Promise.all(images.map(img => img.decode().catch(() => null)));
  for (const img of images) {
    if (!img.complete || img.naturalWidth === 0) problems.push(`image does not load: ${img.getAttribute("src")}`);
  }
  const maths = [...document.querySelectorAll("span.math, div.math")];
  if (maths.length) {
    if (!(window.MathJax && window.MathJax.startup)) {
      problems.push(`${maths.length} math elements but MathJax is not loaded`);
    } else {
      await window.MathJax.startup.promise;
      const raw = maths.filter(m => !m.querySelector("mjx-container"));
      if (raw.length) problems.push(`${raw.length} math elements left untypeset, e.g. ${JSON.stringify(raw[0].textContent.slice(0, 60))}`);
      for (const err of document.querySelectorAll("mjx-merror")) {
        problems.push(`TeX error: ${JSON.stringify((err.getAttribute("data-mjx-error") || err.textContent).slice(0, 80))}`);
      }
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth + 1) {
    problems.push(`the page scrolls sideways (${page.scrollWidth} px wide in a ${window.innerWidth} px window)`);
  }
  if (checkWidths) {
    const article = document.querySelector("article.bd-article") || document.querySelector("main");
    const column = el => (el.closest(".tag_full-width") || article);
    for (const table of article.querySelectorAll("table")) {
      const width = table.getBoundingClientRect().width, room = column(table).getBoundingClientRect().width;
      if (width > room + 1) {
        const head = table.querySelector("th, td");
        problems.push(`table wider than its column (${Math.round(width)} > ${Math.round(room)} px), first cell ${JSON.stringify(head ? head.textContent.trim().slice(0, 40) : "")}`);
      }
    }
    for (const img of article.querySelectorAll("img")) {
      if (img.naturalWidth > img.clientWidth * 1.02 + 1) {
        problems.push(`figure shrunk to ${Math.round(100 * img.clientWidth / img.naturalWidth)}% of its width (${img.naturalWidth} px in ${img.clientWidth} px): ${img.getAttribute("src")}`);
      }
    }
  }
  return problems;
}
"""


def inspect_page(browser, url, viewport, check_widths):
    """What is wrong with the page at ``url`` in a fresh browser context of ``viewport`` (width, height)."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    problems = []
    local = url.split("/", 3)[:3]
    page.route("**/*", lambda route: route.continue_() if route.request.url.split("/", 3)[:3] == local
               else route.abort("internetdisconnected"))
    page.on("console", lambda msg: problems.append(f"console {msg.type}: {msg.text[:200]}") if msg.type == "error" else None)
    page.on("pageerror", lambda err: problems.append(f"uncaught exception: {str(err)[:200]}"))
    page.on("requestfailed", lambda req: problems.append(f"request failed: {req.url} ({req.failure})"))
    page.on("response", lambda res: problems.append(f"HTTP {res.status}: {res.url}") if res.status >= 400 else None)
    try:
        page.goto(url, wait_until="load")
        problems += page.evaluate(_INSPECT, check_widths)
    finally:
        context.close()
    return problems


@pytest.mark.parametrize("width", sorted(WIDTHS))
@pytest.mark.parametrize("page_path", site_pages() or ["(no built book)"])
def test_page_in_a_browser(server, browser, page_path, width):
    problems = inspect_page(browser, f"{server}/{page_path}", WIDTHS[width], check_widths=width == "laptop")
    assert not problems, f"{page_path} at {WIDTHS[width][0]} px:\n  " + "\n  ".join(problems)


def test_the_browser_check_can_fail(server, browser, tmp_path):
    """A page with each defect the test looks for is reported with each of them."""
    bad = HTML / "_browser_check_can_fail.html"
    bad.write_text("""<html><head><script>console.error("boom")</script></head><body>
<main><article class="bd-article" style="width:300px"><span class="math">\\(x\\)</span>
<img src="missing.png"><table><tr><td style="white-space:nowrap">""" + "0.123456 " * 60 + """</td></tr></table>
</article></main></body></html>""")
    try:
        problems = "\n".join(inspect_page(browser, f"{server}/{bad.name}", WIDTHS["laptop"], check_widths=True))
    finally:
        bad.unlink()
    for expected in ("console error: boom", "image does not load", "MathJax is not loaded", "table wider", "HTTP 404"):
        assert expected in problems
