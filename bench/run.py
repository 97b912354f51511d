#!/usr/bin/env python3
"""gallerygen against Hugo on generated recipe sites: wall time, CPU time (user + sys) and peak
memory (maximum resident set size) from GNU time, side by side, with ratios and the cost per
recipe, and the floor: `cp -r` of gallerygen's own output into the same file system, which no
build writing those files can beat (the "floor" rows; "g/floor" is how far above it gallerygen is). Each tool builds each size once to warm up, then RUNS times into an empty output folder;
the table shows the median of each figure. Standard library only.

Sizes of 50,000 recipes and more are timed --big-runs times (default 1) after the warm-up, since
one Hugo build of 100,000 recipes takes minutes.

Usage: run.py [--gallerygen PATH] [--hugo PATH] [--sizes 1000,10000,100000] [--runs 3] [--big-runs 1]
              [--work DIR] [--out DIR]
"""
import argparse
import hashlib
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GENERATOR = os.path.join(HERE, "corpus", "generate.py")
SEED = 2025

DIFFERENCES = """\
What differs between the two builds (same recipes, same front matter, same Markdown):
- gallerygen lays every gallery page out in 7 arrangements x 3 breakpoints x (1 + up to 24 tag chips)
  filter states and writes the CSS that places every card (most of its gallery pages' bytes); Hugo's list
  pages are plain cards. gallerygen also writes schema.org JSON-LD with HowToSteps, Open Graph and
  X tags, and an ItemList per gallery page; Hugo's theme writes a smaller JSON-LD block.
- Both write: 60 recipes per gallery page, one page per recipe (Markdown, ingredients, tags,
  previous/next), one page per tag listing all its recipes, a tag index, a 404 page, sitemap.xml,
  one feed of 50 entries (Atom for gallerygen, RSS for Hugo) and a JSON search index.
- Hugo also writes page/1/ (a redirect) and its links are root-relative; gallerygen's are relative.
- Both start from an empty output folder (gallerygen would otherwise also remove the previous
  output; Hugo leaves stale files). Outputs go to OUT (tmpfs when available), so the disk's inode
  allocator does not dominate; pass --out to measure a disk."""


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gallerygen", default=os.path.join(ROOT, ".build", "release", "gallerygen"))
    parser.add_argument("--hugo", default=shutil.which("hugo") or "hugo")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--big-runs", type=int, default=1, help="timed runs at 50,000 recipes and more")
    parser.add_argument("--work", default=os.path.join(ROOT, ".build", "bench"), help="where the corpora are generated")
    default_out = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    parser.add_argument("--out", default=default_out, help="where the sites are built (default: /dev/shm, a tmpfs)")
    return parser.parse_args()


def corpus(work, count):
    """Generates (once per generator version) the corpus of `count` recipes; returns its folder."""
    folder = os.path.join(work, f"corpus-{count}")
    stamp = os.path.join(folder, ".stamp")
    with open(GENERATOR, "rb") as file:
        version = f"{count} {SEED} {hashlib.sha256(file.read()).hexdigest()}\n"
    if os.path.exists(stamp) and open(stamp).read() == version:
        return folder
    print(f"Generating {count} recipes in {folder}", flush=True)
    subprocess.run([sys.executable, GENERATOR, folder, str(count), "--seed", str(SEED)], check=True)
    with open(stamp, "w") as file:
        file.write(version)
    return folder


def measure(command, output, cwd=None):
    """Runs `command` under GNU time into an empty `output`; returns (wall s, cpu s, peak RSS MB)."""
    shutil.rmtree(output, ignore_errors=True)
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        result = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", report.name] + command,
                                cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"error: {' '.join(command)} failed:\n{result.stderr}")
        wall, user, system, rss = report.read().split()[-4:]
    return float(wall), float(user) + float(system), int(rss) / 1024


def files_and_bytes(folder):
    count = size = 0
    for directory, _, names in os.walk(folder):
        for name in names:
            if name.startswith("."):
                continue
            count += 1
            size += os.path.getsize(os.path.join(directory, name))
    return count, size


def bench(name, command, output, runs, cwd=None):
    measure(command, output, cwd)  # warm-up: the corpus and the binaries in the page cache
    samples = [measure(command, output, cwd) for _ in range(runs)]
    wall, cpu, rss = (statistics.median(values) for values in zip(*samples))
    files, size = files_and_bytes(output)
    return {"tool": name, "wall": wall, "cpu": cpu, "rss": rss, "files": files, "bytes": size,
            "walls": [sample[0] for sample in samples]}


def version(command):
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "?"


def main():
    args = parse_args()
    for tool in (args.gallerygen, args.hugo):
        if not shutil.which(tool):
            sys.exit(f"error: {tool} not found (make bench builds gallerygen and installs hugo)")
    if not os.path.exists("/usr/bin/time"):
        sys.exit("error: /usr/bin/time not found (Debian package 'time')")
    sizes = [int(size) for size in args.sizes.split(",")]
    out = os.path.join(args.out or args.work, "gallerygen-bench-out")
    os.makedirs(out, exist_ok=True)
    rows = []
    try:
        for count in sizes:
            folder = corpus(args.work, count)
            runs = args.runs if count < 50_000 else args.big_runs
            print(f"Building {count} recipes: {1 + runs} runs each", flush=True)
            gallerygen = bench("gallerygen", [os.path.abspath(args.gallerygen), "build", "--quiet",
                                              "--site", os.path.join(folder, "gallerygen"),
                                              "--output", os.path.join(out, "gallerygen"),
                                              "--theme", os.path.join(ROOT, "Templates")],
                               os.path.join(out, "gallerygen"), runs)
            floor = bench("cp -r floor", ["cp", "-r", os.path.join(out, "gallerygen"), os.path.join(out, "floor")],
                          os.path.join(out, "floor"), runs)
            hugo = bench("hugo", [args.hugo, "--quiet", "--source", os.path.join(folder, "hugo"),
                                  "--themesDir", HERE, "--destination", os.path.join(out, "hugo")],
                         os.path.join(out, "hugo"), runs)
            rows.append((count, gallerygen, hugo, floor))
    finally:
        shutil.rmtree(out, ignore_errors=True)

    cores = os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0
    print()
    print(f"{version([args.gallerygen, '--version'])} vs {version([args.hugo, 'version'])}")
    print(f"{platform.machine()}, {cores} cores, load average {load:.1f} at the end; median of {args.runs} runs after a warm-up"
          f" ({args.big_runs} at 50,000 recipes and more)")
    print()
    header = f"{'recipes':>8}  {'tool':<12}{'wall s':>8}{'CPU s':>8}{'peak MB':>9}{'files':>7}{'output MB':>10}  {'wall ms/recipe':>14}  {'CPU ms/recipe':>13}"
    print(header)
    print("-" * len(header))
    for count, gallerygen, hugo, floor in rows:
        for row in (gallerygen, hugo, floor):
            print(f"{count:>8}  {row['tool']:<12}{row['wall']:>8.2f}{row['cpu']:>8.2f}{row['rss']:>9.0f}{row['files']:>7}"
                  f"{row['bytes'] / 1e6:>10.1f}  {1000 * row['wall'] / count:>14.3f}  {1000 * row['cpu'] / count:>13.3f}")
        ratio = lambda key: gallerygen[key] / hugo[key]
        verdict = "goal met" if ratio("wall") <= 0.5 and ratio("rss") <= 0.5 else "goal (<= 0.50 wall and memory) NOT met"
        print(f"{count:>8}  {'ratio g/h':<12}{ratio('wall'):>8.2f}{ratio('cpu'):>8.2f}{ratio('rss'):>9.2f}"
              f"{'':>7}{'':>10}  {verdict}")
        print(f"{count:>8}  {'g/floor':<12}{gallerygen['wall'] / floor['wall']:>8.2f}{gallerygen['cpu'] / max(floor['cpu'], 0.01):>8.2f}"
              f"{'':>9}{'':>7}{'':>10}  issue 37's goal: wall at most 2x the floor")
    if len(rows) > 1:
        # Issue 18's goal: CPU per recipe flat within 15% from the smallest to the largest size.
        for tool in ("gallerygen", "hugo"):
            index = 1 if tool == "gallerygen" else 2
            first, last = rows[0], rows[-1]
            growth = (last[index]["cpu"] / last[0]) / (first[index]["cpu"] / first[0])
            print(f"{tool}: CPU per recipe at {last[0]} is {growth:.2f}x that at {first[0]}; "
                  f"peak memory {first[index]['rss']:.0f} MB -> {last[index]['rss']:.0f} MB")
    print()
    print("Wall times of the timed runs: " + "; ".join(
        f"{count} {row['tool']} " + " ".join(f"{wall:.2f}" for wall in row["walls"])
        for count, gallerygen, hugo, floor in rows for row in (gallerygen, hugo, floor)))
    print()
    print(DIFFERENCES.replace("OUT", out if args.out else "the work folder"))


if __name__ == "__main__":
    main()
