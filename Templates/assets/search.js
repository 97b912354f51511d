/* gallerygen search: finds recipes site-wide from the index in search/ (SearchIndex.swift), fetching
   only what the words typed need. Without it, or from disk (no fetch() of file:), the box stays
   hidden and the A–Z page lists every recipe. Combobox: focus stays in the box, arrow keys move
   through the results, Enter opens one (the first by default), Escape clears. */
(() => {
  const form = document.querySelector("form.search[data-index]");
  if (!form || !window.fetch || location.protocol === "file:") return;
  const input = form.querySelector("input");
  const output = form.querySelector("output");
  const list = form.querySelector("[role=listbox]");
  const panel = form.querySelector(".search-panel");
  const base = new URL(form.dataset.index, location.href), root = new URL("../", base);
  const lang = document.documentElement.lang || "en";
  const shown = 10;
  let phrases = { one: "{count} match", other: "{count} matches" };
  try { phrases = JSON.parse(form.dataset.matches) || phrases; } catch (error) {}
  const plural = new Intl.PluralRules(lang);
  const number = new Intl.NumberFormat(lang);
  const matchText = (n, more) => (phrases[plural.select(n)] || phrases.other || "").replace("{count}", number.format(n) + (more ? "+" : ""));
  // The build's folding (SearchWords.fold) and word breaks (ICU's, as Intl.Segmenter's are).
  const fold = (s) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().normalize("NFC");
  const segmenter = window.Intl && Intl.Segmenter && new Intl.Segmenter(lang, { granularity: "word" });
  const pieces = (s) => segmenter ? [...segmenter.segment(s)].map((p) => ({ text: p.segment, word: p.isWordLike }))
    : (s.match(/[\p{L}\p{N}'’_]+|[^\p{L}\p{N}'’_]+/gu) || []).map((text) => ({ text, word: /^[\p{L}\p{N}'’_]/u.test(text) }));
  // The query's words, each complete when a space or a mark follows it: only the word being typed
  // matches as a beginning, so "lime gin " lists no ginger beer (Algolia's prefixLast).
  const words = (s) => {
    const all = pieces(s);
    return all.flatMap((p, i) => p.word ? [{ w: fold(p.text), complete: i + 1 < all.length && !all[i + 1].word }] : []);
  };
  const cache = new Map();
  const get = (path) => {
    cache.has(path) || cache.set(path, fetch(new URL(path, base)).then((r) => { if (!r.ok) throw new Error(r.status); return r.json(); }));
    return cache.get(path);
  };
  const name = (key) => /^[a-z0-9]+$/.test(key) ? key : [...new TextEncoder().encode(key)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const first2 = (w) => [...w].slice(0, 2).join("");
  let manifest, loaded;
  const load = () => manifest || (manifest = get("index.json").then((m) => {
    if (m.version !== 4) throw new Error("index version");
    m.keys = new Set(m.shards);
    return (loaded = m);
  }));
  // A postings file holds its shard: once one is asked for, its shard comes from it.
  const inside = new Map();
  const shard = (key) => {
    const path = `t/${name(key)}.json`;
    return inside.has(key) && !cache.has(path) ? inside.get(key).then((f) => f[0]) : get(path);
  };
  // A shard's best records: its terms' first ten documents'.
  const best = (key) => get(`b/${name(key)}.json`);
  const ask = (promise) => promise.catch(() => ({}));

  // Whether a and b (arrays of characters) are one edit apart at most: a letter changed, added,
  // dropped, or two neighbours swapped.
  const near = (a, b) => {
    if (a.length < b.length) [a, b] = [b, a];
    let i = 0;
    while (i < b.length && a[i] === b[i]) i++;
    const same = (x, y) => a.slice(x).join() === b.slice(y).join();
    return a.length - b.length > 1 ? false : a.length > b.length ? same(i + 1, i)
      : same(i + 1, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && same(i + 2, i + 2));
  };
  // How well term matches the query word w: whole, as its beginning (unless w is complete), or
  // (5+ letters) with one typo.
  const quality = (term, w, chars, complete) => {
    if (term === w) return 1;
    if (!complete && term.startsWith(w)) return 0.75;
    if (chars.length < 5) return 0;
    const t = [...term];
    return near(t, chars) || (!complete && t.length > chars.length && near(t.slice(0, chars.length), chars)) ? 0.5 : 0;
  };

  // The terms a word matches: { key (its shard's), entry: [count, top postings, file?], q: quality }.
  const matchWord = async (m, { w, complete }, single) => {
    const chars = [...w];
    let keys = chars.length > 1 ? [first2(w)].filter((k) => m.keys.has(k)) : m.shards.filter((k) => k.startsWith(w));
    if (chars.length === 1 && (complete || keys.length > 4)) keys = m.keys.has(w) ? [w] : [];
    if (single) keys.forEach((k) => ask(best(k)));
    const scan = async (keys) => {
      const found = [];
      for (const [i, terms] of (await Promise.all(keys.map(shard))).entries()) {
        for (const term in terms) {
          const q = quality(term, w, chars, complete);
          if (q) found.push({ key: keys[i], entry: terms[term], q });
        }
      }
      return found;
    };
    let found = await scan(keys);
    // A typo in the second letter puts the word in another shard of the same first letter.
    if (!found.length && chars.length >= 5) {
      found = await scan(m.shards.filter((k) => k[0] === w[0] && k !== keys[0]).slice(0, 12));
    }
    return found;
  };

  // Postings (SearchPostings.swift): [score, "documents", …] best first, each group's documents as
  // base-32 gaps (a digit of 32+ has more to follow). A group's reader reads on to its first
  // document from `until` and returns it (Infinity past the end), into best, a score per document
  // (typed: 50,000 postings at 100,000 recipes); found gets each once.
  const digit = new Uint8Array(128);
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"].forEach((c, i) => { digit[c.charCodeAt(0)] = i; });
  const reader = (text, score, best, found) => {
    let i = 0, doc = -1, v = 0;
    return (until) => {
      while (doc < until && i < text.length) {
        const x = digit[text.charCodeAt(i++)];
        if (x < 32) {
          doc += v + x + 1;
          v = 0;
          if (!best[doc]) found.push(doc);
          if (best[doc] < score) best[doc] = score;
        } else v = (v + x - 32) * 32;
      }
      return doc < until ? Infinity : doc;
    };
  };
  // The groups scoring under below, read whole.
  const decode = (groups, q, best, found, below) => {
    for (let g = 0; g < groups.length; g += 2) if (groups[g] * q < below) reader(groups[g + 1], groups[g] * q, best, found)(Infinity);
  };
  const file = (key, n) => {
    const f = get(`p/${name(key)}-${n}.json`);
    inside.has(key) || inside.set(key, f);
    return f;
  };
  // Every posting of a term: its top list if it has no postings file, else the file's, which
  // brings the records of the term's first ten documents too.
  const held = {};
  const postings = async (t, all) => {
    const [, top, n] = t.entry;
    if (n === undefined || !all) return top;
    const f = await file(t.key, n);
    Object.assign(held, f[2]);
    return f[1];
  };
  // The first n of ids in order, without sorting them all.
  const first = (ids, order, n) => ids.reduce((top, id) => top.length < n || order(id, top[n - 1]) < 0 ? [...top, id].sort(order).slice(0, n) : top, []);

  // The documents matching every word, best first (the first `limit`; a score sums each word's best
  // term's): { ids, total, complete, bests: the shards whose best records hold a one-word query's
  // results, rest: when set, gives the exact count }.
  const search = async (query, all, limit = Infinity) => {
    const ws = [...new Map(words(query).map((w) => [w.w + (w.complete ? " " : ""), w])).values()];
    if (!ws.length) return { ids: [], total: 0, complete: true, bests: [] };
    const single = ws.length === 1;
    // Before the manifest has come, each word's shard is asked for beside it, not after it.
    if (!loaded) {
      for (const { w } of ws) if ([...w].length > 1) [shard(first2(w))].concat(single ? [best(first2(w))] : []).forEach(ask);
    }
    const m = await load();
    all = all || !single;
    // The postings files (in the manifest) of the words, or of the terms a word being typed
    // begins when it is no term of its own, are asked for now, not after the shards.
    if (all) for (const { w, complete } of ws) for (const t in m.postings) if (t === w || (!complete && w[1] && !m.postings[w] && t.startsWith(w))) ask(file(first2(t), m.postings[t]));
    const matched = await Promise.all(ws.map((w) => matchWord(m, w, single)));
    // Each word's best tier (its terms' groups at its highest score) is read first, side by side,
    // until ten documents are in every word's: those, first in site order, are the results
    // whatever else matches; the rest (20,000–50,000 postings for two common words at 100,000
    // recipes) is read for the count, by `rest`, once the list is drawn.
    const read = await Promise.all(matched.map(async (terms) => {
      const best = new Float32Array(m.documents), found = [];
      const top = !single && limit < Infinity ? Math.max(...terms.map((t) => t.entry[1][0] * t.q)) : Infinity;
      const readers = await Promise.all(terms.filter((t) => t.entry[1][0] * t.q >= top).map(async (t) => reader((await postings(t, all))[1], top, best, found)));
      return { terms, best, found, top, next: (id) => Math.min(...readers.map((r) => r(id))) };
    }));
    const tier = [];
    for (let id = 0, agree = 0, w = 0; tier.length < limit && id < Infinity; w = (w + 1) % read.length) {
      const next = read[w].next(id);
      if (next > id) [id, agree] = [next, 1];
      else if (++agree === read.length) {
        tier.push(id++);
        agree = 0;
      }
    }
    const rest = async () => {
      let ids = null, scores, complete = true, lower = 0;
      for (const { terms, best, found, top, next } of read) {
        next(Infinity);
        for (const t of terms) {
          // A partial list: the count is still exact when the word matched that term alone.
          if (t.entry.length > 2 && !all) { complete = complete && terms.length === 1; lower = Math.max(lower, t.entry[0]); }
          decode(await postings(t, all), t.q, best, found, top);
        }
        if (ids) {
          ids = ids.filter((id) => best[id]);
          for (const id of ids) scores[id] += best[id];
        } else [ids, scores] = [found, best];
      }
      const order = (a, b) => scores[b] - scores[a] || a - b;
      return { ids: limit < ids.length ? first(ids, order, limit) : ids.sort(order), total: Math.max(ids.length, lower), complete,
        bests: single ? [...new Set(matched[0].map((t) => t.key))] : [] };
    };
    return tier.length < limit ? rest() : { ids: tier, total: limit, complete: false, bests: [], rest };
  };

  const record = (m, id) => get(`r/${Math.floor(id / m.group)}.json`).then((g) => g[id % m.group]);
  // Records [title, address from the root, thumbnail, tags, time]: from the shards' best records
  // or the postings files' when they hold them, else from the record groups.
  const records = async (m, ids, bests = []) => {
    const known = Object.assign({}, held, ...await Promise.all(bests.map((k) => ask(best(k)))));
    return Promise.all(ids.map((id) => known[id] || record(m, id)));
  };

  let ticket = 0, pending = Promise.resolve();
  const options = () => [...list.querySelectorAll("[role=option]")];
  // The panel shows the count (and the results, if any) while there is a query.
  const expand = (open) => {
    panel.hidden = !open;
    input.setAttribute("aria-expanded", open && options().length > 0);
    if (!open) select(-1);
  };
  const select = (index) => {
    options().forEach((option, i) => option.setAttribute("aria-selected", i === index));
    const option = options()[index];
    option ? input.setAttribute("aria-activedescendant", option.id) : input.removeAttribute("aria-activedescendant");
    if (option) option.scrollIntoView({ block: "nearest" });
  };
  const el = (tag, className, text) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  };
  const draw = (query, found, shownRecords) => {
    list.replaceChildren(...shownRecords.map(([title, url, thumb, tags, time, kind], i) => {
      // A page or a journal post (kind) is marked as one; a post's time is "Journal · its date".
      const option = el("a", kind ? `search-result search-result-${kind}` : "search-result");
      Object.assign(option, { id: `search-result-${i}`, href: new URL(url, root).href, tabIndex: -1 });
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      const picture = el("span", "search-thumb");
      if (thumb) {
        const img = el("img");
        Object.assign(img, { src: new URL(thumb, root).href, alt: "", width: 48, height: 48, decoding: "async" });
        picture.append(img);
      } else {
        picture.textContent = [...title][0] || "";
        picture.setAttribute("aria-hidden", "true");
      }
      const text = el("span", "search-text");
      text.append(el("span", "search-title", title));
      const meta = (kind ? [time].concat(tags.slice(0, 2)) : tags.slice(0, 3).concat([time])).filter(Boolean).join(" · ");
      if (meta) text.append(el("span", "search-meta", meta));
      option.append(picture, text);
      return option;
    }));
    input.removeAttribute("aria-activedescendant");
    output.textContent = matchText(found.total, !found.complete);
    expand(true);
    // Which query the list and its count show, for scripts and tests that wait for them.
    if (!found.rest) form.dataset.shown = query;
    form.dispatchEvent(new CustomEvent("gallerygen:results", { detail: found }));
  };
  const run = () => {
    const mine = ++ticket;
    const query = input.value;
    if (!words(query).length) {
      list.replaceChildren();
      output.textContent = "";
      expand(false);
      return (pending = Promise.resolve());
    }
    return (pending = search(query, false, shown).then(async (found) => {
      const m = await load();
      const shownRecords = await records(m, found.ids.slice(0, shown), found.bests);
      if (mine === ticket) draw(query, found, shownRecords);
      // A query of several words counts its matches ("N+" until then) once the list is painted.
      if (found.rest) await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
      const counted = found.rest && mine === ticket && await found.rest();
      if (counted && mine === ticket) {
        output.textContent = matchText(counted.total, !counted.complete);
        form.dataset.shown = query;
      }
    }).catch(() => { if (mine === ticket) output.textContent = form.dataset.offline || ""; }));
  };

  input.addEventListener("input", run);
  input.addEventListener("focus", load);
  input.addEventListener("keydown", (event) => {
    const all = options();
    const current = all.findIndex((o) => o.getAttribute("aria-selected") === "true");
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!all.length) return;
      expand(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      select(current < 0 && step < 0 ? all.length - 1 : (current + step + all.length) % all.length);
    } else if (event.key === "Escape") {
      event.preventDefault();
      input.value = "";
      run();
    }
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    pending.then(() => {
      const all = options();
      const option = all.find((o) => o.getAttribute("aria-selected") === "true") || all[0];
      if (option) location.href = option.href;
    });
  });
  form.addEventListener("focusout", (event) => { if (!form.contains(event.relatedTarget)) expand(false); });
  input.addEventListener("click", () => expand(output.textContent !== ""));
  // Scripts and the benchmark may ask too: every match, best first, and its records.
  window.gallerygenSearch = { search: (query, all = true) => search(query, all), records: (ids) => load().then((m) => records(m, ids)) };
  form.hidden = false;
  const q = new URLSearchParams(location.search).get("q");
  if (q) {
    input.value = q;
    run();
  }
})();
