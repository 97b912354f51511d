#!/usr/bin/env python3
"""make bench-search: gallerygen's site-wide search side by side with Pagefind (PyPI
`pagefind-bin`, run over the same output's recipe pages) on generated corpora
(bench/corpus/generate.py), for 20 queries in headless Chromium at 4x CPU throttling, the site
served over HTTP with gzip as a static host serves it:

- bytes fetched (compressed bodies, counted by the server, so a web worker's fetches count too)
  for a first query on a fresh page (cold cache: focusing the box, then typing) and for a second
  query on the same page (warm), with and without the search script itself;
- time from the input event to the results drawn (10 result cards, their records loaded), each
  query run `--runs` times (3) and the median kept, and per query side by side; and, for
  gallerygen, to the exact count of matches (a query of several words draws its ten first and
  shows "N+ matches" until it has read every posting); the box
  is focused first, as a visitor's click or tab does, and each tool may start loading then
  (gallerygen's manifest; Pagefind's `init()`: its WebAssembly and metadata);
- index build time (gallerygen: the build with search on minus the build with `search: false`;
  Pagefind: its own run) and index size on disk;
- recall against a brute-force scan of the recipes' titles and ingredients, for the title and
  ingredient words (every recipe whose title or ingredients hold every word of the query).

Usage: search.py --gallerygen PATH [--sizes 1000,100000] [--pagefind PATH]
"""
import argparse
import functools
import gzip
import http.server
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
import engines  # noqa: E402

# Title words, ingredient words (one and two), prefixes and typos: 20 queries.
QUERIES = [
    ("midnight", "title"), ("harbour", "title"), ("lantern", "title"), ("carousel", "title"), ("golden anchor", "title"),
    ("velvet fox", "title"),
    ("gin", "ingredient"), ("lime", "ingredient"), ("pisco", "ingredient"), ("campari", "ingredient"), ("orgeat", "ingredient"),
    ("mezcal", "ingredient"), ("chartreuse", "ingredient"), ("grapefruit", "ingredient"), ("coconut cream", "ingredient"),
    ("egg white", "ingredient"),
    ("carou", "prefix"), ("chart", "prefix"), ("mezcla", "typo"), ("harbuor", "typo"),
]
COMPRESSED = {".json", ".js", ".html", ".css", ".xml", ".svg"}


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """A static host: HTTP/1.1 with keep-alive, text files gzipped when the browser accepts it
    (Pagefind's own files are compressed already and go out as they are). `sent` counts the bodies'
    bytes: the page's Resource Timing does not see what a web worker fetches (Pagefind's index)."""
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes: without TCP_NODELAY, Nagle's algorithm holds the body
    # until the browser's delayed ACK, 40 ms per response on a kept-alive connection.
    disable_nagle_algorithm = True
    cache = {}
    sent = 0
    lock = threading.Lock()

    @classmethod
    def count(cls, size):
        with cls.lock:
            cls.sent += size

    def end_headers(self):
        # Nothing from the browser's cache: a cold query fetches all it needs, in the page or in a
        # worker (Pagefind's files, sent with Last-Modified only, were otherwise reused from the
        # last page's visit without a request), and the warm one only what the tool does not keep.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        self.count(len(data))

    def do_GET(self):
        path = pathlib.Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.suffix in COMPRESSED and path.is_file() and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = self.cache.get(path)
            if body is None:
                body = self.cache[path] = gzip.compress(path.read_bytes(), 6)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            self.count(len(body))
            return
        super().do_GET()

    def log_message(self, *args):
        pass


def serve(folder):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def timed(command):
    """Wall seconds and CPU seconds (user + system, the command's children included)."""
    before = os.times()
    start = time.monotonic()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - start
    after = os.times()
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def size_on_disk(folder):
    files = [p for p in pathlib.Path(folder).rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def words(text):
    return re.findall(r"[a-z0-9]+", text.lower())


def brute_force(corpus):
    """Each recipe's slug and the words of its title and ingredients, read from its Markdown."""
    recipes = {}
    for path in (corpus / "recipes").glob("*.md"):
        text = path.read_text()
        title = re.search(r"^title: (.*)$", text, re.M).group(1)
        ingredients = re.findall(r"^  - (.*)$", text.split("\n---", 2)[0], re.M)
        recipes[path.stem] = set(words(title)) | {w for line in ingredients for w in words(line)}
    return recipes


GALLERYGEN_QUERY = """
const [q, done] = [arguments[0], arguments[arguments.length - 1]];
const form = document.querySelector('form.search'), box = form.querySelector('input');
const t0 = performance.now();
// data-shown names the query once its list and its exact count are shown.
let counted;
new MutationObserver((_, observer) => {
  if (form.dataset.shown === q) { counted = performance.now() - t0; observer.disconnect(); }
}).observe(form, {attributes: true, attributeFilter: ['data-shown']});
form.addEventListener('gallerygen:results', () => requestAnimationFrame(() => {
  const t1 = performance.now();
  const finish = () => counted === undefined ? setTimeout(finish, 10)
    : done([t1 - t0, document.querySelectorAll('#search-results [role=option]').length, Math.max(counted, t1 - t0)]);
  setTimeout(finish, 50);
}), {once: true});
box.value = q;
box.dispatchEvent(new Event('input'));
"""

PAGEFIND_PAGE = """<!doctype html><meta charset="utf-8"><title>Pagefind bench</title><div id="results"></div>
<script type="module">
// Focusing the box: Pagefind's documented init() loads its WebAssembly and metadata ahead of a query.
window.focusSearch = async () => {
  window.pf = window.pf || await import('./pagefind/pagefind.js');
  await window.pf.init();
};
window.runQuery = async (q) => {
  const t0 = performance.now();
  window.pf = window.pf || await import('./pagefind/pagefind.js');
  const search = await window.pf.search(q);
  const data = await Promise.all(search.results.slice(0, 10).map(r => r.data()));
  document.getElementById('results').replaceChildren(...data.map(d => {
    const a = document.createElement('a'); a.href = d.url; a.textContent = d.meta.title; return a; }));
  await new Promise(r => requestAnimationFrame(r));
  return [performance.now() - t0, search.results.length];
};
window.allUrls = async (q) => {
  window.pf = window.pf || await import('./pagefind/pagefind.js');
  const search = await window.pf.search(q);
  return Promise.all(search.results.map(r => r.data().then(d => d.url)));
};
</script>
"""

PAGEFIND_QUERY = """
const [q, done] = [arguments[0], arguments[arguments.length - 1]];
window.runQuery(q).then(([ms, count]) => setTimeout(() => done([ms, count, ms]), 50));
"""

# What a visitor does before the first keystroke: focus the box.
GALLERYGEN_FOCUS = "document.querySelector('form.search input').focus(); arguments[arguments.length - 1]()"
PAGEFIND_FOCUS = "window.focusSearch().then(() => arguments[arguments.length - 1]())"


def quiet(seconds=0.3, limit=20):
    """Waits until the server has sent nothing for `seconds` (what focusing started has come)."""
    deadline = time.monotonic() + limit
    last = GzipHandler.sent
    while time.monotonic() < deadline:
        time.sleep(seconds)
        if GzipHandler.sent == last:
            return
        last = GzipHandler.sent


def ask(driver, script, text):
    """[ms to results drawn, bytes the server sent, results, ms to the exact count] for one query."""
    before = GzipHandler.sent
    ms, results, counted = driver.execute_async_script(script, text)
    quiet(0.1)
    return [ms, GzipHandler.sent - before, results, counted]


def measure(driver, url, script, focus, queries, ready, runs=1):
    """Cold: each query on a fresh page with the cache off, the box focused first (its bytes
    counted with the query's); warm: the next query on that page. Each `runs` times, the median
    kept: on a shared machine one run of a 40 ms query is now and then twice that."""
    cold, warm = [], []
    for index, (text, _) in enumerate(queries):
        colds, warms = [], []
        for _ in range(runs):
            driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
            driver.get(url)
            deadline = time.monotonic() + 20
            while not driver.execute_script(ready) and time.monotonic() < deadline:
                time.sleep(0.05)
            driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
            quiet()
            before = GzipHandler.sent
            driver.execute_async_script(focus)
            quiet()
            focused = GzipHandler.sent - before
            first = ask(driver, script, text)
            colds.append([first[0], first[1] + focused, first[2], first[3]])
            warms.append(ask(driver, script, queries[(index + 1) % len(queries)][0]))
        cold.append(middle(colds))
        warm.append(middle(warms))
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
    return cold, warm


def middle(runs):
    """[ms, bytes, results, ms to the count]: the median of each over the runs."""
    return [statistics.median(r[i] for r in runs) for i in range(4)]


def browser():
    """Headless Chromium for the queries. WebDriver's client gives up on a command after 120 s by
    default, which a Pagefind query at 100,000 recipes on a loaded machine can take: 30 minutes."""
    driver = engines.chromium_driver()
    driver.command_executor._client_config.timeout = 1800
    driver.set_window_size(1280, 900)
    driver.set_script_timeout(1800)
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


def unlabel(folder):
    """Pagefind indexes no text inside `<label>` (a page of `<label>word</label>` is not found by
    "word"), and the recipe page's ingredients and method steps are tick boxes' labels: without
    this, Pagefind finds an ingredient only where the body repeats it (recall 41% in the second
    run of issue 34). The bench's copy of each recipe page gets `<span>`s instead, so both tools
    index the same words; the pages are otherwise the same."""
    for page in (folder / "recipes").glob("*/index.html"):
        text = page.read_text()
        page.write_text(text.replace("<label ", "<span ").replace("</label>", "</span>"))


def script_bytes(path):
    return len(gzip.compress(pathlib.Path(path).read_bytes(), 6))


def recall(found, expected):
    return 1.0 if not expected else len(found & expected) / len(expected)


def bench_size(count, gallerygen, pagefind, workdir, repeats, with_pagefind=True, runs=3):
    corpus = workdir / f"corpus-{count}"
    subprocess.run([sys.executable, str(ROOT / "bench" / "corpus" / "generate.py"), str(corpus), str(count)], check=True,
                   stdout=subprocess.DEVNULL)
    site = corpus / "gallerygen"
    out, plain = workdir / f"out-{count}", workdir / f"plain-{count}"
    yml = site / "site.yml"
    original = yml.read_text()
    # Clean builds with and without search, alternated `repeats` times on a shared machine; the
    # medians of wall and CPU time.
    withs, withouts = [], []
    for _ in range(repeats):
        for folder, extra, times in [(plain, "search: false\n", withouts), (out, "", withs)]:
            shutil.rmtree(folder, ignore_errors=True)
            yml.write_text(original + extra)
            times.append(timed([gallerygen, "build", "-s", str(site), "-o", str(folder)]))
    yml.write_text(original)
    with_search = tuple(statistics.median(t[i] for t in withs) for i in (0, 1))
    without = tuple(statistics.median(t[i] for t in withouts) for i in (0, 1))
    shutil.rmtree(plain, ignore_errors=True)
    ours_bytes, ours_files = size_on_disk(out / "search")
    pagefind_time = pagefind_cpu = None
    theirs_bytes, theirs_files, pagefind_failure = 0, 0, None if with_pagefind else "not run (--pagefind-sizes)"
    if with_pagefind:
        unlabel(out)
        pagefind_time, pagefind_cpu = timed([pagefind, "--site", str(out), "--glob", "recipes/**/*.html", "--output-subdir", "pagefind"])
        theirs_bytes, theirs_files = size_on_disk(out / "pagefind")
        (out / "pagefind-bench.html").write_text(PAGEFIND_PAGE)

    # Document number → slug, from the records on disk.
    manifest = json.loads((out / "search" / "index.json").read_text())
    slugs = []
    for group in range((manifest["documents"] + manifest["group"] - 1) // manifest["group"]):
        slugs += [record[1].split("/")[1] for record in json.loads((out / "search" / "r" / f"{group}.json").read_text())]
    truth = brute_force(site)

    server, base = serve(out)
    driver = browser()
    try:
        ours_cold, ours_warm = measure(driver, base + "index.html", GALLERYGEN_QUERY, GALLERYGEN_FOCUS, QUERIES,
                                       "return !document.querySelector('form.search').hidden", runs)
        theirs_cold = theirs_warm = None
        if with_pagefind:
            try:
                # A Pagefind query at 100,000 recipes takes seconds to minutes: one run there.
                theirs_cold, theirs_warm = measure(driver, base + "pagefind-bench.html", PAGEFIND_QUERY, PAGEFIND_FOCUS, QUERIES,
                                                   "return typeof window.runQuery === 'function'", runs if count <= 10_000 else 1)
            except Exception as error:  # a query past WebDriver's timeout: say so, keep gallerygen's figures
                pagefind_failure = f"queries failed: {type(error).__name__}: {str(error).splitlines()[0][:160]}"
                driver.quit()
                driver = browser()
        driver.get(base + "index.html")
        ours_recall, theirs_recall = [], []
        for query, kind in QUERIES:
            if kind not in ("title", "ingredient"):
                continue
            expected = {slug for slug, ws in truth.items() if all(w in ws for w in words(query))}
            ids = driver.execute_async_script("const done = arguments[1]; window.gallerygenSearch.search(arguments[0], true).then(r => done(r.ids))", query)
            ours_recall.append(recall({slugs[i] for i in ids}, expected))
            if count <= 10_000 and theirs_cold is not None:
                driver.get(base + "pagefind-bench.html")
                urls = driver.execute_async_script("const done = arguments[1]; window.allUrls(arguments[0]).then(done)", query)
                theirs_recall.append(recall({u.rstrip("/").split("/")[-2] if u.endswith("index.html") else u.rstrip("/").split("/")[-1] for u in urls}, expected))
                driver.get(base + "index.html")
                deadline = time.monotonic() + 20
                while not driver.execute_script("return !!window.gallerygenSearch") and time.monotonic() < deadline:
                    time.sleep(0.05)
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()

    def row(name, cold, warm, script, build, cpu, size, files, recalls):
        if not cold:
            return {"tool": name, "index build s": build, "index build CPU s": cpu, "index MB": size / 1e6 if size else None,
                    "index files": files or None}
        first = statistics.median(c[1] for c in cold)
        return {
            "tool": name, "first query KB (median)": first / 1024, "first query KB (max)": max(c[1] for c in cold) / 1024,
            "first query + script KB": (first + script) / 1024, "second query KB (median)": statistics.median(w[1] for w in warm) / 1024,
            "cold ms (median)": statistics.median(c[0] for c in cold), "cold ms (max)": max(c[0] for c in cold),
            "cold ms to the count (median)": statistics.median(c[3] for c in cold), "cold ms to the count (max)": max(c[3] for c in cold),
            "warm ms (median)": statistics.median(w[0] for w in warm), "warm ms (max)": max(w[0] for w in warm),
            "index build s": build, "index build CPU s": cpu, "index MB": size / 1e6, "index files": files,
            "recall": (sum(recalls) / len(recalls)) if recalls else None,
        }
    ours = row("gallerygen", ours_cold, ours_warm, script_bytes(out / "assets" / "search.js"), with_search[0] - without[0],
               with_search[1] - without[1], ours_bytes, ours_files, ours_recall)
    theirs = row("Pagefind 1.5", theirs_cold, theirs_warm, 0, pagefind_time, pagefind_cpu, theirs_bytes, theirs_files, theirs_recall)
    shutil.rmtree(corpus, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    return {"recipes": count, "pagefind": pagefind_failure or "ok", "build s": with_search[0], "build without search s": without[0], "build CPU s": with_search[1],
            "build without search CPU s": without[1], "repeats": repeats, "runs": runs, "rows": [ours, theirs],
            "per query": {"gallerygen": list(zip([q for q, _ in QUERIES], ours_cold)),
                          "pagefind": list(zip([q for q, _ in QUERIES], theirs_cold or []))}}


def show(result):
    print(f"\n{result['recipes']:,} recipes: gallerygen build {result['build s']:.2f} s with search, "
          f"{result['build without search s']:.2f} s without (CPU {result['build CPU s']:.2f} s, {result['build without search CPU s']:.2f} s; "
          f"median of {result['repeats']})")
    rows = result["rows"]
    if result["pagefind"] != "ok":
        print(f"Pagefind: {result['pagefind']}")
    keys = [k for k in rows[0] if k != "tool"]
    print("| | " + " | ".join(r["tool"] for r in rows) + " |")
    print("|---|" + "---:|" * len(rows))
    for key in keys:
        cells = []
        for r in rows:
            value = r.get(key)
            cells.append("—" if value is None else f"{value:.0%}" if key == "recall" else f"{value:,.1f}" if isinstance(value, float) else f"{value:,}")
        print(f"| {key} | " + " | ".join(cells) + " |")
    if result["recipes"] > 10_000 and result["pagefind"] == "ok":
        print("Pagefind's recall is not measured above 10,000 recipes: it needs every result's fragment, "
              "one fetch each (tens of thousands for a common word)")
    print(f"\nPer query, first query (cold), median of {result['runs']} runs: ms to results drawn, KB fetched")
    theirs = dict(result["per query"]["pagefind"])
    print("| query | gallerygen ms | gallerygen ms to the count | gallerygen KB | Pagefind ms | Pagefind KB |")
    print("|---|---:|---:|---:|---:|---:|")
    for query, (ms, sent, _, counted) in result["per query"]["gallerygen"]:
        other = theirs.get(query)
        print(f"| {query} | {ms:,.1f} | {counted:,.1f} | {sent / 1024:,.1f} | " + (f"{other[0]:,.1f} | {other[1] / 1024:,.1f} |" if other else "— | — |"))
    over = [q for q, (ms, _, _, _) in result["per query"]["gallerygen"] if ms > 50]
    print(f"gallerygen: {len(QUERIES) - len(over)} of {len(QUERIES)} queries drawn within 50 ms" + (f" (over: {', '.join(over)})" if over else ""))
    late = [q for q, (_, _, _, counted) in result["per query"]["gallerygen"] if counted > 50]
    print(f"gallerygen: {len(QUERIES) - len(late)} of {len(QUERIES)} queries with their exact count within 50 ms" + (f" (over: {', '.join(late)})" if late else ""))
    share = rows[0]["index build s"] / result["build s"]
    cpu_share = rows[0]["index build CPU s"] / result["build CPU s"]
    print(f"gallerygen's index: {share:.0%} of its build's time, {cpu_share:.0%} of its CPU time")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gallerygen", default=str(ROOT / ".build" / "release" / "gallerygen"))
    parser.add_argument("--pagefind", default=None, help="the pagefind binary (default: the one pagefind-bin installs)")
    parser.add_argument("--sizes", default="1000,100000")
    parser.add_argument("--pagefind-sizes", default=None, help="sizes Pagefind runs at (default: every size)")
    parser.add_argument("--json", help="also write the figures here")
    parser.add_argument("--runs", type=int, default=3, help="times each query is run, cold and warm (medians)")
    parser.add_argument("--repeats", type=int, default=3, help="builds with and without search per size up to 10,000 recipes (medians); one above")
    args = parser.parse_args()
    pagefind = args.pagefind
    if pagefind is None:
        import pagefind_bin
        pagefind = str(pathlib.Path(pagefind_bin.__file__).parent / "pagefind")
    results = []
    with tempfile.TemporaryDirectory(prefix="gallerygen-bench-search-", dir=os.environ.get("TMPDIR")) as workdir:
        for count in [int(s) for s in args.sizes.split(",")]:
            # Six 100,000-recipe builds would take most of an hour here: one of each there.
            repeats = args.repeats if count <= 10_000 else 1
            with_pagefind = args.pagefind_sizes is None or str(count) in args.pagefind_sizes.split(",")
            result = bench_size(count, os.path.abspath(args.gallerygen), pagefind, pathlib.Path(workdir), repeats, with_pagefind, args.runs)
            show(result)
            results.append(result)
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
