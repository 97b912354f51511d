"""Accessibility and colour schemes in real headless Chromium: axe-core (bundled by PyPI's
axe-selenium-python) finds no serious or critical violation on the sample site's pages in the light
and the dark scheme, and the two schemes really differ."""
import pytest
from axe_selenium_python import Axe

# Pages checked by axe, relative to the output folder; add a page here to have it checked.
PAGES = [
    "index.html",
    "recipes/mai-tai/index.html",
    "recipes/negroni/index.html",
    "recipes/daiquiri/index.html",
    "tags/rum/index.html",
    "a-z/index.html",
    "about/index.html",
    "journal/index.html",
    "journal/stirred-not-shaken/index.html",
    "tags/stirred/index.html",
    "cookbook/index.html",
    "tags/gin/cookbook/index.html",
]
SCHEMES = ["light", "dark"]
BLOCKING_IMPACTS = {"serious", "critical"}


def open_page(browser, site, page, scheme, width=1280):
    """Loads `page` with the system colour scheme emulated as `scheme`."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.set_window_size(width, 1000)
    browser.get((site["output"] / page).as_uri())
    # Transitions off, so every colour axe reads is the final one.
    browser.execute_script("""
        const style = document.createElement('style');
        style.textContent = '*, *::before, *::after { transition: none !important; }';
        document.head.appendChild(style);""")


@pytest.fixture(autouse=True)
def reset_emulation(browser):
    yield
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def describe(violations):
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:5]:
            lines.append(f"    {' '.join(node['target'])}: {node.get('failureSummary', '').splitlines()[-1:]}")
    return "\n".join(lines)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_finds_no_serious_violations(browser, built_site, page, scheme, width):
    open_page(browser, built_site, page, scheme, width)
    assert browser.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    axe = Axe(browser)
    axe.inject()
    # axe 3.1's colour-contrast check scrolls each element into view, which scrolls the phone's
    # sideways chip row, and its label check then takes the chips scrolled out as hidden: so the
    # contrast check runs last, after every other rule has seen the page as loaded.
    violations = axe.run(options="{rules: {'color-contrast': {enabled: false}}}")["violations"]
    violations += axe.run(options="{runOnly: {type: 'rule', values: ['color-contrast']}}")["violations"]
    blocking = [v for v in violations if v["impact"] in BLOCKING_IMPACTS]
    assert not blocking, f"{page} ({scheme}, {width} px):\n" + describe(blocking)


COLOURS = """
const pick = (selector, property) => {
  const element = document.querySelector(selector);
  return element ? getComputedStyle(element)[property] : null;
};
return Object.fromEntries(arguments[0].map(([selector, property]) => [selector + ' ' + property, pick(selector, property)]));
"""

# What must change with the scheme, per page: the page, the cards, the pills and chips.
SCHEMED = {
    "index.html": [("body", "backgroundColor"), ("body", "color"), (".chip-row label", "backgroundColor"),
                   (".segments", "backgroundColor"), (".intro h1", "color")],
    "recipes/mai-tai/index.html": [("body", "backgroundColor"), (".tags li", "backgroundColor"),
                                   (".tags li", "borderTopColor"), (".recipe-hero img", "borderTopColor"),
                                   (".ingredients li", "borderBottomColor")],
    "tags/rum/index.html": [("body", "backgroundColor"), (".list-card-title", "color"),
                            (".list-card-image", "borderTopColor")],
}


@pytest.mark.parametrize("page", sorted(SCHEMED))
def test_colours_follow_the_scheme(browser, built_site, page):
    computed = {}
    for scheme in SCHEMES:
        open_page(browser, built_site, page, scheme)
        computed[scheme] = browser.execute_script(COLOURS, SCHEMED[page])
    for key in computed["light"]:
        assert computed["light"][key] is not None, f"{page}: nothing matches {key}"
        assert computed["light"][key] != computed["dark"][key], f"{page}: {key} is the same in both schemes"
    # The site's own setting wins over the system's: data-color-scheme on <html> (site.yml
    # theme.color_scheme) picks the palette whatever prefers-color-scheme says.
    for system, forced in [("light", "dark"), ("dark", "light")]:
        open_page(browser, built_site, page, system)
        browser.execute_script(f"document.documentElement.dataset.colorScheme = '{forced}'")
        assert browser.execute_script(COLOURS, SCHEMED[page]) == computed[forced]
        assert browser.execute_script("return getComputedStyle(document.documentElement).colorScheme") == forced


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", [375, 1280])
def test_screenshots_in_both_schemes(browser, built_site, screenshot_dir, scheme, width):
    """The gallery and a recipe page in each scheme, for people to look at (.build/screenshots)."""
    for name, page in [("gallery", "index.html"), ("recipe", "recipes/mai-tai/index.html")]:
        open_page(browser, built_site, page, scheme, width)
        height = browser.execute_script("return Math.min(document.documentElement.scrollHeight, 2400)")
        browser.set_window_size(width, height)
        path = screenshot_dir / f"{name}-{scheme}-{width}.png"
        browser.save_screenshot(str(path))
        assert path.stat().st_size > 0
