#!/usr/bin/env python3
"""Checks that every target imports only the targets it declares as direct dependencies in
Package.swift. SwiftPM's own `--explicit-target-dependency-import-check error` lets an import
through when the module is reachable through another dependency (a transitive arrow) and does
not stop the build; this check refuses both, so the arrows of README's code map are the ones the
compiler has. It reads `swift package dump-package` (so GALLERYGEN_FUZZ targets are checked when
the variable is set) and every .swift file of each target.
Usage: scripts/check-imports.py  (exit 1 and one `path:line:column: error:` line per stray import)"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_spi\([^)]*\)\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def target_folder(target):
    if target.get("path"):
        return os.path.join(ROOT, target["path"])
    base = {"test": "Tests", "system": "Sources"}.get(target["type"], "Sources")
    return os.path.join(ROOT, base, target["name"])


def declared(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def swift_files(folder, excluded):
    for current, subfolders, names in os.walk(folder):
        subfolders[:] = sorted(d for d in subfolders if os.path.join(current, d) not in excluded)
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(current, name)


def main():
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    targets = json.loads(dump)["targets"]
    modules = {target["name"] for target in targets}
    problems = 0
    for target in targets:
        if target["type"] == "system":
            continue
        folder = target_folder(target)
        excluded = {os.path.join(folder, path) for path in target.get("exclude", [])}
        allowed = declared(target) | {target["name"]}
        for path in swift_files(folder, excluded):
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, 1):
                    match = IMPORT.match(line)
                    if match and match.group(1) in modules and match.group(1) not in allowed:
                        problems += 1
                        column = match.start(1) + 1
                        print(f"{os.path.relpath(path, ROOT)}:{number}:{column}: error: target {target['name']} imports "
                              f"{match.group(1)} without declaring it a dependency in Package.swift")
    if problems:
        sys.exit(1)
    print(f"check-imports: {len(targets)} targets import only what Package.swift declares")


if __name__ == "__main__":
    main()
