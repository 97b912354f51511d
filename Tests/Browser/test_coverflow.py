"""The sample site's cover flow in Chromium, WebKit and Firefox: where the engine has scroll-driven
animations, scrolling the strip brings each card in turn to face the viewer at its middle, those
before it turned one way and those after it the other; elsewhere the strip keeps its starting pose
(test_gallery checks that pose's projected boxes against the layout report). Under reduced motion
the pose stays too, and a switch to and from the cover flow animates the turn like the rest."""
import pytest

from test_gallery import Chromium, choose, open_gallery, state

# Every card's turn about y (the --ry the transform reads), its z-index, its on-screen centre
# relative to the strip's middle, and the strip's visible width.
POSE = """
const strip = document.querySelector('.gv');
const view = strip.getBoundingClientRect();
const middle = view.left + strip.clientLeft + strip.clientWidth / 2;
return [...document.querySelectorAll('.gc .card')].map(card => {
  const style = getComputedStyle(card);
  const box = card.getBoundingClientRect();
  return {ry: parseFloat(style.getPropertyValue('--ry')), z: parseInt(style.zIndex, 10),
          offset: box.left + box.width / 2 - middle};
});
"""

FRAMES = "return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"

SUPPORTED = "return CSS.supports('animation-timeline: scroll(inline)')"


def same_turns(got, want):
    """Whether two lists of angles agree to a hundredth of a degree (the browser's arithmetic)."""
    return len(got) == len(want) and all(abs(a - b) < 0.01 for a, b in zip(got, want))


def coverflow(layout):
    return layout["arrangements"].index("coverflow")


def scroll_to_card(engine, layout, breakpoint, card):
    """Scrolls the strip so that `card`'s centre, at the start `spacing × card` right of the
    middle, comes to the middle; returns the turn at the start (the report's)."""
    start = state(layout, coverflow(layout), breakpoint)["cards"]
    spacing = start[1][0] - start[0][0]
    width = engine.run("const s = document.querySelector('.gv'); return s.clientWidth")
    unit = width / layout["breakpoints"][breakpoint]
    engine.run(f"document.querySelector('.gv').scrollLeft = {spacing * card * unit}; return 0")
    engine.run(FRAMES)
    return [frame[11] if len(frame) > 7 else 0 for frame in start]


@pytest.mark.parametrize("breakpoint", [0, 2])
def test_the_turn_follows_the_scroll(engine, built_site, screenshot_dir, breakpoint):
    layout = built_site["layout"]
    width = int(layout["breakpoints"][breakpoint])
    open_gallery(engine, built_site, width)
    choose(engine, f"ga{coverflow(layout)}")
    before = engine.run(POSE)
    assert same_turns([card["ry"] for card in before], [0] + [-60] * (len(before) - 1)), \
        f"{engine.name}: the starting pose is {[card['ry'] for card in before[:4]]}…"
    chosen = 6
    static = scroll_to_card(engine, layout, breakpoint, chosen)
    pose = engine.run(POSE)
    engine.screenshot(screenshot_dir / f"{engine.name}-coverflow-{width}.png")
    if not engine.run(SUPPORTED):
        # No scroll-driven animations (Firefox): the strip keeps its starting pose.
        assert same_turns([card["ry"] for card in pose], static), f"{engine.name}: the static pose moved with the scroll"
        return
    problems = []
    middle = pose[chosen]
    if abs(middle["ry"]) > 2 or abs(middle["offset"]) > 2:
        problems.append(f"card {chosen} at the middle: turned {middle['ry']:.1f}°, {middle['offset']:.1f} px off the middle")
    for index, card in enumerate(pose):
        want = 60 if index < chosen else -60 if index > chosen else None
        if want is not None and abs(card["ry"] - want) > 0.5:
            problems.append(f"card {index}: turned {card['ry']:.1f}°, expected {want}°")
    # The cards nearer the middle lie on top.
    zs = [card["z"] for card in pose]
    if zs[chosen] != max(zs) or zs[:chosen + 1] != sorted(zs[:chosen + 1]) or zs[chosen:] != sorted(zs[chosen:], reverse=True):
        problems.append(f"stacking order {zs[:chosen + 4]}…")
    assert not problems, f"{engine.name} at {width}px: " + "; ".join(problems)


def test_reduced_motion_keeps_the_starting_pose(browser, built_site):
    layout = built_site["layout"]
    engine = Chromium(browser)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_gallery(engine, built_site, 1280)
        choose(engine, f"ga{coverflow(layout)}")
        static = scroll_to_card(engine, layout, 2, 6)
        assert same_turns([card["ry"] for card in engine.run(POSE)], static)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


# The properties of the transitions running on the cards.
TRANSITIONS = """
return [...new Set(document.getAnimations().filter(a => a.transitionProperty && a.effect && a.effect.target
  && a.effect.target.matches('.gc .card')).map(a => a.transitionProperty))].sort();
"""


def test_a_switch_animates_the_turn_both_ways(engine, built_site):
    layout = built_site["layout"]
    open_gallery(engine, built_site, 1280, motion=True)
    choose(engine, f"ga{coverflow(layout)}")
    into = engine.run(TRANSITIONS)
    assert {"transform", "translate"} <= set(into), f"{engine.name}: into the cover flow {into}"
    engine.run("return new Promise(done => setTimeout(done, 2500))")
    choose(engine, "ga0")
    out = engine.run(TRANSITIONS)
    assert {"transform", "translate"} <= set(out), f"{engine.name}: out of the cover flow {out}"
