#!/usr/bin/env python3
"""Prints the browser checks' results per test file and engine from pytest's JUnit XML report:
passed, failed (errors included), expected failures and skips; "other" holds the Chromium-only
checks (CDP) and those of the built files. Usage: browser-summary.py REPORT"""
import collections
import re
import sys
import xml.etree.ElementTree as ElementTree

ENGINES = ["chromium", "webkit", "firefox"]


def engine_of(name):
    """The engine a test ran in, from its parameter (`test_x[webkit-375]`); "other" for the rest:
    Chromium-only checks through CDP (the `browser` fixture) and checks of the built files."""
    parameters = re.search(r"\[(.*)\]", name)
    for engine in ENGINES:
        if parameters and re.search(rf"(^|-){engine}($|-)", parameters.group(1)):
            return engine
    return "other"


def main(path):
    counts = collections.defaultdict(collections.Counter)
    for case in ElementTree.parse(path).iter("testcase"):
        module = case.get("classname", "").split(".")[-1] or "?"
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = "failed"
            elif child.tag == "skipped":
                outcome = "xfailed" if child.get("type") == "pytest.xfail" else "skipped"
        counts[(module, engine_of(case.get("name", "")))][outcome] += 1
    columns = ENGINES + (["other"] if any(engine == "other" for _, engine in counts) else [])
    width = max(len(module) for module, _ in counts) if counts else 10
    print(f"{'browser checks':<{width}}  " + "  ".join(f"{engine:>16}" for engine in columns))
    totals = collections.defaultdict(collections.Counter)
    for module in sorted({module for module, _ in counts}):
        cells = []
        for engine in columns:
            counter = counts.get((module, engine), collections.Counter())
            totals[engine].update(counter)
            cells.append(cell(counter))
        print(f"{module:<{width}}  " + "  ".join(f"{text:>16}" for text in cells))
    print(f"{'total':<{width}}  " + "  ".join(f"{cell(totals[engine]):>16}" for engine in columns))


def cell(counter):
    """`12 passed`, with failures, expected failures and skips after it when there are any."""
    if not counter:
        return "—"
    text = f"{counter['passed']} passed"
    for outcome, short in (("failed", "failed"), ("xfailed", "xfail"), ("skipped", "skip")):
        if counter[outcome]:
            text += f", {counter[outcome]} {short}"
    return text


if __name__ == "__main__":
    main(sys.argv[1])
