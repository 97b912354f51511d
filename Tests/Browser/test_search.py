"""Site-wide search in Chromium, WebKit and Firefox on the 1,000-recipe site, served over HTTP
under a sub-path (browsers refuse fetch() of file:): a recipe on the last gallery page is found
from page 1, a tag page and a recipe page; prefix, typo, ingredient and accent queries; the
keyboard (arrows, Enter, Escape); `?q=`; axe-core on the open results in both schemes; and without
JavaScript the box is absent and the A–Z pages link every recipe."""
import functools
import gzip
import html.parser
import http.server
import pathlib
import re
import threading
import time
import urllib.parse

import pytest
from axe_selenium_python import Axe

import engines

ROOT = pathlib.Path(__file__).resolve().parents[2]
BASE_PATH = "/bar/"
DOWN, UP, ENTER, ESCAPE = "\ue015", "\ue013", "\ue007", "\ue00c"


class _Handler(http.server.SimpleHTTPRequestHandler):
    def translate_path(self, path):
        parsed = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
        if not parsed.startswith(BASE_PATH):
            return "/nonexistent-gallerygen-path"
        return super().translate_path("/" + urllib.parse.quote(parsed[len(BASE_PATH):]))

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def served(large_site):
    handler = functools.partial(_Handler, directory=str(large_site["output"]))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield {"url": f"http://127.0.0.1:{server.server_address[1]}{BASE_PATH}", "output": large_site["output"]}
    server.shutdown()
    server.server_close()


def wait_for(engine, expression, timeout=20.0):
    """Polls `expression` (a function body) until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = engine.run(expression)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{engine.name}: timed out waiting for {expression}")


RESULTS = """
const options = [...document.querySelectorAll('#search-results [role=option]')];
const panel = document.querySelector('.search-panel');
const form = document.querySelector('form.search');
return panel.hidden || form.dataset.shown !== document.querySelector('#search-input').value ? null
  : {count: document.querySelector('.search output').textContent, query: document.querySelector('#search-input').value,
     results: options.map(o => ({title: o.querySelector('.search-title').textContent, href: o.href, selected: o.getAttribute('aria-selected')})),
     expanded: document.querySelector('#search-input').getAttribute('aria-expanded'),
     active: document.querySelector('#search-input').getAttribute('aria-activedescendant')};
"""


def search(engine, query, page):
    """Opens `page`, types `query` into the header's box and returns what the list shows."""
    engine.open(page, 1280, 900)
    wait_for(engine, "return !document.querySelector('form.search').hidden")
    engine.run("document.querySelector('#search-input').focus()")
    engine.type(query)
    return wait_for(engine, RESULTS.replace("return panel", f"if (document.querySelector('#search-input').value !== {query!r}) return null; return panel"))


def card_titles(output, page):
    text = (output / page).read_text()
    return re.findall(r'<span class="card-title"[^>]*>([^<]+)</span>', text)


def last_gallery_recipe(output):
    pages = sorted(int(p.parent.name) for p in (output / "page").glob("*/index.html"))
    html_text = (output / "page" / str(pages[-1]) / "index.html").read_text()
    href = re.findall(r'<a class="card[^"]*" href="([^"]+)"', html_text)[-1]
    title = re.search(r'<title>([^<·]+) ·', (output / "page" / str(pages[-1]) / href).read_text()).group(1).strip()
    return title, pathlib.PurePosixPath("recipes", pathlib.PurePosixPath(href).parent.name)


def test_a_recipe_on_the_last_gallery_page_is_found_from_every_kind_of_page(engine, served):
    title, recipe = last_gallery_recipe(served["output"])
    tag_page = sorted((served["output"] / "tags").glob("*/index.html"))[0].relative_to(served["output"])
    for page in ["index.html", str(tag_page), "recipes/" + sorted(p.name for p in (served["output"] / "recipes").iterdir())[0] + "/index.html"]:
        shown = search(engine, title, served["url"] + page)
        assert shown["results"], f"{engine.name} {page}: nothing for {title!r}"
        assert shown["results"][0]["title"] == title, f"{engine.name} {page}: {shown['results'][:3]}"
        assert shown["results"][0]["href"] == served["url"] + str(recipe) + "/index.html"
        assert shown["expanded"] == "true"
    # Enter opens the first result.
    engine.type(ENTER)
    engines.wait_for_page(engine, served["url"] + str(recipe) + "/index.html")
    assert engine.run("return document.querySelector('h1').textContent") == title


def test_prefix_typo_ingredient_and_accent_queries(engine, served):
    url = served["url"] + "index.html"
    prefix = search(engine, "midn", url)
    assert prefix["results"] and all(r["title"].startswith("Midnight") for r in prefix["results"]), prefix
    # One typo in a word of 5+ letters: two letters swapped, one dropped.
    for typo in ["midnihgt", "midnght"]:
        shown = search(engine, typo, url)
        assert shown["results"] and shown["results"][0]["title"].startswith("Midnight"), (typo, shown)
    # Ingredients: every listed recipe has both, and the index's count is the corpus's.
    shown = search(engine, "pisco grapefruit", url)
    assert shown["results"], shown
    corpus = served["output"].parent / "corpus" / "gallerygen" / "recipes"
    both = [p for p in corpus.glob("*.md") if "ml pisco" in p.read_text() and "grapefruit juice" in p.read_text()]
    found = engine.run("return window.gallerygenSearch.search('pisco grapefruit').then(r => r.ids.length)")
    for result in shown["results"]:
        slug = result["href"].rstrip("/").split("/")[-2]
        source = (corpus / f"{slug}.md").read_text()
        assert "ml pisco" in source and "grapefruit juice" in source, slug
    assert found >= len(both) > 0, (found, len(both))
    # Accents and case in the query are folded as in the index.
    plain = search(engine, "midnight", url)
    accented = search(engine, "MÍDNÏGHT", url)
    assert [r["title"] for r in accented["results"]] == [r["title"] for r in plain["results"]]


def test_a_completed_word_matches_whole_and_only_the_word_being_typed_as_a_beginning(engine, served):
    corpus = served["output"].parent / "corpus" / "gallerygen" / "recipes"
    def words_of(slug):
        return set(re.findall(r"[a-z0-9]+", (corpus / f"{slug}.md").read_text().lower()))
    def slugs(query):
        return engine.run(f"""return window.gallerygenSearch.search({query!r}).then(r => window.gallerygenSearch.records(r.ids))
                               .then(records => records.map(r => r[1].split('/')[1]))""")
    shown = search(engine, "gin lime", served["url"] + "index.html")
    assert shown["results"], shown
    for result in shown["results"]:
        assert "gin" in words_of(result["href"].rstrip("/").split("/")[-2]), result
    typing, typed = slugs("lime gin"), slugs("lime gin ")
    # Still typing "gin": ginger beer counts; "gin" followed by a space: only gin itself.
    assert any("gin" not in words_of(slug) and "ginger" in words_of(slug) for slug in typing), typing[:20]
    assert typed and all("gin" in words_of(slug) and "lime" in words_of(slug) for slug in typed)
    assert set(typed) < set(typing)
    # A complete word still forgives one typo, never a missing ending.
    assert slugs("harbuor ")[:3] == slugs("harbour ")[:3]
    assert not slugs("harbo ") and slugs("harbo")


def test_a_query_of_several_words_shows_the_first_ten_of_every_match_in_order(engine, served):
    """The list picks its ten from the words' best tiers and a partial sort; every match, sorted
    whole, must start with the same ten, and the count is every match's."""
    for query in ["egg white", "coconut cream", "gin lime", "velvet fox", "lime gin "]:
        shown = search(engine, query, served["url"] + "index.html")
        every = engine.run(f"""return window.gallerygenSearch.search({query!r}).then(r => window.gallerygenSearch.records(r.ids.slice(0, 10))
                                .then(records => [r.ids.length, records.map(record => record[0])]))""")
        assert [r["title"] for r in shown["results"]] == every[1], (query, shown["results"], every[1])
        assert shown["count"].replace(",", "").split()[0] == str(every[0]), (query, shown["count"], every[0])


def test_a_query_of_several_words_draws_its_ten_before_it_counts_every_match(engine, served):
    """Two common words: the list comes from their best tiers and is drawn with "N+ matches", a
    lower bound; the exact count follows once every posting is read, after the list is painted."""
    for query in ["egg white", "coconut cream"]:
        engine.open(served["url"] + "index.html", 1280, 900)
        wait_for(engine, "return !document.querySelector('form.search').hidden")
        engine.run("""window.drawn = [];
            document.querySelector('form.search').addEventListener('gallerygen:results', () => window.drawn.push([
              document.querySelector('#search-input').value, document.querySelector('.search output').textContent,
              document.querySelectorAll('#search-results [role=option]').length]));""")
        engine.run("document.querySelector('#search-input').focus()")
        engine.type(query)
        shown = wait_for(engine, RESULTS.replace("return panel", f"if (document.querySelector('#search-input').value !== {query!r}) return null; return panel"))
        drawn = [d for d in engine.run("return window.drawn") if d[0] == query]
        every = engine.run(f"return window.gallerygenSearch.search({query!r}).then(r => r.ids.length)")
        assert drawn and drawn[-1][2] == 10, (query, drawn)
        first = drawn[-1][1].replace(",", "").split()[0]
        assert first.endswith("+") and int(first[:-1]) < every, (query, drawn, every)
        assert shown["count"].replace(",", "").split()[0] == str(every), (query, shown["count"], every)


def test_the_keyboard_moves_through_opens_and_clears(engine, served):
    shown = search(engine, "harbour", served["url"] + "page/2/index.html")
    assert len(shown["results"]) >= 3
    engine.type(DOWN + DOWN)
    state = engine.run(RESULTS)
    assert state["active"] == "search-result-1" and state["results"][1]["selected"] == "true"
    assert engine.run("return document.activeElement.id") == "search-input", "focus stays in the box"
    engine.type(UP)
    assert engine.run(RESULTS)["active"] == "search-result-0"
    engine.type(ESCAPE)
    cleared = engine.run("""return [document.querySelector('#search-input').value, document.querySelector('.search-panel').hidden,
                                   document.querySelector('#search-input').getAttribute('aria-expanded')]""")
    assert cleared == ["", True, "false"]
    engine.type("harbour")
    wait_for(engine, RESULTS)
    engine.type(DOWN + DOWN + ENTER)
    target = shown["results"][1]["href"]
    engines.wait_for_page(engine, target)


def test_q_opens_any_page_with_its_results(engine, served):
    for page in ["page/3/index.html", "tags/gin/index.html", "a-z/index.html"]:
        engine.open(served["url"] + page + "?q=velvet", 1280, 900)
        shown = wait_for(engine, RESULTS)
        assert shown["query"] == "velvet" and shown["results"], (page, shown)
        assert all("Velvet" in r["title"] for r in shown["results"][:5]), shown


def test_the_script_is_small_and_fetches_only_what_a_query_needs(browser, served):
    script = (ROOT / "Templates" / "assets" / "search.js").read_bytes()
    assert len(gzip.compress(script, 9)) < 6 * 1024
    browser.set_window_size(1280, 900)
    browser.get(served["url"] + "index.html")
    wait_for(engines.SeleniumEngine("chromium", browser), "return !document.querySelector('form.search').hidden")
    # The query at once (typed letter by letter, "v" and "ve" would fetch their own shards).
    browser.execute_script("const box = document.querySelector('#search-input'); box.value = 'velvet'; box.dispatchEvent(new Event('input'))")
    wait_for(engines.SeleniumEngine("chromium", browser), RESULTS)
    fetched = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/search/'))")
    names = sorted(urllib.parse.urlsplit(n).path.split("/search/")[1] for n in fetched)
    # The manifest, the word's shard and, beside it, the shard's best records: no record group.
    assert names == ["b/ve.json", "index.json", "t/ve.json"], names
    # Two words: their shards, the postings of common terms, at most ten record groups.
    browser.execute_script("const box = document.querySelector('#search-input'); box.value = 'velvet fox'; box.dispatchEvent(new Event('input'))")
    wait_for(engines.SeleniumEngine("chromium", browser), RESULTS)
    fetched = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/search/'))")
    names = [n for n in sorted(urllib.parse.urlsplit(n).path.split("/search/")[1] for n in fetched) if n not in ("b/ve.json", "index.json", "t/ve.json")]
    assert "t/fo.json" in names and all(n == "t/fo.json" or n.startswith(("p/ve-", "p/fo-", "r/")) for n in names), names
    assert len([n for n in names if n.startswith("r/")]) <= 10


def test_two_words_that_go_together_draw_with_the_records_of_their_postings_files(browser, served):
    """egg white: the first ten documents in both words' best tiers are egg's own first ten, whose
    records come in its postings file, so the list is drawn without fetching a record group."""
    browser.set_window_size(1280, 900)
    browser.get(served["url"] + "index.html")
    chromium = engines.SeleniumEngine("chromium", browser)
    wait_for(chromium, "return !document.querySelector('form.search').hidden")
    browser.execute_script("const box = document.querySelector('#search-input'); box.value = 'egg white'; box.dispatchEvent(new Event('input'))")
    shown = wait_for(chromium, RESULTS)
    fetched = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/search/'))")
    names = sorted(urllib.parse.urlsplit(n).path.split("/search/")[1] for n in fetched)
    assert len(shown["results"]) == 10 and all("/recipes/" in r["href"] for r in shown["results"]), shown
    assert any(n.startswith("p/eg-") for n in names) and not any(n.startswith("r/") for n in names), names


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_finds_nothing_serious_in_the_open_results(browser, served, screenshot_dir, scheme, width):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        browser.set_window_size(width, 900)
        browser.get(served["url"] + "recipes/" + sorted(p.name for p in (served["output"] / "recipes").iterdir())[5] + "/index.html")
        chromium = engines.SeleniumEngine("chromium", browser)
        wait_for(chromium, "return !document.querySelector('form.search').hidden")
        browser.find_element("id", "search-input").send_keys("golden")
        wait_for(chromium, RESULTS)
        browser.find_element("id", "search-input").send_keys(DOWN)
        browser.save_screenshot(str(screenshot_dir / f"search-{width}-{scheme}.png"))
        # The bundled axe (3.1.1) predates ARIA 1.2's combobox, an input that names its listbox
        # with aria-controls (axe 4 checks it so): with the list open it asks for the ARIA 1.1
        # owned listbox. That one rule is left out for the box, and its relation checked here.
        assert browser.execute_script("""const box = document.querySelector('#search-input');
            const list = document.getElementById(box.getAttribute('aria-controls'));
            return box.getAttribute('role') === 'combobox' && box.getAttribute('aria-expanded') === 'true' && list.getAttribute('role') === 'listbox'
              && list.querySelectorAll('[role=option]').length > 0 && !!document.getElementById(box.getAttribute('aria-activedescendant'))""")
        axe = Axe(browser)
        axe.inject()
        def run(context, options):
            return browser.execute_async_script(f"const done = arguments[0]; axe.run({context}, {options}).then(r => done(r.violations), e => done([{{id: String(e), impact: 'critical', help: '', nodes: []}}]))")
        violations = run("{exclude: [['#search-input']]}", "{rules: {'color-contrast': {enabled: false}}}")
        violations += run("{include: [['#search-input']]}", "{rules: {'color-contrast': {enabled: false}, 'aria-required-children': {enabled: false}}}")
        violations += axe.run(options="{runOnly: {type: 'rule', values: ['color-contrast']}}")["violations"]
        blocking = [f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes'][:3]]}" for v in violations if v["impact"] in {"serious", "critical"}]
        assert not blocking, blocking
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


class _Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.links.append(dict(attrs).get("href"))


def test_without_javascript_the_box_is_absent_and_the_a_to_z_pages_reach_every_recipe(browser, served):
    output = served["output"]
    reached = set()
    for page in [output / "a-z" / "index.html", *sorted((output / "a-z").glob("*/index.html"))]:
        parser = _Links()
        parser.feed(page.read_text())
        for href in parser.links:
            target = (page.parent / urllib.parse.unquote(href.split("#")[0])).resolve() if href and not href.startswith("#") else None
            if target and target.parent.parent == (output / "recipes").resolve():
                reached.add(target.parent.name)
    recipes = {p.parent.name for p in (output / "recipes").glob("*/index.html")}
    assert len(recipes) == 1000 and reached == recipes
    # Scripts off: the box stays hidden, the header's A–Z link is there.
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.set_window_size(1280, 900)
        browser.get(served["url"] + "index.html")
        assert not browser.find_element("css selector", "form.search").is_displayed()
        link = browser.find_element("css selector", ".site-header a.az-link")
        assert link.is_displayed() and link.get_attribute("href") == served["url"] + "a-z/index.html"
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
