"""The recipe page's two optional scripts in Chromium, WebKit and Firefox (the `engine` fixture), on
Tests/Fixtures/recipe-scripts served over HTTP from 127.0.0.1 (so "another origin" means something):
scale.js scales the quantities it can read when the servings change (4 → 8 doubles "50 ml" and
"1 ½ cups") and converts metric ↔ US customary; video.js loads the player only on a click, and before
it the page has asked nothing of another origin; without the scripts there is no control and the
video is a link. The network is watched three ways: Resource Timing in the page, a logging proxy
every engine sends its traffic to (which sees even requests that fail), and Chromium's DevTools
network log (goog:loggingPrefs performance)."""
import functools
import http.server
import json
import os
import pathlib
import re
import shutil
import socketserver
import threading
import time

import pytest
from selenium.webdriver.common.actions.action_builder import ActionBuilder

import engines
import sites

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "Tests" / "Fixtures" / "recipe-scripts"
PUNCH = "recipes/lime-punch/"
CAKE = "recipes/cups-cake/"
SOUR = "recipes/vimeo-sour/"
LOAF = "recipes/garlic-loaf/"

# The ingredients as written (the page without JavaScript, and with it at 4 servings).
WRITTEN = [
    "50 ml lime cordial", "1 ½ cups water", "2-3 limes", "1/2 tsp salt", "1½ tbsp sugar",
    "200 g ice", "2 fl oz dark rum", "¾ cup pineapple juice", "1 1/2 l soda water",
    "A handful of mint", "Juice of half a lemon",
]

INGREDIENTS = "return [...document.querySelectorAll('.ingredients li')].map(li => li.textContent)"
CONTROL = """
const control = document.querySelector('.scale');
return {hidden: control.hidden, display: getComputedStyle(control).display,
        value: control.querySelector('input').value, facts: document.querySelector('.servings-count').textContent,
        pressed: [...control.querySelectorAll('[data-system]')].filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.system),
        toggleHidden: control.querySelector('.scale-units').hidden,
        labels: [...control.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')),
        label: control.querySelector('label[for=scale-servings]').textContent}"""
# Everything the page has fetched (Resource Timing, in every engine), and the page's own origin.
FETCHED = """
return {origin: location.origin,
        urls: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(e => e.name)}"""
PLAYERS = """
return [...document.querySelectorAll('iframe, video')].map(e => ({tag: e.tagName.toLowerCase(), src: e.src, title: e.title}))"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Server:
    """A static HTTP server for one folder on 127.0.0.1 (a free port), in a thread."""

    def __init__(self, folder):
        handler = functools.partial(QuietHandler, directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def scripts_site():
    """The fixture site built, served as published and, beside it, a copy without scale.js and
    video.js (what a reader without JavaScript gets)."""
    with sites.scratch("gallerygen-recipe-scripts-") as workdir:
        output = workdir / "site"
        sites.build(FIXTURE, output)
        bare = workdir / "bare"
        shutil.copytree(output, bare)
        for script in ("scale.js", "video.js"):
            (bare / "assets" / script).unlink()
        served, served_bare = Server(output), Server(bare)
        yield {"output": output, "url": served.url, "bare": served_bare.url}
        served.stop()
        served_bare.stop()


def wait_for(engine, script, predicate, timeout=5.0):
    """Runs `script` until `predicate` holds for its result; returns the last result."""
    deadline = time.monotonic() + timeout
    while True:
        result = engine.run(script)
        if predicate(result) or time.monotonic() > deadline:
            return result
        time.sleep(0.05)


def open_page(engine, url):
    engine.errors()  # what earlier tests logged is theirs (a view transition a test navigated away from)
    engine.open(url, 1024)
    wait_for(engine, "return document.readyState", lambda state: state == "complete")


def set_servings(engine, value):
    """Types a number into the servings box as far as the page can tell (an `input` event)."""
    engine.run(f"const input = document.getElementById('scale-servings'); input.value = '{value}';"
               "input.dispatchEvent(new Event('input', {bubbles: true}));")


def test_scaling_four_to_eight_servings_doubles_the_quantities(engine, scripts_site):
    open_page(engine, scripts_site["url"] + PUNCH)
    control = wait_for(engine, CONTROL, lambda c: not c["hidden"])
    assert not control["hidden"] and control["display"] != "none", f"{engine.name}: the control did not appear"
    assert control["value"] == "4" and control["label"] == "Serves"
    assert control["labels"] == ["Fewer servings", "More servings", "Units"]
    assert engine.run(INGREDIENTS) == WRITTEN, f"{engine.name}: at the written servings the text must be as written"
    for _ in range(4):
        engine.click(".scale [data-step='1']")
    control = engine.run(CONTROL)
    assert (control["value"], control["facts"]) == ("8", "8")
    assert engine.run(INGREDIENTS) == [
        "100 ml lime cordial", "3 cups water", "4-6 limes", "1 tsp salt", "3 tbsp sugar",
        "400 g ice", "4 fl oz dark rum", "1 ½ cups pineapple juice", "3 l soda water",
        # What it cannot read stays as written.
        "A handful of mint", "Juice of half a lemon",
    ], engine.name
    # Only the quantity is marked as changed; a link written in the ingredient (inline Markdown) stays a link.
    assert engine.run("return document.querySelector('.ingredients li .scaled').textContent") == "100 ml"
    assert engine.run("const a = document.querySelector('.ingredients li a'); return [a.textContent, a.getAttribute('href'), a.parentElement.textContent]") == [
        "soda water", "https://example.com/soda", "3 l soda water"], engine.name
    set_servings(engine, 2)
    assert engine.run(INGREDIENTS) == [
        "25 ml lime cordial", "¾ cup water", "1-1 ½ limes", "¼ tsp salt", "¾ tbsp sugar",
        "100 g ice", "1 fl oz dark rum", "⅜ cup pineapple juice", "¾ l soda water",
        "A handful of mint", "Juice of half a lemon",
    ], engine.name
    engine.click(".scale [data-step='-1']")
    assert engine.run(CONTROL)["value"] == "1", "the stepper stops at one serving"
    engine.click(".scale [data-step='-1']")
    assert engine.run(CONTROL)["value"] == "1"
    set_servings(engine, 4)
    assert engine.run(INGREDIENTS) == WRITTEN, "back at 4 servings the text is exactly as written"
    assert engine.run("return document.querySelector('.ingredients li a').getAttribute('href')") == "https://example.com/soda"
    assert engine.errors() == []


def test_the_unit_toggle_converts_the_units_it_knows(engine, scripts_site):
    open_page(engine, scripts_site["url"] + PUNCH)
    control = wait_for(engine, CONTROL, lambda c: not c["hidden"])
    # Mostly metric: Metric is pressed and nothing is converted until the reader asks.
    assert control["pressed"] == ["metric"] and not control["toggleHidden"]
    engine.click(".scale [data-system='us']")
    assert engine.run(CONTROL)["pressed"] == ["us"]
    assert engine.run(INGREDIENTS) == [
        "1 ¾ fl oz lime cordial", "1 ½ cups water", "2-3 limes", "1/2 tsp salt", "1½ tbsp sugar",
        "7 oz ice", "2 fl oz dark rum", "¾ cup pineapple juice", "6 ⅓ cups soda water",
        "A handful of mint", "Juice of half a lemon",
    ], engine.name
    # Scaling and converting together: 8 servings in US units.
    set_servings(engine, 8)
    assert engine.run(INGREDIENTS)[:2] == ["3 ⅜ fl oz lime cordial", "3 cups water"]
    engine.click(".scale [data-system='metric']")
    assert engine.run(CONTROL)["pressed"] == ["metric"]
    assert engine.run(INGREDIENTS) == [
        "100 ml lime cordial", "710 ml water", "4-6 limes", "1 tsp salt", "3 tbsp sugar",
        "400 g ice", "120 ml dark rum", "355 ml pineapple juice", "3 l soda water",
        "A handful of mint", "Juice of half a lemon",
    ], engine.name
    # A recipe written in cups starts on US; its metric is rounded as a cook measures.
    open_page(engine, scripts_site["url"] + CAKE)
    control = wait_for(engine, CONTROL, lambda c: not c["hidden"])
    assert control["pressed"] == ["us"] and control["label"] == "Makes"
    assert engine.run("return document.querySelector('.scale-unit').textContent") == "slices"
    engine.click(".scale [data-system='metric']")
    # Cups of what metric cooks weigh become grams (scale.js's GRAMS_PER_CUP), ounces of butter too.
    assert engine.run(INGREDIENTS) == ["240 g flour", "200 g sugar", "225 g butter", "3 eggs"], engine.name
    assert engine.errors() == []


SERVING_UNITS = "return [...document.querySelectorAll('.scale-unit, .servings-unit')].map(e => e.textContent)"


def test_counted_things_take_the_plural_of_their_new_amount(engine, scripts_site):
    """"1 loaf" for 2 servings is "2 loaves" (the theme's noun_… strings by plural form), the
    servings' own unit too; a word it does not know stays as written."""
    open_page(engine, scripts_site["url"] + LOAF)
    wait_for(engine, CONTROL, lambda c: not c["hidden"])
    assert engine.run(SERVING_UNITS) == ["loaf", "loaf"]
    engine.click(".scale [data-step='1']")
    assert engine.run(INGREDIENTS) == [
        "2 loaves sourdough", "6 cloves garlic", "2 eggs", "1 cup butter", "2 cups flour", "½ cup brown sugar",
        "1 cup milk", "2 cups chopped walnuts", "2 pinches salt", "2 Sprigs rosemary",
    ], engine.name
    assert engine.run(SERVING_UNITS) == ["loaves", "loaves"]
    set_servings(engine, 0.5)
    assert engine.run(INGREDIENTS)[:3] == ["½ loaf sourdough", "1 ½ cloves garlic", "½ egg"], engine.name
    assert engine.run(SERVING_UNITS) == ["loaf", "loaf"]
    assert engine.errors() == []


def test_metric_weighs_what_has_a_known_weight_and_leaves_the_rest(engine, scripts_site):
    """Cups of butter, flour and sugar become grams, milk millilitres; walnuts, whose weight per
    cup the table does not hold, stay in cups rather than be given a wrong weight."""
    open_page(engine, scripts_site["url"] + LOAF)
    control = wait_for(engine, CONTROL, lambda c: not c["hidden"])
    assert control["pressed"] == ["us"]
    engine.click(".scale [data-system='metric']")
    assert engine.run(INGREDIENTS) == [
        "1 loaf sourdough", "3 cloves garlic", "1 egg", "115 g butter", "120 g flour", "55 g brown sugar",
        "120 ml milk", "1 cup chopped walnuts", "1 pinch salt", "1 Sprig rosemary",
    ], engine.name
    engine.click(".scale [data-step='1']")
    assert engine.run(INGREDIENTS)[3:8] == ["225 g butter", "240 g flour", "105 g brown sugar", "235 ml milk", "2 cups chopped walnuts"], engine.name
    engine.click(".scale [data-system='us']")
    assert engine.run(INGREDIENTS)[3:5] == ["1 cup butter", "2 cups flour"], engine.name
    assert engine.errors() == []


def test_without_the_scripts_there_is_no_control_and_the_video_is_a_link(engine, scripts_site):
    open_page(engine, scripts_site["bare"] + PUNCH)
    control = engine.run(CONTROL)
    assert control["hidden"] and control["display"] == "none", f"{engine.name}: a control without its script"
    assert engine.run(INGREDIENTS) == WRITTEN
    link = engine.run("const a = document.querySelector('.video-embed a'); return [a.href, a.textContent.trim()]")
    assert link == ["https://www.youtube.com/watch?v=M7lc1UVf-VE", "▶ Watch “Lime Punch” on YouTube"]
    assert engine.run(PLAYERS) == []
    # A recipe without servings has no control at all, scripts or not.
    open_page(engine, scripts_site["url"] + SOUR)
    assert engine.run("return document.querySelectorAll('.scale, script[src*=scale]').length") == 0


@pytest.mark.parametrize("page, player", [
    (PUNCH, {"tag": "iframe", "src": "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1", "title": "Lime Punch"}),
    (SOUR, {"tag": "iframe", "src": "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1", "title": "Vimeo Sour"}),
    (CAKE, {"tag": "video", "src": "https://videos.example.com/cups-cake.mp4", "title": "Cups Cake"}),
])
def test_the_video_loads_nothing_from_another_origin_before_the_click(engine, scripts_site, page, player):
    open_page(engine, scripts_site["url"] + page)
    # Scroll the poster into view and give lazy pictures time to load: still nothing foreign.
    engine.run("document.querySelector('.video-embed').scrollIntoView({block: 'center'})")
    time.sleep(0.5)
    fetched = engine.run(FETCHED)
    assert fetched["origin"] == scripts_site["url"].rstrip("/")
    # The log is not empty: it holds the page's own style sheet and scripts.
    assert any(url.endswith("/assets/style.css") for url in fetched["urls"]), fetched
    assert any(url.endswith("/assets/video.js") for url in fetched["urls"]), fetched
    foreign = [url for url in fetched["urls"] if not url.startswith(fetched["origin"] + "/")]
    assert foreign == [], f"{engine.name}: requests to another origin before the click: {foreign}"
    assert engine.run(PLAYERS) == []
    engine.click(".video-embed a")
    players = wait_for(engine, PLAYERS, lambda found: found)
    assert players == [player], engine.name
    assert engine.run("return document.querySelector('.video-embed a')") is None, "the poster gives way to the player"
    assert engine.run("return location.href") == scripts_site["url"] + page, "the click stays on the page"
    # The player's host is out of reach here; its failed load must not spill into the next navigation.
    engine.run("for (const player of document.querySelectorAll('iframe, video')) player.remove()")


def requests(driver):
    """The URLs of the requests Chromium has sent since the log was last read."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def test_chromium_network_log_has_no_other_origin_before_the_click(scripts_site):
    """Chromium's DevTools network log (every request the browser sends, frames included): nothing
    but the page's own origin before the click, the player's host right after it (which shows the
    log sees requests to other origins)."""
    driver = engines.chromium_driver(network=True)
    try:
        engine = engines.SeleniumEngine("chromium", driver)
        open_page(engine, scripts_site["url"] + PUNCH)
        engine.run("document.querySelector('.video-embed').scrollIntoView({block: 'center'})")
        time.sleep(0.5)
        before = requests(driver)
        assert any(url.endswith("/assets/video.js") for url in before), before
        assert any("/images/red-" in url for url in before), "the poster (the recipe's own picture) loads"
        assert [url for url in before if not url.startswith(scripts_site["url"])] == [], before
        engine.click(".video-embed a")
        wait_for(engine, PLAYERS, lambda found: found)
        time.sleep(0.5)
        after = requests(driver)
        assert any(url.startswith("https://www.youtube-nocookie.com/embed/M7lc1UVf-VE") for url in after), after
    finally:
        driver.quit()


# What the browsers ask for on their own (updates, sign-in, settings), whatever the page: not the page's requests.
BROWSER_OWN = re.compile(r"^(clients\d*\.google\.com|accounts\.google\.com|(update|optimizationguide-pa|safebrowsing"
                         r"|content-autofill|clientservices)\.googleapis\.com|([a-z0-9-]+\.)+mozilla\.(com|net|org)"
                         r"|([a-z0-9-]+\.)+firefox\.com)$")


class LoggingProxy:
    """An HTTP proxy on 127.0.0.1 that forwards nothing: it notes the host of every request it is
    sent (CONNECT host:443 for https, the URL's host for http) and answers 502."""

    def __init__(self):
        hosts = self.hosts = []

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                line = self.rfile.readline().decode("latin-1").split()
                if len(line) >= 2:
                    target = line[1]
                    hosts.append(target.rsplit(":", 1)[0] if line[0] == "CONNECT" else target.split("/")[2].split(":")[0])
                self.wfile.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

        class ThreadingServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
            daemon_threads = True

        self.server = ThreadingServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def page_hosts(self):
        """The hosts asked for since the last `clear`, apart from the browser's own services."""
        return sorted({host for host in self.hosts if not BROWSER_OWN.match(host)})

    def clear(self):
        self.hosts.clear()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module", params=engines.ENGINES)
def proxied_engine(request):
    """Each engine started with LoggingProxy as its proxy for every host but 127.0.0.1 (the
    environment's http_proxy and https_proxy, which Chromium, Firefox and WebKitGTK all follow on a
    desktop without proxy settings)."""
    proxy = LoggingProxy()
    saved = dict(os.environ)
    os.environ.update({"http_proxy": proxy.url, "https_proxy": proxy.url, "HTTP_PROXY": proxy.url, "HTTPS_PROXY": proxy.url,
                       "no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost", "GIO_USE_PROXY_RESOLVER": "libproxy"})
    try:
        started = engines.start(request.param)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    yield started, proxy
    started.quit()
    proxy.stop()


@pytest.mark.parametrize("page, host", [(PUNCH, "www.youtube-nocookie.com"), (SOUR, "player.vimeo.com"), (CAKE, "videos.example.com")])
def test_the_proxy_sees_no_request_to_another_host_before_the_click(proxied_engine, scripts_site, page, host):
    engine, proxy = proxied_engine
    # The pointer away from where the page will put the player's link: Chromium preconnects to the
    # host of a link under the pointer (left there by the previous test's click), which is the
    # browser's guess, not the page's request.
    if hasattr(engine, "driver"):
        actions = ActionBuilder(engine.driver)
        actions.pointer_action.move_to_location(1, 1)
        actions.perform()
    proxy.clear()
    open_page(engine, scripts_site["url"] + page)
    engine.run("document.querySelector('.video-embed').scrollIntoView({block: 'center'})")
    time.sleep(0.5)
    assert proxy.page_hosts() == [], f"{engine.name}: requests to other hosts before the click"
    engine.click(".video-embed a")
    # The proxy does see the page's requests to other hosts: the player's, right after the click.
    deadline = time.monotonic() + 5
    while host not in proxy.page_hosts() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert host in proxy.page_hosts(), f"{engine.name}: the click did not reach {host}: {proxy.page_hosts()}"
    engine.run("for (const player of document.querySelectorAll('iframe, video')) player.remove()")
