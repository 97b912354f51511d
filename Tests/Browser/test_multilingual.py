"""A multilingual site (Tests/Fixtures/multilingual: English at the root, French under fr/, Arabic
under ar/) in every engine: the language switcher leads to the same page in the other language, and
the Arabic gallery is the mirror image of the English one (the same cards, pictures and order)."""
import pathlib

import pytest

import engines
import sites

from test_gallery import MEASURE, TOLERANCE, choose, degrees, open_gallery

ROOT = pathlib.Path(__file__).resolve().parents[2]

CANVAS_WIDTH = "return document.querySelector('.gc').getBoundingClientRect().width"
SWITCHER = """
return [...document.querySelectorAll('.language-switcher a')].map(a =>
  [a.lang, a.getAttribute('aria-current'), a.href]);
"""


@pytest.fixture(scope="module")
def multilingual_site():
    with sites.scratch("gallerygen-browser-multilingual-") as workdir:
        sites.build(ROOT / "Tests" / "Fixtures" / "multilingual", workdir / "site")
        yield {"output": workdir / "site"}


@pytest.mark.parametrize("start, language, landing", [
    ("recipes/mojito/index.html", "fr", "fr/recipes/mojito/index.html"),
    ("recipes/daiquiri/index.html", "fr", "fr/recipes/daiquiri-cubain/index.html"),
    ("fr/recipes/borscht/index.html", "ar", "ar/recipes/borscht/index.html"),
    ("ar/index.html", "en", "index.html"),
    ("fr/about/index.html", "ar", "ar/index.html"),
])
def test_the_switcher_leads_to_the_translated_page(engine, multilingual_site, start, language, landing):
    output = multilingual_site["output"]
    engine.open((output / start).as_uri(), 1280)
    links = engine.run(SWITCHER)
    assert [link[0] for link in links] == ["en", "fr", "ar"], f"{engine.name}: {links}"
    here = start.split("/")[0] if start.split("/")[0] in ("fr", "ar") else "en"
    assert [link[0] for link in links if link[1] == "true"] == [here]
    engine.click(f".language-switcher a[lang='{language}']")
    engines.wait_for_page(engine, (output / landing).as_uri())
    assert engine.run("return document.documentElement.lang") == language
    assert engine.run("return document.documentElement.dir") == ("rtl" if language == "ar" else "ltr")


@pytest.mark.parametrize("width", [375, 1280])
def test_the_arabic_gallery_is_the_mirror_of_the_english(engine, multilingual_site, width):
    output = multilingual_site["output"]
    measured = {}
    for tree in ("", "ar/"):
        open_gallery(engine, {"output": output}, width, page=tree + "index.html")
        measured[tree] = []
        for index in range(2):  # grid, fan (site.yml's order)
            choose(engine, f"ga{index}")
            measured[tree].append((engine.run(CANVAS_WIDTH), engine.run(MEASURE)))
    assert engine.run("return getComputedStyle(document.querySelector('.gv')).direction") == "rtl"
    for index, name in enumerate(("grid", "fan")):
        (width_en, english), (width_ar, arabic) = measured[""][index], measured["ar/"][index]
        label = f"{engine.name}: {name} at {width}px"
        assert len(english) == len(arabic) == 3, label
        assert abs(width_en - width_ar) < TOLERANCE, label
        for en, ar in zip(english, arabic):
            assert abs(ar["cx"] - (width_en - en["cx"])) < TOLERANCE + 0.5, f"{label}: {en['cx']} → {ar['cx']}"
            assert abs(ar["cy"] - en["cy"]) < TOLERANCE, label
            assert abs(degrees(ar["rotate"]) + degrees(en["rotate"])) < 0.05, label
        if name == "grid":
            assert arabic[0]["cx"] > arabic[1]["cx"], f"{label}: the first card is not on the right"


@pytest.mark.parametrize("width", [375, 1280])
def test_screenshots(engine, multilingual_site, screenshot_dir, width):
    """The French and Arabic galleries in both arrangements, as a visitor sees them."""
    output = multilingual_site["output"]
    for tree in ("fr", "ar"):
        open_gallery(engine, {"output": output}, width, page=f"{tree}/index.html")
        for index, name in enumerate(("grid", "fan")):
            choose(engine, f"ga{index}")
            engine.screenshot(screenshot_dir / f"multilingual-{engine.name}-{tree}-{name}-{width}.png", full_page=True)
