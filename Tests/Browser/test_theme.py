"""The default theme in real headless Chromium: a printed recipe fits its pages, the recipe hero
keeps its picture's shape, the placeholder letter is centred."""
import base64
import re

import pytest

from test_accessibility import open_page, reset_emulation  # noqa: F401 (a fixture)


# The sample site's longest recipe (most words) and two typical ones, with the pages each may take.
PRINTED = {"mojito": 2, "negroni": 1, "mai-tai": 1}
PAPER = {"a4": (8.27, 11.69), "letter": (8.5, 11)}  # inches, portrait


@pytest.mark.parametrize("paper", sorted(PAPER))
@pytest.mark.parametrize("slug", sorted(PRINTED))
def test_a_printed_recipe_fits_its_pages(browser, built_site, screenshot_dir, slug, paper):
    open_page(browser, built_site, f"recipes/{slug}/index.html", "dark")
    width, height = PAPER[paper]
    pdf = base64.b64decode(browser.execute_cdp_cmd(
        "Page.printToPDF", {"paperWidth": width, "paperHeight": height, "preferCSSPageSize": True})["data"])
    (screenshot_dir / f"print-{slug}-{paper}.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert 1 <= pages <= PRINTED[slug]
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    hidden = browser.execute_script("""
        return ['.site-header', '.site-footer', '.breadcrumb', '.tags', '.pager']
          .filter(selector => document.querySelector(selector))
          .filter(selector => getComputedStyle(document.querySelector(selector)).display !== 'none');""")
    assert hidden == [], f"printed: {hidden}"
    url = browser.execute_script("""
        const element = document.querySelector('.print-url');
        return element && getComputedStyle(element).display !== 'none' ? element.textContent : null;""")
    assert url == f"https://example.com/back-bar/recipes/{slug}/"
    # Printed in ink on white, even when the reader's screen is dark.
    assert browser.execute_script("return getComputedStyle(document.body).color") == "rgb(0, 0, 0)"


def test_hero_keeps_the_pictures_shape(browser, built_site):
    # Mai Tai's picture is 400 x 440, inside the hero's bounds (4:5 to 16:9): its box is 400:440.
    open_page(browser, built_site, "recipes/mai-tai/index.html", "light")
    box = browser.execute_script("const r = document.querySelector('.recipe-hero img').getBoundingClientRect(); return [r.width, r.height]")
    assert abs(box[0] / box[1] - 400 / 440) < 0.01


@pytest.mark.parametrize("width", [375, 1280])
def test_placeholder_letter_is_centred(browser, built_site, width):
    """A recipe without a picture shows its initial in the middle of the hero box."""
    open_page(browser, built_site, "recipes/mai-tai/index.html", "light", width)
    box_width, box_height, dx, dy = browser.execute_script("""
        const figure = document.querySelector('.recipe-hero');
        figure.innerHTML = '<span class="hero-placeholder" aria-hidden="true">M</span>';
        const box = figure.firstChild.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(figure.firstChild);
        const letter = range.getBoundingClientRect();
        return [box.width, box.height, letter.left + letter.width / 2 - (box.left + box.width / 2),
                letter.top + letter.height / 2 - (box.top + box.height / 2)];""")
    assert box_width > 100 and box_height > 100
    assert abs(dx) < 2 and abs(dy) < 0.1 * box_height
