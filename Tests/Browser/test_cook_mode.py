"""Cook mode without script in Chromium, WebKit and Firefox: on a copy of the sample Mojito's page
with every script removed, an ingredient and a step tick off by a click on their text (crossed out,
and still ticked after a trip through the one-step view), and the one-step view (`#step-N`, CSS
`:target`) is reached, walked and left with the keyboard alone: large type over the whole window,
the rest of the page hidden and out of the tab order. axe-core finds no serious or critical
violation in the one-step view in the light and the dark scheme."""
import pathlib
import re
import tempfile
import time

import pytest
from axe_selenium_python import Axe

PAGE = "recipes/mojito/index.html"
ENTER, SPACE = "\ue007", " "


@pytest.fixture(scope="module")
def scriptless(built_site):
    """The Mojito's page with its `<script src>` elements removed (the JSON-LD, data, stays), in
    a folder of its own whose other entries link to the built site's, so that every relative
    address of the page still holds and the built site itself is left as it was built."""
    html = (built_site["output"] / PAGE).read_text()
    stripped = re.sub(r"<script src=[^>]*></script>", "", html)
    assert "<script src" not in stripped and "search.js" in html
    with tempfile.TemporaryDirectory(prefix="gallerygen-scriptless-") as folder:
        root = pathlib.Path(folder)
        for entry in built_site["output"].iterdir():
            if entry.name != "recipes":
                (root / entry.name).symlink_to(entry)
        page = root / PAGE
        page.parent.mkdir(parents=True)
        page.write_text(stripped)
        yield page.as_uri()


def wait_for(engine, condition, timeout=3.0):
    """Waits until the JavaScript expression `condition` holds; its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = engine.run(f"return {condition}")
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


READ_TICKS = """
const crossed = (selector) => getComputedStyle(document.querySelector(selector)).textDecorationLine.includes('line-through');
return {
  ingredient: document.getElementById('ingredient-2').checked,
  ingredientCrossed: crossed('label[for="ingredient-2"]'),
  otherCrossed: crossed('label[for="ingredient-1"]'),
  step: document.getElementById('step-2-done').checked,
  stepCrossed: crossed('label[for="step-2-done"]'),
  scripts: document.querySelectorAll('script[src]').length,
  hash: location.hash,
};
"""

# The one-step view as a reader sees it: which step is the target, whether it covers the window,
# its type size against the body's, whether the title behind it shows, what has the focus.
READ_VIEW = """
const target = document.querySelector('.step:target');
const box = target?.getBoundingClientRect();
const focused = document.activeElement;
return {
  hash: location.hash,
  target: target?.id ?? null,
  covers: !!box && box.left <= 0 && box.top <= 0 && box.right >= innerWidth - 1 && box.bottom >= innerHeight - 1,
  position: target ? getComputedStyle(target).position : null,
  scale: target ? parseFloat(getComputedStyle(target).fontSize) / parseFloat(getComputedStyle(document.body).fontSize) : 0,
  titleVisible: getComputedStyle(document.querySelector('h1')).visibility === 'visible',
  navShown: target ? getComputedStyle(target.querySelector('.step-nav')).display !== 'none' : false,
  focus: focused === document.body ? 'body' : (focused.className || focused.id || focused.tagName),
  focusInside: !!target && target.contains(focused),
  overflow: document.documentElement.scrollWidth - innerWidth,
};
"""


def press(engine, key):
    engine.type(key)


@pytest.mark.parametrize("width", [375, 1280])
def test_an_ingredient_and_a_step_tick_off_and_stay_ticked(engine, built_site, scriptless, screenshot_dir, width):
    engine.open(scriptless, width)
    before = engine.run(READ_TICKS)
    assert before["scripts"] == 0
    assert not before["ingredient"] and not before["step"] and not before["ingredientCrossed"]
    # A click on the text (the label, the large target) ticks the box.
    engine.click('label[for="ingredient-2"]')
    engine.click('label[for="step-2-done"]')
    ticked = engine.run(READ_TICKS)
    assert ticked["ingredient"] and ticked["step"], ticked
    assert ticked["ingredientCrossed"] and ticked["stepCrossed"] and not ticked["otherCrossed"], ticked
    engine.screenshot(screenshot_dir / f"cook-ticked-{engine.name}-{width}.png", full_page=True)
    # Through the one-step view and back: the same page, so the ticks are kept.
    engine.click(".cook-start a")
    assert wait_for(engine, "location.hash === '#step-1'")
    engine.click("#step-1 .step-next")
    assert wait_for(engine, "location.hash === '#step-2'")
    assert engine.run("return document.querySelector('.step:target .tick').checked"), "step 2 shows ticked in its view"
    engine.click("#step-2 .step-close")
    assert wait_for(engine, "location.hash === '#step-2-done'")
    after = engine.run(READ_TICKS)
    assert after["ingredient"] and after["step"] and after["stepCrossed"], after
    # Unticked again by a second click.
    engine.click('label[for="ingredient-2"]')
    assert not engine.run(READ_TICKS)["ingredient"]


@pytest.mark.parametrize("width", [375, 1280])
def test_the_one_step_view_by_keyboard(engine, built_site, scriptless, screenshot_dir, width):
    engine.open(scriptless, width, height=800)
    # A click on the title gives the page the keyboard (WebKit's narrow page is in a frame).
    engine.click("h1")
    engine.run("document.querySelector('.cook-start a').focus()")
    press(engine, ENTER)
    assert wait_for(engine, "location.hash === '#step-1'"), engine.run("return location.hash")
    view = engine.run(READ_VIEW)
    assert view["target"] == "step-1" and view["position"] == "fixed" and view["covers"], view
    assert view["scale"] >= 1.4, f"{engine.name}: the step's type is only {view['scale']:.2f}× the body's"
    assert not view["titleVisible"] and view["navShown"], view
    assert view["overflow"] <= 0, view
    # Tab goes into the step (the fragment moved the focus's starting point): its tick box first.
    engine.press_tab()
    assert engine.run(READ_VIEW)["focus"] == "tick", engine.run(READ_VIEW)
    press(engine, SPACE)
    assert engine.run("return document.getElementById('step-1-done').checked")
    engine.press_tab()
    assert engine.run(READ_VIEW)["focus"] == "step-next"
    press(engine, ENTER)
    assert wait_for(engine, "location.hash === '#step-2'")
    engine.screenshot(screenshot_dir / f"cook-step-{engine.name}-{width}.png")
    # Step 2: its tick box, previous, next; everything else is hidden, so Tab stays in the step.
    for expected in ["tick", "step-previous", "step-next"]:
        engine.press_tab()
        view = engine.run(READ_VIEW)
        assert view["focus"] == expected and view["focusInside"], (expected, view)
    press(engine, ENTER)
    assert wait_for(engine, "location.hash === '#step-3'")
    # Step 3, back to the list at this step: its close link is the fourth stop.
    for _ in range(4):
        engine.press_tab()
    assert engine.run(READ_VIEW)["focus"] == "step-close"
    press(engine, ENTER)
    assert wait_for(engine, "location.hash === '#step-3-done'")
    view = engine.run(READ_VIEW)
    assert view["target"] is None and view["titleVisible"], view
    # What was ticked on the way is still ticked.
    assert engine.run("return document.getElementById('step-1-done').checked")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
def test_axe_finds_nothing_serious_in_the_one_step_view(browser, built_site, scheme, width):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        browser.set_window_size(width, 900)
        browser.get((built_site["output"] / PAGE).as_uri() + "#step-2")
        assert browser.execute_script("return document.querySelector('.step:target')?.id") == "step-2"
        axe = Axe(browser)
        axe.inject()
        violations = axe.run(options="{rules: {'color-contrast': {enabled: false}}}")["violations"]
        violations += axe.run(options="{runOnly: {type: 'rule', values: ['color-contrast']}}")["violations"]
        blocking = [f"{v['id']} ({v['impact']}): {v['help']} {[n['target'] for n in v['nodes'][:3]]}"
                    for v in violations if v["impact"] in {"serious", "critical"}]
        assert not blocking, "\n".join(blocking)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
