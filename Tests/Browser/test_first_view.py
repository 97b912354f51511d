"""The gallery's first view on a phone (issue 36): a small real site (26 recipes with photographs,
sites.with_photos) loads eagerly only the pictures each breakpoint shows on its first screen, the
first of them with fetchpriority="high", and lazily the rest, so a 375 px phone fetches what it
shows and what the browser's own lazy-loading margin asks for, not the desktop's first screen.
The eager pictures are checked in Chromium, WebKit and Firefox; the bytes fetched in Chromium
(DevTools' network log)."""
import functools
import http.server
import json
import re
import threading
import time

import pytest

import engines
import sites

# The first screens of GalleryModel.firstScreenHeight: a phone, a tablet, a desktop window.
SCREENS = [(375, 667), (768, 1024), (1280, 800)]

EAGER = """
return [...document.querySelectorAll('.card img')].map((img, index) => {
  const box = img.closest('.card').getBoundingClientRect();
  return {index, loading: img.getAttribute('loading'), priority: img.getAttribute('fetchpriority'),
          shown: box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth, top: box.top + scrollY};
});"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def photo_site():
    with sites.scratch("gallerygen-first-view-") as workdir:
        source = sites.with_photos(sites.ROOT / "Site", workdir / "source")
        sites.build(source, workdir / "site")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(workdir / "site")))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield {"output": workdir / "site", "url": f"http://127.0.0.1:{server.server_address[1]}/"}
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("width, height", SCREENS)
def test_only_what_each_breakpoint_shows_first_loads_eagerly(engine, photo_site, width, height):
    engine.open(photo_site["url"] + "index.html", width, height)
    cards = engine.run(EAGER)
    eager = [card for card in cards if card["loading"] == "eager"]
    assert eager, f"{engine.name} {width}: nothing loads eagerly"
    hidden = [card["index"] for card in eager if not card["shown"]]
    assert not hidden, f"{engine.name} {width}: cards {hidden} load eagerly below the first screen"
    assert [card["index"] for card in cards if card["priority"] == "high"] == [eager[0]["index"]] == [0]
    assert all(card["priority"] is None for card in cards[1:])


def test_a_phone_fetches_what_it_shows_not_the_desktops_first_screen(photo_site):
    driver = engines.chromium_driver(network=True)
    try:
        driver.set_window_size(375, 812)
        driver.get(photo_site["url"] + "index.html")
        time.sleep(2)
        viewport = driver.execute_script("return innerHeight")
        tops = {card["index"]: card["top"] for card in driver.execute_script(EAGER)}
        sources = driver.execute_script("return [...document.querySelectorAll('.card img')].map(img => img.currentSrc)")
        kinds, sizes, urls = {}, {}, {}
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            params = message.get("params", {})
            if message["method"] == "Network.responseReceived":
                kinds[params["requestId"]] = params["type"]
                urls[params["requestId"]] = params["response"]["url"]
            elif message["method"] == "Network.loadingFinished":
                sizes[params["requestId"]] = params["encodedDataLength"]
        photos = [request for request in sizes if kinds.get(request) == "Image" and "-photo-" in urls[request]]
        fetched = {sources.index(urls[request]) for request in photos if urls[request] in sources}
        total = sum(sizes[request] for request in photos)
        print(f"\n375 px first view: {len(photos)} of {len(sources)} photos, {total / 1000:.0f} kB")
        # What it fetched is on screen or within Chromium's lazy-loading margin (1,250 px on a
        # fast connection), never a card further down that only the desktop shows first.
        far = sorted(index for index in fetched if tops[index] > viewport + 1250)
        assert not far, f"fetched far below the first screen: {far}"
        # Before: 21 photographs, 492 kB (every card any breakpoint might show first was eager).
        assert len(photos) <= 14 and total < 350_000, f"{len(photos)} photos, {total} bytes"
    finally:
        driver.quit()


# The home text (index.md) on the first page pushes the cards down: the sample site's own, with
# two of the photo site's recipes featured, and a short one of a title and a line.
HOME_TEXTS = {
    "long": lambda text: re.sub(r"^featured: .*$", "featured: [americano, aperol-spritz]", text, count=1, flags=re.M),
    "short": lambda text: "---\ntitle: Welcome\n---\nThe drinks we pour.\n",
}


@pytest.fixture(scope="module", params=sorted(HOME_TEXTS))
def home_site(request):
    with sites.scratch("gallerygen-first-view-home-") as workdir:
        source = sites.with_photos(sites.ROOT / "Site", workdir / "source")
        (source / "index.md").write_text(HOME_TEXTS[request.param]((sites.ROOT / "Site" / "index.md").read_text()))
        sites.build(source, workdir / "site")
        yield request.param, (workdir / "site" / "index.html").as_uri()


@pytest.mark.parametrize("width, height", SCREENS)
def test_the_home_text_above_the_cards_keeps_them_lazy_where_it_fills_the_first_screen(engine, home_site, width, height):
    kind, url = home_site
    engine.open(url, width, height)
    engines.settle(engine)
    cards = engine.run(EAGER)
    eager = [card for card in cards if card["loading"] == "eager"]
    hidden = [card["index"] for card in eager if not card["shown"]]
    assert not hidden, f"{engine.name} {width} {kind} home text: cards {hidden} load eagerly below the first screen"
    if kind == "long":
        # Before: the first 12 cards were eager though the home text filled every first screen.
        assert not eager and all(card["priority"] is None for card in cards)
    else:
        assert eager and [card["index"] for card in cards if card["priority"] == "high"] == [0]
