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
    """Scrolls the strip by `spacing × card` (negative: to the left, as a right-to-left strip
    scrolls from its start), which brings that card to the middle; returns each card's turn at
    the start (the report's)."""
    start = state(layout, coverflow(layout), breakpoint)["cards"]
    spacing = abs(start[1][0] - start[0][0])
    width = engine.run("const s = document.querySelector('.gv'); return s.clientWidth")
    unit = width / layout["breakpoints"][breakpoint]
    engine.run(f"document.querySelector('.gv').scrollLeft = {spacing * card * unit}; return 0")
    engine.run(FRAMES)
    return [frame[11] if len(frame) > 7 else 0 for frame in start]


def check_the_turn_follows_the_scroll(engine, site, breakpoint, screenshot):
    """Scrolls the cover flow of `site` so that card 6 (or the last but one) comes to the middle
    and checks the pose: where scroll-driven animations exist, that card faces the viewer at the
    middle, every card on its right is turned −60° (facing left, towards the middle) and every card
    on its left +60°, stacked towards the middle; elsewhere the starting pose stays. A
    right-to-left strip starts at the right, so there the cards before it are on its right."""
    layout = site["layout"]
    width = int(layout["breakpoints"][breakpoint])
    ahead = 1 if layout["direction"] == "ltr" else -1
    open_gallery(engine, site, width)
    choose(engine, f"ga{coverflow(layout)}")
    before = engine.run(POSE)
    assert same_turns([card["ry"] for card in before], [0] + [-60 * ahead] * (len(before) - 1)), \
        f"{engine.name}: the starting pose is {[card['ry'] for card in before[:4]]}…"
    assert abs(before[0]["offset"]) < 2, f"{engine.name}: the first card starts {before[0]['offset']:.1f} px off the middle"
    # A card with others on both sides (the sample's seventh).
    chosen = min(6, len(before) - 2)
    static = scroll_to_card(engine, layout, breakpoint, chosen * ahead)
    pose = engine.run(POSE)
    engine.screenshot(screenshot)
    if not engine.run(SUPPORTED):
        # No scroll-driven animations (Firefox): the strip keeps its starting pose.
        assert same_turns([card["ry"] for card in pose], static), f"{engine.name}: the static pose moved with the scroll"
        return
    problems = []
    middle = pose[chosen]
    if abs(middle["ry"]) > 2 or abs(middle["offset"]) > 2:
        problems.append(f"card {chosen} at the middle: turned {middle['ry']:.1f}°, {middle['offset']:.1f} px off the middle")
    for index, card in enumerate(pose):
        want = 60 * ahead if index < chosen else -60 * ahead if index > chosen else None
        if want is not None and abs(card["ry"] - want) > 0.5:
            problems.append(f"card {index}: turned {card['ry']:.1f}°, expected {want}°")
    # The cards nearer the middle lie on top.
    zs = [card["z"] for card in pose]
    if zs[chosen] != max(zs) or zs[:chosen + 1] != sorted(zs[:chosen + 1]) or zs[chosen:] != sorted(zs[chosen:], reverse=True):
        problems.append(f"stacking order {zs[:chosen + 4]}…")
    assert not problems, f"{engine.name} at {width}px: " + "; ".join(problems)


@pytest.mark.parametrize("breakpoint", [0, 2])
def test_the_turn_follows_the_scroll(engine, built_site, screenshot_dir, breakpoint):
    width = int(built_site["layout"]["breakpoints"][breakpoint])
    check_the_turn_follows_the_scroll(engine, built_site, breakpoint, screenshot_dir / f"{engine.name}-coverflow-{width}.png")


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


# Collects the properties of every transition that starts on a card from now on (transitionrun),
# however soon the switch is over.
LISTEN = """
window.startedTransitions = new Set();
document.querySelector('.gc').addEventListener('transitionrun', event => {
  if (event.target.matches('.gc .card')) window.startedTransitions.add(event.propertyName);
});
return 0;
"""

STARTED = "return [...window.startedTransitions].sort()"


def switch_transitions(engine, site, arrangements):
    """Opens the gallery at 1280 px and switches through `arrangements` (radio ids), 2.5 s apart;
    returns the properties whose transitions each switch started on the cards."""
    open_gallery(engine, site, 1280, motion=True)
    started = []
    for arrangement in arrangements:
        engine.run(LISTEN)
        choose(engine, arrangement)
        engine.run("return new Promise(done => setTimeout(done, 2500))")
        started.append(set(engine.run(STARTED)))
    return started


def test_a_switch_into_the_cover_flow_turns_the_cards(engine, built_site):
    into, = switch_transitions(engine, built_site, [f"ga{coverflow(built_site['layout'])}"])
    assert {"transform", "translate"} <= into, f"{engine.name}: into the cover flow {sorted(into)}"


def test_a_switch_out_of_the_cover_flow_turns_them_back(engine, built_site):
    # To the fan; the switch back to the defaults is test_every_switch_back_to_the_defaults_animates.
    _, out = switch_transitions(engine, built_site, [f"ga{coverflow(built_site['layout'])}", "ga1"])
    assert {"transform", "translate", "rotate"} <= out, f"{engine.name}: out of the cover flow {sorted(out)}"


def test_every_switch_back_to_the_defaults_animates(engine, built_site):
    # Issue 17: the gallery used to disarm in the same style change as the switch back to the
    # default arrangement, so that switch now and then (Chromium) or always (Firefox) started no
    # transition; the same after the cover flow, whose cards carry scroll-driven animations.
    flow = f"ga{coverflow(built_site['layout'])}"
    arrangements = ["ga1", "ga0", flow, "ga0", "ga1", "ga0"]
    started = switch_transitions(engine, built_site, arrangements)
    missing = [f"{step} → {arrangement}" for step, (arrangement, properties) in enumerate(zip(arrangements, started))
               if "translate" not in properties]
    assert not missing, f"{engine.name}: no card translate transition on switch {', '.join(missing)}: {started}"
