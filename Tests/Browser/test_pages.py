"""Pages, the menu and the files every page asks for, in real headless Chromium: the About page
comes from Site/pages/about.md with its menu entry marked current, and no page of the sample site
asks for anything that is not there (no 404 of any kind, no console error)."""
import functools
import http.server
import threading
import urllib.parse

import pytest

# The sample site's base_url path: 404.html links from it, so the site is served under it.
BASE_PATH = "/back-bar/"

PROBLEMS = """
const done = arguments[arguments.length - 1];
const bad = performance.getEntriesByType('resource')
  .filter(e => e.responseStatus !== undefined && (e.responseStatus === 0 || e.responseStatus >= 400))
  .map(e => e.name + ' ' + e.responseStatus);
// Browsers fetch icons and the manifest lazily (headless Chromium may never): ask for each.
const links = [...document.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"], link[rel="stylesheet"], script[src]')]
  .map(l => l.href || l.src);
Promise.all(links.map(url => fetch(url).then(r => r.ok ? null : url + ' ' + r.status, e => url + ' ' + e)))
  .then(results => done(bad.concat(results.filter(Boolean))));
"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site under BASE_PATH; anything else is a 404, as on the real host."""

    def translate_path(self, path):
        parsed = urllib.parse.urlsplit(path).path
        if not parsed.startswith(BASE_PATH):
            return "/nonexistent-gallerygen-path"
        return super().translate_path("/" + parsed[len(BASE_PATH):])

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def served_site(built_site):
    handler = functools.partial(_Handler, directory=str(built_site["output"]))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{server.server_address[1]}{BASE_PATH}", "output": built_site["output"]}
    server.shutdown()
    server.server_close()


def console_errors(browser):
    return [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def test_about_page_comes_from_pages_with_its_menu_entry_current(browser, served_site, screenshot_dir):
    browser.get_log("browser")
    for width in (375, 1280):
        browser.set_window_size(width, 1000)
        browser.get(served_site["url"] + "about/")
        assert browser.find_element("css selector", "h1").text == "About the Back Bar"
        assert "notebook we keep behind a small neighbourhood bar" in browser.find_element("css selector", ".prose").text
        current = browser.find_elements("css selector", ".site-nav a[aria-current='page']")
        assert [link.text for link in current] == ["About"]
        assert current[0].get_attribute("href") == served_site["url"] + "about/index.html"
        assert current[0].is_displayed()
        # Nothing scrolls sideways and the page uses the theme's stylesheet.
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width + 1
        assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(247, 242, 234)"
        height = browser.execute_script("return Math.min(document.documentElement.scrollHeight, 4000)")
        browser.set_window_size(width, height)
        browser.save_screenshot(str(screenshot_dir / f"about-{width}.png"))
    # On another page the entry is there, not current.
    browser.get(served_site["url"] + "recipes/negroni/")
    links = browser.find_elements("css selector", ".site-nav a")
    assert [link.text for link in links] == ["Journal", "About"]
    assert links[0].get_attribute("aria-current") is None
    assert console_errors(browser) == []


def test_no_page_asks_for_a_missing_file(browser, served_site):
    pages = sorted(p.relative_to(served_site["output"]).as_posix()
                   for p in served_site["output"].rglob("*.html"))
    assert "about/index.html" in pages and "404.html" in pages
    browser.set_window_size(1280, 1000)
    browser.set_script_timeout(10)
    browser.get_log("browser")
    problems = {}
    for page in pages:
        browser.get(served_site["url"] + page)
        found = browser.execute_async_script(PROBLEMS) + console_errors(browser)
        if found:
            problems[page] = found
    assert problems == {}
    # The check sees a missing file: an icon link to nowhere is reported, and so is its 404.
    browser.get(served_site["url"] + "about/")
    browser.execute_script("const l = document.createElement('link'); l.rel = 'icon'; l.href = 'missing.png'; document.head.append(l);")
    assert any("missing.png 404" in problem for problem in browser.execute_async_script(PROBLEMS))
    browser.get_log("browser")
    # The manifest is there and names the theme's icons.
    manifest = browser.execute_async_script(
        "const done = arguments[0]; fetch('../site.webmanifest').then(r => r.json()).then(done, e => done(String(e)));")
    assert manifest["name"] == "The Back Bar"
    assert [icon["src"] for icon in manifest["icons"]] == ["assets/favicon.svg", "assets/favicon-32.png"]
