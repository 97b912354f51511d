#!/usr/bin/env python3
"""Prints the code map of README's "The code": every target of Package.swift with its Swift lines
and the targets it may import (its declared dependencies within the package), in build order,
and the count of `public` declarations (what an embedding program sees).
Usage: scripts/code-map.py"""
import json
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUBLIC = re.compile(r"^\s*public (struct|class|enum|protocol|func|var|let|init|typealias|static|final|extension)")


def folder(target):
    if target.get("path"):
        return os.path.join(ROOT, target["path"])
    return os.path.join(ROOT, "Tests" if target["type"] == "test" else "Sources", target["name"])


def lines_of(path, pattern=None):
    total = 0
    for current, _, names in os.walk(path):
        for name in names:
            if name.endswith((".swift", ".c", ".h")):
                with open(os.path.join(current, name), encoding="utf-8", errors="replace") as handle:
                    total += sum(1 for line in handle if pattern is None or pattern.match(line))
    return total


def main():
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)
    for target in dump["targets"]:
        if target["type"] in ("test",) or target["name"].endswith("Bench") or target["name"] == "GalleryBytes":
            continue
        uses = [d.get("byName", d.get("target", [None]))[0] for d in target["dependencies"]]
        arrow = ("← " + ", ".join(uses)) if uses else ""
        print(f"{target['name']:<18} {lines_of(folder(target)):>6}  {arrow}")
    print(f"\npublic declarations in Sources: {lines_of(os.path.join(ROOT, 'Sources'), PUBLIC)}")


if __name__ == "__main__":
    main()
