#!/usr/bin/env python3
"""The system calls of one gallerygen build of a generated site (bench/corpus/generate.py, no
pictures), counted by `strace -f -c`, beside Hugo's build of the same recipes: how many path
checks (readlink, stat), folder creations (mkdir, and how many failed) and calls in all. A path
check repeated for every file shows here as thousands of calls per thousand recipes.
Standard library only; needs strace (and hugo for its column).

Usage: syscalls.py [--gallerygen PATH] [--hugo PATH] [--count 1000] [--work DIR]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CALLS = ["readlink", "newfstatat", "statx", "openat", "mkdir", "write", "total"]


def counts(command, cwd):
    """{call: (calls, errors)} of one run of `command` under strace -f -c."""
    with tempfile.NamedTemporaryFile("r", suffix=".strace") as report:
        subprocess.run(["strace", "-f", "-c", "-o", report.name] + command, cwd=cwd, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        table = {}
        for line in report.read().splitlines():
            fields = line.split()
            if len(fields) >= 5 and fields[-1] in CALLS and fields[3].isdigit():
                errors = int(fields[4]) if len(fields) == 6 else 0
                table[fields[-1]] = (int(fields[3]), errors)
        return table


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gallerygen", default=os.path.join(ROOT, ".build", "release", "gallerygen"))
    parser.add_argument("--hugo", default=shutil.which("hugo"))
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--work")
    arguments = parser.parse_args()
    if not shutil.which("strace"):
        sys.exit("syscalls.py needs strace (apt-get install strace)")
    work = arguments.work or tempfile.mkdtemp(prefix="gallerygen-syscalls-")
    try:
        corpus = os.path.join(work, "corpus")
        subprocess.run([sys.executable, os.path.join(HERE, "corpus", "generate.py"), corpus, str(arguments.count)],
                       check=True, stdout=subprocess.DEVNULL)
        columns = {"gallerygen": counts([os.path.abspath(arguments.gallerygen), "build", "--site", "gallerygen",
                                         "--output", os.path.join(work, "out-gallerygen"), "--quiet"], corpus)}
        if arguments.hugo:
            columns["hugo"] = counts([arguments.hugo, "--quiet", "--source", "hugo",
                                      "--destination", os.path.join(work, "out-hugo")], corpus)
        print(f"System calls of one build of {arguments.count:,} recipes (strace -f -c): calls (failed)")
        print(f"{'call':<12}" + "".join(f"{name:>22}" for name in columns))
        for call in CALLS:
            cells = []
            for table in columns.values():
                made, failed = table.get(call, (0, 0))
                cells.append(f"{made:,} ({failed:,})")
            print(f"{call:<12}" + "".join(f"{cell:>22}" for cell in cells))
    finally:
        if not arguments.work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
