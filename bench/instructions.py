#!/usr/bin/env python3
"""Instructions one gallerygen build of 1,000 generated recipes executes, counted by callgrind:
the total, each phase of the build (load, plan, images, render, write) and the ten functions of
highest inclusive cost. Instruction counts do not depend on what else the machine runs, unlike
times, so they compare two versions on a shared machine.

Valgrind cannot read the DWARF that Swift writes, so the binary is copied with its debug
information stripped (`strip --strip-debug`: the symbol table stays, so functions keep their
names). The profile is cut where `--verbose` starts each phase (`PhaseTimer.begin`, never
inlined): one callgrind dump per phase, all threads together. Function names are demangled with
`swift demangle`. Standard library only; needs valgrind, strip (binutils) and swift.

Threads run under valgrind's fair scheduler (`--fair-sched=yes`, threads take turns in order).
With the default one, which thread runs next depends on the machine's load, so which thread
frees which memory did too, and mimalloc's own bookkeeping of frees across threads swung the
total by up to 40 M instructions in 1,080 M (684c8ab: 1,076 and 1,116 M); fair, five runs of
that binary on a loaded machine gave 1,074.6–1,081.2 M.

Usage: instructions.py [--gallerygen PATH] [--count 1000] [--top 10] [--work DIR] [--keep DIR]
"""
import argparse
import collections
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from run import corpus  # noqa: E402  (same corpora, same seed, as `make bench`)

# The phase each dump covers: the first runs from the start to "Reading content" (options, the
# output folder's lock); render includes writing the pages (each is written as it is made); write
# is what remains (assets, the manifest, the swap into place) and the exit.
PHASES = ["start", "load", "plan", "images", "render", "write"]
# Frames that stand above the work rather than doing it: thread pools, closures' thunks, main.
PLUMBING = re.compile(r"^(0x[0-9a-f]+|start_thread|clone3?|_start|__libc_start.*|main|\(below main\)|_dispatch.*|_+swift_dispatch.*"
                      r"|thunk for .*|partial apply for .*|.*concurrentMap.*|gallerygen_main|CommandLineTool\..*"
                      r"|.*Command\.run.*|.*Subcommand.*|.*dispatch_apply.*|.*concurrentPerform.*|.*Array\.init<A>\(unsafeUninitializedCapacity.*"
                      r"|closure #\d+ in PageRenderer\.render\(only:warn:emit:\))$")
MARKER = "*PhaseTimerC5begin*"


def parse(path):
    """(total, {function: self cost}, {function: inclusive cost}) of one callgrind dump.

    Follows the callgrind format's name compression (`fn=(id) name`, later `fn=(id)`), shared by
    fn, cfn and their aliases; a cost line is positions then the event (Ir only here); the line
    after `calls=` is the inclusive cost of that call, charged to the calling function."""
    names = {}
    own = collections.Counter()
    calls = collections.Counter()
    function = None
    after_call = False
    total = 0

    def name_of(text):
        match = re.match(r"\((\d+)\)(?: (.*))?$", text)
        if not match:
            return text
        if match.group(2) is not None:
            names[match.group(1)] = match.group(2)
        return names.get(match.group(1), text)

    with open(path, errors="replace") as file:
        for line in file:
            if not line or line[0] == "\n":
                continue
            first = line[0]
            if first.isdigit() or first in "+-*":
                fields = line.split()
                cost = int(fields[-1]) if len(fields) >= 2 else 0
                if after_call:
                    calls[function] += cost
                    after_call = False
                else:
                    own[function] += cost
                continue
            if line.startswith("fn="):
                function = name_of(line[3:].strip())
            elif line.startswith("cfn="):
                name_of(line[4:].strip())
            elif line.startswith("calls="):
                after_call = True
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = max(total, int(line.split()[1]))
    inclusive = collections.Counter()
    for function in set(own) | set(calls):
        inclusive[function] = own[function] + calls[function]
    return total or sum(own.values()), own, inclusive


def demangle(names):
    """Swift names readable (`swift demangle --simplified`); others as they are."""
    swift = shutil.which("swift")
    if not swift or not names:
        return {name: name for name in names}
    result = subprocess.run([swift, "demangle", "--simplified", "--compact"], input="\n".join(names),
                            capture_output=True, text=True)
    lines = result.stdout.splitlines()
    return {name: (lines[index] if index < len(lines) else name) for index, name in enumerate(names)}


def short(name, width=100):
    return name if len(name) <= width else name[: width - 1] + "…"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gallerygen", default=os.path.join(ROOT, ".build", "release", "gallerygen"))
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--work", default=os.path.join(ROOT, ".build", "bench"), help="where the corpus is generated")
    parser.add_argument("--keep", help="keep the callgrind dumps in this folder")
    parser.add_argument("--report", metavar="DIR", help="only read the dumps kept in DIR by an earlier --keep")
    arguments = parser.parse_args()
    if arguments.report:
        report(part_files(os.path.join(arguments.report, "callgrind.out")), arguments)
        return
    for tool in ("valgrind", "strip"):
        if not shutil.which(tool):
            sys.exit(f"instructions.py needs {tool} (apt-get install valgrind binutils)")
    folder = corpus(arguments.work, arguments.count)
    scratch = tempfile.mkdtemp(prefix="gallerygen-instructions-")
    try:
        binary = os.path.join(scratch, "gallerygen")
        subprocess.run(["strip", "--strip-debug", "-o", binary, arguments.gallerygen], check=True)
        dumps = os.path.join(arguments.keep or scratch, "callgrind.out")
        if arguments.keep:
            os.makedirs(arguments.keep, exist_ok=True)
            for old in glob.glob(dumps + "*"):
                os.remove(old)
        subprocess.run(["valgrind", "--tool=callgrind", "--fair-sched=yes", f"--callgrind-out-file={dumps}", f"--dump-before={MARKER}",
                        binary, "build", "--verbose", "--site", os.path.join(folder, "gallerygen"),
                        "--output", os.path.join(scratch, "out"), "--theme", os.path.join(ROOT, "Templates")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        report(part_files(dumps), arguments)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def part_files(dumps):
    """The dumps in order: `callgrind.out.1` … then the last part, at exit, without a number."""
    files = sorted(glob.glob(dumps + ".*"), key=lambda path: int(path.rsplit(".", 1)[1])) + [dumps]
    if len(files) != len(PHASES) or not os.path.exists(dumps):
        sys.exit(f"error: expected {len(PHASES)} callgrind dumps (one per phase), found {len(files)}: "
                 "is PhaseTimer.begin still a function of its own?")
    return files


def report(files, arguments):
    totals = []
    inclusive_all = collections.Counter()
    own_all = collections.Counter()
    by_phase = []
    for path in files:
        total, own, inclusive = parse(path)
        totals.append(total)
        by_phase.append(inclusive)
        inclusive_all.update(inclusive)
        own_all.update(own)
    whole = sum(totals)
    print(f"Instructions of one build of {arguments.count:,} recipes (callgrind, all threads)")
    print(f"{'phase':<10}{'instructions':>18}{'share':>8}{'per recipe':>14}")
    for phase, total in zip(PHASES, totals):
        print(f"{phase:<10}{total:>18,}{100 * total / whole:>7.1f}%{total / arguments.count:>14,.0f}")
    print(f"{'total':<10}{whole:>18,}{100.0:>7.1f}%{whole / arguments.count:>14,.0f}")
    candidates = [name for name, _ in inclusive_all.most_common(400)]
    readable = demangle(candidates)
    top = [name for name in candidates if not PLUMBING.match(readable[name])][: arguments.top]
    print()
    print(f"Top {arguments.top} functions by inclusive cost (self in brackets), share of the total;"
          " thread pools, thunks and main left out")
    for name in top:
        print(f"{100 * inclusive_all[name] / whole:6.1f}%  ({100 * own_all[name] / whole:4.1f}%)  {short(readable[name])}")
    print()
    print(f"Top {arguments.top} functions by self cost")
    for name, cost in own_all.most_common(arguments.top):
        print(f"{100 * cost / whole:6.1f}%  {short(demangle([name])[name])}")


if __name__ == "__main__":
    main()
