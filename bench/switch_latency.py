#!/usr/bin/env python3
"""Arrangement-switch latency in Chromium with the CPU throttled (a phone-class CPU): the sample
site (and with --large, page 1 of a generated 1,000-recipe site) opened at WIDTH px, then every
arrangement's label clicked and the default's after it, ROUNDS times. For each switch:

- the interaction's latency from the Event Timing API (a PerformanceObserver of type "event",
  durationThreshold 16; the longest `duration` among the pointerdown/pointerup/click entries of
  the interaction, as INP counts it);
- a Chromium trace (CDP Tracing.start/end on the page, devtools.timeline) of the switch and the
  transitions after it: the main thread's UpdateLayoutTree (style recalc: time and elements),
  Layout and Paint, first within the interaction (pointerdown to the next frame the Event Timing
  duration ends at), then while the transitions run (until the last card's transitionend). The
  transition's figures are per frame (frames: compositor DrawFrame events); "compositor-only"
  means none of the three recurs once the transition runs.

Prints one table per site: per arrangement switched to, the median and max latency, the main
thread's CPU time within the interaction (tdur, unthrottled), its style recalc (ms, elements),
layout and paint (ms), the card transitions the switch started (getAnimations), and the
transition's frames and main-thread work per frame. Needs Selenium and websockets (Tests/Browser/requirements.txt).

Usage: switch_latency.py [--gallerygen PATH] [--large] [--rounds 3] [--rate 4] [--width 1280]
"""
import argparse
import asyncio
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import websockets

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
import engines  # noqa: E402
import sites  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
              "blink.user_timing", "__metadata"]

# Event Timing entries of every interaction from now on, and a mark whenever a transition in the
# gallery ends (or is cancelled): the trace's last one is when motion stopped.
OBSERVE = """
window.benchEntries = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries())
    if (entry.interactionId) benchEntries.push({name: entry.name, id: entry.interactionId, duration: entry.duration,
                                                start: entry.startTime});
}).observe({type: 'event', durationThreshold: 16, buffered: true});
const canvas = document.querySelector('.gc');
for (const type of ['transitionend', 'transitioncancel'])
  canvas.addEventListener(type, () => { performance.mark('transition-over'); });
return 0;
"""

WAIT = "return new Promise(done => setTimeout(done, arguments[0]))"


class Page:
    """A second DevTools client on the page Selenium drives, for what Selenium cannot do: tracing,
    whose data comes back as events."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        import urllib.request
        with urllib.request.urlopen(f"http://{address}/json") as response:
            targets = json.load(response)
        page = next(target for target in targets if target["type"] == "page")
        self.url = page["webSocketDebuggerUrl"]
        self.loop = asyncio.new_event_loop()
        self.socket = self.loop.run_until_complete(websockets.connect(self.url, max_size=None))
        self.next_id = 0

    def _send(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        self.loop.run_until_complete(self.socket.send(json.dumps(message)))
        return self.next_id

    def start_trace(self):
        self._send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES, "recordMode": "recordAsMuchAsPossible"},
                                     "transferMode": "ReportEvents"})
        self._drain(until_id=self.next_id)

    def end_trace(self):
        self._send("Tracing.end")
        events = []

        async def collect():
            while True:
                message = json.loads(await self.socket.recv())
                if message.get("method") == "Tracing.dataCollected":
                    events.extend(message["params"]["value"])
                elif message.get("method") == "Tracing.tracingComplete":
                    return
        self.loop.run_until_complete(asyncio.wait_for(collect(), 120))
        return events

    def _drain(self, until_id):
        async def wait():
            while True:
                message = json.loads(await self.socket.recv())
                if message.get("id") == until_id:
                    if "error" in message:
                        raise RuntimeError(message["error"])
                    return
        self.loop.run_until_complete(asyncio.wait_for(wait(), 30))

    def close(self):
        self.loop.run_until_complete(self.socket.close())
        self.loop.close()


def main_thread(events):
    """The (pid, tid) of the page's renderer main thread: the CrRendererMain that ran the click."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    for event in events:
        if event.get("name") == "EventDispatch" and event.get("args", {}).get("data", {}).get("type") == "click":
            key = (event["pid"], event["tid"])
            if names.get(key) == "CrRendererMain":
                return key
    raise RuntimeError("the trace has no click on a renderer main thread")


WORK = {"UpdateLayoutTree": "style", "Layout": "layout", "Paint": "paint"}


def analyse(events, latency_ms):
    """Main-thread work of one switch's trace: within the interaction (from the pointerdown's
    dispatch for `latency_ms`) and during the transition after it (to the transitions-done mark),
    with the compositor's frames in the latter."""
    pid, tid = main_thread(events)
    start = min(e["ts"] for e in events if e.get("name") == "EventDispatch" and (e["pid"], e["tid"]) == (pid, tid)
                and e.get("args", {}).get("data", {}).get("type") in ("pointerdown", "mousedown", "click"))
    interaction_end = start + latency_ms * 1000
    done = [e["ts"] for e in events if e.get("name") == "transition-over" and e["pid"] == pid]
    motion_end = max([t for t in done if t > interaction_end], default=None)
    # Complete events (X) carry dur; B/E pairs (UpdateLayoutTree, Layout in some versions) are matched.
    work = []
    open_events = {}
    for event in sorted((e for e in events if (e["pid"], e["tid"]) == (pid, tid) and e.get("name") in WORK),
                        key=lambda e: e["ts"]):
        name = event["name"]
        if event["ph"] == "X":
            work.append((name, event["ts"], event.get("dur", 0), event.get("args", {})))
        elif event["ph"] == "B":
            open_events.setdefault(name, []).append(event)
        elif event["ph"] == "E" and open_events.get(name):
            begin = open_events[name].pop()
            args = dict(begin.get("args", {}))
            args.update(event.get("args", {}))
            work.append((name, begin["ts"], event["ts"] - begin["ts"], args))
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    # The frames the page's compositor drew (the renderer's Compositor thread).
    frames = [e["ts"] for e in events if e.get("name") == "DrawFrame" and e["pid"] == pid
              and names.get((e["pid"], e["tid"])) == "Compositor"]

    # Paint (and, in some versions, Layout) nests: the document's paint holds each layer's. Only
    # the outermost event of a kind counts, so no time is counted twice.
    work.sort(key=lambda item: item[1])
    outermost = []
    reach = {}
    for item in work:
        name, ts, dur, _ = item
        if ts < reach.get(name, -1):
            continue
        reach[name] = ts + dur
        outermost.append(item)
    work = outermost

    def elements(args):
        return args.get("elementCount") or args.get("data", {}).get("elementCount") or 0

    # The main thread's CPU time (tdur of its top-level tasks, unthrottled and nearly blind to other
    # processes on the machine, unlike the wall-clock figures).
    tasks = [(e["ts"], e.get("tdur", 0)) for e in events
             if (e["pid"], e["tid"]) == (pid, tid) and e.get("name") == "RunTask" and e.get("ph") == "X"]

    def summary(low, high):
        result = {kind: 0.0 for kind in WORK.values()}
        result["cpu"] = sum(tdur for ts, tdur in tasks if low <= ts < high) / 1000
        result.update({f"{kind}_n": 0 for kind in WORK.values()})
        result["elements"] = 0
        for name, ts, dur, args in work:
            if low <= ts < high:
                kind = WORK[name]
                result[kind] += dur / 1000
                result[f"{kind}_n"] += 1
                if name == "UpdateLayoutTree":
                    result["elements"] += elements(args)
        return result

    switch = summary(start, interaction_end)
    if motion_end is None:
        motion = None
    else:
        motion = summary(interaction_end, motion_end)
        motion["frames"] = len([t for t in frames if interaction_end <= t < motion_end])
        motion["ms"] = (motion_end - interaction_end) / 1000
    return switch, motion


def latency(entries, previous_ids):
    """The latency of the one new interaction: its longest entry, as INP takes it."""
    by_interaction = {}
    for entry in entries:
        if entry["id"] in previous_ids or entry["name"] not in ("pointerdown", "pointerup", "click", "mousedown", "mouseup"):
            continue
        by_interaction[entry["id"]] = max(by_interaction.get(entry["id"], 0), entry["duration"])
    return max(by_interaction.values()) if by_interaction else 0.0, set(by_interaction)


def measure_site(driver, page, url, arrangements, rounds, rate, width, settle_ms):
    engine = engines.SeleniumEngine("chromium", driver)
    engine.open(url, width)
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
    engine.run(OBSERVE)
    results = {name: [] for name in arrangements}
    seen = set()
    order = []
    for _ in range(rounds):
        for index, name in enumerate(arrangements):
            if index == 0:
                continue
            order += [(index, name), (0, arrangements[0])]
    for index, name in order:
        page.start_trace()
        engine.click(f"label[for='ga{index}']")
        # The card transitions the switch started (transitionrun events can be missed in a
        # throttled page; the animations themselves cannot).
        started = engine.run("return document.getAnimations().filter(animation => animation instanceof CSSTransition"
                             " && animation.effect.target.matches('.gc .card')).length")
        driver.execute_script(WAIT, settle_ms)
        events = page.end_trace()
        entries = engine.run("return benchEntries")
        duration, ids = latency(entries, seen)
        seen |= ids
        switch, motion = analyse(events, duration)
        label = name if index else f"{name} (back)"
        results.setdefault(label, []).append({"latency": duration, "switch": switch, "motion": motion,
                                                 "transitions": started})
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
    return {label: runs for label, runs in results.items() if runs}


def print_table(title, results):
    print(f"\n{title}")
    header = (f"{'switch to':<20} {'n':>2} {'INP med':>8} {'max':>6} | {'cpu ms':>6} {'style ms':>8} {'elems':>5} {'layout':>7} {'paint':>6}"
              f" | {'trans':>5} {'frames':>6} {'style/fr':>8} {'elem/fr':>7} {'layout/fr':>9} {'paint/fr':>8} {'main ms/fr':>10}")
    print(header)
    print("-" * len(header))
    for label, runs in results.items():
        latencies = [run["latency"] for run in runs]
        def med(key, phase="switch"):
            values = [run[phase][key] for run in runs if run[phase] is not None]
            return statistics.median(values) if values else float("nan")
        motions = [run["motion"] for run in runs if run["motion"] is not None]
        frames = sum(m["frames"] for m in motions)
        def per_frame(key):
            return sum(m[key] for m in motions) / frames if frames else float("nan")
        main = per_frame("style") + per_frame("layout") + per_frame("paint") if frames else float("nan")
        print(f"{label:<20} {len(runs):>2} {statistics.median(latencies):>8.0f} {max(latencies):>6.0f} |"
              f" {med('cpu'):>6.1f} {med('style'):>8.1f} {med('elements'):>5.0f} {med('layout'):>7.1f} {med('paint'):>6.1f} |"
              f" {statistics.median(run['transitions'] for run in runs):>5.0f} {frames / max(len(motions), 1):>6.0f} {per_frame('style_n'):>8.2f} {per_frame('elements'):>7.1f}"
              f" {per_frame('layout_n'):>9.2f} {per_frame('paint_n'):>8.2f} {main:>10.2f}")
    everything = [run["latency"] for runs in results.values() for run in runs]
    print(f"all switches: INP median {statistics.median(everything):.0f} ms, max {max(everything):.0f} ms "
          f"({len(everything)} switches)")


def arrangement_names(layout):
    return list(layout["arrangements"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gallerygen", default=str(ROOT / ".build" / "debug" / "gallerygen"))
    parser.add_argument("--large", action="store_true", help="also page 1 of a generated 1,000-recipe site")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rate", type=float, default=4, help="CPU throttling rate")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--settle", type=int, default=2500, help="ms traced after each click")
    parser.add_argument("--json", help="also write every switch's figures here")
    parser.add_argument("--built", help="measure an already built site instead (DIR/site, its report DIR/layout.json), "
                        "e.g. to try a change to its style sheet by hand")
    arguments = parser.parse_args()
    sites.GALLERYGEN = arguments.gallerygen
    every = {}
    with sites.scratch("gallerygen-bench-switch-") as workdir:
        targets = [("sample site", ROOT / "Site")] if not arguments.built else [("built site", None)]
        if arguments.large:
            subprocess.run([sys.executable, str(ROOT / "bench" / "corpus" / "generate.py"), str(workdir / "corpus"), "1000"],
                           check=True, stdout=subprocess.DEVNULL)
            targets.append(("1,000 recipes, page 1", workdir / "corpus" / "gallerygen"))
        driver = engines.chromium_driver(logging=False)
        page = Page(driver)
        try:
            for number, (title, site) in enumerate(targets):
                if site is None:
                    output = pathlib.Path(arguments.built) / "site"
                    layout = json.loads((pathlib.Path(arguments.built) / "layout.json").read_text())
                else:
                    output = workdir / f"site{number}"
                    layout = sites.build(site, output, workdir / f"layout{number}.json")
                names = arrangement_names(layout)
                results = measure_site(driver, page, (output / "index.html").as_uri(), names, arguments.rounds,
                                       arguments.rate, arguments.width, arguments.settle)
                print_table(f"{title}: {len(layout['cards'])} cards, {arguments.width} px, CPU {arguments.rate:g}x slower", results)
                every[title] = results
        finally:
            page.close()
            driver.quit()
    if arguments.json:
        pathlib.Path(arguments.json).write_text(json.dumps(every, indent=1))


if __name__ == "__main__":
    main()
