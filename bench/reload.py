#!/usr/bin/env python3
"""Save-to-reload with `gallerygen serve`: on generated sites of 1,000 and 10,000 recipes (the
corpus of bench/run.py), the release gallerygen serves on a free port; the script edits one
recipe's body, and separately its title, and times each edit from the file's write to the moment
the served recipe page has the new text: it long-polls the events address the served pages' reload
script waits on (PreviewServer.eventsPath), then fetches the page as the reloading browser does.
Prints the median and range over EDITS edits of each kind, and the pages each rebuild rendered
(serve's "Rebuilt N of M pages" line). Standard library only.

Usage: reload.py [--gallerygen PATH] [--sizes 1000,10000] [--edits 7] [--work DIR]
"""
import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from run import corpus  # noqa: E402  (the same generated sites as `make bench`)

EVENTS = "/__gallerygen/events"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gallerygen", default=os.path.join(ROOT, ".build", "release", "gallerygen"))
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--edits", type=int, default=7, help="timed edits of each kind")
    parser.add_argument("--work", default=os.path.join(ROOT, ".build", "bench"), help="where the corpora are generated")
    return parser.parse_args()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url, timeout=60):
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode("utf-8")


class Server:
    """`gallerygen serve` on a copy of a corpus, its output lines collected as they come."""

    def __init__(self, gallerygen, site):
        self.port = free_port()
        self.lines = []
        self.ready = threading.Event()
        self.process = subprocess.Popen(
            [gallerygen, "serve", "--site", site, "--port", str(self.port)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        threading.Thread(target=self.read, daemon=True).start()
        if not self.ready.wait(600):
            self.stop()
            sys.exit("error: gallerygen serve did not start:\n" + "".join(self.lines[-20:]))

    def read(self):
        for line in self.process.stdout:
            self.lines.append(line)
            if line.startswith("Serving "):
                self.ready.set()

    def url(self, path=""):
        return f"http://127.0.0.1:{self.port}/{path}"

    def generation(self):
        return int(re.search(r"\d+", get(self.url(EVENTS.lstrip("/"))))[0])

    def rebuilt(self, after):
        """The "Rebuilt N of M pages" lines printed since line `after`."""
        return [line for line in self.lines[after:] if line.startswith("Rebuilt")]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def cpu_seconds(pid):
    """The user + system CPU time the process has used (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed_edit(server, path, text, page, marker):
    """Writes `text` to `path`; returns the seconds until `page` is served with `marker` in it."""
    generation = server.generation()
    started = time.perf_counter()
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    while True:
        # As the served page's script does: wait for a newer build, then load the page.
        reply = get(server.url(EVENTS.lstrip("/") + f"?since={generation}"))
        generation = int(re.search(r"\d+", reply)[0])
        if marker in get(server.url(page)):
            return time.perf_counter() - started


def measure(gallerygen, folder, count, edits):
    site = os.path.join(folder, "..", f"reload-{count}")
    site = os.path.abspath(site)
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(os.path.join(folder, "gallerygen"), site)
    names = sorted(os.listdir(os.path.join(site, "recipes")))
    name = names[len(names) // 2]
    path = os.path.join(site, "recipes", name)
    slug = name[:-3]
    page = f"recipes/{slug}/index.html"
    original = open(path, encoding="utf-8").read()
    # The title edits keep the page's address, as a recipe with a `slug:` does.
    original = original.replace("---\n", f"---\nslug: {slug}\n", 1)
    with open(path, "w", encoding="utf-8") as file:
        file.write(original)
    server = Server(gallerygen, site)
    results = {}
    try:
        # Warm-up: the first rebuild after start.
        timed_edit(server, path, original + "\nWarm-up.\n", page, "Warm-up.")
        for kind in ("body", "title"):
            seconds, rendered, cpu = [], [], []
            for number in range(edits):
                marker = f"Reloadmarker{kind}{number}"
                if kind == "body":
                    text = original + f"\n{marker} added to the body.\n"
                else:
                    text = re.sub(r"^title: .*$", f"title: {marker} Sour", original, count=1, flags=re.M)
                before = len(server.lines)
                spent = cpu_seconds(server.process.pid)
                seconds.append(timed_edit(server, path, text, page, marker))
                cpu.append(cpu_seconds(server.process.pid) - spent)
                time.sleep(0.3)
                lines = server.rebuilt(before)
                rendered += [int(found[1].replace(",", "")) for found in (re.match(r"Rebuilt ([\d,]+) of", line) for line in lines) if found]
                total = next((re.search(r"of ([\d,]+) pages", line)[1] for line in reversed(lines)), "?")
            results[kind] = (seconds, rendered, total, cpu)
    finally:
        server.stop()
        shutil.rmtree(site, ignore_errors=True)
    return results


def main():
    args = parse_args()
    if not os.access(args.gallerygen, os.X_OK):
        sys.exit(f"error: {args.gallerygen} not found; build it with: swift build -c release --product gallerygen")
    sizes = [int(size) for size in args.sizes.split(",")]
    rows = []
    for count in sizes:
        folder = corpus(args.work, count)
        print(f"Measuring {count} recipes ({args.edits} edits of each kind)", flush=True)
        for kind, (seconds, rendered, total, cpu) in measure(args.gallerygen, folder, count, args.edits).items():
            rows.append((count, kind, statistics.median(seconds) * 1000, min(seconds) * 1000, max(seconds) * 1000,
                         statistics.median(cpu) * 1000, statistics.median(rendered) if rendered else float("nan"), total))
    print()
    load = os.getloadavg()[0]
    print(f"Save-to-reload, gallerygen serve ({os.cpu_count()} cores, load average {load:.1f}); median of {args.edits} edits, min-max;")
    print("CPU: the server's user + system time per edit (steadier than wall time on a busy machine)")
    print(f"{'recipes':>8} | {'edit':<5} | {'save to reload':>15} | {'min - max ms':>14} | {'CPU':>7} | pages rendered per edit")
    print(f"{'-' * 8}-|-{'-' * 5}-|-{'-' * 15}-|-{'-' * 14}-|-{'-' * 7}-|-{'-' * 24}")
    for count, kind, median, low, high, cpu, rendered, total in rows:
        print(f"{count:>8,} | {kind:<5} | {median:>12.0f} ms | {low:>6.0f} - {high:<5.0f} | {cpu:>4.0f} ms | {rendered:g} of {total}")


if __name__ == "__main__":
    main()
