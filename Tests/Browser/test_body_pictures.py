"""Pictures in Markdown bodies in real headless Chromium: the sample Mojito's captioned picture is
a responsive <picture> inside a <figure>, the browser picks a published rendition and loads it, and
the picture stays inside the text column on a phone and on a desktop."""
import re
import time

import pytest

RECIPE = "recipes/mojito/index.html"
RENDITION = re.compile(r"/images/mojito-muddling-[0-9a-f]{10}-(\d+)\.(webp|jpg)$")

MEASURE = """
const figure = document.querySelector('.method figure.body-figure');
const image = figure.querySelector('picture > img');
const column = document.querySelector('.method').getBoundingClientRect();
const box = image.getBoundingClientRect();
return {
  complete: image.complete, naturalWidth: image.naturalWidth, currentSrc: image.currentSrc,
  left: box.left, right: box.right, width: box.width, height: box.height,
  columnLeft: column.left, columnRight: column.right,
  scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
};
"""


def open_recipe(browser, site, width):
    browser.set_window_size(width, 900)
    browser.get((site["output"] / RECIPE).as_uri())
    inner = browser.execute_script("return window.innerWidth")
    if inner != width:  # window chrome: grow the window until the viewport is exactly `width`
        browser.set_window_size(width + (width - inner), 900)
        browser.get((site["output"] / RECIPE).as_uri())


def test_captioned_body_picture_is_a_responsive_picture(browser, built_site):
    open_recipe(browser, built_site, 1280)
    figure = browser.find_element("css selector", ".method figure.body-figure")
    source = figure.find_element("css selector", "picture > source[type='image/webp']")
    image = figure.find_element("css selector", "picture > img")
    caption = figure.find_element("css selector", "figcaption")
    assert caption.text == "Press the mint gently: bruise it, don\u2019t shred it."
    assert image.get_attribute("alt").startswith("Mint leaves")
    assert image.get_attribute("loading") == "lazy" and image.get_attribute("decoding") == "async"
    assert (image.get_dom_attribute("width"), image.get_dom_attribute("height")) == ("1200", "800")
    assert "background" in image.get_attribute("style")  # the placeholder colour until it arrives
    for element in (source, image):
        candidates = [entry.split()[0] for entry in element.get_attribute("srcset").split(", ")]
        assert len(candidates) >= 2 and all(RENDITION.search(url) for url in candidates), candidates
        assert element.get_attribute("sizes").endswith("92vw")
    # The original is never published.
    assert not (built_site["output"] / "images" / "mojito-muddling.jpg").exists()


@pytest.mark.parametrize("width", [375, 1280])
def test_body_picture_loads_inside_the_column(browser, built_site, screenshot_dir, width):
    open_recipe(browser, built_site, width)
    browser.execute_script("document.querySelector('.method figure.body-figure').scrollIntoView({block: 'center'})")
    deadline = time.time() + 10
    while True:
        measured = browser.execute_script(MEASURE)
        if measured["complete"] and measured["naturalWidth"] > 0 or time.time() > deadline:
            break
        time.sleep(0.1)
    assert measured["complete"] and measured["naturalWidth"] > 0, measured
    chosen = RENDITION.search(measured["currentSrc"])
    assert chosen and chosen.group(2) == "webp", measured["currentSrc"]
    # Sharp at this width (device scale 1), without loading more than the column needs.
    assert int(chosen.group(1)) >= measured["width"] - 1
    assert measured["left"] >= measured["columnLeft"] - 0.5 and measured["right"] <= measured["columnRight"] + 0.5, measured
    assert measured["height"] == pytest.approx(measured["width"] * 800 / 1200, abs=1)
    assert measured["scrollWidth"] <= measured["innerWidth"], measured
    height = browser.execute_script("window.scrollTo(0, 0); return Math.min(document.documentElement.scrollHeight, 6000)")
    browser.set_window_size(browser.get_window_size()["width"], height)
    browser.save_screenshot(str(screenshot_dir / f"body-picture-{width}.png"))
